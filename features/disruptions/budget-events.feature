@disruptions
Feature: The disruption controller's events
  The disruption controller (pkg/controller/disruption/disruption.go,
  v1.36.3) syncs one budget per pod event: getPdbForPod takes the first
  of the budgets that select the pod and, when there are several, warns
  MultiplePodDisruptionBudgets on the pod ("Pod "ns"/"name" matches
  multiple PodDisruptionBudgets.  Chose "x" arbitrarily.": the lister's
  order, a Go map's; the simulator chooses the first by name). Each sync
  of a budget (trySync) records on the budget: NoPods ("No matching pods
  found") when its selector matches no pod; CalculateExpectedPodCountFailed
  when a percentage or maxUnavailable needs the scale of a pod's
  controller and none can be found, and then no disruption is allowed
  (failSafe, SyncFailed); UnmanagedPods when a percentage or
  maxUnavailable meets pods without a controller. An integer minAvailable
  counts the selected pods themselves and looks up no controller.

  The events of the last three are about the PodDisruptionBudget, not a
  pod; the timelines name them "pdb/<name>" on both drivers. A budget
  declared before its pods is created first: on a cluster the controller
  syncs it before the pods exist and records NoPods once (seen on kind
  v1.36.3, 2026-11-29), where the simulator creates both in one instant. Which of
  several budgets the controller syncs is a Go map's order on a cluster,
  so the scenario that depends on it runs on the simulator only.

  @behavior:pdb-multiple-budgets
  Scenario: A pod two budgets select is warned MultiplePodDisruptionBudgets
    Given a pod disruption budget "one" with minAvailable 1 for pods labelled "app=web"
    And a pod disruption budget "two" with minAvailable 1 for pods labelled "app=web"
    And a pod "web":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    When the pod "web" becomes Running
    Then an event "MultiplePodDisruptionBudgets" with message containing "matches multiple PodDisruptionBudgets" is recorded for pod "web"

  @behavior:pdb-multiple-budgets @sim
  Scenario: A pod's events sync only the first of the budgets that select it
    Both budgets are synced at their creation, a second before the pod's.
    Each event of the pod syncs one budget: "one", the simulator's first
    by name (the real controller's first is arbitrary, which is why this
    runs on the simulator only); "two" still counts no pod.

    Given a pod disruption budget "one" with minAvailable 1 for pods labelled "app=web"
    And a pod disruption budget "two" with minAvailable 1 for pods labelled "app=web"
    And a pod "web":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    When 1s pass
    And the pod "web" is created
    And the pod "web" becomes Running
    Then the pod disruption budget "one" has expectedPods 1
    And the pod disruption budget "two" has expectedPods 0

  @behavior:pdb-no-pods
  Scenario: A budget that selects no pod records NoPods
    Given a pod disruption budget "web" with minAvailable 1 for pods labelled "app=web"
    And a pod "other":
      """yaml
      metadata:
        labels:
          app: other
      spec:
        containers:
        - name: app
      """
    When the pod "other" becomes Running
    Then an event "NoPods" with message containing "No matching pods found" is recorded
    And the pod disruption budget "web" has expectedPods 0

  @behavior:pdb-unmanaged-pods
  Scenario: A percentage budget over a pod no controller manages warns UnmanagedPods
    Given a pod disruption budget "web" with minAvailable 50% for pods labelled "app=web"
    And a pod "web":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    When the pod "web" becomes Running
    Then an event "UnmanagedPods" with message containing "were found to be unmanaged" is recorded

  @behavior:pdb-unmanaged-pods
  Scenario: An integer minAvailable over a pod no controller manages does not warn
    Given a pod disruption budget "web" with minAvailable 1 for pods labelled "app=web"
    And a pod "web":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    When the pod "web" becomes Running
    Then no event "UnmanagedPods" is recorded
    And the pod disruption budget "web" allows 0 disruptions

  @behavior:pdb-expected-count-failed @needs:static-pods
  Scenario: maxUnavailable over a static pod cannot count: the mirror pod's controller is its Node
    A mirror pod's controller reference is its Node, which has no scale
    subresource: getScaleController fails, the budget records
    CalculateExpectedPodCountFailed and allows no disruption (failSafe).

    Given a static pod "etcd" on node "worker-1":
      """yaml
      metadata:
        labels:
          app: etcd
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "etcd" with maxUnavailable 1 for pods labelled "app=etcd"
    When the pod "etcd" becomes Running
    Then an event "CalculateExpectedPodCountFailed" with message containing "nodes does not implement the scale subresource" is recorded
    And the pod disruption budget "etcd" allows 0 disruptions
