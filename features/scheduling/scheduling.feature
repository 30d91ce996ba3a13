@scheduling
Feature: Scheduling, unschedulable pods and preemption
  The default scheduler filters nodes (TaintToleration, NodeAffinity,
  NodeResourcesFit), scores the feasible ones and binds the pod with a
  Scheduled event. When none fits the pod stays Pending with
  PodScheduled=False, reason Unschedulable, and a FailedScheduling event;
  it is tried again on a cluster event that may help. A higher-priority pod
  may preempt lower-priority ones (lifecycle-facts §12).

  @behavior:scheduling-unschedulable
  @upstream:validates-resource-limits
  Scenario: A pod no node can fit stays Pending with reason Unschedulable
    e2e: SchedulerPredicates, validates resource limits of pods that are
    allowed to run.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    Then the pod "big" stays Pending with reason "Unschedulable"
    And the pod "big" has condition "PodScheduled" "False" with reason "Unschedulable"
    And the pod "big" shows status "Pending"
    And an event "FailedScheduling" is recorded for pod "big"

  @behavior:scheduling-failure-message @needs:create-nodes
  Scenario: The FailedScheduling message counts the reasons per node and reports preemption
    "busy" holds 1.5 of worker-1's 2 CPU: "big" fits the node's allocatable
    but not what is left, so preemption looks there and finds no pod of
    lower priority; on the tainted node it is not helpful.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a node "worker-2" with 2 CPU, 8Gi memory and 110 pods
    And node "worker-2" is tainted "dedicated=infra:NoSchedule"
    And a pod "busy" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
      """
    When the pod "busy" is created
    And the pod "busy" becomes Running
    And the pod "big" is created
    Then the timeline of pod "big" is:
      | at | container | event                                   |
      | 0s | -         | Condition(PodScheduled=False)           |
      | 0s | -         | Event(FailedScheduling)                 |
    And an event "FailedScheduling" for pod "big" says "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling."
    And the pod "big" stays Pending with reason "Unschedulable"

  @behavior:scheduling-node-selector @needs:create-nodes
  @upstream:validates-node-selector
  Scenario: A nodeSelector chooses among three nodes
    e2e: SchedulerPredicates, validates that NodeSelector is respected if
    matching.

    Given a node "worker-1"
    And a node "worker-2"
    And a node "worker-3"
    And a pod "web":
      """yaml
      spec:
        nodeSelector:
          kubernetes.io/hostname: worker-3
        containers:
        - name: app
      """
    Then the pod "web" is scheduled on node "worker-3"
    And the pod "web" is Running within 1s

  @behavior:scheduling-node-affinity
  Scenario: Required node affinity chooses the node
    Given a node "worker-1"
    And a node "worker-2"
    And a pod "web":
      """yaml
      spec:
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions:
                - key: kubernetes.io/hostname
                  operator: NotIn
                  values: ["worker-1"]
        containers:
        - name: app
      """
    Then the pod "web" is scheduled on node "worker-2"

  @behavior:scheduling-node-affinity
  Scenario: A pod whose affinity matches no node stays Pending
    Given a pod "web":
      """yaml
      spec:
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
              - matchExpressions:
                - key: disktype
                  operator: In
                  values: ["ssd"]
        containers:
        - name: app
      """
    Then the pod "web" stays Pending with reason "Unschedulable"

  @behavior:scheduling-taints
  @upstream:validates-taints-tolerations
  Scenario: A NoSchedule taint keeps pods off unless they tolerate it
    e2e: SchedulerPredicates, validates that taints-tolerations is respected
    if matching.

    Given a node "worker-1"
    And node "worker-1" is tainted "dedicated=infra:NoSchedule"
    And a pod "tolerant":
      """yaml
      spec:
        tolerations:
        - key: dedicated
          value: infra
          effect: NoSchedule
        containers:
        - name: app
      """
    And a pod "plain"
    Then the pod "tolerant" is scheduled on node "worker-1"
    And the pod "plain" stays Pending with reason "Unschedulable"

  @behavior:scheduling-requeue
  Scenario: A pending pod is scheduled as soon as a deleted pod frees room
    With SchedulerPopFromBackoffQ (beta, on since 1.33) an idle scheduler
    does not wait out the pod's backoff.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "first":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    And a pod "second":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    When the pod "first" is created
    And the pod "first" becomes Running
    And the pod "second" is created
    And 5s pass
    And the pod "first" is deleted
    Then the pod "second" is Running within 0s
    And the pod "second" is scheduled on node "worker-1"

  @behavior:scheduling-least-allocated @needs:create-nodes
  Scenario: The scheduler prefers the least allocated node
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a node "worker-2" with 2 CPU, 8Gi memory and 110 pods
    And a pod "busy" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And a pod "web"
    When the pod "busy" is created
    And the pod "busy" becomes Running
    And the pod "web" is created
    Then the pod "web" is scheduled on node "worker-2"

  @behavior:scheduling-pressure-taint @needs:node-pressure
  Scenario: A node under memory pressure gets no new pods
    Given a node "worker-1"
    And a node "worker-2"
    And the kubelet hard eviction threshold is "memory.available<500Mi"
    And a pod "web"
    When node "worker-1" comes under memory pressure
    Then node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule" within 60s
    When the pod "web" is created
    Then the pod "web" is scheduled on node "worker-2"
    And node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule"
  @behavior:scheduling-preemption
  @upstream:basic-preemption
  Scenario: A higher-priority pod preempts a lower-priority one
    e2e: SchedulerPreemption, validates basic preemption works; validates
    pod disruption condition is added to the preempted pod.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a priority class "high" with value 1000
    And a pod "low" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    And container "app" of pod "low" ignores SIGTERM
    And a pod "high":
      """yaml
      spec:
        priorityClassName: high
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "high" is created
    Then the pod "high" is nominated to node "worker-1"
    And the pod "low" has condition "DisruptionTarget" "True" with reason "PreemptionByScheduler"
    And an event "Preempted" is recorded for pod "low"
    And container "app" of pod "low" receives SIGKILL at 5s
    And the pod "low" is gone between 5s and 5s
    And the pod "high" is Running within 5s
    And the pod "high" is scheduled on node "worker-1"

  @behavior:scheduling-preemption-never
  Scenario: A pod with preemptionPolicy Never waits instead of preempting
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "low":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    And a priority class "polite" with value 1000 and preemptionPolicy Never
    And a pod "polite":
      """yaml
      spec:
        priorityClassName: polite
        containers:
        - name: app
          resources:
            requests:
              cpu: "2"
      """
    When the pod "low" is created
    And the pod "low" becomes Running
    And the pod "polite" is created
    Then the pod "polite" stays Pending with reason "Unschedulable"
    And the pod "low" is not evicted
    And no event "Preempted" is recorded

  @behavior:scheduling-init-sidecar-requests
  Scenario: A pod's request counts its init containers and sidecars
    The effective request is the larger of the sidecars plus the
    containers and, for each init container, itself plus the sidecars
    started before it (lifecycle-facts §2.4): here 1 CPU of sidecar plus
    1.5 of app, 2.5 CPU, on a node of 2.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "init-heavy":
      """yaml
      spec:
        initContainers:
        - name: setup
          image: busybox:1.36
          command: ["sleep", "1"]
          resources:
            requests:
              cpu: 1500m
        containers:
        - name: app
          resources:
            requests:
              cpu: "1"
      """
    And a pod "with-sidecar":
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
          resources:
            requests:
              cpu: "1"
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    When the pod "init-heavy" is created
    And the pod "with-sidecar" is created
    Then the pod "init-heavy" is scheduled on node "worker-1"
    And the pod "with-sidecar" stays Pending with reason "Unschedulable"
    And an event "FailedScheduling" for pod "with-sidecar" says "1 Insufficient cpu"

  @behavior:scheduling-gates @upstream:scheduling-gates-block-scheduling @slow
  Scenario: A pod with a scheduling gate is never attempted
    e2e: [sig-scheduling] SchedulerPredicates [Serial] validates Pods with
    non-empty schedulingGates are blocked on scheduling. The API server
    sets PodScheduled=False, reason SchedulingGated, at creation
    (pkg/registry/core/pod/strategy.go, applySchedulingGatedCondition);
    the scheduler's SchedulingGates plugin keeps the pod out of its queue
    (PreEnqueue), so no FailedScheduling event is written.

    Given a pod "web":
      """yaml
      spec:
        schedulingGates:
        - name: example.com/quota
        containers:
        - name: app
      """
    When the pod "web" is created
    And 30s pass
    Then the pod "web" shows status "SchedulingGated"
    And the pod "web" stays Pending with reason "SchedulingGated"
    And the pod "web" has condition "PodScheduled" "False" with reason "SchedulingGated"
    And no event "FailedScheduling" is recorded for pod "web"

  @behavior:scheduling-failure-message
  Scenario: From 1.34 the DynamicResources plugin has its say in every FailedScheduling message
    DynamicResources is in the default scheduler profile from 1.34 (GA):
    its PostFilter runs before preemption and, for a pod without claims,
    adds "no new claims to deallocate" (dynamicresources.go PostFilter).

    Given a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "100"
      """
    When the pod "big" is created
    Then an event "FailedScheduling" for pod "big" says "no new claims to deallocate, preemption: 0/"

  @behavior:scheduling-over-allocatable @needs:create-nodes
  Scenario: From 1.34 a request above a node's whole allocatable leaves preemption nothing to try there
    NodeResourcesFit marks such a node UnschedulableAndUnresolvable
    (fit.go fitsRequest, InsufficientResource.Unresolvable, v1.34+), and
    preemption counts it among the nodes where it is not helpful.

    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a node "worker-2" with 2 CPU, 8Gi memory and 110 pods
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    When the pod "big" is created
    Then an event "FailedScheduling" for pod "big" says "0/2 nodes are available: 2 Insufficient cpu. no new claims to deallocate, preemption: 0/2 nodes are available: 2 Preemption is not helpful for scheduling."

  @behavior:scheduling-over-allocatable @control-plane:1.33
  Scenario: Up to 1.33 a request above a node's whole allocatable still sends preemption to look there
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "3"
      """
    When the pod "big" is created
    Then an event "FailedScheduling" for pod "big" says "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."

  @behavior:scheduling-failure-message @control-plane:1.33
  Scenario: Up to 1.33 the FailedScheduling message goes from the reasons straight to preemption
    The scheduler of 1.33 has no DynamicResources plugin in its default
    profile: nothing stands between the reasons and preemption's.

    Given a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "100"
      """
    When the pod "big" is created
    Then an event "FailedScheduling" for pod "big" says ". preemption: 0/"
