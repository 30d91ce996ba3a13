package steps_test

import (
	"testing"
)

// The phrases of issue 38's third held-out set
// (features/language/fourth-drafts.feature): each scenario there passes on
// the simulator; a copy with one step made false fails at that step.

const fourthDrafts = "../features/language/fourth-drafts.feature"

var fourthFalseCopies = []falseCopy{
	// A state held over a window.
	{"Ready held past the exit", 16,
		`the pod "web" stays Ready until 5s`, `the pod "web" stays Ready until 6s`, `pod "web" Ready until 6s`, nil},
	{"running held past SIGTERM's exit", 16,
		`container "app" stays running for 5s`, `container "app" stays running for 7s`, `container "app" running for 7s`, nil},
	{"waiting held past the restart", 41,
		`container "worker" stays waiting for 3s`, `container "worker" stays waiting for 9s`, `container "worker" waiting for 9s`, nil},
	{"Pending held past the node's coming", 61,
		`the pod "greedy" stays Pending for 20s`, `the pod "greedy" stays Running for 20s`, `pod "greedy" Running for 20s`, nil},
	// Never restarted.
	{"never restarted, of a crash-looping container", 41,
		`container "web" stays running for 20s`, `container "worker" is never restarted`, `never Restarted`, nil},
	// A phase and the columns at an instant.
	{"phase at an instant before it came", 28,
		`the pod "batch" phase is "Succeeded" at 10s`, `the pod "batch" phase is "Succeeded" at 9s`, `Succeeded at 9s`, []int{34, 35}},
	{"after T, a state that had not come", 28,
		`after 5s the pod "batch" is Running`, `after 5s the pod "batch" is Succeeded`, `Succeeded at 5s`, nil},
	{"STATUS at an instant it did not show", 41,
		`the pod "duo" STATUS is Error at 10s`, `the pod "duo" STATUS is CrashLoopBackOff at 10s`, `STATUS CrashLoopBackOff`, nil},
	{"READY at an instant of another count", 41,
		`kubectl shows pod "duo" READY "1/2" at 10s`, `kubectl shows pod "duo" READY "2/2" at 10s`, `READY 2/2`, nil},
	{"READY by a deadline never met", 41,
		`kubectl shows pod "duo" READY "2/2" within 1s`, `kubectl shows pod "duo" READY "3/3" within 1s`, `READY 3/3 within 1s`, nil},
	// A node joining, a restart at an instant.
	{"scheduled on a node that did not join", 61,
		`the pod "greedy" is scheduled on node "node-2" within 10s`, `the pod "greedy" is scheduled on node "node-1" within 10s`, `scheduled on node "node-1"`, nil},
	{"the first restart later than it came", 41,
		`container "worker" restarts at 2s`, `container "worker" restarts at 12s`, `at 12s`, nil},
	// The preStop hook's time and the startup probe.
	{"SIGTERM before the preStop hook's end", 80,
		`container "app" receives SIGTERM at 3s`, `container "app" receives SIGTERM at 2s`, `at 2s`, nil},
	{"Ready before the startup probe passed", 99,
		`the pod "slow" becomes Ready within 7s`, `the pod "slow" becomes Ready within 4s`, `within 4s`, nil},
	{"a failing startup probe never restarts", 118,
		`container "app" is restarted within 20s`, `container "app" is never restarted`, `never Restarted`, nil},
}

func TestFourthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fourthDrafts, fourthFalseCopies)
}

// TestFourthDraftScenariosPass: the scenarios as written pass.
func TestFourthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fourthDrafts, 8)
}
