package report

import (
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestSummaryText: summary.txt ends with the count line; a live run's
// says before it how many scenarios needed a second attempt and, just
// before the count, the resolution figure; a simulated run's says
// neither.
func TestSummaryText(t *testing.T) {
	ms := time.Millisecond
	live := Result{Driver: "live", Feature: "features/a.feature", Line: 8, Name: "x", Status: Passed,
		FirstAttempt: "features/a.feature:9: Then y\n    expected SIGTERM at 3s",
		Checks:       []timeline.Check{{ExpectFrom: 3 * time.Second, From: 2750 * ms, To: 3250 * ms, Observed: 3 * time.Second, Seen: true, OK: true}}}
	text := SummaryText([]Result{live}, "\ndifferential: 1 scenario compared\n", "reports/live (...) on live, seed 1")
	want := "\ndifferential: 1 scenario compared\n\nreports: reports/live (...) on live, seed 1\n" +
		"1 scenario needed a second attempt (1 passed on it): features/a.feature:8\n" +
		"timed checks that reject a 1 s shift both ways: 1 of 1\n" +
		"1 passed, 0 failed, 0 skipped\n"
	if !strings.HasSuffix(text, want) {
		t.Errorf("summary.txt of a live run:\n%s\nwant it to end with\n%s", text, want)
	}
	sim := live
	sim.Driver, sim.FirstAttempt = "sim", ""
	text = SummaryText([]Result{sim}, "", "reports/sim (...) on sim, seed 1")
	if want := "\nreports: reports/sim (...) on sim, seed 1\n1 passed, 0 failed, 0 skipped\n"; text != want {
		t.Errorf("summary.txt of a simulated run:\n%q\nwant\n%q", text, want)
	}
}

// TestInfrastructureErrors: a scenario the cluster broke under is counted
// with the failed (the count line keeps its three numbers), named as an
// error on the line before it, in the summary and as a JUnit <error>, and
// is not compared with another driver's run.
func TestInfrastructureErrors(t *testing.T) {
	broke := Result{Driver: "live", Feature: "features/a.feature", Line: 8, Name: "x", Status: Errored,
		Reason:  "pool node podlife-worker2 stopped during the scenario (its container exited)",
		Failure: &Failure{Step: "Then y", Line: 9, Message: "expected SIGTERM at 3s, not observed"}}
	ok := Result{Driver: "live", Feature: "features/a.feature", Line: 20, Name: "z", Status: Passed}
	c := Count([]Result{broke, ok})
	if c.Line() != "1 passed, 1 failed, 0 skipped" || c.Errors != 1 {
		t.Errorf("count %+v, line %q; want the error among the failed", c, c.Line())
	}
	text := SummaryText([]Result{broke, ok}, "", "reports/live")
	for _, want := range []string{
		"ERROR features/a.feature:8 x [live]: pool node podlife-worker2 stopped",
		"1 of the failed broke on the cluster, not on an expectation (infrastructure errors): features/a.feature:8\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("summary lacks %q:\n%s", want, text)
		}
	}
	var b strings.Builder
	suites := JUnit([]Result{broke, ok})
	if err := suites.WriteXML(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `<error message="pool node podlife-worker2`) || suites.Errors != 1 || suites.Failures != 0 {
		t.Errorf("JUnit: errors %d, failures %d:\n%s", suites.Errors, suites.Failures, b.String())
	}
	sim := broke
	sim.Driver, sim.Status, sim.Reason, sim.Failure = "sim", Passed, "", nil
	d := Diff("sim", []Result{sim}, "live", []Result{broke}, DefaultTolerance)
	if d.Compared != 0 || len(d.NotCompared) != 1 {
		t.Errorf("an errored run was compared: %+v", d)
	}
}

// TestFailuresAtAGlance: a failed scenario gets a line of its own just
// before the run's last lines, where a CI log's tail shows it: the step's
// line, expected and got, when the attempt began and how long its
// slowest pod took to start (the CI run of 2026-11-29 15:05 showed only
// its last failure, an init container not started 3 s after its pod's
// creation, and no way to tell a loaded machine from a rule). A passed
// scenario gets none.
func TestFailuresAtAGlance(t *testing.T) {
	s := time.Second
	failed := Result{Driver: "live", Feature: "features/init/init.feature", Line: 38, Name: "x", Status: Failed,
		Started: time.Date(2026, 11, 29, 15, 33, 20, 0, time.UTC),
		Failure: &Failure{Step: `Then the pod "web" shows status "Init:1/2"`, Line: 47,
			Message: "features/init/init.feature:47: Then …\n    expected pod \"web\" showing STATUS Init:1/2\n         got STATUS Init:0/2\n  rule behind it: init-status"},
		Timeline: []timeline.Event{
			{At: 0, Pod: "web", Kind: timeline.PodCreated},
			{At: 3200 * time.Millisecond, Pod: "web", Kind: timeline.Started, Container: "init-a"},
			{At: 1 * s, Pod: "db", Kind: timeline.PodCreated},
			{At: 2 * s, Pod: "db", Kind: timeline.Started, Container: "app"},
			{At: 9 * s, Pod: "web", Kind: timeline.Started, Container: "init-b"},
		}}
	passed := Result{Driver: "live", Feature: "features/a.feature", Line: 8, Name: "y", Status: Passed}
	text := SummaryText([]Result{failed, passed}, "", "reports/live (...) on live, seed 1")
	want := "\nfailed, a line each:\n" +
		`  features/init/init.feature:38 line 47: expected pod "web" showing STATUS Init:1/2; got STATUS Init:0/2 [began 15:33:20, slowest pod start 3.2s (web)]` + "\n" +
		"\nreports: "
	if !strings.Contains(text, want) {
		t.Errorf("summary.txt with a failure:\n%s\nwant it to hold\n%s", text, want)
	}
	if g := Glance([]Result{passed}); g != nil {
		t.Errorf("a passed scenario at a glance: %q", g)
	}
}
