@language
Feature: The phrases a thirteenth trial's first drafts reach for
  Issue 38's thirteenth held-out set (first drafts written from the
  README and the language reference alone): a workload's ready pods
  timed, as its controller counts its readyReplicas; a node's condition
  denied; a pod's exit, its one container's; a postStart hook's failure;
  the kubelet stopped; a plain pod on a node.

  @behavior:deployment-rolling-fenceposts
  Scenario: A Deployment's pods turn ready, then one more once scaled up
    Given a deployment "api" of 2 pods
    And container "app" of deployment "api" becomes ready after 5s
    Then the deployment "api" has 2 ready replicas within 1m
    And the deployment "api" has 2 ready pods
    And the deployment "api" has 2 replicas
    When the deployment "api" is scaled to 3 replicas
    Then the deployment "api" has 3 replicas within 30s
    And the deployment "api" has 2 ready pods between 0s and 2s
    And the deployment "api" has 3 ready replicas within 1m

  @behavior:deployment-rolling-fenceposts
  Scenario: A replica set's pods not ready yet, then ready
    Given a replica set "web" of 2 pods
    And container "app" of replica set "web" becomes ready after 10s
    When the replica set "web" is scaled to 3
    Then the replica set "web" has no ready pods at 1s
    And the replica set "web" has 3 ready pods within 1m
    And the replica set "web" has 3 ready replicas

  @needs:node-pressure @behavior:pressure-condition-taint
  Scenario: A node under memory pressure has no disk pressure
    Given a node "worker-1" with 2 CPU, 1Gi memory and 110 pods
    When node "worker-1" memory usage reaches 974Mi
    Then the node "worker-1" does not have condition "DiskPressure" "True"
    And node "worker-1" has condition "MemoryPressure" "True" within 10s
    And node "worker-1" has no condition "MemoryPressure" "False"
    And the node "worker-1" has no condition "PIDPressure" "True"

  @behavior:job-pod-failure-backoff @behavior:job-backoff-limit
  Scenario: A Job's pods each exit with their container's code
    Given a job "migrate":
      """yaml
      spec:
        backoffLimit: 2
      """
    And container "app" of job "migrate" exits with code 1 after 2s
    When the job "migrate" is created
    Then the first pod of job "migrate" exits with code 1
    And the third pod of job "migrate" exited with code 1

  @behavior:restart-policy
  Scenario: A pod of one container exits with its container's code
    Given a pod "web" with restartPolicy Never
    And container "app" of pod "web" exits with code 3 after 2s
    And a replica set "rs" of 2 pods
    And container "app" of replica set "rs" exits with code 2 after 3s
    When the pod "web" is created
    Then the pod "web" exits with code 3
    And the pod "web" exited with code 3
    And the second pod of replica set "rs" exits with code 2

  @behavior:poststart-failure
  Scenario: A postStart hook that fails: the container is killed and restarted
    Given a pod "web" with terminationGracePeriodSeconds 2:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            postStart:
              exec:
                command: ["false"]
      """
    When the pod "web" is created
    Then the postStart hook of container "app" fails within 30s
    And the postStart hook of container "app" failed
    And the postStart hook of container "app" of pod "web" fails between 0s and 30s
    And the pod "web" shows status "PostStartHookError" within 30s

  # The hook's failure is an Event, which a cluster stamps to the whole
  # second, some seconds after the pod's creation (its image, its
  # sandbox): an exact instant is the simulator's.
  @sim @behavior:poststart-failure
  Scenario: A postStart hook fails at the container's start
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            postStart:
              exec:
                command: ["false"]
      """
    When the pod "web" is created
    Then the postStart hook of container "app" fails at 0s

  @needs:node-lifecycle @behavior:node-not-ready
  Scenario: The kubelet on a node stops: the node turns NotReady
    Given a node "worker-1"
    And a node "worker-2"
    And a pod "web" on node "worker-2"
    When the pod "web" is created
    And the pod "web" becomes Running
    And the kubelet on node "worker-2" stops
    Then node "worker-2" has condition "Ready" "Unknown" within 1m
    And the pod "web" is scheduled on node "worker-2"
    And node "worker-1" has condition "Ready" "True"
