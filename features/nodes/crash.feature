@nodes @needs:node-crash
Feature: A node crashes and never comes back
  Seed 001's "node crash": pods interrupted for about 15 minutes. Today's
  arithmetic (v1.36.3 defaults): the node-lifecycle controller marks the
  node 40 to 55 s after its last heartbeat (node-monitor-grace-period
  50 s, checked every 5 s, a Lease renewed every 10 s), taints it
  unreachable (NoSchedule and NoExecute) and marks its pods Ready=False;
  the taint-eviction controller deletes each pod when its toleration
  (DefaultTolerationSeconds: 300 s) runs out. With no kubelet to finish the
  deletion the pod stays Terminating, its phase unchanged, until the Node
  object is deleted (the pod garbage collector then force-deletes it after
  a 40 s quarantine) or someone force-deletes it. A replica set's
  replacement is created at the deletion and runs on another node. The
  seed's older defaults (40 s grace, pod-eviction-timeout 5 min) gave
  5 min 40 s to the deletion; its 15 minutes are not the controllers'.

  @behavior:node-crash-terminating @behavior:lost-node-terminating @seed:001 @slow
  Scenario: The pods of a crashed node are deleted after 300 s and stay Terminating
    Given a pod "web"
    When node "worker-1" crashes
    Then node "worker-1" has condition "Ready" "Unknown" within 1m
    And the pod "web" has condition "Ready" "False"
    And the pod "web" is not Terminating after 339s
    And the pod "web" is Terminating within 6m
    And the pod "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"
    And the pod "web" is not gone after 15m
    And the pod "web" phase is "Running"
    And the pod "web" shows status "Terminating"

  @behavior:node-crash-force-delete @seed:001 @slow
  Scenario: A force delete removes a crashed node's Terminating pod at once
    Given a pod "web"
    When node "worker-1" crashes
    And 6m pass
    Then the pod "web" is Terminating
    When the pod "web" is force deleted
    Then the pod "web" is gone within 1s

  @behavior:node-crash-pod-gc @needs:node-delete @seed:001
  Scenario: Deleting a crashed node's object lets the pod garbage collector remove its pods
    pkg/controller/podgc gcOrphaned: every 20 s the controller looks for
    pods bound to a node that no longer exists; it queues the node for
    40 s (quarantineTime), then marks each pod Failed with DisruptionTarget
    DeletionByPodGC and deletes it with grace 0. When the first pass
    after the deletion comes is the loop's phase: 40 to 60 s. Not run on
    kind: the pool's nodes carry labels and taints a kubelet registering
    again would not restore.

    Given a pod "web"
    When node "worker-1" crashes
    And node "worker-1" is deleted
    Then the pod "web" is not gone after 39s
    And the pod "web" is gone within 1m

  @behavior:node-crash-replacement @seed:001 @slow
  Scenario: A replica set's pod on a crashed node is replaced on another node 340 to 355 s after the crash
    The template asks for 1 CPU; the scheduler's LeastAllocated score
    puts the first pod on the larger worker-1. When worker-1 crashes, its
    pod is deleted once its 300 s toleration runs out (340 to 355 s after
    the crash); the ReplicaSet controller counts it no longer (being
    deleted) and creates a replacement at once, which the unreachable
    NoSchedule taint keeps off worker-1: it runs on worker-2. The old pod
    stays Terminating beside it.

    Given a node "worker-1" with 8 CPU, 16Gi memory and 110 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a replica set "web" of 1 pod:
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
      """
    Then 1 pod of replica set "web" is on node "worker-1"
    When node "worker-1" crashes
    And 339s pass
    Then the replica set "web" has created 1 pod
    When 17s pass
    Then the replica set "web" has created 2 pods
    And 1 pod of replica set "web" is on node "worker-2"
    And 1 pod of replica set "web" is Ready
    And pod 1 of replica set "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"
