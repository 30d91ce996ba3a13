@language
Feature: The phrases the sixty-seventh to seventy-first trials' first drafts reach for
  Issue 38's held-out sets 67 to 71 (first drafts written from the README
  alone) said a node's memory as what is left of it (`node "worker-1" has
  24Mi of memory available`: the eviction signal memory.available
  itself), declared a node with its kubelet's eviction threshold in one
  step, said a pod runs on a named node, and put several pods in one state
  in one step.

  @behavior:admission-memory-pressure @needs:node-pressure
  Scenario: A node with little memory left refuses a BestEffort pod
    memory.available is the node's capacity less its working set: 24Mi
    left of 1Gi is 1000Mi used, below the 100Mi threshold, so the
    kubelet reports MemoryPressure and its admission refuses a BestEffort
    pod while a Burstable one is admitted.

    Given a node "worker-1" with 1Gi memory and eviction hard threshold memory.available<100Mi
    And a pod "best-effort" on node "worker-1"
    And a pod "burstable" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 10Mi
      """
    When node "worker-1" has 24Mi of memory available
    Then node "worker-1" has condition "MemoryPressure" "True" within 30s
    When the pods are created
    Then the pod "best-effort" is rejected with reason "Evicted"
    And the pod "burstable" is running on node "worker-1"

  @behavior:scheduling-node-selector @needs:create-nodes
  Scenario: Two pods, each on the node it names, both running
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a node "worker-2" with 2 CPU, 1Gi memory and 110 pods
    And a pod "web" on node "worker-1"
    And a pod "db" on node "worker-2"
    When the pods are created
    Then the pods "web" and "db" are Running
    And the pod "web" is running on node "worker-1"
    And the pod "db" is Running on node "worker-2"

  @behavior:admission-memory-pressure @needs:node-pressure
  Scenario: The threshold in the kubelet flag's words, and memory said as it drops
    Issue 38's set 74 wrote the threshold as the kubelet's flag writes it
    and the memory left as a drop.

    Given a node "worker-1" with 1Gi of memory and eviction-hard "memory.available<100Mi"
    And a pod "best-effort" on node "worker-1"
    When the available memory on node "worker-1" drops to 80Mi
    Then node "worker-1" has condition "MemoryPressure" "True" within 30s
    When the pod "best-effort" is created
    Then the pod "best-effort" is rejected with reason "Evicted"
