@language
Feature: A workload's one pod, a stateful set's ready pods, a drain in words, a workload's pods on a node
  Issue 38's fourteenth held-out batch named a deployment's only pod
  without its order (`the pod of deployment "gateway"`, eight times),
  counted a stateful set's ready pods as a deployment's (`all 3 pods of
  statefulset "ledger" are ready within 24s`), gave a drain its options
  in words (`with grace period 5s`, `with timeout 30s`), wanted a node
  unschedulable by a deadline, and counted a deployment's pods on the node
  a drain starts from (`all 2 pods of deployment "frontend" are Ready on
  node "worker-1"`, five times).

  @behavior:replicaset-pods-by-order
  Scenario: A deployment's one pod said without its order
    Given a deployment "gateway" of 1 pod
    And container "app" of deployment "gateway" takes 2s to exit after SIGTERM
    When the pods are created
    Then the pod of deployment "gateway" is Ready within 10s
    When the pod of deployment "gateway" is deleted
    Then container "app" of the pod of deployment "gateway" receives SIGTERM within 1s
    And the pod of deployment "gateway" is gone within 4s
    And 1 pod of deployment "gateway" is Ready within 10s

  @behavior:statefulset-ordered-ready
  Scenario: A stateful set's ready pods said as a deployment's
    Given a stateful set "ledger" of 3 pods
    And container "app" of stateful set "ledger" becomes ready after 2s
    When the pods are created
    Then all 3 pods of statefulset "ledger" are ready within 20s
    And the pod "ledger-2" is Ready

  @behavior:drain-grace-period @needs:node-lifecycle
  Scenario: A drain's options said in words
    Given a node "worker-1"
    And a deployment "reports" of 2 pods
    And container "app" of deployment "reports" ignores SIGTERM
    When 10 seconds pass
    Then all 2 pods of deployment "reports" are Ready on node "worker-1"
    And 2 pods of deployment "reports" are on node "worker-1"
    And node "worker-1" is schedulable within 1s
    When node "worker-1" is drained with grace period 5s and timeout 30s
    Then node "worker-1" is unschedulable within 1s
    And container "app" of the first pod of deployment "reports" receives SIGKILL at 5s
    And the drain of node "worker-1" completes within 8s
