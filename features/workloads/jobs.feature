@workloads
Feature: A Job retries its failed pods up to its backoff limit
  The Job controller (pkg/controller/job, v1.36.3) keeps parallelism pods
  running until completions have succeeded. It counts each finished pod
  once (removing the pod's batch.kubernetes.io/job-tracking finalizer as
  it counts it); past backoffLimit failures the Job fails: the interim
  FailureTarget condition, then Failed, reason BackoffLimitExceeded, once
  no pod of it is terminating. A replacement waits out the pod failure
  back-off: 10 s after the last failure, doubling with each failure since
  the last success, at most 10 minutes (backoff_utils.go; not 6 minutes,
  which is the kubelet's crash-loop cap). A podFailurePolicy decides per
  failed pod: Ignore does not count it (an eviction's DisruptionTarget
  condition, an exit code), FailJob fails the Job at once. With a
  podFailurePolicy, podReplacementPolicy defaults to Failed: a pod being
  deleted is replaced, and counted, only once it has failed; without one,
  to TerminatingOrFailed (SetDefaults_Job).

  @behavior:job-backoff-limit @upstream:job-fail-to-exceed-backoff-limit
  Scenario: Past its backoff limit a Job fails with BackoffLimitExceeded
    e2e: [sig-apps] Job should fail to exceed backoffLimit
    (test/e2e/apps/job.go): with backoffLimit 1 the second failed pod
    fails the Job; 2 pods were created and both failed. The interim
    FailureTarget condition comes first.

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 1
      """
    And container "app" of pod "batch" exits with code 1 after 1s
    Then the job "batch" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 1m
    And the job "batch" has condition "FailureTarget" "True" with reason "BackoffLimitExceeded"
    And the job "batch" has 2 failed pods
    And the job "batch" has created 2 pods
    And the job "batch" has 0 active pods
    And an event "BackoffLimitExceeded" is recorded for job "batch"

  @behavior:job-pod-failure-backoff
  Scenario: A failed pod's replacement waits out the pod failure back-off
    The first failure holds the next pod back 10 s from the failed pod's
    finish (its container's finishedAt, in whole seconds): 5 s after it
    there is still one pod, and the replacement comes within 15 s more.

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 3
      """
    And container "app" of pod "batch" exits with code 1 after 1s
    When 5s pass
    Then the job "batch" has created 1 pod
    And the job "batch" has 1 failed pod
    And the job "batch" has created 2 pods within 15s

  @behavior:job-pod-failure-policy-ignore @upstream:job-pod-failure-policy-disruption-target
  Scenario: An evicted pod does not count toward the backoff limit
    e2e: [sig-apps] Job should allow to use a pod failure policy to ignore
    failure matching on DisruptionTarget condition (test/e2e/apps/job.go,
    Conformance since v1.32): the eviction API adds DisruptionTarget to
    the pod it deletes, the Ignore rule matches it, and the failure is not
    counted: with backoffLimit 0 the Job still completes. The ignored
    failure still holds the replacement back by the pod failure back-off.

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 0
        podFailurePolicy:
          rules:
          - action: Ignore
            onPodConditions:
            - type: DisruptionTarget
              status: "True"
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of pod "batch" runs to completion after 10s
    When the eviction of pod 1 of job "batch" is requested
    Then the eviction of pod 1 of job "batch" is accepted
    And the job "batch" has created 2 pods within 20s
    And the job "batch" has condition "Complete" "True" within 1m
    And the job "batch" has 0 failed pods
    And the job "batch" has 1 succeeded pod

  @behavior:job-pod-failure-policy-fail-job @upstream:job-pod-failure-policy-exit-code
  Scenario: A FailJob rule on an exit code fails the Job at its first failure
    Integration: TestJobPodFailurePolicy (test/integration/job/
    job_test.go), the FailJob action on an exit code: the first pod
    exiting 42 fails the Job, whatever its backoffLimit, with reason
    PodFailurePolicy and the rule's message.

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 6
        podFailurePolicy:
          rules:
          - action: FailJob
            onExitCodes:
              operator: In
              values: [42]
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of pod "batch" exits with code 42 after 1s
    Then the job "batch" has condition "Failed" "True" with reason "PodFailurePolicy" within 30s
    And the job "batch" has created 1 pod
    And an event "PodFailurePolicy" with message containing "failed with exit code 42 matching FailJob rule at index 0" is recorded for job "batch"

  @behavior:job-pod-replacement-policy @upstream:job-pod-replacement-policy-failed
  Scenario Outline: podReplacementPolicy <policy> counts a deleted pod <when>
    e2e: [sig-apps] Job should recreate pods only after they have failed
    if pod replacement policy is set to Failed (test/e2e/apps/job.go): the
    deleted pod takes 5 s to exit; meanwhile the Job shows it terminating,
    no pod active, and, with Failed, no failure yet. TerminatingOrFailed
    (the 1.36 default without a podFailurePolicy) counts it failed as soon
    as its deletion starts.

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 2
        podReplacementPolicy: <policy>
      """
    And container "app" of pod "batch" takes 5s to exit after SIGTERM
    When pod 1 of job "batch" is deleted
    And 3s pass
    Then the job "batch" has 1 terminating pod
    And the job "batch" has 0 active pods
    And the job "batch" has <failed> failed pods
    And the job "batch" has created 1 pod
    And the job "batch" has created 2 pods within 20s

    Examples:
      | policy              | when                   | failed |
      | Failed              | once it has failed     | 0      |
      | TerminatingOrFailed | as its deletion starts | 1      |

  @behavior:job-completions @upstream:job-run-to-completion
  Scenario: A Job runs parallelism pods at a time until completions have succeeded
    e2e: [sig-apps] Job should run a job to completion when tasks succeed
    (test/e2e/apps/job.go): with completions 3 and parallelism 2, two pods
    run at once, and the third is created once the first two are counted
    (a second after they succeed: the controller batches its pods' changes,
    SyncJobBatchPeriod); the Job completes with 3 succeeded pods.

    Given a job "batch":
      """yaml
      spec:
        completions: 3
        parallelism: 2
      """
    And container "app" of pod "batch" runs to completion after 10s
    When 1s pass
    Then the job "batch" has created 2 pods
    And the job "batch" has 2 active pods
    And the job "batch" has condition "Complete" "True" with reason "CompletionsReached" within 1m
    And the job "batch" has 3 succeeded pods
    And the job "batch" has created 3 pods
    And the job "batch" has 0 failed pods

  @behavior:job-backoff-limit-on-failure
  Scenario: With restartPolicy OnFailure the container's restarts count toward the backoff limit
    The kubelet restarts the failed container in its pod (its crash-loop
    back-off: 10 s, then 20 s), and the Job controller sums the restarts
    of its Pending and Running pods: at backoffLimit restarts the Job
    fails and its pod is deleted; no second pod is created
    (pastBackoffLimitOnFailure).

    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 2
        template:
          spec:
            restartPolicy: OnFailure
            containers:
            - name: app
      """
    And container "app" of pod "batch" exits with code 1 after 1s
    Then the job "batch" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 2m
    And the job "batch" has created 1 pod
    And the job "batch" has 1 failed pod
