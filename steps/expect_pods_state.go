package steps

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// A pod's states, and how the timeline tells when one held: the
// expectations `is S within D`, `between`, `not … after` judge by these,
// and so do the actions and the disruption steps that wait for a state.

// podState is a state a pod can be in: now tells whether it holds in the
// current object, history selects the timeline events that make it hold.
type podState struct {
	name    string
	now     func(p *corev1.Pod) bool
	history timeline.Selector
	// cond is the condition a condition's state names (conditionState);
	// nil for a phase or another state, which name says.
	cond *podCondition
	// column is the STATUS column a column's state names (columnState):
	// the value `kubectl get pods` prints, off the timeline's Status
	// events; "" for another state.
	column string
}

func parsePodState(s string, allowed ...string) (podState, error) {
	if len(allowed) == 0 {
		allowed = podStates
	}
	if err := oneOf("pod state", s, allowed...); err != nil {
		if strings.EqualFold(s, "unschedulable") {
			// Issue 38's fifth held-out set: a pod the scheduler cannot
			// place, by a deadline, is its FailedScheduling event (the
			// condition is written with it).
			return podState{}, inputErr("%v; a pod no node fits: `is unschedulable` (now), `has a \"FailedScheduling\" event within D` (by a deadline)", err)
		}
		return podState{}, err
	}
	switch s {
	case "Running", "Pending", "Succeeded", "Failed":
		phase := corev1.PodPhase(s)
		return podState{s, func(p *corev1.Pod) bool { return p != nil && p.Status.Phase == phase },
			timeline.Selector{Kind: timeline.Phase, Reason: s}, nil, ""}, nil
	case "Ready":
		return podState{s, func(p *corev1.Pod) bool { return conditionIs(p, corev1.PodReady, corev1.ConditionTrue) },
			timeline.Selector{Kind: timeline.Condition, Reason: "Ready", Status: "True"}, nil, ""}, nil
	case "NotReady":
		return podState{s, func(p *corev1.Pod) bool { return p != nil && !conditionIs(p, corev1.PodReady, corev1.ConditionTrue) },
			timeline.Selector{Kind: timeline.Condition, Reason: "Ready", Status: "False"}, nil, ""}, nil
	case "scheduled":
		return podState{s, func(p *corev1.Pod) bool { return p != nil && p.Spec.NodeName != "" },
			timeline.Selector{Kind: timeline.Scheduled}, nil, ""}, nil
	case "evicted": // an event predicate (expect_nodes.go, podEvictedWithin)
		return podState{s, func(*corev1.Pod) bool { return false }, timeline.Selector{Kind: timeline.Evicted}, nil, ""}, nil
	case "Terminating":
		return podState{s, func(p *corev1.Pod) bool {
			return p != nil && p.DeletionTimestamp != nil && p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed
		}, timeline.Selector{Kind: timeline.DeleteRequested}, nil, ""}, nil
	}
	return podState{"gone", func(p *corev1.Pod) bool { return p == nil }, timeline.Selector{Kind: timeline.Deleted}, nil, ""}, nil
}

func conditionIs(p *corev1.Pod, t corev1.PodConditionType, s corev1.ConditionStatus) bool {
	if p == nil {
		return false
	}
	for _, c := range p.Status.Conditions {
		if c.Type == t {
			return c.Status == s
		}
	}
	return false
}

func (ps podState) of(pod string) timeline.Selector {
	sel := ps.history
	sel.Pod = pod
	return sel
}

// becameBetween is `is S between A and B` of a state: the first time the
// pod became S at or after t=0 (a transition into it: a state it was in
// at t=0 does not count) lies in the window.
func becameBetween(ctx context.Context, st *State, name string, ps podState, a, b string, lo, hi time.Duration) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	sel := ps.of(name)
	w, err := st.window(ctx, sel, lo, hi)
	if err != nil {
		return err
	}
	first := func(events []timeline.Event) (timeline.Event, bool) {
		for _, e := range ps.transitions(events, name) {
			if st.clock.t0.Precedes(e) {
				return e, true
			}
		}
		return timeline.Event{}, false
	}
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := first(v.Timeline())
		return ok
	}); err != nil {
		return err
	}
	exp := fmt.Sprintf("pod %q %s between %s and %s%s", name, ps.name, a, b, w.Note())
	if a == b {
		// `is Running at 5s`
		exp = fmt.Sprintf("pod %q %s at %s%s", name, ps.name, a, w.Note())
	}
	e, ok := first(st.clk().events())
	if !ok {
		st.clk().runOnUntil(ctx, w.To, func(events []timeline.Event) bool {
			_, ok := first(events)
			return ok
		})
		e, ok = first(st.clk().events())
	}
	switch {
	case !ok:
		obs := fmt.Sprintf("it did not become %s at or after t=0", ps.name)
		if ps.heldAt(st.clk().events(), name, st.clock.t0.At) {
			obs += " (it already was at t=0)"
		}
		return st.keepWindowCheck(sel, ps.name, w, nil, &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: obs, Window: &w})
	case !w.Contains(e.At):
		kind := timeline.Late
		if e.At < w.From {
			kind = timeline.Early
		}
		return st.keepWindowCheck(sel, ps.name, w, &e, &timeline.Verdict{Kind: kind, Expected: exp,
			Observed: fmt.Sprintf("it became %s at %s", ps.name, timeline.FormatOffset(e.At-st.clock.t0.At)), Window: &w, Event: &e})
	}
	return st.keepWindowCheck(sel, ps.name, w, &e, nil)
}

// forever is a time after every event.
const forever = time.Duration(1<<63 - 1)

// podTrack is a pod's state as its timeline tells it, event by event: a
// pod is in no state before it is created (not even gone).
type podTrack struct {
	exists, deleted, deleting, evicted, scheduled bool
	phase                                         string
	ready                                         bool
	// status is the STATUS column since the pod was created ("" before
	// its first Status event).
	status string
	// conds are the pod's conditions by type, each its last recorded
	// change: the status, and the reason the Message begins with.
	conds map[string]timeline.Event
	// inAPI: in the API, not only a static pod's manifest (ManifestOnly).
	inAPI bool
}

func (t *podTrack) apply(e timeline.Event) {
	switch e.Kind {
	case timeline.PodCreated:
		*t = podTrack{exists: true, phase: "Pending", evicted: t.evicted, inAPI: !e.ManifestOnly()}
	case timeline.Deleted:
		t.exists, t.deleted = false, true
	case timeline.DeleteRequested:
		t.deleting = true
	case timeline.Evicted:
		t.evicted = true
	case timeline.Scheduled:
		t.scheduled = true
	case timeline.Phase:
		t.phase = e.Reason
	case timeline.Status:
		t.status = e.Reason
		t.inAPI = t.exists
	case timeline.Condition:
		if e.Reason == "Ready" {
			t.ready = e.Status == "True"
		}
		// A copy: a track is passed by value (trackAt).
		conds := maps.Clone(t.conds)
		if conds == nil {
			conds = map[string]timeline.Event{}
		}
		conds[e.Reason] = e
		t.conds = conds
	}
}

func (t podTrack) holds(ps podState) bool {
	if ps.column != "" {
		return t.exists && t.status == ps.column
	}
	if c := ps.cond; c != nil {
		e, seen := t.conds[c.ctype]
		return t.exists && seen && e.Status == c.status && (c.reason == "" || conditionReason(e.Message) == c.reason)
	}
	switch ps.name {
	case "evicted":
		return t.evicted
	case mirrorState:
		return t.exists && t.inAPI
	case "gone":
		return t.deleted && !t.exists
	case "Ready":
		return t.exists && t.ready
	case "NotReady":
		return t.exists && !t.ready
	case "scheduled":
		return t.exists && t.scheduled
	case "Terminating":
		return t.exists && t.deleting && t.phase != "Succeeded" && t.phase != "Failed"
	}
	return t.exists && t.phase == ps.name
}

// podEvents are a pod's own events (not its containers').
func podEvents(events []timeline.Event, pod string, f func(timeline.Event) bool) {
	for _, e := range events {
		if e.Pod == pod && e.Container == "" && !f(e) {
			return
		}
	}
}

// trackAt replays the pod's timeline up to at, every event of that
// instant included.
func trackAt(events []timeline.Event, pod string, at time.Duration) podTrack {
	var t podTrack
	podEvents(events, pod, func(e timeline.Event) bool {
		if e.At > at {
			return false
		}
		t.apply(e)
		return true
	})
	return t
}

// heldAt tells whether the state held at at (after every event of that
// instant).
func (ps podState) heldAt(events []timeline.Event, pod string, at time.Duration) bool {
	return trackAt(events, pod, at).holds(ps)
}

// firstHeld is the first time from the end of the instant from to
// deadline that the state held: at the end of that instant, where t=0's
// state is read (after every event of its instant, as the current time
// stands), as the event that began it however early (the state at t=0
// stands for the time before it, as a workload's does: heldIn); else
// after an event at a later instant (a state the API showed only within
// one instant counts: a watch sees it). A state that held only before
// the end of t=0's instant does not count: a pod NotReady before it
// became Ready at t=0 has not been NotReady within D after it (blind set
// 21's `becomes NotReady within 30s` held for a pod that stayed Ready).
// From timeline.Beginning.At every state the pod was ever in counts. ok
// is false when it never did.
func (ps podState) firstHeld(events []timeline.Event, pod string, from, deadline time.Duration) (at timeline.Event, ok bool) {
	return ps.firstHeldIn(events, pod, from, from, deadline, true)
}

// firstHeldIn is firstHeld with the instant whose end gives the state at
// t=0 (settle) apart from the instant after which a change into the
// state counts (after): the same on the simulator; on a cluster the state
// at t=0 is read at the end of the window's lateness, where the pod's
// own condition has caught up with the container event t=0 was placed at
// (a pod Ready at t=0 by its container's event showed its Ready
// condition 20 ms later, and was taken for NotReady at t=0), while a
// change into it counts from the window's start. With complete false the
// events may end within an instant (a view while the session runs,
// checked after each of its steps), so a state holding when they end is
// not taken for the state at the end of t=0's instant: only an event past
// that instant or a change after it decides.
func (ps podState) firstHeldIn(events []timeline.Event, pod string, after, settle, deadline time.Duration, complete bool) (at timeline.Event, ok bool) {
	var t podTrack
	var since timeline.Event
	podEvents(events, pod, func(e timeline.Event) bool {
		if e.At > deadline {
			return false
		}
		if e.At > settle && t.holds(ps) {
			at, ok = since, true
			return false
		}
		was := t.holds(ps)
		t.apply(e)
		if !t.holds(ps) {
			return true
		}
		if !was {
			since = e
			if e.At > after {
				at, ok = e, true
				return false
			}
		}
		if e.At > settle {
			at, ok = since, true
			return false
		}
		return true
	})
	if !ok && complete && t.holds(ps) && settle <= deadline {
		// It held at the end of t=0's instant and nothing changed it by
		// the deadline.
		at, ok = since, true
	}
	return at, ok
}

// transitions are the events of the pod's timeline at which the state
// began to hold, in order.
func (ps podState) transitions(events []timeline.Event, pod string) []timeline.Event {
	var t podTrack
	var out []timeline.Event
	podEvents(events, pod, func(e timeline.Event) bool {
		was := t.holds(ps)
		t.apply(e)
		if !was && t.holds(ps) {
			out = append(out, e)
		}
		return true
	})
	return out
}

// heldWithin is `… within D` of a pod's state: true at some time up to
// t0+D, before t=0 included; on a cluster in the state's live window.
// Whether it was is read on the timeline up to the deadline, never on the
// pod as it stands wherever an earlier step ran the session to (docs/
// language.md, "within D": nothing earlier extends the deadline). The
// check is kept with its window; what names the pod in a failure.
func heldWithin(ctx context.Context, st *State, what, name string, ps podState, d string, dur time.Duration) error {
	return heldWithinFrom(ctx, st, what, name, ps, d, dur, false)
}

// heldWithinFrom is heldWithin; with comes (`becomes S within D`), from
// t=0: the state at t=0 counts however early it began, a state that held
// only before t=0 does not (it did not become S after t=0: blind set 21's
// `When the pod "api" becomes Ready` / `Then the pod "api" becomes
// NotReady within 30s` held for a pod that stayed Ready, for it had been
// NotReady before). `is S within D` keeps the contract's "before t=0
// included" (dsl.md, Time).
func heldWithinFrom(ctx context.Context, st *State, what, name string, ps podState, d string, dur time.Duration, comes bool) error {
	sel := ps.of(name)
	w, err := st.window(ctx, sel, 0, dur)
	if err != nil {
		return err
	}
	// From t=0 when it comes (on a cluster from the window's start, where
	// a state the kubelet brought about at t=0 may have been observed);
	// else from the beginning.
	from, settle := timeline.Beginning.At, timeline.Beginning.At
	if comes {
		from = min(w.From, st.clock.t0.At)
		settle = max(st.clock.t0.At, w.To-dur)
	}
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := ps.firstHeldIn(v.Timeline(), name, from, settle, w.To, !comes)
		return ok
	}); err != nil {
		return err
	}
	// A state may have begun before t=0: the window starts at the
	// beginning.
	w.From = 0
	if planted("within-reads-now") {
		// The bug of main at e147e0a: held once seen, wherever the
		// session stands.
		if e, ok := ps.firstHeld(st.clk().events(), name, timeline.Beginning.At, forever); ok {
			e.At = min(e.At, w.To)
			return st.keepWindowCheck(sel, ps.name, w, &e, nil)
		}
	}
	if planted("within-held-before-t0") {
		// The bug of main at 925612e: a state that held only before t=0
		// counted.
		from, settle = timeline.Beginning.At, timeline.Beginning.At
	}
	if e, ok := ps.firstHeldIn(st.clk().events(), name, from, settle, w.To, true); ok {
		if causedState(ps.name) {
			if c, cw, late := st.lateCause(ctx, w, name, e); late {
				cw.From = w.From
				return st.keepWindowCheck(sel, ps.name, cw, &c, &timeline.Verdict{
					Kind:     timeline.Late,
					Expected: fmt.Sprintf("%s %s within %s%s, its cause by then", what, ps.name, d, w.Note()),
					Observed: fmt.Sprintf("%s at %s, after container %q %s at %s", ps.name, timeline.FormatOffset(e.At-st.clock.t0.At),
						c.Container, strings.ToLower(string(c.Kind)), timeline.FormatOffset(c.At-st.clock.t0.At)),
					Window: &cw, Event: &c,
				})
			}
		}
		return st.keepWindowCheck(sel, ps.name, w, &e, nil)
	}
	v := &timeline.Verdict{
		Kind:     timeline.Missing,
		Expected: fmt.Sprintf("%s %s within %s%s", what, ps.name, d, w.Note()),
		Observed: fmt.Sprintf("not by %s: %s", timeline.FormatOffset(w.To-st.clock.t0.At), ps.describeAt(st.clk().events(), name, w.To)),
		Window:   &w,
	}
	st.clk().runOnUntil(ctx, w.To, func(events []timeline.Event) bool {
		_, ok := ps.firstHeldIn(events, name, from, settle, forever, true)
		return ok
	})
	if e, ok := ps.firstHeldIn(st.clk().events(), name, from, settle, forever, true); ok {
		v.Kind, v.Event = timeline.Late, &e
		v.Observed += fmt.Sprintf("; it was %s from %s", ps.name, timeline.FormatOffset(e.At-st.clock.t0.At))
	}
	return st.keepWindowCheck(sel, ps.name, w, v.Event, v)
}

// causedState: a pod state a container's start or exit brings about (its
// phase, its removal), checked on a cluster by that cause (lateCause).
func causedState(state string) bool {
	switch state {
	case "Running", "Succeeded", "Failed", "gone":
		return true
	}
	return false
}

// describePodAt is what a pod's timeline says of it at an instant: its
// phase and readiness, or that it is gone or not created yet.
func describePodAt(events []timeline.Event, pod string, at time.Duration) string {
	t := trackAt(events, pod, at)
	switch {
	case t.deleted && !t.exists:
		return "the pod was gone"
	case !t.exists:
		return "the pod was not created yet"
	}
	s := "phase " + t.phase
	if t.ready {
		s += ", Ready"
	} else {
		s += ", not Ready"
	}
	if t.deleting {
		s += ", deleting"
	}
	return s
}

// Then the pod "web" is not Ready before 5s: the state held at no instant
// from t=0 up to t0+T (it may come at t0+T): not at t=0, and no
// transition into it before t0+T. On a cluster "before T" ends where T's
// window begins.
type thePodIsNotBefore struct {
	podNamed
	state podState
	d     writtenSpan
}

func (s thePodIsNotBefore) Declare(pl *Plan) error {
	if s.state.name == "evicted" {
		return inputErr("an eviction is an event, not a state: write `the pod %q is not evicted`", s.pod)
	}
	return s.podNamed.Declare(pl)
}

func (s thePodIsNotBefore) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	name, ps := s.pod, s.state
	w, err := st.window(ctx, ps.of(name), s.d.d, s.d.d)
	if err != nil {
		return err
	}
	end, err := runToNotBefore(ctx, st, w, s.d.d)
	if err != nil {
		return err
	}
	events := st.clk().events()
	// A state read over an interval, as `not … after T` reads one
	// instant: a verdict, no timed check.
	fail := func(observed string, e *timeline.Event) error {
		return &timeline.Verdict{Kind: timeline.Early, Window: &w, Event: e,
			Expected: fmt.Sprintf("pod %q not %s before %s%s", name, ps.name, s.d.text, w.Note()), Observed: observed}
	}
	if ps.heldAt(events, name, st.clock.t0.At) {
		return fail(fmt.Sprintf("%s at t=0", ps.name), nil)
	}
	for _, e := range ps.transitions(events, name) {
		if st.clock.t0.Precedes(e) && e.At < end {
			return fail(fmt.Sprintf("it became %s at %s", ps.name, timeline.FormatOffset(e.At-st.clock.t0.At)), &e)
		}
	}
	return nil
}
