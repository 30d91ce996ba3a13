Feature: hints take the step's kind and the scenario's names

  Scenario: And and But take the keyword before them
    Given a pod "api":
      """yaml
      spec:
        containers:
        - name: server
      """
    And container "server" crashes after 5s
    When I delete the pod "api"
    And the pod "api" is running
    Then the pod "api" is running
    And the container never starts
    But the pod is deleted in less than 22s
    * the pod "api" is running
