package sim

// The kubelet's summary API types, as the stats provider fills them and
// the eviction manager reads them (k8s.io/kubelet/pkg/apis/stats/v1alpha1
// types.go, v0.36.3): one pod's and one container's figures at an instant.
// stats.go computes them; eviction.go and eviction_helpers.go rank pods by
// them.

// containerStats is statsapi.ContainerStats for one running container.
type containerStats struct {
	name   string
	memory int64
	// rootfs is what its writable layer holds (Rootfs.UsedBytes; its
	// logs, the other part of its ephemeral storage, are 0 here).
	rootfs int64
}

// podStats is statsapi.PodStats for one pod at the current time.
type podStats struct {
	memory     int64 // working set of the pod cgroup
	containers []containerStats
	// volumes are the used bytes of the pod's volumes by name.
	volumes map[string]int64
	// localDisk is what counts against nodefs for ranking: container
	// rootfs and logs (logs 0 here) and the local volumes
	// (localVolumeNames: hostPath and local ephemeral volumes).
	localDisk int64
	// ephemeral is PodStats.EphemeralStorage: container rootfs and logs and
	// the local ephemeral volumes (calcEphemeralStorage).
	ephemeral int64
	processes int64
}
