package steps_test

import "testing"

// The phrases of issue 38's held-out sets 19 to 22
// (features/language/eighteenth-drafts.feature): each scenario there
// holds on the simulator, and each false copy fails at its step.

const eighteenthDrafts = "../features/language/eighteenth-drafts.feature"

var eighteenthFalseCopies = []falseCopy{
	{"a STATUS said still shown after the hook returned", 8,
		`the pod "hooked" still shows status "Running" at 10s`, `the pod "hooked" still shows status "ContainerCreating" at 10s`, `at 10s: STATUS Running`, nil},
	{"a STATUS said shown before the pod had it", 8,
		`the pod "hooked" still shows status "ContainerCreating" at 5s`, `the pod "hooked" still shows status "Running" at 5s`, `at 5s: STATUS ContainerCreating`, nil},
	{"a pod said never Running", 31,
		`the pod "web" is never Ready`, `the pod "web" is never Running`, `Running at 0s`, nil},
	{"a failed pod said never to fail", 31,
		`the pod "web" never becomes Succeeded`, `the pod "web" never becomes Failed`, `Failed at 20s`, nil},
	{"the readiness probe's events said not recorded", 31,
		`an event "BackOff" is not recorded for container "app"`, `an event "Unhealthy" is not recorded for container "app"`, `Unhealthy`, nil},
	// `scheduled` was a state `is never` named and parsePodState refused
	// at run time (helper words51 found it).
	{"a pod that fits said never scheduled", 50,
		`cpu: "8"`, `cpu: "100m"`, `scheduled at 0s`, []int{62, 63}},
}

func TestEighteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, eighteenthDrafts, eighteenthFalseCopies)
}

// TestEighteenthDraftScenariosPass: the scenarios as written pass.
func TestEighteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, eighteenthDrafts, 3)
}
