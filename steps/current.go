package steps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The scenario's clock (docs/language.md, the Time table's "t=0" and
// "current time"): t=0 and the current time, both in session time. An
// action puts both where it was made; a timed expectation moves the
// current time to the time it decided, never back; untimed expectations,
// counts without `within`, `never` and `stays` leave it where it is, even
// when the session ran on to decide them. State checks read the state at
// the current time, and the next action and `N pass` count from it.
//
// On the simulator the session is brought to the current time before it
// is read or acted on: run on to it, or gone back to it (Rewind replays
// the scenario's inputs on a fresh simulator of the same seed, which
// being deterministic is then where the first one was). A cluster cannot
// go back: there a state check of a pod reads the pods as the driver
// observed them from the current time on, for up to the tolerance
// (driver.History), and an action is made where the cluster stands.

// clockStep is the step that last set the current time, for failure
// messages: a state check that read an unexpected time says which step
// put it there.
type clockStep struct {
	line int
	text string
}

// setCurrent puts the current time at an action's moment.
func (st *State) setCurrent(at time.Duration) {
	st.cur = at
	st.curBy = clockStep{st.stepLine, st.stepText}
}

// decided moves the current time to where a timed expectation decided
// (the instant it held, or its deadline), never back: at in session time,
// offset after t=0 in the rules' time (a cluster's wall clock runs on
// while its steps wait for observations; `N pass` counts from the rules'
// current time there).
func (st *State) decided(at, offset time.Duration) {
	if at > st.cur {
		st.cur = at
		st.curBy = clockStep{st.stepLine, st.stepText}
	}
	st.liveCur = max(st.liveCur, offset)
}

// exact tells whether the driver's clock is the rules' clock (the
// simulator's), which can be read at the current time exactly.
func (st *State) exact() bool { return st.Driver.Capabilities().Has(driver.ExactTime) }

// toCurrent brings an exact session to the current time, after every
// event of that instant: run on to it, or back to it when a step ran the
// session past it. Elsewhere it only processes the present instant.
func (st *State) toCurrent(ctx context.Context) error {
	if !st.exact() {
		return st.instant(ctx)
	}
	now := st.Session.Now()
	if now > st.cur {
		r, ok := driver.SessionAs[driver.Rewinder](st.Session)
		if !ok {
			return fmt.Errorf("internal: the driver %s has an exact clock but cannot go back to the current time %s", st.Driver.Name(), timeline.FormatOffset(st.cur))
		}
		if err := r.Rewind(ctx, st.cur); err != nil {
			return fmt.Errorf("going back to the current time, %s: %w", timeline.FormatOffset(st.cur-st.t0.At), err)
		}
	}
	_, _, err := st.Session.RunUntil(ctx, st.cur, nil)
	return err
}

// present is the cluster as it stands at the current time, to be read:
// on an exact driver the session itself once run on to the current time,
// or, when a step ran it past the current time, the cluster as it stood
// then (driver.Past: a replay kept apart, so that the session keeps what
// it saw for the report); elsewhere the session, its present instant
// processed.
func (st *State) present(ctx context.Context) (driver.Session, error) {
	sess, err := st.sessionFrom(ctx, st.cur)
	if err != nil || sess != st.Session {
		return sess, err
	}
	return sess, st.toCurrent(ctx)
}

// sessionFrom is a session standing at t, to run on from there and read: the
// session itself when it has not run past t, else, on an exact driver,
// the cluster as it stood at t (a replay kept apart: the session keeps
// what it saw). A state expectation whose predicate the timeline does not
// record (a node's condition, the Ready pods of a replica set) is read as
// this session runs on from t, not where an earlier step ran the session
// to. A time before the last action is taken as that action's.
func (st *State) sessionFrom(ctx context.Context, t time.Duration) (driver.Session, error) {
	if !st.exact() || st.Session.Now() <= t {
		return st.Session, nil
	}
	p, ok := driver.SessionAs[driver.Past](st.Session)
	if !ok {
		return st.Session, nil
	}
	sess, err := p.At(ctx, t)
	var ba *driver.BeforeAction
	if errors.As(err, &ba) {
		sess, err = p.At(ctx, ba.At)
	}
	if err != nil {
		return nil, fmt.Errorf("going back to %s: %w", timeline.FormatOffset(t-st.t0.At), err)
	}
	return sess, nil
}

// readState runs a state check at the current time, f saying why the
// state does not hold (nil: it holds), and returns f's last answer. On
// the simulator, once, on the state at the current time. On a cluster,
// on the pods as observed from the current time, then on the cluster,
// until f holds or the tolerance after the current time has passed.
func (st *State) readState(ctx context.Context, f func(driver.View) error) error {
	if st.exact() {
		if planted("read-ahead") {
			return f(st.Session.View())
		}
		sess, err := st.present(ctx)
		if err != nil {
			return err
		}
		err = f(sess.View())
		if m, ok := err.(*timeline.Mismatch); ok {
			// A failure says when it read and why then, and whether the
			// state came later (docs/language.md, Time: "current time").
			if !m.Read {
				m.Observed = st.readAt() + ": " + m.Observed
				m.Read, m.ReadAt = true, st.cur
			}
			m.Observed += st.heldLater(ctx, f)
		}
		return err
	}
	from := min(st.cur, st.Session.Now())
	deadline := from + st.tol()
	last := fmt.Errorf("no state of the pods observed between %s and %s",
		timeline.FormatOffset(from-st.t0.At), timeline.FormatOffset(deadline-st.t0.At))
	if past, ok := driver.SessionAs[driver.History](st.Session); ok && st.Session.Now() > from {
		for _, v := range past.ViewsBetween(from, min(deadline, st.Session.Now())) {
			if last = f(v); last == nil {
				return nil
			}
		}
		if st.Session.Now() >= deadline {
			return last
		}
	} else if err := st.instant(ctx); err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, max(deadline, st.Session.Now()), func(v driver.View) bool {
		last = f(v)
		return last == nil
	}); err != nil {
		return err
	}
	return last
}

// readAt says when the state a check read was, and why: "at 5s, set by
// line 12 (Then container "app" receives SIGKILL at 5s)"; where that lies
// in the scenario when t=0 is not its start.
func (st *State) readAt() string {
	at := st.cur
	if !st.exact() {
		at = min(st.cur, st.Session.Now())
	}
	out := "at " + timeline.FormatOffset(at-st.t0.At)
	if st.t0.At > 0 {
		out += " (" + timeline.FormatOffset(at) + " into the scenario)"
	}
	if st.curBy.line > 0 {
		out += fmt.Sprintf(", the current time as line %d left it (%s)", st.curBy.line, st.curBy.text)
	}
	return out
}

// runOnUntil runs the session on, on the simulator, where the rest of a
// scenario that has failed costs nothing, until cond holds of the
// timeline or the activity's limit has passed: a failure then says when
// what it awaited did come, if it came.
func (st *State) runOnUntil(ctx context.Context, from time.Duration, cond func([]timeline.Event) bool) {
	if st.exact() {
		_, _, _ = st.Session.RunUntil(ctx, from+st.settleLimit(), func(v driver.View) bool { return cond(v.Timeline()) })
	}
}

// heldLater completes a failed state check on the simulator, where the
// rest of the scenario costs nothing: when the state did hold after the
// current time, if it did ("; it held from 7s"). The scenario has
// failed, so the session may run on.
func (st *State) heldLater(ctx context.Context, f func(driver.View) error) string {
	if !st.exact() {
		return ""
	}
	// From the current time, on a replay: the session itself may stand
	// further on.
	sess, err := st.sessionFrom(ctx, st.cur)
	if err != nil {
		return ""
	}
	at, ok, err := sess.RunUntil(ctx, st.cur+st.settleLimit(), func(v driver.View) bool { return f(v) == nil })
	switch {
	case err != nil:
		return ""
	case !ok:
		return fmt.Sprintf("; nor did it up to %s after", st.settleLimit())
	}
	return "; it did from " + timeline.FormatOffset(at-st.t0.At)
}
