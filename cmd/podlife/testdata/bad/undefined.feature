# want: undefined.feature:6: undefined step: Then container "app" gets SIGTERM at 0s; nearest phrase: Then container "app" receives SIGTERM at 0s
Feature: an undefined step

  Scenario: a phrase that is not in the vocabulary
    Given a pod "web"
    Then container "app" gets SIGTERM at 0s
