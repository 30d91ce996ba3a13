@language
Feature: One pod's moment against another's, running pods, a node condition's reason, a message by its beginning
  Issue 38's seventeenth and eighteenth held-out batches ordered one pod's creation or
  deletion against another pod's readiness or removal (`pod "db-1" is
  not created before pod "db-0" is ready`, seven times), counted a
  workload's running pods (`replicaset "rs" has 3 running pods`), read a
  node condition's reason and message and held it throughout, and said
  an event's message by its beginning (`with message starting
  "Liveness probe failed:"`, four times), and timed an expectation from a
  container's n-th exit or start (`kubectl shows pod "web" with STATUS
  "Running", READY "1/1" and RESTARTS "1" within 3s of its 1st exit`,
  nineteen times in one draft).

  @behavior:statefulset-ordered-ready @behavior:statefulset-scale-down-order
  Scenario: A stateful set's pods, each against the one before it
    Given a stateful set "db" of 3 pods
    And container "app" of stateful set "db" becomes ready after 3s
    And container "app" of stateful set "db" takes 2s to exit after SIGTERM
    When the pods are created
    Then pod "db-1" is not created before pod "db-0" is ready
    And the pod "db-2" is not scheduled before the pod "db-1" is Ready
    And the pod "db-0" is Ready before the pod "db-2" is created
    And the pod "db-2" is Running after the pod "db-1" is Ready
    And the stateful set "db" has 3 running pods within 15s
    And the stateful set "db" has 3 ready pods within 15s
    When the stateful set "db" is scaled to 1
    Then the pod "db-1" is not deleted before the pod "db-2" is gone
    And the pod "db-2" is deleted before the pod "db-1" is deleted
    And the pod "db-0" is not deleted before the pod "db-1" is gone

  @behavior:job-completions
  Scenario: A Job's running pods, Ready or not
    Given a job "batch" with parallelism 2 and completions 4
    And container "app" exits with code 0 after 10s
    Then job "batch" has 2 running pods within 5s
    And 2 pods of job "batch" are running
    And the job "batch" has 2 running pods between 12s and 15s
    And the job "batch" has 2 running pods at 15s
    And the job "batch" has 0 running pods within 30s

  @behavior:crashloop-backoff @behavior:crashloop-display
  Scenario: A crash loop's events said by how their messages begin
    A container stopped while it runs gets its Killing event; one waiting
    in its back-off has none (the kubelet kills only what runs), so the
    Killing event is read of a pod that keeps running.
    Given a pod "web"
    And container "app" of pod "web" exits with code 1 after 1s
    And a pod "calm"
    Then an event "BackOff" with message starting "Back-off restarting failed container app in pod web" is recorded for pod "web"
    And a Warning event "BackOff" with message starting "Back-off restarting failed container" is recorded for pod "web"
    And a Warning event "BackOff" is recorded for pod "web" with message beginning with "Back-off restarting"
    And the pod "web" gets a Normal event "Started" with message starting "Container started"
    When the pod "calm" is deleted
    Then the pod "calm" has a "Killing" event with message starting with "Stopping container app" within 1s
    When the pod "web" is deleted

  @needs:node-pressure @behavior:pressure-condition-immediate
  Scenario: A node condition's reason and message, and one held throughout
    Given a node "n1" with 4Gi memory
    And a pod "web" on node "n1"
    Then node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory"
    When the available memory on node "n1" drops to 50Mi
    Then node "n1" has condition "MemoryPressure" with status "True", reason "KubeletHasInsufficientMemory" and message "kubelet has insufficient memory available" within 20s
    And node "n1" has condition "MemoryPressure" with message starting "kubelet has insufficient"
    And node "n1" has condition "DiskPressure" with status "False" within 5s
    And node "n1" has condition "Ready" "True" throughout

  @behavior:crashloop-backoff @behavior:crashloop-display @behavior:container-event-messages
  Scenario: Expectations timed from a container's exits and starts
    From 1.35 the kubelet requeues a crash loop's sync at the back-off's
    expiry, so the exit's reason shows until the restart; the first
    restart is immediate, the second waits 10 s.
    Given a pod "web"
    And container "app" exits with code 1 after 1s
    Then the STATUS column of pod "web" is "Running" within 3s of its 1st exit
    And container "app" is restarted within 1s of its first exit
    And an event "BackOff" is recorded for container "app" within 1s after its 2nd exit
    And the STATUS column of pod "web" is "Error" within 1s after its 2nd exit
    And container "app" is restarted between 10s and 15s after its 2nd exit
    And container "app" exits between 1s and 2s after its 3rd start
    And a Normal event "Started" is recorded for container "app" after its 3rd exit
    When the pod "web" is deleted

  @behavior:init-sequential @behavior:sidecar-start-order @behavior:sidecars-never-keep-pod-alive
  Scenario: Expectations timed from another container's exit or start, or the container's own start
    Given a pod "batch":
      """yaml
      spec:
        restartPolicy: Never
        initContainers:
        - name: migrate
        - name: proxy
          restartPolicy: Always
        containers:
        - name: worker
      """
    And init container "migrate" exits with code 0 after 2s
    And container "worker" exits with code 0 after 5s
    Then container "proxy" starts within 1s after container "migrate" exits
    And container "worker" starts within 1s after container "proxy" starts
    And container "worker" exits between 4s and 6s after it starts
    And container "proxy" receives SIGTERM within 2s after container "worker" exits
    And the pod "batch" is Succeeded within 5s after container "proxy" exits
    And the phase of pod "batch" becomes "Succeeded" within 5s after container "proxy" exits
    And the pod "batch" has phase "Running" between 2s and 3s

  @needs:node-pressure @behavior:eviction-soft-grace @behavior:eviction-soft-pod-grace
  Scenario: The kubelet's eviction settings given as a KubeletConfiguration
    A soft threshold evicts once met for its grace period, the pod given
    min(evictionMaxPodGracePeriod, its own) to stop.
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods and kubelet configuration:
      """yaml
      evictionSoft:
        memory.available: "300Mi"
      evictionSoftGracePeriod:
        memory.available: "30s"
      evictionMaxPodGracePeriod: 5
      """
    And a pod "web"
    And container "app" ignores SIGTERM
    When node "worker-1" memory usage reaches 824Mi
    Then container "app" receives SIGTERM at 40s
    And container "app" receives SIGKILL 5s after SIGTERM
