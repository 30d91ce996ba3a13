@workloads
Feature: A StatefulSet creates and removes its pods in ordinal order
  The StatefulSet controller (pkg/controller/statefulset, v1.36.3) keeps
  spec.replicas pods named <set>-<ordinal>. With podManagementPolicy
  OrderedReady, the default, it creates ordinal i only once 0..i-1 are
  Running and Ready, and on a scale down deletes the highest ordinal
  first, one at a time, each once the one before it is gone; Parallel
  creates and deletes them all at once (stateful_set_control.go
  updateStatefulSet, processReplica, processCondemned). A pod deleted is
  put back under the same name once the old one is gone.

  @behavior:statefulset-ordered-ready
  Scenario: OrderedReady creates one pod at a time, each once the one before is Ready
    Given a stateful set "quorum" of 3 pods
    And container "app" of stateful set "quorum" becomes ready after 3s
    When the pods are created
    Then the pod "quorum-0" is Ready within 5s
    And the stateful set "quorum" has 1 pod at 2s
    And the pod "quorum-0" is Ready before the pod "quorum-1"
    And the pod "quorum-1" is Ready before the pod "quorum-2"
    And the stateful set "quorum" has 3 ready pods within 15s

  @behavior:statefulset-parallel
  Scenario: Parallel creates every pod at once
    Given a stateful set "quorum" of 3 pods:
      """yaml
      spec:
        podManagementPolicy: Parallel
      """
    And container "app" of stateful set "quorum" becomes ready after 3s
    When the pods are created
    Then the stateful set "quorum" has 3 pods within 2s
    And the stateful set "quorum" has 3 ready pods within 8s

  @behavior:statefulset-scale-down-order
  Scenario: A scale down deletes the highest ordinal first, one pod at a time
    Given a stateful set "quorum" of 3 pods
    And container "app" of stateful set "quorum" takes 2s to exit after SIGTERM
    When the pods are created
    Then the stateful set "quorum" has 3 ready pods within 10s
    When the stateful set "quorum" is scaled to 1
    Then container "app" of pod "quorum-2" receives SIGTERM within 1s
    And the pod "quorum-2" receives SIGTERM before the pod "quorum-1"
    And container "app" of pod "quorum-1" does not receive SIGTERM before 2s
    And the pod "quorum-2" is gone within 4s
    And the pod "quorum-1" is gone within 8s
    And the pod "quorum-0" never receives SIGTERM
    And the stateful set "quorum" has 1 pod

  @behavior:statefulset-stable-identity
  Scenario: A deleted pod is created again under the same name
    Given a stateful set "quorum" of 2 pods
    When the pods are created
    Then the stateful set "quorum" has 2 ready pods within 10s
    When the pod "quorum-1" is deleted
    Then the pod "quorum-1" is gone within 5s
    And the stateful set "quorum" has 2 ready pods at 5s
    And the stateful set "quorum" has created 3 pods
    And the pod "quorum-1" is Running
    And the stateful set "quorum" has 2 ready pods

  @behavior:statefulset-ordered-ready @behavior:statefulset-scale-down-order
  Scenario: Held-out set 35 as its author wrote it: one by one up, from the highest ordinal down
    A newcomer's first draft, from README.md and docs/language.md alone.
    Given a stateful set "quorum" of 3 pods:
      """yaml
      spec:
        podManagementPolicy: OrderedReady
      """
    And container "app" of stateful set "quorum" becomes ready after 3s
    And container "app" of stateful set "quorum" takes 2s to exit after SIGTERM
    When the pods are created
    Then the pod "quorum-0" is Ready within 5s
    And the pod "quorum-0" is Ready before the pod "quorum-1"
    And the pod "quorum-1" is Ready before the pod "quorum-2"
    And the stateful set "quorum" has 3 ready pods within 15s
    When the stateful set "quorum" is scaled to 1
    Then container "app" of pod "quorum-2" receives SIGTERM within 1s
    And the pod "quorum-2" receives SIGTERM before the pod "quorum-1"
    And container "app" of pod "quorum-1" does not receive SIGTERM before 2s
    And the pod "quorum-2" is gone within 4s
    And the pod "quorum-1" is gone within 8s
    And the pod "quorum-0" never receives SIGTERM
    And the stateful set "quorum" has 1 pod

  @behavior:statefulset-ordered-ready
  Scenario: With minReadySeconds each pod waits for the one before to be available
    minReadySeconds 2: a pod counts once it has been Ready 2 s, so
    quorum-1 comes 2 s after quorum-0 is Ready, quorum-2 2 s after it.
    Given a stateful set "quorum" of 3 pods:
      """yaml
      spec:
        minReadySeconds: 2
      """
    When the pods are created
    Then the stateful set "quorum" has 1 pod at 1s
    And the stateful set "quorum" has 3 ready pods within 15s
