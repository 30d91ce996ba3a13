package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/evictionapi"
)

// What a scenario does to nodes: the kubelets' eviction configuration, the
// node's usage outside its pods, pressure, losing a node, restarting a
// kubelet.

// SetEvictionConfig sets every kubelet's eviction configuration; it is
// only allowed before the first node. The configuration comes parsed
// (pkg/evictionapi); it is validated as the kubelet validates it at start
// (evictionapi.Config.Validate) and turned into the eviction manager's
// thresholds.
func (s *Simulator) SetEvictionConfig(cfg evictionapi.Config) error {
	if len(s.nodes) > 0 {
		return fmt.Errorf("the eviction configuration must be set before the first node")
	}
	ts, err := thresholdsOf(cfg)
	if err != nil {
		return err
	}
	s.eviction, s.thresholds = cfg, ts
	return nil
}

func (s *Simulator) kubeletOf(node string) (*kubelet, error) {
	k := s.byNode[node]
	if k == nil {
		return nil, fmt.Errorf("node %q does not exist", node)
	}
	return k, nil
}

// SetNodePIDLimit gives a node another process-id limit than
// nodeMaxPID (the node's kernel.pid_max): what pid.available is measured
// against.
func (s *Simulator) SetNodePIDLimit(node string, limit int64) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if limit < 1 {
		return fmt.Errorf("node %q: a PID limit of %d", node, limit)
	}
	k.pidLimit = limit
	k.eviction.usageChanged()
	return nil
}

// maxPID is the node's process-id limit.
func (k *kubelet) maxPID() int64 {
	if k.pidLimit > 0 {
		return k.pidLimit
	}
	return nodeMaxPID
}

// SetNodeUsage sets what a node uses in all, pods included: memory (its
// working set, from which memory.available = capacity − working set) or
// ephemeral-storage (nodefs used). The part outside the pods is what is
// set; the pods' own usage keeps following their containers. A total below
// what the pods use leaves nothing outside them.
func (s *Simulator) SetNodeUsage(node string, r corev1.ResourceName, total resource.Quantity) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	switch r {
	case corev1.ResourceMemory:
		k.usage.memory = max(total.Value()-k.podsMemory(), 0)
	case corev1.ResourceEphemeralStorage:
		k.usage.disk = max(total.Value()-(k.diskUsed()-k.usage.disk), 0)
	default:
		return fmt.Errorf("node usage of %s is not modelled (memory, ephemeral-storage)", r)
	}
	k.eviction.usageChanged()
	return nil
}

// Pressure kinds for NodePressure.
const (
	MemoryPressure = "memory"
	DiskPressure   = "disk"
	PIDPressure    = "PID"
)

// NodePressure brings a node under pressure: usage outside the pods rises
// until the signal's available amount would be half the threshold (the
// hard threshold when there is one, else the soft) even with no pod using
// anything: memory.available for memory, nodefs.available for disk,
// pid.available for PID. What the pods use comes on top. The pressure holds
// until the scenario lowers the usage; evicting pods does not relieve it,
// as with a process hogging the node outside Kubernetes.
func (s *Simulator) NodePressure(node, kind string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	var sig signal
	switch kind {
	case MemoryPressure:
		sig = sigMemoryAvailable
	case DiskPressure:
		sig = sigNodeFsAvailable
	case PIDPressure:
		sig = sigPIDAvailable
	default:
		return fmt.Errorf("pressure %q is not memory, disk or PID", kind)
	}
	var t *threshold
	for i := range s.thresholds {
		x := &s.thresholds[i]
		if x.signal == sig && (t == nil || (x.isHard() && !t.isHard())) {
			t = x
		}
	}
	if t == nil {
		return fmt.Errorf("the kubelet has no %s threshold: node %q cannot come under %s pressure", sig, node, kind)
	}
	obs := k.eviction.observe()[sig]
	q := t.value.QuantityFor(obs.capacity)
	target := q.Value() / 2
	switch kind {
	case MemoryPressure:
		k.usage.memory = max(obs.capacity-target, 0)
	case DiskPressure:
		k.usage.disk = max(obs.capacity-target, 0)
	case PIDPressure:
		k.usage.processes = max(obs.capacity-target, 0)
	}
	k.eviction.usageChanged()
	return nil
}

// NodeNotReady cuts a node off: its kubelet stops renewing its lease and
// posting status and no longer hears from the API server, while its
// containers keep running (a network partition or a crashed kubelet). The
// node-lifecycle controller notices after nodeMonitorGracePeriod.
func (s *Simulator) NodeNotReady(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if !k.down {
		k.cutOff()
	}
	return nil
}

// RestartKubelet restarts a node's kubelet. The containers keep running
// and the pods keep their status (started, ready): the pod workers pick up
// what the runtime and the status cache hold. The eviction manager starts
// afresh: its thresholds' first observations and the conditions' last
// observations are lost, so a soft threshold's grace period and the
// pressure transition period start over. Re-admission of the running
// pods is not modelled (the pods are admitted again as they were).
func (s *Simulator) RestartKubelet(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if k.down {
		return fmt.Errorf("node %q is cut off: its kubelet cannot be restarted", node)
	}
	s.api.recordNodeEvent(k.node, corev1.EventTypeNormal, "Starting", "Starting kubelet.", "kubelet")
	k.eviction.stop()
	k.eviction = newEvictionManager(k)
	k.eviction.start()
	return nil
}

// TaintNode adds or removes a taint on a running node, as `kubectl taint`
// does.
func (s *Simulator) TaintNode(node string, t corev1.Taint, remove bool) error {
	n := s.api.node(node)
	if n == nil {
		return fmt.Errorf("node %q does not exist", node)
	}
	if t.Effect == corev1.TaintEffectNoExecute && !remove && t.TimeAdded == nil {
		now := s.wall(s.now)
		t.TimeAdded = &now
	}
	if !s.api.patchNode(node, func(n *corev1.Node) bool { return s.lifecycle.setTaint(n, t, !remove) }) && remove {
		return fmt.Errorf("node %q has no taint %s:%s", node, t.Key, t.Effect)
	}
	return nil
}
