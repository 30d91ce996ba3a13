@termination
Feature: A false expectation, for the report's tests
  The preStop hook takes 3 s of the 5 s grace period, so SIGKILL comes at
  5 s; the scenario expects it at 4 s and fails. Its chart must show the
  failure.

  @behavior:prestop-in-grace
  Scenario: SIGKILL expected a second too early
    Given a pod "web" with terminationGracePeriodSeconds 5:
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
    Then container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 4s
