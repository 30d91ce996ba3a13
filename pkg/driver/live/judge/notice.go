package judge

import (
	"context"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Narrow narrows the window w of an expectation about what the kubelet
// does to a container of a pod running on its own (a stop signal, a
// preStop hook, a start, an exit on such a signal) when the kubelet was
// seen noticing the exit that led to it: the app's exit that stops a
// sidecar, an init container's that starts the next, a crash that
// restarts at once. The window's relist allowance (up to 1.5 s) and the
// start chain's spread give way to what was measured: the event counts
// from the notice, as much later than the exit's own instant (its
// container's start plus its behaviour) as the kubelet took to notice
// it, and a start carries the runtime's create-to-process time of that
// very start. The cause is the pod's latest exit noticed before the first
// occurrence in the wide window, taken only when that occurrence (a
// start: its create) follows the notice within the margin and the exit
// was the container's own doing, not a kill's; otherwise the wide window
// stands.
func (j *Judge) Narrow(ctx context.Context, q driver.Question, w timeline.Window) timeline.Window {
	sel := q.Sel
	if sel.Container == "" {
		return w
	}
	switch sel.Kind {
	case timeline.SIGTERM, timeline.PreStopStarted, timeline.Started, timeline.Created, timeline.Restarted, timeline.Exited:
	default:
		return w
	}
	podRef, anchored, action, err := j.reference(ctx, q.T0, sel.Pod)
	if err != nil || !anchored || action != driver.ActionCreate {
		return w
	}
	events := j.events()
	from := j.From(sel.Pod, q.T0)
	var o *timeline.Event
	for _, e := range events {
		if from.Precedes(e) && sel.Matches(e) {
			if w.Contains(e.At) {
				e := e
				o = &e
			}
			break
		}
	}
	if o == nil {
		return w
	}
	act, lag := o.At, time.Duration(0)
	starts := sel.Kind == timeline.Started || sel.Kind == timeline.Created || sel.Kind == timeline.Restarted
	if starts {
		c, ok := j.obs.Acted(*o)
		if !ok {
			return w
		}
		act, lag = c, o.At-c
	}
	early, late := j.obs.Margin(sel, driver.ActionNoticed)
	var cause *timeline.Event
	var n time.Duration
	for _, e := range events {
		if e.At > act {
			break
		}
		if e.Pod != sel.Pod || e.Kind != timeline.Exited || !from.Precedes(e) {
			continue
		}
		// A restart follows its own container's exit, a first start
		// (the next init container, the app) any container's, and a
		// signal or an exit another container's.
		if own := e.Container == sel.Container; (sel.Kind == timeline.Restarted && !own) || (!starts && own) {
			continue
		}
		if p, ok := j.obs.Noticed(e); ok && p <= act+early && p-e.At <= j.obs.Reaction(driver.ActionExit) {
			e := e
			cause, n = &e, p
			if start, ok := j.instanceStart(e); ok && j.signalledBetween(timeline.Selector{Pod: e.Pod, Container: e.Container}, start, e.At) {
				// A kill's exit (a probe's, a deadline's) comes when
				// the kill's rule says, not at its container's start plus
				// a behaviour: it has no instant of its own to count from.
				cause = nil
			}
		}
	}
	if cause == nil || act-n > late {
		return w
	}
	if sel.Kind == timeline.Exited && !j.signalledBetween(sel, n, o.At) {
		// An exit of the container's own timing, not the kubelet's doing.
		return w
	}
	// The cause ran from its start for as long on both drivers; the
	// simulator starts a pod's first chain (its sidecars, then its main
	// containers) at t=0 where the kubelet takes a relist or two, so
	// only a cause of that chain has a known instant on the simulator.
	// The event counts from that instant moved by the cause's start and
	// the notice's lateness, both measured.
	start, ok := j.instanceStart(*cause)
	if !ok || start < podRef || start-podRef > startChain {
		return w
	}
	ref := start + (n - cause.At)
	return timeline.Window{T0: w.T0, Ref: ref, Lo: w.Lo, Hi: w.Hi, From: ref + w.Lo - early, To: ref + w.Hi + late + lag}
}

// instanceStart is the start of the container instance that ended with
// the exit e.
func (j *Judge) instanceStart(e timeline.Event) (time.Duration, bool) {
	var at time.Duration
	ok := false
	for _, x := range j.events() {
		if x.At > e.At {
			break
		}
		if x.Pod == e.Pod && x.Container == e.Container && x.Kind == timeline.Started {
			at, ok = x.At, true
		}
	}
	return at, ok
}

// signalledBetween tells whether the selected container got a stop
// signal between from and to.
func (j *Judge) signalledBetween(sel timeline.Selector, from, to time.Duration) bool {
	for _, e := range j.events() {
		if e.At > to {
			break
		}
		if e.At >= from && e.Pod == sel.Pod && e.Container == sel.Container && (e.Kind == timeline.SIGTERM || e.Kind == timeline.SIGKILL) {
			return true
		}
	}
	return false
}
