package judge

import (
	"context"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// rowWindow is an expectation's window, and for a timeline table's row
// (q.Earlier, the rows matched before it) it counts from the row before
// it when that row was seen precisely: a table is a chain of causes (an
// exit, then the restart the kubelet makes of it, then that instance's
// exit), and the real kubelet's latencies along it (a relist, a container
// start) add up where the simulator's do not.
func (j *Judge) rowWindow(ctx context.Context, q driver.Question) (timeline.Window, error) {
	sel, at, pod := q.Sel, q.Lo, q.Sel.Pod
	w, phased, err := j.phasedWindow(ctx, q.T0, sel, q.Lo, q.Hi)
	if err != nil || phased {
		// A row a probe's tick decides counts from the ticks' measured
		// phase, not from the row before it (afterProbeTick).
		return w, err
	}
	// The reference is the latest timed row matched before that a live
	// observer sees precisely: a Phase row seen through the API between
	// a container's start and its exit does not say when the start was.
	var prev *timeline.RowMatch
	var psel timeline.Selector
	for i := len(q.Earlier) - 1; i >= 0 && prev == nil; i-- {
		m := &q.Earlier[i]
		s := timeline.Selector{Pod: pod, Container: m.Row.Container, Kind: timeline.LabelKind(m.Row.Label)}
		// A row written earlier than the one before it (no table of the
		// catalogue is, a shifted copy may be) still counts from it: the
		// table is a chain, and its time is relative to that row's.
		if m.Found && m.Row.HasAt && j.obs.Precise(s) {
			prev, psel = m, s
		}
	}
	if prev == nil {
		return w, nil
	}
	// The cause is the row before: an exit the kubelet notices at a
	// relist, or an event it acted on at once (a hook's end, a signal).
	// While a delete's kill runs, the kubelet waits on each container's
	// stop itself (a sidecar's turn follows the main container's exit at
	// once); a pod running on its own has its exits noticed at a relist.
	var cause driver.Action
	if _, _, action, _ := j.reference(ctx, q.T0, pod); psel.Kind == timeline.Exited && action != driver.ActionDelete {
		cause = driver.ActionExit
	}
	ref := prev.Event.At - prev.Row.At
	// Only what the kubelet does to a container of a pod running on its
	// own follows the notice of the exit before it. While a delete's kill
	// runs, the kubelet stops the next container as soon as the runtime's
	// stop call returns, before any relist. What the API shows of the pod
	// is no step after the notice either: each sync of the pod worker
	// waits for a pod cache newer than its last one, which a relist
	// refreshes (pkg/kubelet/pod_workers.go podWorkerLoop, GetNewerThan,
	// v1.36.3), so a terminal phase follows the relists of the pod's
	// termination (a failed init container of a Never pod: its sandbox
	// stopped after the next relist, the phase after the one after,
	// 2.0 s after the notice), or comes before the notice (a deleted
	// pod's phase, written as SyncTerminatingPod ends, 0.5 s before the
	// relist that noticed its container's exit; both seen 2026-11-26).
	if n, lag, ok := j.noticed(prev, sel, at); ok && cause == driver.ActionExit && sel.Container != "" {
		// The kubelet was seen noticing the exit: what it does about it
		// counts from the notice, the relist measured rather than allowed
		// for; a start's window also carries the runtime's own time from
		// the create to the process, measured on that very start.
		nref := n - prev.Row.At
		early, late := j.obs.Margin(sel, driver.ActionNoticed)
		return timeline.Window{T0: q.T0.At, Ref: nref, Lo: at, Hi: at, From: nref + at - early, To: nref + at + late + lag}, nil
	}
	if w, ok := j.goneAfterNotice(q.T0, prev, sel, at); ok {
		return w, nil
	}
	early, late := j.obs.Margin(sel, cause)
	from := ref + at - early
	if sel.Container == "" {
		from = min(from, w.From)
	}
	return timeline.Window{T0: q.T0.At, Ref: ref, Lo: at, Hi: at, From: from, To: ref + at + late}, nil
}

// goneAfterNotice is the window of a Deleted row after an exit row, on a
// cluster that saw the kubelet notice that exit. The kubelet deletes a
// pod in its terminated sync, which follows the first relist to start
// after SyncTerminatingPod ended (pkg/kubelet/pod_workers.go
// podWorkerLoop, GetNewerThan, v1.36.3): the relist that noticed the
// exit, or the next one (which notices the sandbox's end when the sandbox
// was stopped after the first, and logs nothing when it was not). The
// observers say which (TerminatedSync); the pod gone counts from that
// relist's start, or spans both when either could have been the one
// (21–178 ms from the relist to the pod gone in the calibrations of
// 2026-11-26).
func (j *Judge) goneAfterNotice(t0 timeline.Mark, prev *timeline.RowMatch, sel timeline.Selector, at time.Duration) (timeline.Window, bool) {
	if sel.Container != "" || sel.Kind != timeline.Deleted || prev.Event.Kind != timeline.Exited {
		return timeline.Window{}, false
	}
	n, _, ok := j.noticed(prev, sel, at)
	if !ok {
		return timeline.Window{}, false
	}
	early, late := j.obs.Margin(sel, driver.ActionNoticed)
	for _, e := range j.events() {
		if e.At < n-early || !sel.Matches(e) {
			continue
		}
		lo, hi, ok := j.obs.TerminatedSync(prev.Event, n, e.At)
		if !ok {
			return timeline.Window{}, false
		}
		ref := lo - prev.Row.At
		return timeline.Window{T0: t0.At, Ref: ref, Lo: at, Hi: at, From: ref + at - early, To: hi - prev.Row.At + at + late}, true
	}
	return timeline.Window{}, false
}

// noticed: a timeline row (at at) that follows an exit row, on a cluster
// that saw the kubelet notice that exit (its PLEG relist, in its log) at
// n. A container's start the row expects counts the kubelet's act, the
// runtime's create of the container: lag is the runtime's time from that
// create to the start of the first occurrence the row could match; with
// no create seen for that start the notice is not used (ok false).
func (j *Judge) noticed(prev *timeline.RowMatch, sel timeline.Selector, at time.Duration) (n, lag time.Duration, ok bool) {
	if prev.Event.Kind != timeline.Exited {
		return 0, 0, false
	}
	n, ok = j.obs.Noticed(prev.Event)
	if !ok || n-prev.Event.At > j.obs.Reaction(driver.ActionExit) {
		// A notice later than a relist's bound (a kubelet stalled) is not
		// the rule's latency either: the wide window stands.
		return 0, 0, false
	}
	switch sel.Kind {
	case timeline.Started, timeline.Restarted, timeline.Created:
	default:
		return n, 0, true
	}
	// The first occurrence the row could match counting from the exit:
	// one that came before the notice is looked at too.
	early, _ := j.obs.Margin(sel, driver.ActionNoticed)
	from := prev.Event.At - prev.Row.At + at - early
	for _, e := range j.events() {
		if e.At < from || !sel.Matches(e) {
			continue
		}
		c, ok := j.obs.Acted(e)
		if !ok || c < n-early {
			// A sync that read the runtime itself (another trigger than
			// the relist) acted before the notice: the notice was not
			// the cause, and the wide window stands (heldout, 2026-11-26:
			// an init container started 0.3 s before the relist noticed
			// the previous one's exit).
			return 0, 0, false
		}
		return n, e.At - c, true
	}
	// Nothing it could match: the row fails in the notice's window.
	return n, 0, true
}

// ownStart: after a create, the simulator starts the containers the
// kubelet starts in one sync (the sidecars, then the main containers) in
// the instant of the first; a real kubelet starts them one after the
// other, a few hundred milliseconds apart, and a container's own
// behaviour counts from its own start. So a container that started
// within a relist period of the pod's first container counts from its
// own start; one that started later (after an init container ran)
// counts from the pod's.
func (j *Judge) ownStart(sel timeline.Selector, ref time.Duration) time.Duration {
	if at, ok := j.firstStarts(sel.Pod)[sel.Container]; ok && at >= ref && at-ref <= time.Second {
		return at
	}
	return ref
}

// firstStarts are the first Started of each container of a pod: a start
// chain is the containers' first starts, never a restart (a liveness
// kill's restart 2 s after the chain, taken for its last start, widened a
// window of SIGTERM at 0s to 2s: a false pass the time rules found,
// rapid seed 4426041906966230648).
func (j *Judge) firstStarts(pod string) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, e := range j.events() {
		if e.Pod != pod || e.Kind != timeline.Started {
			continue
		}
		if _, seen := out[e.Container]; !seen {
			out[e.Container] = e.At
		}
	}
	return out
}

// lastChainStart: a pod's sidecars and main containers start in the
// simulator's first instant; a real kubelet starts a sidecar, notices it
// running at its next relist, and starts the main containers in the sync
// after that (computeInitContainerActions, pkg/kubelet/kuberuntime/
// kuberuntime_container.go, v1.36.3: a restartable init container never
// started is started alone; the next ones once it is Running): 1.5 s
// later in a loaded run (sidecars.feature:115, 2026-11-25). What follows
// may be as much later as the pod's last container of that
// chain started (within startChain of it): lastChainStart is when, ref
// for a pod of one start.
func (j *Judge) lastChainStart(pod string, ref time.Duration) time.Duration {
	last := ref
	for _, at := range j.firstStarts(pod) {
		if at >= ref && at-ref <= startChain {
			last = max(last, at)
		}
	}
	return last
}

// startChain bounds the starts of one chain: a relist (1 s), a sync and
// the runtime's start (up to 1.2 s on a busy node).
const startChain = 2500 * time.Millisecond
