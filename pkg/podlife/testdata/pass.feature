Feature: podlife's steps in a godog suite

  Scenario: SIGKILL at the end of the grace period
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s
    And the pod "web" is gone within 6s

  Scenario: a manifest read from a file next to the feature
    Given a pod "web" from "manifests/prestop.yaml"
    When the pod "web" is deleted
    Then container "app" runs its preStop hook at 0s
    And container "app" receives SIGTERM at 3s

  Scenario Outline: the grace period decides when SIGKILL comes
    Given a pod "web" with terminationGracePeriodSeconds <grace>
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at <kill>

    Examples:
      | grace | kill |
      | 3     | 3s   |
      | 7     | 7s   |

  @kubelet:1.27
  Scenario: an older kubelet on the simulator
    Given a pod "web" with terminationGracePeriodSeconds 5
    When the pod "web" is deleted
    Then the pod "web" is gone within 2s

  @live
  Scenario: a scenario for a cluster only
    Given a pod "web"
    When the pod "web" is deleted
    Then the pod "web" is gone within 1s
