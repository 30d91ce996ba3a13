package steps_test

import "testing"

// The phrases of issue 38's held-out sets 49 to 51
// (features/language/forty-ninth-drafts.feature): a Job's Complete and
// Failed as states, at most N of a Job's pods running at once, a stateful
// set created and its pods' order of creation, `keeps running`, `has
// event "R" with message containing "M"`. Each scenario there passes on
// the simulator; a copy with one step made false fails at that step.

const fortyNinthDrafts = "../features/language/forty-ninth-drafts.feature"

var fortyNinthFalseCopies = []falseCopy{
	// `at most N pods of job "j" are running at any time`: two run at once.
	{"one pod of the job said to run at once", 13,
		`at most 2 pods of job "crunch" are running at any time`, `at most 1 pod of job "crunch" is running at any time`, `2 running`, nil},
	// `is not Complete before T`, `between A and B`, `within D`, untimed, `never`.
	{"the job said not Complete before 23s, a second after it completes", 13,
		`the job "crunch" is not Complete before 22s`, `the job "crunch" is not Complete before 23s`, `got Complete at 22s`, nil},
	{"the job said Complete in a window before it completes (20s to 21s)", 13,
		`the job "crunch" is Complete between 22s and 22s`, `the job "crunch" is Complete between 20s and 21s`, `it held from 22s`, nil},
	{"the job said Complete in a window after it completes (23s on)", 13,
		`the job "crunch" is Complete between 22s and 22s`, `the job "crunch" is Complete between 23s and 40s`, `got Complete at 22s`, nil},
	{"the job said Complete by 15s", 13,
		`the job "crunch" is Complete within 25s`, `the job "crunch" is Complete within 15s`, `it held from 22s`, nil},
	{"the job said Complete a second early", 13,
		`the job "crunch" is Complete at 22s`, `the job "crunch" is Complete at 21s`, `Complete=True at 21s`, nil},
	{"the job said Complete a second late", 13,
		`the job "crunch" is Complete at 22s`, `the job "crunch" is Complete at 23s`, `got Complete at 22s`, nil},
	{"the completed job said Failed", 13,
		`the job "crunch" is Complete`, `the job "crunch" is Failed`, `Failed=True`, nil},
	{"the completed job said never Complete", 13,
		`the job "crunch" is never Failed`, `the job "crunch" is never Complete`, `got Complete at 22s`, nil},
	{"the failed job said never Failed", 32,
		`the job "render" is never Complete`, `the job "render" is never Failed`, `Failed (BackoffLimitExceeded`, nil},
	{"the failed job said not Failed before 14s", 32,
		`the job "render" is not Failed before 13s`, `the job "render" is not Failed before 14s`, `got Failed at 13s`, nil},
	{"the failed job said Failed by 2s", 32,
		`the job "render" is Failed within 1m`, `the job "render" is Failed within 2s`, `it held from 13s`, nil},
	// The stateful set's order.
	{"the second pod said created after the third is Ready", 46,
		`the pod "store-1" is created after the pod "store-0" is Ready`, `the pod "store-1" is created after the pod "store-2" is Ready`, `PodCreated of pod "store-1" at 3s`, nil},
	{"the first pod said not created before the second is Ready", 46,
		`the pod "store-1" is not created before the pod "store-0" is Ready`, `the pod "store-0" is not created before the pod "store-1" is Ready`, `PodCreated of pod "store-0" at 0s`, nil},
	{"the pods said created in another order", 46,
		`the pods are created in this order: "store-0", "store-1", "store-2"`, `the pods are created in this order: "store-0", "store-2", "store-1"`, `PodCreated of pod "store-2" at 6s`, nil},
	{"the first pod said never created", 57,
		`the pod "ledger-2" is never created`, `the pod "ledger-0" is never created`, `PodCreated of pod "ledger-0" at 0s`, nil},
	{"a pod held back said created after the first is Ready", 57,
		`the pod "ledger-1" is never created`, `the pod "ledger-1" is created after the pod "ledger-0" is Ready`, `never created`, nil},
	{"the first pod said not created before a pod held back is Ready", 57,
		`the pod "ledger-1" is not created before the pod "ledger-0" is Ready`, `the pod "ledger-0" is not created before the pod "ledger-1" is Ready`, `never Ready`, nil},
	// `keeps running`: without it, the container's default (it runs to
	// completion) is not a liveness probe's kill.
	// `has event "R" with message containing "M"`.
	{"the Killing event said to mention readiness", 77,
		`the pod "worker" has event "Killing" with message containing "failed liveness probe, will be restarted"`, `the pod "worker" has event "Killing" with message containing "failed readiness probe"`, `failed liveness probe, will be restarted" at 50s`, nil},
	{"the Unhealthy event said to be a Killing one", 77,
		`the pod "worker" has event "Unhealthy" with message containing "Liveness probe failed"`, `the pod "worker" has event "Killing" with message containing "Liveness probe failed"`, `failed liveness probe, will be restarted" at 50s`, nil},
	// `N pods of job "j" are Failed|Succeeded [within D]`.
	{"one failed pod said by 1s", 95,
		`1 pod of job "render" is Failed within 3s`, `1 pod of job "render" is Failed within 1s`, `failed 0`, nil},
	{"the second failed pod said by 12s", 95,
		`2 pods of job "render" are Failed within 13s`, `2 pods of job "render" are Failed within 12s`, `failed 1`, []int{104, 105}},
	{"three failed pods of a backoff limit of 1", 95,
		`2 pods of job "render" are Failed`, `3 pods of job "render" are Failed`, `failed 2`, nil},
	{"a failing job said to have a succeeded pod", 95,
		`0 pods of job "render" are Succeeded`, `1 pod of job "render" is Succeeded`, `succeeded 0, failed 2`, nil},
}

func TestFortyNinthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fortyNinthDrafts, fortyNinthFalseCopies)
}

// TestFortyNinthDraftScenariosPass: the scenarios as written pass.
func TestFortyNinthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fortyNinthDrafts, 7)
}
