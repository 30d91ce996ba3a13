package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Then container "app" receives SIGKILL 2s after SIGTERM
//
// Then container "app" does not receive SIGKILL 30s after SIGTERM (not):
// its negation on the same judgement and window, the SIGTERM chosen as
// the untimed rule chooses it; it holds when no SIGKILL came in that
// window after it (an earlier one, a force delete's, or none), and when
// there was no SIGTERM at all. Then container "app" receives SIGKILL
// less than 30s after SIGTERM (less): a SIGKILL came after the SIGTERM
// before 30 s (on a cluster by the end of that instant's window, as a
// deadline is judged).
type killAfterTerm struct {
	ctr  ctrOfPod
	gap  afterNames[time.Duration]
	term timeline.Selector
	mode killGap
}

// killGap is what killAfterTerm says of the gap: exactly it, not it, or
// less.
type killGap int

const (
	killAt killGap = iota
	killNotAt
	killBefore
)

func (s *killAfterTerm) Declare(pl *Plan) (err error) {
	if s.term, err = s.ctr.event(pl, timeline.SIGTERM); err != nil {
		return err
	}
	return s.gap.err
}

func (s *killAfterTerm) Run(ctx context.Context, st *State) error {
	term, gap := s.term, s.gap.text
	kill := term
	kill.Kind = timeline.SIGKILL
	if err := st.awaitUntimed(ctx, term); err != nil {
		return err
	}
	t, ok := timeline.Chosen(st.clk().events(), st.clock.t0, term)
	if !ok {
		if s.mode == killNotAt {
			return nil // no SIGTERM: no SIGKILL after one
		}
		return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("SIGKILL of container %q %s%s after SIGTERM", s.ctr.name, s.mode.words(), gap), Observed: "no SIGTERM in the whole scenario"}
	}
	w := st.interval(kill, t, s.gap.v)
	_, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := timeline.FirstAfter(v.Timeline(), t, timeline.Order{}, kill)
		return ok
	})
	if err != nil {
		return err
	}
	// The SIGKILL of the same instance as the SIGTERM chosen: a restart
	// ends the search.
	var obs *timeline.Event
	if e, ok := timeline.FirstAfter(st.clk().events(), t, timeline.Order{}, kill); ok {
		obs = &e
	}
	exp := fmt.Sprintf("%s %s after SIGTERM%s", kill.Describe(), gap, w.Note())
	switch s.mode {
	case killNotAt:
		err = nil
		if obs != nil && w.Contains(obs.At) {
			err = &timeline.Verdict{Kind: timeline.Unexpected, Expected: "no " + exp, Observed: fmt.Sprintf("SIGKILL %s after SIGTERM (SIGTERM %s)", timeline.FormatOffset(obs.At-t.At), timeline.Occurrence(t, st.clock.t0)), Window: &w, Event: obs}
		}
		return err
	case killBefore:
		exp = fmt.Sprintf("%s less than %s after SIGTERM%s", kill.Describe(), gap, w.Note())
		switch {
		case obs == nil:
			return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: fmt.Sprintf("no SIGKILL by %s after the SIGTERM %s", gap, timeline.Occurrence(t, st.clock.t0)), Window: &w}
		case obs.At > w.To || obs.At == w.To && w.From == w.To:
			// By the deadline's own window on a cluster, as `within D`
			// judges (exactly: not at D itself).
			return &timeline.Verdict{Kind: timeline.Late, Expected: exp, Observed: fmt.Sprintf("SIGKILL %s after SIGTERM (SIGTERM %s)", timeline.FormatOffset(obs.At-t.At), timeline.Occurrence(t, st.clock.t0)), Window: &w, Event: obs}
		}
		return nil
	}
	switch {
	case obs == nil:
		err = &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: fmt.Sprintf("no SIGKILL after the SIGTERM %s", timeline.Occurrence(t, st.clock.t0)), Window: &w}
	case !w.Contains(obs.At):
		kind := timeline.Late
		if obs.At < w.From {
			kind = timeline.Early
		}
		err = &timeline.Verdict{Kind: kind, Expected: exp, Observed: fmt.Sprintf("SIGKILL %s after SIGTERM (SIGTERM %s)", timeline.FormatOffset(obs.At-t.At), timeline.Occurrence(t, st.clock.t0)), Window: &w, Event: obs}
	}
	c := w.Check(checkWhat(kill), kill)
	c.Line, c.Step, c.OK, c.Interval = st.stepLine, st.stepText, err == nil, true
	if obs != nil {
		c.Observed, c.Seen = obs.At, true
	}
	st.Checks = append(st.Checks, c)
	return err
}

// words are the gap's words before the duration.
func (m killGap) words() string {
	switch m {
	case killNotAt:
		return "not "
	case killBefore:
		return "less than "
	}
	return ""
}
