@workloads
Feature: A ResourceQuota refuses the pods a rollout needs
  The API server's ResourceQuota admission
  (k8s.io/apiserver/pkg/admission/plugin/resourcequota, CheckRequest)
  charges each pod at its create against the namespace's quotas'
  status.used, and refuses with 403 Forbidden ("exceeded quota: …") a pod
  that would pass status.hard. The quota controller
  (pkg/controller/resourcequota) gives the usage back when a pod is gone
  or terminal: a pod being deleted still counts while it terminates
  (pkg/quota/v1/evaluator/core/pods.go QuotaV1Pod). A ReplicaSet whose
  create is refused records FailedCreate and tries again with its work
  queue's back-off (5 ms doubling).

  The seed's course (001, "high availability") warns: when the running
  pods fill the quota and maxUnavailable is 0, the rollout must start a
  new pod first, the quota refuses it, and the rollout never goes on.

  @behavior:quota-blocks-surge @seed:001
  Scenario: A quota the running pods fill stops a rollout that may not lose a pod
    The quota admits exactly the 3 running pods. maxUnavailable 0 keeps
    every old pod until a new one is available, and the new ReplicaSet's
    first pod is refused: the Deployment reports the ReplicaSet's
    failure, makes no progress, and passes its deadline.

    Given a resource quota "q":
      """yaml
      spec:
        hard:
          pods: "3"
      """
    And a deployment "web" of 3 pods:
      """yaml
      spec:
        progressDeadlineSeconds: 20
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
      """
    When the deployment "web" is restarted
    Then the deployment "web" has condition "ReplicaFailure" "True" with reason "FailedCreate" within 10s
    And the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" within 45s
    And an event "FailedCreate" with message containing "exceeded quota: q, requested: pods=1, used: pods=3, limited: pods=3" is recorded for deployment "web"
    And the deployment "web" has 0 updated replicas
    And the deployment "web" has 3 available replicas
    And the resource quota "q" shows "pods" used 3

  @behavior:quota-blocks-surge @seed:001
  Scenario: maxUnavailable 1 lets the same rollout through the quota
    The way out the seed implies: with one pod allowed to be unavailable
    the old ReplicaSet is scaled down first; once its pod is gone the quota
    has room, and the new ReplicaSet's retry creates the pod it was
    refused.

    Given a resource quota "q":
      """yaml
      spec:
        hard:
          pods: "3"
      """
    And a deployment "web" of 3 pods:
      """yaml
      spec:
        strategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 1
      """
    When the deployment "web" is restarted
    # Each refused create doubles the ReplicaSet's work-queue back-off (5 ms
    # up to 1000 s): on kind v1.36.3 (2026-11-29 11:24) 2 of the 3 new pods
    # were available 72 s after the restart, the old pods' ends and the
    # quota's recount taking longer than on the simulator; the bound is the
    # activity's, not the arithmetic's.
    Then the rollout of deployment "web" completes within 5m
    And an event "FailedCreate" is recorded for deployment "web"
    And at least 2 pods of deployment "web" are Ready at all times

  @behavior:quota-counts-terminating-pods @upstream:resource-quota-life-of-a-pod
  Scenario: A pod being deleted keeps its place in the quota until it is gone
    e2e: [sig-api-machinery] ResourceQuota should create a ResourceQuota and
    capture the life of a pod (test/e2e/apimachinery/resource_quota.go):
    the usage is given back once the pod is deleted. While the evicted pod
    terminates (10 s) it is still charged, its replacement is refused, and
    the ReplicaSet's retry creates it once the pod is gone.

    Given a resource quota "q":
      """yaml
      spec:
        hard:
          pods: "2"
      """
    And a replica set "web" of 2 pods
    And container "app" of pod "web" takes 10s to exit after SIGTERM
    When the eviction of pod 1 of replica set "web" is requested
    Then the eviction of pod 1 of replica set "web" is accepted
    And the resource quota "q" shows "pods" used 2
    And the replica set "web" has created 2 pods
    And an event "FailedCreate" with message containing "exceeded quota" is recorded for replica set "web"
    And 2 pods of replica set "web" are Ready within 30s
    And the replica set "web" has created 3 pods
