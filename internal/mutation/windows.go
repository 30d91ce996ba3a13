package mutation

import (
	"fmt"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/timeline"
)

// Violation is a check whose verdict its own record contradicts.
type Violation struct {
	// Scenario is FILE:LINE of the result the check is in.
	Scenario string
	Check    timeline.Check
	Problem  string
}

func (v Violation) String() string {
	c := v.Check
	return fmt.Sprintf("%s: line %d %q: %s (what %s, window [%s, %s], observed %s, seen %t, ok %t, ref %s, expected [%s, %s]%s)",
		v.Scenario, c.Line, c.Step, v.Problem, c.What, offset(c.From-c.Ref), offset(c.To-c.Ref), observed(c), c.Seen, c.OK,
		offset(c.Ref), offset(c.ExpectFrom), offset(c.ExpectTo), kind(c))
}

func observed(c timeline.Check) string {
	if !c.Seen {
		return "nothing"
	}
	return offset(c.Observed - c.Ref)
}

func kind(c timeline.Check) string {
	switch {
	case c.Reaction:
		return ", a reaction"
	case c.Interval:
		return ", an interval"
	}
	return ""
}

// Windows checks the invariant of a result's timed checks: a check that
// held saw what it awaited inside its window, [From, To] in session time
// (an `at`, a `between`, a `within` whose window starts at the scenario's
// start for a state, an interval after its first event, a live reaction
// before its bound); and a check that failed did not see it inside (the
// verdict then contradicts the record the other way). Times are those
// the check itself recorded, so a violation is the engine's, whatever
// the scenario says.
func Windows(r report.Result) []Violation {
	var out []Violation
	id := fmt.Sprintf("%s:%d", r.Feature, r.Line)
	for _, c := range r.Checks {
		in := c.Seen && c.Observed >= c.From && c.Observed <= c.To
		switch {
		case c.OK && !c.Seen:
			out = append(out, Violation{id, c, "held without observing what it awaits"})
		case c.OK && !in:
			out = append(out, Violation{id, c, "held with its observation outside its window"})
		case !c.OK && in:
			out = append(out, Violation{id, c, "failed with its observation inside its window"})
		}
	}
	return out
}
