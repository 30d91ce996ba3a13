# want: memory.feature:9: container "app": its memory at 5s is given twice (200Mi, then 900Mi)
# want: memory.feature:15: container "app": memory at 5s comes after a step that gives it at 30s
# want: memory.feature:19: quantity -1Gi is negative
Feature: two statements of a container's memory that contradict each other

  Scenario: the same time twice
    Given a pod "web"
    And container "app" uses 200Mi of memory after 5s
    And container "app" uses 900Mi of memory after 5s

  Scenario: a later statement of an earlier time
    Given a pod "web"
    And container "app" uses 200Mi of memory after 5s
    And container "app" uses 900Mi of memory after 30s
    And container "app" uses 400Mi of memory after 5s

  Scenario: a negative amount
    Given a pod "web"
    And container "app" uses -1Gi of memory after 5s
