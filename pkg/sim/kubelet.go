package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/timeline"
)

// kubelet is one node's kubelet: it admits the pods bound to its node and
// runs a pod worker for each (pkg/kubelet/kubelet.go, pod_workers.go).
type kubelet struct {
	s       *Simulator
	node    *corev1.Node
	workers map[types.UID]*podWorker
	podIPs  int

	// The eviction manager, usage, static pods (kubelet_node.go).
	nodeSide
}

func newKubelet(s *Simulator, node *corev1.Node) *kubelet {
	return &kubelet{s: s, node: node, workers: map[types.UID]*podWorker{}}
}

// podChanged is the API config source reaching the sync loop:
// HandlePodAdditions, HandlePodUpdates and HandlePodRemoves.
func (k *kubelet) podChanged(p *corev1.Pod, t watchType) {
	w := k.workers[p.UID]
	switch t {
	case watchAdded:
		if w == nil {
			k.handlePodAddition(p)
		}
	case watchModified:
		if w != nil {
			w.observe(p)
		}
	case watchDeleted:
		if w != nil {
			w.removed = true
			w.observe(p)
		}
	}
}

// handlePodAddition admits the pod and hands it to a new pod worker
// (HandlePodAdditions). A pod that is already terminal is not admitted.
func (k *kubelet) handlePodAddition(p *corev1.Pod) {
	if p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
		return
	}
	if !k.canAdmitPod(p) { // admission.go
		return
	}
	k.s.record(timeline.Event{Pod: p.Name, Kind: timeline.Admitted})
	w := newPodWorker(k, p)
	k.workers[p.UID] = w
	w.observe(p)
}

// podWorker is the kubelet's per-pod state machine (pod_workers.go):
// syncing, then terminating, then terminated. All kubelet decisions about
// the pod read the worker's own view of the pod, refreshed by observe, so
// that an API change reaches the kubelet only through its watch.
type podWorker struct {
	k    *kubelet
	s    *Simulator
	pod  *corev1.Pod // the API object (the spec does not change)
	name string
	uid  types.UID

	deleting      bool   // the kubelet has seen a deletionTimestamp
	deletionGrace *int64 // pod.DeletionGracePeriodSeconds as last seen
	removed       bool   // the object is gone from the API

	state workerState
	// grace is podSyncStatus.gracePeriod: 0 until termination starts, then
	// it only decreases.
	grace int64

	syncTimer *timer
	blocked   *startRun // a container start waiting on its postStart hook
	sandbox   bool
	ctrs      []*ctr // init containers, then containers, in spec order
	byName    map[string]*ctr
	kill      *podKill // the pod-level kill in flight
	startTime *metav1.Time
	podIP     string
	// killStatus is the status function of a kubelet-initiated kill
	// (eviction, preemption; killpod.go).
	killStatus *killStatus
}

type workerState int

const (
	stateSyncing workerState = iota
	stateTerminating
	stateTerminated
)

func newPodWorker(k *kubelet, p *corev1.Pod) *podWorker {
	w := &podWorker{k: k, s: k.s, pod: p, name: p.Name, uid: p.UID, byName: map[string]*ctr{}}
	for i := range p.Spec.InitContainers {
		w.addCtr(&p.Spec.InitContainers[i], i, true)
	}
	for i := range p.Spec.Containers {
		w.addCtr(&p.Spec.Containers[i], i, false)
	}
	return w
}

// observe refreshes the worker's view of the pod and reacts: UpdatePod in
// pod_workers.go.
func (w *podWorker) observe(p *corev1.Pod) {
	if p.DeletionTimestamp != nil {
		w.deleting = true
	}
	if p.DeletionGracePeriodSeconds != nil {
		g := *p.DeletionGracePeriodSeconds
		w.deletionGrace = &g
	}
	if w.deleting || w.removed {
		w.terminate(nil)
		return
	}
	w.queueSync()
}

// queueSync asks for a sync later in this instant; several requests in one
// instant give one sync, as the pod worker coalesces pending updates.
func (w *podWorker) queueSync() {
	if w.syncTimer == nil && w.state != stateTerminated {
		w.syncTimer = w.s.soon(w.sync)
	}
}

func (w *podWorker) sync() {
	w.syncTimer = nil
	if w.blocked != nil || w.state != stateSyncing {
		// A sync blocked in postStart picks up where it was when the hook
		// returns; terminating pods advance through their kill.
		return
	}
	w.syncPod()
}

// syncPod is Kubelet.SyncPod and kuberuntime's SyncPod for a pod that is
// not terminating: publish the status computed from the runtime, and if
// the phase is terminal hand the pod to termination; otherwise create the
// sandbox and carry out computePodActions.
func (w *podWorker) syncPod() {
	st := w.generateStatus(false)
	w.setStatus(st)
	if st.Phase == corev1.PodSucceeded || st.Phase == corev1.PodFailed {
		w.terminate(nil)
		return
	}
	if !w.sandbox {
		w.createSandbox()
	}
	acts := w.computePodActions()
	if acts.killPod {
		switch {
		case w.kill != nil:
			// The kill of an earlier sync is still in progress.
		case len(w.runningCtrs()) == 0:
			w.terminate(nil)
		default:
			// No override: the containers use the pod's own grace period.
			w.killPod(nil, func() { w.kill = nil; w.queueSync() })
		}
		return
	}
	if len(acts.start) > 0 {
		w.startContainers(acts.start)
	}
}

// createSandbox is the RunPodSandbox step of SyncPod. 1.36 reports
// PodReadyToStartContainers right after the sandbox exists (PR #134660).
func (w *podWorker) createSandbox() {
	w.sandbox = true
	w.k.podIPs++
	w.podIP = fmt.Sprintf("10.244.%d.%d", 1+len(w.k.s.nodes)/250, 1+w.k.podIPs%250)
	if w.startTime == nil {
		t := w.s.wall(w.s.now)
		w.startTime = &t
	}
	w.s.record(timeline.Event{Pod: w.name, Kind: timeline.SandboxReady})
}

// podActions is what computePodActions decided.
type podActions struct {
	killPod bool
	start   []*ctr
}

// computePodActions (kuberuntime_manager.go) for a pod with a sandbox: init
// containers first (computeInitContainerActions), then the containers to
// (re)start by restart policy; when no regular container is running and
// none is to be started, the pod is killed, sidecars included — sidecars
// never keep a pod alive.
func (w *podWorker) computePodActions() podActions {
	var a podActions
	if !w.computeInitContainerActions(&a) {
		return a
	}
	keep := 0
	for _, c := range w.ctrs {
		if c.init {
			continue
		}
		switch {
		case c.inst == nil:
			a.start = append(a.start, c)
		case c.inst.state == instRunning:
			keep++
		case w.shouldRestart(c):
			a.start = append(a.start, c)
		}
	}
	if keep == 0 && !hasMain(a.start) {
		a.killPod = true
		a.start = nil
	}
	return a
}

func hasMain(cs []*ctr) bool {
	for _, c := range cs {
		if !c.init {
			return true
		}
	}
	return false
}

// computeInitContainerActions (kuberuntime_container.go): init containers
// run one at a time in spec order; after a sidecar the next starts once the
// sidecar is started, after a regular one once it exited 0. Once a regular
// container exists, only sidecars are kept running. It reports whether the
// pod is initialized.
func (w *podWorker) computeInitContainerActions(a *podActions) bool {
	initialized := false
	for _, c := range w.ctrs {
		if !c.init && c.inst != nil && c.inst.state != instExited {
			initialized = true
		}
	}
	if initialized {
		for _, c := range w.ctrs {
			if c.sidecar && (c.inst == nil || c.inst.state == instExited) {
				a.start = append(a.start, c)
			}
		}
		return true
	}
	for _, c := range w.ctrs {
		if !c.init {
			continue
		}
		switch {
		case c.inst == nil:
			a.start = append(a.start, c)
			return false
		case c.sidecar:
			if c.inst.state == instExited {
				a.start = append(a.start, c)
				return false
			}
			if !c.started() {
				return false
			}
		case c.inst.state != instExited:
			return false
		case c.inst.exitCode == 0:
			continue
		case w.pod.Spec.RestartPolicy == corev1.RestartPolicyNever:
			// A failed init container fails the pod: kill what runs.
			a.killPod = true
			return false
		default:
			a.start = append(a.start, c)
			return false
		}
	}
	return true
}

// shouldRestart is ShouldContainerBeRestarted
// (pkg/kubelet/container/helpers.go) for an exited container: never once
// the pod is being deleted, otherwise by the pod's restart policy.
func (w *podWorker) shouldRestart(c *ctr) bool {
	if w.deleting {
		return false
	}
	if c.sidecar {
		return true
	}
	switch w.pod.Spec.RestartPolicy {
	case corev1.RestartPolicyNever:
		return false
	case corev1.RestartPolicyOnFailure:
		return c.inst.exitCode != 0
	}
	return true
}

// terminate is UpdatePod with a termination request: the first call moves
// the worker to terminating and starts SyncTerminatingPod; later calls only
// matter when they shorten the grace period, which cancels the kill in
// flight and starts it again with the shorter budget.
func (w *podWorker) terminate(override *int64) {
	if w.state == stateTerminated {
		return
	}
	grace, shortened := w.effectiveGrace(override)
	if w.state == stateSyncing {
		w.state = stateTerminating
		if w.syncTimer != nil {
			w.s.cancel(w.syncTimer)
			w.syncTimer = nil
		}
		if w.blocked != nil {
			w.blocked.abort()
		}
		// SyncTerminatingPod publishes the pod's status before killing.
		w.setStatus(w.generateStatus(false))
		w.startKill(grace)
		return
	}
	if shortened {
		w.startKill(grace)
	}
}

func (w *podWorker) startKill(grace int64) {
	if w.kill != nil {
		w.kill.cancel()
	}
	g := grace
	w.killPod(&g, w.terminatingDone)
}

// effectiveGrace is calculateEffectiveGracePeriod (pod_workers.go, 1.31+):
// the API's deletionGracePeriodSeconds and the kubelet's own override may
// only lower the recorded value; the spec value is used only when neither
// applied; the result is at least 1. It reports whether an earlier value
// was shortened.
func (w *podWorker) effectiveGrace(override *int64) (int64, bool) {
	g := w.grace
	overridden := false
	if d := w.deletionGrace; d != nil && (g == 0 || *d < g) {
		g, overridden = *d, true
	}
	if override != nil && (g == 0 || *override < g) {
		g, overridden = *override, true
	}
	if !overridden && g == 0 && w.pod.Spec.TerminationGracePeriodSeconds != nil {
		g = *w.pod.Spec.TerminationGracePeriodSeconds
	}
	if g < 1 {
		g = 1
	}
	shortened := w.grace != 0 && w.grace != g
	w.grace = g
	return g, shortened
}

// terminatingDone follows a completed kill: SyncTerminatingPod publishes
// the terminal status once every container has stopped, SyncTerminatedPod
// and the status manager's TerminatePod finish the pod, and the status
// manager deletes a pod whose deletion was requested (status_manager.go,
// syncPod and canBeDeleted).
func (w *podWorker) terminatingDone() {
	w.kill = nil
	w.sandbox = false
	w.state = stateTerminated
	w.setStatus(w.generateStatus(true))
	w.setStatus(w.terminatedStatus())
	if w.deleting && !w.removed {
		zero := int64(0)
		_ = w.s.api.deletePod(w.name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, w.uid)
	}
	delete(w.k.workers, w.uid)
}

func (w *podWorker) runningCtrs() []*ctr {
	var out []*ctr
	for _, c := range w.ctrs {
		if c.inst != nil && c.inst.state == instRunning {
			out = append(out, c)
		}
	}
	return out
}

// since is the elapsed virtual time since t, in whole seconds, truncated as
// the kubelet does when it converts the elapsed seconds to int64.
func (w *podWorker) since(t time.Duration) int64 {
	return int64((w.s.now - t) / time.Second)
}
