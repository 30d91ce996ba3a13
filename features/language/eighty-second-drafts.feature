@language
Feature: The phrases later first drafts reach for
  Issue 38's held-out sets 72 to 81 (first drafts written from the README
  alone) said of a node under one kind of pressure that it never has
  another (`node "worker-1" never has condition "DiskPressure" "True"`),
  which no phrase said: the node's timeline over the whole scenario; and
  named a node's events as `kubectl describe node` lists them.

  @behavior:pressure-condition-immediate @needs:node-pressure
  Scenario: Memory pressure brings no disk pressure
    The eviction manager reports each signal's pressure by its own
    thresholds: memory.available below its threshold sets MemoryPressure,
    and the disk's signals, untouched, leave DiskPressure False.

    Given a node "worker-1" with 1Gi of memory and eviction-hard "memory.available<100Mi"
    When the available memory on node "worker-1" drops to 80Mi
    Then node "worker-1" has condition "MemoryPressure" "True" within 30s
    And node "worker-1" never has condition "DiskPressure" "True"
    And node "worker-1" never has condition "PIDPressure" "True"

  @behavior:pressure-condition-immediate @needs:node-pressure
  Scenario: A node under memory pressure says so in its events
    The kubelet's node status records NodeHasInsufficientMemory when
    MemoryPressure turns True, and its eviction manager
    EvictionThresholdMet ("Attempting to reclaim memory") at the pass
    that finds the threshold crossed; no event says disk pressure.

    Given a node "worker-1" with 1Gi of memory and eviction-hard "memory.available<100Mi"
    When the available memory on node "worker-1" drops to 80Mi
    Then an event "EvictionThresholdMet" is recorded for node "worker-1" within 30s
    And an event "NodeHasInsufficientMemory" is recorded for node "worker-1"
    And an event "EvictionThresholdMet" is recorded for node "worker-1" with message containing "memory"
    And no event "NodeHasDiskPressure" is recorded for node "worker-1"

  @behavior:deployment-rolling-fenceposts
  Scenario: A rollout's pods named by their revision
    Issue 38's set 80 named a Deployment's pods by the revision that made
    them, and batch 10 a workload's one pod before and after as old and
    new. A restart makes revision 2; with one replica, a surge of 1 and
    no unavailability, its pod starts first and revision 1's pod is
    deleted (`is deleted at`, its deletion requested, as `is deleted
    within` is) once the new one is Ready, 3 s after it was created, and is
    gone 5 s later, when its app has taken 5 s to exit after SIGTERM.

    Given a deployment "web" of 1 pod:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    And container "app" of pod "web" becomes ready after 3s
    And container "app" of pod "web" takes 5s to exit after SIGTERM
    When the deployment "web" is restarted
    Then the pod of revision 2 is Ready within 3s
    And the pod of revision 1 of deployment "web" receives SIGTERM within 3s
    And the pod of revision 1 is deleted at 3s
    And the pod of revision 1 is gone within 8s
    And the first pod of revision 2 of deployment "web" is Running
    And the old pod is gone
    And the new pod of deployment "web" is Ready
