# want: container.feature:6: pod "web" has no container "ap"
Feature: a container that is not in the pod

  Scenario: a typo in a container name
    Given a pod "web"
    Then container "ap" receives SIGTERM at 0s
