# want: wrongtype.feature:8: spec.terminationGracePeriodSeconds: a string where a whole number belongs
Feature: a field of the wrong type

  Scenario: a string where a number goes
    Given a pod "web":
      """yaml
      spec:
        terminationGracePeriodSeconds: soon
      """
