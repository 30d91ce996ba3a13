@language
Feature: The phrases a twentieth trial's first drafts reach for
  Issue 38's held-out set 25 (first drafts written from the README and
  the language reference alone): a node labelled while a pod waits for
  its nodeSelector, and a label taken off a node whose pod runs.

  @behavior:scheduling-node-labelled
  Scenario: A pod Pending on its nodeSelector is scheduled once the node is labelled
    The label is a Node/UpdateNodeLabel event; NodeAffinity's queueing
    hint queues the pod, which the node's new labels match and its old
    did not, and its backoff (1 s after its one failure) is over: it is
    scheduled in the instant (v1.36.3).

    Given a node "worker-1"
    And a pod "db":
      """yaml
      spec:
        nodeSelector:
          disktype: ssd
        containers:
        - name: app
      """
    When 5s pass
    Then the pod "db" is Pending
    And the pod "db" has condition "PodScheduled" "False"
    When the node "worker-1" is labelled "disktype=ssd"
    Then the pod "db" is scheduled on node "worker-1" within 1s
    And the pod "db" becomes Running within 10s

  @behavior:scheduling-node-labelled @sim
  Scenario: A label the pod does not select leaves it unschedulable
    The hint skips the pod: its new labels still do not match; it is never tried again for the event. @sim: on a shared
    cluster the other nodes' taints come and go and TaintToleration's hint tries it again (2 and 10 FailedScheduling a minute on kind, 2026-11-30).

    Given a node "worker-1" with label "disktype=hdd"
    And a pod "db":
      """yaml
      spec:
        nodeSelector:
          disktype: ssd
        containers:
        - name: app
      """
    When 5s pass
    And the label "zone=a" is added to node "worker-1"
    Then the pod "db" stays Pending for 1m
    And an event "FailedScheduling" is recorded for pod "db" 1 time

  @behavior:scheduling-node-labelled
  Scenario: A label removed from a node does not evict the pod that selected it
    requiredDuringSchedulingIgnoredDuringExecution: the kubelet checks a
    pod's nodeSelector only at admission, and nothing else reads the
    node's labels for the pods running there.

    Given a node "worker-1" with label "disktype=ssd"
    And a pod "db":
      """yaml
      spec:
        nodeSelector:
          disktype: ssd
        containers:
        - name: app
      """
    When the pod "db" becomes Running
    And the label "disktype" is removed from node "worker-1"
    Then the pod "db" stays Running for 1m
