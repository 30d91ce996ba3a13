@language
Feature: The phrases the forty-sixth to forty-eighth trials' first drafts reach for
  Issue 38's held-out sets 46 to 48 (first drafts written from the README
  alone) wrote, each undefined then, what the language says in other
  words: an exit's code by a deadline (`exits with code 137 within 5s`), a
  container's last termination's reason without its code, kubectl's
  columns named as kubectl prints them (`shows STATUS`, `shows RESTARTS`),
  a Deployment's Ready pods counted as a replica set's, a budget over a
  Deployment's pods, a pod marked for deletion (its deletionTimestamp set:
  it shows Terminating), a Deployment rolled out (`is restarted`: a new
  pod template, a new revision) and `throughout the rollout` for `at all
  times`. Each means what the phrase it restates means.

  @behavior:oom-killed
  Scenario: A container past its memory limit exits with 137 within its deadline, OOMKilled
    Given a pod "batch-oom":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: cruncher
          resources:
            limits:
              memory: 128Mi
      """
    And container "cruncher" uses 256Mi of memory after 3s
    When the pod "batch-oom" is created
    Then container "cruncher" exits with code 137 within 6s
    And container "cruncher" terminated with reason "OOMKilled"
    And the pod "batch-oom" shows STATUS "OOMKilled"
    And the pod "batch-oom" shows STATUS "OOMKilled" within 4s
    And the pod "batch-oom" shows RESTARTS 0

  @behavior:status-completed-error
  Scenario: A container that fails shows Error, one that succeeds Completed
    Given a pod "reporter":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: writer
      """
    And a pod "once":
      """yaml
      spec:
        restartPolicy: Never
        containers:
        - name: job
      """
    And container "writer" of pod "reporter" exits with code 3 after 2s
    And container "job" of pod "once" exits with code 0 after 4s
    When the pods are created
    Then container "writer" of pod "reporter" exits with code 3 within 5s
    And container "writer" of pod "reporter" terminated with reason "Error"
    And the pod "reporter" shows STATUS "Error" at 2s
    And container "job" of pod "once" exits with code 0 within 6s
    And container "job" of pod "once" terminated with reason "Completed"
    And the pod "once" shows STATUS "Completed" between 4s and 4s
    And the pod "once" shows RESTARTS 0

  @behavior:crashloop-backoff
  Scenario: A container that keeps failing shows Error, then its restarts
    Given a pod "leaky"
    And container "app" of pod "leaky" exits with code 1 after 1s
    When the pod "leaky" is created
    Then the pod "leaky" shows STATUS "Error" at 1s
    And the pod "leaky" shows RESTARTS 2 within 30s

  @behavior:pdb-max-unavailable
  Scenario: A budget for a Deployment's pods with maxUnavailable 0 refuses an eviction
    Given a deployment "billing" of 2 pods
    And a PodDisruptionBudget "billing-pdb" with maxUnavailable 0 for deployment "billing"
    And 2 pods of deployment "billing" are Ready
    When the eviction of pod 1 of deployment "billing" is requested
    Then the eviction of pod 1 of deployment "billing" is refused with 429
    And 2 pods of deployment "billing" are Ready
    And the pod disruption budget "billing-pdb" allows 0 disruptions

  @behavior:pdb-min-available-absolute
  Scenario: A budget for a Deployment's pods with minAvailable lets one eviction through
    Given a deployment "cart" of 3 pods
    And container "app" of deployment "cart" becomes ready after 10s
    And a pod disruption budget "cart-pdb" with minAvailable 2 for deployment "cart"
    When the eviction of pod 1 of deployment "cart" is requested
    Then the eviction of pod 1 of deployment "cart" is accepted at 0s
    And 2 pods of deployment "cart" are Ready within 1s
    And 3 pods of deployment "cart" are Ready within 1m

  @behavior:deployment-rolling-fenceposts @seed:001
  Scenario: A Deployment rolled out with the default strategy keeps its 3 Ready pods and one surge pod
    Given a deployment "catalog" of 3 pods
    And container "app" of pod "catalog" becomes ready after 2s
    And 3 pods of deployment "catalog" are Ready
    When the deployment "catalog" is rolled out
    Then the rollout of deployment "catalog" completes within 1m
    And at least 3 pods of deployment "catalog" are Ready throughout the rollout
    And at most 4 pods of deployment "catalog" are active throughout the rollout
    And at most 0 pods of deployment "catalog" are unavailable throughout the rollout
    And the deployment "catalog" has created 6 pods

  @behavior:deployment-rolling-fenceposts @seed:001
  Scenario: The old pods still terminating count among those that exist
    Given a deployment "media" of 4 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 1
      """
    And container "app" of pod "media" becomes ready after 2s
    When the deployment "media" is rolled out
    Then the rollout of deployment "media" completes within 1m
    And at least 3 pods of deployment "media" are Ready throughout the rollout
    And at most 7 pods of deployment "media" exist throughout the rollout
    And at most 5 pods of deployment "media" are active throughout the rollout

  @behavior:taint-eviction-toleration-seconds @needs:node-lifecycle @slow
  Scenario: A lost node's pods are marked for deletion as their tolerations run out
    Given a pod "quick":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
          tolerationSeconds: 10
        containers:
        - name: app
      """
    And a pod "patient"
    And a pod "anchor":
      """yaml
      spec:
        tolerations:
        - key: node.kubernetes.io/unreachable
          operator: Exists
          effect: NoExecute
        containers:
        - name: app
      """
    When node "worker-1" becomes NotReady
    Then the pod "quick" is marked for deletion at 10s
    And the pod "quick" is marked for deletion within 11s
    And the pod "patient" is not marked for deletion at 299s
    And the pod "patient" is marked for deletion between 300s and 300s
    And the pod "anchor" is never marked for deletion within 600s
    And the pod "anchor" is never marked for deletion
