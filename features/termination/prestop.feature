@termination @prestop
Feature: preStop hooks share the grace period
  Since 1.28 the kubelet takes the time a preStop hook ran, in whole
  seconds, out of the grace period before it sends SIGTERM, and applies the
  2 s floor last (killContainer, lifecycle-facts §1.3).

  @seed:001 @behavior:prestop-in-grace
  Scenario: preStop time is taken out of the grace period
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" runs its preStop hook at 0s
    And the preStop hook of container "app" finishes at 3s
    And container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 10s

  @behavior:prestop-cut-off @upstream:respect-termination-grace-period-with-long-running-prestop
  Scenario: A preStop longer than the grace period is cut off, then the 2 s floor applies
    e2e: Containers Lifecycle, a pod cannot terminate gracefully, should
    respect termination grace period seconds with long-running preStop hook.

    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "10"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the preStop hook of container "app" finishes at 5s
    And container "app" receives SIGTERM at 5s
    And container "app" receives SIGKILL at 7s
    And the pod "web" is gone between 7s and 7s

  @behavior:prestop-truncation
  Scenario: preStop time is counted in whole seconds, truncated
    2.5 s of preStop counts as 2: 4 - 2 leaves 2 seconds after SIGTERM.

    Given a pod "web" with terminationGracePeriodSeconds 4:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "2.5"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 2.5s
    And container "app" receives SIGKILL at 4.5s
    And container "app" receives SIGKILL 2s after SIGTERM
  @behavior:prestop-never-ends
  Scenario: A preStop hook that never ends costs the whole grace period plus the floor
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep infinity"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 30s
    And container "app" receives SIGKILL at 32s

  @behavior:prestop-failure
  Scenario: A failing preStop hook is reported and termination goes on
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "exit 3"]
      """
    When the pod "web" is deleted
    Then an event "FailedPreStopHook" is recorded for container "app" of pod "web" 1 time
    And an event "Killing" is recorded for pod "web"
    And container "app" receives SIGTERM at 0s
    And the pod "web" is gone within 1s

  @behavior:prestop-sleep-action
  Scenario: The sleep action waits on the kubelet's side before SIGTERM
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              sleep:
                seconds: 3
      """
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event          |
      | 0s | app       | PreStopStarted |
      | 3s | app       | PreStopDone    |
      | 3s | app       | SIGTERM        |
      | 3s | app       | Exited(143)    |
      | 3s | -         | Deleted        |
    And no event "FailedPreStopHook" is recorded

  @behavior:prestop-in-grace @kubelet:1.27
  Scenario: Up to 1.27 a deletion gave the preStop's time and then the whole grace period
    The old order of killContainer (lifecycle-facts §1.3, PR #115835 in
    1.28): the preStop ran on the base grace, and the pod worker's override
    (sent on every deletion since 1.22) replaced what was left, so SIGKILL
    came the preStop's time plus the whole grace after the delete.

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" runs its preStop hook at 0s
    And the preStop hook of container "app" finishes at 3s
    And container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 13s
