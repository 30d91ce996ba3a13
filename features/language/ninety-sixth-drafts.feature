@language
Feature: kubectl's words, an order said from its later side, an exit's code in a window
  Issue 38's sixteenth held-out batch named kubectl's columns first
  (`kubectl shows STATUS "Terminating" for pod "web" at 2s`, seven times;
  `the READY column of pod "web" is "1/1" at 12s`), typed the kubectl
  command it meant (`When I run "kubectl drain node-b
  --ignore-daemonsets"`), put an event's reason before the word event
  (`no "Killing" event is recorded`), read a pod's condition at an
  instant, ordered two containers' signals and two evictions from the
  later one's side, and timed an exit's code in a window.

  @behavior:grace-override @behavior:status-terminating
  Scenario: A delete typed as a kubectl command, read as kubectl prints the pod
    kubectl turns --grace-period=5 into the delete's grace period: the
    container that ignores SIGTERM is killed 5 s after it; the pod shows
    Terminating from the delete on.

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is created
    Then kubectl shows STATUS "Running" for pod "web" within 10s
    And the READY column of pod "web" is "1/1" at 10s
    When I run "kubectl delete pod web --grace-period=5"
    Then kubectl shows STATUS "Terminating" for pod "web" at 2s
    And the STATUS column of pod "web" is "Terminating" at 4s
    And the pod "web" condition "PodScheduled" is "True" at 2s
    And container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s

  @behavior:sidecar-stop-order
  Scenario: Two sidecars' SIGTERMs in reverse order, said as one before the other
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        - name: logger
          restartPolicy: Always
        containers:
        - name: app
      """
    When the pod "web" is created
    And the pod "web" is deleted
    Then container "app" receives SIGTERM before container "logger"
    And container "logger" receives SIGTERM before container "proxy"

  @behavior:restart-policy
  Scenario: An exit's code in a window
    Given a pod "task" with restartPolicy Never
    And container "app" exits with code 3 after 5s
    When the pod "task" is created
    Then container "app" exits with code 3 between 5s and 5.5s
    And container "app" terminates with exit code 3 between 5s and 5.5s

  @behavior:eviction-rank-priority @needs:node-pressure
  Scenario: A pod evicted after another, said from the later one's side
    The lower priority goes first though its usage is smaller; `is
    evicted after` holds only if the later pod is evicted too.

    Given the kubelet hard eviction threshold is "memory.available<100Mi"
    And a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    And a priority class "important" with value 1000
    And a pod "steady":
      """yaml
      spec:
        priorityClassName: important
        containers:
        - name: app
      """
    And container "app" of pod "steady" uses 300Mi of memory after 1s
    And a pod "spiky"
    And container "app" of pod "spiky" uses 200Mi of memory after 1s
    When 30s pass
    And node "worker-1" comes under memory pressure
    Then pod "steady" is evicted after pod "spiky"
    And node "worker-1" still has condition "MemoryPressure" "True" at 40s

  @behavior:replicaset-pods-by-order
  Scenario: One pod of a replica set deleted, then said as the deleted pod
    The replica set replaces it at once; the deleted pod keeps its grace
    period, ignoring SIGTERM, and goes at its SIGKILL.

    Given a replica set "web" of 2 pods
    And container "app" of replica set "web" ignores SIGTERM
    When the pods are created
    And one pod of replicaset "web" is deleted
    Then the deleted pod shows status "Terminating" at 0s
    And container "app" of the deleted pod receives SIGKILL at 30s
    And the deleted pod is gone within 32s
    And the replica set "web" has 2 pods within 5s

  @behavior:crashloop-backoff
  Scenario: A crash loop's restart count read at instants
    The first restart comes at once; the second waits out the 10 s
    back-off and the pod worker's jittered requeue (14-20 s in), the
    third the 20 s one. A container that exits on its own is restarted,
    never killed: the kubelet records no Killing event for it.

    Given a pod "crash"
    And container "app" exits with code 1 after 2s
    When the pod "crash" is created
    Then container "app" has restart count 1 at 3s
    And container "app" has restart count 1 at 13s
    And container "app" has restart count 2 at 25s
    And no "Killing" event is recorded for pod "crash"
