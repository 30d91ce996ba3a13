package steps_test

import "testing"

// The phrases of issue 38's held-out sets 46 to 48
// (features/language/forty-sixth-drafts.feature): an exit's code by a
// deadline, a last termination's reason, kubectl's STATUS and RESTARTS,
// a Deployment's Ready pods, a budget for a Deployment, a Deployment
// rolled out, `throughout`, a pod marked for deletion. Each scenario
// there passes on the simulator; a copy with one step made false fails
// at that step.

const fortySixthDrafts = "../features/language/forty-sixth-drafts.feature"

var fortySixthFalseCopies = []falseCopy{
	// `exits with code C within D`: the code and the deadline each decide.
	{"the OOM-killed container said to exit with 143", 15,
		`container "cruncher" exits with code 137 within 6s`, `container "cruncher" exits with code 143 within 6s`, `with code 137`, nil},
	// A deadline too early leaves the current time before the exit: the
	// untimed checks after it read the container still running.
	{"the OOM-killed container said to exit before its kill", 15,
		`container "cruncher" exits with code 137 within 6s`, `container "cruncher" exits with code 137 within 2s`, `within 2s`, []int{28, 29, 30}},
	{"the succeeding container said to exit by 3s", 35,
		`container "job" of pod "once" exits with code 0 within 6s`, `container "job" of pod "once" exits with code 0 within 3s`, `within 3s`, []int{56, 57}},
	// `terminated with reason "R"`.
	{"the OOM-killed container said to have terminated with Error", 15,
		`container "cruncher" terminated with reason "OOMKilled"`, `container "cruncher" terminated with reason "Error"`, `terminated with reason Error`, nil},
	{"the failed container said to have completed", 35,
		`container "writer" of pod "reporter" terminated with reason "Error"`, `container "writer" of pod "reporter" terminated with reason "Completed"`, `terminated with reason Completed`, nil},
	// `shows STATUS "S"` (untimed, within, at, between), `shows RESTARTS N`.
	{"the OOM-killed pod said to show Error", 15,
		`the pod "batch-oom" shows STATUS "OOMKilled"`, `the pod "batch-oom" shows STATUS "Error"`, `Error`, nil},
	{"the OOM-killed pod said to show a restart", 15,
		`the pod "batch-oom" shows RESTARTS 0`, `the pod "batch-oom" shows RESTARTS 1`, `1`, nil},
	{"the failed pod said to show Error a second early", 35,
		`the pod "reporter" shows STATUS "Error" at 2s`, `the pod "reporter" shows STATUS "Error" at 1s`, `at 1s`, nil},
	{"the completed pod said to show Completed before it exits", 35,
		`the pod "once" shows STATUS "Completed" between 4s and 4s`, `the pod "once" shows STATUS "Completed" between 1s and 3s`, `between 1s and 3s`, nil},
	{"Error said to show before the first exit", 62,
		`the pod "leaky" shows STATUS "Error" at 1s`, `the pod "leaky" shows STATUS "Error" at 0s`, `at 0s`, nil},
	{"OOMKilled said to show before the kill", 15,
		`the pod "batch-oom" shows STATUS "OOMKilled" within 4s`, `the pod "batch-oom" shows STATUS "OOMKilled" within 2s`, `within 2s`, nil},
	{"three restarts by 10s, before the back-off lets a third", 62,
		`the pod "leaky" shows RESTARTS 2 within 30s`, `the pod "leaky" shows RESTARTS 3 within 10s`, `within 10s`, nil},
	// `N pods of deployment "d" are Ready` (untimed, within).
	{"the deployment said to have 3 Ready pods of 2", 70,
		`2 pods of deployment "billing" are Ready`, `3 pods of deployment "billing" are Ready`, `3 ready pods`, nil},
	{"the deployment's replacement said to be Ready at once", 80,
		`3 pods of deployment "cart" are Ready within 1m`, `3 pods of deployment "cart" are Ready within 5s`, `within 5s`, nil},
	// A budget for a Deployment's pods: it selects them (without it the
	// eviction goes through).
	{"the budget said to allow one disruption", 70,
		`a PodDisruptionBudget "billing-pdb" with maxUnavailable 0 for deployment "billing"`, `a PodDisruptionBudget "billing-pdb" with maxUnavailable 1 for deployment "billing"`, `429`, []int{75, 77}},
	{"the budget with minAvailable 3 of 3", 80,
		`a pod disruption budget "cart-pdb" with minAvailable 2 for deployment "cart"`, `a pod disruption budget "cart-pdb" with minAvailable 3 for deployment "cart"`, `accepted`, []int{85, 86}},
	// `is rolled out`: a new revision, whose pods are new.
	{"a rollout said to make no new pod", 90,
		`the deployment "catalog" has created 6 pods`, `the deployment "catalog" has created 3 pods`, `3`, nil},
	// `throughout`: as `at all times`.
	{"4 Ready pods throughout a rollout of 3", 90,
		`at least 3 pods of deployment "catalog" are Ready throughout the rollout`, `at least 4 pods of deployment "catalog" are Ready throughout the rollout`, `at least 4`, nil},
	{"no surge pod throughout the rollout", 90,
		`at most 4 pods of deployment "catalog" are active throughout the rollout`, `at most 3 pods of deployment "catalog" are active throughout the rollout`, `at most 3`, nil},
	{"the terminating pods left out of those that exist", 102,
		`at most 7 pods of deployment "media" exist throughout the rollout`, `at most 6 pods of deployment "media" exist throughout the rollout`, `7 alive`, nil},
	{"no pod unavailable with maxUnavailable 1", 102,
		`at least 3 pods of deployment "media" are Ready throughout the rollout`, `at least 4 pods of deployment "media" are Ready throughout the rollout`, `at least 4`, nil},
	// `is marked for deletion` (within, between, at; not at; never).
	{"the quick pod said to be marked a second early", 119,
		`the pod "quick" is marked for deletion at 10s`, `the pod "quick" is marked for deletion at 9s`, `at 9s`, nil},
	{"the quick pod said to be marked by 5s", 119,
		`the pod "quick" is marked for deletion within 11s`, `the pod "quick" is marked for deletion within 5s`, `within 5s`, nil},
	{"the patient pod said not yet marked after its 300s", 119,
		`the pod "patient" is not marked for deletion at 299s`, `the pod "patient" is not marked for deletion at 301s`, `became Terminating at 300s`, nil},
	{"the patient pod said to be marked after its 300s", 119,
		`the pod "patient" is marked for deletion between 300s and 300s`, `the pod "patient" is marked for deletion between 301s and 320s`, `between 301s and 320s`, nil},
	{"the pod that tolerates forever said to be marked", 119,
		`the pod "anchor" is never marked for deletion within 600s`, `the pod "quick" is never marked for deletion within 600s`, `became Terminating at 10s`, nil},
	{"the quick pod said never to be marked", 119,
		`the pod "anchor" is never marked for deletion`, `the pod "quick" is never marked for deletion`, `DeleteRequested`, nil},
}

func TestFortySixthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, fortySixthDrafts, fortySixthFalseCopies)
}

// TestFortySixthDraftScenariosPass: the scenarios as written pass.
func TestFortySixthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, fortySixthDrafts, 8)
}
