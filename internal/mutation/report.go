package mutation

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/report"
)

// Diagnose says what the facts show of a survivor no rule explains: a
// check that passed outside its window, a state the timeline shows only
// after the deadline the mutant set and how far earlier steps had run the
// scenario. Empty when they show nothing particular.
func Diagnose(f *Facts, o Outcome) string {
	m := o.Mutant
	var notes []string
	for _, c := range o.Result.Checks {
		if c.Line != m.StepLine || c.Reaction || !c.OK || !c.Seen {
			continue
		}
		if c.Observed < c.From || c.Observed > c.To {
			notes = append(notes, fmt.Sprintf("its check passed with %s observed at %s, outside its window [%s, %s]: a wrong verdict",
				c.What, offset(c.Observed-c.Ref), offset(c.From-c.Ref), offset(c.To-c.Ref)))
		}
	}
	text := stepText(m)
	if withinRe.MatchString(text) {
		if q, d, ok := stateOf(text, f.onlyPod(), f.onlyNode()); ok {
			if t0, err := f.T0(m.StepLine); err == nil {
				first, seen := firstHeldFrom(f.Original.Timeline, q, t0)
				switch {
				case !seen:
					notes = append(notes, fmt.Sprintf("the original's timeline never shows %s from t=0 on", describe(q)))
				case first-t0 > d:
					notes = append(notes, fmt.Sprintf("the original's timeline shows %s first at %s, after the deadline %s", describe(q), offset(first-t0), offset(d)))
				}
				if ran, line, ok := ranTo(f, m.StepLine, t0); ok && ran-t0 > d {
					notes = append(notes, fmt.Sprintf("an earlier step of the same t=0 (line %d) had run the scenario to %s, past the deadline", line, offset(ran-t0)))
				} else if prev, ok := stepBefore(o, m.StepLine); ok {
					notes = append(notes, fmt.Sprintf("the step before it: line %d %q", prev.Line, prev.Keyword+" "+prev.Text))
				}
			}
		}
	}
	return strings.Join(notes, "; ")
}

// ranTo is how far the original's checks before line, in the same t=0,
// had run the scenario: the latest observation among them.
func ranTo(f *Facts, line int, t0 time.Duration) (time.Duration, int, bool) {
	var best time.Duration
	at, found := 0, false
	for _, c := range f.Original.Checks {
		if c.Line >= line || c.Reaction || c.Ref != t0 || !c.Seen {
			continue
		}
		if c.Observed >= best {
			best, at, found = c.Observed, c.Line, true
		}
	}
	return best, at, found
}

// stepBefore is the step that ran just before line in the mutant's run.
func stepBefore(o Outcome, line int) (report.Step, bool) {
	for i, s := range o.Result.Steps {
		if s.Line == line && i > 0 {
			return o.Result.Steps[i-1], true
		}
	}
	return report.Step{}, false
}

func describe(q query) string {
	switch q.kind {
	case "condition":
		return fmt.Sprintf("condition %s=%s", q.name, q.value)
	case "rs-ready":
		return fmt.Sprintf("%d Ready pods", q.n)
	case "ready":
		return fmt.Sprintf("container %q ready", q.container)
	}
	return fmt.Sprintf("%s %s", q.kind, q.name)
}

// Counts are a run's numbers.
type Counts struct {
	Mutants, Killed, Elsewhere, ByRule, Unexplained, Skipped, Invalid int
	// PerRule counts the survivors each rule explains.
	PerRule map[string]int
}

// Count counts the outcomes.
func (r *Run) Count() Counts {
	c := Counts{Mutants: len(r.Outcomes), PerRule: map[string]int{}}
	for _, o := range r.Outcomes {
		switch o.Verdict {
		case Killed:
			c.Killed++
		case Elsewhere:
			c.Elsewhere++
		case Skipped:
			c.Skipped++
		case Invalid:
			c.Invalid++
		case Survived:
			if o.Rule != nil {
				c.ByRule++
				c.PerRule[o.Rule.Name]++
			} else {
				c.Unexplained++
			}
		}
	}
	return c
}

// Failing are the outcomes that make the proof fail: survivors no rule
// explains, mutants failed elsewhere, skipped or invalid.
func (r *Run) Failing() []Outcome {
	var out []Outcome
	for _, o := range r.Outcomes {
		if o.Verdict != Killed && !(o.Verdict == Survived && o.Rule != nil) {
			out = append(out, o)
		}
	}
	return out
}

// Line is the summary line: the three numbers and the rest.
func (c Counts) Line() string {
	return fmt.Sprintf("%d mutants: %d killed, %d survived by rule, %d survived unexplained (%d failed elsewhere, %d skipped, %d invalid)",
		c.Mutants, c.Killed, c.ByRule, c.Unexplained, c.Elsewhere, c.Skipped, c.Invalid)
}

// Write prints the run: per class, the survivors each rule explains, the
// unexplained ones with their diagnosis, those failed elsewhere, the
// expectations not mutated, and the summary line last.
func (r *Run) Write(w io.Writer) {
	c := r.Count()
	fmt.Fprintf(w, "mutation of %d scenarios (%d not passing, not mutated): %d mutants in %s\n", len(r.Originals), len(r.Unrun), c.Mutants, r.Took.Round(1e6))
	for _, u := range r.Unrun {
		fmt.Fprintf(w, "  not mutated, the original %s: %s:%d %s\n", u.Status, u.Feature, u.Line, u.Name)
	}
	type row struct{ killed, rule, unexplained, other int }
	per := map[Class]*row{}
	for _, cl := range classes {
		per[cl] = &row{}
	}
	for _, o := range r.Outcomes {
		p := per[o.Mutant.Class]
		switch {
		case o.Verdict == Killed:
			p.killed++
		case o.Verdict == Survived && o.Rule != nil:
			p.rule++
		case o.Verdict == Survived:
			p.unexplained++
		default:
			p.other++
		}
	}
	fmt.Fprintf(w, "\n  %-9s %7s %7s %12s %6s\n", "class", "killed", "by rule", "unexplained", "other")
	for _, cl := range classes {
		p := per[cl]
		fmt.Fprintf(w, "  %-9s %7d %7d %12d %6d\n", cl, p.killed, p.rule, p.unexplained, p.other)
	}
	for _, rule := range rules {
		n := c.PerRule[rule.Name]
		fmt.Fprintf(w, "\nsurvived by rule %q: %d\n  (%s)\n", rule.Name, n, rule.Source)
		for _, o := range r.Outcomes {
			if o.Rule != nil && o.Rule.Name == rule.Name {
				fmt.Fprintf(w, "  %s:%d  %s\n      was: %s\n      why: %s\n", o.Mutant.Feature, o.Mutant.Line, o.Mutant.Now, o.Mutant.Was, o.Why)
			}
		}
	}
	fmt.Fprintf(w, "\nsurvived unexplained: %d\n", c.Unexplained)
	for _, o := range r.Outcomes {
		if o.Verdict == Survived && o.Rule == nil {
			writeOutcome(w, o)
		}
	}
	var other []Outcome
	for _, o := range r.Outcomes {
		if o.Verdict == Elsewhere || o.Verdict == Skipped || o.Verdict == Invalid {
			other = append(other, o)
		}
	}
	fmt.Fprintf(w, "\nfailed elsewhere, skipped or invalid: %d\n", len(other))
	for _, o := range other {
		writeOutcome(w, o)
	}
	skips := map[string]int{}
	for _, s := range r.Skips {
		skips[string(s.Class)+": "+s.Reason]++
	}
	keys := make([]string, 0, len(skips))
	for k := range skips {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "\nmutations not made: %d\n", len(r.Skips))
	for _, k := range keys {
		fmt.Fprintf(w, "  %3d %s\n", skips[k], k)
	}
	fmt.Fprintf(w, "\n%s\n", c.Line())
}

func writeOutcome(w io.Writer, o Outcome) {
	m := o.Mutant
	fmt.Fprintf(w, "  %s:%d (scenario %d, %s, %s)\n      was: %s\n      now: %s\n", m.Feature, m.Line, m.ScenarioLine, m.Class, o.Verdict, m.Was, m.Now)
	switch {
	case o.Verdict == Survived && o.FailedAt != 0:
		fmt.Fprintf(w, "      its step passed; the scenario failed later, at line %d: %s\n", o.FailedAt, firstLine(o.Message))
	case o.Verdict == Elsewhere:
		fmt.Fprintf(w, "      failed first at line %d, not at the mutated step: %s\n", o.FailedAt, firstLine(o.Message))
	case o.Verdict != Survived:
		fmt.Fprintf(w, "      %s\n", firstLine(o.Message))
	}
	if o.Diagnosis != "" {
		fmt.Fprintf(w, "      facts: %s\n", o.Diagnosis)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
