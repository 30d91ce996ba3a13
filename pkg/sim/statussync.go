package sim

import "time"

// statusUpdateFrequency is the status manager's batch period
// (pkg/kubelet/status/status_manager.go, syncPeriod = 10 s).
const statusUpdateFrequency = 10 * time.Second

// statusSync is the part of the kubelet's status manager
// (pkg/kubelet/status/status_manager.go, v1.36.3) that decides when a
// cached status reaches the API. Its loop (Start) runs syncBatch(false)
// whenever a pod's status changes (updateStatusInternal signals
// podStatusChannel) and syncBatch(true) every statusUpdateFrequency. A
// status the pod worker set while its static pod had no mirror pod is
// skipped ("Static pod does not have a corresponding mirror pod"), and a
// recreated mirror pod, with a new UID, has no API status version: it
// gets the cached status at the next batch of either kind, when another
// pod of the node changes status or at the tick, whichever comes first.
//
// Everything else the simulator writes at once, as syncBatch(false) does
// in the instant after SetPodStatus. Only mirror pods wait here.
type statusSync struct {
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

// mirrorRecreated holds w's status for its new mirror pod until the next
// batch. The ticker's phase is unknown (it has run since the kubelet
// started): it is drawn when a status first waits for it.
func (k *kubelet) mirrorRecreated(w *podWorker) {
	ss := &k.statusSync
	for _, p := range ss.pending {
		if p == w {
			return
		}
	}
	ss.pending = append(ss.pending, w)
	if ss.tick == nil {
		if !ss.phased {
			ss.phase = time.Duration(k.s.rng.Float64() * float64(statusUpdateFrequency))
			ss.phased = true
		}
		// The next tick: phase + n·period, at or after now.
		d := (ss.phase - k.s.now%statusUpdateFrequency + statusUpdateFrequency) % statusUpdateFrequency
		drawn := span{k.s.now, k.s.now + statusUpdateFrequency}
		ss.tick = k.s.after(d, func() {
			ss.tick = nil
			defer k.s.recordIn(k.s.recordIn(drawn))
			k.syncBatch()
		})
	}
}

// statusChanged is a status written for one of the node's pods: the
// status manager's next syncBatch(false) also writes what waits.
func (k *kubelet) statusChanged(w *podWorker) {
	ss := &k.statusSync
	if ss.flushing || len(ss.pending) == 0 {
		return
	}
	for i, p := range ss.pending {
		if p == w {
			// Its own change: the batch it triggers writes its
			// status, which has just been written.
			ss.pending = append(ss.pending[:i], ss.pending[i+1:]...)
			break
		}
	}
	if len(ss.pending) > 0 {
		k.s.soon(k.syncBatch)
	} else if ss.tick != nil {
		k.s.cancel(ss.tick)
		ss.tick = nil
	}
}

// syncBatch writes the pending statuses to the mirror pods.
func (k *kubelet) syncBatch() {
	ss := &k.statusSync
	if ss.tick != nil {
		k.s.cancel(ss.tick)
		ss.tick = nil
	}
	pending := ss.pending
	ss.pending = nil
	if len(pending) == 0 {
		return
	}
	ss.flushing = true
	defer func() { ss.flushing = false }()
	for _, w := range pending {
		if k.workers[w.uid] == w {
			w.setStatus(w.generateStatus(w.state == stateTerminated))
		}
	}
}

// awaitsBatch reports whether w's status waits for the next batch.
func (k *kubelet) awaitsBatch(w *podWorker) bool {
	for _, p := range k.statusSync.pending {
		if p == w {
			return true
		}
	}
	return false
}
