@termination @sidecars
Feature: Sidecars stop last, in reverse order, within one budget
  Since 1.29 the kubelet orders sidecar shutdown: every preStop hook starts
  at once, main containers get SIGTERM after their own preStop, and each
  sidecar's SIGTERM waits for every main container and for the sidecar
  defined after it. All draw on the one pod grace period; whoever is still
  waiting when it runs out gets SIGTERM with the 2 s floor
  (kuberuntime_termination_order.go, lifecycle-facts §2.3).

  Background:
    Given a cluster

  @behavior:sidecar-stop-order @upstream:sidecars-terminate-in-reverse-order
  Scenario: Sidecars stop after the main container, the last-defined first
    e2e: Containers Lifecycle, A pod with restartable init containers is
    terminating, should terminate sidecars in reverse order after all main
    containers have exited.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: logger
          restartPolicy: Always
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    When the pod "web" is deleted
    Then the containers of pod "web" stop in this order: "app", "proxy", "logger"
    And container "proxy" receives SIGTERM after container "app" has exited
    And container "logger" receives SIGTERM after container "proxy" has exited

  @behavior:sidecar-waits-for-main
  Scenario: A sidecar's SIGTERM waits for a main container that is slow to exit
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" takes 4s to exit after SIGTERM
    When the pod "web" is deleted
    Then container "app" exits at 4s with code 143
    And container "proxy" receives SIGTERM at 4s
    And the pod "web" is gone within 4s

  @behavior:sidecar-prestop-at-once @upstream:sidecar-prestop-simultaneously
  Scenario: Every preStop hook starts at t=0, the sidecars' too
    e2e: should call sidecar container PreStop hook simultaneously.

    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "2"]
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "5"]
      """
    When the pod "web" is deleted
    Then container "proxy" runs its preStop hook at 0s
    And container "app" runs its preStop hook at 0s
    And container "app" receives SIGTERM at 5s
    And container "proxy" receives SIGTERM at 5s

  @behavior:sidecar-budget-floor
  Scenario: A sidecar still waiting when the budget runs out gets SIGTERM and the 2 s floor
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    And container "proxy" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 10s
    And container "proxy" receives SIGTERM at 10s
    And container "proxy" receives SIGKILL at 12s
    And the pod "web" is gone within 12s
    And container "proxy" receives SIGKILL 2s after SIGTERM
  @behavior:sidecar-budget-floor @upstream:sidecars-terminate-simultaneously-if-prestop-does-not-exit
  Scenario: Sidecars whose preStop outlasts the grace get SIGTERM together
    e2e: should terminate sidecars simultaneously if prestop doesn't exit.

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: first
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "100"]
        - name: second
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "100"]
        containers:
        - name: app
      """
    When the pod "web" is deleted
    Then container "app" exits at 0s with code 143
    And container "first" receives SIGTERM at 10s
    And container "second" receives SIGTERM at 10s
    And the pod "web" is gone within 10s

  @seed:003 @behavior:sidecar-stop-order
  Scenario: The seed incident pod on the current kubelet goes in 3 seconds, not 22
    Seed 003: grace 5 s, a `sleep 3` preStop on the app and on its sidecar.
    The incident's patched kubelet ran the preStops one after the other and
    passed a negative timeout to the runtime; today every preStop starts at
    t=0 and the sidecar follows the app at once. The two preStop hooks
    start together, in no fixed order on a real kubelet (one goroutine per
    container), so the table orders only what the kubelet orders.

    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        initContainers:
        - name: sidecar
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    When the pod "web" is deleted
    Then container "sidecar" runs its preStop hook at 0s
    And the timeline of pod "web" is:
      | at | container | event          |
      | 0s | app       | PreStopStarted |
      | 3s | app       | SIGTERM        |
      | 3s | app       | Exited(143)    |
      | 3s | sidecar   | SIGTERM        |
      | 3s | sidecar   | Exited(143)    |
      | 3s | -         | Deleted        |

  @seed:003 @behavior:sidecar-budget-floor
  Scenario: The seed incident pod with processes that ignore SIGTERM is gone within grace + 2 s
    The same pod, its app and sidecar deaf to SIGTERM: the app is killed at
    5 s; the sidecar's budget is spent (3 s of preStop, 2 s of waiting), so
    it gets SIGTERM with the 2 s floor. 7 s in all, against the 22 s of the
    incident.

    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        initContainers:
        - name: sidecar
          restartPolicy: Always
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    And container "app" ignores SIGTERM
    And container "sidecar" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 3s
    And container "app" receives SIGKILL at 5s
    And container "sidecar" receives SIGTERM at 5s
    And container "sidecar" receives SIGKILL at 7s
    And the pod "web" is gone between 7s and 7s

  @behavior:sidecars-never-keep-pod-alive @upstream:sidecar-succeeded-with-nonzero-sidecar-exit
  Scenario: Sidecars never keep a pod alive: the pod completes when its main container does
    e2e: should mark pod as succeeded if any of the restartable init
    containers have terminated with non-zero exit code.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: logger
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" runs to completion after 5s
    When the pod "job" is created
    Then container "logger" receives SIGTERM at 5s
    And container "logger" exits at 5s with code 143
    And the pod "job" phase is "Succeeded"

  @behavior:sidecar-grace-end-concurrent
  Scenario: When the grace runs out, the app's SIGKILL and the waiting sidecar's SIGTERM come together
    The sidecar's wait for its turn is bounded by the grace: it ends with
    the grace, at the moment the app, deaf to SIGTERM, is SIGKILLed. The
    two kills then run in their own goroutines (waitForTurn in
    kuberuntime_termination_order.go returns on its timer;
    killContainersWithSyncResult in kuberuntime_container.go), so the
    sidecar may go first: on kind it exited 37 ms before the app. The
    table lists that order, which the kubelet allows.

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 10s
    And container "proxy" receives SIGTERM at 10s
    And container "app" exits at 10s with code 137
    And container "proxy" exits at 10s with code 143
    And the pod "web" is gone within 10s
    And the timeline of pod "web" is:
      | at  | container | event       |
      | 10s | proxy     | SIGTERM     |
      | 10s | proxy     | Exited(143) |
      | 10s | app       | SIGKILL     |
      | 10s | app       | Exited(137) |

  @behavior:sidecar-grace-end-concurrent
  Scenario: At the grace's end the app's and the sidecar's exits come in no fixed order
    Inside the grace the sidecar stops after the app; once the grace has
    run out it does not wait for it, and either order holds (dsl.md,
    Time: order: concurrent work is unordered).

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the containers of pod "web" stop in this order: "app", "proxy"
    And the containers of pod "web" stop in this order: "proxy", "app"
    And container "proxy" receives SIGTERM after container "app" has exited

  @behavior:sidecar-grace-end-concurrent @behavior:sidecar-budget-floor
  Scenario: Both deaf to SIGTERM: the app's SIGKILL and the sidecar's SIGTERM at the grace's end are unordered
    The sidecar is not SIGKILLed with the app: its stop begins when the
    grace runs out, with the 2 s floor, alongside the app's SIGKILL.

    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    And container "proxy" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 10s
    And container "proxy" receives SIGTERM at 10s
    And container "proxy" receives SIGKILL at 12s
    And the timeline of pod "web" is:
      | at  | container | event       |
      | 10s | app       | SIGKILL     |
      | 10s | app       | Exited(137) |
      | 10s | proxy     | SIGTERM     |
      | 12s | proxy     | SIGKILL     |
