package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// The formats of `podlife run --format`, named as godog names its own:
// progress and pretty for people, junit and cucumber for machines.
const (
	formatProgress = "progress"
	formatPretty   = "pretty"
	formatJUnit    = "junit"
	formatCucumber = "cucumber"
)

// checkFormat refuses a format podlife does not write.
func checkFormat(f string) error {
	switch f {
	case formatProgress, formatPretty, formatJUnit, formatCucumber:
		return nil
	}
	return fmt.Errorf("--format %q: the formats are progress (a line per scenario), pretty (every step), junit and cucumber (the report on stdout)", f)
}

// machineFormat says whether stdout carries a document for a program
// (JUnit XML, Cucumber JSON), the run's other lines going to stderr.
func machineFormat(f string) bool { return f == formatJUnit || f == formatCucumber }

// writeDocument writes a machine format's document of the results.
func writeDocument(w io.Writer, format string, results []report.Result) error {
	switch format {
	case formatJUnit:
		suites := report.JUnit(results)
		return suites.WriteXML(w)
	case formatCucumber:
		raw, err := report.Cucumber(results)
		if err != nil {
			return err
		}
		_, err = w.Write(raw)
		return err
	}
	return nil
}

// console prints the scenarios of a run as they end: one line each
// (progress), or each with every step and its outcome (pretty); verbose
// adds under each what it ran on and its notes. Only the goroutine that
// prints the results calls it.
type console struct {
	out     io.Writer
	pretty  bool
	verbose bool
	feature string // the feature whose header pretty printed last
}

// scenario prints one scenario's result; line is its progress line.
func (c *console) scenario(r *report.Result, line string) {
	if !c.pretty {
		fmt.Fprintln(c.out, line)
		if c.verbose {
			c.details(r, "    ")
		}
		return
	}
	if r.Feature != c.feature {
		c.feature = r.Feature
		fmt.Fprintf(c.out, "\nFeature: %s  # %s\n", r.FeatureName, r.Feature)
	}
	fmt.Fprintf(c.out, "\n  Scenario: %s  # %s\n", r.Name, r.ID())
	for _, s := range r.Steps {
		fmt.Fprintf(c.out, "    %-11s %s %s\n", prettyMark(s.Status), s.Keyword, s.Text)
		if s.Error != "" && s.Status != "passed" {
			for _, l := range strings.Split(strings.TrimRight(s.Error, "\n"), "\n") {
				fmt.Fprintf(c.out, "                %s\n", l)
			}
		}
	}
	// The line that ends the block says the verdict as progress does,
	// so that a reader of either format finds it the same way.
	fmt.Fprintf(c.out, "  %s\n", line)
	if c.verbose || len(r.Steps) == 0 {
		c.details(r, "    ")
	}
}

// details is what verbose adds under a scenario: why it did not run to a
// verdict, the kubelet it ran on and the time it covered, its notes.
func (c *console) details(r *report.Result, indent string) {
	switch r.Status {
	case report.Skipped:
		fmt.Fprintf(c.out, "%sskipped: %s\n", indent, r.Reason)
	case report.Interrupted, report.Errored:
		fmt.Fprintf(c.out, "%s%s\n", indent, r.Reason)
	}
	if c.verbose && r.Checked() {
		fmt.Fprintf(c.out, "%son %s, kubelet %s; the scenario's clock stood at %s at its end, after %s of wall time\n", indent, r.Driver,
			orDefaultKubelet(r.KubeletVersion), r.Virtual.Round(time.Millisecond), r.Wall.Round(time.Microsecond))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(c.out, "%snote: %s\n", indent, n)
	}
}

func orDefaultKubelet(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// prettyMark is a step's outcome as pretty prints it.
func prettyMark(status string) string {
	switch status {
	case "passed":
		return "ok"
	case "failed":
		return "FAILED"
	case "":
		return "-"
	}
	return status
}

// failFast is --fail-fast: once a scenario fails, the scenarios handed
// out after it are not run. Workers take scenarios in order, so every
// scenario before the first failure ran; on the simulator, whose output
// is the same from run to run, those after it are reported skipped even
// if a worker had run them already.
type failFast struct {
	on    bool
	mu    sync.Mutex
	first int    // the index of the first failed scenario, -1 for none
	id    string // its FILE:LINE
}

func newFailFast(on bool) *failFast { return &failFast{on: on, first: -1} }

// failed records scenario i's result.
func (f *failFast) failed(i int, r *report.Result) {
	if f == nil || !f.on || (r.Status != report.Failed && r.Status != report.Errored) {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first < 0 || i < f.first {
		f.first, f.id = i, r.ID()
	}
}

// stops says whether scenario i comes after a failure.
func (f *failFast) stops(i int) bool {
	if f == nil || !f.on {
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.first >= 0 && f.first < i
}

// skipped is the result of a scenario --fail-fast did not run.
func (f *failFast) skipped(sc *runner.Scenario, drv string) report.Result {
	f.mu.Lock()
	defer f.mu.Unlock()
	return report.Result{Driver: drv, Feature: sc.Feature.Path, FeatureName: sc.Feature.Doc.Feature.Name, Line: sc.Line, Name: sc.Name,
		Tags: sc.Tags, Status: report.Skipped, Reason: f.reason()}
}

// reason is why --fail-fast skipped a scenario; f.mu held.
func (f *failFast) reason() string {
	return fmt.Sprintf("not run: --fail-fast stopped the run after %s failed", f.id)
}

// split parts the results into those to list in the summary and the
// count of those --fail-fast skipped, which the summary says in one
// line rather than one each.
func (f *failFast) split(results []report.Result) ([]report.Result, int, string) {
	if f == nil || !f.on {
		return results, 0, ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.first < 0 {
		return results, 0, ""
	}
	var shown []report.Result
	n := 0
	for _, r := range results {
		if r.Status == report.Skipped && r.Reason == f.reason() {
			n++
			continue
		}
		shown = append(shown, r)
	}
	return shown, n, fmt.Sprintf("--fail-fast: stopped after %s failed; %d scenario(s) not run, counted as skipped", f.id, n)
}
