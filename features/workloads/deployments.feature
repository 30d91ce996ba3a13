@workloads
Feature: A Deployment rolls its pods over within maxSurge and maxUnavailable
  The Deployment controller (pkg/controller/deployment, v1.36.3) keeps a
  ReplicaSet per pod template; a template change (`kubectl rollout
  restart`, a new image) starts a rollout. RollingUpdate scales the new
  ReplicaSet up while all the ReplicaSets' replicas stay within
  replicas + maxSurge, and the old ones down while the available pods stay
  at least replicas − maxUnavailable (rolling.go). A percentage of maxSurge
  rounds up, of maxUnavailable down, and when both come to 0
  maxUnavailable is 1 (deployment/util ResolveFenceposts). The seed's
  course (001, "high availability") names maxSurge and maxUnavailable
  without numbers; these scenarios state v1.36.3's arithmetic, whose
  defaults (25% each since apps/v1; extensions/v1beta1 had 1 and 1) round
  to a surge of 1 and no unavailable pod for 3 replicas.

  The scenarios count a Deployment's pods at all times off their timeline:
  Ready (and not terminating), unavailable (replicas less the Ready
  pods), active (created, neither terminating nor terminal: what maxSurge
  bounds) and alive (not terminal yet: terminating pods too).

  @behavior:deployment-rolling-fenceposts @seed:001 @upstream:rolling-update-deployment
  Scenario: Percentages round the surge up and the unavailability down
    e2e: [sig-apps] Deployment RollingUpdateDeployment should delete old
    pods and create new ones (test/e2e/apps/deployment.go), with the
    arithmetic of its strategy stated: 50% of 3 replicas is a surge of 2
    (1.5 rounded up) and 1 unavailable pod (1.5 rounded down). The new
    pods are Ready 2 s after they start, so each step of the rollout waits
    for them.

    Given a deployment "web" of 3 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 50%
            maxUnavailable: 50%
      """
    And container "app" of pod "web" becomes ready after 2s
    When the deployment "web" is restarted
    Then the rollout of deployment "web" completes within 1m
    And at most 5 pods of deployment "web" are active at all times
    And at least 2 pods of deployment "web" are Ready at all times
    And at most 1 pod of deployment "web" is unavailable at all times
    And the deployment "web" has created 6 pods

  @behavior:deployment-rolling-fenceposts @seed:001
  Scenario: The default 25% lets 3 replicas lose no pod during a rollout
    The seed's defaults, today: maxSurge 25% of 3 is 0.75, rounded up to
    1; maxUnavailable 25% of 3 is 0.75, rounded down to 0. A rollout of 3
    replicas with the defaults therefore needs room for a fourth pod, and
    never has fewer than 3 Ready.

    Given a deployment "web" of 3 pods
    And container "app" of pod "web" becomes ready after 2s
    When the deployment "web" is restarted
    Then the rollout of deployment "web" completes within 1m
    And at least 3 pods of deployment "web" are Ready at all times
    And at most 4 pods of deployment "web" are active at all times

  @behavior:deployment-rolling-fenceposts @upstream:rolling-update-deployment
  Scenario: A new image rolls 2 replicas over one pod at a time
    e2e: [sig-apps] Deployment RollingUpdateDeployment should delete old
    pods and create new ones (test/e2e/apps/deployment.go), whose rollout
    is an image change (`kubectl set image`): any change of the pod
    template's text starts one, here the image's reference written in
    full. With the defaults 25% of 2 replicas is a surge of 1 (0.5
    rounded up) and no unavailable pod (0.5 rounded down). `sleep` as PID
    1 ignores SIGTERM: the old pods go at their 2 s grace.

    Given a deployment "web" of 2 pods:
      """yaml
      spec:
        template:
          spec:
            terminationGracePeriodSeconds: 2
            containers:
            - name: app
              image: busybox:1.36
              command: ["sleep", "3600"]
      """
    When the image of container "app" of deployment "web" is set to "docker.io/library/busybox:1.36"
    Then the rollout of deployment "web" completes within 1m
    And the deployment "web" has created 4 pods
    And at least 2 pods of deployment "web" are Ready at all times
    And at most 3 pods of deployment "web" are active at all times

  @behavior:deployment-fencepost-unavailable-one
  Scenario: A surge of 0 and an unavailability rounded down to 0 still roll out
    maxSurge 0 and maxUnavailable 10% pass validation (10% is not 0), but
    10% of 3 rounds down to 0: with both at 0 no step could be taken, and
    ResolveFenceposts makes maxUnavailable 1 ("surge might not work due to
    quota"). The rollout goes one pod at a time, never more than 3.

    Given a deployment "web" of 3 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 0
            maxUnavailable: 10%
      """
    And container "app" of pod "web" becomes ready after 2s
    When the deployment "web" is restarted
    Then the rollout of deployment "web" completes within 1m
    And at most 3 pods of deployment "web" are active at all times
    And at least 2 pods of deployment "web" are Ready at all times

  @behavior:deployment-min-ready-seconds @upstream:deployment-available-condition
  Scenario: minReadySeconds holds each step of the rollout back
    Integration: TestDeploymentAvailableCondition
    (test/integration/deployment/deployment_test.go): a pod counts as
    available only once Ready for minReadySeconds (the ReplicaSet
    controller's availableReplicas, podutil.IsPodAvailable, from the Ready
    condition's lastTransitionTime in whole seconds). With a surge of 1 and
    no unavailable pod, each of the 2 new pods waits 10 s available before
    an old one goes: the rollout takes at least 20 s.

    Given a deployment "web" of 2 pods:
      """yaml
      spec:
        minReadySeconds: 10
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    When the deployment "web" is restarted
    Then the rollout of deployment "web" is not complete after 19s
    And the rollout of deployment "web" completes within 1m
    And at least 2 pods of deployment "web" are Ready at all times

  @behavior:deployment-progress-deadline @upstream:failed-deployment
  Scenario: New pods that never become Ready stall the rollout past its deadline
    Integration: TestFailedDeployment (test/integration/deployment/
    deployment_test.go): pods that are not Ready make no progress, and the
    Progressing condition turns False with ProgressDeadlineExceeded once
    progressDeadlineSeconds have passed since it last changed (progress.go
    syncRolloutStatus, DeploymentTimedOut; the controller checks again a
    second after the deadline, requeueStuckDeployment). With no
    unavailable pod allowed, the 3 old pods keep serving.

    Given a deployment "web" of 3 pods:
      """yaml
      spec:
        progressDeadlineSeconds: 15
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    When the pod template of deployment "web" becomes:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 1
      """
    Then the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" within 40s
    And the deployment "web" has 3 available replicas
    And the deployment "web" has 1 updated replica

  @behavior:deployment-terminating-overlap @seed:001 @upstream:terminating-replicas-deployment-status
  Scenario: Old pods terminate alongside the new ones, and the rollout does not wait for them
    The seed's long-lived connections: an old pod given time to drain them
    (here it takes 20 s to exit after SIGTERM) stays alive while the
    rollout goes on. A pod being deleted is no longer active: the
    ReplicaSet's status.replicas leaves it out (terminatingReplicas counts
    it apart, TestTerminatingReplicasDeploymentStatus in
    test/integration/deployment), so the surge has room for the next new
    pod at once, and `kubectl rollout status` reports the rollout done
    while the old pods still terminate.

    Given a deployment "web" of 2 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    And container "app" of pod "web" becomes ready after 2s
    And container "app" of pod "web" takes 20s to exit after SIGTERM
    When the deployment "web" is restarted
    Then the rollout of deployment "web" completes within 15s
    And at most 3 pods of deployment "web" are active at all times
    And at most 4 pods of deployment "web" are alive at all times
    And at least 2 pods of deployment "web" are Ready at all times

  @behavior:deployment-recreate @upstream:recreate-deployment
  Scenario: Recreate stops every old pod before it creates a new one
    e2e: [sig-apps] Deployment RecreateDeployment should delete old pods
    and create new ones (test/e2e/apps/deployment.go): the old ReplicaSet
    is scaled to 0 first, and the new one is created only once no old pod
    is left running, terminating pods included (recreate.go
    oldPodsRunning). The Deployment is down meanwhile.

    Given a deployment "web" of 3 pods:
      """yaml
      spec:
        strategy:
          type: Recreate
      """
    And container "app" of pod "web" takes 5s to exit after SIGTERM
    When the deployment "web" is restarted
    Then the rollout of deployment "web" is not complete after 4s
    And the rollout of deployment "web" completes within 1m
    And at most 3 pods of deployment "web" are alive at all times
    And at most 3 pods of deployment "web" are unavailable at all times
