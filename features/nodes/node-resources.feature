@nodes
Feature: A node's disk, its process-id limit and what it reserves for the system
  The kubelet reports a node's capacity and, less what it reserves for
  the system (systemReserved), its allocatable: what the scheduler and
  the kubelet's admission fit pods into
  (pkg/kubelet/cm/node_container_manager_linux.go,
  GetNodeAllocatableReservation). Its eviction manager measures
  nodefs.available against the node's disk and pid.available against its
  process-id limit (kernel.pid_max), a percentage threshold being of them
  (pkg/kubelet/eviction/helpers.go, makeSignalObservations).

  @behavior:node-reserved-allocatable
  Scenario: What a node reserves for the system is not its pods'
    2Gi of memory less 1Gi reserved leaves 1Gi allocatable: a pod asking
    for 1536Mi fits the node's capacity but not its allocatable, and
    stays Pending.

    Given a node "worker-1" with 2 CPU, 2Gi memory and 110 pods
    And node "worker-1" has 0 CPU and 1Gi memory reserved for the system
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 1536Mi
      """
    And a pod "small":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 512Mi
      """
    When the pods are created
    Then the pod "big" stays Pending with reason "Unschedulable"
    And the pod "small" is Running within 30s

  @behavior:node-disk-size @needs:node-pressure
  Scenario: A node's disk is what nodefs.available is measured against
    A 4Gi disk with 3Gi written holds 1Gi: below a 1536Mi threshold, the
    writer is evicted for disk pressure. On the default node's 100Gi disk
    the same write leaves the node far above it.

    Given a node "worker-1" with 4Gi disk
    And the kubelet hard eviction threshold is "nodefs.available<1536Mi"
    And a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir: {}
      """
    And container "app" of pod "writer" writes 3Gi to volume "scratch" after 5s
    When the pod "writer" is created
    Then node "worker-1" has condition "DiskPressure" "True" within 1m
    And the pod "writer" is evicted within 1m
    And the pod "writer" is evicted with message containing "The node was low on resource: ephemeral-storage. "

  # @sim: on a kind node pid.available is the host's: its thresholds are
  # translated from the declared limit (docs/fidelity.md, "The declared
  # node, on a real one"), and the eviction message gives the host's
  # figures, not the declared node's.
  @behavior:node-pid-limit @needs:node-pressure @sim
  Scenario: A node's PID limit is what pid.available is measured against
    A threshold of 10% of a PID limit of 1000 is 100 processes; the
    pressure brings pid.available to half of it, and the pod's one
    process is on top.

    Given a node "worker-1" with a PID limit of 1000
    And the kubelet hard eviction threshold is "pid.available<10%"
    And a pod "web"
    When node "worker-1" comes under PID pressure
    Then the pod "web" is evicted within 10s
    And the pod "web" is evicted with message containing "The node was low on resource: pids. Threshold quantity: 100, available: 49. "
