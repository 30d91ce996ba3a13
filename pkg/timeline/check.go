package timeline

import "time"

// Check is one timed expectation as a step evaluated it: the window the
// event was expected in against when it was observed. Reports draw checks
// on the timeline chart. Times are session times, like events'.
type Check struct {
	Line      int    `json:"line"`
	Step      string `json:"step"`
	Pod       string `json:"pod,omitempty"`
	Container string `json:"container,omitempty"`
	// What is the event or state awaited: "SIGKILL", "Exited(137)",
	// "gone", "Running".
	What string        `json:"what"`
	From time.Duration `json:"from"`
	To   time.Duration `json:"to"`
	// Observed is when it happened, if Seen.
	Observed time.Duration `json:"observed,omitempty"`
	Seen     bool          `json:"seen"`
	OK       bool          `json:"ok"`

	// Ref is the reference the expectation's own bounds count from, in
	// session time: t=0 on the simulator; on a cluster, for the
	// consequences of an action, the kubelet's first observed reaction
	// to it (see docs/language.md, "live windows").
	Ref time.Duration `json:"ref"`
	// ExpectFrom and ExpectTo are the bounds as the scenario wrote them,
	// relative to Ref: [3s, 3s] for `at 3s`, [0, 10s] for `within 10s`.
	// The window [From, To] is these widened by the driver's precision
	// and what the rule allows.
	ExpectFrom time.Duration `json:"expect_from"`
	ExpectTo   time.Duration `json:"expect_to"`
	// Reaction marks the check of the kubelet's reaction to an action
	// against the bound the driver calibrated, not a rule of the
	// scenario.
	Reaction bool `json:"reaction,omitempty"`
	// Interval marks a check of the time between two observed events
	// (`SIGKILL 2s after SIGTERM`): Ref is the first event.
	Interval bool `json:"interval,omitempty"`
	// Verdict is the failure of a check that did not hold, as its matcher
	// made it.
	Verdict *Verdict `json:"verdict,omitempty"`
}

// Timed reports whether the check is a timed check whose resolution
// means something: the awaited event was seen, the expectation's window
// does not start at its reference (`within D` and `at 0s` would hold for
// any earlier rule), and it is not a reaction check.
func (c Check) Timed() bool {
	return c.Seen && c.ExpectFrom > 0 && !c.Reaction
}

// Resolves reports whether the same expectation shifted by d either way
// would have failed: the observation lies outside [From−d, To−d] and
// outside [From+d, To+d].
func (c Check) Resolves(d time.Duration) bool {
	if !c.Seen {
		return false
	}
	in := func(lo, hi time.Duration) bool { return c.Observed >= lo && c.Observed <= hi }
	return !in(c.From-d, c.To-d) && !in(c.From+d, c.To+d)
}

// Resolution counts the timed checks (see Timed) and those of them that
// reject a shift of d both ways.
func Resolution(checks []Check, d time.Duration) (resolving, timed int) {
	for _, c := range checks {
		if !c.Timed() {
			continue
		}
		timed++
		if c.Resolves(d) {
			resolving++
		}
	}
	return resolving, timed
}
