@nodes @needs:node-lifecycle
Feature: Lost nodes and taint-based eviction
  A node whose kubelet stops heartbeating is marked by the node-lifecycle
  controller after node-monitor-grace-period (50 s): conditions Unknown,
  the unreachable taints (NoSchedule and NoExecute), its pods Ready=False.
  Every pod tolerates not-ready and unreachable for 300 s
  (DefaultTolerationSeconds); the taint-eviction controller then deletes it
  gracefully, and with no kubelet to finish the deletion the pod shows
  Terminating for ever, its phase unchanged (lifecycle-facts §14).

  @behavior:node-not-ready
  Scenario: A node that stops reporting becomes Unknown, tainted, and its pods not ready
    Given a pod "web"
    When node "worker-1" becomes NotReady
    Then node "worker-1" has condition "Ready" "Unknown"
    And node "worker-1" has condition "MemoryPressure" "Unknown"
    And node "worker-1" has taint "node.kubernetes.io/unreachable:NoExecute"
    And node "worker-1" has taint "node.kubernetes.io/unreachable:NoSchedule"
    And the pod "web" has condition "Ready" "False"
    And an event "NodeNotReady" is recorded for pod "web"
    And the pod "web" phase is "Running"

  @behavior:taint-eviction-default-toleration @behavior:lost-node-terminating @seed:001
  @upstream:taint-manager-evicts-pods @slow
  Scenario: After 300 s the pods of a lost node are deleted and stay Terminating
    e2e: NoExecuteTaintManager Single Pod, eventually evict pod with finite
    tolerations from tainted nodes (here the default 300 s). Seed 001's
    STATUS table shows such a pod as Unknown: the reason NodeLost that
    printed it has had no setter for years (controller_utils.go; none in
    1.36), so kubectl shows Terminating.

    Given a pod "web"
    When node "worker-1" becomes NotReady
    Then the pod "web" is not Terminating after 299s
    And the pod "web" is Terminating between 300s and 300s
    And an event "TaintManagerEviction" for pod "web" says "Marking for deletion Pod "
    And the pod "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"
    And the pod "web" is not gone after 10m
    And the pod "web" phase is "Running"
    And the pod "web" shows status "Terminating"

  @behavior:taint-eviction-toleration-seconds
  @upstream:taint-manager-min-toleration-seconds @slow
  Scenario: A pod's own tolerationSeconds replaces the default
    e2e: NoExecuteTaintManager Multiple Pods, evicts pods with
    minTolerationSeconds.

    Given a pod "short":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 60
        containers:
        - name: app
      """
    And a pod "forever":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "short" is Terminating between 60s and 60s
    And the pod "forever" is not Terminating after 10m

  @behavior:taint-eviction-noexecute
  @upstream:taint-manager-evicts-untolerating-pod
  Scenario: A NoExecute taint evicts at once the pods that do not tolerate it
    e2e: NoExecuteTaintManager Single Pod, evicts pods from tainted nodes.
    The tolerating pod is watched for a minute: that a toleration without
    tolerationSeconds holds for ever is the @slow scenario's above (10
    minutes, past the default 300 s), and held this one at 10 min 3 s on
    kind.

    Given a pod "plain"
    And a pod "tolerant":
      """yaml
      spec:
        tolerations:
        - key: dedicated
          operator: Equal
          value: infra
          effect: NoExecute
        containers:
        - name: app
      """
    When node "worker-1" is tainted "dedicated=infra:NoExecute"
    Then the pod "plain" is gone within 0s
    And an event "TaintManagerEviction" is recorded for pod "plain"
    And the pod "tolerant" is not gone after 1m

  @behavior:taint-eviction-cancel
  @upstream:taint-manager-removing-taint-cancels
  Scenario: Removing the taint in time cancels the scheduled deletion
    e2e: NoExecuteTaintManager Single Pod, removing taint cancels eviction.

    Given a pod "web":
      """yaml
      spec:
        tolerations:
        - key: dedicated
          operator: Equal
          value: infra
          effect: NoExecute
          tolerationSeconds: 30
        containers:
        - name: app
      """
    When node "worker-1" is tainted "dedicated=infra:NoExecute"
    And 20s pass
    And the taint "dedicated=infra:NoExecute" is removed from node "worker-1"
    Then an event "TaintManagerEviction" with message containing "Cancelling deletion of Pod" is recorded for pod "web"
    And the pod "web" is not Terminating after 1m

  @behavior:kubelet-restart @needs:kubelet-restart
  Scenario: A kubelet restart leaves the containers running and the pod ready
    Given a pod "web"
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" restarts
    Then the pod "web" has condition "Ready" "True"
    And container "app" of pod "web" has restarted 0 times
    And no event "Killing" is recorded for pod "web"
    And an event "Starting" is recorded
