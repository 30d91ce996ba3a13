Feature: A failed expectation does not hide the ones after it
  dsl.md: every expectation up to the next action is evaluated and
  reported; the steps after that action are skipped.
  Scenario: one false, two true, then an action
    Given a pod "web" with terminationGracePeriodSeconds 5
    When the pod "web" is created
    Then the pod "web" is Running within 10s
    And the pod "web" phase is "Succeeded"
    And the pod "web" is Running
    And the pod "web" has QoS class "BestEffort"
    When the pod "web" is deleted
    Then the pod "web" is gone within 10s
