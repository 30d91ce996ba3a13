@eviction @needs:node-pressure
Feature: Local ephemeral storage limits and disk pressure
  Before looking at node pressure, every pass checks each pod's emptyDir
  sizeLimit and its ephemeral-storage limit. These evictions use a grace of
  1 s, take no DisruptionTarget condition, and may evict several pods in one
  pass (lifecycle-facts §9.2, §9.5). Under disk pressure pods are ranked by
  disk usage above their ephemeral-storage request, then priority, then
  usage above the request.

  @behavior:eviction-emptydir
  @upstream:local-storage-capacity-isolation-eviction
  Scenario: A pod writing past its emptyDir's sizeLimit is evicted
    e2e: LocalStorageCapacityIsolationEviction, should eventually evict all
    of the correct pods.

    Given a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir:
            sizeLimit: 1Gi
      """
    And container "app" of pod "writer" writes 2Gi to volume "scratch" after 5s
    When the pod "writer" is created
    Then the pod "writer" is evicted within 2m20s
    And the pod "writer" is evicted with message containing "Usage of EmptyDir volume"
    And the pod "writer" is evicted with message containing "scratch"
    And the pod "writer" is evicted with message containing "exceeds the limit"
    And node "worker-1" has condition "DiskPressure" "False"

  @behavior:eviction-pod-ephemeral-limit
  Scenario: A pod whose volumes outgrow its containers' ephemeral-storage limits is evicted
    Given a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              ephemeral-storage: 1Gi
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir: {}
      """
    And container "app" of pod "writer" writes 1536Mi to volume "scratch" after 5s
    When the pod "writer" is created
    Then the pod "writer" is evicted with message containing "Pod ephemeral local storage usage exceeds the total limit of containers 1Gi. "

  @behavior:eviction-local-storage-several @sim
  Scenario: Several pods over their limits are evicted in one pass
    The kubelet measures a pod's volumes when the volume analyzer (every
    1 m) first finds the pod, then every 1 to 2 m, each pod on its own
    draw: two pods' writes reach one eviction pass for sure only when that
    first measurement sees both, so both write as they start.
    Given a pod "a":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - {name: scratch, emptyDir: {sizeLimit: 100Mi}}
      """
    And container "app" of pod "a" writes 200Mi to volume "scratch" after 0s
    And a pod "b":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - {name: scratch, emptyDir: {sizeLimit: 100Mi}}
      """
    And container "app" of pod "b" writes 200Mi to volume "scratch" after 0s
    When the pods are created
    And the pod "a" becomes Failed
    Then the pod "b" is evicted within 0s

  @behavior:eviction-disk-pressure
  @upstream:priority-local-storage-eviction-ordering
  Scenario: Under disk pressure the pod above its ephemeral-storage request goes first
    e2e: PriorityLocalStorageEvictionOrdering, should eventually evict all
    of the correct pods.

    Given a pod "within":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              ephemeral-storage: 4Gi
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir: {}
      """
    And container "app" of pod "within" writes 3Gi to volume "scratch" after 1s
    And a pod "beyond":
      """yaml
      spec:
        containers:
        - name: app
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir: {}
      """
    And container "app" of pod "beyond" writes 1Gi to volume "scratch" after 1s
    When node "worker-1" comes under disk pressure
    Then the pods are evicted in this order: "beyond", "within"
    And the pod "beyond" is evicted with message containing "The node was low on resource: ephemeral-storage. "
    And node "worker-1" has condition "DiskPressure" "True" within 10s
    And node "worker-1" has taint "node.kubernetes.io/disk-pressure:NoSchedule" within 10s

  @behavior:eviction-pid-pressure @upstream:priority-pid-eviction-ordering
  Scenario: Under PID pressure the lower-priority pod goes first
    e2e: PriorityPidEvictionOrdering, should eventually evict all of the
    correct pods.

    Given the kubelet hard eviction threshold is "pid.available<1000"
    And a priority class "important" with value 1000
    And a pod "important":
      """yaml
      spec:
        priorityClassName: important
        containers:
        - name: app
      """
    And a pod "ordinary"
    When node "worker-1" comes under PID pressure
    Then the pods are evicted in this order: "ordinary", "important"
    And node "worker-1" has condition "PIDPressure" "True" within 10s

  @behavior:eviction-container-ephemeral-limit
  Scenario: A container writing past its ephemeral-storage limit in its writable layer is evicted
    A container's ephemeral storage is its writable layer (and its logs):
    "app" writes 1536Mi there, over its own 1Gi, while the pod's 3Gi (the
    sum of its containers' limits) holds. The pass checks the pod's
    limit first, then each container's (localStorageEviction).

    Given a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              ephemeral-storage: 1Gi
        - name: helper
          resources:
            limits:
              ephemeral-storage: 2Gi
      """
    And container "app" of pod "writer" writes 1536Mi to its writable layer after 5s
    When the pod "writer" is created
    Then the pod "writer" is evicted within 30s
    And the pod "writer" is evicted with message containing "Container app exceeded its local ephemeral storage limit"
    And container "helper" of pod "writer" receives SIGTERM

  @behavior:eviction-pod-ephemeral-limit @behavior:writable-layer-usage
  Scenario: What a container writes to its writable layer is its pod's ephemeral storage
    Given a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              ephemeral-storage: 1Gi
      """
    And container "app" of pod "writer" writes 1536Mi to its writable layer after 5s
    When the pod "writer" is created
    Then the pod "writer" is evicted within 30s
    And the pod "writer" is evicted with message containing "Pod ephemeral local storage usage exceeds the total limit of containers 1Gi. "

  @behavior:writable-layer-usage @behavior:node-disk-size
  Scenario: Writes to a writable layer fill the node's disk, and the writer is ranked by them
    On one filesystem a container's writable layer is on nodefs: 3Gi
    written on a 4Gi disk leave 1Gi, below the 1536Mi threshold. The
    writer's rootfs is over its request (none): it goes before "quiet",
    whose priority is lower but which uses less than it requests; kind's
    next pass, right after the writer's cleanup, can evict "quiet" too,
    the writer's layer still on disk (2 of 3 runs, 2026-11-29): the order
    is the rule. (The message names the writer's container.)

    Given a node "worker-1" with 4Gi disk
    And the kubelet hard eviction threshold is "nodefs.available<1536Mi"
    And a pod "quiet":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            requests:
              ephemeral-storage: 100Mi
      """
    And a pod "writer" with priority 1000
    And container "app" of pod "writer" writes 3Gi to its writable layer after 5s
    When the pods are created
    Then node "worker-1" has condition "DiskPressure" "True" within 1m
    And the pod "writer" is evicted within 1m
    And the pod "writer" is evicted with message containing "The node was low on resource: ephemeral-storage. "
    And the pod "writer" is evicted with message containing ", request is 0, has larger consumption of ephemeral-storage. "
    And the pod "writer" is evicted before the pod "quiet"
