package steps_test

import "testing"

// The phrases of issue 38's seventh held-out set
// (features/language/eighth-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step.

const eighthDrafts = "../features/language/eighth-drafts.feature"

var eighthFalseCopies = []falseCopy{
	{"a scale-down said to delete the Ready pod", 10,
		`pod 3 of replica set "web" is gone within 40s`, `pod 1 of replica set "web" is gone within 40s`, `within 40s`, nil},
	{"a scale to 2 deletes one pod only", 10,
		`the replica set "web" is scaled to 1`, `the replica set "web" is scaled to 2`, `within 40s`, []int{32, 33}},
	{"a replica set scaled to more pods than it created", 10,
		`the replica set "web" has created 3 pods`, `the replica set "web" has created 4 pods`, `4 pods`, nil},
	{"a deployment scaled to fewer ready replicas than said", 37,
		`the deployment "api" is scaled to 3 replicas`, `the deployment "api" is scaled to 2 replicas`, `ready`, []int{41, 42}},
	{"a container ready before the window", 45,
		`container "app" becomes ready between 10s and 10s`, `container "app" becomes ready between 11s and 12s`, `got Ready of container "app" at 10s`, nil},
	{"a container ready after the deadline", 45,
		`container "app" becomes ready within 15s`, `container "app" becomes ready within 9s`, `within 9s`, nil},
	{"a container not ready after the deadline", 53,
		`container "app" becomes not ready within 20s`, `container "app" becomes not ready within 3s`, `within 3s`, nil},
	{"an event's message it does not have, its object after the message", 53,
		`an event "Unhealthy" is recorded with message containing "Readiness" for container "app" of pod "slow"`, `an event "Unhealthy" is recorded with message containing "Liveness" for container "app" of pod "slow"`, `Liveness`, nil},
	{"no event of a message it has, its object before the message", 53,
		`no event "Unhealthy" is recorded for container "app" of pod "slow" with message containing "Liveness probe failed"`, `no event "Unhealthy" is recorded for container "app" of pod "slow" with message containing "Readiness"`, `Readiness`, nil},
	{"an exit code said never to come that comes", 76,
		`container "app" does not exit with code 1`, `container "app" does not exit with code 0`, `never Exited(0)`, nil},
	{"a node said to have none of a deployment's pods that has them", 90,
		`node "worker-1" has no pods of deployment "api"`, `node "worker-2" has no pods of deployment "api"`, `worker-2`, nil},
	{"a node said to be left without a deployment's pods by a deadline that keeps them", 90,
		`node "worker-1" has no pods of deployment "api" within 1m`, `node "worker-2" has no pods of deployment "api" within 1m`, `within 1m`, nil},
}

func TestEighthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, eighthDrafts, eighthFalseCopies)
}

// TestEighthDraftScenariosPass: the scenarios as written pass.
func TestEighthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, eighthDrafts, 6)
}
