@language @sim
Feature: The current time after untimed expectations and past transitions
  dsl.md, Time: untimed expectations, `never` and `stays` do not move the
  current time, and `becomes …` puts t=0 at the transition, possibly in
  the past. The simulator, deterministic, goes back to the current time
  before the next action (it replays the scenario's inputs on a fresh
  simulator of the same seed), so `N pass` counts from there and state
  checks read it. A cluster cannot go back in time: @sim.

  Scenario: An untimed expectation that waits for a later exit leaves the clock where it was
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 1 after 100s
    When the pod "job" is created
    And 30 seconds pass
    Then container "app" exits with code 1
    And the pod "job" is Running
    When 50 seconds pass
    Then the pod "job" phase is "Running"
    And container "app" exits at 20s with code 1
    When 30 seconds pass
    Then the pod "job" phase is "Failed"

  Scenario: A transition in the past is where the next state checks and actions start
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 3 after 25s
    When the pod "job" is created
    And 30 seconds pass
    Then the pod "job" phase is "Failed"
    When the pod "job" becomes Running
    Then the pod "job" is Running
    When 10 seconds pass
    Then the pod "job" phase is "Running"
    And container "app" exits at 15s with code 3
