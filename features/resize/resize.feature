@resize
Feature: In-place resize of a running pod's cpu and memory
  A pod's containers' cpu and memory change in place through the pod's
  resize subresource (InPlacePodVerticalScaling: beta in 1.33, GA in
  1.35). The API server rejects a resize that would change the pod's QoS
  class (ValidatePodResize). The kubelet allocates a resize the node's
  allocatable holds beside the other pods' allocated requests
  (PodResizeInProgress until it is applied), and defers one it does not
  (PodResizePending, reason Deferred: in 1.36 a resize beyond the node is
  Deferred, not Infeasible, which the kubelet keeps for swap, static cpu
  or memory manager policies and pod-level resources). A container whose
  resizePolicy for the resource is RestartContainer is killed and started
  again with the new resources; NotRequired (the default) changes them in
  place, the process running on.

  @behavior:resize-in-place
  Scenario: A NotRequired cpu resize changes the limit in place
    Given a pod "tuner":
      """yaml
      spec:
        containers:
        - name: worker
          resources:
            requests:
              cpu: 250m
              memory: 128Mi
            limits:
              cpu: 500m
              memory: 256Mi
          resizePolicy:
          - resourceName: cpu
            restartPolicy: NotRequired
          - resourceName: memory
            restartPolicy: RestartContainer
      """
    When the pod "tuner" becomes Running
    Then the pod "tuner" has QoS class "Burstable"
    And container "worker" of pod "tuner" has cpu limit 500m
    When the cpu limit of container "worker" of pod "tuner" is resized to 1
    Then container "worker" of pod "tuner" has cpu limit 1 within 5s
    And container "worker" of pod "tuner" has memory limit 256Mi
    And container "worker" of pod "tuner" keeps its container ID
    And container "worker" of pod "tuner" is never restarted
    And the pod "tuner" has no condition "PodResizeInProgress"
    And the pod "tuner" is Running

  @behavior:resize-restart-container
  Scenario: A RestartContainer memory resize restarts that container only
    Given a pod "ledger":
      """yaml
      spec:
        containers:
        - name: db
          resources:
            requests:
              cpu: 200m
              memory: 256Mi
            limits:
              cpu: 200m
              memory: 256Mi
          resizePolicy:
          - resourceName: cpu
            restartPolicy: NotRequired
          - resourceName: memory
            restartPolicy: RestartContainer
        - name: metrics
          resources:
            requests:
              cpu: 100m
              memory: 64Mi
            limits:
              cpu: 100m
              memory: 64Mi
      """
    When the pod "ledger" becomes Running
    Then the pod "ledger" has QoS class "Guaranteed"
    When the memory request and limit of container "db" of pod "ledger" is resized to 512Mi
    Then container "db" of pod "ledger" is restarted within 5s
    And container "db" of pod "ledger" has restart count 1
    And container "db" of pod "ledger" has memory limit 512Mi within 5s
    And container "db" of pod "ledger" has memory request 512Mi
    And container "metrics" of pod "ledger" is never restarted
    And the pod "ledger" has QoS class "Guaranteed"
    And the pod "ledger" is Running

  @behavior:resize-admission
  Scenario: A resize beyond the node's whole allocatable is refused by the API server
    Given a pod "batch":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: 500m
            limits:
              cpu: "1"
      """
    When the pod "batch" becomes Running
    When the pod "batch" is resized:
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: "8"
            limits:
              cpu: "8"
      """
    Then the resize of pod "batch" is rejected with message containing "node didn't have enough allocatable resources: cpu, requested: 8000"
    And the pod "batch" has no condition "PodResizePending"
    And container "app" of pod "batch" has cpu limit 1
    And container "app" of pod "batch" has cpu request 500m
    And container "app" of pod "batch" is never restarted

  @behavior:resize-qos-immutable
  Scenario: A resize that would change the QoS class is rejected by the API server
    Given a pod "ledger":
      """yaml
      spec:
        containers:
        - name: db
          resources:
            requests:
              cpu: 200m
              memory: 256Mi
            limits:
              cpu: 200m
              memory: 256Mi
      """
    When the pod "ledger" becomes Running
    When the memory limit of container "db" of pod "ledger" is resized to 512Mi
    Then the resize of pod "ledger" is rejected with message containing "Pod QOS Class may not change as a result of resizing"
    And the pod "ledger" has QoS class "Guaranteed"
    And container "db" of pod "ledger" has memory limit 256Mi
    And container "db" of pod "ledger" is never restarted

  @behavior:resize-deferred
  Scenario: A Deferred resize is allocated once a pod leaves the node
    Given a node "worker-1" with 2 CPU, 8Gi memory and 110 pods
    And a pod "hog":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: 1500m
      """
    And a pod "batch":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              cpu: 250m
            limits:
              cpu: 500m
      """
    When the pods are created
    And the pod "batch" becomes Running
    And the cpu request and limit of container "app" of pod "batch" is resized to 1
    Then the pod "batch" has condition "PodResizePending" "True" with reason "Deferred" within 5s
    And container "app" of pod "batch" has cpu limit 500m
    When the pod "hog" is deleted
    Then container "app" of pod "batch" has cpu limit 1 within 35s
    And container "app" of pod "batch" has cpu request 1
    And the pod "batch" has no condition "PodResizePending"
    And container "app" of pod "batch" is never restarted
