# want: syntax.feature:6: Gherkin: expected
Feature: a Gherkin syntax error

  Scenario: a step outside any keyword
    Given a pod "web"
    this line is not Gherkin
    When the pod "web" is deleted
