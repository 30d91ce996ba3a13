@eviction @needs:node-pressure
Feature: Memory-backed emptyDir volumes
  An emptyDir with medium Memory is a tmpfs that the kubelet mounts with a
  size: the smallest of the node's allocatable memory, the pod's memory
  limit (when the pod cgroup has one) and the volume's sizeLimit
  (pkg/volume/emptydir/empty_dir.go calculateEmptyDirMemorySize,
  generateTmpfsMountOptions, v1.36.3). A write past that size fails with
  ENOSPC, so the volume never holds more than its sizeLimit and the
  eviction manager's emptyDir check, which compares what the volume holds
  with its sizeLimit, never evicts for it. Its pages count against the
  writing container's memory, but only what was written.

  @behavior:memory-emptydir-tmpfs-size
  @upstream:local-storage-capacity-isolation-eviction
  Scenario: Past its sizeLimit a memory-backed emptyDir is not evicted, a disk-backed one is
    e2e: LocalStorageCapacityIsolationEviction, should eventually evict all
    of the correct pods (the pods emptydir-disk-sizelimit, evicted, and
    emptydir-memory-sizelimit, not evicted).

    Given a pod "disk":
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
            sizeLimit: 100Mi
      """
    And container "app" of pod "disk" writes 200Mi to volume "scratch" after 5s
    And a pod "memory":
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
            medium: Memory
            sizeLimit: 100Mi
      """
    And container "app" of pod "memory" writes 200Mi to volume "scratch" after 5s
    When the pods are created
    Then the pod "disk" is evicted within 2m20s
    And the pod "disk" is evicted with message containing "exceeds the limit"
    And the pod "memory" is not evicted
    And container "app" of pod "memory" has restarted 0 times

  @behavior:memory-emptydir-tmpfs-size @slow
  Scenario: A write past a memory-backed emptyDir's sizeLimit stops there, and only what it holds counts as memory
    The tmpfs takes 100Mi of the 200Mi written; the container's 150Mi
    memory limit is not passed, so the kernel does not kill it.

    Given a pod "writer":
      """yaml
      spec:
        containers:
        - name: app
          resources:
            limits:
              memory: 150Mi
          volumeMounts:
          - name: scratch
            mountPath: /scratch
        volumes:
        - name: scratch
          emptyDir:
            medium: Memory
            sizeLimit: 100Mi
      """
    And container "app" of pod "writer" writes 200Mi to volume "scratch" after 5s
    When the pod "writer" is created
    And 3m pass
    Then container "app" of pod "writer" has restarted 0 times
    And the pod "writer" is Running
    And the pod "writer" is not evicted
