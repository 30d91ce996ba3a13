@restarts @oom
Feature: A container that passes its memory limit is OOM-killed
  The kubelet sets the container's memory cgroup limit to limits.memory
  (generateLinuxContainerResources); the kernel kills the process with
  SIGKILL when its charge passes it, and the runtime reports the
  terminated reason OOMKilled with exit code 137 (lifecycle-facts §7.1).
  The restart policy then applies as to any other exit.

  @behavior:oom-killed
  Scenario: Past its limit the container is killed with 137 and reason OOMKilled
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
          resources:
            limits:
              memory: 128Mi
      """
    And container "app" uses 256Mi of memory after 5s
    When the pod "web" is created
    Then container "app" exits at 5s with code 137
    And container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137
    And the pod "web" is Failed within 5s
    And the pod "web" shows status "OOMKilled"
    And container "app" never receives SIGKILL

  @behavior:oom-killed
  Scenario: Within its limit the container runs on
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 512Mi
      """
    And container "app" uses 256Mi of memory after 5s
    When the pod "web" is created
    Then the pod "web" is not Failed after 60s
    And container "app" of pod "web" has restarted 0 times
    And the pod "web" shows status "Running"

  @behavior:oom-killed
  Scenario: Without a memory limit there is no OOM kill in the container's cgroup
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              memory: 64Mi
      """
    And container "app" uses 1Gi of memory after 1s
    When the pod "web" is created
    Then container "app" of pod "web" has restarted 0 times
    And the pod "web" shows status "Running"

  @behavior:oom-killed @behavior:crashloop-backoff
  Scenario: An OOM-killed container restarts by policy and falls into CrashLoopBackOff
    Each run is killed 2 s after it starts; the first restart is immediate,
    the second waits the crash-loop back-off.

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 64Mi
      """
    And container "app" uses 100Mi of memory after 2s
    When the pod "web" is created
    Then the timeline of pod "web" is:
      | at | container | event       |
      | 2s | app       | Exited(137) |
      | 2s | app       | Restarted   |
      | 4s | app       | Exited(137) |
      | 4s | app       | BackOff     |

  @behavior:oom-killed @seed:001
  Scenario: STATUS shows OOMKilled after the kill, then CrashLoopBackOff
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 64Mi
      """
    And container "app" uses 100Mi of memory after 2s
    When the pod "web" is created
    Then the pod "web" shows status "OOMKilled" within 2s
    And the pod "web" shows status "CrashLoopBackOff" within 60s
    And the pod "web" phase is "Running"

  @behavior:oom-killed
  Scenario: An OOM-killed init container of a Never pod fails the pod with Init:OOMKilled
    Given a pod "web":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: migrate
          resources:
            limits:
              memory: 32Mi
        containers:
        - name: app
      """
    And container "migrate" uses 64Mi of memory after 1s
    When the pod "web" is created
    Then the pod "web" is Failed within 2s
    And container "migrate" of pod "web" terminated with reason "OOMKilled" and exit code 137
    And the pod "web" shows status "Init:OOMKilled"
    And container "app" never receives SIGTERM
