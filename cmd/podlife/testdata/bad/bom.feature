# want: bom.feature:6: "5x" is not a duration
Feature: a byte-order mark is skipped

  Scenario: the only problem is the duration
    Given a pod "web"
    Then the pod "web" is Running within 5x
