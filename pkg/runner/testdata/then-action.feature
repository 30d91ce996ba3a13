@needs:node-lifecycle
Feature: an action written under Then

  Scenario: a draft that meant to check the node cordoned
    Given a node "worker-1"
    And a pod "web"
    When node "worker-1" is drained
    Then node "worker-1" is cordoned
    And the drain of node "worker-1" completes within 1m
    When node "worker-1" is cordoned
