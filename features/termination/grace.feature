@termination
Feature: The termination grace period
  A deleted pod's containers get SIGTERM, and SIGKILL once the grace period
  is over (lifecycle-facts §1).

  Scenario: SIGTERM ignored: SIGKILL when the grace period ends
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s
    And container "app" exits at 5s with code 137
    And the pod "web" is gone within 5s

  @seed:003
  Scenario: The seed incident pod on the current kubelet
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
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event          |
      | 0s | sidecar   | PreStopStarted |
      | 0s | app       | PreStopStarted |
      | 3s | app       | SIGTERM        |
      | 3s | app       | Exited(143)    |
      | 3s | sidecar   | SIGTERM        |
      | 3s | sidecar   | Exited(143)    |
      | 3s | -         | Deleted        |
