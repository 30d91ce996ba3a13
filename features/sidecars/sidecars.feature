@sidecars
Feature: Sidecars: init containers with restartPolicy Always
  A sidecar starts in init order and lets the next container start once it
  is started (after its startupProbe, never waiting for readiness). It is
  restarted whenever it exits, whatever the pod's restartPolicy; its exit
  codes never decide the pod's phase; it counts in READY and RESTARTS
  (lifecycle-facts §2).

  @behavior:sidecar-start-order @upstream:sidecar-serial-startup
  Scenario: Sidecars start in order, before the main containers
    e2e: Containers Lifecycle, should run the first init container to
    completion before starting first restartable init container.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: setup
        - name: mesh
          restartPolicy: Always
        - name: logger
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "setup" runs to completion after 2s
    When the pod "web" is created
    Then the containers of pod "web" start in this order: "setup", "mesh", "logger", "app"
    And the pod "web" is Ready within 5s
    And the pod "web" shows ready "3/3"
  @behavior:sidecar-startup-gate @upstream:sidecar-startup-probe-gates
  Scenario: A sidecar's startupProbe holds back the next container until it succeeds
    e2e: running restartable init containers with startup probes, should
    launch restartable init containers serially considering the startup probe.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
          startupProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 5
            periodSeconds: 1
        containers:
        - name: app
      """
    When the pod "web" is created
    Then the timeline of pod "web" is:
      | at | container | event   |
      | 0s | mesh      | Started |
      | 5s | mesh      | Ready   |
      | 5s | app       | Started |
    And the pod "web" shows status "Init:0/1" within 0s

  @behavior:sidecar-readiness-no-gate
  Scenario: A sidecar that is not ready does not hold back the main containers
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 1
        containers:
        - name: app
      """
    When the pod "web" is created
    Then container "app" of pod "web" is ready within 0s
    And the pod "web" shows ready "1/2"
    And the pod "web" has condition "ContainersReady" "False" with reason "ContainersNotReady"
    And the pod "web" shows status "Running"

  @behavior:sidecar-always-restarts @upstream:sidecar-restart-never-pod
  Scenario: A sidecar is restarted even when the pod's restartPolicy is Never
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: mesh
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "mesh" exits with code 1 after 5s
    When the pod "web" is created
    And container "mesh" of pod "web" is restarted 1 time
    Then the pod "web" phase is "Running"
    And the pod "web" shows 1 restart
    And container "app" of pod "web" has restarted 0 times

  @behavior:sidecar-ready-counts
  Scenario: READY counts the sidecars next to the containers
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
        containers:
        - name: app
        - name: worker
      """
    When the pod "web" is created
    Then the pod "web" shows ready "3/3"
    And the pod "web" shows status "Running"

  @behavior:sidecars-never-keep-pod-alive
  Scenario: A sidecar's non-zero exit does not fail a pod whose main container succeeded
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: mesh
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "app" runs to completion after 3s
    And container "mesh" exits with code 2 on SIGTERM
    When the pod "job" is created
    Then container "mesh" exits at 3s with code 2
    And the pod "job" phase is "Succeeded"
    And the pod "job" shows status "Completed"

  @kubelet:1.28 @behavior:sidecars-since-1-29
  Scenario: On 1.28 the sidecar feature is alpha and off: a sidecar is a regular init container
    SidecarContainers was alpha in 1.28 and off unless turned on: the API
    server drops an init container's restartPolicy (dropDisabledFields), so
    the sidecar runs as a regular init container that never ends and the
    main container never starts (seen on v1.28.15, kind, 2026-11-26). With
    the alpha turned on, 1.28 killed sidecars together with the main
    containers; podlife's profiles are the default configuration.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    When the pod "web" is created
    And 10s pass
    Then the pod "web" shows status "Init:0/1"
    And the pod "web" phase is "Pending"

  @behavior:sidecars-since-1-29 @kubelet:1.27
  Scenario: Up to 1.27 the API server does not know a sidecar: the init container never ends and the pod stays initializing
    A container's restartPolicy came with the sidecar feature in 1.28
    (KEP-753). A 1.27 API server drops the unknown field as it decodes the
    pod, so the sidecar is a regular init container: it runs for ever and
    the main container never starts.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    When the pod "web" is created
    And 10s pass
    Then the pod "web" shows status "Init:0/1"
    And the pod "web" phase is "Pending"
    And container "app" of pod "web" has restarted 0 times

  @behavior:pending-sidecar-phase @kubelet:1.32
  Scenario: Up to 1.32 a restarted sidecar not yet started sent the pod back to Pending while its app waited in back-off
    Up to 1.32 getPhase let a pending sidecar keep the pod Pending unless
    a regular container's status was running or terminated
    (HasAnyRegularContainerStarted, v1.32.9): an app waiting in
    CrashLoopBackOff did not count, so the mesh's restart, its startup
    probe not yet passed, sent the pod back to Pending.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
          startupProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 5
            periodSeconds: 1
        containers:
        - name: app
      """
    And container "app" exits with code 1 after 1s
    And container "mesh" exits with code 1 after 12s
    When container "mesh" of pod "web" is restarted 1 time
    Then the pod "web" phase is "Pending"
    And container "app" of pod "web" is waiting with reason "CrashLoopBackOff"

  @behavior:pending-sidecar-phase @kubelet:1.33
  Scenario: From 1.33 a restarted sidecar not yet started leaves the pod Running while its app waits in back-off
    1.33 asks the runtime whether any regular container of the pod exists
    (getPhase's podHasInitialized, HasAnyActiveRegularContainerStarted,
    v1.33.13): the app's exited container does, and the pod stays Running.

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
          startupProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 5
            periodSeconds: 1
        containers:
        - name: app
      """
    And container "app" exits with code 1 after 1s
    And container "mesh" exits with code 1 after 12s
    When container "mesh" of pod "web" is restarted 1 time
    Then the pod "web" phase is "Running"
    And container "app" of pod "web" is waiting with reason "CrashLoopBackOff"

  @behavior:sidecar-probe-kill
  Scenario: A sidecar killed by its liveness probe is named an init container in the Killing event
    computeInitContainerActions kills a restartable init container whose
    liveness probe failed with its own message, "Init container <name>
    failed liveness probe", and without the ", will be restarted" that
    computePodActions adds for a regular container (kuberuntime_container.go,
    v1.29 to v1.36).

    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
          livenessProbe:
            exec:
              command: ["true"]
            periodSeconds: 2
            failureThreshold: 1
        containers:
        - name: app
      """
    And container "mesh" fails its liveness probe after 5s
    When the pod "web" is created
    Then container "mesh" receives SIGTERM within 10s
    And an event "Killing" with message containing "Init container mesh failed liveness probe" is recorded for pod "web"
    And no event "Killing" with message containing "will be restarted" is recorded
    And container "mesh" of pod "web" has restarted 1 time

  @behavior:sidecar-kill-after-completion-no-restart @upstream:sidecars-terminate-reverse-after-main-exit
  Scenario: Sidecars slow to stop after the main container completes are not restarted while the pod is killed
    e2e: Containers Lifecycle, should terminate sidecars in reverse order
    after all main containers have exited. With every main container done,
    computePodActions kills the pod; SyncPod waits in
    killPodWithSyncResult until the last sidecar has stopped, so a sidecar
    that exits meanwhile is not restarted, and the next sync finds the pod
    Succeeded.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: mesh-a
          restartPolicy: Always
        - name: mesh-b
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "mesh-a" of pod "job" exits with code 0 on SIGTERM after 5s
    And container "mesh-b" of pod "job" exits with code 0 on SIGTERM after 5s
    And container "app" of pod "job" runs to completion after 5s
    When the pod "job" is created
    Then the pod "job" phase is "Succeeded" within 17s
    And the containers of pod "job" stop in this order: "app", "mesh-b", "mesh-a"
    And container "mesh-b" of pod "job" has restarted 0 times
    And container "mesh-a" of pod "job" has restarted 0 times
    And container "mesh-a" never receives SIGKILL
