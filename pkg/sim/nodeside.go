package sim

import (
	"sort"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/timeline"
)

// nodeSide is what a kubelet runs beside its pod workers: the eviction
// manager, the node's resource usage as cAdvisor would report it, the
// static pods of its manifest folder, and whether the kubelet is cut off
// from the control plane. It is embedded in kubelet.
type nodeSide struct {
	eviction *evictionManager
	usage    nodeUsage
	static   []*staticPod
	// down is set when the node stops reporting (NotReady): the kubelet no
	// longer hears from the API server nor writes to it.
	down bool
	// off: the node's power is cut (power.go); returning is the reboot's
	// return, nil for a crash. runtimeLeft is what the runtime held of
	// each pod before a reboot, for the new kubelet's workers to adopt
	// while it lists its pods.
	off         bool
	returning   *timer
	runtimeLeft map[types.UID]*runtimePod
	// evictionCfg and thresholds are the kubelet's eviction configuration
	// (Simulator.SetEvictionConfig, before the first node).
	evictionCfg evictionapi.Config
	thresholds  []threshold
	// terminatedWaiters are called once a pod worker has finished
	// terminating (killPodNow's completion channel, PodIsFinished).
	terminatedWaiters map[types.UID][]func()
	// volStats is the fsResourceAnalyzer's cache of volume usage
	// (volumestats.go).
	volStats volumeStats
	// preempted marks critical pods admitted once their victims are gone.
	preempted map[types.UID]bool
	// shutdownGroups are the shutdown manager's priority groups (nil: the
	// feature off; Simulator.SetShutdownConfig); shuttingDown is set from
	// the shutdown event on (nodeshutdown.go).
	shutdownGroups []shutdownGroup
	shuttingDown   bool
}

// startNodeSide starts the node-side components once the node exists: the
// node's pressure conditions reported False, and the eviction manager's
// loop (kubelet.go initializeRuntimeDependentModules).
func (k *kubelet) startNodeSide() {
	k.terminatedWaiters = map[types.UID][]func(){}
	k.initNodeConditions()
	k.eviction = newEvictionManager(k)
	k.eviction.start()
	k.api.startLease(k.node.Name)
	k.api.watchNodePods(k.node.Name, k)
}

// cutOff cuts the kubelet off from the control plane: it renews its
// node's Lease no more (the last renewal stands), no longer hears from
// the API server, and its eviction manager stops.
func (k *kubelet) cutOff() {
	k.down = true
	k.api.stopLease(k.node.Name)
	k.api.watchNodePods(k.node.Name, nil)
	if k.eviction != nil {
		k.eviction.stop()
	}
}

// activePods are the pods the kubelet has admitted and not yet finished
// terminating, terminating ones included (filterOutInactivePods), oldest
// first.
func (k *kubelet) activePods() []*podWorker {
	out := make([]*podWorker, 0, len(k.workers))
	for _, w := range k.workers {
		if w.state != stateTerminated {
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return podOlder(out[i].pod, out[j].pod) })
	return out
}

// podOlder orders pods by creation time, then by name, as the kubelet's
// sliceutils.PodsByCreationTime does (ties by name here, to stay
// deterministic).
func podOlder(a, b *corev1.Pod) bool {
	if !a.CreationTimestamp.Equal(&b.CreationTimestamp) {
		return a.CreationTimestamp.Before(&b.CreationTimestamp)
	}
	return a.Name < b.Name
}

// statusHook runs whenever a pod worker publishes its status (the status
// manager's SetPodStatus): it applies a kubelet-initiated kill's status
// (the podStatusFn of SyncTerminatingPod, kept in the status manager's
// cache), schedules the container usage the eviction manager will observe,
// and tells whoever waits that the pod has finished terminating. It
// reports true when the status cannot reach the API: the kubelet is cut
// off from it.
func (k *kubelet) statusHook(w *podWorker, st *corev1.PodStatus) bool {
	w.killStatus.apply(k.env, st)
	k.noteUsage(w)
	if w.state == stateTerminated {
		k.podTerminated(w.uid)
	}
	return k.down
}

// podTerminated calls the waiters of a pod whose worker has terminated and
// releases what the pod held on the node.
func (k *kubelet) podTerminated(uid types.UID) {
	k.releasePodUsage(uid)
	fns := k.terminatedWaiters[uid]
	delete(k.terminatedWaiters, uid)
	for _, fn := range fns {
		fn()
	}
}

// whenTerminated calls fn once the pod's worker has terminated, at once
// when it already has (or is unknown to the kubelet).
func (k *kubelet) whenTerminated(w *podWorker, fn func()) {
	if w.state == stateTerminated || k.workers[w.uid] != w {
		fn()
		return
	}
	k.terminatedWaiters[w.uid] = append(k.terminatedWaiters[w.uid], fn)
}

// recordNodeCondition puts a node condition change on the timeline.
func (e *env) recordNodeCondition(node string, c corev1.NodeCondition) {
	e.record(timeline.Event{Pod: nodeTimelineName(node), Kind: timeline.Condition, Reason: string(c.Type), Status: string(c.Status), Message: c.Reason})
}
