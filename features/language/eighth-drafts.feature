@language
Feature: The phrases an eighth trial's first drafts reach for
  Issue 38's seventh held-out set (first drafts written from the README
  and the language reference alone): a replica set or a deployment scaled
  (`kubectl scale`), a container's readiness between two times or by a
  deadline, an event's object written before its message, an exit code a
  container never exits with, and a node left without a deployment's pods.

  @behavior:replicaset-scale-down-ranking
  Scenario: A replica set scaled up and soon down keeps its Ready pod
    The ReplicaSet controller deletes the surplus of a scale-down least
    valuable first (getPodsToDelete, ActivePodsWithRanks): the two pods
    the scale-up made run but are not Ready yet (their readiness probe
    waits 20 s), the first one is, so the two new ones go.

    Given a replica set "web" of 1 pod:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 20
            periodSeconds: 1
      """
    When 30s pass
    And the replica set "web" is scaled to 3
    And 5s pass
    And the replica set "web" is scaled to 1
    Then pod 2 of replica set "web" is gone within 40s
    And pod 3 of replica set "web" is gone within 40s
    And 1 pod of replica set "web" is Ready
    And the replica set "web" has created 3 pods

  @behavior:deployment-scale
  Scenario: A deployment scaled up has the new replicas Ready
    Given a deployment "api" of 2 pods
    When the deployment "api" is scaled to 3 replicas
    Then the rollout of deployment "api" completes within 1m
    And the deployment "api" has 3 ready replicas
    And an event "ScalingReplicaSet" with message containing "from 2 to 3" is recorded for deployment "api"

  @behavior:readiness-initial-failure
  Scenario: A container becomes ready between two times
    Given a pod "web"
    And container "app" of pod "web" becomes ready after 10s
    When the pod "web" is created
    Then container "app" becomes ready between 10s and 10s
    And container "app" becomes ready within 15s

  @behavior:readiness-failure
  Scenario: Readiness failures are recorded, liveness failures are not
    Given a pod "slow":
      """yaml
      spec:
        containers:
        - name: app
          livenessProbe:
            exec:
              command: ["true"]
            periodSeconds: 5
          readinessProbe:
            exec:
              command: ["true"]
            periodSeconds: 1
      """
    And container "app" fails its readiness probe after 5s
    When the pod "slow" is created
    Then container "app" becomes not ready within 20s
    And an event "Unhealthy" is recorded with message containing "Readiness" for container "app" of pod "slow"
    When the pod "slow" is deleted
    Then no event "Unhealthy" is recorded for container "app" of pod "slow" with message containing "Liveness probe failed"

  @behavior:restart-policy
  Scenario: A container that completes does not exit with code 1
    Given a pod "batch":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: app
      """
    And container "app" runs to completion after 3s
    When the pod "batch" is created
    Then container "app" exits with code 0
    And container "app" does not exit with code 1

  @needs:node-lifecycle @behavior:drain-without-budget
  Scenario: A drained node is left without the deployment's pods
    Given a node "worker-1" with 8 CPU, 16Gi memory and 2 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a deployment "api" of 4 pods
    When 10 seconds pass
    And node "worker-1" is drained
    Then node "worker-1" has no pods of deployment "api" within 1m
    And node "worker-1" has no pods of deployment "api"
    And the drain of node "worker-1" completes
