package sim

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/kubelet/periods"
)

// statusUpdateFrequency is the status manager's batch period
// (pkg/kubelet/status/status_manager.go, syncPeriod = 10 s), declared
// with the kubelet's other periods.
const statusUpdateFrequency = periods.StatusSync

// statusManager is the kubelet's status manager
// (pkg/kubelet/status/status_manager.go, v1.36.3): the pod workers set
// their statuses in it (SetPodStatus, setPodStatus here), the prober its
// readiness and startup flags (SetContainerReadiness), and a finished
// pod its final status (TerminatePod); it writes to the API what
// changed, holding back a terminal phase while containers could still
// run (mergePodStatus).
//
// Its loop (Start) runs syncBatch(false) whenever a pod's status changes
// (updateStatusInternal signals podStatusChannel) and syncBatch(true)
// every statusUpdateFrequency. The simulator writes a status in the
// instant it is set, as syncBatch(false) does right after, except for a
// recreated mirror pod: with a new UID it has no API status version (and
// a static pod without a mirror pod is skipped, "Static pod does not have
// a corresponding mirror pod"), so it gets the cached status at the next
// batch of either kind, when another pod of the node changes status or at
// the tick, whichever comes first.
type statusManager struct {
	k *kubelet
	// podStatuses is the manager's cache, by pod UID: the API's record
	// of the pod, as the last lookup found it, whose status is the last
	// the manager wrote (or another writer after it).
	podStatuses map[types.UID]*storedPod
	// last and lastStored are the pod asked for last and its record: a
	// sync asks for its pod several times in a row, and a lookup in a map
	// of 100,000 pods is a cache miss each time.
	last       *podWorker
	lastStored *storedPod
	// pending are the workers of static pods whose recreated mirror pod
	// has not had their status yet.
	pending []*podWorker
	tick    *timer
	// phase is the ticker's offset in its period, drawn the first time a
	// status waits for it (the ticker has run since the kubelet started);
	// phased tells it was.
	phase  time.Duration
	phased bool
	// flushing is set while pending statuses are written, which are
	// status changes themselves.
	flushing bool
}

func newStatusManager(k *kubelet) *statusManager {
	return &statusManager{k: k, podStatuses: map[types.UID]*storedPod{}}
}

// apiPod is the API's object of the worker's pod (of its UID), nil when
// there is none. A static pod's mirror pod is removed and created again:
// a record no longer stored is looked up again by name.
func (m *statusManager) apiPod(w *podWorker) *storedPod {
	e := m.lastStored
	if m.last != w {
		e = m.podStatuses[w.uid]
	}
	if e == nil || e.gone {
		if e = m.k.api.stored(w.pod.Name); e == nil || e.pod.UID != w.uid {
			return nil
		}
		m.podStatuses[w.uid] = e
	}
	m.last, m.lastStored = w, e
	return e
}

// forget drops a terminated pod's entry (RemoveOrphanedStatuses).
func (m *statusManager) forget(uid types.UID) {
	delete(m.podStatuses, uid)
	if m.last != nil && m.last.uid == uid {
		m.last, m.lastStored = nil, nil
	}
}

// mirrorRecreated holds w's status for its new mirror pod until the next
// batch. The ticker's phase is unknown (it has run since the kubelet
// started): it is drawn when a status first waits for it.
func (m *statusManager) mirrorRecreated(w *podWorker) {
	k := m.k
	for _, p := range m.pending {
		if p == w {
			return
		}
	}
	m.pending = append(m.pending, w)
	if m.tick == nil {
		if !m.phased {
			m.phase = time.Duration(k.env.rng.Float64() * float64(statusUpdateFrequency))
			m.phased = true
		}
		// The next tick: phase + n·period, at or after now.
		d := (m.phase - k.env.now%statusUpdateFrequency + statusUpdateFrequency) % statusUpdateFrequency
		drawn := span{k.env.now, k.env.now + statusUpdateFrequency}
		m.tick = k.env.after(d, func() {
			m.tick = nil
			defer k.env.recordIn(k.env.recordIn(drawn))
			m.syncBatch()
		})
	}
}

// statusChanged is a status written for one of the node's pods: the
// status manager's next syncBatch(false) also writes what waits.
func (m *statusManager) statusChanged(w *podWorker) {
	k := m.k
	if m.flushing || len(m.pending) == 0 {
		return
	}
	for i, p := range m.pending {
		if p == w {
			// Its own change: the batch it triggers writes its
			// status, which has just been written.
			m.pending = append(m.pending[:i], m.pending[i+1:]...)
			break
		}
	}
	if len(m.pending) > 0 {
		k.env.soon(m.syncBatch)
	} else if m.tick != nil {
		k.env.cancel(m.tick)
		m.tick = nil
	}
}

// syncBatch writes the pending statuses to the mirror pods.
func (m *statusManager) syncBatch() {
	k := m.k
	if m.tick != nil {
		k.env.cancel(m.tick)
		m.tick = nil
	}
	pending := m.pending
	m.pending = nil
	if len(pending) == 0 {
		return
	}
	m.flushing = true
	defer func() { m.flushing = false }()
	for _, w := range pending {
		if k.workers[w.uid] == w {
			m.setPodStatus(w, k.generateStatus(w, w.state == stateTerminated))
		}
	}
}

// awaitsBatch reports whether w's status waits for the next batch.
func (m *statusManager) awaitsBatch(w *podWorker) bool {
	for _, p := range m.pending {
		if p == w {
			return true
		}
	}
	return false
}

// setPodStatus is the status manager's SetPodStatus and syncPod: it writes to
// the API what changed. While the pod worker has not finished terminating,
// containers could still run, so a terminal phase is held back
// (mergePodStatus in pkg/kubelet/status/status_manager.go).
func (m *statusManager) setPodStatus(w *podWorker, st corev1.PodStatus) {
	if m.k.statusHook(w, &st) { // nodeside.go
		return
	}
	e := m.apiPod(w)
	if e == nil {
		return
	}
	old := &e.pod.Status
	terminal := st.Phase == corev1.PodSucceeded || st.Phase == corev1.PodFailed
	if terminal && w.state != stateTerminated && old.Phase != st.Phase {
		st.Phase = old.Phase
		st.Reason, st.Message = old.Reason, old.Message
		var kept []corev1.PodCondition
		for _, c := range st.Conditions {
			if c.Type != corev1.DisruptionTarget {
				kept = append(kept, c)
			}
		}
		st.Conditions = kept
		for _, c := range old.Conditions {
			if c.Type == corev1.DisruptionTarget {
				st.Conditions = append(st.Conditions, c)
			}
		}
	}
	if equalStatus(old, &st) {
		return
	}
	ownStatuses(m.k.env.statusBuf, &st, old)
	m.k.api.updateStoredStatus(e, st)
	m.statusChanged(w)
}

// setContainerReadiness is the status manager's SetContainerReadiness and
// SetContainerStartup (status_manager.go, v1.36.3): a probe result changes
// the ready and started flags of the status it has, and the conditions
// they feed, without a sync; a result that leaves the flags as they are
// changes nothing ("Container readiness unchanged").
func (m *statusManager) setContainerReadiness(w *podWorker) {
	if m.awaitsBatch(w) {
		// The status manager changes its cached status, not the empty
		// one of the new mirror pod, and the change triggers a batch
		// that writes it whole.
		m.syncBatch()
		return
	}
	e := m.apiPod(w)
	if e == nil {
		return
	}
	apiPod := e.pod
	// The new status shares with the stored one what does not change
	// (statuses are never modified in place): most results only confirm
	// what the status shows, and then nothing is copied.
	st := apiPod.Status
	st.InitContainerStatuses = m.withProbeResults(w.rt, st.InitContainerStatuses)
	st.ContainerStatuses = m.withProbeResults(w.rt, st.ContainerStatuses)
	if sameList(st.InitContainerStatuses, apiPod.Status.InitContainerStatuses) &&
		sameList(st.ContainerStatuses, apiPod.Status.ContainerStatuses) {
		// "Container readiness unchanged" (and startup), or "changed for
		// unknown container": the kubelet returns before it looks at the
		// conditions. In BenchmarkLifecyclePerCPU every result does so: a
		// readiness worker's first, Failure, for a container not ready
		// yet, and its first Success for a container the status does not
		// show running yet (the probe runs in the instant of the start;
		// the sync that follows writes it running and ready).
		return
	}
	cr := m.containersReadyCondition(w.pod, &st)
	ready := m.readyCondition(w.pod, cr, st.Conditions)
	now := m.k.env.wall(m.k.env.now)
	cr.LastTransitionTime = transitionTime(&apiPod.Status, cr, now)
	ready.LastTransitionTime = transitionTime(&apiPod.Status, ready, now)
	for i, c := range st.Conditions {
		switch {
		case c.Type == corev1.ContainersReady && c != cr:
			st.Conditions = replaceCondition(st.Conditions, i, cr)
		case c.Type == corev1.PodReady && c != ready:
			st.Conditions = replaceCondition(st.Conditions, i, ready)
		}
	}
	m.setPodStatus(w, st)
}

// sameList reports whether a and b are the same list (not equal ones):
// withProbeResults returns its list when it changes nothing in it.
func sameList(a, b []corev1.ContainerStatus) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// terminatePod is the status manager's TerminatePod: the terminated
// status (terminatedStatus) set as SetPodStatus sets a status.
func (m *statusManager) terminatePod(w *podWorker, st corev1.PodStatus) {
	m.setPodStatus(w, m.terminatedStatus(w, st))
}

// terminatedStatus is what the status manager's TerminatePod sets
// (status_manager.go, v1.27–v1.36.3): once the pod has initialized, a
// container without a terminated state gets ContainerStatusUnknown (137);
// of the init containers, all but the trailing ones never started get it
// too (initializedContainers); and a pod still Pending or Running becomes
// Failed (static pods excepted). A pod whose init container failed keeps
// its containers Waiting (PodInitializing). It starts from st, the
// status SyncTerminatedPod has just set: TerminatePod copies the status
// manager's cached status, which is that one, rather than generating
// another; st's container statuses may be changed in place.
func (m *statusManager) terminatedStatus(w *podWorker, st corev1.PodStatus) corev1.PodStatus {
	// hasPodInitialized reads the pod object the kubelet holds, whose
	// status is the API's.
	before := &w.pod.Status
	if e := m.apiPod(w); e != nil {
		before = &e.pod.Status
	}
	initialized := hasPodInitialized(&w.pod.Spec, before)
	unknown := func(list []corev1.ContainerStatus) {
		for i := range list {
			cs := &list[i]
			if cs.State.Terminated != nil {
				continue
			}
			cs.State = corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{
				Reason: "ContainerStatusUnknown", Message: "The container could not be located when the pod was terminated", ExitCode: 137,
			}}
		}
	}
	unknown(initializedContainers(st.InitContainerStatuses))
	if initialized {
		unknown(st.ContainerStatuses)
	}
	if (st.Phase == corev1.PodPending || st.Phase == corev1.PodRunning) && !isStaticPod(w.pod) {
		st.Phase = corev1.PodFailed
		st.Conditions = m.conditions(w.pod, w.rt.sandbox, &st, &st)
	}
	return st
}

// hasPodInitialized is status_manager.go's: no init containers; a
// container out of Waiting (or that terminated before); the last init
// container started (a sidecar) or exited 0 (a regular one).
func hasPodInitialized(spec *corev1.PodSpec, st *corev1.PodStatus) bool {
	if len(spec.InitContainers) == 0 {
		return true
	}
	for i := range st.ContainerStatuses {
		if cs := &st.ContainerStatuses[i]; cs.LastTerminationState.Terminated != nil || cs.State.Waiting == nil {
			return true
		}
	}
	n := len(st.InitContainerStatuses)
	if n == 0 {
		return false
	}
	last := st.InitContainerStatuses[n-1]
	var c *corev1.Container
	for i := range spec.InitContainers {
		if spec.InitContainers[i].Name == last.Name {
			c = &spec.InitContainers[i]
		}
	}
	if c == nil {
		return false
	}
	if isSidecar(c) {
		return last.State.Running != nil && boolOf(last.Started)
	}
	for _, t := range []*corev1.ContainerStateTerminated{last.LastTerminationState.Terminated, last.State.Terminated} {
		if t != nil && t.ExitCode == 0 {
			return true
		}
	}
	return false
}

// initializedContainers is status_manager.go's: the init containers up to
// the last one with evidence of a start, at least the first.
func initializedContainers(list []corev1.ContainerStatus) []corev1.ContainerStatus {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i].State.Waiting == nil || list[i].LastTerminationState.Terminated != nil {
			return list[:i+1]
		}
	}
	if len(list) > 0 {
		return list[:1]
	}
	return nil
}
