# want: vtab.feature:6: control character U+000B in the line
Feature: a vertical tab

  Scenario: a blank Gherkin and Go disagree on
    Given a pod "web"
    Then the pod "web" is Running within 5s
