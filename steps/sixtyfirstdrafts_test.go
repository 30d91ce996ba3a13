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
	// A workload's condition coming in a window.
	{"the deadline said exceeded before 14s", 27,
		`with reason "ProgressDeadlineExceeded" between 16s and 16s`, `with reason "ProgressDeadlineExceeded" between 10s and 14s`, `got not from 0s to 14s`, nil},
	{"the deadline said exceeded after 21s", 27,
		`with reason "ProgressDeadlineExceeded" between 16s and 16s`, `with reason "ProgressDeadlineExceeded" between 21s and 30s`, `got Progressing=False with reason ProgressDeadlineExceeded at 16s`, nil},
	{"the job said Complete after 5s", 50,
		`the job "report" has condition "Complete" "True" between 3s and 3s`, `the job "report" has condition "Complete" "True" between 6s and 9s`, `got Complete at 3s`, nil},
	{"the job said Complete before 2s", 50,
		`the job "report" has condition "Complete" "True" between 3s and 3s`, `the job "report" has condition "Complete" "True" between 0s and 1s`, `it held from 3s`, nil},
	// A container that exceeds its limit: the kill comes then.
	{"the OOM kill said a second earlier than the limit was exceeded", 57,
		`container "app" exits with code 137 at 4s`, `container "app" exits with code 137 at 3s`, `it came at 4s`, []int{70, 71}},
	{"the container said to exceed its limit later", 57,
		`container "app" exceeds its memory limit after 4s`, `container "app" exceeds its memory limit after 6s`, `expected exit of container "app" at 4s`, []int{70, 71}},
}

func TestSixtyFirstDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, sixtyFirstDrafts, sixtyFirstFalseCopies)
}

// TestSixtyFirstDraftScenariosPass: the scenario as written passes.
func TestSixtyFirstDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, sixtyFirstDrafts, 4)
}
