@language
Feature: The phrases a third trial's first drafts reach for
  Issue 38's second held-out set (first drafts of eight stories by
  another engineer): a state check with the deadline the author timed it
  by, and a pod's state read at one instant. `container "x" terminated
  with reason "R" and exit code C within D` is an exit with that reason
  and code at or after t=0 and by t0+D; `has restarted N times within D`
  is its restartCount at N by t0+D (the N-th restart of the scenario by
  then); `the pod "x" is still S at T` reads the pod's state at t0+T,
  where `is S at T` is its coming at T.

  Scenario: An OOM-killed container, its exits and its restart count by their deadlines
    Given a pod "hog":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 64Mi
      """
    And container "app" uses 100Mi of memory after 5s
    When the pod "hog" is created
    Then container "app" terminated with reason "OOMKilled" and exit code 137 within 5s
    And container "app" has restarted 1 time within 5s
    And container "app" has restarted 2 times within 25s
    And container "app" has restarted 2 times

  Scenario: A pod whose image cannot be pulled is still Pending a minute on
    Given a pod "ghost"
    And the image of container "app" cannot be pulled
    When the pod "ghost" is created
    Then the pod "ghost" is still Pending at 60s
    And the pod "ghost" phase is "Pending"

  Scenario: A pod being deleted is still Terminating, and still Running, before its container exits
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" takes 10s to exit after SIGTERM
    When the pod "web" is deleted
    Then the pod "web" is still Terminating at 5s
    And the pod "web" is still Running at 5s
    And the pod "web" is gone within 11s

  # @slow: 6 min 16 s on kind v1.36.3 (2026-11-29 11:00-11:33 run): the
  # default toleration's 300 s, as the NotReady scenarios of nodes.feature.
  @needs:node-lifecycle @slow
  Scenario: t=0 at the unreachable taint of a node lost: the pod's default toleration counts from it
    Given a pod "api"
    When node "worker-1" becomes NotReady
    Then node "worker-1" has taint "node.kubernetes.io/unreachable:NoExecute" within 60s
    When 20 seconds pass
    And the node gets taint "node.kubernetes.io/unreachable:NoExecute"
    Then the pod "api" is not Terminating after 299s
    And the pod "api" is Terminating within 301s
