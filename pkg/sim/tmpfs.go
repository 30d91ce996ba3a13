package sim

import (
	"math"
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/types"
)

// A memory-backed emptyDir (medium: Memory) is a tmpfs the kubelet mounts
// with a size (pkg/volume/emptydir/empty_dir.go, read at v1.36.3:
// newMounterInternal → calculateEmptyDirMemorySize, setupTmpfs →
// generateTmpfsMountOptions "size=N"). A write into a full tmpfs fails
// with ENOSPC: what the volume holds never passes its size, so the du that
// the volume calculators report (MetricsDu) stays within a sizeLimit, and
// the eviction manager's emptyDir check (eviction_manager.go
// emptyDirLimitEviction, which reads every emptyDir's measured usage,
// whatever its medium) never finds it over. Its pages are charged to the
// memory cgroup of the container that wrote them (stats.go
// containerMemory, oom.go oomAfter): only what it holds.
//
// The agent (pkg/agent write) puts write number i of its behaviour into
// the file podlife-write-<i> of the volume, created anew (os.Create
// truncates it) and filled until the bytes are written or a write fails,
// the error logged and the process running on. The simulator keeps a
// memory-backed volume's files so: a restarted container's write first
// frees what its previous instance's write left in the same file. (A
// disk-backed emptyDir's writes are added to its usage as they come,
// stats.go addVolumeUsage.)

// tmpfsSize is the size of the tmpfs of a memory-backed emptyDir of the
// pod (calculateEmptyDirMemorySize): the node's allocatable memory,
// lowered to the pod cgroup's memory limit when it has one and it is not
// larger, then to the volume's sizeLimit when that is positive and not
// larger. 0 for any other volume. With no size (a node without memory
// allocatable) the mount has no size option and the kernel's default, half
// the host's memory, applies: not modelled, the tmpfs is unbounded
// (math.MaxInt64).
func (p *runtimePod) tmpfsSize(v *corev1.Volume) int64 {
	if v == nil || v.EmptyDir == nil || v.EmptyDir.Medium != corev1.StorageMediumMemory {
		return 0
	}
	size := quantityValue(p.k.node.Status.Allocatable, corev1.ResourceMemory)
	if lim, ok := podCgroupMemoryLimit(p.pod); ok && lim > 0 && lim <= size {
		size = lim
	}
	if sl := v.EmptyDir.SizeLimit; sl != nil && sl.Sign() > 0 && sl.Value() <= size {
		size = sl.Value()
	}
	if size <= 0 {
		return math.MaxInt64
	}
	return size
}

// podCgroupMemoryLimit is the memory limit ResourceConfigForPod gives the
// pod's cgroup (pkg/kubelet/cm/helpers_linux.go, v1.36.3): none for a
// BestEffort pod; for a Guaranteed one the pod's memory limit; for a
// Burstable one only when every container declares a memory limit (each
// init container counted with the sidecars before it, as
// resourcehelper.AggregateContainerLimits hands it to ContainerFn) or the
// pod-level limits set memory. The limit is resourcehelper.PodLimits':
// pod-level memory when set, else the containers' aggregate (podLimits).
// Pod overhead (a RuntimeClass's) is not modelled.
func podCgroupMemoryLimit(p *corev1.Pod) (int64, bool) {
	qos := computePodQOS(p)
	if qos == corev1.PodQOSBestEffort {
		return 0, false
	}
	declared := true
	for i := range p.Spec.Containers {
		if p.Spec.Containers[i].Resources.Limits.Memory().IsZero() {
			declared = false
		}
	}
	sidecars := resource.Quantity{}
	for i := range p.Spec.InitContainers {
		c := &p.Spec.InitContainers[i]
		eff := sidecars.DeepCopy()
		eff.Add(*c.Resources.Limits.Memory())
		if isSidecar(c) {
			sidecars = eff.DeepCopy()
		}
		if eff.IsZero() {
			declared = false
		}
	}
	var podLevel *resource.Quantity
	if r := p.Spec.Resources; r != nil {
		if q, ok := r.Limits[corev1.ResourceMemory]; ok && !q.IsZero() {
			podLevel = &q
			declared = true
		}
	}
	if qos == corev1.PodQOSBurstable && !declared {
		return 0, false
	}
	if podLevel != nil {
		return podLevel.Value(), true
	}
	containers := *p
	containers.Spec.Resources = nil
	q, ok := podLimits(&containers)[corev1.ResourceMemory]
	return q.Value(), ok
}

// tmpfsFill is what write number i of n bytes leaves in a tmpfs of the
// given size that holds held bytes, old of them in the write's own file:
// the file is truncated, then filled until the tmpfs is full.
func tmpfsFill(size, held, old, n int64) int64 {
	return min(n, max(size-(held-old), 0))
}

// tmpfsFiles is what the agent's files hold in one memory-backed volume of
// a pod, by write number.
type tmpfsFiles map[int]int64

// writeTmpfs carries out write number i of the instance into a
// memory-backed volume and charges what it left to the instance; it
// returns the change in what the volume holds.
func (k *kubelet) writeTmpfs(w *podWorker, inst *instance, i int, wr writeSpec) int64 {
	files := k.tmpfsFilesOf(w.uid, wr.volume)
	held := k.usage.volumes[w.uid][wr.volume]
	stored := tmpfsFill(wr.size, held, files[i], wr.bytes)
	delta := stored - files[i]
	files[i] = stored
	if inst.tmpfs == nil {
		inst.tmpfs = map[int]int64{}
	}
	inst.tmpfs[i] = stored
	return delta
}

func (k *kubelet) tmpfsFilesOf(uid types.UID, volume string) tmpfsFiles {
	if k.usage.tmpfs == nil {
		k.usage.tmpfs = map[types.UID]map[string]tmpfsFiles{}
	}
	byVol := k.usage.tmpfs[uid]
	if byVol == nil {
		byVol = map[string]tmpfsFiles{}
		k.usage.tmpfs[uid] = byVol
	}
	files := byVol[volume]
	if files == nil {
		files = tmpfsFiles{}
		byVol[volume] = files
	}
	return files
}

// writeSpec is one write of a container's behaviour, with the tmpfs size
// of its volume (0: not a memory-backed emptyDir).
type writeSpec struct {
	index  int
	after  time.Duration
	volume string
	bytes  int64
	size   int64
}

// tmpfsWrites are the container's writes into memory-backed volumes, in
// the order they happen (by delay, then by number).
func (p *runtimePod) tmpfsWrites(c *ctr) []writeSpec {
	var out []writeSpec
	for i, wr := range c.beh.Writes {
		if size := p.tmpfsSize(p.volume(wr.Volume)); size > 0 {
			out = append(out, writeSpec{index: i, after: wr.After, volume: wr.Volume, bytes: wr.Bytes.Value(), size: size})
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return out[a].after < out[b].after })
	return out
}

// tmpfsCharges foresees, as a container starts, what each of its writes
// into memory-backed volumes will leave there and so charge to it: the
// volumes as they are now, then its own writes in order. Writes of the
// pod's other containers in the meantime are not foreseen.
func (k *kubelet) tmpfsCharges(uid types.UID, writes []writeSpec) []int64 {
	held := map[string]int64{}
	files := map[string]tmpfsFiles{}
	out := make([]int64, len(writes))
	for j, wr := range writes {
		if _, ok := files[wr.volume]; !ok {
			held[wr.volume] = k.usage.volumes[uid][wr.volume]
			fs := tmpfsFiles{}
			for i, b := range k.usage.tmpfs[uid][wr.volume] {
				fs[i] = b
			}
			files[wr.volume] = fs
		}
		fs := files[wr.volume]
		stored := tmpfsFill(wr.size, held[wr.volume], fs[wr.index], wr.bytes)
		held[wr.volume] += stored - fs[wr.index]
		fs[wr.index] = stored
		out[j] = stored
	}
	return out
}
