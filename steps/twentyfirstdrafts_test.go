package steps_test

import "testing"

// The phrases of issue 38's held-out set 27
// (features/language/twenty-first-drafts.feature): a force delete that
// does not wait the grace period, a pod whose image does not exist, a
// tainted node. Each scenario there passes on the simulator; a copy with
// one step made false fails at that step (or, for an action made
// another, at the expectations it falsifies).

const twentyFirstDrafts = "../features/language/twenty-first-drafts.feature"

var twentyFirstFalseCopies = []falseCopy{
	// A graceful delete: the kubelet waits the 30 s, and the pod shows
	// Terminating all that time.
	{"a graceful delete said not to wait the grace period", 8,
		`the pod "stubborn" is deleted with grace period 0s`, `the pod "stubborn" is deleted`, `no SIGKILL of container "app"`, []int{18, 19, 20}},
	{"a force delete's SIGKILL said to come 2s after SIGTERM, not", 8,
		`container "app" does not receive SIGKILL 30s after SIGTERM`, `container "app" does not receive SIGKILL 2s after SIGTERM`, `SIGKILL 2s after SIGTERM`, nil},
	{"a force delete's SIGKILL said sooner than it came", 8,
		`container "app" receives SIGKILL less than 30s after SIGTERM`, `container "app" receives SIGKILL less than 2s after SIGTERM`, `less than 2s`, nil},
	{"a force delete's SIGKILL said sooner than it came, by a hair", 8,
		`container "app" receives SIGKILL less than 30s after SIGTERM`, `container "app" receives SIGKILL less than 1s after SIGTERM`, `less than 1s`, nil},
	{"a container that exits on SIGTERM said killed", 8,
		`container "app" of pod "stubborn" ignores SIGTERM`, `container "app" of pod "stubborn" takes 1s to exit after SIGTERM`, `no SIGKILL by 30s`, []int{19}},
	// An image that exists: pulled once, and it runs.
	{"a pod whose image does not exist said pulled 4 times in a minute", 23,
		`an event "Pulling" is recorded for pod "broken" at least 3 times within 1m`, `an event "Pulling" is recorded for pod "broken" at least 4 times within 1m`, `at least 4 times by 1m`, nil},
	{"a pod whose image does not exist said pulled 3 times in 20s", 23,
		`an event "Pulling" is recorded for pod "broken" at least 3 times within 1m`, `an event "Pulling" is recorded for pod "broken" at least 3 times within 20s`, `at least 3 times by 20s`, nil},
	{"a pod whose image cannot be pulled said to run", 33,
		`the pod "broken" is never Running`, `the pod "broken" is Running`, `Running`, nil},
	{"a pod said pulled for another pod's events", 33,
		`an event "Pulling" is recorded for pod "broken" at least 2 times`, `an event "Started" is recorded for pod "broken" at least 2 times`, `at least 2 times`, nil},
	// A pod that does not tolerate the taint.
	{"the taint's key not tolerated", 40,
		`- key: maintenance`, `- key: dedicated`, `Running`, []int{55}},
	{"an untainted node said to keep a pod off", 40,
		`a node "worker-1" is tainted "maintenance=true:NoSchedule"`, `a node "worker-1"`, `Pending`, []int{56}},
	// What a user expects of an evicted pod's STATUS, and is not so.
	{"an evicted pod said to succeed", 59,
		`the pod "scratch" is Failed within 30s`, `the pod "scratch" is Succeeded within 30s`, `Succeeded`, nil},
	{"an evicted pod said preempted by the scheduler", 59,
		`the pod "scratch" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"`, `the pod "scratch" has condition "DisruptionTarget" "True" with reason "PreemptionByScheduler"`, `TerminationByKubelet`, nil},
}

func TestTwentyFirstDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, twentyFirstDrafts, twentyFirstFalseCopies)
}

// TestTwentyFirstDraftScenariosPass: the scenarios as written pass.
func TestTwentyFirstDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, twentyFirstDrafts, 5)
}
