package steps_test

import "testing"

// The phrase meaning of issue 38's held-out set 41
// (features/language/forty-first-drafts.feature): the container of a pod
// no node takes is not running, though the pod has no status for it. The
// scenario passes on the simulator; a copy with one step made false fails
// at that step.

const fortyFirstDrafts = "../features/language/forty-first-drafts.feature"

var fortyFirstFalseCopies = []falseCopy{
	{"the container of an unschedulable pod said to run", 8,
		`container "db" is not running`, `container "db" is running`, `a status for container "db"`, nil},
	{"the container said not to run once its pod was placed", 8,
		`container "db" is running within 10s`, `container "db" is not running`, `not running`, nil},
}

func TestFortyFirstDraftsPass(t *testing.T) { checkScenariosPass(t, fortyFirstDrafts, 1) }

func TestFortyFirstDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fortyFirstDrafts, fortyFirstFalseCopies)
}
