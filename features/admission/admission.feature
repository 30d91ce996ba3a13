@admission
Feature: Kubelet admission
  A pod bound to a node (here by spec.nodeName, bypassing the scheduler)
  goes through the kubelet's admit handlers: the eviction manager's, then
  the predicates (resources, node affinity, NoExecute taints). A rejected
  pod is Failed with the handler's reason and "Pod was rejected: …", keeps
  its QoS class, has no container statuses, and never reaches a pod worker
  (lifecycle-facts §10).

  @behavior:admission-resources @seed:001
  Scenario: A pod asking for more cpu than the node has is rejected with OutOfcpu
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    Then the pod "web" is rejected with reason "OutOfcpu"
    And the pod "web" phase is "Failed"
    And the pod "web" shows status "OutOfcpu"
    And the pod "web" has QoS class "Burstable"
    And an event "OutOfcpu" is recorded for pod "web"
    And no event "Started" is recorded for pod "web"

  @behavior:admission-resources
  Scenario: The rejection message gives the request, the use and the capacity (memory in bytes)
    Given a node "worker-1" with 4 CPU, 1Gi memory and 110 pods
    And a pod "first" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 768Mi
      """
    And a pod "second" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 512Mi
      """
    When the pod "first" is created
    And the pod "first" becomes Running
    And the pod "second" is created
    Then the pod "second" is rejected with reason "OutOfmemory"
    And an event "OutOfmemory" is recorded for pod "second"
    And the timeline of pod "second" is:
      | at | container | event                  |
      | 0s | -         | Event(OutOfmemory)     |
      | 0s | -         | Rejected(OutOfmemory)  |
      | 0s | -         | Phase(Failed)          |

  @behavior:admission-resources
  Scenario: The node's pod capacity is enforced with OutOfpods
    Given a node "worker-1" with 4 CPU, 8Gi memory and 1 pods
    And a pod "first" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "second" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "first" is created
    And the pod "first" becomes Running
    And the pod "second" is created
    Then the pod "second" is rejected with reason "OutOfpods"
    And the pod "first" phase is "Running"

  @behavior:admission-node-affinity
  Scenario: A pod bound to a node its nodeSelector does not match is rejected with NodeAffinity
    Given a pod "web" on node "worker-1":
      """yaml
      spec:
        nodeSelector:
          disktype: ssd
        containers:
        - name: app
      """
    Then the pod "web" is rejected with reason "NodeAffinity"

  @behavior:admission-memory-pressure @needs:node-pressure @seed:001
  Scenario: Under memory pressure a BestEffort pod is rejected with reason Evicted, a Burstable one admitted
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And the kubelet hard eviction threshold is "memory.available<100Mi"
    And a pod "best-effort" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "burstable" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 10Mi
      """
    When node "worker-1" memory usage reaches 1000Mi
    Then node "worker-1" has condition "MemoryPressure" "True" within 30s
    When the pods are created
    Then the pod "best-effort" is rejected with reason "Evicted"
    And the pod "best-effort" shows status "Evicted"
    And the pod "burstable" is Running within 1s
    And the pod "best-effort" is not evicted

  @behavior:admission-memory-pressure-toleration @needs:node-pressure
  Scenario: Under memory pressure a BestEffort pod tolerating the memory-pressure taint is admitted
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And the kubelet hard eviction threshold is "memory.available<100Mi"
    And a pod "tolerant" on node "worker-1":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/memory-pressure
          operator: Exists
          effect: NoSchedule
        containers:
        - name: app
      """
    When node "worker-1" memory usage reaches 1000Mi
    Then node "worker-1" has condition "MemoryPressure" "True" within 30s
    When the pod "tolerant" is created
    Then the pod "tolerant" is Running within 1s

  @behavior:admission-disk-pressure @needs:node-pressure
  Scenario: Under disk pressure every non-critical pod is rejected
    Given a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
            limits:
              memory: 100Mi
              cpu: 100m
      """
    When node "worker-1" comes under disk pressure
    And 10s pass
    And the pod "web" is created
    Then the pod "web" is rejected with reason "Evicted"
    And the pod "web" has QoS class "Guaranteed"
    And an event "Evicted" is recorded for pod "web"

  @behavior:admission-noexecute-taint @sim
  Scenario: A pod bound to a node with an untolerated NoExecute taint is rejected
    Given node "worker-1" is tainted "dedicated=infra:NoExecute"
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    Then the pod "web" is rejected with reason "TaintToleration"

  @behavior:admission-rejected-deleted-at-once
  Scenario: A rejected pod is deleted at once: its phase is terminal
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    And the pod "web" is rejected with reason "OutOfcpu"
    When the pod "web" is deleted
    Then the pod "web" is gone within 0s

  @behavior:admission-critical-preemption
  @upstream:critical-pod-preemption-disruption-target
  Scenario: A critical pod that does not fit makes room by preempting a pod at admission
    e2e: CriticalPod, when we need to admit a critical pod, should add
    DisruptionTarget condition to the preempted pod.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "low" on node "worker-1":
      """yaml
      spec:
        terminationGracePeriodSeconds: 5
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And container "app" of pod "low" ignores SIGTERM
    And a pod "critical" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "critical" is created
    Then an event "Preempting" for pod "low" says "Preempted in order to admit critical pod"
    And container "app" of pod "low" receives SIGKILL at 5s
    And the pod "low" phase is "Failed"
    And the pod "low" shows status "Error"
    And the pod "low" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"
    And the pod "critical" is Running within 5s
    And the pod "low" is not evicted

  @behavior:admission-critical-preemption
  Scenario: With nothing to preempt a critical pod is rejected with UnexpectedAdmissionError
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "critical" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    Then the pod "critical" is rejected with reason "UnexpectedAdmissionError"

  @behavior:admission-pod-os @upstream:pod-os-rejection
  Scenario: The kubelet rejects a pod whose spec.os is not the node's
    e2e: PodOSRejection, Kubelet should reject pod when the node OS doesn't
    match pod's OS. The check comes before the resource predicates, and no
    preemption can help it.

    Given a pod "wrong-os" on node "worker-1":
      """yaml
      spec:
        os:
          name: windows
        containers:
        - name: app
      """
    When the pod "wrong-os" is created
    Then the pod "wrong-os" is rejected with reason "PodOSNotSupported"
    And the pod "wrong-os" phase is "Failed"
    And the pod "wrong-os" shows status "PodOSNotSupported"
    And an event "PodOSNotSupported" for pod "wrong-os" says "Failed to admit pod as the OS field doesn't match node OS"

  @behavior:admission-critical-preemption-pod-level
  Scenario: A victim with pod-level requests frees only them: its container cpu cannot be reclaimed
    "low" requests memory at pod level and cpu only in its container. The
    kubelet counts what it uses as the two merged (1500m cpu, 6Gi), so the
    critical pod lacks 500m cpu and 2Gi memory; but since 1.34 a victim
    with pod-level resources frees only its pod-level requests (6Gi, no
    cpu), so no set of pods covers the cpu and nothing is preempted.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "low" on node "worker-1":
      """yaml
      spec:
        resources:
          requests:
            memory: 6Gi
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And a pod "critical" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
              memory: 4Gi
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "critical" is created
    Then the pod "critical" is rejected with reason "UnexpectedAdmissionError"
    And an event "UnexpectedAdmissionError" with message containing "no set of running pods found to reclaim resources: [(res: cpu, q: 500), ]" is recorded for pod "critical"
    And no event "Preempting" is recorded for pod "low"
    And the pod "low" is Running
    And the pod "low" is not evicted

  @behavior:admission-critical-preemption-pod-level @kubelet:1.33
  Scenario: On 1.33 pod-level requests are not read: the victim's container cpu is freed and it is preempted
    PodLevelResources is alpha and off in 1.33: the API server drops
    spec.resources (and a 1.33 kubelet under a newer one skips it), so
    "low" uses and frees its container's 1500m cpu and nothing else.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "low" on node "worker-1":
      """yaml
      spec:
        terminationGracePeriodSeconds: 5
        resources:
          requests:
            memory: 6Gi
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And a pod "critical" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
              memory: 4Gi
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "critical" is created
    Then an event "Preempting" for pod "low" says "Preempted in order to admit critical pod"
    And the pod "low" phase is "Failed" within 5s
    And the pod "critical" is Running within 5s
