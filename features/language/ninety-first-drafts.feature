@language
Feature: The ninety-first drafts: workloads and budgets declared by their manifests alone
  Issue 38's thirteenth blind batch (held-out sets 91 to 95, first drafts
  written from the README alone, 2026-12-02) declared Deployments,
  ReplicaSets, StatefulSets and PodDisruptionBudgets by a whole manifest
  (`Given a Deployment "checkout":`), the count in spec.replicas, and
  named a workload's pods `pod #3 of deployment "feed"`.

  @behavior:pdb-min-available-absolute
  Scenario: A budget declared by its manifest refuses the eviction it does not allow
    Given a Deployment "feed":
      """yaml
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: feed
      spec:
        replicas: 3
        template:
          metadata:
            labels:
              app: feed
          spec:
            containers:
            - name: app
      """
    And a PodDisruptionBudget "feed-pdb":
      """yaml
      apiVersion: policy/v1
      kind: PodDisruptionBudget
      metadata:
        name: feed-pdb
      spec:
        minAvailable: 3
        selector:
          matchLabels:
            app: feed
      """
    When the eviction of pod #1 of deployment "feed" is requested
    Then the eviction of pod #1 of deployment "feed" is refused with 429
    And the pod disruption budget "feed-pdb" allows 0 disruptions
    And the deployment "feed" has 3 ready pods

  @behavior:pdb-min-available-absolute
  Scenario: A replica set of its manifest's count under a budget of its manifest lets one pod go
    Given a ReplicaSet "cache":
      """yaml
      apiVersion: apps/v1
      kind: ReplicaSet
      metadata:
        name: cache
      spec:
        replicas: 2
        template:
          metadata:
            labels:
              app: cache
          spec:
            containers:
            - name: app
      """
    And a pod disruption budget "cache-pdb":
      """yaml
      spec:
        maxUnavailable: 1
        selector:
          matchLabels:
            app: cache
      """
    When the eviction of pod 2 of replica set "cache" is requested
    Then the eviction of pod 2 of replica set "cache" is accepted
    And the pod disruption budget "cache-pdb" has expectedPods 2

  @behavior:statefulset-ordered-ready
  Scenario: A stateful set of its manifest's count creates its pods in order
    Given a StatefulSet "kafka":
      """yaml
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: kafka
      spec:
        replicas: 2
        serviceName: kafka
        template:
          spec:
            containers:
            - name: app
      """
    Then the stateful set "kafka" has 2 ready pods
    And the pod "kafka-0" is Ready before the pod "kafka-1"

  @behavior:sidecar-waits-for-main
  Scenario: A sidecar gets no signal while its app drains
    The kubelet stops a pod's regular containers first and its sidecars
    once they have exited: the proxy gets neither SIGTERM nor SIGKILL
    before the app's exit at 4 s.

    Given a pod "payments":
      """yaml
      spec:
        initContainers:
        - name: envoy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" takes 4s to exit after SIGTERM
    When the pod "payments" is deleted
    Then container "envoy" receives no signal before 4s
    And container "envoy" of pod "payments" is not signalled within 4s
    And container "envoy" receives SIGTERM at 4s
