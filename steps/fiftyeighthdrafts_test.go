package steps_test

import "testing"

// The phrases of issue 38's held-out sets 55 to 60
// (features/language/fifty-eighth-drafts.feature): nodes declared at
// once, a probe's answer said of the probe, a Job's condition that never
// comes, a container not running at an instant, the STATUS column said
// as the pod's. Each scenario there passes on the simulator; a copy with
// one step made false fails at that step (a Given made false, at the
// expectation it falsifies).

const fiftyEighthDrafts = "../features/language/fifty-eighth-drafts.feature"

var fiftyEighthFalseCopies = []falseCopy{
	// `nodes "a" and "b"`: without "core" the pod has nowhere to go.
	{"the selected node left out of the list", 14,
		`nodes "edge" and "core"`, `nodes "edge" and "spare"`, `node "core" is not declared`, []int{25, 26}},
	// `is not running at T`, and `is running at T` from the hook's return.
	{"not running said after the hook returned", 29,
		`container "api" is not running at 3s`, `container "api" is not running at 6s`, `it started at 5s and was still running`, nil},
	{"running said while the hook runs", 29,
		`container "api" is running at 6s`, `container "api" is running at 4s`, `it had not started by 4s`, nil},
	// `has STATUS "X" at T`, `status is "X" within D`.
	{"STATUS said Running while the hook runs", 29,
		`the pod "slowstart" has STATUS "ContainerCreating" at 3s`, `the pod "slowstart" has STATUS "Running" at 3s`, `it did from 5s`, nil},
	{"STATUS said Running by 4s", 29,
		`the pod "slowstart" status is "Running" within 7s`, `the pod "slowstart" status is "Running" within 4s`, `Running at 5s`, nil},
	// The probe's answers said of the probe.
	{"the startup probe said to succeed after 8s", 47,
		`the startup probe of container "app" succeeds after 5s`, `the startup probe of container "app" succeeds after 8s`, `it was Ready from 8s`, []int{62}},
	{"the liveness probe said to fail after 35s", 65,
		`the liveness probe of container "app" fails after 25s`, `the liveness probe of container "app" fails after 35s`, `it came at 60s`, []int{77}},
	// `never has condition "C"`.
	{"the failing job said never Failed", 80,
		`the job "render" never has condition "Complete"`, `the job "render" never has condition "Failed"`, `got Failed (BackoffLimitExceeded`, nil},
	{"the completing job said never Complete", 80,
		`the job "report" never has condition "Failed"`, `the job "report" never has condition "Complete"`, `got Complete at 3s`, nil},
	// A container's exit said as its state; a pod created on a node.
	{"terminated said by 1s, before its exit at 2s", 96,
		`container "app" is terminated within 3s`, `container "app" is terminated within 1s`, `it came at 2s`, nil},
	{"terminated said with another code", 96,
		`container "app" terminated with exit code 3`, `container "app" terminated with exit code 4`, `at 2s with code 3`, nil},
	{"the pod created on the other node", 96,
		`a pod "late" is created on node "edge":`, `a pod "late" is created on node "core":`, `got scheduled on node core`, []int{116}},
	// kubectl's row said whole: every column at once.
	{"the row at 1s said to count a restart", 120,
		`kubectl get pods shows "greeter" with STATUS "Running" READY "1/1" RESTARTS 0 at 1s`, `kubectl get pods shows "greeter" with STATUS "Running" READY "1/1" RESTARTS 1 at 1s`, `STATUS Running, READY 1/1, RESTARTS 0`, nil},
	{"the row at 3s said not ready", 120,
		`kubectl get pods shows "greeter" with STATUS "Running" READY "1/1" RESTARTS 1 at 3s`, `kubectl get pods shows "greeter" with STATUS "Running" READY "0/1" RESTARTS 1 at 3s`, `STATUS Running, READY 1/1, RESTARTS 1`, nil},
	{"the Error row said with three restarts by 10s", 120,
		`kubectl get pods shows "greeter" with STATUS "Error" READY "0/1" RESTARTS 1 within 10s`, `kubectl get pods shows "greeter" with STATUS "Error" READY "0/1" RESTARTS 3 within 10s`, `got STATUS Error, READY 0/1, RESTARTS 1 (8s ago) at 10s`, []int{126, 127}},
	{"the row said Running while it shows Error", 120,
		`kubectl get pods shows "greeter" with STATUS "Error"`, `kubectl get pods shows "greeter" with STATUS "Running"`, `got at 4s`, nil},
	// A waiting reason and RESTARTS read at an instant.
	{"the hooked container said waiting with another reason at 3s", 130,
		`container "api" of pod "hooked" is waiting with reason "ContainerCreating" at 3s`, `container "api" of pod "hooked" is waiting with reason "PodInitializing" at 3s`, `got at 3s`, nil},
	{"the hooked container said waiting at 6s, after its hook returned", 130,
		`container "api" of pod "hooked" is waiting with reason "ContainerCreating" at 3s`, `container "api" of pod "hooked" is waiting with reason "ContainerCreating" at 6s`, `got at 6s`, nil},
	{"a restart counted at 1s, before the crash", 130,
		`the pod "crasher" shows 0 restarts at 1s`, `the pod "crasher" shows 1 restart at 1s`, `RESTARTS 0`, nil},
	{"no restart counted at 3s, after the crash", 130,
		`the pod "crasher" shows RESTARTS 1 at 3s`, `the pod "crasher" shows RESTARTS 0 at 3s`, `RESTARTS 1 (1s ago)`, nil},
}

func TestFiftyEighthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fiftyEighthDrafts, fiftyEighthFalseCopies)
}

// TestFiftyEighthDraftScenariosPass: the scenarios as written pass.
func TestFiftyEighthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fiftyEighthDrafts, 8)
}
