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

// clock is the scenario's clock, as above: t=0, the current time and
// the step that set it, the last action, and the reads of the cluster at
// the current time (the simulator's replay of its past, the cluster's
// history of what it saw) behind readState.
type clock struct {
	sess   driver.Session
	exact  bool
	driver string
	// limit is how long "the end of its activity" may take, tol the
	// driver's tolerance.
	limit, tol time.Duration
	// where is the running step: its type, line and text.
	where func() (StepType, clockStep)

	t0 timeline.Mark
	// anchor is the event t=0 stands at while an expectation timed from
	// a container's exit or start runs (anchored_words.go): the judge
	// counts its windows from that observed event.
	anchor *timeline.Event
	cur    time.Duration
	by     clockStep
	// liveCur is, on a cluster, where the scenario's current time stands
	// after t=0 in the rules' time: the latest time a timed expectation
	// held at since the last action (its occurrence's offset from its
	// reference, within its bounds). The simulator's own clock is its
	// current time; a cluster's wall clock runs on while steps wait for
	// observations, which the rules' clock does not (actions.go, pass).
	liveCur time.Duration
	// held is, on a cluster, the session time of the latest occurrence
	// a timed expectation was seen to hold at. The rules' time maps back
	// to the cluster through t=0, but each pod's chain has its own
	// latency: a pod seen Succeeded 4 s after t=0 on the cluster may
	// stand 1 s after it in the rules' time, and a pass counted from
	// there alone would read that pod before it was seen to get there.
	held time.Duration
	// lastAction is the session time of the last action the steps made
	// on the cluster.
	lastAction time.Duration
	// settled: on a cluster, where the last settle from the current
	// time ended (State.settle).
	settled *settledAt
	// madeAction: an action has placed t=0 (before, t=0 is the scenario's
	// start, and the Given steps' own waits on a cluster are not the
	// scenario's time).
	madeAction bool
}

// clk is the scenario's clock, attached to its session.
func (st *State) clk() *clock {
	c := &st.clock
	if c.sess == nil && st.Session != nil {
		c.sess, c.driver = st.Session, st.Driver.Name()
		// The session's clock is the rules' own when it can go back in
		// time: a deterministic driver replays its past.
		_, c.exact = driver.SessionAs[driver.Rewinder](st.Session)
		// "The end of its activity" may take 10 minutes of virtual time
		// on the simulator, 2 minutes on a cluster.
		c.limit, c.tol = 2*time.Minute, st.Driver.Tolerance()
		if c.exact {
			c.limit = SettleLimit
		}
		c.where = func() (StepType, clockStep) { return st.stepType, clockStep{st.stepLine, st.stepText} }
	}
	return c
}

func (c *clock) step() clockStep {
	if c.where == nil {
		return clockStep{}
	}
	_, s := c.where()
	return s
}

func (c *clock) kind() StepType {
	if c.where == nil {
		return Context
	}
	t, _ := c.where()
	return t
}

// instant processes what is pending at the current time.
func (c *clock) instant(ctx context.Context) error {
	_, _, err := c.sess.RunUntil(ctx, c.sess.Now(), nil)
	return err
}

func (c *clock) events() []timeline.Event { return c.sess.View().Timeline() }

// setCurrent puts the current time at an action's moment.
func (c *clock) setCurrent(at time.Duration) {
	c.cur = at
	c.by = c.step()
}

// decided moves the current time to where a timed expectation decided
// (the instant it held, or its deadline), never back: at in session time,
// offset after t=0 in the rules' time (a cluster's wall clock runs on
// while its steps wait for observations; `N pass` counts from the rules'
// current time there).
func (c *clock) decided(at, offset time.Duration) {
	if at > c.cur {
		c.cur = at
		c.by = c.step()
	}
	c.liveCur = max(c.liveCur, offset)
}

// toCurrent brings an exact session to the current time, after every
// event of that instant: run on to it, or back to it when a step ran the
// session past it. Elsewhere it only processes the present instant.
func (c *clock) toCurrent(ctx context.Context) error {
	if !c.exact {
		return c.instant(ctx)
	}
	now := c.sess.Now()
	if now > c.cur {
		r, ok := driver.SessionAs[driver.Rewinder](c.sess)
		if !ok {
			return fmt.Errorf("internal: the driver %s has an exact clock but cannot go back to the current time %s", c.driver, timeline.FormatOffset(c.cur))
		}
		if err := r.Rewind(ctx, c.cur); err != nil {
			return fmt.Errorf("going back to the current time, %s: %w", timeline.FormatOffset(c.cur-c.t0.At), err)
		}
	}
	_, _, err := c.sess.RunUntil(ctx, c.cur, nil)
	return err
}

// present is the cluster as it stands at the current time, to be read:
// on an exact driver the session itself once run on to the current time,
// or, when a step ran it past the current time, the cluster as it stood
// then (driver.Past: a replay kept apart, so that the session keeps what
// it saw for the report); elsewhere the session, its present instant
// processed.
func (c *clock) present(ctx context.Context) (driver.Session, error) {
	sess, err := c.sessionFrom(ctx, c.cur)
	if err != nil || sess != c.sess {
		return sess, err
	}
	return sess, c.toCurrent(ctx)
}

// sessionFrom is a session standing at t, to run on from there and read: the
// session itself when it has not run past t, else, on an exact driver,
// the cluster as it stood at t (a replay kept apart: the session keeps
// what it saw). A state expectation whose predicate the timeline does not
// record (a node's condition, the Ready pods of a replica set) is read as
// this session runs on from t, not where an earlier step ran the session
// to. A time before the last action is taken as that action's.
func (c *clock) sessionFrom(ctx context.Context, t time.Duration) (driver.Session, error) {
	if !c.exact || c.sess.Now() <= t {
		return c.sess, nil
	}
	p, ok := driver.SessionAs[driver.Past](c.sess)
	if !ok {
		return c.sess, nil
	}
	sess, err := p.At(ctx, t)
	var ba *driver.BeforeAction
	if errors.As(err, &ba) {
		sess, err = p.At(ctx, ba.At)
	}
	if err != nil {
		return nil, fmt.Errorf("going back to %s: %w", timeline.FormatOffset(t-c.t0.At), err)
	}
	return sess, nil
}

// readState runs a state check at the current time, f saying why the
// state does not hold (nil: it holds), and returns f's last answer. On
// the simulator, once, on the state at the current time. On a cluster,
// on the pods as observed from the current time, then on the cluster,
// until f holds or the tolerance after the current time has passed.
func (c *clock) readState(ctx context.Context, f func(driver.View) error) error {
	if c.exact {
		if planted("read-ahead") {
			return f(c.sess.View())
		}
		sess, err := c.present(ctx)
		if err != nil {
			return err
		}
		err = f(sess.View())
		if m, ok := err.(*timeline.Verdict); ok {
			// A failure says when it read and why then, and whether the
			// state came later (docs/language.md, Time: "current time").
			if !m.Read {
				m.Observed = c.readAt() + ": " + m.Observed
				m.Read, m.ReadAt = true, c.cur
			}
			later := c.heldLater(ctx, f)
			if !strings.HasPrefix(later, "; it did") {
				later += c.heldEarlier(ctx, f)
			}
			m.Observed += later
		}
		return err
	}
	from := min(c.cur, c.sess.Now())
	deadline := from + c.tol
	last := fmt.Errorf("no state of the pods observed between %s and %s",
		timeline.FormatOffset(from-c.t0.At), timeline.FormatOffset(deadline-c.t0.At))
	if past, ok := driver.SessionAs[driver.History](c.sess); ok && c.sess.Now() > from {
		for _, v := range past.ViewsBetween(from, min(deadline, c.sess.Now())) {
			if last = f(v); last == nil {
				return nil
			}
		}
		if c.sess.Now() >= deadline {
			return last
		}
	} else if err := c.instant(ctx); err != nil {
		return err
	}
	if _, _, err := c.sess.RunUntil(ctx, max(deadline, c.sess.Now()), func(v driver.View) bool {
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
func (c *clock) readAt() string {
	at := c.cur
	if !c.exact {
		at = min(c.cur, c.sess.Now())
	}
	out := "at " + timeline.FormatOffset(at-c.t0.At)
	if c.t0.At > 0 {
		out += " (" + timeline.FormatOffset(at) + " into the scenario)"
	}
	if c.by.line > 0 {
		out += fmt.Sprintf(", the current time as line %d left it (%s)", c.by.line, c.by.text)
	}
	return out
}

// runOnUntil runs the session on, on the simulator, where the rest of a
// scenario that has failed costs nothing, until cond holds of the
// timeline or the activity's limit has passed: a failure then says when
// what it awaited did come, if it came.
func (c *clock) runOnUntil(ctx context.Context, from time.Duration, cond func([]timeline.Event) bool) {
	if c.exact {
		_, _, _ = c.sess.RunUntil(ctx, from+c.limit, func(v driver.View) bool { return cond(v.Timeline()) })
	}
}

// heldLater completes a failed state check on the simulator, where the
// rest of the scenario costs nothing: when the state did hold after the
// current time, if it did ("; it held from 7s"). The scenario has
// failed, so the session may run on.
func (c *clock) heldLater(ctx context.Context, f func(driver.View) error) string {
	if !c.exact {
		return ""
	}
	// From the current time, on a replay: the session itself may stand
	// further on.
	sess, err := c.sessionFrom(ctx, c.cur)
	if err != nil {
		return ""
	}
	at, ok, err := sess.RunUntil(ctx, c.cur+c.limit, func(v driver.View) bool { return f(v) == nil })
	switch {
	case err != nil:
		return ""
	case !ok:
		return fmt.Sprintf("; nor did it up to %s after", c.limit)
	}
	return "; it did from " + timeline.FormatOffset(at-c.t0.At)
}

// heldEarlier completes a failed state check on the simulator whose
// state did not come after the current time: whether it held between t=0
// and the current time, which an earlier step had moved past it ("; it
// held earlier, from 3s to 7s"). A state check reads the current time,
// and reading it after a timed step has moved on is the commonest way a
// true belief fails (held-out set 32's DisruptionTarget read after the
// drain had ended).
func (c *clock) heldEarlier(ctx context.Context, f func(driver.View) error) string {
	if !c.exact || c.cur <= c.t0.At {
		return ""
	}
	sess, err := c.sessionFrom(ctx, c.t0.At)
	if err != nil || sess.Now() >= c.cur {
		return ""
	}
	from, ok, err := sess.RunUntil(ctx, c.cur, func(v driver.View) bool { return f(v) == nil })
	if err != nil || !ok || from >= c.cur {
		return ""
	}
	to, ok, err := sess.RunUntil(ctx, c.cur, func(v driver.View) bool { return f(v) != nil })
	if err != nil || !ok || to > c.cur {
		return ""
	}
	return fmt.Sprintf("; it held earlier, from %s to %s", timeline.FormatOffset(from-c.t0.At), timeline.FormatOffset(to-c.t0.At))
}

// actionMark is t=0 for an action made now: after everything that has
// happened so far, this instant included.
func (c *clock) actionMark() timeline.Mark {
	m := timeline.Mark{At: c.sess.Now()}
	if es := c.events(); len(es) > 0 && es[len(es)-1].At == m.At {
		m.Seq = es[len(es)-1].Seq
	}
	return m
}

// moveT0 sets t=0 when the running step is an Action.
func (c *clock) moveT0(m timeline.Mark) {
	if c.kind() == Action {
		c.t0 = m
		// The current time is never before the last action made to
		// the cluster, which cannot be gone back before (a transition
		// in the past, docs/language.md, Time: "t=0").
		c.setCurrent(max(m.At, c.lastAction))
		c.liveCur = c.cur - m.At
		c.madeAction = true
	}
}

// acted notes that the running step acted on the cluster at m.At: the
// current time can no longer go back before it.
func (c *clock) actedAt(m timeline.Mark) {
	if c.kind() == Action {
		c.lastAction = max(c.lastAction, m.At)
	}
}

// moveT0Acting sets t=0 at an action the running step made on the
// cluster (a create, a delete, a node action).
func (c *clock) moveT0Acting(m timeline.Mark) {
	c.actedAt(m)
	c.moveT0(m)
}
