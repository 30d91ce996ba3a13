@language
Feature: The phrases a fourteenth trial's first drafts reach for
  Issue 38's fourteenth held-out set (first drafts written from the
  README and the language reference alone): a Job's active pods bounded;
  a Deployment's pods evicted as a replica set's; a preStop hook's
  failure; restarts bounded; a pod never recreated.

  @behavior:job-completions
  Scenario: A Job never runs more pods at once than its parallelism
    Given a job "batch":
      """yaml
      spec:
        completions: 6
        parallelism: 3
      """
    And container "app" of pod "batch" runs to completion after 5s
    Then the job "batch" has 3 active pods within 30s
    And the job "batch" never has more than 3 active pods
    And the job "batch" never has more than 3 pods
    And the job "batch" has 6 succeeded pods within 1m

  @behavior:pdb-max-unavailable
  Scenario: A Deployment's pod is evicted while its budget allows, the next one refused
    Given a deployment "web" of 2 pods
    And container "app" of deployment "web" becomes ready after 10s
    And a pod disruption budget "web" with maxUnavailable 1 for pods labelled "app=web"
    When the eviction of pod 1 of deployment "web" is requested
    Then the eviction of pod 1 of deployment "web" is accepted at 0s
    When the eviction of pod 2 of deployment "web" is requested
    Then the eviction of pod 2 of deployment "web" is refused with "TooManyRequests"
    And the eviction of pod 2 of deployment "web" is refused with 429
    And the eviction of pod 2 of deployment "web" is refused with message containing "disruption budget"
    And the eviction of pod 2 of deployment "web" is refused 1 time

  @behavior:eviction-grace-period
  Scenario: A Deployment's pod evicted with a grace period of its own
    Given a deployment "web" of 2 pods
    And container "app" of deployment "web" ignores SIGTERM
    When the eviction of pod 1 of deployment "web" is requested with grace period 5s
    Then the eviction of pod 1 of deployment "web" is accepted
    And container "app" of the first pod of deployment "web" receives SIGKILL at 5s

  @behavior:drain-waits-for-budget @seed:001 @needs:node-lifecycle
  Scenario: A drain evicts a Deployment's pods as its budget allows
    Given a node "worker-1" with 8 CPU, 16Gi memory and 2 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a deployment "web" of 3 pods
    And container "app" of deployment "web" becomes ready after 8s
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When node "worker-1" is drained
    Then an eviction of a pod of deployment "web" is refused with message containing "disruption budget"
    And evictions of pods of deployment "web" are refused 2 times
    And evictions of pods of deployment "web" are accepted at 0s and 10s

  @behavior:prestop-failure
  Scenario: A preStop hook that fails is reported and the pod goes on terminating
    Given a pod "web" with terminationGracePeriodSeconds 30:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["false"]
      """
    When the pod "web" is deleted
    Then the preStop hook of container "app" fails within 10s
    And the preStop hook of container "app" failed
    And the preStop hook of container "app" of pod "web" fails between 0s and 10s
    And the pod "web" is gone within 30s

  # The hook's failure is an Event, which a cluster stamps to the whole
  # second: an exact instant is the simulator's.
  @sim @behavior:prestop-failure
  Scenario: A preStop hook fails at the deletion
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["false"]
      """
    When the pod "web" is deleted
    Then the preStop hook of container "app" fails at 0s

  @behavior:crashloop-backoff-doubles @slow
  Scenario: A crashing container's restarts counted at least and at most
    Given a pod "leaky"
    And container "app" of pod "leaky" exits with code 1 after 1s
    When 90s pass
    Then the pod "leaky" shows at least 3 restarts
    And the pod "leaky" has at most 5 restarts
    And container "app" of pod "leaky" has restarted at least 2 times
    And container "app" of pod "leaky" restart count is at most 5
    And the pod "leaky" shows at most 5 restarts
    And the pod "leaky" has at least 3 restarts
    And container "app" of pod "leaky" has restarted at most 5 times
    And container "app" of pod "leaky" restart count is at least 2

  @needs:static-pods @behavior:mirror-recreated
  Scenario: A bare pod deleted is never recreated; a static pod's mirror pod is
    Given a pod "web"
    And a static pod "agent" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    When the pod "web" is deleted
    And the pod "agent" is deleted
    Then the pod "web" is never recreated
    And the pod "agent" is Running within 15s

  @behavior:pdb-max-unavailable
  Scenario: After a refused eviction the scenario still reads back in time
    Given a deployment "web" of 2 pods
    And container "app" of deployment "web" becomes ready after 10s
    And a pod disruption budget "web" with maxUnavailable 1 for pods labelled "app=web"
    When the eviction of pod 1 of deployment "web" is requested
    And the eviction of pod 2 of deployment "web" is requested
    Then the eviction of pod 2 of deployment "web" is refused 1 time within 5s
    And the deployment "web" never has more than 2 pods
    And the deployment "web" has 2 ready pods within 30s

  @behavior:readiness-failure
  Scenario: A pod that became Ready becomes NotReady when its probe starts failing
    Given a pod "api":
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
            failureThreshold: 3
      """
    And container "app" fails its readiness probe from 20s after it starts
    When the pod "api" becomes Ready
    Then the pod "api" becomes NotReady within 30s
    And the pod "api" READY is "0/1"
    And the pod "api" is still Running at 30s

  @behavior:deployment-rolling-fenceposts
  Scenario: A restart with a surge of 1 and none unavailable has 3 pods for a while
    Given a deployment "api" of 2 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate: {maxSurge: 1, maxUnavailable: 0}
      """
    When the deployment "api" becomes available
    And the deployment "api" is restarted
    Then the deployment "api" has 3 pods within 5s
    And the deployment "api" never has more than 3 pods
    And the rollout of deployment "api" completes within 1m
