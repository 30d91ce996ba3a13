Feature: Failures that teach
  Each scenario holds one false expectation; its failure says what the
  rules read and when.

  Scenario: A state check read before the state came says when it read, why then, and when it came
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 0 after 5s
    When the pod "job" is created
    Then container "app" exits with code 0
    And the pod "job" phase is "Succeeded"

  Scenario: A table lists every row that did not match at once
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event       |
      | 0s | app       | SIGTERM     |
      | 4s | app       | SIGKILL     |
      | 6s | -         | Deleted     |

  Scenario: A state within D after an earlier step ran the scenario past its deadline
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 5s
    And the pod "web" is gone within 1s

  Scenario: A STATUS read before it came says when it read and when it came
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 0 after 5s
    When the pod "job" is created
    Then container "app" exits with code 0
    And the pod "job" shows status "Completed"

  Scenario: A state read after it ended says when it held
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" of pod "web" takes 5s to exit after SIGTERM
    When the pod "web" is deleted
    Then the pod "web" is gone within 10s
    And the pod "web" shows status "Terminating"
