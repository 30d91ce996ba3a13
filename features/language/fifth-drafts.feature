@language
Feature: The phrases a fifth trial's first drafts reach for
  Issue 38's fourth held-out set (first drafts of eight stories by a
  fourth author): Kubernetes Events by reason and message (`the pod "web"
  has a "Killing" event with message "…"`, the message as it begins, on
  pods and on workloads, at an instant, by a deadline or in a window), a
  restart timed from the exit it follows (`is restarted within 2s of its
  first exit`, `10s after its second exit`), a Deployment's invariants in
  the author's words (`never has more than 4 pods`, `never has fewer than 3
  ready pods`), a Job's (`has status failed 3 and succeeded 0`, `never
  creates a fourth pod`), a container's start in a window and a pod never
  deleted.

  @behavior:liveness-restart
  Scenario: A liveness kill's events by reason and message, and its restart timed from the exit
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
    Then the pod "web" has a "Unhealthy" event with message "Liveness probe failed" between 25s and 35s
    And the pod "web" has a "Killing" event with message "Container app failed liveness probe, will be restarted"
    And the pod "web" has a "Killing" event with message "Container app failed liveness probe" at 50s
    And a "Unhealthy" event is recorded for container "app" of pod "web" within 35s
    And container "app" is restarted within 2s of its first exit
    And the pod "web" is never deleted

  @behavior:crashloop-backoff @behavior:crashloop-backoff-doubles
  Scenario: A crash-looping container's restarts, each timed from the exit before it
    The first restart is immediate; the second waits the 10 s back-off
    from the exit, the third 20 s, each up to half as long again while the
    pod worker's jittered requeue comes (pod_workers.go completeWork).

    Given a pod "hungry"
    And container "app" exits with code 1 after 2s
    When the pod "hungry" is created
    Then container "app" is restarted 0s after its first exit
    And container "app" is restarted within 15s of its second exit
    And container "app" restarts within 30s of its 3rd exit
    And the pod "hungry" has a "BackOff" event with message "Back-off restarting failed container app"
    And a "BackOff" event is recorded for pod "hungry" between 2s and 20s

  @behavior:job-backoff-limit @behavior:job-pod-failure-backoff
  Scenario: A Job's failed pods, its status and its events in the author's words
    Given a job "migrate":
      """yaml
      spec:
        backoffLimit: 2
      """
    And container "app" of pod "migrate" exits with code 1 after 2s
    When the job "migrate" is created
    Then the job "migrate" has a "SuccessfulCreate" event within 1s
    And the job "migrate" has a "BackoffLimitExceeded" event with message "Job has reached the specified backoff limit"
    And a "BackoffLimitExceeded" event is recorded for job "migrate" with message "Job has reached"
    And the job "migrate" has status failed 3 and succeeded 0
    And the job "migrate" never creates more than 3 pods
    And the job "migrate" never creates a fourth pod

  @behavior:deployment-rolling-fenceposts
  Scenario: A rollout with a surge of 1 and no unavailable pod, in the author's words
    Given a deployment "shop" of 3 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
      """
    And container "app" of pod "shop" becomes ready after 2s
    When the deployment "shop" is restarted
    Then the rollout of deployment "shop" completes within 1m
    And the deployment "shop" never has more than 4 pods
    And the deployment "shop" never has fewer than 3 ready pods
    And the deployment "shop" has a "ScalingReplicaSet" event between 0s and 1s
    And a "ScalingReplicaSet" event is recorded for deployment "shop" with message "Scaled up replica set"

  # @sim until a sidecar's startup probe answered by the agent's behaviour is checked on kind (2026-11-29: "app" never started in 2 min; a regular container's, fourth-drafts.feature:99, passes there).
  @behavior:sidecar-start-order @sim
  Scenario: A main container starts in a window after its sidecar's startup probe, on a named node with its grace period
    Given a node "worker-1"
    And a pod "app" on node "worker-1" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        initContainers:
        - name: proxy
          restartPolicy: Always
          startupProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
        containers:
        - name: app
      """
    And container "proxy" passes its startup probe after 3s
    When the pod "app" is created
    Then container "proxy" starts within 1s
    And container "app" starts between 3s and 5s
    And the pod "app" is scheduled on node "worker-1"
    And the pod "app" is never deleted

  @behavior:sigterm-handled
  Scenario: A pod deleted is not a pod never deleted
    Given a pod "gone"
    When the pod "gone" is deleted
    Then the pod "gone" is gone within 1s

  @behavior:readiness-initial-failure
  Scenario: A readiness probe that passes from 3s after the container starts
    Given a pod "api":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
      """
    And container "app" passes its readiness probe from 3s after it starts
    When the pod "api" is created
    Then the pod "api" is still NotReady at 2s
    And the pod "api" becomes Ready at 3s

  @behavior:liveness-restart
  Scenario: A liveness probe that passes from 3s after the container starts, before its failure threshold
    Given a pod "slow":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 5
      """
    And container "app" passes its liveness probe after 3s
    When the pod "slow" is created
    Then container "app" is never restarted
    And no event "Killing" is recorded for pod "slow"

  @behavior:readiness-initial-failure
  Scenario: A readiness probe that passes from 1s and fails from 5s after the container starts
    Given a pod "gate":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 1
      """
    And container "app" passes its readiness probe 1s after it starts
    And container "app" fails its readiness probe from 5s after it starts
    When the pod "gate" is created
    Then the pod "gate" becomes Ready at 1s
    And the pod "gate" is still Ready at 4s
    And the pod "gate" is still NotReady at 8s

  @behavior:job-pod-failure-backoff @behavior:job-backoff-limit
  Scenario: A Job's pods by their order: each replacement waits the doubling back-off after the failure before it
    Given a job "migrate":
      """yaml
      spec:
        backoffLimit: 2
      """
    And container "app" of pod "migrate" exits with code 1 after 2s
    When the job "migrate" is created
    Then the first pod of job "migrate" has phase "Failed" between 2s and 6s
    And the second pod of job "migrate" is created 10s after the first pod failed
    And the third pod of job "migrate" is created 20s after the second pod failed
    And the third pod of job "migrate" has phase "Failed" within 40s
    And every pod of job "migrate" has container "app" terminated with exit code 1

  @behavior:crashloop-backoff
  Scenario: A restart count shown within a window, as the status reads right after a restart
    Given a pod "flaky"
    And container "app" exits with code 1 after 2s
    When the pod "flaky" is created
    Then container "app" has restart count 1 between 2s and 10s
    And container "app" has restart count 0 between 0s and 1s
