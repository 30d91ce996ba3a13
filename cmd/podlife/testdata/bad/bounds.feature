# want: bounds.feature:7: the window 8s to 6s ends before it begins
Feature: contradictory bounds

  Scenario: a window that ends before it starts
    Given a pod "web"
    When the pod "web" is deleted
    Then container "app" receives SIGKILL between 8s and 6s
