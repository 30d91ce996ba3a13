# want: duration.feature:6: "5x" is not a duration
Feature: a bad duration

  Scenario: five what
    Given a pod "web"
    When the pod "web" is deleted with grace period 5x
