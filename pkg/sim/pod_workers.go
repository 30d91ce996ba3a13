package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// podWorker is the kubelet's per-pod state machine
// (pkg/kubelet/pod_workers.go, v1.36.3): syncing, then terminating, then
// terminated; the grace period of the termination; when the next sync
// comes (coalesced updates, the requeue after a failed sync, the active
// deadline). Kubelet decisions about the pod read the worker's own view
// of the pod, refreshed by observe, so that an API change reaches the
// kubelet only through its watch.
//
// The other managers hold their own state of the pod and reach the
// worker through the kubelet's functions, as the eviction manager
// upstream gets KillPodFunc: the runtime (runtime.go, kill.go) runs the
// containers and reports their starts and exits to the PLEG (pleg.go),
// which hands them to the worker; the prober manager's results reach it
// through the kubelet (prober.go, probeResult); the status manager
// (statusmanager.go) holds what was written to the API. The worker sends
// no signal and starts no process: it asks the runtime.
type podWorker struct {
	k   *kubelet
	pod *corev1.Pod // the API object (of its spec, only an image changes: podupdate.go)
	uid types.UID
	rt  *runtimePod // what the runtime holds of the pod

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

	queue   syncQueue
	blocked *syncRun // a sync waiting on a kill or a postStart hook
	// deadline is the activeDeadlineSeconds handler's clock.
	deadline   activeDeadline
	mountRetry *timer
	// killStatus is the status function of a kubelet-initiated kill
	// (eviction, preemption): KillPodOptions.PodStatusFunc.
	killStatus *killStatus
}

type workerState int

const (
	stateSyncing workerState = iota
	stateTerminating
	stateTerminated
)

// syncQueue is when the pod worker's next sync comes: the sync queued in
// this instant (the one timer every sync queued takes in turn, updates
// coalesced into it) and the requeue after a failed sync, with when the
// requeue could have fired had its draw come out otherwise (drawn.go).
type syncQueue struct {
	soon   timer
	syncFn func() // the worker's sync, bound once rather than at every sync queued
	// requeue is the work queue's entry after a failed sync (completeWork).
	requeue *timer
	// requeueSpan is when the requeue could fire, had its draw (and those
	// of the syncs before it) come out otherwise; requeueDue says it fired
	// in this instant, coalesced that the sync queued then was asked for
	// more than once.
	requeueSpan           span
	requeueDue, coalesced bool
}

// activeDeadline is the activeDeadlineSeconds PodSyncHandler
// (pkg/kubelet/active_deadline.go, v1.36.3): a clock from the pod's start
// time, and whether it ran out.
type activeDeadline struct {
	timer    *timer
	exceeded bool
}

func newPodWorker(k *kubelet, p *corev1.Pod) *podWorker {
	w := &podWorker{k: k, pod: p, uid: p.UID, requests: k.podRequests(p), rt: newRuntimePod(k, p)}
	w.queue.syncFn = w.sync
	return w
}

// observe refreshes the worker's view of the pod and reacts: UpdatePod in
// pod_workers.go.
func (w *podWorker) observe(p *corev1.Pod) {
	w.rt.specUpdated(p) // a container's new image (podupdate.go)
	w.resizeRequested() // new resources (resize.go)
	if p.DeletionTimestamp != nil {
		w.deleting = true
		w.k.prober.podDeleting(w.rt)
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
	q := &w.queue
	if q.soon.pending() {
		q.coalesced = true
		return
	}
	w.k.env.rearm(&q.soon, 0, q.syncFn, false) // soon, but cancellable
}

// plegEvent is an event of the PLEG for the pod (pleg.go), which the sync
// loop hands to the pod worker as a sync (syncLoopIteration's plegCh,
// HandlePodSyncs). A container's death reaches a pod that is still
// syncing; a terminating pod's kill waits for its containers itself.
func (w *podWorker) plegEvent(e plegEvent) {
	if e == containerDied && w.state != stateSyncing {
		return
	}
	w.queueSync()
}

func (w *podWorker) sync() {
	sp, drawn := w.queue.span(w.k.env.now)
	if w.blocked != nil || w.state != stateSyncing {
		// A sync blocked on a kill or a postStart hook picks up where it
		// was; terminating pods advance through their kill.
		return
	}
	w.syncPod(sp, drawn)
}

// span is when this sync could have come, had the requeue's draw come
// out otherwise. When the requeue alone brought it, its time was drawn:
// the requeue's span. When something else asked for it too, or the
// requeue, still pending, could have fired by now, the sync came now
// whatever the draw, but what the requeue would have done (a restart
// whose back-off had ended) could have come as early as the requeue's
// earliest: from then to now. Without a requeue that could have fired by
// now, nothing in the sync was drawn.
func (q *syncQueue) span(now time.Duration) (sp span, drawn bool) {
	due, coalesced := q.requeueDue, q.coalesced
	q.requeueDue, q.coalesced = false, false
	sp = q.requeueSpan
	switch {
	case !sp.ok() || (!due && q.requeue == nil):
		return span{}, false
	case due && !coalesced:
		return sp, true
	case sp.lo < now:
		return span{sp.lo, now}, false
	}
	return span{}, false
}

// stop drops the sync queued and the requeue: the pod terminates.
func (q *syncQueue) stop(e *env) {
	e.cancel(&q.soon)
	e.cancel(q.requeue)
	q.requeueSpan = span{}
}

// syncPod is Kubelet.SyncPod (pkg/kubelet/kubelet.go, v1.36.3) for a pod
// that is not terminating: publish the status generated from the
// runtime, hand a terminal pod to termination, make the pod cgroup, wait
// for volumes, then the runtime's SyncPod: the sandbox (created again
// when it changed), then the kills and starts of computePodActions, run
// one after the other (syncRun) while the worker is busy.
//
// sp is when what the sync does could have come (syncQueue.span), drawn
// whether the sync's time itself was: the events of the containers it
// starts carry it.
func (w *podWorker) syncPod(sp span, drawn bool) {
	rt := w.rt
	if rt.kill != nil {
		// An earlier SyncPod is still in killPodWithSyncResult, which
		// returns once every container has stopped (sidecars one after
		// the other): the pod worker is busy, and takes the latest update
		// after it (pod_workers.go managePodLoop). The kill's end queues
		// that sync. Without this, an exited sidecar was restarted in the
		// middle of the pod's kill.
		return
	}
	w.k.prober.addPod(rt, w.deleting)
	if d := w.pod.Spec.ActiveDeadlineSeconds; d != nil && w.deadline.timer == nil && rt.startTime != nil {
		// pastActiveDeadline: the clock runs from the pod's start time.
		at := rt.startTime.Sub(Epoch) + time.Duration(*d)*time.Second
		w.deadline.timer = w.k.env.after(at-w.k.env.now, func() {
			w.deadline.exceeded = true
			w.queueSync()
		})
	}
	w.syncResize() // PodResizeInProgress set or cleared (resize.go)
	st := w.k.generateStatus(w, false)
	w.k.prober.triggerReadiness(rt)
	w.k.status.setPodStatus(w, st)
	if st.Phase == corev1.PodSucceeded || st.Phase == corev1.PodFailed {
		w.terminate(nil)
		return
	}
	// The pod cgroup is made before the volumes are waited for.
	rt.makePodCgroup()
	// WaitForAttachAndMount comes before the runtime's SyncPod: a volume
	// that cannot be mounted keeps the pod without a sandbox.
	if vol, msg := w.k.missingVolume(w.pod); vol != "" {
		w.mountFailed(vol, msg)
		return
	}
	restartSync := podGrace{deletion: w.deletionGrace}
	if rt.sandboxLost {
		// SyncPod with PodSandboxChanged: KillPod, and CreateSandbox
		// unless the pod is done; the event comes with a sandbox to
		// re-create (kuberuntime_manager.go SyncPod). The simulator kills
		// in one sync and re-creates in the next: the event once.
		recreate := rt.sandboxRecreated()
		if recreate && !rt.sandboxChangedSaid {
			rt.sandboxChangedSaid = true
			rt.event(nil, corev1.EventTypeNormal, "SandboxChanged", "Pod sandbox changed, it will be killed and re-created.")
		}
		if len(rt.runningCtrs()) > 0 {
			rt.killPod(restartSync, w.queueSync)
			return
		}
		if !recreate {
			// No sandbox again: the pod stays as its containers left
			// it, which its status says (a restartPolicy Never pod
			// whose containers the reboot ended is Failed).
			return
		}
		rt.sandboxLost, rt.sandboxChangedSaid = false, false
		rt.purgeInitContainers()
	}
	if !rt.sandbox {
		rt.createSandbox()
	}
	acts := rt.computePodActions(w.deleting)
	if acts.killPod {
		switch {
		case len(rt.runningCtrs()) == 0:
			w.terminate(nil)
		default:
			// No override: the containers use the pod's own grace period.
			rt.killPod(restartSync, w.queueSync)
		}
		return
	}
	w.applyResizes(acts.resizes)
	if len(acts.actions) > 0 {
		r := &syncRun{w: w, actions: acts.actions, span: sp, drawn: drawn, at: w.k.env.now}
		r.next()
	}
}

// mountFailed is the volume manager's complaint: a FailedMount event, and
// another try later (the operation executor backs off up to 2m2s).
func (w *podWorker) mountFailed(vol, msg string) {
	w.rt.event(nil, corev1.EventTypeWarning, "FailedMount", fmt.Sprintf("MountVolume.SetUp failed for volume %q : %s", vol, msg))
	if w.mountRetry == nil {
		w.mountRetry = w.k.env.periodic(2*time.Minute+2*time.Second, func() { w.mountRetry = nil; w.queueSync() })
	}
}

// scheduleRequeue is completeWork (pkg/kubelet/pod_workers.go) after a
// failed sync: again at the earliest back-off expiry
// (MinBackoffExpiration) or the default back-off period, capped at the
// resync interval, stretched by up to 50 %. The requeue keeps when it
// could have fired (requeueSpan): over the range of the draw, and over
// the span of the failed sync when that sync's own time was drawn (sp).
func (w *podWorker) scheduleRequeue(errs []*startError, sp span) {
	e, q := w.k.env, &w.queue
	var earliest time.Duration
	for _, err := range errs {
		if err.retryAt > 0 && (earliest == 0 || err.retryAt < earliest) {
			earliest = err.retryAt
		}
	}
	if !sp.ok() {
		sp = span{e.now, e.now}
	}
	earliest = requeueTarget(earliest, w.k.profile.RequeueAtBackoffExpiry)
	q.requeueSpan = requeueWindow(sp, earliest)
	e.cancel(q.requeue)
	q.requeue = e.after(e.jitter(requeueDelay(e.now, earliest), workerBackOffPeriodJitterFactor), func() {
		q.requeue = nil
		q.requeueDue = true
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
		w.queue.stop(w.k.env)
		w.k.env.cancel(w.mountRetry)
		w.k.env.cancel(w.deadline.timer)
		if w.blocked != nil {
			w.blocked.abort()
		}
		w.k.prober.stopLivenessAndStartup(w.rt)
		// SyncTerminatingPod publishes the pod's status before killing.
		w.k.status.setPodStatus(w, w.k.generateStatus(w, false))
		w.startKill(grace)
		return
	}
	if shortened && w.rt.kill == nil {
		w.startKill(grace)
	}
}

// startKill is SyncTerminatingPod's KillPod with the grace period as the
// override: the runtime stops every container.
func (w *podWorker) startKill(grace int64) {
	if w.rt.kill != nil {
		w.rt.kill.cancel()
	}
	g := grace
	w.rt.killPod(podGrace{deletion: w.deletionGrace, override: &g}, w.terminatingDone)
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
	k := w.k
	w.rt.sandbox = false
	w.state = stateTerminated
	k.active.terminated(w)
	k.retryPendingResizes() // a pod terminated: HandlePodReconcile's retry (resize.go)
	k.prober.removePod(w.rt)
	st := k.generateStatus(w, true)
	k.status.setPodStatus(w, st)
	k.status.terminatePod(w, st)
	if w.deleting && !w.removed {
		zero := int64(0)
		_ = k.api.deletePod(w.pod.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, w.uid)
	}
	k.status.forget(w.uid)
	k.reasons.forget(w.uid)
	delete(k.workers, w.uid)
}

// killPodNow asks the pod worker to terminate the pod with the override
// (nil: none) and the status function (pod_workers.go killPodNow,
// KillPodOptions): eviction and the critical-pod admission preemption.
// The status manager keeps the resulting status in its cache, but the API
// sees phase Failed, the reason and the condition only once every
// container has stopped (mergePodStatus); until then it keeps the old
// phase.
func (w *podWorker) killPodNow(override *int64, ks *killStatus) {
	if ks != nil {
		w.killStatus = ks
	}
	if w.state == stateTerminated {
		return
	}
	w.terminate(override)
}

// halt stops a pod worker where it stands, as a power cut does: its syncs,
// requeues, deadline and probes are dropped, and the runtime loses what
// runs (power.go).
func (w *podWorker) halt() {
	e := w.k.env
	e.cancel(&w.queue.soon)
	e.cancel(w.queue.requeue)
	e.cancel(w.deadline.timer)
	e.cancel(w.mountRetry)
	if w.blocked != nil {
		w.blocked.abort()
	}
	w.k.prober.removePod(w.rt)
	w.rt.halt()
}
