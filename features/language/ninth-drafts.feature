@language
Feature: The phrases a ninth trial's first drafts reach for
  Issue 38's eighth held-out set (first drafts written from the README
  and the language reference alone): a postStart hook timed as a preStop
  hook is, a Job's counters at a time, a container of a Job's pod by the
  pod's order, a pod's Given modifiers joined by `and`, a Job's containers
  shaped `of job`, and a readiness probe that fails until a time.

  @behavior:poststart-blocks
  Scenario: A postStart hook of 5 s finishes at 5 s, and only then is the pod Running
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            postStart:
              exec:
                command: ["sleep", "5"]
      """
    When the pod "web" is created
    Then the postStart hook of container "app" starts at 0s
    And the postStart hook of container "app" starts within 2s
    And the postStart hook of container "app" finishes between 4s and 6s
    And the postStart hook of container "app" finishes at 5s
    And the postStart hook of container "app" finishes within 10s
    And the pod "web" is Running within 10s
    And container "app" runs its postStart hook at 0s

  @behavior:active-deadline
  Scenario: A Job's pod killed by its deadline leaves the Job with no active pod
    Given a job "slow":
      """yaml
      spec:
        backoffLimit: 0
        template:
          spec:
            activeDeadlineSeconds: 10
            restartPolicy: Never
            containers:
            - name: app
      """
    When the job "slow" is created
    Then the job "slow" has 1 active pod at 5s
    And container "app" of the first pod of job "slow" receives SIGTERM
    And the job "slow" has 0 active pods within 45s
    And the job "slow" has 1 failed pod between 10s and 45s

  @behavior:job-backoff-limit
  Scenario: A Job's containers shaped by the Job's name
    Given a job "batch":
      """yaml
      spec:
        backoffLimit: 0
      """
    And container "app" of job "batch" exits with code 1 after 2s
    When the job "batch" is created
    Then the job "batch" fails with reason "BackoffLimitExceeded" within 1m
    And every pod of job "batch" has container "app" terminated with exit code 1
    And container "app" of the first pod of job "batch" exits with code 1

  @behavior:sigkill-at-grace
  Scenario: A pod given a priority class and a grace period has both
    Given a priority class "low" with value 100
    And a pod "batch" with priority class "low" and terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    Then the pod "batch" has priority 100
    When the pod "batch" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s

  @behavior:readiness-initial-failure
  Scenario: A readiness probe that fails until 10 s makes the container ready then
    Given a pod "web"
    And container "app" of pod "web" fails its readiness probe until 10s
    When the pod "web" is created
    Then container "app" becomes ready at 10s
    And the pod "web" is not Ready after 9s
