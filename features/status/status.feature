@status @seed:001
Feature: The STATUS, READY and RESTARTS columns of kubectl get pods
  The API server prints them (printPod): the phase, or the pod's reason;
  the first init container not done; else the lowest-index main container
  waiting or terminated; Terminating while deleted and not terminal (1.31+);
  Completed turned into a failed container's reason (1.35+). Seed 001 lists
  what each status means; each row of its table has a scenario here, with
  today's value (lifecycle-facts §7).

  @behavior:status-completed
  Scenario: Completed: every container of a restartPolicy Never pod exited 0
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" runs to completion after 2s
    When 3s pass
    Then the pod "job" shows status "Completed"
    And the pod "job" phase is "Succeeded"
    And the pod "job" shows ready "0/1"

  @behavior:status-error
  Scenario: Error: a container of a restartPolicy Never pod exited non-zero
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "job" exits with code 1 after 2s
    When 3s pass
    Then the pod "job" shows status "Error"
    And the pod "job" phase is "Failed"

  @behavior:status-completed-error
  Scenario: 1.35+: one container Completed and another failed shows Error
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: first
        - name: second
      """
    And container "first" of pod "job" runs to completion after 1s
    And container "second" of pod "job" exits with code 1 after 2s
    When 3s pass
    Then the pod "job" shows status "Error"

  @behavior:status-completed-error @kubelet:1.34 @control-plane:1.34
  Scenario: Before 1.35 the same pod showed Completed
    Given a pod "job":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: first
        - name: second
      """
    And container "first" of pod "job" runs to completion after 1s
    And container "second" of pod "job" exits with code 1 after 2s
    When 3s pass
    Then the pod "job" shows status "Completed"
    And the pod "job" phase is "Failed"

  @behavior:status-notready
  Scenario: NotReady: a container completed while another runs and the pod is not Ready
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: OnFailure
        containers:
        - name: once
        - name: app
      """
    And container "once" runs to completion after 2s
    When 3s pass
    Then the pod "web" shows status "NotReady"
    And the pod "web" shows ready "1/2"
    And the pod "web" phase is "Running"

  @behavior:status-container-creating
  Scenario: ContainerCreating: a ConfigMap volume that does not exist keeps the pod from starting
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: settings
            mountPath: /etc/settings
        volumes:
        - name: settings
          configMap: {name: settings}
      """
    When the pod "web" is created
    And 30s pass
    Then the pod "web" shows status "ContainerCreating"
    And the pod "web" phase is "Pending"
    And an event "FailedMount" with message containing "MountVolume.SetUp failed" is recorded for pod "web"

  @behavior:status-config-error
  Scenario: CreateContainerConfigError: an env var from a ConfigMap key that does not exist
    Given a config map "settings" with key "mode"
    And a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          env:
          - name: LEVEL
            valueFrom:
              configMapKeyRef:
                name: settings
                key: level
      """
    When the pod "web" is created
    Then the pod "web" shows status "CreateContainerConfigError" within 1s
    And container "app" of pod "web" is waiting with reason "CreateContainerConfigError"
    And an event "Failed" with message containing "couldn't find key level in ConfigMap" is recorded for pod "web"
    And the pod "web" phase is "Pending"

  @behavior:status-config-error
  Scenario: CreateContainerConfigError: an env var from a Secret that does not exist
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          env:
          - name: PASSWORD
            valueFrom:
              secretKeyRef:
                name: credentials
                key: password
      """
    When the pod "web" is created
    Then the pod "web" shows status "CreateContainerConfigError" within 1s
    And an event "Failed" with message containing "not found" is recorded for pod "web"

  @behavior:status-config-error
  Scenario: An optional reference to a missing ConfigMap does not stop the container
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          envFrom:
          - configMapRef:
              name: settings
              optional: true
      """
    When the pod "web" is created
    Then the pod "web" is Running within 0s

  @behavior:status-start-error
  Scenario: A container whose executable does not exist: StartError, then RunContainerError and CrashLoopBackOff
    Seed 001's "StartError" row. containerd reports the container exited
    with StartError (128); the kubelet keeps RunContainerError as its waiting
    reason and restarts it with the crash-loop back-off.

    Given a pod "web"
    And container "app" fails to start
    When the pod "web" is created
    Then the pod "web" shows status "RunContainerError" within 1s
    And the pod "web" shows status "CrashLoopBackOff" within 30s
    And container "app" of pod "web" terminated with reason "StartError" and exit code 128
    And the pod "web" phase is "Running"

  @behavior:status-terminating
  Scenario: Terminating while a deleted pod's containers stop; its last status just before it goes
    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the pod "web" shows status "Terminating"
    And the timeline of pod "web" is:
      | at  | container | event              |
      | 0s  | -         | Status(Terminating) |
      | 10s | -         | Phase(Failed)      |
      | 10s | -         | Status(Error)      |
      | 10s | -         | Deleted            |

  @behavior:status-terminating @kubelet:1.30
  Scenario: Before 1.31 a deleted pod showed Terminating even once it was terminal
    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then the timeline of pod "web" is exactly:
      | at  | container | event               |
      | 0s  | -         | Status(Terminating) |
      | 0s  | app       | SIGTERM             |
      | 10s | app       | SIGKILL             |
      | 10s | app       | Exited(137)         |
      | 10s | app       | NotReady            |
      | 10s | -         | Phase(Failed)       |
      | 10s | -         | Deleted             |

  @behavior:readiness-gates @upstream:pod-readiness-gates
  Scenario: A readiness gate nobody sets keeps the pod not Ready, its containers ready
    e2e: Pods, should support pod readiness gates.

    Given a pod "web":
      """yaml
      spec:
        readinessGates:
        - conditionType: example.com/load-balancer
        containers:
        - name: app
      """
    When the pod "web" is created
    Then the pod "web" has condition "ContainersReady" "True"
    And the pod "web" has condition "Ready" "False" with reason "ReadinessGatesNotReady"
    And the pod "web" shows ready "1/1"
    And the pod "web" shows status "Running"

  @behavior:active-deadline @upstream:active-deadline-seconds
  Scenario: activeDeadlineSeconds: the kubelet fails the pod with DeadlineExceeded, STATUS shows Error
    e2e: Pods, should allow activeDeadlineSeconds to be updated (Conformance).
    The pod's reason is DeadlineExceeded, but STATUS prints the killed
    container's Error over it.

    Given a pod "web" with terminationGracePeriodSeconds 5:
      """yaml
      spec:
        activeDeadlineSeconds: 10
        containers:
        - name: app
      """
    And container "app" ignores SIGTERM
    When the pod "web" is created
    Then container "app" receives SIGTERM at 10s
    And container "app" receives SIGKILL at 15s
    And the pod "web" phase is "Failed"
    And the pod "web" has reason "DeadlineExceeded"
    And the pod "web" shows status "Error"
    And an event "DeadlineExceeded" is recorded for pod "web"

  @behavior:status-restarts
  Scenario: RESTARTS counts the sidecars' and the containers' restarts
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
        containers:
        - name: app
      """
    And container "mesh" exits with code 1 after 30s
    And container "app" exits with code 1 after 30s
    When 35s pass
    Then the pod "web" shows 2 restarts

  @behavior:ready-to-start-containers
  Scenario: From 1.29 the kubelet sets PodReadyToStartContainers once the sandbox is up
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s
    And the pod "web" has condition "PodReadyToStartContainers" "True"

  @behavior:ready-to-start-containers @kubelet:1.28
  Scenario: Up to 1.28 a pod has no PodReadyToStartContainers condition
    The gate PodReadyToStartContainersCondition was alpha and off in 1.28
    (beta and on from 1.29): the kubelet does not set the condition.

    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s
    And the pod "web" has no condition "PodReadyToStartContainers"
