package steps

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// A workload's conditions as its timeline tells them. Both drivers record
// each change of a Deployment's or a Job's conditions under
// timeline.ObjectName (Kind Condition, Reason the type, Status the
// status, Message "Reason: message"; a condition taken out of the status
// has no Status): a timed condition check reads that history, the same on
// both drivers, not the object as it stands wherever an earlier step ran
// the session to. A cluster cannot be read in the past, so reading the
// object there judged `within 10s` at the end of the activity
// (quota.feature:19 on kind, 2026-11-29: failed at 121 s).

// workloadConds are a workload's conditions at one instant: by type, its
// status and reason.
type workloadConds map[string][2]string

// apply takes one recorded condition change.
func (c workloadConds) apply(e timeline.Event) {
	if e.Status == "" {
		delete(c, e.Reason)
		return
	}
	reason, _, _ := strings.Cut(e.Message, ": ")
	c[e.Reason] = [2]string{e.Status, reason}
}

// String lists the conditions as a failure says them: "Progressing=True
// (ReplicaSetUpdated), Available=True (MinimumReplicasAvailable)".
func (c workloadConds) String() string {
	if len(c) == 0 {
		return "no condition"
	}
	var out []string
	for t, v := range c {
		out = append(out, fmt.Sprintf("%s=%s (%s)", t, v[0], v[1]))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// conditionsAt replays the object's recorded condition changes up to at,
// every change of that instant included.
func conditionsAt(events []timeline.Event, obj string, at time.Duration) workloadConds {
	c := workloadConds{}
	for _, e := range events {
		if e.At > at {
			break
		}
		if e.Pod == obj && e.Kind == timeline.Condition {
			c.apply(e)
		}
	}
	return c
}

// conditionHeld is the first time in [from, to] at which the object's
// recorded conditions made holds true: a state that began at or before
// from's instant counts if it outlasted that instant (the state at from,
// after every change of its instant, as a state check reads it); one that
// began later counts from its change, even if it lasted only that
// instant (a watch sees it).
func conditionHeld(events []timeline.Event, obj string, from, to time.Duration, holds func(workloadConds) bool) (time.Duration, bool) {
	c := workloadConds{}
	held, since := false, time.Duration(0)
	for _, e := range events {
		if e.Pod != obj || e.Kind != timeline.Condition {
			continue
		}
		if e.At > to {
			break
		}
		if held && (since > from || e.At > from) {
			return max(since, from), true
		}
		c.apply(e)
		held, since = holds(c), e.At
	}
	if held {
		return max(since, from), true
	}
	return 0, false
}

// matches tells whether the workload's conditions have the step's: its
// type with its status (and reason).
func (s objectCondition) matches(c workloadConds) bool {
	v, ok := c[s.cond]
	return ok && v[0] == s.status && (s.reason == "" || v[1] == s.reason)
}

// heldWithin judges `… has condition C S [with reason R] within D` on
// the workload's recorded condition changes: the condition held at some
// instant from t=0 to t0+D, on a cluster to the end of the window its
// judge gives a controller's reaction to the scenario's creates and
// deletes. The session runs on to the deadline, or until the history
// shows the condition, and no further.
func (s objectCondition) heldWithin(ctx context.Context, st *State) error {
	obj := timeline.ObjectName(objectKind(s.kind), s.name)
	sel := workloadSel(s.kind, s.name)
	within := *s.within
	w := disruptionWindow(st, 0, within.d, driver.ActionCreate, driver.ActionDelete)
	t0 := st.clock.t0.At
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := conditionHeld(v.Timeline(), obj, t0, w.To, s.matches)
		return ok
	}); err != nil {
		return err
	}
	// The check's window starts at the beginning, as a pod state's does
	// (heldWithin): what counts is the state from t=0 on.
	w.From = 0
	events := st.clk().events()
	if at, ok := conditionHeld(events, obj, t0, w.To, s.matches); ok {
		return st.keepWindowCheck(sel, "condition "+s.cond, w, &timeline.Event{At: at, Pod: obj, Kind: timeline.Condition, Reason: s.cond, Status: s.status}, nil)
	}
	v := &timeline.Verdict{
		Kind:     timeline.Missing,
		Expected: fmt.Sprintf("%s within %s%s", s.expected(), within.text, w.Note()),
		Observed: fmt.Sprintf("not from 0s to %s; then %s", timeline.FormatOffset(w.To-t0), conditionsAt(events, obj, w.To)),
		Window:   &w,
	}
	later := func(events []timeline.Event) bool {
		_, ok := conditionHeld(events, obj, w.To, forever, s.matches)
		return ok
	}
	st.clk().runOnUntil(ctx, w.To, later)
	if at, ok := conditionHeld(st.clk().events(), obj, w.To, forever, s.matches); ok {
		e := timeline.Event{At: at, Pod: obj, Kind: timeline.Condition, Reason: s.cond, Status: s.status}
		v.Kind, v.Event = timeline.Late, &e
		v.Observed += "; it held from " + timeline.FormatOffset(at-t0)
	}
	return st.keepWindowCheck(sel, "condition "+s.cond, w, v.Event, v)
}
