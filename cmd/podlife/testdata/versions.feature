Feature: the kubelet version changes when SIGKILL comes
  Scenario: preStop time out of the grace period (1.28 and later) or not (1.27)
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
