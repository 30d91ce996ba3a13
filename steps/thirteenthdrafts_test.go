package steps_test

import (
	"strings"
	"testing"
)

// The phrases of issue 38's thirteenth held-out set
// (features/language/thirteenth-drafts.feature): each scenario there
// passes on the simulator; a copy with one step made false fails at that
// step.

const thirteenthDrafts = "../features/language/thirteenth-drafts.feature"

var thirteenthFalseCopies = []falseCopy{
	{"a deployment said to have more ready replicas than it keeps", 10,
		`the deployment "api" has 2 ready replicas within 1m`, `the deployment "api" has 3 ready replicas within 1m`, `3 ready pods within 1m`, nil},
	// Its pods are there, not ready: the ready count is not the count.
	{"a deployment's pods said ready before their probe passed", 10,
		`the deployment "api" has 2 ready replicas within 1m`, `the deployment "api" has 2 ready replicas within 3s`, `within 3s`, nil},
	{"a deployment said to have a ready pod fewer", 10,
		`the deployment "api" has 2 ready pods`, `the deployment "api" has 1 ready pod`, `2 ready`, nil},
	{"a deployment said to have a replica more", 10,
		`the deployment "api" has 2 replicas`, `the deployment "api" has 3 replicas`, `2 active`, nil},
	{"a pod scaled up said ready before its probe passed", 10,
		`the deployment "api" has 2 ready pods between 0s and 2s`, `the deployment "api" has 3 ready pods between 0s and 2s`, `between 0s and 2s`, nil},
	{"a replica set said ready at 1s", 22,
		`the replica set "web" has no ready pods at 1s`, `the replica set "web" has 3 ready pods at 1s`, `at 1s`, nil},
	{"a replica set said to have a ready replica fewer", 22,
		`the replica set "web" has 3 ready replicas`, `the replica set "web" has 2 ready replicas`, `3 ready`, nil},
	{"a node's condition denied that it has", 31,
		`the node "worker-1" does not have condition "DiskPressure" "True"`, `the node "worker-1" does not have condition "DiskPressure" "False"`, `condition DiskPressure=False`, nil},
	{"a node's pressure denied once it came", 31,
		`node "worker-1" has no condition "MemoryPressure" "False"`, `node "worker-1" has no condition "MemoryPressure" "True"`, `condition MemoryPressure=True`, nil},
	{"a job's third pod said to exit with another code", 40,
		`the third pod of job "migrate" exited with code 1`, `the third pod of job "migrate" exited with code 2`, `with code 2`, nil},
	// A pod the job never creates: waited for to the end, then missing.
	{"a job's pod it never created", 40,
		`the first pod of job "migrate" exits with code 1`, `the fourth pod of job "migrate" exits with code 1`, `created 3 pods`, nil},
	{"a pod said to exit with another code", 52,
		`the pod "web" exits with code 3`, `the pod "web" exits with code 0`, `with code 0`, nil},
	{"a pod said to have exited with another code", 52,
		`the pod "web" exited with code 3`, `the pod "web" exited with code 2`, `with code 2`, nil},
	{"a replica set's pod said to exit with another code", 52,
		`the second pod of replica set "rs" exits with code 2`, `the second pod of replica set "rs" exits with code 3`, `with code 3`, nil},
	// A hook that returns 0: no failure to find.
	{"a postStart hook that succeeds said to fail", 63,
		`command: ["false"]`, `command: ["true"]`, `no Event(FailedPostStartHook)`, []int{75, 76, 77, 78}},
	{"a postStart failure said to come later", 63,
		`the postStart hook of container "app" of pod "web" fails between 0s and 30s`, `the postStart hook of container "app" of pod "web" fails between 5s and 30s`, `between 5s and 30s`, nil},
	{"a postStart failure said to come at another time", 84,
		`the postStart hook of container "app" fails at 0s`, `the postStart hook of container "app" fails at 1s`, `at 1s`, nil},
	// Without the kubelet stopped the node stays Ready (the action is not
	// a no-op).
	{"the kubelet left running", 99,
		`the kubelet on node "worker-2" stops`, `0s pass`, `Ready=True`, []int{106}},
	{"the other node said NotReady", 99,
		`node "worker-1" has condition "Ready" "True"`, `node "worker-1" has condition "Ready" "Unknown"`, `Ready=True`, nil},
	// The pod is bound where the step put it.
	{"a pod on a node said elsewhere", 99,
		`the pod "web" is scheduled on node "worker-2"`, `the pod "web" is scheduled on node "worker-1"`, `worker-2`, nil},
}

func TestThirteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, thirteenthDrafts, thirteenthFalseCopies)
}

// TestThirteenthDraftScenariosPass: the scenarios as written pass.
func TestThirteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, thirteenthDrafts, 8)
}

// TestPodExitNamesItsContainers: a pod's exit is its container's where it
// has one (an init container aside); a pod of several containers, or a
// workload's pod of several, is a lint error at the step naming them.
func TestPodExitNamesItsContainers(t *testing.T) {
	const head = "Feature: exit\n  Scenario: s\n    Given a pod \"one\":\n      \"\"\"yaml\n      spec:\n        initContainers:\n        - name: setup\n        containers:\n        - name: app\n      \"\"\"\n    And a pod \"two\":\n      \"\"\"yaml\n      spec:\n        containers:\n        - name: app\n        - name: side\n      \"\"\"\n    And a job \"j\":\n      \"\"\"yaml\n      spec:\n        template:\n          spec:\n            restartPolicy: Never\n            containers:\n            - name: app\n            - name: side\n      \"\"\"\n"
	for _, tc := range []struct {
		step, want string // want "": no problem
	}{
		{`the pod "one" exits with code 1`, ""},
		{`the pod "two" exits with code 1`, `exit.feature:28: pod "two" has 2 containers ("app", "side")`},
		{`the first pod of job "j" exited with code 1`, `exit.feature:28: pod "first pod of job j" has 2 containers ("app", "side")`},
	} {
		t.Run(tc.step, func(t *testing.T) {
			got := lintErrors(t, "exit.feature", head+"    Then "+tc.step+"\n", "note:", "warning:")
			switch {
			case tc.want == "" && len(got) > 0:
				t.Errorf("lint says %q, want no problem", got)
			case tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)):
				t.Errorf("lint says %q, want %q", got, tc.want)
			}
		})
	}
}
