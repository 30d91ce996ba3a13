package sim

import (
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// The kernel's OOM killer in a container's memory cgroup. The kubelet sets
// the cgroup's limit to limits.memory (pkg/kubelet/kuberuntime/
// kuberuntime_container_linux.go generateLinuxContainerResources,
// MemoryLimitInBytes); when the container's memory charge passes it, the
// kernel kills the process with SIGKILL (exit 137) and the runtime reports
// reason "OOMKilled" (containerd's CRI container status, from the task's
// OOM event), which the kubelet copies into the terminated state and the
// printer shows. No Kubernetes event is recorded for it by the kubelet.

// oomAfter is when, after its start, an agent container's memory (its
// behaviour's memory and what its writes will leave in memory-backed
// emptyDirs, foreseen by tmpfsCharges, as containerMemory counts it)
// first exceeds its memory limit; false when it never does or has no
// limit.
func (p *runtimePod) oomAfter(c *ctr) (time.Duration, bool) {
	if !c.agent {
		return 0, false
	}
	limit, ok := c.spec.Resources.Limits[corev1.ResourceMemory]
	if !ok || limit.IsZero() {
		return 0, false
	}
	type charge struct {
		at    time.Duration
		bytes int64
	}
	var charges []charge
	// Each point of the behaviour's memory charges what it adds to the
	// level before it (less, where the usage falls).
	var level int64
	for _, u := range c.beh.Memory {
		charges = append(charges, charge{u.After, u.Quantity.Value() - level})
		level = u.Quantity.Value()
	}
	writes := p.tmpfsWrites(c)
	for j, stored := range p.k.tmpfsCharges(p.uid, writes) {
		charges = append(charges, charge{writes[j].after, stored})
	}
	sort.SliceStable(charges, func(i, j int) bool { return charges[i].at < charges[j].at })
	var total int64
	for _, ch := range charges {
		total += ch.bytes
		if total > limit.Value() {
			return ch.at, true
		}
	}
	return 0, false
}
