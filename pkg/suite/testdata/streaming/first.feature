@termination
Feature: One scenario, for the progress file's test
  TestProgressStreams runs this suite in two Ginkgo processes: while the
  other spec waits, this scenario's line must reach the progress file.

  @behavior:prestop-in-grace
  Scenario: SIGKILL at the end of the grace period
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
    And container "app" receives SIGKILL at 5s
