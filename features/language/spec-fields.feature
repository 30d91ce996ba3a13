@language
Feature: Spec fields in a declaration, the way first drafts write them
  Issue 38 ("the phrases first drafts reach for"): drafts written from the
  README alone name a field of the object's spec and its value in the
  declaration itself, before the YAML or without it: `a job "cruncher"
  with backoffLimit 2:`, `a Job "render" with completions 3 and
  parallelism 2`, `a replicaset "queue" with 3 replicas`. It is the
  object its YAML (or its plain declaration's default) describes, with
  spec.<field> set to the value; a workload's field may be its pod
  template's (`with restartPolicy OnFailure`). The Job controller's rules
  are pkg/controller/job (job_controller.go, v1.36.3); the pod's deadline
  is the kubelet's (pkg/kubelet/active_deadline.go).

  @behavior:job-backoff-limit
  Scenario: A job with backoffLimit 2 fails its third failed pod with BackoffLimitExceeded
    Given a job "cruncher" with backoffLimit 2:
      """yaml
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of pod "cruncher" exits with code 1 after 1s
    Then the job "cruncher" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 2m
    And the job "cruncher" has 3 failed pods
    And the job "cruncher" has created 3 pods

  @behavior:job-completions
  Scenario: A Job with completions 3 and parallelism 2 runs two pods at a time
    Given a Job "render" with completions 3 and parallelism 2
    And container "app" of pod "render" runs to completion after 10s
    When 1s pass
    Then the job "render" has created 2 pods
    And the job "render" has 2 active pods
    And the job "render" has condition "Complete" "True" with reason "CompletionsReached" within 1m
    And the job "render" has 3 succeeded pods

  @behavior:job-active-deadline
  Scenario: A job with activeDeadlineSeconds 10 whose pod runs for ever fails with DeadlineExceeded
    Given a job "report" with activeDeadlineSeconds 10
    When the job "report" is created
    Then the job "report" fails with reason "DeadlineExceeded" within 20s
    And the job "report" has 1 failed pod
    And the job "report" exceeds its deadline

  @behavior:job-ttl-after-finished
  Scenario: A job with ttlSecondsAfterFinished 20 is deleted twenty seconds after it completed
    Given a job "cleanup-me" with ttlSecondsAfterFinished 20
    And container "app" of job "cleanup-me" runs to completion after 2s
    When the job "cleanup-me" is created
    Then the job "cleanup-me" has condition "Complete" "True" within 5s
    And the job "cleanup-me" is not deleted before 23s
    And the job "cleanup-me" is deleted at 23s
    And the job "cleanup-me" is gone within 30s

  @behavior:active-deadline
  Scenario: A pod with activeDeadlineSeconds 8 is failed by the kubelet with DeadlineExceeded
    Given a pod "batchy" with activeDeadlineSeconds 8:
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "batchy" is created
    Then container "app" receives SIGTERM at 8s
    And the pod "batchy" phase is "Failed" within 10s
    And the pod "batchy" has reason "DeadlineExceeded"

  @behavior:active-deadline
  Scenario: A pod's own phrases and another field in one declaration
    `with terminationGracePeriodSeconds 5` is the pod's phrase of its own,
    here with activeDeadlineSeconds after it: the deadline's kill gives
    the container its grace of 5 seconds.

    Given a pod "stubborn" with terminationGracePeriodSeconds 5 and activeDeadlineSeconds 10
    And container "app" ignores SIGTERM
    When the pod "stubborn" is created
    Then container "app" receives SIGTERM at 10s
    And container "app" receives SIGKILL at 15s
    And the pod "stubborn" has reason "DeadlineExceeded"

  @behavior:job-backoff-limit-on-failure
  Scenario: A job whose template's restartPolicy is given in the step counts its restarts
    Given a job "retry" with backoffLimit 2 and restartPolicy OnFailure
    And container "app" of pod "retry" exits with code 1 after 1s
    Then the job "retry" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 2m
    And the job "retry" has created 1 pod
    And the job "retry" has 1 failed pod

  @behavior:replicaset-replaces-evicted-pod
  Scenario: A replicaset with 3 replicas runs three pods
    Given a replicaset "queue" with 3 replicas
    Then 3 pods of replica set "queue" are Ready within 30s
    And the replica set "queue" has created 3 pods
