@language
Feature: States timed from an exit, a probe that always fails, typed node events, status fields by their API names
  Issue 38's eighteenth held-out batch timed states from a container's
  exits and starts (`container "app" is waiting with reason
  "CrashLoopBackOff" and message containing "back-off 10s" after its 2nd
  exit`, nine times; `kubectl shows pod "web" with STATUS "Running",
  READY "1/1" and RESTARTS "1" within 3s of its 1st exit`, four times),
  which a state says by its coming in a window; it said a probe that
  always fails, a phase `and reason`, a restart count with the last
  termination, a node's typed events, and a workload's status fields by
  their API names (`job "batch" has status.succeeded 3`).

  @behavior:crashloop-backoff @behavior:crashloop-display
  Scenario: A crash loop's columns and waiting message timed from its exits
    The first restart is immediate; the kubelet then holds each restart
    back 10 s, 20 s, 40 s, and says so in the waiting message.
    Given a pod "web"
    And container "app" exits with code 1 after 2s
    Then kubectl shows pod "web" with STATUS "Running", READY "1/1" and RESTARTS "1" within 3s of its 1st exit
    And container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" after its 2nd exit
    And container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 20s" after its 3rd exit
    And kubectl shows pod "web" with STATUS "Running" and RESTARTS "2" after its 3rd start
    And the pod "web" shows READY "1/1" and STATUS "Running" between 0s and 1s after its 3rd start
    And container "app" has restartCount 3 and last state terminated with reason "Error" and exit code 1
    When the pod "web" is deleted

  @behavior:liveness-restart @behavior:startup-gates-liveness
  Scenario: A liveness probe that always fails, a startup probe failing for the first seconds
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            httpGet: {path: /healthz, port: 8080}
            periodSeconds: 5
            failureThreshold: 2
        - name: slow
          startupProbe:
            httpGet: {path: /started, port: 8080}
            periodSeconds: 2
            failureThreshold: 10
      """
    And the liveness probe of container "app" always fails
    And the startup probe of container "slow" fails for the first 7s
    When the pod "web" is created
    Then container "app" receives SIGTERM within 12s
    And container "app" has restartCount 1 and last state terminated with reason "Error" and exit code 143
    And container "slow" becomes ready between 7500ms and 8500ms

  @behavior:eviction-memory-hard
  Scenario: A node's typed events and an evicted pod's phase and reason
    Given a node "n1" with 1Gi memory and eviction threshold memory.available<100Mi
    And a pod "hog" on node "n1"
    And container "app" of pod "hog" uses 960Mi of memory after 2s
    When the pod "hog" is created
    Then the pod "hog" has phase "Failed" and reason "Evicted" within 30s
    And the pod "hog" has message starting with "The node was low on resource: memory. "
    And the pod "hog" has phase "Failed", reason "Evicted" and message containing "has larger consumption of memory"
    And node "n1" has a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory"
    And node "n1" has a Normal event "NodeHasInsufficientMemory"
    And a Warning event "EvictionThresholdMet" is recorded for node "n1" within 30s

  @behavior:job-completions
  Scenario: A Job's status fields by their API names
    Given a job "batch":
      """yaml
      spec:
        completions: 2
        parallelism: 2
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of job "batch" exits with code 0 after 3s
    When the job "batch" is created
    Then job "batch" has status.succeeded 2 within 10s
    And job "batch" has status.failed 0
    And job "batch" has condition Complete "True" within 12s

  @behavior:container-event-messages
  Scenario: A delete's Killing event, typed and timed, with its message
    Given a pod "web"
    And the pod "web" is Running
    When the pod "web" is deleted
    Then a Normal event "Killing" with message "Stopping container app" is recorded for pod "web" at 0s
    And a Normal event "Killing" with message containing "container app" is recorded for container "app" within 1s
    And container "app" receives SIGTERM at 0s

  @behavior:crashloop-backoff @behavior:crashloop-display
  Scenario: A crash loop as kubectl get prints it, its waiting message quoted as it begins
    Given a pod "web"
    And container "app" exits with code 1 after 2s
    Then kubectl get pod "web" shows READY "1/1", STATUS "Running" and RESTARTS "1" at 3s
    And container "app" is running with restart count 1 at 3s
    And container "app" is waiting with reason "CrashLoopBackOff" and message "back-off 10s restarting failed container=app" after its 2nd exit
    When the pod "web" is deleted

  @behavior:job-completions
  Scenario: A Job's two counts at an instant, its condition said without its status
    Given a job "batch":
      """yaml
      spec:
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of job "batch" exits with code 0 after 3s
    When the job "batch" is created
    Then the job "batch" has 1 succeeded and 0 failed pods at 10s
    And the job "batch" has condition "Complete" between 3s and 4s

  @behavior:sidecar-stop-order
  Scenario: A sidecar's exit after the app's, the pod removed from the API
    Given a pod "web":
      """yaml
      spec:
        terminationGracePeriodSeconds: 10
        initContainers:
        - name: proxy
          restartPolicy: Always
        containers:
        - name: app
      """
    And the pod "web" is Running
    When the pod "web" is deleted
    Then container "app" exits before container "proxy" exits
    And the pod "web" is removed from the API within 5s
