@language
Feature: The phrases a nineteenth trial's first drafts reach for
  Issue 38's held-out set 24 (a first draft written from the README and
  the language reference alone): a Job whose pod runs for ever, stopped
  by the Job's activeDeadlineSeconds. The Job controller counts the
  deadline from the Job's status.startTime (whole seconds, as the API
  keeps it) and syncs the Job again for it; past it the Job gets the
  interim condition FailureTarget DeadlineExceeded, its active pods are
  deleted with their own grace, and Failed DeadlineExceeded with its
  Warning event comes once they have terminated (syncJob,
  pastActiveDeadline, deleteActivePods, enactJobFinished;
  job_controller.go, v1.36.3). The pod's own activeDeadlineSeconds is
  another rule, the kubelet's.

  @behavior:job-active-deadline
  Scenario: A Job whose pod runs for ever is failed by its deadline
    Given a job "forever":
      """yaml
      spec:
        activeDeadlineSeconds: 20
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    When the job "forever" is created
    Then the job "forever" fails with reason "DeadlineExceeded" within 30s
    And the job "forever" has condition "FailureTarget" "True" with reason "DeadlineExceeded"
    And the first pod of job "forever" receives SIGTERM within 20s
    And the job "forever" has 0 active pods
    And the job "forever" has 1 failed pod
    And an event "DeadlineExceeded" is recorded for job "forever"
    And the job "forever" exceeds its deadline

  @behavior:job-active-deadline
  Scenario: The Job fails only once its pod has terminated
    Given a job "slow":
      """yaml
      spec:
        activeDeadlineSeconds: 20
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" takes 10s to exit after SIGTERM
    When the job "slow" is created
    Then the job "slow" has condition "FailureTarget" "True" with reason "DeadlineExceeded" within 21s
    And the job "slow" has 1 terminating pod at 25s
    And the job "slow" exceeds its deadline within 31s
    And the first pod of job "slow" has phase "Failed" between 29s and 31s

  @behavior:job-active-deadline
  Scenario: A Job that completes before its deadline does not fail
    Given a job "quick":
      """yaml
      spec:
        activeDeadlineSeconds: 20
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" exits with code 0 after 5s
    When the job "quick" is created
    Then the job "quick" has condition "Complete" "True" within 10s
    And the job "quick" never fails
    And no event "DeadlineExceeded" is recorded for job "quick"
