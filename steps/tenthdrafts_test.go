package steps_test

import "testing"

// The phrases of issue 38's ninth held-out set
// (features/language/tenth-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step.

const tenthDrafts = "../features/language/tenth-drafts.feature"

var tenthFalseCopies = []falseCopy{
	{"a container said not ready at a time it was", 9,
		`container "app" is not ready after 6s`, `container "app" is not ready after 20s`, `not ready at 20s`, nil},
	{"a container said not ready just after it became ready", 9,
		`container "app" is not ready after 6s`, `container "app" is not ready after 13s`, `not ready at 13s`, nil},
	{"more restarts than the deadline allows", 27,
		`the pod "crasher" shows 2 restarts within 1m`, `the pod "crasher" shows 2 restarts within 5s`, `within 5s`, nil},
	{"a RESTARTS count the pod never shows", 27,
		`the pod "crasher" shows 2 restarts within 1m`, `the pod "crasher" shows 9 restarts within 1m`, `9 restarts`, nil},
}

func TestTenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, tenthDrafts, tenthFalseCopies)
	// Two pods' deletions in order (issue 38's tenth held-out set), in
	// the scenario of a lost node's taint.
	checkFalseCopies(t, "../features/nodes/default-tolerations.feature", []falseCopy{
		{"the pod deleted later said deleted first", 79,
			`the pod "fast" is deleted before the pod "patient"`, `the pod "patient" is deleted before the pod "fast"`, `then DeleteRequested of pod "fast"`, nil},
		{"a pod said gone that stays Terminating on its lost node", 79,
			`the pod "fast" is deleted before the pod "patient"`, `the pod "patient" is gone before the pod "fast"`, `no Deleted of pod "patient"`, nil},
	})
}

// TestTenthDraftScenariosPass: the scenarios as written pass.
func TestTenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, tenthDrafts, 2)
}
