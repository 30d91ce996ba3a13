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
