package steps_test

import "testing"

// The phrases of issue 38's held-out set 28
// (features/language/twenty-second-drafts.feature): restarts counted from
// below by a deadline, a probe's event by its message by a deadline, a
// static pod's mirror pod, a pod the taint-eviction controller deletes.
// Each scenario there passes on the simulator; a copy with one step made
// false fails at that step (or, for an action made another, at the
// expectations it falsifies).

const twentySecondDrafts = "../features/language/twenty-second-drafts.feature"

var twentySecondFalseCopies = []falseCopy{
	// Set 30's `does not receive SIG…`, untimed.
	{"a container that ignores SIGTERM said not to receive SIGKILL", 87,
		`container "app" of pod "web" takes 2s to exit after SIGTERM`, `container "app" of pod "web" ignores SIGTERM`, `SIGKILL`, []int{94, 95}},
	{"a container said not to receive the SIGTERM it receives", 87,
		`container "app" does not receive SIGKILL`, `container "app" does not receive SIGTERM`, `SIGTERM`, nil},
	{"a pod said not to receive the SIGTERM it receives", 87,
		`the pod "web" does not receive SIGKILL`, `the pod "web" does not receive SIGTERM`, `SIGTERM`, nil},
	// The restarts come at 5 s, 24.8 s, 54.6 s and 114.5 s (seed 1).
	{"a third restart said to come by 30s", 9,
		`the pod "web" shows at least 1 restart within 30s`, `the pod "web" shows at least 3 restarts within 30s`, `at least 3 restarts within 30s`, nil},
	{"a fourth restart said to come by 1m", 9,
		`the pod "web" has at least 2 restarts within 1m`, `the pod "web" has at least 4 restarts within 1m`, `at least 4 restarts within 1m`, nil},
	// The probe's failures say "timed out", from 10 s on.
	{"the probe's event said with another message", 21,
		`an event "Unhealthy" with message containing "timed out" is recorded for container "app" within 20s`, `an event "Unhealthy" with message containing "connection refused" is recorded for container "app" within 20s`, `connection refused`, nil},
	{"the probe's event said sooner than it came", 21,
		`an event "Unhealthy" with message containing "timed out" is recorded for pod "web" within 20s`, `an event "Unhealthy" with message containing "timed out" is recorded for pod "web" within 5s`, `within 5s`, nil},
	// A force delete: no mirror pod until the pod's next resync.
	{"a mirror pod the API refuses said made", 37,
		`priorityClassName: system-node-critical`, `priorityClassName: node-agent-critical`, `no mirror pod`, []int{51}},
	{"a force-deleted mirror pod said to be there at once", 37,
		`the mirror pod "agent" is deleted`, `the mirror pod "agent" is force deleted`, `no mirror pod`, []int{53, 54}},
	{"the mirror pod said back before the resync", 57,
		`2m pass`, `30s pass`, `no mirror pod`, []int{67}},
	// The toleration's 60 s.
	{"the taint-eviction controller's deletion said sooner than the toleration", 70,
		`the pod "web" is deleted by the taint eviction controller within 1m30s`, `the pod "web" is deleted by the taint eviction controller within 30s`, `within 30s`, nil},
	{"a pod that tolerates the taint for 10 minutes said deleted within 1m30s", 70,
		`tolerationSeconds: 60`, `tolerationSeconds: 600`, `DeleteRequested`, []int{84}},
	{"a pod deleted by a step said deleted by the taint-eviction controller", 70,
		`node "worker-1" becomes NotReady`, `the pod "web" is deleted`, `TaintManagerEviction`, []int{84}},
}

func TestTwentySecondDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, twentySecondDrafts, twentySecondFalseCopies)
}

// TestTwentySecondDraftScenariosPass: the scenarios as written pass.
func TestTwentySecondDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, twentySecondDrafts, 6)
}
