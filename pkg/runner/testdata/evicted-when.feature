Feature: the kubelet's eviction written as an action

  Scenario: a draft that meant to post an Eviction
    Given a replica set "web" of 2 pods
    And a pod "solo"
    When the first pod of replica set "web" is evicted
    And the pod "solo" is evicted
    Then the pod "solo" is evicted
    When the eviction of pod 2 of replica set "web" is requested
    Then the eviction is accepted
