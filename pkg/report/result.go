// Package report writes what a run of scenarios found: for CI, JUnit XML
// (written from podlife's own results), Cucumber JSON with each timeline
// attached, summary.md and the final count line; for people, a
// self-contained HTML page whose scenarios are drawn as SVG swim-lane
// charts with the expectations on them, and the same timeline as text for
// a terminal; coverage.yaml per behaviour; and the diff of two runs (the
// simulator against a real kubelet).
//
// Its input is a list of Results, one per scenario and driver, which
// travel as JSON (Ginkgo report entries) so that parallel runs can be
// merged before writing, and which each run leaves in results.json so that
// runs can be compared later. The page, the charts, summary.md and
// coverage.yaml are functions of the results alone, in a fixed order (no
// map order, no wall clock), so that golden files hold.
package report

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/fidelity"
	"github.com/podlife/podlife/pkg/timeline"
)

// Status is a scenario's outcome.
type Status string

// Outcomes.
const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped"
	// Interrupted is a scenario cut off while it ran: the run's context
	// was cancelled (Ctrl-C, SIGTERM, podlife run --timeout, a Ginkgo
	// interrupt) before its last step ended, and no expectation had
	// failed before. Nothing was found wrong, nor checked to the end: the
	// count line counts it with the skipped.
	Interrupted Status = "interrupted"
	// Errored is a scenario the cluster broke under: a node's container
	// died, a kubelet did not come back, the API server stopped
	// answering (an error wrapping driver.ErrInfrastructure). Not a
	// verdict on the scenario, and not a pass either: the count line
	// counts it with the failed, and the line before says how many of
	// them are errors.
	Errored Status = "error"
)

// NotRunReason is the Reason of a scenario skipped because the run was
// interrupted before it began.
const NotRunReason = "interrupted before it ran"

// NotStartedPrefix begins the Reason of a scenario a live run's time
// budget left out (pkg/suite): it never ran, so it has no wall time.
const NotStartedPrefix = "not started: the run's time budget"

// Result is one scenario run on one driver.
type Result struct {
	Driver      string   `json:"driver"`
	Feature     string   `json:"feature"` // the feature file's path
	FeatureName string   `json:"featureName"`
	Name        string   `json:"name"`
	Line        int      `json:"line"` // the scenario's line (an outline's example row)
	Tags        []string `json:"tags,omitempty"`
	Status      Status   `json:"status"`
	// Reason is why the scenario was skipped, or where it was
	// interrupted (Interruption.String).
	Reason string `json:"reason,omitempty"`
	// Failure is the first failed step.
	Failure *Failure `json:"failure,omitempty"`
	Steps   []Step   `json:"steps,omitempty"`
	Notes   []string `json:"notes,omitempty"`

	// Interruption is where the run's cancellation cut the scenario off:
	// set when it is Interrupted, and when it had Failed before the cut
	// (the failure stands; the steps from the cut on do not count).
	Interruption *Interruption `json:"interruption,omitempty"`

	Seed           int64  `json:"seed"`
	KubeletVersion string `json:"kubeletVersion,omitempty"`
	// Kubelet and ControlPlane are the versions a real cluster ran the
	// scenario under ("v1.34.4", "v1.36.3"): a skewed node's kubelet is
	// older than the API server, scheduler and printer of its cluster.
	Kubelet      string `json:"kubelet,omitempty"`
	ControlPlane string `json:"controlPlane,omitempty"`
	// T0 is where t=0 stood at the end, for rendering the timeline.
	T0       time.Duration    `json:"t0"`
	Timeline []timeline.Event `json:"timeline,omitempty"`
	// Checks are the timed expectations with their outcome, for charts.
	Checks []timeline.Check `json:"checks,omitempty"`
	// Tables are the timeline tables, each row with the event it
	// matched, for the page.
	Tables  []timeline.Table `json:"tables,omitempty"`
	Wall    time.Duration    `json:"wall"`
	Virtual time.Duration    `json:"virtual"`
	// Cucumber is godog's Cucumber JSON for this scenario (one feature
	// holding one element).
	Cucumber json.RawMessage `json:"cucumber,omitempty"`
	// Gherkin is the scenario's text (its Background included), and Pods
	// the pods as the driver received them: the page shows both next to
	// the timeline, so that a reader needs no other file. Results written
	// before these fields existed simply lack them.
	Gherkin string     `json:"gherkin,omitempty"`
	Pods    []Manifest `json:"pods,omitempty"`
	// FirstAttempt is the failure of an attempt before the one reported,
	// as Explain gave it: a live suite runs a failed scenario once more
	// (a real cluster's latencies vary), and says so.
	FirstAttempt string `json:"firstAttempt,omitempty"`
	// Started is when the attempt reported began, by the machine's clock
	// (zero on the simulator's runs, which the clock does not enter): a
	// failure's line at the end of a live run gives it, to be read beside
	// the machine's load at that time (hack/test-live.sh, machine.tsv).
	Started time.Time `json:"started,omitzero"`
}

// Manifest is one object sent to the driver, as YAML.
type Manifest struct {
	Name string `json:"name"`
	YAML string `json:"yaml"`
}

// Failure is what went wrong, at which step.
type Failure struct {
	Step    string `json:"step"`
	Line    int    `json:"line"`
	Message string `json:"message"`
}

// Interruption is where a scenario was cut off.
type Interruption struct {
	// Step is the step that was running, or about to run, when the run's
	// context was found cancelled ("And 2 hours pass"): its keyword and
	// text, or the scenario's name when it was cut off before its first
	// step (starting its session).
	Step string `json:"step"`
	Line int    `json:"line"`
	// Cause is what cancelled the run: "SIGINT", "SIGTERM", "--timeout
	// 10m0s", or "cancellation" when the caller did not say.
	Cause string `json:"cause"`
	// Error is what the step returned, when it returned an error: often
	// the cancellation itself, as the driver saw it.
	Error string `json:"error,omitempty"`
}

// String is an interrupted scenario's Reason: "interrupted by SIGINT at
// line 12: And 2 hours pass".
func (i *Interruption) String() string {
	return fmt.Sprintf("interrupted by %s at line %d: %s", i.Cause, i.Line, i.Step)
}

// StepInterrupted is the status of a step that failed from the cut on: its
// failure was the interrupt's (or came after it), not the scenario's.
const StepInterrupted = "interrupted"

// Step is one step's outcome.
type Step struct {
	Keyword string `json:"keyword"`
	Text    string `json:"text"`
	Line    int    `json:"line"`
	Status  string `json:"status"`
	Error   string `json:"error,omitempty"`
}

// StepsText lists a failed scenario's steps with their outcomes, when
// there is more to say than its first failure: every expectation up to
// the next action is evaluated after one failed, so later ones may have
// failed or passed, and the steps after that action were not run
// (docs/language.md, "When an expectation fails"). Empty otherwise.
func (r *Result) StepsText() string {
	if r.Status != Failed || !r.moreThanFirstFailure() {
		return ""
	}
	var b strings.Builder
	b.WriteString("  steps:\n")
	for _, s := range r.Steps {
		fmt.Fprintf(&b, "    %-8s line %d: %s %s\n", stepMark(s.Status), s.Line, s.Keyword, s.Text)
		if s.Error != "" && (r.Failure == nil || s.Line != r.Failure.Line) {
			for _, l := range strings.Split(strings.TrimRight(s.Error, "\n"), "\n") {
				fmt.Fprintf(&b, "                %s\n", l)
			}
		}
	}
	return b.String()
}

// moreThanFirstFailure: a step after the first failed one ran or was
// skipped.
func (r *Result) moreThanFirstFailure() bool {
	failed := false
	for _, s := range r.Steps {
		if failed && (s.Status == "passed" || s.Status == "failed" || s.Status == "skipped") {
			return true
		}
		if s.Status == "failed" {
			failed = true
		}
	}
	return false
}

// FailedSteps counts the steps that failed.
func (r *Result) FailedSteps() int {
	n := 0
	for _, s := range r.Steps {
		if s.Status == "failed" {
			n++
		}
	}
	return n
}

func stepMark(status string) string {
	switch status {
	case "passed":
		return "ok"
	case "failed":
		return "FAILED"
	case "skipped":
		return "skipped"
	}
	return status
}

// ID is "path:line".
func (r *Result) ID() string { return fmt.Sprintf("%s:%d", r.Feature, r.Line) }

// TimelineText is the scenario's timeline as an aligned table, times
// relative to t=0.
func (r *Result) TimelineText() string { return timeline.Format(r.Timeline, r.T0) }

// Explain is a failure as a person reads it: where, what was expected
// against what was observed, the kubelet's rule behind the expectation
// (its docs/fidelity.md row), and the timeline focused on the lifecycle
// as `podlife timeline` prints it, with its annotations; a line says how
// many events of the API's bookkeeping it left out.
func (r *Result) Explain() string { return r.explain(false) }

// ExplainAll is Explain with the whole timeline (podlife run -v): the
// bookkeeping events too.
func (r *Result) ExplainAll() string { return r.explain(true) }

func (r *Result) explain(all bool) string {
	var b strings.Builder
	if f := r.Failure; f != nil {
		fmt.Fprintf(&b, "%s:%d: %s\n", r.Feature, f.Line, f.Step)
		for _, l := range strings.Split(f.Message, "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	if r.failedExpectation() {
		b.WriteString(r.rulesText(fidelity.Built(), "  "))
	}
	b.WriteString(r.StepsText())
	var timed []timeline.Check
	for _, ck := range r.Checks {
		if ck.Timed() {
			timed = append(timed, ck)
		}
	}
	if len(timed) > 0 {
		// Whether each timed expectation would have failed 1 s off: a
		// failure that a 1 s shift would cure says less about the kubelet
		// than one that no such shift would.
		fmt.Fprintf(&b, "  timed checks, each against its expectation shifted %s either way:\n", shiftText)
		for _, ck := range timed {
			mark := "ok  "
			if !ck.OK {
				mark = "FAIL"
			}
			fmt.Fprintf(&b, "    %s line %d: %s of %s %s, observed %s: %s\n", mark, ck.Line, ck.What, who(ck.Pod, ck.Container),
				expectedText(ck, r.T0), fmtRel(ck.Observed, r.T0), resolutionText(ck))
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "    note: %s\n", n)
	}
	if len(r.Timeline) > 0 {
		// No seed here: the scenario's own seed, derived from the run's,
		// is not one a reader can give back to podlife; the run says the
		// run seed and the command that reproduces the failure.
		text, left := r.annotatedTimeline(all)
		fmt.Fprintf(&b, "  timeline (kubelet %s, t=0 at %s):\n", r.kubeletText(), timeline.FormatOffset(r.T0))
		for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
			fmt.Fprintf(&b, "    %s\n", l)
		}
		if left > 0 {
			fmt.Fprintf(&b, "  %s of the API's bookkeeping left out (%s): -v prints the whole timeline, as the report page does\n", eventsText(left), quietKinds)
		}
	}
	return b.String()
}

// eventsText counts events as the phrases count: "1 event", "2 events".
func eventsText(n int) string {
	if n == 1 {
		return "1 event"
	}
	return fmt.Sprintf("%d events", n)
}

// kubeletText is the kubelet the scenario ran under: the profile's
// version on the simulator, the versions of a real cluster's kubelet and
// control plane.
func (r *Result) kubeletText() string {
	switch {
	case r.Kubelet == "":
		return orDefault(r.KubeletVersion)
	case r.ControlPlane == "" || r.ControlPlane == r.Kubelet:
		return r.Kubelet
	}
	return r.Kubelet + " under control plane " + r.ControlPlane
}

func orDefault(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// Checked says whether the scenario ran to a verdict (passed or
// failed): a skipped or interrupted one checked nothing to compare.
func (r *Result) Checked() bool { return r.Status == Passed || r.Status == Failed }

// Counts tallies results. Errors are among the Failed.
type Counts struct{ Passed, Failed, Skipped, Errors int }

// Count tallies results by status. Skipped counts the interrupted too,
// and Failed the errors: the count line keeps its three numbers, which CI
// parsers read.
func Count(results []Result) Counts {
	var c Counts
	for _, r := range results {
		switch r.Status {
		case Passed:
			c.Passed++
		case Failed:
			c.Failed++
		case Errored:
			c.Failed++
			c.Errors++
		default: // Skipped, Interrupted
			c.Skipped++
		}
	}
	return c
}

// Line is the final line every run of scenarios ends with.
func (c Counts) Line() string {
	return fmt.Sprintf("%d passed, %d failed, %d skipped", c.Passed, c.Failed, c.Skipped)
}

// Sort orders results by feature path, line and driver, so that reports
// do not depend on the order scenarios ran in.
func Sort(results []Result) {
	sort.SliceStable(results, func(i, j int) bool {
		a, b := results[i], results[j]
		if a.Feature != b.Feature {
			return a.Feature < b.Feature
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Driver < b.Driver
	})
}

// Summary writes, for a terminal, every failure explained and the skips
// with their reasons; verbose (podlife run -v) explains the failures
// with their whole timelines.
func Summary(w io.Writer, results []Result, verbose bool) {
	for _, r := range results {
		explain := r.Explain
		if verbose {
			explain = r.ExplainAll
		}
		switch r.Status {
		case Failed:
			fmt.Fprintf(w, "\nFAILED %s %s [%s]\n%s", r.ID(), r.Name, r.Driver, explain())
		case Errored:
			// What the steps saw is kept: it shows where the cluster broke.
			fmt.Fprintf(w, "\nERROR %s %s [%s]: %s\n", r.ID(), r.Name, r.Driver, r.Reason)
			if r.Failure != nil {
				fmt.Fprintf(w, "%s", explain())
			}
		}
	}
	var skips, cut []string
	for _, r := range results {
		switch r.Status {
		case Skipped:
			skips = append(skips, fmt.Sprintf("  %s %s: %s", r.ID(), r.Name, r.Reason))
		case Interrupted:
			cut = append(cut, fmt.Sprintf("  %s %s [%s]: %s", r.ID(), r.Name, r.Driver, r.Reason))
		}
	}
	if len(skips) > 0 {
		fmt.Fprintf(w, "\nskipped:\n%s\n", strings.Join(skips, "\n"))
	}
	if len(cut) > 0 {
		fmt.Fprintf(w, "\ninterrupted while running (neither passed nor failed):\n%s\n", strings.Join(cut, "\n"))
	}
	var retried []string
	for _, r := range results {
		if r.FirstAttempt != "" {
			retried = append(retried, fmt.Sprintf("  %s %s [%s]: %s, then %s", r.ID(), r.Name, r.Driver, firstLines(r.FirstAttempt, 2), r.Status))
		}
	}
	if len(retried) > 0 {
		fmt.Fprintf(w, "\nfailed on a first attempt, then run again (counted by the second; the first's timeline is in results.json and summary.md):\n%s\n", strings.Join(retried, "\n"))
	}
}

// firstLines joins the first n lines of s, trimmed, with " / ".
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	return strings.Join(lines, " / ")
}
