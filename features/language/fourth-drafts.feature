@language
Feature: The phrases a fourth trial's first drafts reach for
  Issue 38's third held-out set (first drafts of eight stories by a third
  author): a state holding over a window (`stays S until T`, `for D`,
  with no bound to the end of the activity), a restart count that stays
  0 (`is never restarted`), a phase and kubectl's columns read at an
  instant (`phase is "P" at T`, `STATUS is S at T`, `READY "1/2" at T`,
  `after T the pod is S`), a node of one size, a node joining the
  cluster, a preStop hook that takes D, and the startup probe's
  behaviours. The set's own beliefs are not all the kubelet's: a
  container's first restart is immediate (crashloop-backoff), and
  between restarts STATUS shows the exit (Error), CrashLoopBackOff only
  as the worker comes back.

  @behavior:prestop-in-grace
  Scenario: A pod being deleted stays Ready through its preStop hook and goes not ready when its container exits
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" becomes ready after 1s
    And container "app" has a preStop hook that takes 5s
    When the pod "web" becomes Ready
    And the pod "web" is deleted
    Then the pod "web" stays Ready until 5s
    And container "app" stays running for 5s
    And container "app" receives SIGTERM at 5s
    And the pod "web" becomes NotReady at 5s

  @behavior:status-completed
  Scenario: A job-like pod runs to completion: Succeeded at 10s, Completed, never restarted
    Given a pod "batch" with restartPolicy Never
    And container "app" exits with code 0 after 10s
    When the pod "batch" is created
    Then after 5s the pod "batch" is Running
    And the pod "batch" shows "Running" at 5s
    And the pod "batch" phase is "Succeeded" at 10s
    And the pod "batch" STATUS is Completed
    And container "app" is never restarted
    And the pod "batch" is never restarted
    And container "app" restart count is 0

  @behavior:crashloop-backoff
  Scenario: One of two containers crash-loops: READY 1/2, its exit in STATUS and phase Running at an instant, waiting out its back-off
    Given a pod "duo":
      """yaml
      spec:
        containers:
        - name: web
        - name: worker
      """
    And container "worker" exits with code 1 after 2s
    When the pod "duo" is created
    Then kubectl shows pod "duo" READY "2/2" within 1s
    And container "worker" restarts at 2s
    And kubectl shows pod "duo" READY "1/2" at 10s
    And the pod "duo" STATUS is Error at 10s
    And the pod "duo" phase is Running at 10s
    When 1s pass
    Then container "worker" stays waiting for 3s
    And container "web" stays running for 20s

  @behavior:scheduling-node-added @needs:node-join
  Scenario: A pod too big for its node stays Pending, and is scheduled once a big enough node joins
    Given a node "node-1" with 4 CPUs
    And a pod "greedy":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "8"
      """
    And the pod "greedy" is created
    When 10s pass
    Then the pod "greedy" stays Pending for 20s
    When a node "node-2" with 16 CPUs joins the cluster
    Then the pod "greedy" is scheduled on node "node-2" within 10s
    And the pod "greedy" is Running within 10s

  @behavior:prestop-in-grace
  Scenario: A preStop hook that takes 3s: SIGTERM at 3s, gone by 5s
    Given a pod "api" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              httpGet:
                path: /shutdown
                port: 8080
      """
    And the preStop hook of container "app" takes 3s
    And container "app" takes 1s to exit after SIGTERM
    When the pod "api" is deleted
    Then container "app" receives SIGTERM at 3s
    And the pod "api" is gone between 3.5s and 4.5s

  @behavior:readiness-after-startup
  Scenario: A container that passes its startup probe after 5s becomes Ready only then
    Given a pod "slow":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 30
      """
    And container "app" passes its startup probe after 5s
    When the pod "slow" is created
    Then the pod "slow" is not Ready before 5s
    And the pod "slow" becomes Ready within 7s
    And container "app" is never restarted

  @behavior:startup-failure
  Scenario: A container that fails its startup probe is killed and restarted
    Given a pod "stuck":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 3
      """
    And container "app" fails its startup probe
    When the pod "stuck" is created
    Then an event "Unhealthy" is recorded for the pod "stuck" with message containing "Startup probe failed"
    And container "app" is restarted within 20s
    And the pod "stuck" stays NotReady for 30s

  @behavior:scheduling-unschedulable
  Scenario: A node of one size: the others are the default node's
    Given a node "small" with 1Gi of memory
    And a pod "big":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 2Gi
      """
    When the pod "big" is created
    Then the pod "big" stays Pending for 30s
    And an event "FailedScheduling" is recorded for the pod "big" with message containing "Insufficient memory"
