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

  Scenario: a long wait, untagged
    Given a pod "web"
    When the pod "web" is created
    And 90 seconds pass

  @slow
  Scenario: a long wait, tagged
    Given a pod "web"
    When the pod "web" is created
    And 2 minutes pass

  Scenario: a running node tainted, untagged
    Given a node "worker-1"
    When node "worker-1" is tainted "dedicated=infra:NoExecute"

  @needs:node-lifecycle
  Scenario: a running node tainted, on a node of its own by another tag
    Given a node "worker-1"
    When node "worker-1" is tainted "dedicated=infra:NoExecute"
    And the taint "dedicated=infra:NoExecute" is removed from node "worker-1"

  Scenario: a window five minutes on, untagged
    Given a pod "web"
    When the pod "web" is deleted
    Then the pod "web" is gone within 1m
    And the pod "web" is never Terminating for 5m

  @slow
  Scenario: a window five minutes on, tagged
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running between 300s and 301s

  Scenario: a deadline a minute and a half away settles early, untagged
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 90s

  Scenario: a toleration of five minutes waits for nothing, untagged
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" has toleration "node.kubernetes.io/unreachable:NoExecute" for 300s
