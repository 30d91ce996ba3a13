package report

import (
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

var seq uint64

func ev(at time.Duration, ctr string, k timeline.Kind) timeline.Event {
	seq++
	return timeline.Event{At: at, Seq: seq, Pod: "web", Container: ctr, Kind: k}
}

// TestCompareLinesUpTheTwoDrivers: times are compared after the action
// that set t=0 (on the simulator the pod may start in that same instant),
// pairs reversed live are reported, and what the simulator did after the
// live run ended is no difference.
func TestCompareLinesUpTheTwoDrivers(t *testing.T) {
	s := Result{Feature: "f.feature", Line: 3, Status: Passed, T0: 0, Virtual: 20 * time.Second, Timeline: []timeline.Event{
		ev(0, "", timeline.PodCreated), ev(0, "app", timeline.Started), ev(0, "", timeline.DeleteRequested),
		ev(0, "app", timeline.SIGTERM), ev(5*time.Second, "app", timeline.SIGKILL), ev(5*time.Second, "app", timeline.Exited),
		ev(5*time.Second, "", timeline.Deleted),
	}}
	live := Result{Feature: "f.feature", Line: 3, Status: Passed, T0: 2 * time.Second, Virtual: 7 * time.Second, Timeline: []timeline.Event{
		ev(0, "", timeline.PodCreated), ev(time.Second, "app", timeline.Started),
		ev(2*time.Second+10*time.Millisecond, "", timeline.DeleteRequested), ev(2500*time.Millisecond, "app", timeline.SIGTERM),
		ev(9*time.Second, "app", timeline.Exited), ev(9*time.Second, "app", timeline.SIGKILL),
	}}
	diffs := Compare([]Result{s}, []Result{live}, time.Second)
	if len(diffs) != 1 {
		t.Fatalf("%d diffs", len(diffs))
	}
	got := strings.Join(diffs[0].Differences, "\n")
	for _, want := range []string{
		"timing: web/app SIGKILL #1 at 5s on the simulator, 7s live",
		"order: web/app SIGKILL #1 before web/app Exited(0) #1",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"Started", "Deleted", "web/app SIGTERM"} {
		if strings.Contains(got, unwanted) {
			t.Errorf("%q reported:\n%s", unwanted, got)
		}
	}
	skipped := Compare([]Result{s}, []Result{{Feature: "f.feature", Line: 3, Status: Skipped, Reason: "tagged @sim"}}, time.Second)
	if skipped[0].Reason == "" || skipped[0].Differs() {
		t.Errorf("a skip is not compared: %+v", skipped[0])
	}
}
