package steps_test

import "testing"

// The phrases of issue 38's held-out sets 54 and 61 to 63
// (features/language/sixty-first-drafts.feature): a container's n-th
// restart and n-th start in a window. The scenario passes on the
// simulator; a copy with one step made false fails at that step.

const sixtyFirstDrafts = "../features/language/sixty-first-drafts.feature"

var sixtyFirstFalseCopies = []falseCopy{
	{"two starts said by 0.5s, before the first restart", 11,
		`container "app" starts 2 times within 3s`, `container "app" starts 2 times within 500ms`, `got 0 restarts by 0.5s`, nil},
	{"the first restart said a second late", 11,
		`container "app" restarts for the first time at 1s`, `container "app" restarts for the first time at 2s`, `restart 1 came at 1s, before the window`, nil},
	{"the third start said in the third restart's window", 11,
		`container "app" starts 3 times between 12s and 17s`, `container "app" starts 3 times between 33s and 48s`, `restart 2 came at 15.832s, before the window`, nil},
	// The restart count is 2 from about 13s to about 42s: `has restart
	// count 2 between 33s and 48s` holds, the second restart in that
	// window does not.
	{"the second restart said in the third one's window", 11,
		`container "app" restarts for the 2nd time between 12s and 17s`, `container "app" restarts for the 2nd time between 33s and 48s`, `restart 2 came at 15.832s, before the window`, nil},
	{"the third restart said in the second one's window", 11,
		`container "app" restarts for the 3rd time between 33s and 48s`, `container "app" restarts for the 3rd time between 12s and 17s`, `got 2 restarts by 17s`, nil},
	{"five starts said by 48s", 11,
		`container "app" has started 4 times within 48s`, `container "app" has started 5 times within 48s`, `got 3 restarts by 48s`, nil},
}

func TestSixtyFirstDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, sixtyFirstDrafts, sixtyFirstFalseCopies)
}

// TestSixtyFirstDraftScenariosPass: the scenario as written passes.
func TestSixtyFirstDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, sixtyFirstDrafts, 1)
}
