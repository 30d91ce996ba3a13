Feature: steps that need a capability
  Scenario: a static pod, untagged
    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: etcd
      """
    Then the pod "etcd" is Running within 5s

  @needs:node-pressure
  Scenario: pressure, tagged
    Given a node "worker-1"
    When node "worker-1" comes under memory pressure

  Scenario: pressure and a kubelet restart, untagged
    Given a node "worker-1"
    When node "worker-1" comes under memory pressure
    And the kubelet on node "worker-1" restarts

  @kubelet:1.29
  Scenario: a kubelet version named by its tag
    Given a kubelet of version "1.29"

  Scenario: a kubelet version, untagged
    Given a kubelet of version "1.29"

  @sim
  Scenario: for the simulator only
    Given a node "worker-1"
    When node "worker-1" becomes NotReady
