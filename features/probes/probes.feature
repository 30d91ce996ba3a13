@probes
Feature: Startup, liveness and readiness probes
  Probe workers probe every periodSeconds from the pod's first sync; a
  result counts after failureThreshold (or successThreshold) answers in a
  row. Readiness starts at Failure, liveness at Success. Liveness and
  readiness wait for the container to be started (startup probe). A failed
  liveness or startup probe kills the container — preStop, grace, floor —
  and restarts it by policy. During termination liveness stops and
  readiness goes on (lifecycle-facts §5).

  @behavior:readiness-initial-failure @seed:001
  Scenario: A container is not ready until its readiness probe first succeeds
    Given a pod "web"
    And container "app" becomes ready after 2s
    When the pod "web" is created
    Then the pod "web" shows ready "0/1"
    And container "app" of pod "web" becomes ready at 2s
    And the pod "web" is Ready within 2s
    And the pod "web" has condition "Ready" "True"

  @behavior:probe-initial-delay @upstream:readiness-initial-delay
  Scenario: No probe runs before initialDelaySeconds; the next comes at the period
    e2e: Probing container, with readiness probe should not be ready before
    initial delay and never restart (Conformance).

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 5
      """
    When the pod "web" is created
    Then container "app" of pod "web" becomes ready at 10s
    And container "app" of pod "web" has restarted 0 times

  @behavior:readiness-failure @upstream:readiness-fails-never-restart @seed:001
  Scenario: A readiness probe that keeps failing: never ready, never restarted
    e2e: Probing container, with readiness probe that fails should never be
    ready and never restart (Conformance).

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 5
      """
    When 60s pass
    Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"
    And the pod "web" shows status "Running"
    And the pod "web" shows ready "0/1"
    And container "app" of pod "web" has restarted 0 times
    And an event "Unhealthy" with message containing "Readiness probe failed" is recorded for container "app" of pod "web"

  @behavior:readiness-success-threshold
  Scenario: Ready after successThreshold successes in a row
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            successThreshold: 3
      """
    When the pod "web" is created
    Then container "app" of pod "web" becomes ready at 2s

  @behavior:liveness-restart @upstream:liveness-exec-restart @seed:001
  Scenario: A failing liveness probe restarts the container after failureThreshold periods
    e2e: Probing container, should be restarted with a exec "cat /tmp/health"
    liveness probe (Conformance). The answer turns between two probes (25 s,
    probes every 10 s), so that a real kubelet's start-up latency cannot
    carry it across a probe.

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
    Then container "app" receives SIGTERM at 50s
    And container "app" of pod "web" has restarted 1 time
    And an event "Killing" with message containing "Container app failed liveness probe, will be restarted" is recorded for pod "web"
    And the timeline of pod "web" is:
      | at  | container | event                 |
      | 30s | app       | ProbeFailed(liveness) |
      | 40s | app       | ProbeFailed(liveness) |
      | 50s | app       | ProbeFailed(liveness) |
      | 50s | app       | SIGTERM               |

  @behavior:liveness-kill-sequence
  Scenario: A liveness kill runs the preStop hook and keeps the 2 s floor
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "3"]
      """
    And container "app" fails its liveness probe after 25s
    And container "app" ignores SIGTERM
    When the pod "web" is created
    Then container "app" runs its preStop hook at 50s
    And container "app" receives SIGTERM at 53s
    And container "app" receives SIGKILL at 60s

  @behavior:probe-grace-period @upstream:liveness-termination-grace-override
  Scenario: A liveness probe's own terminationGracePeriodSeconds replaces the pod's
    e2e: Probing container, should override timeoutGracePeriodSeconds when
    LivenessProbe field is set.

    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
            terminationGracePeriodSeconds: 3
      """
    And container "app" fails its liveness probe after 25s
    And container "app" ignores SIGTERM
    When the pod "web" is created
    Then container "app" receives SIGTERM at 50s
    And container "app" receives SIGKILL 3s after SIGTERM

  @behavior:startup-gates-liveness @upstream:startup-probe-delays-liveness
  Scenario: Liveness waits for the startup probe to succeed
    e2e: Probing container, should *not* be restarted by liveness probe
    because startup probe delays it.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 15
            periodSeconds: 1
          livenessProbe:
            exec:
              command: ["true"]
      """
    And container "app" fails its liveness probe after 0s
    When the pod "web" is created
    Then container "app" of pod "web" becomes ready at 15s
    And container "app" receives SIGTERM at 40s

  @behavior:startup-failure @upstream:startup-probe-restart
  Scenario: A failing startup probe restarts the container
    e2e: Probing container, should be restarted startup probe fails.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["false"]
            periodSeconds: 1
      """
    When the pod "web" is created
    Then container "app" receives SIGTERM at 3s
    And an event "Killing" with message containing "Container app failed startup probe, will be restarted" is recorded for pod "web"
    And container "app" of pod "web" is restarted between 3s and 3s
    And the pod "web" shows ready "0/1"

  # Up to 1.34 the probe workers ran on context.Background(). From 1.35
  # they run on the context of the pod sync that added them
  # (prober_manager.go AddPod(ctx, pod)), which the pod worker cancels
  # when termination begins: every exec probe then "errored and resulted
  # in unknown state" and the container stays ready (the last scenario of
  # this file). See docs/fidelity.md, readiness-during-termination.
  @behavior:readiness-during-termination @upstream:readiness-false-while-terminating @kubelet:1.34
  Scenario: Readiness keeps probing while the pod terminates
    e2e: Probing container, should mark readiness on pods to false while pod
    is in progress of terminating when a pod has a readiness probe.

    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
      """
    And container "app" fails its readiness probe after 15s
    And container "app" ignores SIGTERM
    When 10s pass
    And the pod "web" is deleted
    Then container "app" of pod "web" becomes not ready at 7s
    And the pod "web" shows status "Terminating"
    And container "app" receives SIGKILL at 30s

  @behavior:liveness-stops-on-termination @upstream:liveness-disabled-while-terminating
  Scenario: Liveness stops when the pod terminates
    e2e: Probing container, should mark readiness on pods to false and disable
    liveness probes while pod is in progress of terminating.

    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 1
      """
    And container "app" fails its liveness probe after 5s
    And container "app" ignores SIGTERM
    When 2s pass
    And the pod "web" is deleted
    Then container "app" receives SIGKILL at 30s
    And no event "Killing" with message containing "liveness" is recorded
    And no event "Unhealthy" with message containing "probe failed" is recorded

  @behavior:probe-handlers
  Scenario: An httpGet probe on the agent's port answers; on a port nobody serves it fails
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            httpGet:
              path: /healthz
              port: 8080
            periodSeconds: 1
        - name: worker
          readinessProbe:
            httpGet:
              path: /healthz
              port: 9090
            periodSeconds: 1
      """
    When the pod "web" is created
    Then container "app" of pod "web" becomes ready at 0s
    And an event "Unhealthy" with message containing "connection refused" is recorded for container "worker" of pod "web"
    And the pod "web" shows ready "1/2"

  @behavior:probe-handlers @upstream:liveness-tcp-not-restarted @slow
  Scenario: A tcpSocket liveness probe on a listening port never restarts the container
    e2e: Probing container, should *not* be restarted with a tcp:8080 liveness
    probe (Conformance).

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          ports:
          - containerPort: 8080
          livenessProbe:
            tcpSocket:
              port: 8080
      """
    When 2m pass
    Then container "app" of pod "web" has restarted 0 times
    And no event "Unhealthy" is recorded

  @behavior:probe-handlers @upstream:liveness-exec-timeout
  Scenario: An exec probe that outlives its timeout fails
    e2e: Probing container, should be restarted with an exec liveness probe
    with timeout.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["sh", "-c", "sleep 10"]
            timeoutSeconds: 1
      """
    When the pod "web" is created
    Then container "app" receives SIGTERM at 30s
    And an event "Unhealthy" with message containing "timed out" is recorded for container "app" of pod "web"

  @behavior:readiness-after-startup @upstream:ready-after-startup-probe
  Scenario: A readiness probe runs the moment the startup probe succeeds
    e2e: Probing container, should be ready immediately after startupProbe
    succeeds. The startup success makes the pod sync, and the sync's status
    (probeManager.UpdatePodStatus) triggers the readiness worker of a
    started container that has no Success yet, without waiting for its
    30 s period.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          startupProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 10
            periodSeconds: 1
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 30
      """
    When the pod "web" is created
    Then container "app" of pod "web" becomes ready at 10s
    And the pod "web" is Ready within 10s

  @behavior:probe-kill-whole-pod
  Scenario: A liveness failure with nothing to restart kills the pod with the generic message
    computePodActions (pkg/kubelet/kuberuntime/kuberuntime_manager.go)
    gives a container that failed its liveness probe the message "Container
    app failed liveness probe" and, when it will be restarted, ", will be
    restarted". With restartPolicy Never and no other container to keep,
    it kills the whole pod instead (KillPod), and killContainer's default
    message "Stopping container app" is the Killing event's.

    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["false"]
            periodSeconds: 2
            failureThreshold: 1
      """
    When the pod "job" is created
    Then container "app" receives SIGTERM within 3s
    And an event "Killing" with message containing "Stopping container app" is recorded for pod "job"
    And no event "Killing" with message containing "failed liveness probe" is recorded for pod "job"
    And the pod "job" phase is "Failed" within 5s

  @behavior:readiness-during-termination
  Scenario: From 1.35 an exec readiness probe errors once the pod terminates and the container stays ready
    The probe workers run on the pod sync's context (prober_manager.go
    AddPod(ctx, pod), 1.35+), which the pod worker cancels when termination
    begins: ExecSync fails with "context canceled", doProbe throws the
    result away, and Ready stays True until the container is killed
    (v1.36.3; kubernetes #140881). The upstream e2e test expects the 1.34
    behaviour, pinned by "Readiness keeps probing while the pod terminates".

    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
      """
    And container "app" fails its readiness probe after 15s
    And container "app" ignores SIGTERM
    When 10s pass
    And the pod "web" is deleted
    Then container "app" receives SIGKILL at 30s
    And container "app" of pod "web" becomes not ready at 30s
    And an event "Unhealthy" with message containing "Readiness probe errored and resulted in unknown state" is recorded for pod "web"
    And no event "Unhealthy" with message containing "Readiness probe failed" is recorded
