Feature: an outline and its neighbours

  Scenario: before
    Given a pod "web" with terminationGracePeriodSeconds 5
    When the pod "web" is deleted
    Then the pod "web" is gone within 1s

  Scenario Outline: grace <grace>
    Given a pod "web" with terminationGracePeriodSeconds <grace>
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at <kill>

    Examples:
      | grace | kill |
      | 1     | 2s   |
      | 5     | 5s   |
      | 30    | 30s  |

  Rule: a rule

    Scenario: inside the rule
      Given a pod "web" with terminationGracePeriodSeconds 3
      And container "app" ignores SIGTERM
      When the pod "web" is deleted
      Then container "app" receives SIGKILL at 3s
