# want: nopods.feature:6: no declared pod is left to create
Feature: the pods are created with nothing to create

  Scenario: a node and no pod, no workload
    Given a node "worker-1"
    When the pods are created
    Then node "worker-1" reports Ready
