@disruptions @needs:node-lifecycle
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

  @behavior:drain-without-budget
  Scenario: Without a budget the drain evicts every pod at once
    The same three replicas with no budget: both pods of the drained node
    are evicted at 0 s, and for a while only one replica is Ready.

    Given a node "worker-1" with 8 CPU, 16Gi memory and 2 pods
    And a node "worker-2" with 4 CPU, 8Gi memory and 110 pods
    And a replica set "web" of 3 pods:
      """yaml
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 8
            periodSeconds: 1
      """
    When 20 seconds pass
    And node "worker-1" is drained
    Then 1 pod of replica set "web" is Ready
    And evictions of pods of replica set "web" are accepted at 0s and 0s
    And evictions of pods of replica set "web" are refused 0 times
    And the drain of node "worker-1" completes at 1s
    And 3 pods of replica set "web" are Ready within 8s

  @behavior:cordon @needs:create-nodes
  Scenario: A cordoned node takes no new pod
    kubectl cordon sets spec.unschedulable; the node-lifecycle controller
    adds the node.kubernetes.io/unschedulable:NoSchedule taint, and the
    scheduler's NodeUnschedulable filter keeps pods off ("node(s) were
    unschedulable"). Pods already there keep running.

    Given a pod "old"
    When node "worker-1" is cordoned
    Then node "worker-1" has taint "node.kubernetes.io/unschedulable:NoSchedule"
    And the pod "old" is Running
    Given a pod "new"
    When the pod "new" is created
    Then the pod "new" stays Pending with reason "Unschedulable"
    And an event "FailedScheduling" for pod "new" says "0/1 nodes are available: 1 node(s) were unschedulable."

  @behavior:cordon @needs:create-nodes
  Scenario: An uncordoned node takes the pod that waited for it
    kubectl uncordon clears spec.unschedulable; the node-lifecycle
    controller takes the taint off, and the node's update sends the
    pending pod back to the scheduler's active queue, which binds it.

    Given a pod "new"
    When node "worker-1" is cordoned
    And the pod "new" is created
    Then the pod "new" stays Pending with reason "Unschedulable"
    When node "worker-1" is uncordoned
    Then the pod "new" is Running within 10s
    And node "worker-1" has no taint "node.kubernetes.io/unschedulable:NoSchedule" within 5s

  @behavior:drain-refuses-bare-pods
  Scenario: A pod no controller manages stops the drain, which has cordoned the node
    kubectl drain's unreplicatedFilter: without --force a pod that declares
    no controller is an error, and nothing is evicted ("cannot delete Pods
    that declare no controller (use --force to override)"); the node stays
    cordoned.

    Given a pod "bare"
    When node "worker-1" is drained
    Then the drain of node "worker-1" fails with message containing "Pods that declare no controller (use --force to override)"
    And node "worker-1" has taint "node.kubernetes.io/unschedulable:NoSchedule"
    And the pod "bare" is Running

  @behavior:drain-refuses-bare-pods
  Scenario: With --force the bare pod is evicted, and nothing replaces it
    Given a pod "bare" with terminationGracePeriodSeconds 5
    And container "app" of pod "bare" ignores SIGTERM
    When node "worker-1" is drained with "--force"
    Then the eviction of pod "bare" is accepted
    And container "app" of pod "bare" receives SIGKILL at 5s
    And the pod "bare" is gone within 6s
    And the drain of node "worker-1" completes at 5s

  @behavior:drain-local-storage
  Scenario: A pod with an emptyDir volume needs --delete-emptydir-data
    kubectl drain's localStorageFilter comes before the controller check.

    Given a replica set "cache" of 1 pod:
      """yaml
      spec:
        volumes:
        - name: scratch
          emptyDir: {}
        containers:
        - name: app
      """
    When node "worker-1" is drained
    Then the drain of node "worker-1" fails with message containing "Pods with local storage (use --delete-emptydir-data to override)"
    And 1 pod of replica set "cache" is Ready

  @behavior:drain-skips-mirror-pods @needs:static-pods
  Scenario: The drain leaves static pods where they are
    Mirror pods are skipped (mirrorPodFilter): their kubelet runs them from
    its manifest folder, and an eviction would only bring them back.

    Given a node "worker-1"
    And a node "worker-2"
    And a static pod "etcd" on node "worker-1":
      """yaml
      spec:
        containers:
        - name: app
      """
    And a replica set "web" of 3 pods
    When node "worker-1" is drained
    Then the drain of node "worker-1" completes
    And the pod "etcd" is Running
    And 0 pods of replica set "web" are on node "worker-1"
    And 3 pods of replica set "web" are Ready

  @behavior:drain-timeout
  Scenario: A budget that never allows a disruption holds the drain until its timeout
    minAvailable 2 of 2 replicas: every eviction is refused, retried every
    5 s, until --timeout ends the drain with an error; the pods keep
    running on the cordoned node.

    Given a replica set "web" of 2 pods
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When node "worker-1" is drained with "--timeout=30s"
    Then the drain of node "worker-1" fails with message containing "global timeout reached: 30s"
    And evictions of pods of replica set "web" are refused 12 times
    And 2 pods of replica set "web" are Ready

  @behavior:pdb-delete
  Scenario: A drain held by a budget goes through once the budget is deleted
    minAvailable 2 of 2 replicas refuses both evictions, retried every 5 s
    from the drain's start. The budget is deleted 12 s in; the retries at
    15 s find no budget for the pods and are accepted, 3 s after the
    delete, and the drain completes once both pods are gone.

    Given a replica set "web" of 2 pods
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When node "worker-1" is drained with "--timeout=2m"
    And 12 seconds pass
    And the pod disruption budget "web" is deleted
    Then evictions of pods of replica set "web" are accepted at 3s and 3s
    And the drain of node "worker-1" completes within 10s
    And the drain of node "worker-1" does not complete within 3s
