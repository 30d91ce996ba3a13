@language
Feature: A crash loop's waiting message, an event's type, several pods at once
  Issue 38's sixteenth held-out batch read the crash-loop back-off in the
  container's waiting message (`is waiting with reason "CrashLoopBackOff"
  and message containing "back-off 20s"`, seven times in one draft), gave
  an event its type (`gets a Warning event "BackOff"`), counted a
  container's starts over the whole scenario, named a pod by its YAML
  (`Given the pod:`) and said one expectation of several pods (`kubectl
  shows STATUS "Evicted" for pods "small" and "large"`).

  @behavior:crashloop-backoff @behavior:crashloop-display
  Scenario: A crash loop's waiting message, its events by type, its starts counted
    The kubelet's waiting message names the back-off's current step
    (kuberuntime_manager.go doBackOff), shown from the sync that finds the
    back-off over (the pod worker's requeue at the back-off's expiry, up
    to half of it later); its BackOff events are Warning, its Started
    Normal. The absences come last: a step that says none ever came waits
    for the activity's end, which a crash loop reaches only once deleted.

    Given the pod:
      """yaml
      apiVersion: v1
      kind: Pod
      metadata:
        name: crash
      spec:
        containers:
        - name: app
      """
    And container "app" exits with code 1 after 1s
    When the pod "crash" is created
    Then container "app" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" within 20s
    And the STATUS column of pod "crash" is "CrashLoopBackOff" within 20s
    And container "app" is waiting with message containing "back-off 20s" within 50s
    And the pod "crash" gets a Warning event "BackOff" with message containing "Back-off restarting failed container app"
    And a Normal event "Started" is recorded for container "app"
    When 10s pass
    And the pod "crash" is deleted
    Then container "app" starts 4 times
    And no Warning event "Started" is recorded for pod "crash"
    And no event with message containing "Liveness probe failed" is recorded for pod "crash"

  @behavior:restart-policy
  Scenario: Two pods said at once
    Each expectation of the two pods is the expectation of one pod said of
    each in turn.

    Given a pod "a":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And a pod "b":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" of pod "a" exits with code 0 after 3s
    And container "app" of pod "b" exits with code 0 after 5s
    When the pods "a" and "b" are created
    Then the pods "a" and "b" are Running
    And kubectl shows STATUS "Completed" for pods "a" and "b" within 10s
    And container "app" of pods "a" and "b" exits with code 0
    And the pods "a" and "b" never receive SIGTERM

  @behavior:readiness-initial-failure
  Scenario: Every pod at once, a container not ready at an instant, two columns at an instant
    Issue 38's seventeenth held-out batch: `the pods are running`, a
    container's readiness read at an instant, kubectl's READY and RESTARTS
    in one step.

    Given a pod "a"
    And a pod "b":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 20
            periodSeconds: 5
      """
    When the pods are created
    Then the pods are running within 15s
    And container "app" of pod "b" is not ready at 10s
    And kubectl shows pod "b" with READY "0/1" and RESTARTS "0" at 12s
    And kubectl shows pod "b" with READY "1/1" and RESTARTS "0" at 40s

  @behavior:deployment-rolling-fenceposts
  Scenario: A new template said without one, its rollout done in a window
    Issue 38's seventeenth held-out batch changed a Deployment's pod
    template without saying how (`kubectl rollout restart` does: a new
    annotation) and timed the rollout's end in a window.

    Given a deployment "web" of 2 pods:
      """yaml
      spec:
        template:
          spec:
            containers:
            - name: app
              readinessProbe:
                exec:
                  command: ["true"]
                initialDelaySeconds: 5
                periodSeconds: 1
      """
    When the pod template of deployment "web" is changed
    Then the rollout of deployment "web" completes between 8s and 20s

  @behavior:job-completions
  Scenario: A Job's counts in words
    Given a job "batch":
      """yaml
      spec:
        completions: 3
        parallelism: 1
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of job "batch" exits with code 0 after 2s
    When the pods are created
    Then the job "batch" is Complete within 30s
    And the job "batch" has 3 succeeded pods and 0 failed pods
