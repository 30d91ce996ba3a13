@language
Feature: The phrases a twenty-second trial's first drafts reach for: DaemonSets
  Issue 38: a first draft about draining a node declared a DaemonSet whose
  pod runs on the node, and expected the drain to leave that pod alone, as
  `kubectl drain --ignore-daemonsets` does (k8s.io/kubectl/pkg/drain
  filters.go, daemonSetFilter). The DaemonSet controller runs one pod on
  each node that should run it and adds tolerations to its pods
  (pkg/controller/daemon/util/daemonset_util.go,
  AddOrUpdateDaemonPodTolerations, v1.36.3).

  @behavior:drain-ignores-daemonsets @needs:node-lifecycle
  Scenario: A drain evicts the node's pod and leaves the DaemonSet's pod where it is
    The draft's drain, with --force for its pod that no controller manages
    (without it kubectl drain refuses the node: unreplicatedFilter). The
    drain step implies --ignore-daemonsets, so the DaemonSet's pod is
    skipped with a warning, not evicted: it is the same pod, still Running,
    after the drain has completed.

    Given a node "worker-1"
    And a daemon set "node-exporter" on node "worker-1"
    And a pod "web" on node "worker-1"
    When node "worker-1" is drained with "--force"
    Then the eviction of pod "web" is accepted
    And the pod "web" is gone within 5s
    And the drain of node "worker-1" completes
    And the daemon set pod of "node-exporter" is not evicted
    And the daemon set pod of "node-exporter" is Running
    And the daemon set "node-exporter" still has 1 pod on node "worker-1"

  @behavior:daemonset-one-pod-per-node
  Scenario: A DaemonSet runs one pod on each node whose taints it tolerates
    Its controller adds no toleration for a taint of the user's own
    (NodeShouldRunDaemonPod: the NoSchedule taint is not tolerated), so the
    tainted node gets no pod.

    Given a node "worker-1"
    And a node "worker-2"
    And node "worker-2" is tainted "dedicated=infra:NoSchedule"
    And a daemon set "node-exporter"
    When 10 seconds pass
    Then the daemon set "node-exporter" has 1 pod on node "worker-1"
    And the daemon set "node-exporter" has 0 pods on node "worker-2"
    And the pod of daemon set "node-exporter" on node "worker-1" is Running

  @behavior:daemonset-tolerations @needs:node-lifecycle @slow
  Scenario: A DaemonSet's pod stays on a lost node, where another pod is deleted after 300 s
    The controller gives its pods the unreachable and not-ready NoExecute
    tolerations without tolerationSeconds, so the DefaultTolerationSeconds
    admission plugin adds none of its 300 s ones, and the taint-eviction
    controller never deletes the pod; the other pod has the defaults.

    Given a daemon set "node-exporter" on node "worker-1"
    And a pod "web" on node "worker-1"
    When node "worker-1" becomes NotReady
    Then the pod "web" is Terminating between 300s and 300s
    And the daemon set pod of "node-exporter" is never Terminating

  @behavior:daemonset-one-pod-per-node
  Scenario: The pods are created where only workloads are declared
    Held-out set 30 declared a DaemonSet and a Deployment and then said
    `When the pods are created`: their controllers make the pods.
    Given a daemon set "node-exporter" on node "worker-1"
    And a deployment "web" of 1 pod
    When the pods are created
    Then the daemon set "node-exporter" has 1 pod on node "worker-1"
    And the deployment "web" has 1 pod
