@critical @seed:002 @kubelet:1.10 @needs:node-pressure @needs:static-pods @needs:kubelet-profiles
Feature: Critical pods under the 1.10 ExperimentalCriticalPodAnnotation gate (seed 002)
  Seed 002 reads the 1.10 eviction manager: with the alpha gate
  ExperimentalCriticalPodAnnotation on, a pod is critical only in
  kube-system with the annotation scheduler.alpha.kubernetes.io/critical-pod;
  the eviction manager spares a pod only when it is critical and static,
  and admits a critical pod whatever the node's conditions. The 1.10
  profile turns the gate on; its kill timing is not modelled (the
  scenarios check which pods go, not when their containers stop).

  Background:
    Given the kubelet hard eviction threshold is "memory.available<500Mi"

  @behavior:critical-gate-1-10
  Scenario: Under 1.10 a critical static pod is spared, a critical pod that is not static is evicted
    Given a static pod "etcd" on node "worker-1":
      """yaml
      metadata:
        namespace: kube-system
        annotations:
          scheduler.alpha.kubernetes.io/critical-pod: ""
      spec:
        containers:
        - name: app
      """
    And container "app" of pod "etcd" uses 2Gi of memory after 1s
    And a pod "addon":
      """yaml
      metadata:
        namespace: kube-system
        annotations:
          scheduler.alpha.kubernetes.io/critical-pod: ""
      spec:
        containers:
        - name: app
      """
    And container "app" of pod "addon" uses 1Gi of memory after 1s
    When node "worker-1" comes under memory pressure
    Then the pod "addon" is evicted within 10s
    And the pod "addon" is evicted with message containing "The node was low on resource: memory."
    And the pod "etcd" is not evicted

  @behavior:critical-gate-1-10
  Scenario: Under 1.10 a static pod without the annotation is evicted like any other
    Only static pods that are also critical were exempt (issue #40573).

    Given a static pod "proxy" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When node "worker-1" comes under memory pressure
    Then the pod "proxy" is evicted within 10s

  @behavior:critical-gate-1-10
  Scenario: Under 1.10 a critical pod is admitted whatever the node's conditions
    Given the kubelet hard eviction threshold is "nodefs.available<10%"
    And a pod "addon" on node "worker-1":
      """yaml
      metadata:
        namespace: kube-system
        annotations:
          scheduler.alpha.kubernetes.io/critical-pod: ""
      spec:
        containers:
        - name: app
      """
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 100Mi
      """
    When node "worker-1" comes under disk pressure
    And 10s pass
    And the pods are created
    Then the pod "addon" is Running within 1s
    And the pod "web" is rejected with reason "Evicted"

  @behavior:critical-gate-1-10
  Scenario: Under 1.10 the annotation counts in kube-system only
    Given a pod "addon":
      """yaml
      metadata:
        annotations:
          scheduler.alpha.kubernetes.io/critical-pod: ""
      spec:
        containers:
        - name: app
      """
    When node "worker-1" comes under memory pressure
    Then the pod "addon" is evicted within 10s
