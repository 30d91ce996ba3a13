package steps_test

import "testing"

// The phrases of issue 38's twelfth held-out set
// (features/language/twelfth-drafts.feature): each scenario there passes
// on the simulator; a copy with one step made false fails at that step.

const twelfthDrafts = "../features/language/twelfth-drafts.feature"

var twelfthFalseCopies = []falseCopy{
	{"a node said unschedulable that was not cordoned", 10,
		`node "worker-1" is unschedulable`, `node "worker-2" is unschedulable`, `spec.unschedulable is false`, nil},
	{"a drained node said schedulable", 10,
		`node "worker-2" is schedulable`, `node "worker-1" is schedulable`, `spec.unschedulable is true`, nil},
	{"a replica set said to have a pod more than it keeps", 10,
		`the replica set "web" has 2 pods within 1m`, `the replica set "web" has 3 pods within 1m`, `within 1m`, nil},
	// Without the wait, t=0 is the scale: the new pods are not
	// available yet (the wait is not a no-op).
	{"the deployment not waited for", 20,
		`the deployment "api" becomes available`, `0s pass`, `4 available replicas`, []int{26}},
	// More replicas than the node's 110 pods: never available, the wait
	// fails with the deployment's last status.
	{"a deployment that cannot become available", 20,
		`the deployment "api" is scaled to 4 replicas`, `the deployment "api" is scaled to 200 replicas`, `to become available`, []int{24}},
	{"a deployment said to have a pod fewer", 20,
		`the deployment "api" has 4 pods`, `the deployment "api" has 3 pods`, `4 active`, nil},
	{"a deployment scaled down said to have a pod fewer by a deadline", 20,
		`the deployment "api" has 2 pods within 35s`, `the deployment "api" has 1 pod within 35s`, `within 35s`, nil},
	{"a deployment scaled down said to keep its pods", 20,
		`the deployment "api" has 2 pods at 10s`, `the deployment "api" has 4 pods at 10s`, `at 10s`, nil},
	{"a job said to have its pod after it succeeded", 32,
		`the job "migrate" has 1 pod between 0s and 2s`, `the job "migrate" has 1 pod between 6s and 10s`, `between 6s and 10s`, nil},
	{"a job said to have no pods before its pod ended", 32,
		`the job "migrate" has no pods within 1m`, `the job "migrate" has no pods within 3s`, `within 3s`, nil},
	{"a hook cut short at another time", 40,
		`the preStop hook of container "app" is cut short at 3s`, `the preStop hook of container "app" is cut short at 2s`, `at 2s`, nil},
	{"a hook cut short by a deadline before the grace's end", 40,
		`the preStop hook of container "app" is interrupted within 5s`, `the preStop hook of container "app" is interrupted within 2s`, `within 2s`, nil},
	{"a hook that returned said cut short", 59,
		`the preStop hook of container "app" finishes at 1s`, `the preStop hook of container "app" is cut short at 1s`, `it returned (completed)`, nil},
	// Without the image change the container is not restarted (the
	// action is not a no-op).
	{"the image left as it was", 76,
		`the image of container "app" of pod "web" is changed to "docker.io/library/busybox:1.36"`, `0s pass`, `Killing`, []int{88, 89, 90, 91}},
	{"an image change said to restart the container twice", 76,
		`container "app" has restarted 1 time`, `container "app" has restarted 2 times`, `2`, nil},
}

func TestTwelfthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, twelfthDrafts, twelfthFalseCopies)
	// The deployment's image `changed` and `updated` as `set`: the same
	// rollout, and, to the image the pods run already, none (the
	// Deployment creates no pod: its count fails, not the step).
	for _, verb := range []string{"changed", "updated", "set"} {
		checkFalseCopies(t, "../features/workloads/deployments.feature", []falseCopy{
			{"the deployment's image " + verb + " to the one it runs", 61,
				`the image of container "app" of deployment "web" is set to "docker.io/library/busybox:1.36"`, `the image of container "app" of deployment "web" is ` + verb + ` to "busybox:1.36"`, `4`, []int{83}},
		})
	}
}

// TestTwelfthDraftScenariosPass: the scenarios as written pass.
func TestTwelfthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, twelfthDrafts, 6)
}
