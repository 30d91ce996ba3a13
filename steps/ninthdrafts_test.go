package steps_test

import "testing"

// The phrases of issue 38's eighth held-out set
// (features/language/ninth-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step
// (a Given made false, at the expectation it falsifies).

const ninthDrafts = "../features/language/ninth-drafts.feature"

var ninthFalseCopies = []falseCopy{
	{"a postStart hook said to start after the container started", 10,
		`the postStart hook of container "app" starts at 0s`, `the postStart hook of container "app" starts at 1s`, `at 1s`, nil},
	{"a container said to run its postStart hook after it started", 10,
		`container "app" runs its postStart hook at 0s`, `container "app" runs its postStart hook at 1s`, `at 1s`, nil},
	{"a postStart hook said to finish after a window it finished before", 10,
		`the postStart hook of container "app" finishes between 4s and 6s`, `the postStart hook of container "app" finishes between 6s and 7s`, `PostStartDone`, nil},
	{"a postStart hook said to finish before it did", 10,
		`the postStart hook of container "app" finishes at 5s`, `the postStart hook of container "app" finishes at 4s`, `at 4s`, nil},
	{"a postStart hook said to finish by a deadline it passes", 10,
		`the postStart hook of container "app" finishes within 10s`, `the postStart hook of container "app" finishes within 4s`, `within 4s`, nil},
	{"a job without its active pod at a time it has it", 31,
		`the job "slow" has 1 active pod at 5s`, `the job "slow" has 0 active pods at 5s`, `0 active pods at 5s`, nil},
	{"a job's second pod, which it never creates", 31,
		`container "app" of the first pod of job "slow" receives SIGTERM`, `container "app" of the second pod of job "slow" receives SIGTERM`, `pod 2 of job "slow"`, nil},
	{"a job's first pod's SIGTERM said never to come", 31,
		`container "app" of the first pod of job "slow" receives SIGTERM`, `container "app" of the first pod of job "slow" never receives SIGTERM`, `SIGTERM`, nil},
	{"a job said to have no active pod by a deadline it keeps one past", 31,
		`the job "slow" has 0 active pods within 45s`, `the job "slow" has 0 active pods within 5s`, `within 5s`, nil},
	{"a job's failed pod said to come in a window before it failed", 31,
		`the job "slow" has 1 failed pod between 10s and 45s`, `the job "slow" has 1 failed pod between 2s and 8s`, `between 2s and 8s`, nil},
	{"a job's containers shaped `of job` to succeed: the job completes", 50,
		`container "app" of job "batch" exits with code 1 after 2s`, `container "app" of job "batch" exits with code 0 after 2s`, `Failed`, []int{58, 59, 60}},
	{"a pod's grace given with its priority class changed: SIGKILL comes later", 63,
		`a pod "batch" with priority class "low" and terminationGracePeriodSeconds 5:`, `a pod "batch" with priority class "low" and terminationGracePeriodSeconds 8:`, `at 5s`, []int{75}},
	{"a pod's priority class given with its grace changed: another priority", 63,
		`a priority class "low" with value 100`, `a priority class "low" with value 200`, `100`, []int{72}},
	{"a readiness probe said to fail until later: ready later", 78,
		`container "app" of pod "web" fails its readiness probe until 10s`, `container "app" of pod "web" fails its readiness probe until 12s`, `at 10s`, []int{82}},
}

func TestNinthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, ninthDrafts, ninthFalseCopies)
}

// TestNinthDraftScenariosPass: the scenarios as written pass.
func TestNinthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, ninthDrafts, 5)
}
