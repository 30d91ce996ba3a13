@disruptions
Feature: The eviction subresource and PodDisruptionBudgets
  A POST of an Eviction to a pod's eviction subresource
  (pkg/registry/core/pod/storage/eviction.go, EvictionREST.Create) checks
  the one PodDisruptionBudget that selects the pod: while the budget's
  status allows a disruption it spends one and answers 201, adds the
  DisruptionTarget condition (EvictionByEvictionAPI) and deletes the pod
  with its own grace period; otherwise it answers 429 TooManyRequests,
  "Cannot evict pod as it would violate the pod's disruption budget.",
  with the budget's reason as its cause. The disruption controller
  (pkg/controller/disruption/disruption.go) keeps the status: Ready pods
  not being deleted (currentHealthy), what the budget needs
  (desiredHealthy), and disruptionsAllowed, their difference.

  @behavior:eviction-without-budget @upstream:disruption-evictions-no-pdb
  Scenario: With no budget an eviction is a graceful delete with a condition
    e2e: [sig-apps] DisruptionController evictions: no PDB => should allow
    an eviction.

    Given a pod "web" with terminationGracePeriodSeconds 10
    And container "app" of pod "web" ignores SIGTERM
    When the eviction of pod "web" is requested
    Then the eviction of pod "web" is accepted
    And the pod "web" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"
    And container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 10s
    And the pod "web" is gone within 11s

  @behavior:pdb-min-available-absolute @upstream:disruption-evictions-too-few-pods-absolute
  Scenario: An absolute minAvailable equal to the healthy pods refuses with 429
    e2e: [sig-apps] DisruptionController evictions: too few pods, absolute
    => should not allow an eviction. An integer minAvailable is compared
    with every pod the selector matches, whether a controller manages them
    or not (getExpectedPodCount: expectedPods is the number of pods).

    Given a pod "pod-0":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-1":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "foo" with minAvailable 2 for pods labelled "foo=bar"
    When the eviction of pod "pod-0" is requested
    Then the eviction of pod "pod-0" is refused with "TooManyRequests"
    And the eviction of pod "pod-0" is refused with 429
    And the pod disruption budget "foo" has currentHealthy 2
    And the pod disruption budget "foo" has desiredHealthy 2
    And the pod disruption budget "foo" has expectedPods 2
    And the pod disruption budget "foo" allows 0 disruptions
    And the pod "pod-0" is Running
    And the pod "pod-0" is not Terminating

  @behavior:pdb-min-available-absolute @upstream:disruption-evictions-enough-pods-absolute
  Scenario: One pod more than minAvailable lets one eviction through, then no more
    e2e: [sig-apps] DisruptionController evictions: enough pods, absolute
    => should allow an eviction. The first eviction spends the one
    disruption; the second is refused: the evicted pod, being deleted, no
    longer counts as healthy.

    Given a pod "pod-0":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-1":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-2":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "foo" with minAvailable 2 for pods labelled "foo=bar"
    Then the pod disruption budget "foo" allows 1 disruption
    When the eviction of pod "pod-0" is requested
    Then the eviction of pod "pod-0" is accepted
    And the pod disruption budget "foo" has currentHealthy 2
    And the pod disruption budget "foo" allows 0 disruptions
    When the eviction of pod "pod-1" is requested
    Then the eviction of pod "pod-1" is refused with "TooManyRequests"

  @behavior:pdb-percentage-rounds-up @upstream:disruption-evictions-enough-pods-replicaset-percentage
  Scenario: minAvailable 90% of a replica set of 10 leaves one disruption
    e2e: [sig-apps] DisruptionController evictions: enough pods,
    replicaSet, percentage => should allow an eviction. A percentage is
    taken of the controllers' scale (10 replicas) and rounded up: 90% of
    10 is 9 (GetScaledValueFromIntOrPercent with roundUp). The evicted pod
    (its preStop hook keeps it 5 s) is replaced at once: a terminating pod
    is not active for the ReplicaSet controller. The replacement starts and
    is Ready in the same instant (the simulator's start-up latencies are
    0), and the budget allows one disruption again.

    Given a replica set "foo" of 10 pods:
      """yaml
      spec:
        containers:
        - name: app
          lifecycle:
            preStop:
              exec:
                command: ["sh", "-c", "sleep 5"]
      """
    And a pod disruption budget "foo" with minAvailable 90% for pods labelled "app=foo"
    Then the pod disruption budget "foo" has expectedPods 10
    And the pod disruption budget "foo" has desiredHealthy 9
    And the pod disruption budget "foo" allows 1 disruption
    When the eviction of pod 1 of replica set "foo" is requested
    Then the eviction of pod 1 of replica set "foo" is accepted
    And pod 1 of replica set "foo" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"
    And the replica set "foo" has created 11 pods
    And the pod disruption budget "foo" has currentHealthy 10
    And the pod disruption budget "foo" allows 1 disruption

  @behavior:pdb-percentage-rounds-up
  Scenario: minAvailable 50% of 3 replicas is 2, rounded up
    Given a replica set "web" of 3 pods
    And a pod disruption budget "web" with minAvailable 50% for pods labelled "app=web"
    Then the pod disruption budget "web" has desiredHealthy 2
    And the pod disruption budget "web" allows 1 disruption

  @behavior:pdb-max-unavailable @upstream:disruption-evictions-max-unavailable-percentage
  Scenario: maxUnavailable 10% of a replica set of 10 allows one eviction
    e2e: [sig-apps] DisruptionController evictions: maxUnavailable allow
    single eviction, percentage => should allow an eviction. desiredHealthy
    is the scale less maxUnavailable (rounded up): 10 − 1.

    Given a replica set "foo" of 10 pods
    And a pod disruption budget "foo" with maxUnavailable 10% for pods labelled "app=foo"
    Then the pod disruption budget "foo" has desiredHealthy 9
    And the pod disruption budget "foo" allows 1 disruption
    When the eviction of pod 3 of replica set "foo" is requested
    Then the eviction of pod 3 of replica set "foo" is accepted

  @behavior:pdb-max-unavailable @upstream:disruption-evictions-max-unavailable-integer
  Scenario: maxUnavailable 1 with only some replicas running refuses
    e2e: [sig-apps] DisruptionController evictions: maxUnavailable deny
    evictions, integer => should not allow an eviction. Upstream keeps
    replicas off the nodes with a host port; here the node has room for 5
    pods: 5 replicas run, 5 stay Pending, and the budget (10 expected, 9
    needed) has 5 healthy.

    Given a node "worker-1" with 4 CPU, 8Gi memory and 5 pods
    And a replica set "foo" of 10 pods
    And a pod disruption budget "foo" with maxUnavailable 1 for pods labelled "app=foo"
    Then 5 pods of replica set "foo" are Ready
    And the pod disruption budget "foo" has expectedPods 10
    And the pod disruption budget "foo" has currentHealthy 5
    And the pod disruption budget "foo" allows 0 disruptions
    When the eviction of pod 1 of replica set "foo" is requested
    Then the eviction of pod 1 of replica set "foo" is refused with message containing "The disruption budget foo needs 9 healthy pods and has 5 currently"

  @behavior:pdb-status @upstream:disruption-status-updated
  Scenario: The controller fills in the budget's status
    e2e: [sig-apps] DisruptionController should observe
    PodDisruptionBudget status updated (Conformance): minAvailable 1 over
    three pods allows two disruptions.

    Given a replica set "foo" of 3 pods
    And a pod disruption budget "foo" with minAvailable 1 for pods labelled "app=foo"
    Then the pod disruption budget "foo" has currentHealthy 3
    And the pod disruption budget "foo" has desiredHealthy 1
    And the pod disruption budget "foo" has expectedPods 3
    And the pod disruption budget "foo" allows 2 disruptions

  @behavior:pdb-unmanaged-pods @upstream:disruption-unmanaged-pods
  Scenario: A percentage budget over pods no controller manages expects none
    e2e: [sig-apps] DisruptionController should observe that the
    PodDisruptionBudget status is not updated for unmanaged pods: the
    budget does not fail its sync. But a percentage (or maxUnavailable) is
    taken of the pods' controllers' scale, and bare pods have none:
    expectedPods 0, and with nothing expected no disruption is allowed, so
    the eviction is refused although both pods are Ready.

    Given a pod "pod-0":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod "pod-1":
      """yaml
      metadata:
        labels:
          foo: bar
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "foo" with minAvailable 50% for pods labelled "foo=bar"
    Then the pod disruption budget "foo" has currentHealthy 2
    And the pod disruption budget "foo" has expectedPods 0
    And the pod disruption budget "foo" allows 0 disruptions
    When the eviction of pod "pod-0" is requested
    Then the eviction of pod "pod-0" is refused with "TooManyRequests"

  @behavior:eviction-ignores-budget-for-pending @upstream:disruption-block-eviction-until-pdb-allows
  Scenario: A budget of every replica refuses a running pod, not a pending one
    e2e: [sig-apps] DisruptionController should block an eviction until the
    PDB is updated to allow it (Conformance), its first step: a budget
    that needs every replica (there 3 of 3, here 4 of 4) refuses. A pod
    still Pending is deleted with no budget check (canIgnorePDB: terminal,
    Pending or already terminating pods), although the budget is short
    (3 healthy, 4 needed), which would refuse an unready running pod.

    Given a node "worker-1" with 4 CPU, 8Gi memory and 3 pods
    And a replica set "web" of 4 pods
    And a pod disruption budget "web" with minAvailable 4 for pods labelled "app=web"
    Then 3 pods of replica set "web" are Ready
    And the pod disruption budget "web" has expectedPods 4
    And the pod disruption budget "web" has currentHealthy 3
    And the pod disruption budget "web" allows 0 disruptions
    When the eviction of pod 1 of replica set "web" is requested
    Then the eviction of pod 1 of replica set "web" is refused with "TooManyRequests"
    When the eviction of pod 4 of replica set "web" is requested
    Then the eviction of pod 4 of replica set "web" is accepted
    And the replica set "web" has created 5 pods

  @behavior:pdb-update
  Scenario: A budget changed to allow a disruption lets the eviction it refused through
    The API server stores the new spec with its generation one more; the
    disruption controller's next sync recomputes the status for it
    (desiredHealthy 1 of 2 healthy: one disruption allowed), and the
    eviction refused before is accepted when asked again.

    Given a replica set "web" of 2 pods
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When the eviction of pod 1 of replica set "web" is requested
    Then the eviction of pod 1 of replica set "web" is refused with "TooManyRequests"
    And the pod disruption budget "web" allows 0 disruptions
    When the pod disruption budget "web" is changed to minAvailable 1
    Then the pod disruption budget "web" has desiredHealthy 1
    And the pod disruption budget "web" allows 1 disruption
    When the eviction of pod 1 of replica set "web" is requested
    Then the eviction of pod 1 of replica set "web" is accepted
    And pod 1 of replica set "web" is gone within 31s

  @behavior:pdb-min-available-absolute
  Scenario: A refused eviction of a named pod says why
    The API's answer to an eviction a budget refuses: 429 with the
    message "Cannot evict pod as it would violate the pod's disruption
    budget." and, as its cause, what the budget needs and has.

    Given a pod "web-1":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    And a pod "web-2":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    And a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    When the eviction of pod "web-1" is requested
    Then the eviction of pod "web-1" is refused with "Cannot evict pod as it would violate the pod's disruption budget."
    And the eviction of pod "web-1" is refused with message containing "The disruption budget web needs 2 healthy pods and has 2 currently"
