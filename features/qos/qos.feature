@qos @seed:001
Feature: The QoS class is computed once, at creation, from cpu and memory
  BestEffort: no cpu or memory request or limit anywhere. Guaranteed: every
  container, sidecars and init containers included, has cpu and memory
  limits equal to its requests (limits alone count as requests too).
  Burstable: everything else (lifecycle-facts §8).

  @behavior:qos-class
  Scenario Outline: The QoS class of a pod with <resources>
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources: <resources>
      """
    Then the pod "web" has QoS class "<class>"

    Examples:
      | resources                                                                   | class      |
      | {}                                                                          | BestEffort |
      | {requests: {cpu: 100m}}                                                     | Burstable  |
      | {requests: {memory: 64Mi}, limits: {memory: 128Mi}}                         | Burstable  |
      | {limits: {cpu: 500m, memory: 256Mi}}                                        | Guaranteed |
      | {requests: {cpu: 500m, memory: 256Mi}, limits: {cpu: 500m, memory: 256Mi}} | Guaranteed |
      | {requests: {cpu: 250m, memory: 256Mi}, limits: {cpu: 500m, memory: 256Mi}} | Burstable  |
      | {requests: {ephemeral-storage: 1Gi}, limits: {ephemeral-storage: 1Gi}}      | BestEffort |

  @behavior:qos-class @upstream:pods-set-qos-class
  Scenario: One container without limits makes the whole pod Burstable
    e2e: Pods Extended, Pods Set QOS Class, should be set on Pods with
    matching resource requests and limits for memory and cpu (Conformance).

    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits: {cpu: 100m, memory: 64Mi}
        - name: helper
      """
    Then the pod "web" has QoS class "Burstable"

  @behavior:qos-class
  Scenario: A sidecar without limits counts like any container
    Given a pod "web":
      """yaml
      spec:
        initContainers:
        - name: mesh
          restartPolicy: Always
        containers:
        - name: app
          resources:
            limits: {cpu: 100m, memory: 64Mi}
      """
    Then the pod "web" has QoS class "Burstable"

  @behavior:qos-class
  Scenario: Pod-level resources decide alone when they are set
    Given a pod "web":
      """yaml
      spec:
        resources:
          requests: {cpu: "1", memory: 1Gi}
          limits: {cpu: "1", memory: 1Gi}
        containers:
        - name: app
      """
    Then the pod "web" has QoS class "Guaranteed"

  @behavior:qos-class
  Scenario: The QoS step shapes a pod for each class
    Given a pod "best" with QoS class "BestEffort"
    And a pod "burst" with QoS class "Burstable"
    And a pod "guaranteed" with QoS class "Guaranteed"
    Then the pod "best" has QoS class "BestEffort"
    And the pod "burst" has QoS class "Burstable"
    And the pod "guaranteed" has QoS class "Guaranteed"

  @behavior:qos-class
  Scenario: Pod-level limits alone become the pod's requests, and the pod is Guaranteed
    SetDefaults_Pod's defaultPodRequests (PodLevelResources, on from 1.34):
    a pod-level request not stated defaults to the containers' aggregated
    request, else to the pod-level limit (pkg/apis/core/v1/defaults.go,
    v1.36.3).

    Given a pod "limits":
      """yaml
      spec:
        resources:
          limits: {cpu: "1", memory: 1Gi}
        containers:
        - name: app
      """
    And a pod "capped":
      """yaml
      spec:
        resources:
          limits: {cpu: "1", memory: 1Gi}
        containers:
        - name: app
          resources:
            requests: {cpu: 100m, memory: 128Mi}
      """
    When the pods are created
    Then the pod "limits" has QoS class "Guaranteed"
    And the pod "capped" has QoS class "Burstable"
