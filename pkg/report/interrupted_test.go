package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// interruptedRun is a run cut short: one scenario passed, one cut off at
// line 12, one that had failed at line 25 before it was cut off at 26,
// one not run.
func interruptedRun(driver string) []Result {
	ok := result(driver, 8, Passed, graceful(0))
	cut := result(driver, 10, Interrupted, graceful(0))
	cut.Interruption = &Interruption{Step: "And 2 hours pass", Line: 12, Cause: "SIGINT", Error: "line 12: waiting: context canceled"}
	cut.Reason = cut.Interruption.String()
	cut.Steps = []Step{{Keyword: "When", Text: "the pod \"web\" is deleted", Line: 11, Status: "passed"},
		{Keyword: "And", Text: "2 hours pass", Line: 12, Status: StepInterrupted, Error: "waiting: context canceled"}}
	failed := result(driver, 20, Failed, graceful(0))
	failed.Failure = &Failure{Step: "Then the pod \"web\" is Succeeded", Line: 25, Message: "expected pod \"web\" Succeeded"}
	failed.Interruption = &Interruption{Step: "And the pod \"web\" is gone within 2h", Line: 26, Cause: "SIGINT"}
	failed.Notes = []string{failed.Interruption.String() + ": the steps from there on do not count"}
	notRun := result(driver, 30, Skipped, nil)
	notRun.Reason = NotRunReason
	return []Result{ok, cut, failed, notRun}
}

// TestInterruptedInReports: a scenario cut off is neither passed nor
// failed anywhere: the count line counts it skipped (its format as ever),
// JUnit as a skip whose message says where it was interrupted,
// results.json keeps where, summary.md, the terminal summary and the page
// list it as interrupted, coverage.yaml does not lose its status, and
// neither the page nor the diff compares it with another driver's run.
func TestInterruptedInReports(t *testing.T) {
	rs := interruptedRun("sim")
	if got := Count(rs).Line(); got != "1 passed, 1 failed, 2 skipped" {
		t.Errorf("count line %q", got)
	}

	suites := JUnit(rs)
	if suites.Tests != 4 || suites.Failures != 1 || suites.Skipped != 2 {
		t.Errorf("JUnit: tests %d, failures %d, skipped %d", suites.Tests, suites.Failures, suites.Skipped)
	}
	var x bytes.Buffer
	if err := suites.WriteXML(&x); err != nil {
		t.Fatal(err)
	}
	if want := `<skipped message="interrupted by SIGINT at line 12: And 2 hours pass" type="interrupted"><![CDATA[line 12: waiting: context canceled]]></skipped>`; !strings.Contains(x.String(), want) {
		t.Errorf("JUnit lacks %s:\n%s", want, x.String())
	}

	var md bytes.Buffer
	SummaryMarkdown(&md, "t", rs)
	for _, want := range []string{"| termination | sim | 1 | 1 | 2 |", "## Interrupted",
		"- features/termination/prestop.feature:10 — scenario [sim]: interrupted by SIGINT at line 12: And 2 hours pass"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md.String())
		}
	}
	var sum bytes.Buffer
	Summary(&sum, rs, false)
	if want := "interrupted while running (neither passed nor failed):\n  features/termination/prestop.feature:10 scenario [sim]: interrupted by SIGINT at line 12"; !strings.Contains(sum.String(), want) {
		t.Errorf("the summary lacks %q:\n%s", want, sum.String())
	}
	if strings.Contains(sum.String(), "FAILED features/termination/prestop.feature:10") {
		t.Errorf("the summary explains the interrupted scenario as a failure:\n%s", sum.String())
	}

	for _, e := range Coverage(rs) {
		for _, st := range e.Status {
			if st.Status == "" {
				t.Errorf("coverage of %s on %s: no status", e.Behavior, st.Driver)
			}
		}
	}
	if got := worse(Skipped, Interrupted); got != Interrupted {
		t.Errorf("skipped and interrupted: %s", got)
	}

	root := t.TempDir()
	if err := Write(filepath.Join(root, "live"), interruptedRun("live")[:2]); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, "sim")
	sim := interruptedRun("sim")
	sim[1].Status, sim[1].Interruption, sim[1].Reason = Passed, nil, ""
	if err := Write(dir, sim); err != nil {
		t.Fatal(err)
	}
	back, err := ReadResults(filepath.Join(root, "live"))
	if err != nil || len(back) != 2 || back[1].Status != Interrupted || back[1].Interruption == nil || back[1].Interruption.Line != 12 {
		t.Fatalf("results.json read back: %+v, %v", back, err)
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<td class="cell interrupted" data-driver="live" title="interrupted by SIGINT at line 12: And 2 hours pass">`,
		`<p class="reason interrupted">interrupted by SIGINT at line 12: And 2 hours pass</p>`,
		`<span class="interrupted">(1 of them interrupted)</span>`,
		`data-line="12" data-outcome="interrupted"`,
	} {
		if !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks %s", want)
		}
	}
	if strings.Contains(string(page), "interrupted · diverged") {
		t.Error("the page compares an interrupted run with another driver's")
	}
	for _, d := range []DiffReport{
		Diff("sim", sim, "live", interruptedRun("live")[:2], DefaultTolerance),
		Diff("live", interruptedRun("live")[:2], "sim", sim, DefaultTolerance),
	} {
		said := ""
		for _, sd := range d.NotCompared {
			if sd.ID == "features/termination/prestop.feature:10" {
				said = sd.NotCompared
			}
		}
		if len(d.Diverged) != 0 || said != "interrupted by SIGINT at line 12: And 2 hours pass on live" {
			t.Errorf("diff %s vs %s: diverged %+v, line 10 not compared for %q", d.A, d.B, d.Diverged, said)
		}
	}
}
