Feature: a scenario with a Background and a pod in YAML

  Background:
    Given a cluster

  Scenario: before
    Given a pod "other" with terminationGracePeriodSeconds 1
    When the pod "other" is deleted
    Then the pod "other" is gone within 2s

  @behavior:example @seed:example
  Scenario: the one shown
    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 5s
