@language
Feature: A workload's pod named by its number: pod 1 of replicaset "x", the pod of job "x"
  Issue 38's fifty-sixth held-out set (first drafts written from the
  README alone): 30 of its 60 undefined steps named a replica set's or a
  job's pod as `pod 1 of replicaset "queue"` or `the pod of job "mapper"`.
  Wherever an expectation names a pod, `pod N of <kind> "x"` (`the pod N
  of …`; the kind in any of its spellings) is the N-th pod the workload
  created, as `the N-th pod of …` is, and `the pod of job "x"` the job's
  first pod. `pod N of replicaset "x" is deleted`, under When, deletes it.

  @behavior:crashloop-backoff
  Scenario: A replica set's crashing pod restarts in place and is not deleted
    The kubelet restarts the container of the replica set's pod (its
    restartPolicy Always), the first time at once, then after a back-off
    that doubles (pkg/kubelet/kuberuntime/kuberuntime_manager.go,
    doBackOff); the pod stays, Running, so the replica set creates no
    other.

    Given a replicaset "queue" of 1 pod:
      """yaml
      spec:
        containers:
        - name: worker
      """
    And container "worker" of pod "queue" exits with code 1 after 5s
    Then container "worker" of pod 1 of replicaset "queue" exits with code 1 at 5s
    And container "worker" of pod 1 of replicaset "queue" has restarted 1 time
    And the pod 1 of ReplicaSet "queue" has 1 restart
    And pod 1 of replicaset "queue" is not deleted
    And the replica set "queue" has created 1 pod
    And pod 1 of replicaset "queue" phase is "Running"

  @behavior:replicaset-scale-down-ranking
  Scenario: A scale-down deletes pod 3, not yet Ready, and never pod 1
    The ReplicaSet controller deletes the surplus of a scale-down least
    valuable first (getPodsToDelete, ActivePodsWithRanks): pods 2 and 3,
    created by the scale-up, are not Ready yet (their readiness probe
    waits 20 s), pod 1 is.

    Given a replicaset "api" of 1 pod:
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
    And the replica set "api" is scaled to 3
    And 5s pass
    And the replica set "api" is scaled to 1
    Then pod 3 of replicaset "api" is deleted within 1s
    And pod 2 of replicaset "api" is gone within 40s
    And container "app" of pod 3 of replicaset "api" receives SIGTERM within 2s
    And pod 1 of replicaset "api" is never deleted

  @behavior:replicaset-replaces-evicted-pod
  Scenario: An evicted pod of a replica set has its condition, is signalled, and goes
    The eviction subresource adds the DisruptionTarget condition before it
    deletes the pod (pkg/registry/core/pod/storage/eviction.go,
    addConditionAndDeletePod); the preStop hook holds SIGTERM 3 s; the
    replica set creates pod 3 in its place at once.

    Given a replicaset "front" of 2 pods:
      """yaml
      spec:
        containers:
        - name: web
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 3"]
      """
    When the eviction of pod 1 of replica set "front" is requested
    Then pod 1 of replicaset "front" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"
    And container "web" of pod 1 of replicaset "front" receives SIGTERM within 4s
    And pod 1 of replicaset "front" is gone within 5s
    And pod 3 of replicaset "front" is Running
    And pod 2 of replicaset "front" is never deleted

  @behavior:readiness-initial-failure
  Scenario: A replica set's pod is not ready until its readiness probe passes
    Given a replicaset "cache" of 1 pod:
      """yaml
      spec:
        containers:
        - name: redis
          readinessProbe:
            exec:
              command: ["true"]
            initialDelaySeconds: 10
            periodSeconds: 1
      """
    Then container "redis" of pod 1 of replicaset "cache" is not ready
    And the pod 1 of replica set "cache" is not Ready
    And container "redis" of the pod 1 of replicaset "cache" becomes ready within 12s

  @behavior:job-pod-failure-policy-ignore
  Scenario: The pod of a job evicted through the API has the DisruptionTarget condition
    The eviction subresource adds the condition before it deletes the pod
    (pkg/registry/core/pod/storage/eviction.go, addConditionAndDeletePod);
    the Job's pod failure policy ignores the failure it brings.

    Given a job "mapper":
      """yaml
      spec:
        backoffLimit: 0
        podFailurePolicy:
          rules:
          - action: Ignore
            onPodConditions:
            - type: DisruptionTarget
              status: "True"
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of pod "mapper" runs to completion after 10s
    When the eviction of pod 1 of job "mapper" is requested
    Then the pod of job "mapper" has condition "DisruptionTarget" "True"
    And the pod of Job "mapper" is gone within 35s
    And the job "mapper" has created 2 pods within 20s

  @behavior:job-ttl-after-finished
  Scenario: The pod of a job goes when the job's time to live runs out
    Given a job "cleanup-me":
      """yaml
      spec:
        ttlSecondsAfterFinished: 30
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: app
      """
    And container "app" of job "cleanup-me" runs to completion after 2s
    When the job "cleanup-me" is created
    Then the pod of job "cleanup-me" is gone within 35s
    And the pod of job "cleanup-me" is gone at 33s

  @behavior:replicaset-pods-by-order
  Scenario: Pod 1 of a replica set deleted, pod 2 replaces it
    Given a replicaset "queue" of 1 pod:
      """yaml
      spec:
        containers:
        - name: worker
      """
    When pod 1 of replicaset "queue" is deleted
    Then pod 1 of replicaset "queue" is gone within 1s
    And pod 2 of replicaset "queue" is Running
    And the replica set "queue" has created 2 pods
