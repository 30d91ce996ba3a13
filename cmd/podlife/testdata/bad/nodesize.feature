# want: nodesize.feature:8: quantity -1Gi is negative
# want: nodesize.feature:12: PID limit "0" is not a whole number above 0
# want: nodesize.feature:17: node "worker-1" reserves 4Gi memory for the system, and has 2Gi
# want: nodesize.feature:21: "20furlongs" is not a quantity
Feature: a node's disk, PID limit and reserved resources, declared wrong

  Scenario: a negative disk
    Given a node "worker-1" with -1Gi disk
    And a pod "web"

  Scenario: no process at all
    Given a node "worker-1" with a PID limit of 0
    And a pod "web"

  Scenario: more reserved than the node has
    Given a node "worker-1" with 2 CPU, 2Gi memory and 110 pods
    And node "worker-1" has 0 CPU and 4Gi memory reserved for the system
    And a pod "web"

  Scenario: a unit that is not one
    Given node "worker-1" has 20furlongs disk
    And a pod "web"
