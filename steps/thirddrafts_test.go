package steps_test

import (
	"testing"
)

// The phrases of issue 38's second held-out set
// (features/language/third-drafts.feature): each scenario there passes on
// the simulator; a copy with one step made false fails at that step, and
// only there (or at the state checks that read what it decided).

const thirdDrafts = "../features/language/third-drafts.feature"

var thirdFalseCopies = []falseCopy{
	// An exit's reason and code by a deadline.
	{"terminated by a deadline before the OOM kill", 12,
		`container "app" terminated with reason "OOMKilled" and exit code 137 within 5s`,
		`container "app" terminated with reason "OOMKilled" and exit code 137 within 4s`, `within 4s`, nil},
	{"terminated with another reason", 12,
		`container "app" terminated with reason "OOMKilled" and exit code 137 within 5s`,
		`container "app" terminated with reason "Error" and exit code 137 within 5s`, `Exited(137) of container "app" within 5s, reason Error`, nil},
	{"terminated with another code", 12,
		`container "app" terminated with reason "OOMKilled" and exit code 137 within 5s`,
		`container "app" terminated with reason "OOMKilled" and exit code 1 within 5s`, `Exited(1) of container "app" within 5s, reason OOMKilled`, nil},

	// A restart count by a deadline.
	{"one restart by a deadline before it", 12,
		`container "app" has restarted 1 time within 5s`, `container "app" has restarted 1 time within 4s`, `restarted 1 time within 4s`, nil},
	{"two restarts by a deadline before the back-off let the second come", 12,
		`container "app" has restarted 2 times within 25s`, `container "app" has restarted 2 times within 19s`, `1 restart by 19s`, []int{26, 27}},
	{"three restarts by a deadline before the third", 12,
		`container "app" has restarted 2 times within 25s`, `container "app" has restarted 3 times within 25s`, `restarted 3 times within 25s`, nil},

	// A pod's state at an instant.
	{"still Running, when it never started", 29,
		`the pod "ghost" is still Pending at 60s`, `the pod "ghost" is still Running at 60s`, `pod "ghost" Running at 60s`, nil},
	{"still Terminating after it was gone", 36,
		`the pod "web" is still Terminating at 5s`, `the pod "web" is still Terminating at 11s`, `pod "web" Terminating at 11s`, nil},
	{"still in a phase it never had", 36,
		`the pod "web" is still Running at 5s`, `the pod "web" is still Succeeded at 5s`, `pod "web" Succeeded at 5s`, nil},

	// t=0 at a taint's coming.
	{"a taint the node never gets", 47,
		`the node gets taint "node.kubernetes.io/unreachable:NoExecute"`, `the node gets taint "dedicated=infra:NoExecute"`, `node "worker-1" with taint dedicated=infra:NoExecute`, nil},
}

func TestThirdDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, thirdDrafts, thirdFalseCopies)
}

// TestThirdDraftScenariosPass: the scenarios as written pass.
func TestThirdDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, thirdDrafts, 4)
}
