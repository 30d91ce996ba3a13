@critical @needs:node-pressure
Feature: Critical pods are never evicted by the kubelet
  A pod is critical when it is static, mirror, or has a priority of at
  least 2000000000 (the built-in classes system-cluster-critical and
  system-node-critical). Since 1.16 the eviction manager refuses to evict
  every critical pod and admits them whatever the node's conditions
  (lifecycle-facts §9.6, §9.7).

  Background:
    Given the kubelet hard eviction threshold is "memory.available<100Mi"

  @behavior:critical-priority-not-evicted
  Scenario: A system-node-critical pod stays though it is the biggest consumer
    Any pod may use the class: a Deployment's pod with it is never evicted
    by the kubelet.

    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a pod "agent":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
      """
    And container "app" of pod "agent" uses 256Mi of memory after 1s
    And a pod "app"
    And container "app" of pod "app" uses 100Mi of memory after 1s
    When node "worker-1" comes under memory pressure
    Then the pod "app" is evicted within 10s
    And the pod "agent" is not evicted
    And the pod "agent" phase is "Running"

  @behavior:critical-priority-not-evicted
  Scenario: A system-cluster-critical pod (priority 2000000000) is critical too
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a pod "dns":
      """yaml
      spec:
        priorityClassName: system-cluster-critical
        containers:
        - name: app
      """
    And container "app" of pod "dns" uses 128Mi of memory after 1s
    When node "worker-1" comes under memory pressure
    Then the pod "dns" is not evicted
    And an event "EvictionThresholdMet" is recorded

  @behavior:critical-static-not-evicted @needs:static-pods
  @upstream:system-node-critical-pod
  Scenario: A critical static pod survives while it is bigger than the pods evicted around it
    e2e: SystemNodeCriticalPod, should not be evicted upon DiskPressure
    (here memory).

    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And container "app" of pod "etcd" uses 384Mi of memory after 1s
    And a pod "small"
    And container "app" of pod "small" uses 100Mi of memory after 1s
    When node "worker-1" comes under memory pressure
    Then the pod "small" is evicted within 10s
    And the pod "etcd" is not evicted
    And the pod "etcd" phase is "Running"

  @behavior:critical-admitted-under-pressure
  Scenario: Under disk pressure a critical pod is admitted and an ordinary one rejected
    Given the kubelet hard eviction threshold is "nodefs.available<10%"
    And a pod "ordinary" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "critical" on node "worker-1":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
      """
    When node "worker-1" comes under disk pressure
    And 10s pass
    And the pods are created
    Then the pod "ordinary" is rejected with reason "Evicted"
    And the pod "critical" is Running within 1s

  @behavior:critical-local-storage
  Scenario: A critical pod over its emptyDir limit is not evicted either
    Given a pod "critical":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir:
            sizeLimit: 100Mi
      """
    And container "app" of pod "critical" writes 200Mi to volume "scratch" after 1s
    When the pod "critical" is created
    Then the pod "critical" is not evicted

  @behavior:priority-class-builtin
  Scenario: The built-in classes resolve to their priorities
    Given a pod "node-agent":
      """yaml
      spec:
        priorityClassName: system-node-critical
        containers:
        - name: app
      """
    Then the pod "node-agent" has priority 2000001000
