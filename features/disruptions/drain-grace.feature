@disruptions @needs:node-lifecycle
Feature: A drain's grace period
  `kubectl drain --grace-period=N` puts N in the DeleteOptions of every
  eviction it posts (k8s.io/kubectl/pkg/drain, Helper.makeDeleteOptions;
  TestDeleteOrEvict checks the options it sends with GracePeriodSeconds
  10); the eviction subresource deletes the pod with them
  (pkg/registry/core/pod/storage/eviction.go), so the kubelet kills with
  N rather than the pod's own terminationGracePeriodSeconds. -1, the
  default, keeps each pod's own.

  @behavior:drain-grace-period @upstream:kubectl-drain-delete-or-evict
  Scenario: --grace-period replaces the pods' own grace period
    kubectl's drain tests: TestDeleteOrEvict (GracePeriodSeconds in the
    eviction's DeleteOptions).

    Given a node "worker-1"
    And a pod "web" on node "worker-1":
      """yaml
      spec:
        terminationGracePeriodSeconds: 30
        containers:
        - name: app
      """
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is created
    And node "worker-1" is drained with "--force --grace-period=5"
    Then the eviction of pod "web" is accepted
    And container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 5s
    And the drain of node "worker-1" completes within 7s
