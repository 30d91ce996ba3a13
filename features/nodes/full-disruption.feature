@nodes @needs:node-lifecycle
Feature: A zone with no Ready node left: full disruption
  The node-lifecycle controller computes, at the end of each pass of its
  node monitor, the state of each zone from its nodes' Ready conditions
  (ComputeZoneState): no Ready node left is FullDisruption. When every
  zone is fully disrupted it enters the master disruption mode
  (handleDisruption): it removes the not-ready and unreachable NoExecute
  taints from every node (markNodeAsReachable) and stops its taint
  queues (limiter rate 0), so the taint-eviction controller deletes no
  pod; it goes back when a node is Ready again
  (pkg/controller/nodelifecycle/node_lifecycle_controller.go, v1.36.3).
  The NoSchedule taints, the Unknown conditions and the pods' Ready=False
  are not affected.

  A cluster has a control-plane node beside the scenario's, Ready and in
  the zone of nodes without a zone label, so losing a scenario's only
  node is not a full disruption. These scenarios declare their nodes the
  whole cluster. A kind cluster always keeps Ready nodes beside a pool
  node made NotReady (its control plane, the other workers), so they
  cannot happen there: they run on the simulator only.

  @behavior:node-full-disruption @sim @slow
  Scenario: The only node lost: no NoExecute taint, and its pod is never deleted
    Given the scenario's nodes are the whole cluster
    And a pod "web"
    When node "worker-1" becomes NotReady
    Then node "worker-1" has condition "Ready" "Unknown"
    And node "worker-1" has taint "node.kubernetes.io/unreachable:NoSchedule"
    And node "worker-1" has no taint "node.kubernetes.io/unreachable:NoExecute"
    And the pod "web" has condition "Ready" "False"
    And the pod "web" is not Terminating after 10m
    And no event "TaintManagerEviction" is recorded for pod "web"

  @behavior:node-full-disruption @sim @slow
  Scenario: The last Ready node lost: the taint of the first is lifted and its pod's deletion cancelled
    "worker-1" is lost first, while "worker-2" is Ready: it is tainted and
    its pod's deletion scheduled 300 s later. When "worker-2" is lost too
    no Ready node is left: the controller lifts the taint, and the
    taint-eviction controller cancels the deletion.

    Given the scenario's nodes are the whole cluster
    And a node "worker-1"
    And a node "worker-2"
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then node "worker-1" has taint "node.kubernetes.io/unreachable:NoExecute"
    When 100s pass
    And node "worker-2" becomes NotReady
    Then node "worker-2" has condition "Ready" "Unknown"
    And node "worker-1" has no taint "node.kubernetes.io/unreachable:NoExecute"
    And an event "TaintManagerEviction" with message containing "Cancelling deletion of Pod" is recorded for pod "web"
    And the pod "web" is not Terminating after 10m
