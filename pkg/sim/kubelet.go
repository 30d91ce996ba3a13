package sim

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/flowcontrol"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// kubelet is one node's kubelet: it admits the pods bound to its node and
// runs a pod worker for each (pkg/kubelet/kubelet.go, pod_workers.go).
type kubelet struct {
	env *env
	// api is the kubelet's client of the API server; it hears of its
	// pods only through its watch (podWatch).
	api *apiServer
	// profile is the kubelet release's behaviour (set before the first
	// pod, Simulator.SetVersions); parsed the behaviours parsed from pod
	// specs, shared by every kubelet (runnable.go).
	profile *Profile
	parsed  *parseCache
	// index is the node's place among the cluster's nodes (its pod CIDR).
	index int
	// pidLimit is the node's process-id limit (0: nodeMaxPID).
	pidLimit int64
	node     *corev1.Node
	workers  map[types.UID]*podWorker
	// hostIPs is the node's InternalIP (nodeIP), as pod statuses show it.
	hostIPs []corev1.HostIP
	podIPs  int
	// crashBackOff and imageBackOff are the kubelet's two back-offs
	// (NewMainKubelet), client-go's flowcontrol.Backoff on virtual time.
	crashBackOff *flowcontrol.Backoff
	imageBackOff *flowcontrol.Backoff
	// images present on the node (the agent's is loaded), by reference.
	images     map[string]bool
	pullErrors map[string]string
	// active sums what the active pods request (admission.go).
	active activeRequests

	// status is the status manager (statusmanager.go).
	status *statusManager
	// syncPhase is the sync loop's ticker's offset in its second, drawn
	// the first time a resync needs it (syncTick); syncPhased tells it was.
	syncPhase  time.Duration
	syncPhased bool

	// The eviction manager, usage, static pods (nodeside.go).
	nodeSide
}

func newKubelet(e *env, api *apiServer, profile *Profile, parsed *parseCache, index int, node *corev1.Node) *kubelet {
	k := &kubelet{
		env: e, api: api, profile: profile, parsed: parsed, index: index, node: node, workers: map[types.UID]*podWorker{},
		hostIPs:      []corev1.HostIP{{IP: nodeIP(node)}},
		crashBackOff: newCrashLoopBackOff(e),
		imageBackOff: newImageBackOff(e),
		images:       map[string]bool{behavior.Image: true},
		pullErrors:   map[string]string{},
	}
	k.status = &statusManager{k: k}
	return k
}

// podWatch is the API config source reaching the sync loop:
// HandlePodAdditions, HandlePodUpdates and HandlePodRemoves. A mirror
// pod's change goes to the static pods' handling (static.go).
func (k *kubelet) podWatch(p *corev1.Pod, t watchType) {
	if isMirrorPod(p) {
		k.mirrorPodChanged(p, t)
		return
	}
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

// apiPod is the API's object of the worker's pod (of its UID), nil when
// there is none. A static pod's mirror pod is removed and created again:
// a record no longer stored is looked up again by name.
func (w *podWorker) apiPod() *storedPod {
	if e := w.stored; e != nil && !e.gone {
		return e
	}
	e := w.k.api.stored(w.name)
	if e == nil || e.pod.UID != w.uid {
		return nil
	}
	w.stored = e
	return e
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
	k.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Admitted})
	w := newPodWorker(k, p)
	if old := k.runtimeLeft[p.UID]; old != nil {
		w.adopt(old) // power.go: the runtime's containers of before a reboot
	}
	k.workers[p.UID] = w
	k.active.admitted(w)
	w.observe(p)
}

// podWorker is the kubelet's per-pod state machine (pod_workers.go):
// syncing, then terminating, then terminated. All kubelet decisions about
// the pod read the worker's own view of the pod, refreshed by observe, so
// that an API change reaches the kubelet only through its watch. What the
// kubelet's other managers hold for the pod is embedded, each in a type of
// its manager's file: the runtime's sandbox and containers (podRuntime,
// containers.go) and the prober's workers (podProbes, prober.go); the
// status manager's cache is the kubelet's (statusmanager.go).
type podWorker struct {
	k    *kubelet
	env  *env
	pod  *corev1.Pod // the API object (the spec does not change)
	name string
	uid  types.UID
	// stored is the API's record of the pod of this UID, as the last
	// lookup found it (apiPod).
	stored *storedPod

	deleting      bool   // the kubelet has seen a deletionTimestamp
	deletionGrace *int64 // pod.DeletionGracePeriodSeconds as last seen
	removed       bool   // the object is gone from the API

	state workerState
	// requests is the pod's effective request (kubelet.podRequests), which
	// the kubelet's admission counts while the worker is active.
	requests corev1.ResourceList
	// grace is podSyncStatus.gracePeriod: 0 until termination starts, then
	// it only decreases.
	grace int64

	// syncSoon is the sync queued (pending when one is): the one timer
	// every sync queued takes in turn.
	syncSoon timer
	syncFn   func() // sync, bound once rather than at every sync queued
	requeue  *timer // the pod worker's requeue after a failed sync
	// requeueSpan is when the requeue could fire, had its draw (and those
	// of the syncs before it) come out otherwise (drawn.go); requeueDue
	// says it fired in this instant, coalesced that the sync queued then
	// was asked for more than once.
	requeueSpan           span
	requeueDue, coalesced bool
	blocked               *syncRun // a sync waiting on a kill or a postStart hook

	podRuntime // containers.go
	podProbes  // prober.go

	startTime *metav1.Time
	// reasons is the kubelet's reason cache: why each container last
	// failed to start, shown as its Waiting reason.
	reasons  map[string]waitReason
	deadline *timer
	// deadlineExceeded: activeDeadlineSeconds passed (active_deadline.go).
	deadlineExceeded bool
	mountRetry       *timer
	// killStatus is the status function of a kubelet-initiated kill
	// (eviction, preemption; killpod.go).
	killStatus *killStatus
	// cgroup is cAdvisor's samples of the pod cgroup (housekeeping.go).
	cgroup cgroupSamples
}

type waitReason struct{ reason, message string }

type workerState int

const (
	stateSyncing workerState = iota
	stateTerminating
	stateTerminated
)

func newPodWorker(k *kubelet, p *corev1.Pod) *podWorker {
	w := &podWorker{k: k, env: k.env, pod: p, name: p.Name, uid: p.UID, requests: k.podRequests(p)}
	w.syncFn = w.sync
	w.ctrs = make([]*ctr, 0, len(p.Spec.InitContainers)+len(p.Spec.Containers))
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
	if w.state == stateTerminated {
		return
	}
	if w.syncSoon.pending() {
		w.coalesced = true
		return
	}
	w.env.rearm(&w.syncSoon, 0, w.syncFn, false) // soon, but cancellable
}

func (w *podWorker) sync() {
	sp, drawn := w.syncSpan()
	if w.blocked != nil || w.state != stateSyncing {
		// A sync blocked on a kill or a postStart hook picks up where it
		// was; terminating pods advance through their kill.
		return
	}
	w.syncPod(sp, drawn)
}

// syncTick is the sync loop's first tick at or after t (kubelet.go
// syncLoop: a ticker every second, started with the kubelet, whose phase
// the scenario cannot know: drawn once).
func (k *kubelet) syncTick(t time.Duration) time.Duration {
	if !k.syncPhased {
		k.syncPhase = time.Duration(k.env.rng.Int63n(int64(syncLoopPeriod)))
		k.syncPhased = true
	}
	n := (t - k.syncPhase + syncLoopPeriod - 1) / syncLoopPeriod
	return k.syncPhase + n*syncLoopPeriod
}

// syncLoopPeriod is the sync loop's ticker (kubelet.go syncLoop),
// declared with the kubelet's other periods.
const syncLoopPeriod = periods.SyncLoopTick

// nextResync is when the pod's next periodic sync comes, after a sync
// now: completeWork (pod_workers.go) enqueues the pod a resync interval
// after each sync, stretched by up to 50 %
// (workerResyncIntervalJitterFactor), and the sync loop takes the pods
// due at its next tick (kubelet.go syncLoop, syncTicker, every second).
// The span is the range the draw could have given.
func (k *kubelet) nextResync() (time.Duration, span) {
	now := k.env.now
	at := k.syncTick(now + k.env.jitter(resyncInterval, workerResyncIntervalJitterFactor))
	return at, span{k.syncTick(now + resyncInterval), k.syncTick(now + jitterMax(resyncInterval, workerResyncIntervalJitterFactor))}
}

// syncSpan is when this sync could have come, had the requeue's draw come
// out otherwise. When the requeue alone brought it, its time was drawn:
// the requeue's span. When something else asked for it too, or the
// requeue, still pending, could have fired by now, the sync came now
// whatever the draw, but what the requeue would have done (a restart
// whose back-off had ended) could have come as early as the requeue's
// earliest: from then to now. Without a requeue that could have fired by
// now, nothing in the sync was drawn.
func (w *podWorker) syncSpan() (sp span, drawn bool) {
	due, coalesced := w.requeueDue, w.coalesced
	w.requeueDue, w.coalesced = false, false
	sp = w.requeueSpan
	switch {
	case !sp.ok() || (!due && w.requeue == nil):
		return span{}, false
	case due && !coalesced:
		return sp, true
	case sp.lo < w.env.now:
		return span{sp.lo, w.env.now}, false
	}
	return span{}, false
}

// syncPod is Kubelet.SyncPod and kuberuntime's SyncPod for a pod that is
// not terminating: publish the status computed from the runtime, hand a
// terminal pod to termination, wait for volumes, create the sandbox, then
// carry out computePodActions.
//
// sp is when what the sync does could have come (syncSpan), drawn whether
// the sync's time itself was: the events of the containers it starts
// carry it.
func (w *podWorker) syncPod(sp span, drawn bool) {
	if w.kill != nil {
		// An earlier SyncPod is still in killPodWithSyncResult, which
		// returns once every container has stopped (sidecars one after
		// the other): the pod worker is busy, and takes the latest update
		// after it (pod_workers.go managePodLoop). The kill's end queues
		// that sync. Without this, an exited sidecar was restarted in the
		// middle of the pod's kill.
		return
	}
	w.addProbes()
	w.armDeadline()
	st := w.generateStatus(false)
	w.triggerReadiness()
	w.k.status.setPodStatus(w, st)
	if st.Phase == corev1.PodSucceeded || st.Phase == corev1.PodFailed {
		w.terminate(nil)
		return
	}
	// The pod cgroup is made before the volumes are waited for.
	w.makePodCgroup()
	// WaitForAttachAndMount comes before the runtime's SyncPod: a volume
	// that cannot be mounted keeps the pod without a sandbox.
	if vol, msg := w.missingVolume(); vol != "" {
		w.mountFailed(vol, msg)
		return
	}
	if w.sandboxLost {
		// SyncPod with PodSandboxChanged: KillPod, and CreateSandbox
		// unless the pod is done; the event comes with a sandbox to
		// re-create (kuberuntime_manager.go SyncPod). The simulator kills
		// in one sync and re-creates in the next: the event once.
		recreate := w.sandboxRecreated()
		if recreate && !w.sandboxChangedSaid {
			w.sandboxChangedSaid = true
			w.event(nil, corev1.EventTypeNormal, "SandboxChanged", "Pod sandbox changed, it will be killed and re-created.")
		}
		if len(w.runningCtrs()) > 0 {
			w.killPod(nil, func() { w.kill = nil; w.queueSync() })
			return
		}
		if !recreate {
			// No sandbox again: the pod stays as its containers left
			// it, which its status says (a restartPolicy Never pod
			// whose containers the reboot ended is Failed).
			return
		}
		w.sandboxLost, w.sandboxChangedSaid = false, false
		w.purgeInitContainers()
	}
	if !w.sandbox {
		w.createSandbox()
	}
	acts := w.computePodActions()
	if acts.killPod {
		switch {
		case len(w.runningCtrs()) == 0:
			w.terminate(nil)
		default:
			// No override: the containers use the pod's own grace period.
			w.killPod(nil, func() { w.kill = nil; w.queueSync() })
		}
		return
	}
	if len(acts.actions) > 0 {
		r := &syncRun{w: w, actions: acts.actions, span: sp, drawn: drawn, at: w.env.now}
		r.next()
	}
}

// createSandbox is the RunPodSandbox step of SyncPod. 1.36 reports
// PodReadyToStartContainers right after the sandbox exists (PR #134660).
func (w *podWorker) createSandbox() {
	w.sandbox = true
	w.k.podIPs++
	w.podIPs = []corev1.PodIP{{IP: "10.244." + strconv.Itoa(1+w.k.index/250) + "." + strconv.Itoa(1+w.k.podIPs%250)}}
	if w.startTime == nil {
		t := w.env.wall(w.env.now)
		w.startTime = &t
	}
	w.env.record(timeline.Event{Pod: w.name, Kind: timeline.SandboxReady})
	// PLEG reports the new sandbox: another sync follows, which publishes
	// what this one's starts left in the reason cache.
	w.queueSync()
}

// sandboxRecreated is computePodActions' decision for a pod whose
// sandbox changed (kuberuntime_manager.go, v1.36.3): no new sandbox for a
// restartPolicy Never pod that had one and any container already
// (shouldRestartOnFailure false, attempt != 0, container statuses known),
// nor when no regular container is to start (those that succeeded under
// OnFailure are not) and one was created already; otherwise a new
// sandbox, where the init containers run again from the first.
func (w *podWorker) sandboxRecreated() bool {
	spec := &w.pod.Spec
	known := false
	for _, c := range w.ctrs {
		if c.latest() != nil {
			known = true
		}
	}
	if spec.RestartPolicy == corev1.RestartPolicyNever && known {
		return false
	}
	toStart, created := 0, false
	for _, c := range w.ctrs {
		if c.init {
			continue
		}
		l := c.latest()
		created = created || l != nil
		runOnce := spec.RestartPolicy == corev1.RestartPolicyOnFailure
		if w.k.profile.ContainerRestartRules && c.spec.RestartPolicy != nil {
			runOnce = *c.spec.RestartPolicy == corev1.ContainerRestartPolicyOnFailure
		}
		if runOnce && l != nil && l.state == instExited && l.exitCode == 0 {
			continue
		}
		toStart++
	}
	return toStart > 0 || !created
}

// purgeInitContainers follows a re-created sandbox (SyncPod's
// purgeInitContainers): the runtime forgets the init containers, which
// run again from the first; restartCount carries on (startContainer
// finds the old count, or calcRestartCountByLogDir does).
func (w *podWorker) purgeInitContainers() {
	for _, c := range w.ctrs {
		if c.init && c.inst != nil {
			c.last, c.inst = c.inst, nil
		}
	}
}

// mountFailed is the volume manager's complaint: a FailedMount event, and
// another try later (the operation executor backs off up to 2m2s).
func (w *podWorker) mountFailed(vol, msg string) {
	w.event(nil, corev1.EventTypeWarning, "FailedMount", fmt.Sprintf("MountVolume.SetUp failed for volume %q : %s", vol, msg))
	if w.mountRetry == nil {
		w.mountRetry = w.env.periodic(2*time.Minute+2*time.Second, func() { w.mountRetry = nil; w.queueSync() })
	}
}

// armDeadline starts the activeDeadlineSeconds clock from the pod's start
// time (pkg/kubelet/active_deadline.go, pastActiveDeadline).
func (w *podWorker) armDeadline() {
	d := w.pod.Spec.ActiveDeadlineSeconds
	if d == nil || w.deadline != nil || w.startTime == nil {
		return
	}
	at := w.startTime.Sub(Epoch) + time.Duration(*d)*time.Second
	w.deadline = w.env.after(at-w.env.now, func() {
		w.deadlineExceeded = true
		w.queueSync()
	})
}

// podActions is what computePodActions decided: kill the pod, or kill and
// start containers, in that order: SyncPod kills every container of
// ContainersToKill (its step 3) before it starts any (steps 6 and 7,
// init containers first; kuberuntime_manager.go, v1.36.3). Its kills run
// one after the other in a map's order; the simulator's in the order
// they were decided (sidecars, then containers in spec order).
type podActions struct {
	killPod bool
	actions []action
	// kills is how many of actions, at their head, are kills.
	kills int
}

// action is one container kill or start of a sync. A start carries the
// latest exited instance the sync saw, which doBackOff measures from.
type action struct {
	kill        bool
	c           *ctr
	reason      killReason
	message     string
	backoffFrom *instance
}

func (a *podActions) start(c *ctr, from *instance) {
	a.actions = append(a.actions, action{c: c, backoffFrom: from})
}

func (a *podActions) killFor(c *ctr, reason killReason, message string) {
	a.actions = slices.Insert(a.actions, a.kills, action{kill: true, c: c, reason: reason, message: message})
	a.kills++
}

// computePodActions (kuberuntime_manager.go) for a pod with a sandbox: init
// containers first (computeInitContainerActions), then the regular
// containers: start the new, restart the exited by restart policy, kill
// and restart those whose definition changed (kubelet_upgrade.go), kill
// (and restart) those whose liveness or startup probe failed. When no
// regular container is running and none is to be started, the pod is
// killed, sidecars included: sidecars never keep a pod alive.
func (w *podWorker) computePodActions() podActions {
	var a podActions
	if !w.computeInitContainerActions(&a) {
		return a
	}
	keep, starts := 0, 0
	for _, c := range w.ctrs {
		if c.init {
			continue
		}
		switch {
		case c.inst == nil:
			a.start(c, nil)
			starts++
		case c.running():
			if msg, changed := c.definitionChanged(); changed {
				// Restarted whatever the restart policy: its spec
				// changed (computePodActions, v1.36.3).
				a.killFor(c, killUnknown, msg+", will be restarted")
				a.start(c, c.last)
				starts++
				continue
			}
			reason, msg, dead := c.probeKill()
			if !dead {
				keep++
				continue
			}
			restart := w.restartsAfterProbeKill(c)
			if restart {
				msg += ", will be restarted"
			}
			a.killFor(c, reason, msg)
			if restart {
				a.start(c, c.last)
				starts++
			}
		case w.shouldRestart(c):
			a.start(c, c.inst)
			starts++
		}
	}
	if keep == 0 && starts == 0 {
		a.killPod = true
		a.actions = nil
	}
	return a
}

// computeInitContainerActions (kuberuntime_container.go): init containers
// run one at a time in spec order; after a sidecar the next starts once the
// sidecar is started (its startup probe, if any, succeeded), after a
// regular one once it exited 0. Once a regular container exists, only
// sidecars are kept running, restarted on exit or on a failed probe. It
// reports whether the pod is initialized.
func (w *podWorker) computeInitContainerActions(a *podActions) bool {
	initialized := false
	for _, c := range w.ctrs {
		if !c.init && c.inst != nil && c.inst.state != instExited {
			initialized = true
		}
	}
	keepSidecar := func(c *ctr) {
		switch {
		case c.inst == nil || c.inst.state == instExited:
			var from *instance
			if c.inst != nil {
				from = c.inst
			}
			a.start(c, from)
		default:
			// computeInitContainerActions words the kill itself ("Init
			// container mesh failed liveness probe"), without the ", will
			// be restarted" computePodActions adds (kuberuntime_container.go,
			// v1.29.15 to v1.36.3). A started sidecar whose hash changed
			// is killed and started again first (its startup probe, if
			// any, decides before the hash is compared).
			if msg, changed := c.definitionChanged(); changed && c.started() {
				a.killFor(c, killUnknown, msg)
				a.start(c, c.last)
			} else if reason, msg, dead := c.probeKill(); dead {
				a.killFor(c, reason, msg)
				a.start(c, c.last)
			}
		}
	}
	if initialized {
		for _, c := range w.ctrs {
			if c.sidecar {
				keepSidecar(c)
			}
		}
		return true
	}
	for _, c := range w.ctrs {
		if !c.init {
			continue
		}
		switch {
		case c.sidecar:
			keepSidecar(c)
			if !c.started() {
				return false
			}
		case c.inst == nil:
			a.start(c, nil)
			return false
		case c.inst.state != instExited:
			return false
		case c.inst.exitCode == 0:
			continue
		case w.shouldRestart(c):
			a.start(c, c.inst)
			return false
		default:
			// A failed init container that will not restart fails the pod.
			a.killPod = true
			return false
		}
	}
	return true
}

// shouldRestart is ShouldContainerBeRestarted
// (pkg/kubelet/container/helpers.go) for an exited container: never once
// the pod is being deleted, otherwise by ContainerShouldRestart (the
// container's rules and policy, then the pod's).
func (w *podWorker) shouldRestart(c *ctr) bool {
	if w.deleting {
		return false
	}
	if c.inst == nil {
		return true
	}
	return containerShouldRestart(c.spec, &w.pod.Spec, int32(c.inst.exitCode), w.k.profile.ContainerRestartRules)
}

// restartsAfterProbeKill: a container killed for its liveness or startup
// probe restarts unless its policy is Never; with no exit code yet, rules
// are not evaluated (computePodActions).
func (w *podWorker) restartsAfterProbeKill(c *ctr) bool {
	if p := c.spec.RestartPolicy; p != nil && (w.k.profile.ContainerRestartRules || (*p == corev1.ContainerRestartPolicyAlways && isInitOf(c.spec, &w.pod.Spec))) {
		return *p != corev1.ContainerRestartPolicyNever
	}
	return w.pod.Spec.RestartPolicy != corev1.RestartPolicyNever
}

// syncRun is the rest of SyncPod: the kills and starts computePodActions
// asked for, one after the other. A kill waits for its container to stop,
// a start for its postStart hook; meanwhile the pod worker is busy.
type syncRun struct {
	w       *podWorker
	actions []action
	hook    *hookRun
	kill    *ctrKill
	changed bool // something started or stopped: PLEG brings a new sync
	errs    []*startError
	aborted bool
	// span and drawn are the sync's (syncSpan), at when it came.
	span  span
	drawn bool
	at    time.Duration
}

// spanNow is when this point of the run could have come: the sync's span
// moved by the hooks and kills waited for since, whose lengths were not
// drawn.
func (r *syncRun) spanNow() span {
	if !r.span.ok() {
		return span{}
	}
	return r.span.shift(r.w.env.now - r.at)
}

// drawnNow is spanNow when the sync's own time was drawn: what happens in
// every world where the sync comes (a BackOff, the requeue after a failed
// sync) moves with it only then.
func (r *syncRun) drawnNow() span {
	if !r.drawn {
		return span{}
	}
	return r.spanNow()
}

func (r *syncRun) next() {
	w := r.w
	for len(r.actions) > 0 && !r.aborted {
		a := r.actions[0]
		r.actions = r.actions[1:]
		if a.kill {
			if !a.c.running() {
				continue
			}
			r.changed = true
			w.blocked = r
			r.kill = w.killContainer(a.c, a.reason, a.message, nil, nil, nil)
			r.kill.onStopped = func() { r.kill = nil; r.next() }
			return
		}
		inst, err := w.startContainer(&a, r.spanNow(), r.drawnNow())
		if err != nil {
			w.setReason(a.c, err)
			r.errs = append(r.errs, err)
			r.changed = r.changed || inst != nil // a start that failed after create
			continue
		}
		r.changed = true
		if h := a.c.spec.Lifecycle; h != nil && h.PostStart != nil {
			w.blocked = r
			c := a.c
			r.hook = w.runHook(c, inst, h.PostStart, func(failed bool) { r.postStartDone(c, failed) })
			return
		}
	}
	if r.aborted {
		return
	}
	w.blocked = nil
	if len(r.errs) > 0 {
		w.scheduleRequeue(r.errs, r.drawnNow())
	} else {
		// Nothing waits for a requeue: a later sync's time is not drawn.
		w.requeueSpan = span{}
	}
	if r.changed {
		w.queueSync() // PLEG: the started and stopped containers
	}
}

// postStartDone continues the run after the hook returned. A failed
// postStart emits FailedPostStartHook, kills the container with its preStop
// and no override, and leaves PostStartHookError as its reason
// (startContainer, step 4).
func (r *syncRun) postStartDone(c *ctr, failed bool) {
	w := r.w
	r.hook = nil
	if !failed {
		w.env.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.PostStartDone})
		r.next()
		return
	}
	w.event(c, corev1.EventTypeWarning, "FailedPostStartHook", "PostStartHook failed")
	err := &startError{reason: "PostStartHookError", message: fmt.Sprintf("PostStartHook failed for container %q", c.name)}
	r.errs = append(r.errs, err)
	r.kill = w.killContainer(c, killPostStart, "FailedPostStartHook", nil, nil, nil)
	r.kill.onStopped = func() {
		r.kill = nil
		w.setReason(c, err)
		r.next()
	}
}

// abort ends a run because the pod is terminating: the sync's context is
// cancelled; a hook is abandoned, a kill in flight is left to the
// termination's own kill.
func (r *syncRun) abort() {
	r.aborted = true
	if r.hook != nil {
		r.hook.cancel()
	}
	if r.kill != nil {
		r.kill.cancel()
	}
	r.w.blocked = nil
	r.actions = nil
}

// scheduleRequeue is completeWork (pkg/kubelet/pod_workers.go) after a
// failed sync: again at the earliest back-off expiry
// (MinBackoffExpiration) or the default back-off period, capped at the
// resync interval, stretched by up to 50 %. The requeue keeps when it
// could have fired (requeueSpan): over the range of the draw, and over
// the span of the failed sync when that sync's own time was drawn (sp).
func (w *podWorker) scheduleRequeue(errs []*startError, sp span) {
	var earliest time.Duration
	for _, e := range errs {
		if e.retryAt > 0 && (earliest == 0 || e.retryAt < earliest) {
			earliest = e.retryAt
		}
	}
	if !sp.ok() {
		sp = span{w.env.now, w.env.now}
	}
	earliest = requeueTarget(earliest, w.k.profile.RequeueAtBackoffExpiry)
	w.requeueSpan = requeueWindow(sp, earliest)
	w.env.cancel(w.requeue)
	w.requeue = w.env.after(w.env.jitter(requeueDelay(w.env.now, earliest), workerBackOffPeriodJitterFactor), func() {
		w.requeue = nil
		w.requeueDue = true
		w.queueSync()
	})
}

// terminate is UpdatePod with a termination request: the first call moves
// the worker to terminating and starts SyncTerminatingPod; a later call
// that shortens the grace period cancels the pod worker's sync, but the
// kill in flight keeps its budget: SyncTerminatingPod runs on a context of
// its own (pkg/kubelet/kubelet.go, "TODO(#113606)", v1.36.3), so its
// StopContainer calls, preStop hooks and sidecar waits run to their end,
// and the next pass finds the containers stopped (seen on v1.36.3: one
// SIGTERM, SIGKILL at the first grace). The shorter grace is kept for a
// kill not yet started.
func (w *podWorker) terminate(override *int64) {
	if w.state == stateTerminated {
		return
	}
	grace, shortened := w.effectiveGrace(override)
	if w.state == stateSyncing {
		w.state = stateTerminating
		w.env.cancel(&w.syncSoon)
		w.env.cancel(w.requeue)
		w.requeueSpan = span{}
		w.env.cancel(w.mountRetry)
		w.env.cancel(w.deadline)
		if w.blocked != nil {
			w.blocked.abort()
		}
		w.stopLivenessAndStartup()
		// SyncTerminatingPod publishes the pod's status before killing.
		w.k.status.setPodStatus(w, w.generateStatus(false))
		w.startKill(grace)
		return
	}
	if shortened && w.kill == nil {
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
// applied; the result is at least 1. Before 1.31 an override of 0 counted
// as unset, so the spec value won. It reports whether an earlier value was
// shortened.
func (w *podWorker) effectiveGrace(override *int64) (int64, bool) {
	g := w.grace
	overridden := false
	if d := w.deletionGrace; d != nil && (g == 0 || *d < g) {
		g, overridden = *d, true
	}
	if override != nil && (g == 0 || *override < g) {
		g, overridden = *override, true
	}
	if !w.k.profile.ZeroOverrideCounts {
		overridden = false
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
	w.k.active.terminated(w)
	w.stopProbes()
	st := w.generateStatus(true)
	w.k.status.setPodStatus(w, st)
	w.k.status.setPodStatus(w, w.k.status.terminatedStatus(w, st))
	if w.deleting && !w.removed {
		zero := int64(0)
		_ = w.k.api.deletePod(w.name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, w.uid)
	}
	delete(w.k.workers, w.uid)
}

// ctrNamed is the pod's container of that name, or nil (a pod has a
// handful: a search beats a map).
func (w *podWorker) ctrNamed(name string) *ctr {
	for _, c := range w.ctrs {
		if c.name == name {
			return c
		}
	}
	return nil
}

// setReason notes in the reason cache why the container failed to start.
func (w *podWorker) setReason(c *ctr, err *startError) {
	if w.reasons == nil {
		w.reasons = map[string]waitReason{}
	}
	w.reasons[c.name] = waitReason{err.reason, err.message}
}

// podIP is the sandbox's IP, "" before the first sandbox.
func (w *podWorker) podIP() string {
	if len(w.podIPs) == 0 {
		return ""
	}
	return w.podIPs[0].IP
}

func (w *podWorker) runningCtrs() []*ctr {
	var out []*ctr
	for _, c := range w.ctrs {
		if c.running() {
			out = append(out, c)
		}
	}
	return out
}

// since is the elapsed virtual time since t, in whole seconds, truncated as
// the kubelet does when it converts the elapsed seconds to int64.
func (w *podWorker) since(t time.Duration) int64 {
	return int64((w.env.now - t) / time.Second)
}
