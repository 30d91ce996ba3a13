package steps

import (
	"context"
	"fmt"
	"math"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Untimed expectations (dsl.md, the Time table's "untimed expectations"):
// an expectation with no time bound covers the whole scenario, before t=0
// included. For each event it names, the occurrence it uses is the first
// at or after t=0, else the first in the scenario; and the scenario runs
// on until each named event has an occurrence at or after t=0, or the
// wait ends.

// awaitUntimed is the wait: on the simulator until the activity ends
// (stopping at the occurrence, so what follows still reads the state of
// that instant); on a cluster for the tolerance when every event still
// missing since t=0 already occurred before it, otherwise until every pod
// is gone or terminal, capped at 2 minutes.
func (st *State) awaitUntimed(ctx context.Context, sels ...timeline.Selector) error {
	err := st.awaitUntimedFor(ctx, nil, sels...)
	if planted("untimed-moves-time") {
		st.clk().decided(st.Session.Now(), st.Session.Now()-st.clock.t0.At)
	}
	return err
}

// awaitUntimedFor is awaitUntimed for a relative phrase: it also waits,
// once every named event has an occurrence at or after t=0, until more
// (the other event after the reference chosen) holds.
func (st *State) awaitUntimedFor(ctx context.Context, more func([]timeline.Event) bool, sels ...timeline.Selector) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if err := st.observable(sels...); err != nil {
		return err
	}
	since := func(v driver.View) bool {
		for _, s := range sels {
			if _, ok := timeline.First(v.Timeline(), st.clock.t0, s); !ok {
				return false
			}
		}
		return more == nil || more(v.Timeline())
	}
	if st.clk().exact {
		// The wait is the activity that follows the current time
		// (settle): what a step before ran the session on to, past the
		// end of that activity, is not known here.
		if err := st.clk().toCurrent(ctx); err != nil {
			return err
		}
		if us, ok := driver.SessionAs[driver.UntilSettler](st.Session); ok {
			at, _, capped, err := us.SettleUntil(ctx, st.clk().limit, since)
			if capped {
				st.capNote(at)
			}
			return err
		}
		_, _, err := st.Session.RunUntil(ctx, st.clock.cur+st.clk().limit, since)
		return err
	}
	before := true
	for _, s := range sels {
		if _, ok := timeline.First(st.clk().events(), st.clock.t0, s); ok {
			continue
		}
		if _, ok := timeline.First(st.clk().events(), timeline.Beginning, s); !ok {
			before = false
		}
	}
	// Every named event already seen (before t=0 at least): a tolerance
	// for an occurrence after t=0 to show. What a relative phrase waits
	// for after them (more: a restart a crash back-off later, the other
	// event after the reference) comes when it comes, and is waited for
	// as an event not yet seen is.
	if before && (more == nil || more(st.clk().events())) {
		_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().tol, since)
		return err
	}
	// A node's event comes when the node's kubelet or a controller posts
	// it, whatever the pods do: a scenario of a node and no pod is done
	// by its pods at once, and ended the wait before the kubelet's next
	// status update posted NodeHasInsufficientMemory (kind, 2026-12-02,
	// eighty-second-drafts.feature:22: EvictionThresholdMet seen, the
	// status event ~10 s after it).
	ofNode := false
	for _, s := range sels {
		ofNode = ofNode || strings.HasPrefix(s.Pod, nodeTimelineName(""))
	}
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool {
		return since(v) || (before && more(v.Timeline())) || (!ofNode && st.Plan.podsDone(v))
	})
	return err
}

// podsDone tells whether every pod the scenario created is gone or
// terminal. A controller's pods are not the plan's: a scenario with a
// replica set, a Deployment or a Job is never done by its plan's pods
// alone (a Job scenario's untimed SIGTERM was judged missing 5.7 s in,
// its Job's pod still running to its deadline: ninth-drafts.feature:31,
// 2026-11-29), and waits, as any, for its event or the limit.
func (pl *Plan) podsDone(v driver.View) bool {
	// Daemon sets' and stateful sets' pods too (declaresWorkloads): a
	// stateful set's untimed `is Ready before` was judged on kind before
	// its second pod existed (2026-11-30).
	if declaresWorkloads(pl) {
		return false
	}
	var tl []timeline.Event
	for _, p := range pl.pods {
		if !p.created {
			continue
		}
		pod := v.Pod(p.name)
		if pod != nil && pod.Status.Phase != corev1.PodSucceeded && pod.Status.Phase != corev1.PodFailed {
			return false
		}
		// A pod gone from the API whose containers still run on the node
		// (a force delete removes the object at once; the kubelet then
		// stops them with its own grace): its SIGTERM and SIGKILL are
		// still to come (twenty-first-drafts.feature:8 on kind, 13:58:
		// the wait ended at the delete, 0.55 s before the SIGTERM, and
		// "no SIGTERM in the whole scenario" was the verdict).
		if pod == nil {
			if tl == nil {
				tl = v.Timeline()
			}
			if timeline.Running(tl, p.name, time.Duration(math.MaxInt64)) {
				return false
			}
		}
	}
	return true
}

// occurrences lists every occurrence of sel but except, for failure
// messages: "at -25s, before t=0; at 3s with code 1 (Error)".
func (c *clock) occurrences(sel timeline.Selector, except timeline.Event) string {
	var out []string
	for _, e := range c.events() {
		if !sel.Matches(e) || (e.At == except.At && e.Seq == except.Seq) {
			continue
		}
		out = append(out, c.describeOccurrence(e))
	}
	return strings.Join(out, "; ")
}

func (c *clock) describeOccurrence(e timeline.Event) string {
	s := "at " + timeline.FormatOffset(e.At-c.t0.At)
	if e.Kind == timeline.Exited {
		s += fmt.Sprintf(" with code %d", e.Code)
		if e.Reason != "" {
			s += " (" + e.Reason + ")"
		}
	}
	if !c.t0.Precedes(e) {
		s += ", before t=0"
	}
	return s
}

// expectUntimed is an untimed expectation about one event: sel has a
// chosen occurrence, and it passes test (nil for any).
func (st *State) expectUntimed(ctx context.Context, sel timeline.Selector, what string, test func(timeline.Event) bool) error {
	if err := st.awaitUntimed(ctx, sel); err != nil {
		return err
	}
	e, ok := timeline.Chosen(st.clk().events(), st.clock.t0, sel)
	if !ok {
		return &timeline.Verdict{
			Kind:     timeline.Missing,
			Expected: what,
			Observed: fmt.Sprintf("no %s in the whole scenario, which ran %s (t=0 at %s)", sel.Describe(), timeline.FormatOffset(st.Session.Now()), timeline.FormatOffset(st.clock.t0.At)),
		}
	}
	if test == nil || test(e) {
		return nil
	}
	which := "the first at or after t=0"
	if !st.clock.t0.Precedes(e) {
		which = "the first in the scenario, none came at or after t=0"
	}
	obs := fmt.Sprintf("%s %s, %s", sel.Describe(), st.clk().describeOccurrence(e), which)
	if others := st.clk().occurrences(sel, e); others != "" {
		obs += "; the others: " + others
	}
	return &timeline.Verdict{Kind: timeline.WrongState, Expected: what, Observed: obs, Event: &e}
}
