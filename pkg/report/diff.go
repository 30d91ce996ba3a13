package report

import (
	"fmt"
	"html/template"
	"io"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// DefaultTolerance is how far two drivers' times may differ before a diff
// calls it a divergence: the live driver's tolerance in design.md.
const DefaultTolerance = 1500 * time.Millisecond

// lifecycleKind tells the container-level events a diff compares: what a
// container went through, which both drivers observe the same way. Pod
// conditions, Kubernetes Events and the API's bookkeeping differ in
// timing and detail between a simulator and a real control plane without
// meaning the lifecycle differs.
func lifecycleKind(k timeline.Kind) bool {
	switch k {
	case timeline.Started, timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited:
		return true
	}
	return false
}

// Difference is one way two runs of a scenario differ.
type Difference struct {
	// Kind is "outcome", "events" (an event only one run has, an exit
	// code included), "order" or "timing".
	Kind string `json:"kind"`
	Text string `json:"text"`
	// Explained is the entry of the list of explained divergences that
	// explains it (DiffReport.Explain), nil for an unexplained one.
	Explained *Explanation `json:"explained,omitempty"`
}

// ScenarioDiff is one scenario as two runs saw it.
type ScenarioDiff struct {
	ID          string       `json:"id"`
	Name        string       `json:"name"`
	A, B        *Result      `json:"-"`
	Differences []Difference `json:"differences,omitempty"`
	// NotCompared says why the runs could not be compared (a skip, a
	// scenario only one run has).
	NotCompared string `json:"notCompared,omitempty"`
}

// DiffReport is the comparison of two runs.
type DiffReport struct {
	A, B      string // the runs' labels (their folders or drivers)
	Tolerance time.Duration
	// Common counts the scenarios both runs have, Compared those both
	// ran to an outcome.
	Common, Compared int
	// Diverged lists the scenarios that differ in a way no explanation
	// covers, Explained those whose differences are all explained
	// (Explain), NotCompared those that could not be compared; all in
	// feature and line order. Unused are the explanations that matched
	// nothing.
	Diverged    []ScenarioDiff
	Explained   []ScenarioDiff
	NotCompared []ScenarioDiff
	Unused      []Explanation
}

type scenarioKey struct {
	feature string
	line    int
}

// Diff compares two runs scenario by scenario (by feature path and line):
// their outcome, the order of the container-level lifecycle events, and
// those events' times relative to t=0 beyond tol. Times before t=0 are
// setup (pod start on a real cluster takes seconds the simulator does
// not spend) and are compared for order only. Where the simulator drew
// an event's time (a restart after a crash-loop back-off: the event's
// Range), any time in the range, widened by tol, agrees (compare.go,
// align), and the kills the kubelet starts together may come in any
// order (allConcurrent).
func Diff(aLabel string, a []Result, bLabel string, b []Result, tol time.Duration) DiffReport {
	d := DiffReport{A: aLabel, B: bLabel, Tolerance: tol}
	index := func(rs []Result) map[scenarioKey]*Result {
		m := map[scenarioKey]*Result{}
		for i := range rs {
			m[scenarioKey{rs[i].Feature, rs[i].Line}] = &rs[i]
		}
		return m
	}
	ia, ib := index(a), index(b)
	var keys []scenarioKey
	for k := range ia {
		keys = append(keys, k)
	}
	for k := range ib {
		if ia[k] == nil {
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].feature != keys[j].feature {
			return keys[i].feature < keys[j].feature
		}
		return keys[i].line < keys[j].line
	})
	for _, k := range keys {
		ra, rb := ia[k], ib[k]
		sd := ScenarioDiff{ID: fmt.Sprintf("%s:%d", k.feature, k.line), A: ra, B: rb}
		switch {
		case ra == nil:
			sd.Name, sd.NotCompared = rb.Name, "only in "+bLabel
		case rb == nil:
			sd.Name, sd.NotCompared = ra.Name, "only in "+aLabel
		default:
			d.Common++
			sd.Name = ra.Name
			sd.NotCompared = notCompared(aLabel, ra, bLabel, rb)
		}
		if sd.NotCompared != "" {
			d.NotCompared = append(d.NotCompared, sd)
			continue
		}
		d.Compared++
		sd.Differences = compare(aLabel, ra, bLabel, rb, tol)
		if len(sd.Differences) > 0 {
			d.Diverged = append(d.Diverged, sd)
		}
	}
	return d
}

func notCompared(aLabel string, a *Result, bLabel string, b *Result) string {
	switch {
	case a.Status == Skipped && b.Status == Skipped:
		return "skipped on both"
	case a.Status == Skipped:
		return fmt.Sprintf("skipped on %s: %s", aLabel, a.Reason)
	case b.Status == Skipped:
		return fmt.Sprintf("skipped on %s: %s", bLabel, b.Reason)
	case a.Status == Interrupted:
		return fmt.Sprintf("%s on %s", a.Reason, aLabel)
	case b.Status == Interrupted:
		return fmt.Sprintf("%s on %s", b.Reason, bLabel)
	case a.Status == Errored:
		return fmt.Sprintf("infrastructure error on %s: %s", aLabel, a.Reason)
	case b.Status == Errored:
		return fmt.Sprintf("infrastructure error on %s: %s", bLabel, b.Reason)
	}
	return ""
}

// Text writes the diff as a short list for a terminal: the diverged
// scenarios, an explained difference among theirs marked as such, then
// the scenarios whose differences are all explained.
func (d DiffReport) Text(w io.Writer) {
	fmt.Fprintf(w, "%s vs %s: %d scenario(s) compared, %d diverged, %d explained (tolerance %s), %d not compared\n",
		d.A, d.B, d.Compared, len(d.Diverged), len(d.Explained), timeline.FormatOffset(d.Tolerance), len(d.NotCompared))
	list := func(sds []ScenarioDiff) {
		for _, sd := range sds {
			fmt.Fprintf(w, "\n%s %s\n", sd.ID, sd.Name)
			for _, df := range sd.Differences {
				fmt.Fprintf(w, "  %s: %s\n", df.Kind, df.Text)
				if e := df.Explained; e != nil {
					fmt.Fprintf(w, "    explained: %s (%s)\n", e.Explanation, e.Source)
				}
			}
		}
	}
	list(d.Diverged)
	if len(d.Explained) > 0 {
		fmt.Fprintf(w, "\nexplained (every difference is in the list of explained divergences):\n")
		list(d.Explained)
	}
	if len(d.Unused) > 0 {
		fmt.Fprintf(w, "\nexplanations that matched nothing here:\n")
		for _, e := range d.Unused {
			fmt.Fprintf(w, "  %s %s /%s/\n", e.Scenario, e.Kind, e.Text)
		}
	}
	if len(d.NotCompared) > 0 {
		fmt.Fprintf(w, "\nnot compared:\n")
		for _, sd := range d.NotCompared {
			fmt.Fprintf(w, "  %s %s: %s\n", sd.ID, sd.Name, sd.NotCompared)
		}
	}
}

// The diff page's view model.
type diffView struct {
	A, B        string
	Tolerance   string
	Compared    int
	Diverged    []diffRow
	Explained   []diffRow
	NotCompared []ScenarioDiff
}

type diffRow struct {
	ID, Anchor, Name string
	StatusA, StatusB string
	Kinds            string
	// Explained: every difference is explained.
	Explained      bool
	Differences    []Difference
	ChartA, ChartB template.HTML
}

// HTML writes the diff as a self-contained page: the diverged scenarios
// with what differs (an explained difference with its explanation) and
// both runs' charts one above the other, the scenarios whose differences
// are all explained, then the scenarios that could not be compared and
// why.
func (d DiffReport) HTML(w io.Writer) error {
	v := diffView{A: d.A, B: d.B, Tolerance: timeline.FormatOffset(d.Tolerance), Compared: d.Compared, NotCompared: d.NotCompared}
	var err error
	if v.Diverged, err = diffRows(d.Diverged, false); err != nil {
		return err
	}
	if v.Explained, err = diffRows(d.Explained, true); err != nil {
		return err
	}
	return templates.ExecuteTemplate(w, "diff.html", v)
}

func diffRows(sds []ScenarioDiff, explained bool) ([]diffRow, error) {
	var rows []diffRow
	for _, sd := range sds {
		row := diffRow{ID: sd.ID, Anchor: anchor(sd.A.Feature, sd.A.Line, ""), Name: sd.Name, Explained: explained,
			StatusA: string(sd.A.Status), StatusB: string(sd.B.Status), Differences: sd.Differences}
		var kinds []string
		for _, df := range sd.Differences {
			if !slices.Contains(kinds, df.Kind) {
				kinds = append(kinds, df.Kind)
			}
		}
		row.Kinds = strings.Join(kinds, ", ")
		var err error
		if row.ChartA, err = chartHTML(sd.A, true); err != nil {
			return nil, err
		}
		if row.ChartB, err = chartHTML(sd.B, true); err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}
