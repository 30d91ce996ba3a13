@termination
Feature: A pod's finalizers hold its deletion
  A pod may carry finalizers (metadata.finalizers), names a client puts
  there to be told of the pod's deletion before it goes. A delete still
  records deletionTimestamp and the grace period, and the kubelet still
  stops the containers, puts the pod in a terminal phase and makes its
  final delete; but the API server keeps a pod with a finalizer left,
  deleting, until the update that removes the last one
  (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go,
  updateForGracefulDeletionAndFinalizers and ShouldDeleteDuringUpdate).
  Held, the pod keeps its deletionTimestamp and its terminal phase; the
  language's Terminating, as kubectl's STATUS, is a pod being deleted whose
  phase is not terminal, so a held pod shows its phase's STATUS (Error),
  not Terminating (printPod, pkg/printers/internalversion/printers.go).

  @behavior:pod-finalizer-holds-deletion
  Scenario: A deleted pod with a finalizer stays in the API until the finalizer is removed
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      metadata:
        finalizers: [example.com/cleanup]
      spec:
        containers:
        - name: app
      """
    When the pod "web" is deleted
    Then container "app" exits at 0s with code 143
    And the pod "web" has phase "Failed" within 5s
    And container "app" never receives SIGKILL
    And the pod "web" is still Failed at 60s
    And the pod "web" still shows status "Error" at 60s
    When the finalizer "example.com/cleanup" is removed from the pod "web"
    Then the pod "web" is gone within 1s

  @behavior:pod-finalizer-holds-deletion
  Scenario: A finalizer removed before any delete leaves the pod running, and its delete unheld
    Given a pod "web" with terminationGracePeriodSeconds 10:
      """yaml
      metadata:
        finalizers: [example.com/cleanup]
      spec:
        containers:
        - name: app
      """
    When the pod "web" becomes Running
    And the finalizer "example.com/cleanup" is removed from pod "web"
    And 10s pass
    Then the pod "web" is Running
    And the pod "web" has 0 restarts
    When the pod "web" is deleted
    Then container "app" exits at 0s with code 143
    And the pod "web" is gone within 1s
