# want: refusal.feature:8: API error "TooManyRequest" is not one of TooManyRequests, InternalError, NotFound, Forbidden
Feature: an eviction's answer misspelt

  Scenario: a reason misspelt is not taken for a message
    Given a pod "web"
    When the eviction of pod "web" is requested
    Then the eviction of pod "web" is refused with "TooManyRequests"
    And the eviction of pod "web" is refused with "TooManyRequest"
