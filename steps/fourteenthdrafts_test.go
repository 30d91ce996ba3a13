package steps_test

import "testing"

// The phrases of issue 38's fourteenth held-out set
// (features/language/fourteenth-drafts.feature): each scenario there
// passes on the simulator; a copy with one step made false fails at that
// step.

const fourteenthDrafts = "../features/language/fourteenth-drafts.feature"

var fourteenthFalseCopies = []falseCopy{
	{"a job said to run fewer pods at once than its parallelism", 8,
		`the job "batch" never has more than 3 active pods`, `the job "batch" never has more than 2 active pods`, `at most 2 pods of job "batch" active`, nil},
	{"a job said to run a pod at a time", 8,
		`the job "batch" never has more than 3 pods`, `the job "batch" never has more than 1 pod`, `at most 1 pod of job "batch" active`, nil},
}

func TestFourteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fourteenthDrafts, fourteenthFalseCopies)
}

// TestFourteenthDraftScenariosPass: the scenarios as written pass.
func TestFourteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fourteenthDrafts, 1)
}
