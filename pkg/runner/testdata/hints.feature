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

  Scenario: an expectation after a When, its Then left out
    Given a deployment "api" of 4 pods
    When the deployment "api" is scaled to 2
    And the pod status of the third pod of deployment "api" is Terminating at 15s

  Scenario: a readiness expected after a When, its Then left out
    Given a pod "api"
    When the pod "api" is created
    And the pod "api" should be ready within 5s

  Scenario: a wait before an action is a step of its own
    Given a pod "slow-drain"
    When the pod "slow-drain" is deleted
    And after 5s the pod "slow-drain" is force deleted
    When 3 seconds later the pod "slow-drain" is deleted

  Scenario: an action no action phrase says is a Given
    Given a pod "catalog"
    And the pod "catalog" is Running
    When container "api" starts failing its liveness probe

  Scenario: a wait said after the action
    Given a pod "slow-drain"
    When the pod "slow-drain" is force deleted 5s later
