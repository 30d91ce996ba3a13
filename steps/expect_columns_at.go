package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// instantReadExpectations are a pod's phase and kubectl's columns read at
// an instant in the wordings authors reach for (issue 38's third held-out
// set): `the pod "batch" phase is "Succeeded" at 10s`, `after 10s the
// pod "web" is Running`, `the pod "duo" STATUS is CrashLoopBackOff at
// 20s`, `the pod "duo" shows "Completed" at 12s`, `kubectl shows pod
// "duo" READY "1/2" at 20s`. Each reads the state at t0+T, after every
// event of that instant, whenever it began: where `the pod "web" is
// Running at 5s` and `shows status "S" at T` are a state's coming at T,
// these are its holding then.
func instantReadExpectations() []Def {
	const f = "kubectl columns"
	const pods = "pod expectations"
	const ready = `"?(\d+/\d+)"?`
	return []Def{
		phrase(pods, `^the pod "([^"]*)" phase is "?([A-Za-z]+)"? at (\S+)$`, `Then the pod "web" phase is "Succeeded" at 10s`,
			s3(func(pod string, phase phaseWord, at writtenSpan) Step {
				return phaseAt{thePodIsStillAt{podNamed{pod}, string(phase), at}}
			})).with(slot("phase", "Succeeded", withinPhases...)),
		phrase(pods, `^after (\S+) the pod "([^"]*)" is (not ready|not Ready|\S+)$`, `Then after 10s the pod "web" is Running`,
			s3(func(at writtenSpan, pod string, state authorPodState) Step {
				return thePodIsStillAt{podNamed{pod}, string(state), at}
			})).with(stateSlot("Running", stillStates)),
		phrase(f, `^the pod "([^"]*)" STATUS is "?([^" ]+)"?$`, `Then the pod "web" STATUS is Completed`,
			s2(func(pod string, status kubectlStatus) Step { return thePodShowsStatus{podNamed{pod}, string(status)} })).
			with(statusSlot("Completed")),
		phrase(f, `^the pod "([^"]*)" STATUS is "?([^" ]+)"? within (\S+)$`, `Then the pod "web" STATUS is Running within 10s`,
			s3(func(pod string, status kubectlStatus, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(status), d}
			})).with(statusSlot("Running")),
		phrase(f, `^the pod "([^"]*)" (?:STATUS is|shows) "?([^" ]+)"? at (\S+)$`, `Then the pod "web" STATUS is CrashLoopBackOff at 20s`,
			s3(func(pod string, status kubectlStatus, at writtenSpan) Step {
				return readAtInstant{thePodShowsStatus{podNamed{pod}, string(status)}, at}
			})).with(statusSlot("CrashLoopBackOff")),
		phrase(f, `^kubectl shows (?:the )?pod "([^"]*)" READY `+ready+`$`, `Then kubectl shows pod "web" READY "1/2"`,
			s2(func(pod, r string) Step { return thePodShowsReady{podNamed{pod}, r} })),
		phrase(f, `^(?:kubectl shows (?:the )?pod "([^"]*)" READY|the pod "([^"]*)" (?:READY is|shows ready|has READY)) `+ready+` at (\S+)$`, `Then kubectl shows pod "web" READY "1/2" at 20s`,
			s4(func(pod, pod2, r string, at writtenSpan) Step {
				return readAtInstant{thePodShowsReady{podNamed{pod + pod2}, r}, at}
			})),
		phrase(f, `^(?:kubectl shows (?:the )?pod "([^"]*)" READY|the pod "([^"]*)" (?:READY is|shows ready|has READY)) `+ready+` within (\S+)$`, `Then kubectl shows pod "web" READY "2/2" within 10s`,
			s4(func(pod, pod2, r string, d writtenSpan) Step {
				return readyWithin{thePodShowsReady{podNamed{pod + pod2}, r}, d}
			})),
		phrase(pods, `^container "([^"]*)"(?: of pod "([^"]*)")? is waiting with reason "([^"]*)" within (\S+)$`, `Then container "app" of pod "web" is waiting with reason "ErrImagePull" within 5s`,
			s4(func(c, pod, reason string, d writtenSpan) Step {
				return waitingWithin{containerWaitingWith{containerNamed{c, pod}, reason, "", messageContains}, d}
			})),
		phrase(f, `^the pod "([^"]*)" READY is `+ready+`$`, `Then the pod "web" READY is 1/2`,
			s2(func(pod, r string) Step { return thePodShowsReady{podNamed{pod}, r} })),
	}
}

// phaseWord is a phase written bare, in any case: `phase is Succeeded`.
type phaseWord string

func (w *phaseWord) set(v string) error {
	if v != "" {
		v = strings.ToUpper(v[:1]) + strings.ToLower(v[1:])
	}
	*w = phaseWord(v)
	return oneOf("phase", v, phases...)
}

// phaseAt is `the pod "x" phase is "P" at T`: the phase held at t0+T, as
// `is still P at T` reads it.
type phaseAt struct{ thePodIsStillAt }

func (s phaseAt) Declare(pl *Plan) error {
	if err := oneOf("phase", s.state, withinPhases...); err != nil {
		return err
	}
	return s.thePodIsStillAt.Declare(pl)
}

// Run reads the phase at t0+T; on a cluster, at any instant of T's
// window, as a `between` window reads a coming: a phase that comes at T
// on the simulator comes there a start latency later (kind, 2026-11-29:
// fourth-drafts.feature:34's Succeeded at 10 s came at 10.9 s, the
// container having started at 0.9 s), and one that ends at T may end
// as much earlier.
func (s phaseAt) Run(ctx context.Context, st *State) error {
	err := s.thePodIsStillAt.Run(ctx, st)
	if err == nil || st.clk().exact {
		return err
	}
	ps, perr := parsePodState(s.state, stillStates...)
	if perr != nil {
		return err
	}
	w, werr := st.window(ctx, ps.of(s.pod), s.at.d, s.at.d)
	if werr != nil {
		return err
	}
	from, to := max(w.From, st.clock.t0.At), w.To
	if to > st.Session.Now() {
		if _, _, rerr := st.Session.RunUntil(ctx, to, nil); rerr != nil {
			return rerr
		}
	}
	events := st.clk().events()
	instants := []time.Duration{from}
	for _, e := range events {
		if e.Pod == s.pod && e.At > from && e.At <= to {
			instants = append(instants, e.At)
		}
	}
	for _, at := range instants {
		if ps.heldAt(events, s.pod, at) {
			st.clk().decided(at, s.at.d)
			return nil
		}
	}
	return err
}

// readAtInstant reads a state check (the kubectl columns) at t0+T: the
// scenario run on to it, the current time put there for the check (as a
// state check reads the current time: exactly on the simulator, on a
// cluster what it observed from then, for up to the tolerance), and
// left where it was if it stood later (the current time never goes
// back).
type readAtInstant struct {
	Step
	at writtenSpan
}

func (s readAtInstant) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	c := st.clk()
	at := st.clock.t0.At + s.at.d
	if at > st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	cur, by := c.cur, c.by
	c.cur, c.by = at, c.step()
	err := s.Step.Run(ctx, st)
	if cur > at {
		c.cur, c.by = cur, by
	}
	c.liveCur = max(c.liveCur, s.at.d)
	return err
}

// readyWithin is kubectl's READY column showing the value at some time up
// to t0+D (polledWithin).
type readyWithin struct {
	thePodShowsReady
	d writtenSpan
}

func (s readyWithin) Run(ctx context.Context, st *State) error {
	return polledWithin(ctx, st, s.pod, s.d, "showing READY "+s.ready, func(v driver.View) (bool, string) {
		cols, found := columns(v, s.pod)
		return found && cols.Ready == s.ready, "READY " + cols.Ready
	})
}

// polledWithin is a state the timeline does not record (a column, a
// container's waiting reason) holding at some time up to t0+D: read from
// the current time on (a state that holds then counts), as the session
// runs to the deadline (on a cluster the window's end for the pod's
// readiness); the current time moves to when it held. holds says
// whether it does in a view, and what it saw.
func polledWithin(ctx context.Context, st *State, pod string, d writtenSpan, what string, holds func(driver.View) (bool, string)) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	sel := timeline.Selector{Pod: pod, Kind: timeline.Condition, Reason: "Ready"}
	w, err := st.window(ctx, sel, 0, d.d)
	if err != nil {
		return err
	}
	c := st.clk()
	sess, err := c.sessionFrom(ctx, c.cur)
	if err != nil {
		return err
	}
	seen := ""
	run := sess.RunUntil
	// A state a write showed counts, though a write of the same instant
	// replaced it (sim.RunUntilShown: on a kubelet it shows until the
	// next sync).
	if r, ok := driver.SessionAs[driver.Rewinder](sess); ok {
		run = r.RunUntilShown
	}
	at, ok, err := run(ctx, max(w.To, sess.Now()), func(v driver.View) bool {
		var held bool
		held, seen = holds(v)
		return held
	})
	if err != nil {
		return err
	}
	if ok && at <= w.To {
		c.decided(at, at-st.clock.t0.At)
		return nil
	}
	return &timeline.Verdict{
		Kind:     timeline.Missing,
		Expected: fmt.Sprintf("pod %q %s within %s%s", pod, what, d.text, w.Note()),
		Observed: fmt.Sprintf("%s at %s", seen, timeline.FormatOffset(min(sess.Now(), w.To)-st.clock.t0.At)),
		Window:   &w,
	}
}

// polledComing is a state the timeline does not record (a row of kubectl
// get pods, a container's waiting message) coming in a window, as `the
// pod "p" shows status "S" between A and B` reads the STATUS the timeline
// records: the first view from t=0 on in which it holds where the view
// before did not, at t0+A to t0+B. A state that held before t=0 has not
// come (a container ready before it exited is not ready again after it),
// so that an expectation timed from an exit (anchored_words.go) may say a
// state. The view before t=0 is read where the session can go back to it
// (the simulator, up to its last action; a cluster's observed history);
// where it cannot, what holds at t=0 came then.
func polledComing(ctx context.Context, st *State, pod string, a, b writtenSpan, what string, holds func(driver.View) (bool, string)) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, timeline.Selector{Pod: pod, Kind: timeline.Condition, Reason: "Ready"}, a.d, b.d)
	if err != nil {
		return err
	}
	c := st.clk()
	t0 := st.clock.t0.At
	sess, before, err := c.sessionBefore(ctx, t0)
	if err != nil {
		return err
	}
	// held: the state in the view before; the first view read is the one
	// before t=0 where the session could go back there, and what held in
	// it has not come.
	seen, held, skip := "", false, before
	came := func(v driver.View) bool {
		h, s := holds(v)
		seen = s
		if skip {
			skip, held = false, h
			return false
		}
		now := h && !held
		held = h
		return now
	}
	at, ok := time.Duration(0), false
	if past, isPast := driver.SessionAs[driver.History](sess); isPast && !c.exact {
		for _, v := range past.ViewsBetween(t0-time.Millisecond, min(w.To, sess.Now())) {
			if came(v) {
				at, ok = viewTime(v, sess.Now()), true
				break
			}
		}
	}
	if !ok && sess.Now() <= w.To {
		run := sess.RunUntil
		if r, isR := driver.SessionAs[driver.Rewinder](sess); isR {
			run = r.RunUntilShown
		}
		if at, ok, err = run(ctx, w.To, came); err != nil {
			return err
		}
	}
	exp := fmt.Sprintf("pod %q %s between %s and %s%s", pod, what, a.text, b.text, w.Note())
	switch {
	case ok && at < w.From:
		return &timeline.Verdict{Kind: timeline.Early, Expected: exp, Window: &w,
			Observed: fmt.Sprintf("it came at %s, before the window", timeline.FormatOffset(at-t0))}
	case ok && at <= w.To:
		c.decided(at, at-t0)
		return nil
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Window: &w,
		Observed: fmt.Sprintf("%s at %s", seen, timeline.FormatOffset(min(sess.Now(), w.To)-t0))}
}

// sessionBefore is a session to read from just before t (a millisecond,
// the simulator's step), and whether the first view it gives stands
// before t. On a cluster the session itself, its history read from before
// t (History); on the simulator a replay (Past), from t itself where t is
// the scenario's last action, before which it cannot go back.
func (c *clock) sessionBefore(ctx context.Context, t time.Duration) (driver.Session, bool, error) {
	if !c.exact {
		_, ok := driver.SessionAs[driver.History](c.sess)
		return c.sess, ok, nil
	}
	p, ok := driver.SessionAs[driver.Past](c.sess)
	if !ok || c.sess.Now() < t || t < time.Millisecond {
		return c.sess, false, nil
	}
	sess, err := p.At(ctx, t-time.Millisecond)
	before := true
	var ba *driver.BeforeAction
	if errors.As(err, &ba) {
		// From the action, whose instant t is (the pod created at t=0
		// shows Pending then).
		sess, err = p.At(ctx, ba.At)
		before = false
	}
	if err != nil {
		return nil, false, fmt.Errorf("going back to just before t=0: %w", err)
	}
	return sess, before, nil
}

// viewTime is the session time a view of the past stood at (driver.Dated),
// else def.
func viewTime(v driver.View, def time.Duration) time.Duration {
	if d, ok := v.(driver.Dated); ok {
		return d.At()
	}
	return def
}
