@critical @seed:002 @needs:node-pressure @needs:static-pods
Feature: The seed 002 cases on today's kubelet
  The same pods as under the 1.10 gate (seed-002.feature), on the 1.36
  kubelet: static pods are critical by themselves, the annotation means
  nothing, and priority decides for every other pod (lifecycle-facts §9.6).

  Background:
    Given the kubelet hard eviction threshold is "memory.available<100Mi"
    And a node "worker-1" with 2 CPU, 1Gi memory and 110 pods

  @behavior:critical-static-not-evicted
  Scenario: A static pod without any annotation is spared today
    Given a static pod "proxy" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a pod "web"
    When node "worker-1" comes under memory pressure
    Then the pod "web" is evicted within 10s
    And the pod "proxy" is not evicted

  @behavior:critical-annotation-ignored
  Scenario: The old critical-pod annotation no longer protects a pod
    Given a pod "addon":
      """yaml
      metadata:
        namespace: kube-system
        annotations:
          scheduler.alpha.kubernetes.io/critical-pod: ""
      spec:
        containers:
        - name: app
      """
    When node "worker-1" comes under memory pressure
    Then the pod "addon" is evicted within 10s
