@termination @delete
Feature: Delete options: grace overrides and force delete
  A delete request may carry its own gracePeriodSeconds. The API server
  lets a later request only shorten the grace; the kubelet restarts the
  kill with the shorter budget. Force delete removes the object at once,
  while the kubelet still stops the containers with grace 1 and the 2 s
  floor (lifecycle-facts §1.1, §1.2, §17 item 3).

  @behavior:grace-override
  Scenario: A grace period on the delete request replaces the pod's
    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is deleted with grace period 10s
    Then container "app" receives SIGKILL at 10s
    And the pod "web" is gone within 10s

  # Until 2026-11-26 the simulator restarted the kill with the shorter
  # grace and this scenario ran on it only; live runs (kind, kubelet
  # 1.36.3) and the source show that the kill in flight keeps its budget
  # (SyncTerminatingPod runs on a context of its own, kubernetes#113606).
  # See docs/fidelity.md, grace-only-shrinks.
  @behavior:grace-only-shrinks
  Scenario: A shorter grace on a second delete does not cut the kill in flight
    The pod worker cancels its sync, but the StopContainer call in flight
    keeps its 30 s: one SIGTERM, one Killing event, SIGKILL 30 s after the
    first delete.

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    And 5s pass
    And the pod "web" is deleted with grace period 10s
    Then container "app" receives SIGKILL at 25s
    And an event "Killing" is recorded for container "app" of pod "web" 1 time

  @behavior:grace-only-shrinks
  Scenario: A longer grace on a second delete changes nothing
    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    And 2s pass
    And the pod "web" is deleted with grace period 60s
    Then container "app" receives SIGKILL at 8s
    And an event "Killing" is recorded for container "app" of pod "web" 1 time

  @seed:000 @behavior:force-delete
  Scenario: Force delete removes the object at once; the kubelet still kills with the 2 s floor
    Since 1.31 the kubelet treats deletionGracePeriodSeconds 0 as an override,
    clamped to 1, then floored to 2 (before, it used the spec's 30 s).

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is force deleted
    Then the pod "web" is gone within 0s
    And container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 2s
    And container "app" receives SIGKILL 2s after SIGTERM
  @behavior:force-delete
  Scenario: Force delete leaves a preStop hook at most one second
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "10"]
      """
    And container "app" ignores SIGTERM
    When the pod "web" is force deleted
    Then the timeline of pod "web" is:
      | at | container | event          |
      | 0s | -         | Deleted        |
      | 0s | app       | PreStopStarted |
      | 1s | app       | PreStopDone    |
      | 1s | app       | SIGTERM        |
      | 3s | app       | SIGKILL        |
      | 3s | app       | Exited(137)    |

  @behavior:force-delete
  Scenario: Deleting with grace period 0 is a force delete
    Given a pod "web" with terminationGracePeriodSeconds 30
    When the pod "web" is deleted with grace period 0s
    Then the pod "web" is gone within 0s
    And container "app" exits at 0s with code 143

  @behavior:deleted-while-pending @upstream:deleted-while-pending
  Scenario: A pod deleted while it is still initializing ends Failed before it goes
    e2e: Deleted pods handling, Should transition to Failed phase a pod which
    is deleted while pending.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: setup
        containers:
        - name: app
      """
    And container "setup" runs to completion after 60s
    When 10s pass
    Then the pod "web" phase is "Pending"
    When the pod "web" is deleted
    Then the timeline of pod "web" is:
      | at | container | event         |
      | 0s | setup     | SIGTERM       |
      | 0s | setup     | Exited(143)   |
      | 0s | -         | Phase(Failed) |
      | 0s | -         | Deleted       |
    And container "app" never receives SIGTERM

  @behavior:concurrent-kills
  Scenario: The kubelet kills a pod's containers concurrently, so either stop order holds
    The kubelet stops each container in its own goroutine
    (killContainersWithSyncResult, pkg/kubelet/kuberuntime/
    kuberuntime_container.go): their signals and exits are unordered among
    themselves (dsl.md, Time: order), while a sidecar still stops after
    them. An untimed expectation does not move the current time: the state
    check after it reads the pod as the delete's instant left it, gone.

    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: a
        - name: b
      """
    When the pod "web" is deleted
    Then the containers of pod "web" stop in this order: "a", "b", "proxy"
    And the containers of pod "web" stop in this order: "b", "a", "proxy"
    And container "a" receives SIGTERM after container "b" has exited
    And container "b" receives SIGTERM after container "a" has exited
    And container "proxy" receives SIGTERM after container "a" has exited
    And the pod "web" is gone
    And the timeline of pod "web" is:
      | at | container | event       |
      | 0s | b         | SIGTERM     |
      | 0s | a         | SIGTERM     |
      | 0s | proxy     | SIGTERM     |

  @behavior:force-delete @kubelet:1.30
  Scenario: Up to 1.30 a force delete left the containers the spec's grace period
    Before 1.31 (PR #124063) the pod worker took an override of 0 as unset,
    so the spec's terminationGracePeriodSeconds won: the object is gone at
    once, and the containers are killed as by a graceful delete.

    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" ignores SIGTERM
    When the pod "web" is force deleted
    Then the pod "web" is gone within 0s
    And container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 10s

  @behavior:deletion-deadline-clamp @kubelet:1.32
  Scenario: Up to 1.32 a second delete whose deadline lay in the past stored the grace it asked for
    Before 1.33 (PR #122646) the API server moved deletionTimestamp back
    by the difference even into the past, and stored the grace asked
    for. (What the kubelet does with it is not this scenario's: a kill in
    flight keeps its grace, see docs/fidelity.md.)

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    And 20s pass
    And the pod "web" is deleted with grace period 5s
    Then the timeline of pod "web" is:
      | at | container | event                |
      | 0s | -         | DeleteRequested(5s)  |

  @behavior:deletion-deadline-clamp
  Scenario: From 1.33 a second delete whose deadline would lie in the past is clamped to now, with grace 1
    The API server clamps the new deletionTimestamp to now and stores a
    grace of 1 (PR #122646, pkg/registry/rest/delete.go BeforeDelete).

    Given a pod "web" with terminationGracePeriodSeconds 30
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    And 20s pass
    And the pod "web" is deleted with grace period 5s
    Then the timeline of pod "web" is:
      | at | container | event                |
      | 0s | -         | DeleteRequested(1s)  |
