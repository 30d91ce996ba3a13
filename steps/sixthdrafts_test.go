package steps_test

import (
	"strings"
	"testing"

	"github.com/podlife/podlife/steps"
)

// The phrases of issue 38's fifth held-out set
// (features/language/sixth-drafts.feature): each scenario there passes on
// the simulator; a copy with one step made false fails at that step.

const sixthDrafts = "../features/language/sixth-drafts.feature"

var sixthFalseCopies = []falseCopy{
	{"a phase held longer than it was", 13,
		`the pod "a" stays in phase "Running" for 5s`, `the pod "a" stays in phase "Running" for 15s`, `got at 10s: phase Succeeded`, nil},
	{"a phase held that the pod left", 13,
		`the pod "b" stays in phase "Succeeded"`, `the pod "b" stays in phase "Running"`, `got at 0s: phase Succeeded`, nil},
	{"a pod the scheduler placed is not unschedulable", 38,
		`the pod "big" is unschedulable`, `the pod "small" is unschedulable`, `condition PodScheduled=True`, nil},
	{"an init container started after the app's exit", 55,
		`container "app" starts after container "init" terminates`, `container "init" starts after container "app" terminates`, `no exit of container "app"`, nil},
	{"a preStop hook started by a deadline before the delete", 55,
		`container "app" starts after container "init" terminates`, `the preStop hook of container "app" starts within 1s`, `no PreStopStarted of container "app" at or after t=0`, nil},
	{"a container restarted does not keep its container ID", 73,
		`container "helper" keeps the same container ID`, `container "app" keeps the same container ID`, `got Restarted of container "app"`, nil},
}

func TestSixthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, sixthDrafts, sixthFalseCopies)
}

// TestSixthDraftScenariosPass: the scenarios as written pass.
func TestSixthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, sixthDrafts, 4)
}

// TestStaysInPhaseTakesAPhaseItHolds: `stays in phase "Unknown"` is an
// error at lint (its line), not an undefined step nor a failure at run.
func TestStaysInPhaseTakesAPhaseItHolds(t *testing.T) {
	for _, text := range []string{`the pod "web" stays in phase "Unknown" for 3s`, `the pod "web" stays in phase "Unknown"`} {
		n := 0
		for _, d := range steps.Definitions() {
			if !d.Pattern.MatchString(text) {
				continue
			}
			n++
			if _, err := d.Parse(text, steps.Arg{}); err == nil || !strings.Contains(err.Error(), `phase "Unknown" is not one of`) {
				t.Errorf("%s: %v, want phase \"Unknown\" refused", text, err)
			}
		}
		if n != 1 {
			t.Errorf("%s: %d phrases match, want 1", text, n)
		}
	}
}
