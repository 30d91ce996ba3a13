package steps

import (
	"context"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The windows expectations are judged by are the session's answer (its
// driver.Judge): exact from t=0 on the simulator; on a cluster counted
// from the kubelet's observed reaction to the last action on the pod and
// widened by the observers' margins (docs/language.md, "live windows";
// the policy is pkg/driver/live/judge). The steps tell the judge what the
// scenario did, ask it, and record what it answers.

// judge is the session's Judge.
func (st *State) judge() driver.Judge {
	if st.Session == nil {
		return driver.Exact{}
	}
	return st.Session.Judge()
}

// acted tells the judge of an action on a pod, made now.
func (st *State) acted(a driver.Action, pod string) {
	st.judge().Acted(a, pod, st.Session.Now())
}

// from is where the occurrences an expectation about pod looks for
// start: t=0, or where the judge says the state t=0 stands at was caused.
func (st *State) from(pod string) timeline.Mark { return st.judge().From(pod, st.clock.t0) }

// question is the expectation [lo, hi] about what sel selects, from t=0.
func (st *State) question(sel timeline.Selector, lo, hi time.Duration) driver.Question {
	return driver.Question{Sel: sel, Lo: lo, Hi: hi, T0: st.clock.t0, After: st.clock.anchor}
}

// window is where an expectation [lo, hi] about the event sel selects is
// accepted.
func (st *State) window(ctx context.Context, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, error) {
	return st.ask(ctx, st.question(sel, lo, hi))
}

// ask is the judge's window for q; the reaction checks it made are
// recorded at the running step, and an expectation about what the
// driver cannot see is a skip with its reason.
func (st *State) ask(ctx context.Context, q driver.Question) (timeline.Window, error) {
	a, err := st.judge().Window(ctx, q)
	for _, c := range a.Checks {
		c.Line, c.Step = st.stepLine, st.stepText
		st.Checks = append(st.Checks, c)
	}
	if err != nil {
		return timeline.Window{}, st.unsupported(err)
	}
	return a.Window, nil
}

// rowWindow is a timeline table row's window, the rows matched before
// it told (a cluster counts a row from the precisely seen row before).
func (st *State) rowWindow(ctx context.Context, pod string, r timeline.Row, earlier []timeline.RowMatch) (timeline.Window, error) {
	sel := timeline.Selector{Pod: pod, Container: r.Container, Kind: timeline.LabelKind(r.Label)}
	if sel.Kind == timeline.ProbeFailed || sel.Kind == timeline.Status {
		// ProbeFailed(liveness), Status(Terminating): the row names the
		// probe, the STATUS.
		if i := strings.IndexByte(r.Label, '('); i > 0 && strings.HasSuffix(r.Label, ")") {
			sel.Reason = r.Label[i+1 : len(r.Label)-1]
		}
	}
	q := st.question(sel, r.At, r.At)
	q.Earlier = earlier
	return st.ask(ctx, q)
}

// interval is the window of an event expected d after another observed
// event.
func (st *State) interval(sel timeline.Selector, after timeline.Event, d time.Duration) timeline.Window {
	q := st.question(sel, d, d)
	q.After = &after
	w, _ := st.ask(context.Background(), q)
	return w
}

// lateCause is, for a state seen after its deadline in w, the cause the
// judge holds it to and that cause's window, when the cause came late.
func (st *State) lateCause(ctx context.Context, w timeline.Window, pod string, seen timeline.Event) (timeline.Event, timeline.Window, bool) {
	return st.judge().LateCause(ctx, st.question(timeline.Selector{Pod: pod, Kind: seen.Kind}, w.Lo, w.Hi), w, seen)
}

// caused is what the API showed (m, matched at bounds [m.Row.At, hi])
// judged by the container event behind it (driver.Judge.Caused), the
// rows of a table matched before it told; ok false when it is judged by
// its own window.
func (st *State) caused(ctx context.Context, sel timeline.Selector, m timeline.RowMatch, earlier []timeline.RowMatch, hi time.Duration) (driver.Caused, bool, error) {
	if !m.Found {
		return driver.Caused{}, false, nil
	}
	q := st.question(sel, m.Row.At, hi)
	q.Earlier = earlier
	c, ok, err := st.judge().Caused(ctx, q, m.Event)
	if err != nil {
		return c, true, st.unsupported(err)
	}
	return c, ok, nil
}

// observable: an expectation about events the driver cannot see is a
// skip of the scenario, with the driver's reason.
func (st *State) observable(sels ...timeline.Selector) error {
	for _, sel := range sels {
		if why := st.judge().Unobserved(sel); why != "" {
			return st.unsupported(driver.Unsupported("%s", why))
		}
	}
	return nil
}

// expectGone is `gone at T` / `gone between A and B` where the judge
// checks a pod gone by the chain behind it (a cluster: its last
// container's end, then the API's chain); handled false where it is
// judged as any other event.
func (st *State) expectGone(ctx context.Context, sel timeline.Selector, w timeline.Window, lo, hi time.Duration) (bool, error) {
	g, ok, err := st.judge().Gone(ctx, st.question(sel, lo, hi), w)
	switch {
	case err != nil:
		return true, st.unsupported(err)
	case !ok:
		return false, nil
	case g.Cause == nil:
		judge := func() error { return timeline.ExpectIn(st.clk().events(), st.clock.t0, g.Window, sel) }
		return true, st.recordCheck(sel, g.Window, st.lookAhead(ctx, judge(), sel, judge))
	}
	return true, st.keepWindowCheck(sel, "gone (its last container's end)", g.Window, g.Cause, g.Verdict)
}

// keepWindowCheck records an expectation's outcome against its window.
func (st *State) keepWindowCheck(sel timeline.Selector, what string, w timeline.Window, observed *timeline.Event, err error) error {
	c := w.Check(what, sel)
	c.Line, c.Step, c.OK = st.stepLine, st.stepText, err == nil
	if observed != nil {
		c.Observed, c.Seen = observed.At, true
	}
	if v, ok := timeline.AsVerdict(err); ok {
		// The check's failure is the matcher's verdict, with the window
		// it was judged by: the report reads one value.
		if v.Window == nil {
			v.Window = &w
		}
		if v.Event == nil {
			v.Event = observed
		}
		c.Verdict = v
	}
	st.Checks = append(st.Checks, c)
	// A timed expectation moves the current time to where it decided
	// (docs/language.md, Time: "current time"): its occurrence if it came
	// by the window's end, else the window's end; in the rules' time, on
	// a cluster, the occurrence's place within the written bounds when it
	// held, the bound when it failed late or saw nothing.
	switch {
	case observed != nil && err == nil:
		st.clk().decided(min(observed.At, w.To), min(max(observed.At-w.Ref, w.Lo), w.Hi))
		st.clock.held = max(st.clock.held, min(observed.At, w.To))
	case observed != nil && observed.At < w.From:
		st.clk().decided(observed.At, max(0, observed.At-w.Ref))
	default:
		st.clk().decided(w.To, w.Hi)
	}
	return err
}

// observedT0 tells the judge t=0 was placed at an event the driver
// observed (the N-th restart, a state seen): what follows counts from it.
func (st *State) observedT0(pod string) {
	st.judge().ObservedT0(pod, st.clock.t0, "", st.clock.t0)
}

// becameObserved tells the judge the pod was seen in the state ps at t0
// (`becomes`): on a cluster what follows a phase counts from the
// container event behind it (a state that is no phase has none).
func (st *State) becameObserved(pod string, ps podState, t0 timeline.Mark) {
	st.judge().ObservedT0(pod, st.clock.t0, corev1.PodPhase(ps.name), t0)
}
