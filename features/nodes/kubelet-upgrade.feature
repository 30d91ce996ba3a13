@nodes
Feature: Kubelet restarts and upgrades on a node that keeps its pods
  Seed 001's table of interruptions: a kubelet upgrade keeps the
  containers; across some versions it recreates them. The runtime keeps,
  with each container, the hash the kubelet that created it computed of
  the container's spec (the io.kubernetes.container.hash annotation). A
  restarted kubelet compares it, for every running container, with the
  hash it computes itself (computePodActions, containerChanged): a
  container whose hash differs is killed, with the pod's grace period and
  its preStop hook, and started again whatever the restart policy
  ("Container app definition changed, will be restarted"); the others
  are kept. From 1.31 the hash covers the container's name and image only
  (PR #124220); up to 1.30 it covered the whole serialized spec. So an
  upgrade between two releases of 1.31 or later keeps the containers, an
  upgrade from 1.30 to 1.31 restarts every running container once
  (kubernetes issue #129385; the maintainers' answer there: running
  containers are not supported across a minor kubelet upgrade, drain the
  node first, as the version skew policy says).

  The version after `upgraded to` is the kubelet's new release; the old
  one is the scenario's (@kubelet). A kubelet is never newer than its API
  server, so the scenarios name their control plane (@control-plane). On
  kind, the node is a pool node whose kubelet is the scenario's release
  (the skewed node's binary) while the scenario runs; the upgrade puts the
  newer release's binary in place and restarts the kubelet.

  @behavior:kubelet-restart @needs:kubelet-restart
  @upstream:kubelet-restart-completed-init-containers
  Scenario: A kubelet restart keeps the running container and does not run completed init containers again
    e2e_node: Containers Lifecycle, "should not restart any completed init
    container after the kubelet restart" (test/e2e_node/container_lifecycle_test.go),
    and the regular container keeps running.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: setup
        containers:
        - name: app
      """
    And container "setup" runs to completion after 1s
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" restarts
    Then the pod "web" has condition "Ready" "True"
    And init container "setup" of pod "web" has restarted 0 times
    And container "app" of pod "web" has restarted 0 times
    And container "app" of pod "web" never receives SIGTERM
    And no event "Killing" is recorded for pod "web"

  @behavior:kubelet-upgrade-keeps-containers @seed:001 @needs:kubelet-upgrade
  @kubelet:1.35 @control-plane:1.36
  Scenario: A kubelet upgraded from 1.35 to 1.36 keeps the containers
    Both releases hash a container's name and image: the hashes kept since
    the containers' creation are the ones the new kubelet computes.

    Given a pod "web"
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.36"
    Then the pod "web" has condition "Ready" "True"
    And container "app" of pod "web" has restarted 0 times
    And container "app" of pod "web" never receives SIGTERM
    And no event "Killing" is recorded for pod "web"
    And an event "Starting" is recorded within 1m

  @behavior:kubelet-upgrade-keeps-containers @needs:kubelet-upgrade
  @kubelet:1.34 @control-plane:1.36
  Scenario: A kubelet upgraded from 1.34 to 1.36, skipping a minor release, keeps its sidecar and containers
    The version skew policy lets a kubelet be up to three minor releases
    older than its API server and says nothing against skipping one on
    the way up.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: setup
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "setup" runs to completion after 1s
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.36"
    Then the pod "web" has condition "Ready" "True"
    And the pod "web" has 0 restarts
    And init container "setup" of pod "web" has restarted 0 times
    And init container "proxy" of pod "web" never receives SIGTERM
    And container "app" of pod "web" never receives SIGTERM
    And no event "Killing" is recorded for pod "web"

  # @sim: kind's cluster has kubelets 1.33 to 1.36 only; a 1.30 kubelet
  # needs a control plane of 1.33 at most, a cluster of its own
  # (make test-live-versions), and podlife swaps kubelets only among the
  # releases of one cluster.
  @behavior:kubelet-upgrade-hash-change @seed:001 @needs:kubelet-upgrade @sim
  @kubelet:1.30 @control-plane:1.31
  Scenario: A kubelet upgraded from 1.30 to 1.31 restarts every running container once
    1.30 hashed the whole spec, 1.31 hashes the name and image: every
    running container's kept hash differs from the new one. SyncPod kills
    each (one after the other, in a map's order upstream, which these
    containers, stopping at once, do not show), then starts them again at
    once, each restart count one more; no further restart follows.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
        - name: logger
      """
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.31"
    Then container "app" of pod "web" receives SIGTERM at 0s
    And container "logger" of pod "web" receives SIGTERM at 0s
    And an event "Killing" for pod "web" says "Container app definition changed, will be restarted"
    And an event "Killing" with message containing "Container logger definition changed" is recorded for container "logger" of pod "web"
    And the pod "web" has condition "Ready" "True"
    And container "app" of pod "web" has restarted 1 time
    And container "logger" of pod "web" has restarted 1 time
    And an event "Killing" is recorded for pod "web" 2 times

  # @sim: as above, no 1.30 kubelet on kind.
  @behavior:kubelet-upgrade-hash-change @needs:kubelet-upgrade @sim
  @kubelet:1.30 @control-plane:1.31
  Scenario: Across the hash change a running sidecar restarts too, a completed init container does not
    computeInitContainerActions compares a running sidecar's hash as
    computePodActions compares a container's ("Init container proxy
    definition changed"); an init container that has exited is not running
    and is not compared.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: setup
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "setup" runs to completion after 1s
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.31"
    Then an event "Killing" for pod "web" says "Init container proxy definition changed"
    And init container "proxy" of pod "web" has restarted 1 time
    And container "app" of pod "web" has restarted 1 time
    And init container "setup" of pod "web" has restarted 0 times

  # @sim: as above, no 1.30 kubelet on kind.
  @behavior:kubelet-upgrade-hash-change @needs:kubelet-upgrade @sim
  @kubelet:1.30 @control-plane:1.31
  Scenario: Across the hash change a container restarts even under restartPolicy Never, after its preStop hook
    computePodActions restarts a container whose definition changed
    regardless of the restart policy; killContainer runs its preStop hook
    within the pod's grace period first. The pod stays Running.

    Given a pod "job" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 2"]
      """
    When the pod "job" becomes Running
    And the kubelet on node "worker-1" is upgraded to version "1.31"
    Then container "app" of pod "job" runs its preStop hook at 0s
    And container "app" of pod "job" receives SIGTERM at 2s
    And container "app" of pod "job" has restarted 1 time
    And the pod "job" phase is "Running"

  # @sim: kind has no 1.29 or 1.30 kubelet.
  @behavior:kubelet-upgrade-keeps-containers @needs:kubelet-upgrade @sim
  @kubelet:1.29 @control-plane:1.30
  Scenario: A kubelet upgraded from 1.29 to 1.30 keeps the containers
    Both hash the whole serialized spec, and the two kubelets serialize
    the container alike: it uses no field one of them does not know.

    Given a pod "web"
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.30"
    Then container "app" of pod "web" has restarted 0 times
    And container "app" of pod "web" never receives SIGTERM

  @behavior:kubelet-upgrade-keeps-containers @needs:kubelet-upgrade
  @kubelet:1.33 @control-plane:1.36
  Scenario: A kubelet upgraded from 1.33 to 1.35 keeps the containers
    On kind the upgrade's binary is the 1.35 skewed node's, as the lease's
    is the 1.33 node's: neither release is the cluster's own.

    Given a pod "web"
    When the pod "web" becomes Ready
    And the kubelet on node "worker-1" is upgraded to version "1.35"
    Then the pod "web" has condition "Ready" "True"
    And container "app" of pod "web" has restarted 0 times
    And container "app" of pod "web" never receives SIGTERM
    And no event "Killing" is recorded for pod "web"
