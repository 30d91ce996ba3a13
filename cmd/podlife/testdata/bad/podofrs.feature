# want: podofrs.feature:8: pod "db" is not declared; replica set "db" is, and its pods are named by their order where a phrase takes them (`the first pod of replica set "db"`
Feature: a replica set's name used as a pod's (issue 38's ninth held-out set)

  Scenario: s
    Given a replica set "db" of 1 pod
    When 5s pass
    Then 1 pod of replica set "db" is Ready
    And the pod "db" is not evicted
