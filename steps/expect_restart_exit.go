package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// A restart timed from the exit it follows, as authors time the kubelet's
// back-off (issue 38's fourth held-out set): `container "app" is restarted
// within 2s of its first exit`, `is restarted 10s after its second exit`.
// The Nth exit is the container's Nth Exited event of the scenario; its
// restart is the container's first Restarted event after it. The delay
// between them is the crash back-off of the kubelet's
// kuberuntime_manager.go computePodActions / doBackOff (v1.36.3), which
// the simulator already models (pkg/sim/containers.go); this step only
// reads the timeline both drivers record.
func restartAfterExitExpectations() []Def {
	const f = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? (?:is restarted|restarts) `
	const nth = ` its (\S+) exit$`
	return []Def{
		phrase(f, ctr+`within (\S+) (?:of|after)`+nth, `Then container "app" is restarted within 2s of its first exit`,
			s4(func(c, p string, d writtenSpan, n exitOrdinal) Step {
				return &restartAfterExit{ctr: ctrOfPod{c, p}, nth: int(n), hi: d, within: true}
			})),
		phrase(f, ctr+`(\S+) after`+nth, `Then container "app" is restarted 10s after its second exit`,
			s4(func(c, p string, d writtenSpan, n exitOrdinal) Step {
				return &restartAfterExit{ctr: ctrOfPod{c, p}, nth: int(n), hi: d}
			})),
		// Held-out batch 15: the back-off's window after each exit,
		// twelve times (`is restarted between 10s and 13s after its 1st
		// exit`).
		phrase(f, ctr+`between (\S+) and (\S+) after`+nth, `Then container "app" is restarted between 10s and 13s after its first exit`,
			s5(func(c, p string, a, b writtenSpan, n exitOrdinal) Step {
				return &restartAfterExit{ctr: ctrOfPod{c, p}, nth: int(n), lo: &a, hi: b}
			})),
	}
}

// exitOrdinal is `first` … `tenth` or `1st`, `2nd`: which exit.
type exitOrdinal int

func (o *exitOrdinal) set(v string) error {
	n, err := parseOrdinal(v)
	*o = exitOrdinal(n)
	return err
}

// Then container "app" is restarted within D of its Nth exit: the restart
// that follows the Nth exit comes at most D after it. `D after its Nth
// exit`: D after it, within the tolerance of any `D after` check
// (exactly on the simulator).
type restartAfterExit struct {
	ctr    ctrOfPod
	nth    int
	hi     writtenSpan
	within bool
	// lo: `between A and B after its Nth exit`, the window's start.
	lo *writtenSpan
	// Declare's: the container's exits and restarts.
	exit, restart timeline.Selector
}

func (s *restartAfterExit) Declare(pl *Plan) (err error) {
	if s.lo != nil && s.lo.d > s.hi.d {
		return inputErr("between %s and %s: the window ends before it starts", s.lo.text, s.hi.text)
	}
	if s.exit, err = s.ctr.event(pl, timeline.Exited); err != nil {
		return err
	}
	s.restart = s.exit
	s.restart.Kind = timeline.Restarted
	return nil
}

// nthExit is the container's nth exit in events, if it came.
func (s *restartAfterExit) nthExit(events []timeline.Event) (timeline.Event, bool) {
	n := 0
	for _, e := range events {
		if s.exit.Matches(e) {
			if n++; n == s.nth {
				return e, true
			}
		}
	}
	return timeline.Event{}, false
}

// restartAfter is the container's first restart after exit.
func (s *restartAfterExit) restartAfter(events []timeline.Event, exit timeline.Event) (timeline.Event, bool) {
	for _, e := range events {
		later := e.At > exit.At || (e.At == exit.At && e.Seq > exit.Seq)
		if later && s.restart.Matches(e) {
			return e, true
		}
	}
	return timeline.Event{}, false
}

func (s *restartAfterExit) Run(ctx context.Context, st *State) error {
	came := func(events []timeline.Event) bool {
		x, ok := s.nthExit(events)
		if !ok {
			return false
		}
		_, ok = s.restartAfter(events, x)
		return ok
	}
	// Any exit starts the wait; more waits on for the nth and its
	// restart (to the end of the activity if they never come).
	if err := st.awaitUntimedFor(ctx, came, s.exit); err != nil {
		return err
	}
	events := st.clk().events()
	what := fmt.Sprintf("restart of container %q", s.restart.Container)
	gap := s.hi.text + " after"
	lo := s.hi.d
	if s.within {
		gap, lo = "within "+s.hi.text+" of", 0
	}
	if s.lo != nil {
		gap, lo = "between "+s.lo.text+" and "+s.hi.text+" after", s.lo.d
	}
	exp := fmt.Sprintf("%s %s its %s exit", what, gap, ordinalWord(s.nth))
	x, ok := s.nthExit(events)
	if !ok {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: fmt.Sprintf("%s in the whole scenario", times(timeline.Count(events, s.exit), "exit"))}
	}
	q := st.question(s.restart, lo, s.hi.d)
	q.After = &x
	w, err := st.ask(ctx, q)
	if err != nil {
		return err
	}
	exp += w.Note()
	r, ok := s.restartAfter(events, x)
	var obs *timeline.Event
	switch {
	case !ok:
		err = &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: fmt.Sprintf("no restart after the exit %s", timeline.Occurrence(x, st.clock.t0)), Window: &w}
	case !w.Contains(r.At):
		obs = &r
		kind := timeline.Late
		if r.At < w.From {
			kind = timeline.Early
		}
		err = &timeline.Verdict{Kind: kind, Expected: exp, Observed: fmt.Sprintf("restarted %s after the exit %s", timeline.FormatOffset(r.At-x.At), timeline.Occurrence(x, st.clock.t0)), Window: &w, Event: obs}
	default:
		obs = &r
	}
	c := w.Check(checkWhat(s.restart), s.restart)
	c.Line, c.Step, c.OK, c.Interval = st.stepLine, st.stepText, err == nil, true
	if obs != nil {
		c.Observed, c.Seen = obs.At, true
	}
	st.Checks = append(st.Checks, c)
	return err
}

// ordinalWord is `first` … `tenth`, then `11th`.
func ordinalWord(n int) string {
	if n >= 1 && n <= len(ordinals) {
		return ordinals[n-1]
	}
	return fmt.Sprintf("%dth", n)
}
