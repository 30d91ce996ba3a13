package steps_test

import (
	"testing"
)

// The phrases of issue 38's fourth held-out set
// (features/language/fifth-drafts.feature): each scenario there passes on
// the simulator; a copy with one step made false fails at that step.

const fifthDrafts = "../features/language/fifth-drafts.feature"

var fifthFalseCopies = []falseCopy{
	// Events by reason and message.
	{"an event's message as it does not begin", 15,
		`the pod "web" has a "Killing" event with message "Container app failed liveness probe, will be restarted"`,
		`the pod "web" has a "Killing" event with message "failed liveness probe"`, `"Container app failed liveness probe, will be restarted" at 50s`, nil},
	{"an event before its window", 15,
		`the pod "web" has a "Unhealthy" event with message "Liveness probe failed" between 25s and 35s`,
		`the pod "web" has a "Unhealthy" event with message "Liveness probe failed" between 31s and 35s`, `between 31s and 35s`, nil},
	{"an event at an instant it did not come", 15,
		`the pod "web" has a "Killing" event with message "Container app failed liveness probe" at 50s`,
		`the pod "web" has a "Killing" event with message "Container app failed liveness probe" at 40s`, `at 40s`, nil},
	{"an event by a deadline it missed", 15,
		`a "Unhealthy" event is recorded for container "app" of pod "web" within 35s`,
		`a "Unhealthy" event is recorded for container "app" of pod "web" within 20s`, `within 20s`, nil},
	{"a job's event with another message", 50,
		`the job "migrate" has a "BackoffLimitExceeded" event with message "Job has reached the specified backoff limit"`,
		`the job "migrate" has a "BackoffLimitExceeded" event with message "Job was active longer"`, `with message "Job was active longer"`, nil},
	{"a job's event later than its window", 50,
		`the job "migrate" has a "SuccessfulCreate" event within 1s`, `the job "migrate" has a "SuccessfulCreate" event between 1s and 2s`, `between 1s and 2s`, nil},
	{"a deployment's event with another message", 66,
		`a "ScalingReplicaSet" event is recorded for deployment "shop" with message "Scaled up replica set"`,
		`a "ScalingReplicaSet" event is recorded for deployment "shop" with message "Scaled up replica set shop-0"`, `Scaled up replica set shop-0`, nil},
	// A restart timed from its exit.
	{"the back-off's restart within less than the back-off", 35,
		`container "app" is restarted within 15s of its second exit`, `container "app" is restarted within 9s of its second exit`, `its second exit (at 4s), then Restarted of container "app" within 9s`, nil},
	{"the first restart later than it came", 35,
		`container "app" is restarted 0s after its first exit`, `container "app" is restarted 10s after its first exit`, `its first exit (at 2s), then Restarted of container "app" at 10s`, nil},
	{"a restart after an exit that never came", 15,
		`container "app" is restarted within 2s of its first exit`, `container "app" is restarted within 2s of its second exit`, `its second exit`, nil},
	// A Deployment's invariants, a Job's status and its pods.
	{"fewer pods than the surge allows", 66,
		`the deployment "shop" never has more than 4 pods`, `the deployment "shop" never has more than 3 pods`, `at most 3 pods`, nil},
	{"more ready pods than a rollout keeps", 66,
		`the deployment "shop" never has fewer than 3 ready pods`, `the deployment "shop" never has fewer than 4 ready pods`, `at least 4 pods`, nil},
	{"a job's failed count it did not reach", 50,
		`the job "migrate" has status failed 3 and succeeded 0`, `the job "migrate" has status failed 2 and succeeded 0`, `2 failed pods`, nil},
	{"a job's succeeded count it did not reach", 50,
		`the job "migrate" has status failed 3 and succeeded 0`, `the job "migrate" has status failed 3 and succeeded 1`, `1 succeeded pod`, nil},
	{"a job's pods fewer than it created", 50,
		`the job "migrate" never creates more than 3 pods`, `the job "migrate" never creates more than 2 pods`, `at most 2 pods`, nil},
	{"a job's third pod, which it created", 50,
		`the job "migrate" never creates a fourth pod`, `the job "migrate" never creates a third pod`, `at most 2 pods`, nil},
	// A container's start in a window, a pod never deleted.
	{"a start before its window", 83,
		`container "app" starts between 3s and 5s`, `container "app" starts between 0s and 2s`, `it came at 3s`, nil},
	{"a start by a deadline it missed", 83,
		`container "app" starts between 3s and 5s`, `container "app" starts within 2s`, `within 2s`, nil},
	// A probe that passes from D.
	{"Ready before its readiness probe passed", 112,
		`the pod "api" becomes Ready at 3s`, `the pod "api" becomes Ready at 2s`, `at 2s`, nil},
	{"a readiness probe passing later than the pod became Ready", 112,
		`container "app" passes its readiness probe from 3s after it starts`, `container "app" passes its readiness probe 4s after it starts`, `at 3s`, []int{126}},
	{"a liveness probe passing only after the failure threshold", 129,
		`container "app" passes its liveness probe after 3s`, `container "app" passes its liveness probe after 10s`, `Event(Killing)`, []int{144, 143}},
	{"a readiness probe failing earlier than the pod went NotReady", 147,
		`container "app" fails its readiness probe from 5s after it starts`, `container "app" fails its readiness probe from 3s after it starts`, `Ready`, []int{163}},
	{"a readiness probe failing later than the pod went NotReady", 147,
		`container "app" fails its readiness probe from 5s after it starts`, `container "app" fails its readiness probe 9s after it starts`, `NotReady`, []int{164}},
	// A Job's pods by their order.
	{"the first pod failed earlier than its window", 167,
		`the first pod of job "migrate" has phase "Failed" between 2s and 6s`, `the first pod of job "migrate" has phase "Failed" between 3s and 6s`, `between 3s and 6s`, nil},
	{"a replacement sooner than the back-off", 167,
		`the second pod of job "migrate" is created 10s after the first pod failed`, `the second pod of job "migrate" is created 5s after the first pod failed`, `created 10s after it failed`, nil},
	{"the back-off not doubled", 167,
		`the third pod of job "migrate" is created 20s after the second pod failed`, `the third pod of job "migrate" is created 10s after the second pod failed`, `created 20s after it failed`, nil},
	{"a pod the job never created", 167,
		`the third pod of job "migrate" has phase "Failed" within 40s`, `the fourth pod of job "migrate" has phase "Failed" within 40s`, `it created 3 pods`, nil},
	{"every pod's exit with another code", 167,
		`every pod of job "migrate" has container "app" terminated with exit code 1`, `every pod of job "migrate" has container "app" terminated with exit code 0`, `exit code 1`, nil},
	// A restart count in a window.
	{"a restart count the window passed", 182,
		`container "app" has restart count 1 between 2s and 10s`, `container "app" has restart count 1 between 25s and 30s`, `restart 2 came`, nil},
	{"a restart count not yet reached in the window", 182,
		`container "app" has restart count 0 between 0s and 1s`, `container "app" has restart count 1 between 0s and 1s`, `0 restarts by 1s`, nil},
	{"a pod deleted never deleted", 106,
		`the pod "gone" is gone within 1s`, `the pod "gone" is never deleted`, `DeleteRequested of pod "gone" at 0s`, nil},
}

func TestFifthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fifthDrafts, fifthFalseCopies)
}

// TestFifthDraftScenariosPass: the scenarios as written pass.
func TestFifthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fifthDrafts, 11)
}
