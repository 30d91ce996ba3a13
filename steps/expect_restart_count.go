package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// Then container "app" has restart count 1 between 21s and 33s: the
// status showed that count at some time of the window, as authors read
// restartCount right after a restart (issue 38's fourth held-out set):
// the Nth restart came by its end, the next not before its beginning.
type restartCountBetween struct {
	containerNamed
	n    Count
	a, b writtenSpan
}

func (s restartCountBetween) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	sel := timeline.Selector{Pod: p.name, Container: c.Name, Kind: timeline.Restarted}
	want := int(s.n)
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, s.a.d, s.b.d)
	if err != nil {
		return err
	}
	// Every restart before the window is known once it begins; then the
	// Nth may still come by its end.
	if w.From > st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, w.From, nil); err != nil {
			return err
		}
	}
	if err := runToNth(ctx, st, sel, want, w.To); err != nil {
		return err
	}
	events := st.clk().events()
	nth, came := nthBy(events, sel, want, w.To)
	next, passed := nthBy(events, sel, want+1, w.From)
	exp := fmt.Sprintf("container %q with restart count %d between %s and %s%s", c.Name, want, s.a.text, s.b.text, w.Note())
	var verdict error
	var obs *timeline.Event
	switch {
	case !came:
		verdict = &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Window: &w,
			Observed: fmt.Sprintf("%s by %s", times(countBy(events, sel, w.To), "restart"), timeline.FormatOffset(w.To-st.clock.t0.At))}
	case passed:
		obs = &next
		verdict = &timeline.Verdict{Kind: timeline.Early, Expected: exp, Window: &w, Event: &next,
			Observed: fmt.Sprintf("restart %d came %s, before the window", want+1, timeline.Occurrence(next, st.clock.t0))}
	case want > 0:
		obs = &nth
	default:
		// A count of 0 awaits no restart: nothing to time, no window
		// check to record (it would claim an observation it never made).
		return nil
	}
	return st.keepWindowCheck(sel, fmt.Sprintf("restart count %d", want), w, obs, verdict)
}
