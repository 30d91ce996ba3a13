@language
Feature: The phrases a forty-first trial's first drafts reach for
  Issue 38's held-out set 41 (first drafts written from the README
  alone): the container of a pod no node can take `is not running`, as a
  reader means it, though the pod has no status for it yet.

  @behavior:scheduling-unschedulable
  Scenario: The container of a pod that matches no node is not running
    Given a node "worker-1" with label "disktype=hdd"
    And a pod "fussy":
      """yaml
      spec:
        nodeSelector:
          disktype: ssd
        containers:
        - name: db
      """
    When the pod "fussy" is created
    Then the pod "fussy" is unschedulable
    And container "db" is not running
    When the label "disktype=ssd" is added to node "worker-1"
    Then container "db" is running within 10s
