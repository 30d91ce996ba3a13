@language
Feature: A crash loop's restart windows by exit, a cluster by its nodes, a taint in a window
  Issue 38's fifteenth held-out batch timed a crash-looping container's
  restarts as windows after each exit (`is restarted between 10s and 13s
  after its 1st exit`, twelve times), declared its nodes as a cluster's
  (`a cluster with nodes "worker-1" and "worker-2"`, twelve times) and
  timed a node's taint in a window (`gets taint "…" between 40s and 65s`,
  six times).

  @behavior:crashloop-backoff @behavior:crashloop-backoff-doubles
  Scenario: A crash loop's restarts, each in a window after the exit before it
    The first restart is immediate; the second waits the 10 s back-off,
    the third 20 s, each up to half as long again while the pod worker's
    jittered requeue comes.

    Given a pod "settler"
    And container "app" exits with code 1 after 2s
    When the pod "settler" is created
    Then container "app" is restarted between 0s and 2s after its first exit
    And container "app" is restarted between 10s and 16s after its second exit
    And container "app" is restarted between 20s and 31s after its 3rd exit

  @behavior:scheduling-pressure-taint @needs:node-pressure
  Scenario: A cluster of two nodes, one of them tainted under memory pressure
    The kubelet sees the pressure at its eviction manager's next pass (every
    10 s), reports MemoryPressure, and the node lifecycle controller taints
    the node at its next pass after that: at 10 s on the simulator, whose
    passes fall on the pressure's own second.

    Given a cluster with nodes "worker-1" and "worker-2"
    And the kubelet hard eviction threshold is "memory.available<500Mi"
    When node "worker-1" comes under memory pressure
    Then node "worker-1" gets taint "node.kubernetes.io/memory-pressure:NoSchedule" between 10s and 10s
    And node "worker-2" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"
