@static @needs:static-pods
Feature: Static pods and their mirror pods
  The kubelet runs a static pod from a manifest on its node: no scheduling
  (spec.nodeName is preset), a mirror pod named <name>-<node> in the API
  carrying its status, a toleration of every NoExecute taint. Deleting the
  mirror pod does not touch the containers: the kubelet recreates it
  (lifecycle-facts §11).

  @behavior:static-mirror-pod
  Scenario: A static pod runs without being scheduled
    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    Then the pod "etcd" is Running within 1s
    And no event "Scheduled" is recorded for pod "etcd"
    And an event "Started" is recorded for container "app" of pod "etcd"

  @behavior:mirror-recreated @behavior:mirror-status-reconcile
  @upstream:mirror-pod-recreated-when-deleted
  Scenario: Deleting the mirror pod recreates it and leaves the containers running
    e2e: MirrorPod, should be recreated when mirror pod gracefully deleted.
    The new mirror pod is created empty (Pending); the kubelet's status
    manager writes the pod's status to it at its next sync, which on a real
    kubelet comes up to 10 s later (syncPeriod): seen live at 6 s.

    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "etcd" is deleted
    Then the timeline of pod "etcd" is:
      | at | container | event           |
      | 0s | -         | DeleteRequested(30s) |
      | 0s | -         | Deleted         |
      | 0s | -         | PodCreated      |
    And the pod "etcd" is Running between 0s and 10s
    And container "app" of pod "etcd" has restarted 0 times
    And no event "Killing" is recorded for pod "etcd"
    And the pod "etcd" phase is "Running"

  @behavior:mirror-recreated-after-force-delete
  @upstream:mirror-pod-recreated-when-force-deleted
  Scenario: Force deleting the mirror pod recreates it at the pod's next resync
    e2e: MirrorPod, should be recreated when mirror pod forcibly deleted
    (it waits up to 2 minutes). The kubelet's sync that sees the mirror pod
    removed finds nothing left to delete and creates nothing; the pod's
    next periodic sync, a minute later stretched by up to half, does.

    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "etcd" is force deleted
    Then the pod "etcd" is gone within 1s
    And the pod "etcd" is not Running after 30s
    And the pod "etcd" is Running between 60s and 101s
    And container "app" of pod "etcd" never receives SIGTERM

  @behavior:static-tolerates-noexecute @needs:node-lifecycle @slow
  Scenario: A static pod stays on a lost node while ordinary pods are marked for deletion
    Given a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "web"
    When node "worker-1" becomes NotReady
    Then the pod "web" is Terminating within 300s
    And the pod "etcd" is not Terminating after 10m

  @behavior:admission-noexecute-taint @sim
  Scenario: A static pod is admitted on a node with a NoExecute taint it does not tolerate
    The kubelet checks NoExecute taints at admission, but not for static
    pods; an API pod bound there is rejected.

    Given node "worker-1" is tainted "dedicated=infra:NoExecute"
    And a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    Then the pod "etcd" is Running within 1s
    And the pod "web" is rejected with reason "TaintToleration"
