Feature: a timeline table, true and false
  Scenario: a table that holds
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event       |
      | 0s | app       | SIGTERM     |
      | -  | app       | Exited(137) |
      | 5s | -         | Deleted     |

  Scenario: a table whose second row is false
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event       |
      | 0s | app       | SIGTERM     |
      | 4s | app       | SIGKILL     |
      | -  | -         | Deleted     |
