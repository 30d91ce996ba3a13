@language
Feature: The phrases the seventy-second to seventy-sixth trials' first drafts reach for
  Issue 38's held-out sets 67 to 76 (first drafts written from the README
  alone) held a state over a window that does not begin at t=0 (`pod
  "web" is not Ready throughout 0s to 10s`, thirteen times in one set),
  held kubectl's STATUS, said an event's message without `containing`
  in its timed forms, counted a container's starts by ordinal, and put
  an exit code before its reason.

  @behavior:probe-initial-delay
  Scenario: Not ready through the initial delay, then ready throughout
    The first readiness probe runs once initialDelaySeconds have passed
    (10 s), and its success makes the pod Ready; until then the pod is
    Running and not Ready. (Held from t=0, the creation, a state must
    hold before the kubelet has started anything: `remains Running for
    30s` held on the simulator, whose pod runs at once, and failed on
    kind, where it was Pending at 0.031 s.)

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 10
            periodSeconds: 5
      """
    When the pod "web" is created
    Then pod "web" is not Ready throughout 0s to 10s
    And the pod "web" is not Ready throughout the first 10s
    And the pod "web" is not Ready at 9s
    And the pod "web" is Ready throughout 11s to 30s
    And container "app" stays not ready between 1s and 10s
    And the pod "web" STATUS stays "Running" between 1s and 30s
    And the pod "web" remains NotReady until 10s

  @behavior:liveness-restart
  Scenario: A liveness kill's events, said with their messages, and the second start
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
      """
    And container "app" fails its liveness probe after 25s
    When the pod "web" is created
    Then container "app" is started within 1s
    And an event "Unhealthy" with message "Liveness probe failed" is recorded for pod "web" between 30s and 31s
    And an event "Killing" is recorded for pod "web" with message "Container app failed liveness probe, will be restarted" within 51s
    And an event "Killing" with message containing "liveness" is recorded for pod "web" between 50s and 51s
    And container "app" starts for the 2nd time at 50s
    And no event "Unhealthy" is recorded for pod "web" before 30s
    And no event "Killing" with message "Container app failed liveness probe" is recorded for pod "web" within 50s

  @behavior:oom-killed
  Scenario: An OOM kill said with its exit code first
    Given a pod "cruncher":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          resources:
            limits:
              memory: 64Mi
      """
    And container "app" exceeds its memory limit after 4s
    When the pod "cruncher" is created
    Then container "app" terminated with exit code 137 and reason "OOMKilled" at 4s
    And container "app" terminated with reason "OOMKilled" and exit code 137 at 4s
    And container "app" is started between 0s and 1s

  @behavior:job-active-deadline
  Scenario: A Job's deadline failure in a window
    The Job controller fails the Job once its pod, deleted at the
    deadline (20 s from the Job's start), has terminated.

    Given a job "forever":
      """yaml
      spec:
        activeDeadlineSeconds: 20
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    When the job "forever" is created
    Then the job "forever" fails with reason "DeadlineExceeded" between 20s and 23s

  @behavior:cordon @needs:create-nodes @needs:node-lifecycle
  Scenario: kubectl get nodes' STATUS through a cordon and an uncordon
    kubectl prints a node's Ready condition and, while spec.unschedulable
    is set, SchedulingDisabled after it (printNode).

    Given a pod "old"
    When node "worker-1" is cordoned
    Then node "worker-1" STATUS is "Ready,SchedulingDisabled" within 1s
    When node "worker-1" is uncordoned
    Then node "worker-1" STATUS is "Ready" within 1s

  @behavior:probe-initial-delay
  Scenario: READY before STATUS in one read, and holds said from A to B
    Issue 38's sets 77, 78 and 81 read kubectl's READY and STATUS together
    with READY first, and held a state `from A to B`.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 10
            periodSeconds: 5
      """
    When the pod "web" is created
    Then pod "web" shows READY "0/1" and STATUS "Running" at 5s
    And pod "web" shows READY "1/1" and STATUS "Running" within 15s
    And kubectl shows pod "web" with READY "1/1" and STATUS "Running"
    And pod "web" is not Ready from 0s to 10s
    And pod "web" phase is Running from 1s to 30s
    And container "app" is running from 0s to 5s
    When 5s pass
    Then container "app" keeps running until 20s

  @behavior:startup-gates-liveness
  Scenario: A server that takes 42 s to start serving, behind its startup probe
    Issue 38's set 78 said a slow start as `takes 42s to start serving`:
    every probe the container has fails until then. The startup probe's
    first success after 42 s (every 5 s: at 45 s) lets readiness run,
    which passes at once; liveness never ran, so nothing restarted it.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            periodSeconds: 5
            failureThreshold: 30
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 5
      """
    And container "app" takes 42s to start serving
    When the pod "web" is created
    Then the pod "web" is not Ready throughout 0s to 42s
    And the pod "web" becomes Ready within 50s
    And container "app" has restarted 0 times

  @behavior:drain-refuses-bare-pods @needs:node-lifecycle
  Scenario: The drain said without its node
    Issue 38's set 72 said `the drain fails with "…" within 1s` and `the
    drain completes within 5s`: the drain of the one node the scenario
    drained.

    Given a pod "bare" with terminationGracePeriodSeconds 5
    And container "app" of pod "bare" ignores SIGTERM
    When node "worker-1" is drained
    Then the drain fails with "cannot delete Pods that declare no controller" within 1s
    When node "worker-1" is drained with "--force"
    Then the drain completes at 5s
