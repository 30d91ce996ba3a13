package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The matching that the expectations of several families share: a
// container's event as a selector, the order of events, the timed rule
// (expectIn) and how its failures are completed and recorded.

// containerEvent resolves a container and builds the selector of one of
// its events.
func (pl *Plan) containerEvent(cname, pname string, kind timeline.Kind) (timeline.Selector, error) {
	p, c, err := pl.mustContainer(cname, pname)
	if err != nil {
		return timeline.Selector{}, err
	}
	return timeline.Selector{Pod: p.name, Container: c.Name, Kind: kind}, nil
}

// order is how order checks compare events (dsl.md, Time: "order"): on
// a cluster, events observed within a millisecond are a tie; the kill
// work of a pod's regular containers is unordered among itself, and so is
// a sidecar's stop without its turn with the other kill work of its
// instant (withoutTurn).
func (st *State) order() timeline.Order {
	o := st.judge().Order()
	var turnless *withoutTurn
	o.Concurrent = func(a, b timeline.Event) bool {
		if st.Plan.concurrent(a, b) {
			return true
		}
		if !st.Plan.siblingKills(a, b) {
			return false
		}
		if turnless == nil {
			turnless = newWithoutTurn(st.clk().events())
		}
		return turnless.stops(a) || turnless.stops(b)
	}
	return o
}

// siblingKills tells two kill events of two containers of one pod that
// has sidecars: the only pairs withoutTurn may leave unordered.
func (pl *Plan) siblingKills(a, b timeline.Event) bool {
	if a.Pod != b.Pod || a.Container == "" || b.Container == "" || a.Container == b.Container || !killWork(a.Kind) || !killWork(b.Kind) {
		return false
	}
	p := pl.pod(a.Pod)
	if p == nil {
		return false
	}
	for i := range p.pod.Spec.InitContainers {
		if isSidecar(&p.pod.Spec.InitContainers[i]) {
			return true
		}
	}
	return false
}

// withoutTurn finds the sidecars' stops that did not wait for their turn:
// the pod's grace ran out while the sidecar waited for the main containers
// (kuberuntime_termination_order.go waitForTurn, v1.36.3, returns on the
// remaining grace's timer), or its preStop left no grace to wait with
// (kuberuntime_container.go killContainer). Such a stop runs in the
// sidecar's own goroutine (killContainersWithSyncResult) at the moment the
// main containers still running are SIGKILLed: its SIGTERM, SIGKILL and
// exit are unordered with the other containers' kill work of that instant.
// A driver marks the SIGTERM that begins such a stop with
// timeline.WithoutTurn.
type withoutTurn struct {
	// marks holds, per pod and container, its SIGTERMs and starts in
	// timeline order: what begins each stop and each instance.
	marks map[[2]string][]timeline.Event
}

func newWithoutTurn(events []timeline.Event) *withoutTurn {
	w := &withoutTurn{marks: map[[2]string][]timeline.Event{}}
	for _, e := range events {
		switch e.Kind {
		case timeline.SIGTERM, timeline.Started, timeline.Restarted:
			k := [2]string{e.Pod, e.Container}
			w.marks[k] = append(w.marks[k], e)
		}
	}
	return w
}

// stops tells whether e is a signal or the exit of a stop that began with
// a SIGTERM marked WithoutTurn, of the same instance.
func (w *withoutTurn) stops(e timeline.Event) bool {
	switch e.Kind {
	case timeline.SIGTERM, timeline.SIGKILL, timeline.Exited:
	default:
		return false
	}
	var last *timeline.Event
	for i, m := range w.marks[[2]string{e.Pod, e.Container}] {
		if m.At > e.At || m.At == e.At && m.Seq > e.Seq {
			break
		}
		last = &w.marks[[2]string{e.Pod, e.Container}][i]
	}
	return last != nil && last.Kind == timeline.SIGTERM && last.Message == timeline.WithoutTurn
}

// concurrent tells two events of the work the kubelet does for two of a
// pod's regular containers at once: it kills each in its own goroutine
// (killContainersWithSyncResult, pkg/kubelet/kuberuntime/
// kuberuntime_container.go), so their preStop hooks, stop signals, kills
// and the exits that follow race; two containers exiting on their own in
// one instant are two processes, unordered too. Starts are not: SyncPod
// starts a pod's containers one after another (kuberuntime_manager.go).
// Sidecars and init containers are not either: their kills wait on the
// main containers and on each other (kuberuntime_termination_order.go),
// unless the grace runs out first (withoutTurn).
func (pl *Plan) concurrent(a, b timeline.Event) bool {
	if a.Pod != b.Pod || a.Container == "" || b.Container == "" || a.Container == b.Container || !killWork(a.Kind) || !killWork(b.Kind) {
		return false
	}
	p := pl.pod(a.Pod)
	if p == nil {
		return false
	}
	regular := func(name string) bool {
		for _, c := range p.pod.Spec.Containers {
			if c.Name == name {
				return true
			}
		}
		return false
	}
	return regular(a.Container) && regular(b.Container)
}

// killWork are the kinds of a container's kill and its end.
func killWork(k timeline.Kind) bool {
	switch k {
	case timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited:
		return true
	}
	return false
}

// expectIn checks that the first occurrence of sel at or after t=0 lies
// in [lo, hi] after the reference (see window), and records the check.
func (st *State) expectIn(ctx context.Context, sel timeline.Selector, lo, hi time.Duration) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, lo, hi)
	if err != nil {
		return err
	}
	if sel.Kind == timeline.Deleted && sel.Container == "" {
		if handled, err := st.expectGone(ctx, sel, w, lo, hi); handled {
			return err
		}
	}
	if err := st.waitFor(ctx, w.To, sel); err != nil {
		return err
	}
	// A window moves with what the driver has seen since: one that
	// carries a pod's start chain grows as its later containers are seen
	// starting (lastChainStart), one a probe's answers decide narrows to
	// them (readyAtAnswer). Wait on to the end of the window as it stands
	// once the first one ended.
	for range 3 {
		w2, err := st.window(ctx, sel, lo, hi)
		if err != nil || w2 == w {
			break
		}
		w = w2
		if err := st.waitFor(ctx, w.To, sel); err != nil {
			return err
		}
	}
	w = st.judge().Narrow(ctx, st.question(sel, lo, hi), w)
	judge := func() error { return timeline.ExpectInFrom(st.clk().events(), st.clock.t0, st.from(sel.Pod), w, sel) }
	err = st.lookAhead(ctx, judge(), sel, judge)
	if e, ok := timeline.First(st.clk().events(), st.from(sel.Pod), sel); ok && err == nil {
		// What the API showed once a container ended is judged, where
		// the judge can, by that end.
		m := timeline.RowMatch{Row: timeline.Row{At: lo}, Found: true, Event: e}
		c, ok, cerr := st.caused(ctx, sel, m, nil, hi)
		switch {
		case cerr != nil:
			return cerr
		case ok:
			return st.keepWindowCheck(sel, checkWhat(sel)+" (its container's end)", c.Window, c.Cause, c.Verdict)
		}
	}
	return st.recordCheck(sel, w, err)
}

// recordCheck keeps the outcome of an expectation about sel, observed as
// the first matching event at or after t=0, against its window.
func (st *State) recordCheck(sel timeline.Selector, w timeline.Window, err error) error {
	var obs *timeline.Event
	if e, ok := timeline.First(st.clk().events(), st.from(sel.Pod), sel); ok {
		obs = &e
	}
	return st.keepWindowCheck(sel, checkWhat(sel), w, obs, err)
}

// checkWhat names what a check about sel awaits: "SIGKILL", "exit".
func checkWhat(sel timeline.Selector) string {
	what := sel.Describe()
	if sel.Kind != "" {
		what = timeline.Event{Kind: sel.Kind, Reason: sel.Reason, Status: sel.Status, Code: sel.Code}.Label()
		if sel.Kind == timeline.Exited && !sel.HasCode {
			what = "exit"
		}
		if sel.Kind == timeline.DeleteRequested && !sel.HasCode {
			what = string(timeline.DeleteRequested) // any grace (a Job's has none)
		}
	}
	return what
}

// lookAhead completes a failure on the simulator, where the rest of the
// scenario costs nothing: it says when the awaited event did come, if it
// came later. The scenario has failed, so moving its clock is harmless.
// On a cluster an event may be seen after the window it came in (a
// container's start that the API shows only once its postStart hook
// returns, when containerd's events are not followed: the live run of
// 2026-12-01 06:28, ninth-drafts.feature:10, "no Started by the window's
// end; it came at 2.114s" in a window to 5.007s): what the wait then
// sees is judged again (judge, the expectation over the events seen),
// by the event's own time.
func (st *State) lookAhead(ctx context.Context, err error, sel timeline.Selector, judge func() error) error {
	m, ok := err.(*timeline.Verdict)
	if !ok || m.Kind != timeline.Missing {
		return err
	}
	if !st.clk().exact {
		// On a cluster, wait a little longer to say when it came.
		if _, found, rerr := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().tol, func(v driver.View) bool {
			_, ok := timeline.First(v.Timeline(), st.from(sel.Pod), sel)
			return ok
		}); rerr == nil && found {
			if judge() == nil {
				return nil
			}
			e, _ := timeline.First(st.clk().events(), st.from(sel.Pod), sel)
			m.Observed = fmt.Sprintf("no %s by the window's end; it came at %s", sel.Describe(), timeline.FormatOffset(e.At-st.clock.t0.At))
		}
		return m
	}
	if _, _, serr := st.Session.Settle(ctx, st.clk().limit); serr != nil {
		return err
	}
	if e, found := timeline.First(st.clk().events(), st.clock.t0, sel); found {
		m.Observed = fmt.Sprintf("no %s by the deadline; it came at %s", sel.Describe(), timeline.FormatOffset(e.At-st.clock.t0.At))
	} else {
		m.Observed = fmt.Sprintf("no %s at or after t=0 (the scenario ran %s, t=0 at %s)", sel.Describe(), timeline.FormatOffset(st.Session.Now()), timeline.FormatOffset(st.clock.t0.At))
		if before := relOccurrences(st.clk().events(), st.clock.t0, sel); before != "" {
			m.Observed += "; it came " + before
		}
	}
	return m
}

// expectBetween is the `between A and B` rule, as expectAt.
func expectBetween(ctx context.Context, st *State, sel timeline.Selector, a, b string) error {
	lo, hi, err := window(a, b)
	if err != nil {
		return err
	}
	return st.expectIn(ctx, sel, lo, hi)
}

// relOccurrences lists the occurrences of sel, each from t=0 ("at -25s,
// before t=0; at -10s, before t=0").
func relOccurrences(events []timeline.Event, t0 timeline.Mark, sel timeline.Selector) string {
	var out []string
	for _, e := range events {
		if sel.Matches(e) {
			out = append(out, timeline.Occurrence(e, t0))
		}
	}
	return strings.Join(out, "; ")
}
