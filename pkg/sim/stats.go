package sim

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
)

// The node's resource usage as the kubelet's summary provider reports it
// (pkg/kubelet/stats, from cAdvisor and the CRI): what the eviction manager
// observes. A container's usage comes from its behaviour (pkg/behavior:
// --memory/--memory-after, --write); everything outside the pods (system
// daemons, the scenario's "usage reaches" steps) is the node's own usage.
// The node's figures are of the instant; the pods' memory as the eviction
// manager ranks them is cAdvisor's last samples (housekeeping.go).

// nodeMaxPID is a node's pid limit unless the scenario gives it another
// (SetNodePIDLimit) (kernel.pid_max, 4194304 on a systemd
// host), which pid.available is measured against.
const nodeMaxPID = 4194304

// nodeUsage is what the node uses outside its pods.
type nodeUsage struct {
	memory    int64 // working set, bytes
	disk      int64 // nodefs bytes
	processes int64
	// volumes holds what each pod wrote to its local volumes; an emptyDir
	// lives as long as its pod (removed when the pod is cleaned up).
	volumes map[types.UID]map[string]int64
	// tmpfs holds the agent's files in each memory-backed emptyDir
	// (tmpfs.go), removed with the pod.
	tmpfs map[types.UID]map[string]tmpfsFiles
}

// containerMemory is the working set of a running container instance: the
// behaviour's memory at the time (the level of its last point due, a step
// function), plus what its writes left
// in memory-backed emptyDirs (tmpfs pages are charged to the writer; a
// write stops when the tmpfs is full, tmpfs.go).
func (p *runtimePod) containerMemory(c *ctr, inst *instance) int64 {
	if inst == nil || inst.state != instRunning || !c.agent {
		return 0
	}
	m := c.beh.MemoryAt(p.env.now - inst.startedAt)
	for _, b := range inst.tmpfs {
		m += b
	}
	return m
}

func (p *runtimePod) volume(name string) *corev1.Volume {
	for i := range p.pod.Spec.Volumes {
		if p.pod.Spec.Volumes[i].Name == name {
			return &p.pod.Spec.Volumes[i]
		}
	}
	return nil
}

// stats is what the pod uses at the current time, which the node's
// figures sum. Only running containers are measured; a pod that has
// finished terminating has none.
func (p *runtimePod) stats() podStats {
	ps := podStats{volumes: p.k.measuredVolumes(p.uid)}
	for _, c := range p.ctrs {
		if c.inst == nil || c.inst.state != instRunning {
			continue
		}
		m := p.containerMemory(c, c.inst)
		ps.memory += m
		ps.processes++
		ps.containers = append(ps.containers, containerStats{name: c.name, memory: m, rootfs: c.inst.layer})
	}
	ps.localDisk, ps.ephemeral = p.localVolumes(ps.volumes)
	// The containers' writable layers count toward both: without a
	// dedicated imagefs every filesystem stat counts against nodefs
	// (helpers.go podDiskUsage), and calcEphemeralStorage adds each
	// container's rootfs (pkg/kubelet/stats/helper.go, v1.36.3).
	for _, cs := range ps.containers {
		ps.localDisk += cs.rootfs
		ps.ephemeral += cs.rootfs
	}
	return ps
}

// localVolumes sums the usage of the pod's volumes that count against
// nodefs for ranking (hostPath and local ephemeral volumes) and of those
// that count as its ephemeral storage (the local ephemeral ones).
func (p *runtimePod) localVolumes(used map[string]int64) (localDisk, ephemeral int64) {
	for i := range p.pod.Spec.Volumes {
		v := &p.pod.Spec.Volumes[i]
		u := used[v.Name]
		if v.HostPath != nil || isLocalEphemeralVolume(v) {
			localDisk += u
		}
		if isLocalEphemeralVolume(v) {
			ephemeral += u
		}
	}
	return localDisk, ephemeral
}

// isLocalEphemeralVolume is volumeutils.IsLocalEphemeralVolume
// (pkg/volume/util/util.go): gitRepo, a disk-backed emptyDir, configMap.
func isLocalEphemeralVolume(v *corev1.Volume) bool {
	return v.GitRepo != nil || (v.EmptyDir != nil && v.EmptyDir.Medium == corev1.StorageMediumDefault) || v.ConfigMap != nil
}

// podsMemory is the working set of the kubepods cgroup.
func (k *kubelet) podsMemory() int64 {
	var m int64
	for _, w := range k.workers {
		m += w.rt.stats().memory
	}
	return m
}

// memoryWorkingSet is the node's working set: its pods and the rest.
func (k *kubelet) memoryWorkingSet() int64 { return k.podsMemory() + k.usage.memory }

// diskUsed is nodefs used: the node's own use and the pods' local
// volumes (one filesystem: images, containers and volumes share it). The
// filesystem's figures are the disk's own, not the volume calculators'
// (volumestats.go), so a write counts here at once.
func (k *kubelet) diskUsed() int64 {
	used := k.usage.disk
	for _, w := range k.workers {
		if w.state == stateTerminated {
			continue
		}
		local, _ := w.rt.localVolumes(k.usage.volumes[w.uid])
		used += local + w.rt.layers()
	}
	return used
}

// layers is what the pod's running containers wrote to their writable
// layers: on nodefs here (one filesystem: the runtime's imagefs is it).
// An exited instance's layer is counted no more (the runtime keeps it
// until the container is removed: not modelled).
func (p *runtimePod) layers() int64 {
	var n int64
	for _, c := range p.ctrs {
		if c.inst != nil && c.inst.state == instRunning {
			n += c.inst.layer
		}
	}
	return n
}

func (k *kubelet) processes() int64 {
	n := k.usage.processes
	for _, w := range k.workers {
		n += w.rt.stats().processes
	}
	return n
}

// noteUsage makes the usage a container's behaviour will have part of the
// scenario's activity: a timer at each change, at which the eviction
// manager learns that its next observation differs, and writes to volumes
// are added to the volume's usage.
func (k *kubelet) noteUsage(w *podWorker) {
	for _, c := range w.rt.ctrs {
		inst := c.inst
		if inst == nil || inst.state != instRunning || !c.agent || inst.usageNoted {
			continue
		}
		inst.usageNoted = true
		k.trackVolumes(w)
		for _, u := range c.beh.Memory {
			k.atUsage(inst, u.After, func() {})
		}
		for i, wr := range c.beh.Writes {
			if size := w.rt.tmpfsSize(w.rt.volume(wr.Volume)); size > 0 {
				ws := writeSpec{index: i, after: wr.After, volume: wr.Volume, bytes: wr.Bytes.Value(), size: size}
				writer := c // captured here only: the loop's c stays on the stack
				k.atUsage(inst, wr.After, func() {
					w.rt.housekeep(writer, inst) // the samples before the write
					k.addVolumeUsage(w, wr.Volume, k.writeTmpfs(w, inst, i, ws))
				})
				continue
			}
			k.atUsage(inst, wr.After, func() { k.addVolumeUsage(w, wr.Volume, wr.Bytes.Value()) })
		}
		for _, wr := range c.beh.LayerWrites {
			// The runtime reports the writable layer's usage with the
			// container's stats: the write counts at the next pass.
			k.atUsage(inst, wr.After, func() { inst.layer += wr.Bytes.Value() })
		}
	}
}

// atUsage runs fn when the instance has run for d, if it still runs then,
// and marks the eviction manager's next observation as new.
func (k *kubelet) atUsage(inst *instance, d time.Duration, fn func()) {
	at := inst.startedAt + d - k.env.now
	if at < 0 {
		at = 0
	}
	k.env.after(at, func() {
		if inst.state != instRunning {
			return
		}
		fn()
		if k.eviction != nil {
			k.eviction.usageChanged()
		}
	})
}

func (k *kubelet) addVolumeUsage(w *podWorker, volume string, bytes int64) {
	if k.usage.volumes == nil {
		k.usage.volumes = map[types.UID]map[string]int64{}
	}
	v := k.usage.volumes[w.uid]
	if v == nil {
		v = map[string]int64{}
		k.usage.volumes[w.uid] = v
	}
	v[volume] += bytes
	k.volumeWritten(w)
}

// releasePodUsage frees what a pod held on the node once it is cleaned up:
// its emptyDirs are removed with it.
func (k *kubelet) releasePodUsage(uid types.UID) {
	delete(k.usage.volumes, uid)
	delete(k.usage.tmpfs, uid)
}
