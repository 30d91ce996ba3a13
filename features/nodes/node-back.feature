@nodes @needs:node-lifecycle
Feature: A lost node that comes back
  A node whose kubelet stopped is marked by the node-lifecycle controller
  (Ready Unknown, the unreachable taints, its pods Ready=False). When the
  kubelet runs again it posts the node Ready, its Lease is renewed, the
  controller lifts the unreachable taints at its next pass, and the
  kubelet's first sync of each pod writes its status again: the pods are
  Ready again with the containers that kept running. A pod the taint
  manager deleted meanwhile stayed Terminating with no kubelet to kill it;
  the kubelet that comes back kills it and deletes it. (On a cluster the
  agent's SIGTERM line is not seen there: its log is read through the
  kubelet, which is starting; the runtime's exit is.)

  @behavior:node-back
  Scenario: A node that comes back is Ready, untainted, and its pods Ready with the same containers
    Given a pod "web"
    When node "worker-1" becomes NotReady
    Then the pod "web" has condition "Ready" "False"
    And node "worker-1" has taint "node.kubernetes.io/unreachable:NoExecute"
    When 20s pass
    And node "worker-1" comes back
    Then node "worker-1" has condition "Ready" "True"
    And an event "Starting" is recorded for node "worker-1"
    And node "worker-1" has no taint "node.kubernetes.io/unreachable:NoExecute" within 10s
    And the pod "web" has condition "Ready" "True"
    And container "app" of pod "web" has restart count 0
    And the pod "web" phase is "Running"

  @behavior:node-back
  Scenario: A pod deleted while its node was lost is killed when its kubelet starts again
    Given a pod "brief":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 10
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "brief" is Terminating between 10s and 10s
    When 20s pass
    Then the pod "brief" is Terminating
    And the pod "brief" phase is "Running"
    When the kubelet on node "worker-1" starts again
    Then node "worker-1" becomes Ready again within 1s
    And container "app" of pod "brief" exits with code 143
    And the pod "brief" is gone within 5s
