@termination @seed:003
Feature: The seed incident, for the report's golden files
  A copy of features/termination/sidecars.feature's seed 003 scenario, so
  that the report's golden files change only when the report does.

  @behavior:sidecar-budget-floor
  Scenario: The seed incident pod with processes that ignore SIGTERM is gone within grace + 2 s
    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        initContainers:
        - name: sidecar
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    And container "app" ignores SIGTERM
    And container "sidecar" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 5s
    And container "sidecar" receives SIGTERM at 5s
    And container "sidecar" receives SIGKILL at 7s
    And the pod "web" is gone between 7s and 7s
