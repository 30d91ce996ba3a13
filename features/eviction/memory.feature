@eviction @needs:node-pressure
Feature: Node-pressure eviction under memory pressure
  The kubelet's eviction manager observes memory.available every 10 s. When
  a hard threshold is met it raises MemoryPressure, ranks the active pods —
  usage above the memory request first, then lower priority, then larger
  usage above the request; the QoS class is not a key — and evicts at most
  one pod per pass, with a grace period of 1 s (lifecycle-facts §9.2–§9.5).
  It observes the node fresh, but ranks the pods by cAdvisor's last
  samples of their cgroups: a sample as the cgroup is made, then one every
  10 to 30 s. A pod's usage shows in its ranking 20 s after it starts at
  the latest, so the scenarios that rank by usage let the pods run 30 s
  before the pressure.
  Here every kubelet evicts below 100Mi of available memory on nodes of
  1Gi; "comes under memory pressure" brings memory.available to half the
  threshold by usage outside the pods, which evictions do not relieve.

  Background:
    Given the kubelet hard eviction threshold is "memory.available<100Mi"
    And a node "worker-1" with 2 CPU, 1Gi memory and 110 pods

  @behavior:eviction-memory-hard @seed:001
  @upstream:memory-allocatable-eviction
  Scenario: A pod using far more than it requested is evicted when memory runs low
    e2e: MemoryAllocatableEviction, should eventually evict all of the
    correct pods.

    Given a pod "hog":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "hog" uses 950Mi of memory after 5s
    When the pod "hog" is created
    Then the pod "hog" is evicted within 10s
    And the pod "hog" phase is "Failed"
    And container "app" of pod "hog" receives SIGTERM
    And the pod "hog" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"
    And an event "Evicted" is recorded for pod "hog"

  @behavior:eviction-memory-hard
  Scenario: Once the pod that used the memory is gone, the pressure ends and the others stay
    The kubelet ranks the pods by cAdvisor's last samples of their
    cgroups, which may be older than the hog's fill (a housekeeping every
    10 to 30 s): "quiet" requests more memory than it uses, so that it
    ranks after the hog whatever the samples say.

    Given a pod "hog"
    And container "app" of pod "hog" uses 950Mi of memory after 5s
    And a pod "quiet":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    When the pods are created
    Then the pod "hog" is evicted within 10s
    And the pod "quiet" is not evicted
    And the pod "quiet" phase is "Running"

  # @sim: the pass must come less than 10 s after "late"'s pod cgroup was
  # made, before its second sample. The kubelet's eviction loop keeps the
  # phase of its start (eviction_manager.go Start), which a scenario
  # cannot place on a cluster: there the pass after the fill may come up
  # to 10 s later, when the second sample may show it. The simulator's
  # kubelet starts its loop with the scenario, so the pass comes at 30 s.
  @behavior:eviction-rank-cached-stats @sim
  Scenario: A pod that filled its memory since its cgroup's last sample ranks by what it used then
    The eviction manager reads the node's memory fresh but ranks the pods
    by cAdvisor's last samples of their cgroups: one as the cgroup is
    made, the next 10 to 20 s later. At the pass 5 s after "late" started
    its only sample is that first one, of nothing, while "early"'s show
    its 300Mi: "early" goes first though "late" uses more, and once it is
    gone the pressure ends and "late" stays.

    Given a pod "early"
    And container "app" of pod "early" uses 300Mi of memory after 1s
    And a pod "late"
    And container "app" of pod "late" uses 700Mi of memory after 1s
    When the pod "early" is created
    And 25s pass
    And the pod "late" is created
    Then the pod "early" is evicted within 10s
    And the pod "early" is evicted with message containing "Threshold quantity: 100Mi, available: 24Mi. "
    And the pod "late" is not evicted
    And the pod "late" phase is "Running"

  @behavior:eviction-message @sim
  Scenario: The eviction message names the resource, the threshold and the offending container
    Given a pod "hog":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "hog" uses 950Mi of memory after 5s
    When the pod "hog" is created
    Then the pod "hog" is evicted with message containing "The node was low on resource: memory. Threshold quantity: 100Mi, available: 74Mi. "
    And the pod "hog" is evicted with message containing "Container app was using 950Mi, request is 100Mi, has larger consumption of memory. "

  @behavior:eviction-rank-priority @seed:000
  Scenario: The eviction-order trap: a high-priority BestEffort pod outlives a low-priority Burstable pod
    QoS class is not a ranking key. Both pods use more than they request;
    the lower priority goes first, Burstable or not.

    Given a priority class "important" with value 1000
    And a pod "best-effort":
      """yaml
      spec:
        priorityClassName: important
        containers:
        - name: app
      """
    And container "app" of pod "best-effort" uses 200Mi of memory after 1s
    And a pod "burstable":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "burstable" uses 300Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then the pods are evicted in this order: "burstable", "best-effort"
    And the pod "best-effort" has QoS class "BestEffort"
    And the pod "burstable" has QoS class "Burstable"

  @behavior:eviction-rank-exceeds
  @upstream:priority-memory-eviction-ordering
  Scenario: A pod above its request goes before a lower-priority pod within its request
    e2e: PriorityMemoryEvictionOrdering, should eventually evict all of the
    correct pods.

    Given a priority class "important" with value 1000
    And a pod "greedy":
      """yaml
      spec:
        priorityClassName: important
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "greedy" uses 200Mi of memory after 1s
    And a pod "modest":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 512Mi
      """
    And container "app" of pod "modest" uses 450Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then the pods are evicted in this order: "greedy", "modest"

  @behavior:eviction-rank-usage
  Scenario: Between pods of one priority above their requests, the larger excess goes first
    Given a pod "small":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "small" uses 150Mi of memory after 1s
    And a pod "large":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 300Mi
      """
    And container "app" of pod "large" uses 500Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then the pods are evicted in this order: "large", "small"

  @behavior:eviction-one-per-pass
  Scenario: One pod per pass; the next pass comes once the evicted pod is cleaned up
    The eviction manager evicts at most one pod per pass, then polls every
    second for the pod to be cleaned up and synchronizes again at once.

    Given a pod "first"
    And container "app" of pod "first" uses 300Mi of memory after 1s
    And a pod "second"
    And container "app" of pod "second" uses 200Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then the pod "first" is evicted between 10s and 10s
    And the pod "second" is evicted between 11s and 11s

  @behavior:eviction-wait-cleanup
  Scenario: A pod that ignores SIGTERM delays the next eviction until it is killed
    Given a pod "stubborn" with terminationGracePeriodSeconds 30
    And container "app" of pod "stubborn" uses 300Mi of memory after 1s
    And container "app" of pod "stubborn" ignores SIGTERM
    And a pod "next"
    And container "app" of pod "next" uses 200Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then container "app" of pod "stubborn" receives SIGTERM at 10s
    And container "app" of pod "stubborn" receives SIGKILL at 12s
    And the pod "stubborn" is evicted between 12s and 12s
    And the pod "next" is evicted between 13s and 13s

  @behavior:eviction-hard-grace
  @upstream:evicted-pods-should-be-terminal
  Scenario: A hard eviction gives one second, whatever the pod's grace period
    Hard evictions use immediateEvictionGracePeriodSeconds = 1 (1.31+): the
    preStop hook is cut off after 1 s and the stop signal gets the 2 s
    floor. e2e: Pods Extended, Pod Container lifecycle, evicted pods should
    be terminal.

    Given a pod "web" with terminationGracePeriodSeconds 60:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "10"]
      """
    And container "app" ignores SIGTERM
    When node "worker-1" comes under memory pressure
    Then container "app" runs its preStop hook at 10s
    And container "app" receives SIGTERM at 11s
    And container "app" receives SIGKILL at 13s
    And the pod "web" phase is "Failed"

  @behavior:evicted-status-after-stop
  Scenario: The API shows Failed and Evicted only once the containers have stopped
    The kubelet holds back a terminal phase, and the DisruptionTarget
    condition, while a container could still run (mergePodStatus).

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When node "worker-1" comes under memory pressure
    Then the timeline of pod "web" is:
      | at  | container | event                      |
      | 10s | -         | Event(Evicted)             |
      | 10s | app       | SIGTERM                    |
      | 12s | app       | Exited(137)                |
      | 12s | -         | Condition(DisruptionTarget=True) |
      | 12s | -         | Phase(Failed)              |
      | 12s | -         | Evicted                    |
    And the pod "web" is not Failed after 11s

  @behavior:evicted-pod-kept @slow
  Scenario: An evicted pod stays in the API as a Failed object
    The kubelet does not delete evicted pods: they remain until their owner
    or the pod garbage collector removes them.

    Given a pod "web"
    When node "worker-1" comes under memory pressure
    And 5m pass
    Then the pod "web" phase is "Failed"
    And the pod "web" is not gone after 0s

  @behavior:pressure-condition-taint
  Scenario: Memory pressure sets the node's condition, its event and the NoSchedule taint
    Given a pod "web"
    When node "worker-1" comes under memory pressure
    Then node "worker-1" has condition "MemoryPressure" "True" within 10s
    And node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule"
    And an event "NodeHasInsufficientMemory" is recorded
    And an event "EvictionThresholdMet" is recorded

  @behavior:eviction-per-node @needs:create-nodes
  Scenario: Pressure on one node of three evicts that node's pods only
    Given a node "worker-2" with 2 CPU, 1Gi memory and 110 pods
    And a node "worker-3" with 2 CPU, 1Gi memory and 110 pods
    And a pod "a" with QoS class "Burstable" on node "worker-1"
    And a pod "b" with QoS class "Burstable" on node "worker-2"
    And a pod "c" with QoS class "Burstable" on node "worker-3"
    When node "worker-2" comes under memory pressure
    Then the pod "b" is evicted within 10s
    And the pod "a" is not evicted
    And the pod "c" is not evicted
    And node "worker-1" has condition "MemoryPressure" "False"

  @behavior:memory-over-time @behavior:eviction-rank-usage
  Scenario: Memory that grows in steps is ranked by what it uses at the time
    Two statements of one container's memory are a step function of
    time: "grower" uses 300Mi from 5s and 950Mi from 60s. At the pass
    after 30s it is 200Mi above its request, "steady" 150Mi: "grower"
    goes first, and the message names it by its container and request (the
    usage figure is the node's own: 300Mi here, the agent's cgroup on kind).
    Once it is gone the pressure ends and "steady" stays.

    Given a pod "grower":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "grower" uses 300Mi of memory after 5s
    And container "app" of pod "grower" uses 950Mi of memory after 60s
    And a pod "steady":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    And container "app" of pod "steady" uses 250Mi of memory after 1s
    When 30s pass
    And node "worker-1" memory usage reaches 1000Mi
    Then the pod "grower" is evicted within 10s
    And the pod "grower" is evicted with message containing "Container app was using "
    And the pod "grower" is evicted with message containing ", request is 100Mi, has larger consumption of memory. "
    And the pod "steady" is not evicted
