// Package mutation proves that every expectation of the catalogue can
// fail. A conformance suite whose "passed" cannot be wrong checks nothing,
// so each expectation of each scenario (each example row of an outline)
// is changed, one at a time, into one it must reject: a time shifted by a
// second, a `within` deadline put just before what was observed, a count
// off by one, an order reversed, a `never`/`not`/`no event` turned into
// its positive form, a value swapped. Each copy (a mutant) runs on the
// simulator, and it is killed when it fails at the changed step. A mutant
// that passes survives: either a rule says why the change does not matter
// (the kubelet's concurrency, a jittered back-off's range, the language's
// own rule), or it is a hole in the engine or a scenario too weak to
// notice.
//
// The package also keeps the second invariant of the verdicts: a timed
// check that says it held must have been observed inside its window
// (Windows).
//
// The test of this package runs the whole catalogue's mutants under
// `go test ./...`; `go run ./hack/mutants sim` prints the same report, and
// `go run ./hack/mutants gen|check` writes the time-shift mutants of a
// few scenarios for a live cluster (make test-live-mutants).
package mutation

import (
	"fmt"
	"strings"
	"time"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/steps"
)

// Class is a kind of change.
type Class string

// The classes of mutation.
const (
	// Shift moves a time of the expectation by a second, each way: `at T`,
	// both bounds of `between A and B` together, `N after SIGTERM`, the
	// `at` column of a timeline table, `not … after T`. A bound at 0 is
	// only moved later: durations are never negative.
	Shift Class = "shift"
	// Deadline replaces `within D` by `within O−1s`, O being when the
	// original run observed what the step awaits (its check): a later
	// deadline would hold by design, an earlier one than O must not.
	Deadline Class = "deadline"
	// Count moves a count by one each way, never below 0.
	Count Class = "count"
	// Order reverses an order: the names of `in this order`, the two
	// containers of `starts after container … is ready` and `receives
	// SIGTERM after container … has exited`.
	Order Class = "order"
	// Negation turns `never …`, `not …`, `no …` into the positive phrase.
	Negation Class = "negation"
	// Value swaps a value for another the expectation must reject: an
	// exit code, a phase, a STATUS, a condition's status, a signal, a QoS
	// class.
	Value Class = "value"
)

// classes are every class, in the order reports list them (never
// modified).
var classes = []Class{Shift, Deadline, Count, Order, Negation, Value}

// Mutant is a copy of one scenario's feature file with one step (or one
// row of a step's table) changed, every line kept at its number.
type Mutant struct {
	// Feature is the feature file's path, as the catalogue names it, and
	// ScenarioLine the pickle's line (an outline's example row): the
	// mutant runs under the same path and line, so with the same seed.
	Feature      string `json:"feature"`
	ScenarioLine int    `json:"scenarioLine"`
	Name         string `json:"name"`
	// Line is the changed line; StepLine the step whose failure kills the
	// mutant (a table row's step for a row).
	Line     int    `json:"line"`
	StepLine int    `json:"stepLine"`
	Class    Class  `json:"class"`
	Was      string `json:"was"`
	Now      string `json:"now"`
	// Pattern is the registry's phrase the original step matches.
	Pattern string `json:"pattern"`
	// Content is the whole mutated feature file.
	Content []byte `json:"-"`
}

// Source is the scenario the mutant was made from, FILE:LINE.
func (m Mutant) Source() string { return fmt.Sprintf("%s:%d", m.Feature, m.ScenarioLine) }

// Skip is an expectation, or a mutation of one, that was not made, and
// why: a `within` whose original observation is unknown, a phrase with
// nothing to change.
type Skip struct {
	Feature      string
	ScenarioLine int
	Line         int
	Class        Class
	Step         string
	Reason       string
}

// Options select the mutations.
type Options struct {
	// Classes are the classes made; none means all.
	Classes []Class
	// Only, when set, keeps the mutations it accepts (LiveShift: those a
	// live cluster's windows must still reject).
	Only func(p Phrase, o Op) bool
	// By is how far a Shift moves a time and how far before the
	// observation a Deadline goes (DefaultBy when 0).
	By time.Duration
}

// DefaultBy is a second, the resolution the catalogue writes its times
// in.
const DefaultBy = time.Second

func (o Options) wants(c Class) bool {
	if len(o.Classes) == 0 {
		return true
	}
	for _, x := range o.Classes {
		if x == c {
			return true
		}
	}
	return false
}

// Generate makes the mutants of one scenario (one pickle). facts are
// those of the scenario's own run on the driver the mutants will run on:
// the Deadline class needs what it observed, and without them (nil)
// deadlines are skipped. Every mutated step is checked to match exactly
// one phrase of the registry; an error is a bug of the generator or of
// its table.
func Generate(sc *runner.Scenario, facts *Facts, opt Options) ([]Mutant, []Skip, error) {
	lines := strings.Split(string(sc.Feature.Content), "\n")
	astSteps := stepsByID(sc.Feature.Doc)
	by := opt.By
	if by == 0 {
		by = DefaultBy
	}
	var out []Mutant
	var skips []Skip
	for i, ps := range sc.Pickle.Steps {
		line := sc.StepLines[i]
		def, ok := matchOne(ps.Text)
		if !ok {
			continue // lint's business: the catalogue's scenarios all match
		}
		ph, ok := phraseFor(def.Shown().String())
		if !ok {
			continue
		}
		sub := def.Pattern.FindStringSubmatchIndex(ps.Text)
		st := stepCtx{text: ps.Text, sub: sub, facts: facts, line: line, by: by}
		add := func(lineNo int, was, now, newLine string, c Class) {
			cp := append([]string(nil), lines...)
			cp[lineNo-1] = newLine
			out = append(out, Mutant{
				Feature: sc.Feature.Path, ScenarioLine: sc.Line, Name: sc.Name,
				Line: lineNo, StepLine: line, Class: c, Was: was, Now: now, Pattern: ph.Pattern,
				Content: []byte(strings.Join(cp, "\n")),
			})
		}
		for _, o := range ph.Ops {
			if !opt.wants(o.Class) || (opt.Only != nil && !opt.Only(ph, o)) {
				continue
			}
			if o.Kind == rows {
				ast := astSteps[ps.AstNodeIds[0]]
				edits, skip := tableRowShifts(ps, ast, lines, by)
				if skip != "" {
					skips = append(skips, Skip{sc.Feature.Path, sc.Line, line, o.Class, ps.Text, skip})
				}
				for _, e := range edits {
					add(e.line, strings.TrimSpace(lines[e.line-1]), strings.TrimSpace(e.text), indentOf(lines[e.line-1])+e.text, o.Class)
				}
				continue
			}
			// An outline's step line is its template: the row's own
			// text says what was changed.
			was := strings.TrimSpace(lines[line-1])
			if len(ps.AstNodeIds) > 1 || len(sc.Pickle.AstNodeIds) > 1 {
				was = strings.TrimSpace(sc.Keywords[i]) + " " + ps.Text
			}
			texts, skip := o.apply(st)
			if skip != "" {
				skips = append(skips, Skip{sc.Feature.Path, sc.Line, line, o.Class, ps.Text, skip})
			}
			for _, t := range texts {
				if d, ok := matchOne(t); !ok {
					return nil, nil, fmt.Errorf("%s:%d: mutating %q (%s) gave %q, which matches no single phrase", sc.Feature.Path, line, ps.Text, o.Class, t)
				} else if o.Kind != negate && d.Shown().String() != ph.Pattern {
					return nil, nil, fmt.Errorf("%s:%d: mutating %q (%s) gave %q, another phrase (%s)", sc.Feature.Path, line, ps.Text, o.Class, t, d.Pattern)
				}
				newLine, err := replaceStepText(lines[line-1], sc.Keywords[i], t)
				if err != nil {
					return nil, nil, fmt.Errorf("%s:%d: %w", sc.Feature.Path, line, err)
				}
				add(line, was, strings.TrimSpace(newLine), newLine, o.Class)
			}
		}
	}
	return out, skips, nil
}

// matchOne finds the one phrase of the registry the text matches.
func matchOne(text string) (steps.Def, bool) {
	var found steps.Def
	n := 0
	for _, d := range steps.Definitions() {
		if d.Matches(text) {
			found = d
			n++
		}
	}
	return found, n == 1
}

// stepsByID indexes the document's steps (backgrounds', scenarios',
// rules') by AST id, for a pickle step's table and its rows' lines.
func stepsByID(doc *messages.GherkinDocument) map[string]*messages.Step {
	out := map[string]*messages.Step{}
	add := func(ss []*messages.Step) {
		for _, s := range ss {
			out[s.Id] = s
		}
	}
	for _, c := range doc.Feature.Children {
		switch {
		case c.Background != nil:
			add(c.Background.Steps)
		case c.Scenario != nil:
			add(c.Scenario.Steps)
		case c.Rule != nil:
			for _, rc := range c.Rule.Children {
				if rc.Background != nil {
					add(rc.Background.Steps)
				}
				if rc.Scenario != nil {
					add(rc.Scenario.Steps)
				}
			}
		}
	}
	return out
}

// replaceStepText keeps the line's indentation and keyword and puts text
// after them. A step of an outline gets its pickle's text: the mutant's
// other example rows are commented out when it runs (runner's isolate),
// so the concrete text serves the one row it runs.
func replaceStepText(line, keyword, text string) (string, error) {
	body := strings.TrimLeft(line, " \t")
	ws := line[:len(line)-len(body)]
	kw := strings.TrimSpace(keyword)
	if !strings.HasPrefix(body, kw) {
		return "", fmt.Errorf("the step line %q does not start with its keyword %q", line, kw)
	}
	rest := body[len(kw):]
	sp := rest[:len(rest)-len(strings.TrimLeft(rest, " \t"))]
	cr := ""
	if strings.HasSuffix(line, "\r") {
		cr = "\r"
	}
	return ws + kw + sp + text + cr, nil
}

func indentOf(line string) string {
	return line[:len(line)-len(strings.TrimLeft(line, " \t"))]
}
