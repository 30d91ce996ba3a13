# want: podname.feature:5: pod name "Web_Server!" is not valid: a lowercase RFC 1123 subdomain
Feature: a pod name the API server refuses

  Scenario: underscores and a bang, and no follow-up complaints
    Given a pod "Web_Server!"
    When the pod "Web_Server!" is deleted
    Then container "app" receives SIGTERM
