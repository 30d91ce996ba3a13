Feature: one scenario's trouble stays its own

  Scenario: a pod is created
    Given a pod "web"
    Then the pod "web" is Running within 1s

  @needs:static-pods
  Scenario: needs static pods
    Given a pod "web"
    Then the pod "web" is Running within 1s
