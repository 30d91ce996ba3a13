@language
Feature: The phrases the sixty-first to sixty-third trials' first drafts reach for
  Issue 38's held-out sets 54 and 61 to 63 (first drafts written from the
  README alone) counted a crash loop's restarts and starts in windows:
  `container "boom" restarts for the 3rd time between 72s and 77s` (its
  third restart comes in the window, not its restart count passing
  through 3 there), `container "worker" starts 3 times between 11s and
  14s` (its third start, its second restart), `starts 2 times within 3s`.

  @behavior:crashloop-backoff @behavior:crashloop-backoff-doubles
  Scenario: A crash loop's starts and restarts, each in its window
    The first restart is immediate, the second waits 10 s and the third
    20 s from the exit before, each requeued up to 50 % later
    (crashloop-backoff), so the windows are as wide as that jitter.

    Given a pod "flaky"
    And container "app" exits with code 1 after 1s
    When the pod "flaky" is created
    Then container "app" starts 2 times within 3s
    And container "app" restarts for the first time at 1s
    And container "app" starts 3 times between 12s and 17s
    And container "app" restarts for the 2nd time between 12s and 17s
    And container "app" restarts for the 3rd time between 33s and 48s
    And container "app" has started 4 times within 48s

  @behavior:deployment-progress-deadline
  Scenario: A stuck rollout's Progressing condition turns False in a window
    Given a deployment "ledger" of 2 pods:
      """yaml
      spec:
        progressDeadlineSeconds: 15
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    When the pod template of deployment "ledger" becomes:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 1
      """
    Then the deployment "ledger" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" between 16s and 16s

  @behavior:job-completions
  Scenario: A Job's Complete condition comes in a window
    Given a job "report"
    And container "app" of pod "report" runs to completion after 2s
    When the job "report" is created
    Then the job "report" has condition "Complete" "True" between 3s and 3s

  @behavior:oom-killed
  Scenario: A container that exceeds its memory limit is OOM-killed then
    Given a pod "cruncher":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          resources:
            limits:
              memory: 64Mi
      """
    And container "app" exceeds its memory limit after 4s
    When the pod "cruncher" is created
    Then container "app" exits with code 137 at 4s
    And container "app" terminated with reason "OOMKilled"
