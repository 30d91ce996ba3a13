@language
Feature: The phrases a sixth trial's first drafts reach for
  Issue 38's fifth held-out set (first drafts written from the README
  alone): a phase held as the API names it (`stays in phase "Running" for
  30s`), pods created in one step by their names (`the pods "a" and "b"
  are created`), a pod the scheduler cannot place (`is unschedulable`), a
  container started after another's exit (`starts after container "init"
  terminates`), a preStop hook's start by a deadline (`the preStop hook of
  container "app" starts within 1s`), and a container never replaced
  (`keeps the same container ID`: a restart is a new container).

  @behavior:status-completed
  Scenario: Two pods created in one step: one holds its phase Running, the other holds Succeeded
    Given a pod "a":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And a pod "b":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "a" runs to completion after 10s
    And container "app" of pod "b" runs to completion after 1s
    When the pods "a" and "b" are created
    And the pod "a" becomes Running
    Then the pod "a" stays in phase "Running" for 5s
    And the pod "b" has phase "Succeeded" within 15s
    When 3s pass
    Then the pod "b" stays in phase "Succeeded"

  @behavior:scheduling-unschedulable
  Scenario: Of two pods created in one step, the one no node can fit is unschedulable
    Given a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "1000"
      """
    And a pod "small"
    When the pods "big" and "small" are created
    Then the pod "big" has a "FailedScheduling" event within 5s
    And the pod "big" is unschedulable
    And the pod "small" is Running within 30s

  @behavior:init-sequential @behavior:prestop-in-grace
  Scenario: The app starts after its init container terminates; deleted, its preStop hook starts at once
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: init
        containers:
        - name: app
      """
    And container "init" runs to completion after 2s
    And container "app" has a preStop hook that takes 2s
    When the pod "web" becomes Running
    Then container "app" starts after container "init" terminates
    When the pod "web" is deleted
    Then the preStop hook of container "app" starts within 1s
    And the pod "web" is gone within 30s

  @behavior:crashloop-backoff
  Scenario: A container restarted is a new container; the one beside it keeps its container ID
    Given a pod "flaky":
      """yaml
      spec:
        containers:
        - name: app
        - name: helper
      """
    And container "app" exits with code 1 after 2s
    When the pod "flaky" is created
    Then container "app" is restarted within 10s
    When the pod "flaky" is deleted
    Then container "helper" keeps the same container ID
    And the pod "flaky" is gone within 30s
