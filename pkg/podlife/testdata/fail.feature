Feature: a false expectation

  Scenario: SIGKILL expected too early
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 4s
