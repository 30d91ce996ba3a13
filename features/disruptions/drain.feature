@disruptions @sim
Feature: Draining a node under a PodDisruptionBudget
  `kubectl drain` cordons the node, then evicts its pods through the
  eviction subresource, one client loop per pod, all at once
  (k8s.io/kubectl/pkg/drain, evictPods). A budget that allows no more
  disruptions answers 429 TooManyRequests, and kubectl tries again 5 s
  later (EvictErrorRetryDelay); once an eviction is accepted it polls
  every second until the pod is gone (waitForDelete). The ReplicaSet
  controller replaces an evicted pod as soon as its deletion starts, and
  the budget counts the replacement once it is Ready.

  @behavior:drain-waits-for-budget @seed:001
  Scenario: Two of three replicas on the drained node go one at a time
    Seed 001's example: three replicas, two on the node taken out for
    repair, a budget with minAvailable 2. Without the budget both would be
    evicted at once; with it the drain evicts one (disruptionsAllowed 3 −
    2 = 1), is refused the second (429: 2 healthy, 2 needed), and gets it
    on the first retry after the first pod's replacement is Ready on the
    other node (here at 8 s: its readiness probe's initialDelaySeconds),
    that is at 10 s. The drain returns at 11 s: its first look right after
    the eviction finds the pod still there, the next, a second later, gone.

    Given a node "worker-1" with 8 CPU, 16Gi memory and 2 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a replica set "web" of 3 pods:
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 8
            periodSeconds: 1
      """
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When 20 seconds pass
    Then 2 pods of replica set "web" are on node "worker-1"
    And 3 pods of replica set "web" are Ready
    And the pod disruption budget "web" allows 1 disruption
    When node "worker-1" is drained
    Then evictions of pods of replica set "web" are accepted at 0s and 10s
    And evictions of pods of replica set "web" are refused 2 times
    And an eviction of a pod of replica set "web" is refused with message containing "The disruption budget web needs 2 healthy pods and has 2 currently"
    And the drain of node "worker-1" completes at 11s
    And 3 pods of replica set "web" are Ready within 1m
    And 0 pods of replica set "web" are on node "worker-1"
    And 3 pods of replica set "web" are on node "worker-2"
    And the replica set "web" has created 5 pods
