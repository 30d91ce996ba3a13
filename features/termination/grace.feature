@termination
Feature: The termination grace period
  When a pod is deleted, the API server records a deletionTimestamp and a
  grace period; the kubelet sends each container its stop signal and, once
  the grace period is over, SIGKILL (lifecycle-facts §1.1–§1.3). What the
  process does with SIGTERM decides how long the pod takes to go.

  @seed:001 @behavior:sigkill-at-grace
  @upstream:respect-termination-grace-period
  Scenario: A process that ignores SIGTERM is killed when the grace period ends
    e2e: Containers Lifecycle, a pod cannot terminate gracefully, should
    respect termination grace period seconds.

    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s
    And container "app" exits at 5s with code 137
    And the pod "web" is gone within 5s

  @behavior:sigterm-handled
  Scenario: A process that exits on SIGTERM ends at once and the pod goes
    Given a pod "web" with terminationGracePeriodSeconds 30
    When the pod "web" is deleted
    Then container "app" exits at 0s with code 143
    And container "app" never receives SIGKILL
    And the pod "web" is gone within 1s

  @behavior:default-grace
  Scenario: Without terminationGracePeriodSeconds the API server's default is 30 seconds
    Given a pod "web"
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 30s
    And the pod "web" is not gone after 29s

  @behavior:graceful-shutdown
  Scenario: A slow but graceful shutdown inside the grace period is never killed
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" takes 4s to exit after SIGTERM
    When the pod "web" is deleted
    Then container "app" exits at 4s with code 143
    And container "app" never receives SIGKILL
    And the pod "web" is gone between 4s and 4s

  @behavior:terminal-phase-before-delete
  Scenario: A pod whose containers exit 0 on SIGTERM ends Succeeded before the kubelet deletes it
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" exits with code 0 on SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event            |
      | 0s | app       | SIGTERM          |
      | 0s | app       | Exited(0)        |
      | 0s | -         | Phase(Succeeded) |
      | 0s | -         | Deleted          |

  @behavior:terminal-phase-before-delete
  Scenario: A pod killed by SIGKILL ends Failed before the kubelet deletes it
    Given a pod "web" with terminationGracePeriodSeconds 2
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event         |
      | 0s | app       | SIGTERM       |
      | 2s | app       | SIGKILL       |
      | 2s | app       | Exited(137)   |
      | 2s | -         | Phase(Failed) |
      | 2s | -         | Deleted       |

  @behavior:grace-floor
  Scenario: Grace period 1 still leaves 2 seconds between SIGTERM and SIGKILL
    The kubelet's floor: StopContainer is never called with less than 2 s.

    Given a pod "web" with terminationGracePeriodSeconds 1
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL 2s after SIGTERM
    And the pod "web" is gone within 2s

  @seed:001 @behavior:pid1-ignores-sigterm
  Scenario: sleep running as PID 1 has no handler, so SIGTERM does nothing
    The seed's warning: a shell or sleep as the entrypoint ignores SIGTERM
    and every deletion waits out the whole grace period.

    Given a pod "web" with terminationGracePeriodSeconds 3:
      """yaml
      spec:
        containers:
        - name: app
          image: busybox:1.36
          command: ["sh", "-c", "sleep 3600"]
      """
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 3s

  @behavior:terminating
  Scenario: A pod being deleted stays in the API, Terminating, until its containers stop
    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the pod "web" is Terminating within 1s
    And the pod "web" is not gone after 9s
    And the pod "web" is gone between 10s and 10s
