@disruptions
Feature: Evicting pods that are not Ready
  An unready pod guarded by a budget (EvictionREST.Create): with
  unhealthyPodEvictionPolicy AlwaysAllow it is evicted at once; with
  IfHealthyBudget (the default) only while the budget is met
  (currentHealthy ≥ desiredHealthy > 0), and neither spends a disruption.
  Otherwise the budget decides as for any pod, and an exhausted budget
  refuses with 429. Three pods labelled app=web: "a" and "b" Ready, "c"
  never Ready (its readiness probe fails).

  Background:
    Given a pod "a":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    And a pod "b":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
      """
    And a pod "c":
      """yaml
      metadata:
        labels:
          app: web
      spec:
        containers:
        - name: app
          readinessProbe:
            exec:
              command: ["false"]
            periodSeconds: 1
      """

  @behavior:unhealthy-pod-if-healthy-budget
  Scenario: An unready pod is evicted while the budget is met, with no disruption spent
    Given a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"
    Then the pod disruption budget "web" has currentHealthy 2
    And the pod disruption budget "web" allows 0 disruptions
    When the eviction of pod "c" is requested
    Then the eviction of pod "c" is accepted
    And the pod "c" is gone within 1s
    And the pod disruption budget "web" allows 0 disruptions
    When the eviction of pod "a" is requested
    Then the eviction of pod "a" is refused with "TooManyRequests"

  @behavior:unhealthy-pod-if-healthy-budget
  Scenario: An unready pod is not evicted while the budget is short
    Given a pod disruption budget "web" with minAvailable 3 for pods labelled "app=web"
    When the eviction of pod "c" is requested
    Then the eviction of pod "c" is refused with "TooManyRequests"
    And the pod "c" is Running
    And the pod "c" is not Terminating

  @behavior:unhealthy-pod-always-allow
  Scenario: AlwaysAllow evicts an unready pod even while the budget is short
    Given a pod disruption budget "web" with minAvailable 3 for pods labelled "app=web" and unhealthyPodEvictionPolicy AlwaysAllow
    When the eviction of pod "c" is requested
    Then the eviction of pod "c" is accepted
    And the pod "c" is gone within 1s
    When the eviction of pod "a" is requested
    Then the eviction of pod "a" is refused with "TooManyRequests"

  @behavior:eviction-two-budgets
  Scenario: A pod two budgets select cannot be evicted
    The eviction subresource supports one budget a pod: with two it
    answers 500, "This pod has more than one PodDisruptionBudget, which
    the eviction subresource does not support.", whatever they allow.

    Given a pod disruption budget "one" with maxUnavailable 3 for pods labelled "app=web"
    And a pod disruption budget "two" with minAvailable 0 for pods labelled "app=web"
    When the eviction of pod "a" is requested
    Then the eviction of pod "a" is refused with "InternalError"
    And the pod "a" is Running
