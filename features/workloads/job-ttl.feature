@workloads
Feature: A finished Job is deleted ttlSecondsAfterFinished after it finished
  The TTL-after-finished controller (pkg/controller/ttlafterfinished,
  v1.36.3) deletes a Job with spec.ttlSecondsAfterFinished that long after
  it finished: after the lastTransitionTime of its Complete or Failed
  condition, which the API keeps in whole seconds. It deletes the Job with
  propagationPolicy Foreground: the Job is kept, with its
  deletionTimestamp, until the garbage collector has deleted its pods,
  each with its own grace period (a finished Job's pods are all terminal:
  deleted at once), and then goes. A Job without the field is never
  deleted. `the job "x" is deleted` is the delete accepted, `is gone` the
  object removed from the API.

  @behavior:job-ttl-after-finished
  Scenario: A Job that completed is deleted ten seconds after, its pod first
    The pod succeeds at about 2 s; the Job controller's sync a second
    later completes the Job (3 s in whole seconds), so the TTL runs out at
    13 s. The pod, Succeeded, is deleted with no grace and never signalled.

    Given a job "report":
      """yaml
      spec:
        ttlSecondsAfterFinished: 10
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: reporter
      """
    And container "reporter" of job "report" runs to completion after 2s
    When the job "report" is created
    Then the job "report" has condition "Complete" "True" within 5s
    And the first pod of job "report" has phase "Succeeded" within 5s
    And the job "report" is not deleted before 13s
    And the job "report" is deleted at 13s
    And the first pod of job "report" is gone at 13s
    And the job "report" is gone between 13s and 13s
    And the job "report" is gone within 20s
    And the first pod of job "report" is gone before the job "report" is gone
    And container "reporter" of the first pod of job "report" never receives SIGTERM

  @behavior:job-ttl-after-finished
  Scenario: A Job that failed is deleted as one that completed
    backoffLimit 0: the first failure fails the Job (BackoffLimitExceeded)
    a second after the pod failed; the Failed condition's time starts the
    TTL's 5 s.

    Given a job "flaky":
      """yaml
      spec:
        backoffLimit: 0
        ttlSecondsAfterFinished: 5
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
      """
    And container "worker" of job "flaky" exits with code 1 after 1s
    When the job "flaky" is created
    Then the job "flaky" fails with reason "BackoffLimitExceeded" within 5s
    And the first pod of job "flaky" has phase "Failed" within 5s
    And the job "flaky" is deleted at 7s
    And the first pod of job "flaky" is gone at 7s
    And the job "flaky" is not gone before 7s
    And the job "flaky" is gone
    And the job "flaky" never creates a second pod

  @behavior:job-ttl-after-finished
  Scenario: A Job without ttlSecondsAfterFinished is never deleted
    Given a job "keep":
      """yaml
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of job "keep" runs to completion after 1s
    When the job "keep" is created
    Then the job "keep" has condition "Complete" "True" within 5s
    And the job "keep" is never deleted
    And the job "keep" is not gone
