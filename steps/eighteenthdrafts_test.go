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
}

func TestEighteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, eighteenthDrafts, eighteenthFalseCopies)
}

// TestEighteenthDraftScenariosPass: the scenarios as written pass.
func TestEighteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, eighteenthDrafts, 1)
}
