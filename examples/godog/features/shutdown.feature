Feature: our web pods shut down inside their grace period

  Our web container drains for up to 3 s after SIGTERM, behind a 5 s
  preStop hook that lets the load balancer notice the pod is going.

  Scenario: the preStop hook delays SIGTERM, and the app exits before SIGKILL
    Given a pod "web" with terminationGracePeriodSeconds 20:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 5"]
      """
    And container "app" takes 3s to exit after SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 5s
    And container "app" exits at 8s with code 143
    And the pod "web" has drained as our web pods must
