package steps_test

import "testing"

// Graceful node shutdown (held-out set 35's draft,
// /work/heldout-35/node-shutdown.feature, asked for it):
// features/nodes/graceful-shutdown.feature. Each scenario there passes on
// the simulator; a copy with one step made false fails at that step, and
// a copy with the configuration or the action made another fails at the
// expectations it falsifies.

const shutdownFeature = "../features/nodes/graceful-shutdown.feature"

var shutdownFalseCopies = []falseCopy{
	// The configuration phrases: another period moves the kills.
	{"a longer shutdown grace period gives the regular pods 30s, not 20s", 18,
		`the kubelet shutdown grace period is 30s with 10s for critical pods`, `the kubelet shutdown grace period is 40s with 10s for critical pods`, `expected SIGKILL of container "app" at 20s`, []int{26, 27, 28}},
	{"shutdownGracePeriod 20s gives the regular pods 10s", 31,
		`the kubelet's shutdownGracePeriod is 30s`, `the kubelet's shutdownGracePeriod is 20s`, `expected SIGKILL of container "app" at 20s`, []int{50}},
	{"no share for the critical pods gives the regular pods the whole 30s", 31,
		`the kubelet's shutdownGracePeriodCriticalPods is 10s`, `the kubelet's shutdownGracePeriodCriticalPods is 0s`, `expected SIGKILL of container "app" at 20s`, []int{50}},
	// The action: a crash is no shutdown.
	{"a crash said to kill the pods by group", 18,
		`node "worker-1" shuts down`, `node "worker-1" crashes`, `SIGTERM`, []int{25, 26, 27, 28}},
	{"a power cut said to write the statuses", 90,
		`node "worker-1" shuts down`, `node "worker-1" crashes`, `Failed`, []int{96, 97, 98, 99, 100}},
	{"the kubelet not configured: 'the node \"worker-1\" shuts down' is a power cut, the node still Ready", 72,
		`the kubelet shutdown grace period is 30s with 10s for critical pods`, `the kubelet's shutdownGracePeriod is 0s`, `Ready`, []int{77}},
	// The expectations.
	{"the critical pod said killed with the regular ones", 18,
		`container "app" of pod "netagent" receives SIGTERM at 20s`, `container "app" of pod "netagent" receives SIGTERM at 0s`, `expected SIGTERM of container "app" at 0s`, nil},
	{"the preStop hook said skipped", 31,
		`container "app" of pod "web" receives SIGTERM at 5s`, `container "app" of pod "web" receives SIGTERM at 0s`, `expected SIGTERM of container "app" at 0s`, nil},
	{"the critical group said to wait for the regular group's whole time (the draft's belief)", 53,
		`container "app" of pod "netagent" receives SIGTERM at 5s`, `container "app" of pod "netagent" receives SIGTERM at 20s`, `expected SIGTERM of container "app" at 20s`, nil},
	{"the feature off said to signal the pod", 63,
		`container "app" of pod "web" never receives SIGTERM`, `container "app" of pod "web" receives SIGTERM within 30s`, `SIGTERM`, nil},
	{"the feature off said to mark the pod Failed", 63,
		`the pod "web" phase is "Running"`, `the pod "web" phase is "Failed"`, `Running`, nil},
	{"the late pod said to run", 72,
		`the pod "late" is rejected with reason "NodeShutdown"`, `the pod "late" is rejected with reason "OutOfcpu"`, `NodeShutdown`, nil},
	{"the node said Ready while it shuts down", 72,
		`the node "worker-1" has condition "Ready" "False"`, `the node "worker-1" has condition "Ready" "True"`, `False`, nil},
	{"the killed pod said Evicted", 90,
		`the pod "web" has status reason "Terminated"`, `the pod "web" has status reason "Evicted"`, `Terminated`, nil},
	{"the pod that exits 0 said Failed", 90,
		`the pod "batch" phase is "Succeeded"`, `the pod "batch" phase is "Failed"`, `Succeeded`, nil},
	{"the DisruptionTarget said to be the taint manager's", 90,
		`the pod "web" has condition "DisruptionTarget" "True" with reason "TerminationByKubelet"`, `the pod "web" has condition "DisruptionTarget" "True" with reason "DeletionByTaintManager"`, `TerminationByKubelet`, nil},
}

func TestGracefulShutdownPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, shutdownFeature, shutdownFalseCopies)
}

// TestGracefulShutdownScenariosPass: the scenarios as written pass.
func TestGracefulShutdownScenariosPass(t *testing.T) {
	checkScenariosPass(t, shutdownFeature, 6)
}
