package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
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
	// Compared counts the scenarios both runs ran to an outcome.
	Compared int
	// Diverged lists the scenarios that differ, NotCompared those that
	// could not be compared; both in feature and line order.
	Diverged    []ScenarioDiff
	NotCompared []ScenarioDiff
}

type scenarioKey struct {
	feature string
	line    int
}

// Diff compares two runs scenario by scenario (by feature path and line):
// their outcome, the order of the container-level lifecycle events, and
// those events' times relative to t=0 beyond tol. Times before t=0 are
// setup (pod start on a real cluster takes seconds the simulator does
// not spend) and are compared for order only.
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
	}
	return ""
}

// lifecycleEvent is one compared event: its name in the run ("web/app
// SIGTERM", the nth occurrence numbered from the second) and its time
// relative to t=0.
type lifecycleEvent struct {
	key string
	at  time.Duration
	ev  timeline.Event
}

func lifecycle(r *Result) []lifecycleEvent {
	var out []lifecycleEvent
	seen := map[string]int{}
	// In (At, Seq) order, as a driver records them; results read from a
	// file are not trusted to be.
	events := append([]timeline.Event(nil), r.Timeline...)
	sort.SliceStable(events, func(i, j int) bool {
		if events[i].At != events[j].At {
			return events[i].At < events[j].At
		}
		return events[i].Seq < events[j].Seq
	})
	for _, e := range events {
		if e.Container == "" || !lifecycleKind(e.Kind) {
			continue
		}
		k := laneKey(e.Pod, e.Container) + " " + e.Label()
		seen[k]++
		if n := seen[k]; n > 1 {
			k = fmt.Sprintf("%s #%d", k, n)
		}
		out = append(out, lifecycleEvent{key: k, at: e.At - r.T0, ev: e})
	}
	return out
}

func compare(aLabel string, a *Result, bLabel string, b *Result, tol time.Duration) []Difference {
	var out []Difference
	if a.Status != b.Status {
		text := fmt.Sprintf("%s on %s, %s on %s", a.Status, aLabel, b.Status, bLabel)
		for _, side := range []struct {
			label string
			r     *Result
		}{{aLabel, a}, {bLabel, b}} {
			if side.r.Failure != nil {
				text += fmt.Sprintf("; %s: line %d: %s", side.label, side.r.Failure.Line, firstLine(side.r.Failure.Message))
			}
		}
		out = append(out, Difference{Kind: "outcome", Text: text})
	}
	ea, eb := lifecycle(a), lifecycle(b)
	at := func(es []lifecycleEvent) map[string]time.Duration {
		m := map[string]time.Duration{}
		for _, e := range es {
			m[e.key] = e.at
		}
		return m
	}
	ta, tb := at(ea), at(eb)
	// A run observed up to its end: what the other run did after that
	// (less the tolerance, for observations still on their way) was not
	// seen, which is no difference. A live run ends with its last step; the
	// simulator's may have run on to the end of the scenario's activity.
	ha, hb := horizon(a, tol), horizon(b, tol)
	var commonA, commonB []string
	events := map[string]timeline.Event{}
	for _, e := range ea {
		events[e.key] = e.ev
		if _, ok := tb[e.key]; !ok {
			if e.at <= hb {
				out = append(out, Difference{Kind: "events", Text: fmt.Sprintf("%s at %s on %s, never on %s", e.key, timeline.FormatOffset(e.at), aLabel, bLabel)})
			}
			continue
		}
		commonA = append(commonA, e.key)
	}
	for _, e := range eb {
		if _, ok := ta[e.key]; !ok {
			if e.at <= ha {
				out = append(out, Difference{Kind: "events", Text: fmt.Sprintf("%s at %s on %s, never on %s", e.key, timeline.FormatOffset(e.at), bLabel, aLabel)})
			}
			continue
		}
		commonB = append(commonB, e.key)
	}
	for i := range commonA {
		if commonA[i] == commonB[i] {
			continue
		}
		// Events the kubelet starts at once (one goroutine per container,
		// one worker per pod) come in any order on a real kubelet: where
		// b's next events are all concurrent, on a, with a's, the order
		// holds.
		j := slices.Index(commonB[i:], commonA[i]) + i
		if j > i && allConcurrent(events, ta, tb, commonA[i], commonB[i:j], tol) {
			moved := commonB[j]
			copy(commonB[i+1:j+1], commonB[i:j])
			commonB[i] = moved
			continue
		}
		out = append(out, Difference{Kind: "order", Text: fmt.Sprintf("from event %d on: %s has %s; %s has %s",
			i+1, aLabel, strings.Join(commonA[i:], ", "), bLabel, strings.Join(commonB[i:], ", "))})
		break
	}
	for _, k := range commonA {
		x, y := ta[k], tb[k]
		if x < 0 || y < 0 {
			continue
		}
		if delta := y - x; delta > tol || -delta > tol {
			sign := "+"
			if delta < 0 {
				sign = ""
			}
			out = append(out, Difference{Kind: "timing", Text: fmt.Sprintf("%s at %s on %s, %s on %s (Δ %s%s, tolerance %s)",
				k, timeline.FormatOffset(x), aLabel, timeline.FormatOffset(y), bLabel, sign, timeline.FormatOffset(delta), timeline.FormatOffset(tol))})
		}
	}
	return out
}

// horizon is how long after t=0 a run was observed, less the tolerance;
// unbounded for results that do not say (Virtual unset).
func horizon(r *Result, tol time.Duration) time.Duration {
	if r.Virtual <= 0 {
		return math.MaxInt64
	}
	return r.Virtual - r.T0 - tol
}

// allConcurrent tells whether every event of others is concurrent with e:
// of another pod, less than tol apart on run a; or of another container of
// the pod, in the same instant on run a and less than concurrentGap apart
// on run b (the kubelet issues such events from one goroutine per
// container: two preStop hooks started together, or two equal hooks
// ending together, race); or, when one of the two is a container's
// Started, of the same container, in the same instant on run a and less
// than startGap apart on run b.
func allConcurrent(events map[string]timeline.Event, atA, atB map[string]time.Duration, e string, others []string, tol time.Duration) bool {
	x := events[e]
	for _, o := range others {
		y := events[o]
		da, db := atA[o]-atA[e], atB[o]-atB[e]
		switch {
		case x.Pod != y.Pod && da < tol && da > -tol:
		case x.Pod == y.Pod && x.Container != y.Container && da == 0 && db < concurrentGap && db > -concurrentGap:
		case x.Pod == y.Pod && x.Container == y.Container && (x.Kind == timeline.Started || y.Kind == timeline.Started) && da == 0 && db < startGap && db > -startGap:
		default:
			return false
		}
	}
	return true
}

// concurrentGap is how far apart a real kubelet's concurrent events of
// two containers may land.
const concurrentGap = 100 * time.Millisecond

// startGap is how late a live container's Started may be against its
// other events: Started is the agent's first line, written a few
// milliseconds after the runtime started the process, while a hook
// command the kubelet execs in the container writes its own line. A
// container whose postStart hook fails at once is killed while its agent
// is still starting: the preStop command's line came 1 ms before the
// agent's first line in a live run (hooks/poststart.feature:55).
const startGap = 10 * time.Millisecond

// Text writes the diff as a short list for a terminal.
func (d DiffReport) Text(w io.Writer) {
	fmt.Fprintf(w, "%s vs %s: %d scenario(s) compared, %d diverged (tolerance %s), %d not compared\n",
		d.A, d.B, d.Compared, len(d.Diverged), timeline.FormatOffset(d.Tolerance), len(d.NotCompared))
	for _, sd := range d.Diverged {
		fmt.Fprintf(w, "\n%s %s\n", sd.ID, sd.Name)
		for _, df := range sd.Differences {
			fmt.Fprintf(w, "  %s: %s\n", df.Kind, df.Text)
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
	NotCompared []ScenarioDiff
}

type diffRow struct {
	ID, Anchor, Name string
	StatusA, StatusB string
	Kinds            string
	Differences      []Difference
	ChartA, ChartB   template.HTML
}

// HTML writes the diff as a self-contained page: the diverged scenarios
// with what differs and both runs' charts one above the other, then the
// scenarios that could not be compared and why.
func (d DiffReport) HTML(w io.Writer) error {
	v := diffView{A: d.A, B: d.B, Tolerance: timeline.FormatOffset(d.Tolerance), Compared: d.Compared, NotCompared: d.NotCompared}
	for _, sd := range d.Diverged {
		row := diffRow{ID: sd.ID, Anchor: anchor(sd.A.Feature, sd.A.Line, ""), Name: sd.Name,
			StatusA: string(sd.A.Status), StatusB: string(sd.B.Status), Differences: sd.Differences}
		var kinds []string
		for _, df := range sd.Differences {
			if !slices.Contains(kinds, df.Kind) {
				kinds = append(kinds, df.Kind)
			}
		}
		row.Kinds = strings.Join(kinds, ", ")
		var err error
		if row.ChartA, err = chartHTML(sd.A); err != nil {
			return err
		}
		if row.ChartB, err = chartHTML(sd.B); err != nil {
			return err
		}
		v.Diverged = append(v.Diverged, row)
	}
	return templates.ExecuteTemplate(w, "diff.html", v)
}
