package steps_test

import "testing"

// A workload's pod named by its number, as issue 38's fifty-sixth
// held-out set named it (features/language/workload-pod-refs.feature):
// `pod 1 of replicaset "queue"`, `the pod 1 of ReplicaSet "queue"`, `the
// pod of job "mapper"`, and the pod phrases it said of them (`is deleted
// within D`, `is not deleted`, the action `pod 1 of replicaset "x" is
// deleted`). Each scenario there passes on the simulator; a copy with one
// step made false fails at that step (or, for an action taken out, at the
// expectations it falsifies).

const workloadPodRefs = "../features/language/workload-pod-refs.feature"

var workloadPodRefFalseCopies = []falseCopy{
	// A replica set's crashing pod.
	{"pod 1's exit said of another code", 12,
		`container "worker" of pod 1 of replicaset "queue" exits with code 1 at 5s`, `container "worker" of pod 1 of replicaset "queue" exits with code 2 at 5s`, `code 2`, nil},
	{"pod 1's container said restarted once more", 12,
		`container "worker" of pod 1 of replicaset "queue" has restarted 1 time`, `container "worker" of pod 1 of replicaset "queue" has restarted 2 times`, `2`, nil},
	{"the pod 1 of ReplicaSet said to show one restart more", 12,
		`the pod 1 of ReplicaSet "queue" has 1 restart`, `the pod 1 of ReplicaSet "queue" has 2 restarts`, `2 restarts`, nil},
	{"pod 1 said Failed, as a pod that is not restarted would be", 12,
		`pod 1 of replicaset "queue" phase is "Running"`, `pod 1 of replicaset "queue" phase is "Failed"`, `Failed`, nil},
	// A scale-down.
	{"the Ready pod said deleted by the scale-down", 34,
		`pod 3 of replicaset "api" is deleted within 1s`, `pod 1 of replicaset "api" is deleted within 1s`, `within 1s`, nil},
	{"the Ready pod said gone after the scale-down", 34,
		`pod 2 of replicaset "api" is gone within 40s`, `pod 1 of replicaset "api" is gone within 40s`, `within 40s`, nil},
	{"the Ready pod's container said signalled", 34,
		`container "app" of pod 3 of replicaset "api" receives SIGTERM within 2s`, `container "app" of pod 1 of replicaset "api" receives SIGTERM within 2s`, `SIGTERM`, nil},
	{"a pod the scale-down deletes said never deleted", 34,
		`pod 1 of replicaset "api" is never deleted`, `pod 3 of replicaset "api" is never deleted`, `DeleteRequested`, nil},
	// An eviction of a replica set's pod.
	{"the other pod said to have the eviction's condition", 61,
		`pod 1 of replicaset "front" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"`, `pod 2 of replicaset "front" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"`, `DisruptionTarget`, nil},
	{"the evicted pod's SIGTERM said to come before its preStop hook ends", 61,
		`container "web" of pod 1 of replicaset "front" receives SIGTERM within 4s`, `container "web" of pod 1 of replicaset "front" receives SIGTERM within 2s`, `within 2s`, nil},
	{"the evicted pod said gone before its preStop hook ends", 61,
		`pod 1 of replicaset "front" is gone within 5s`, `pod 1 of replicaset "front" is gone within 2s`, `within 2s`, nil},
	{"the replacement said Pending", 61,
		`pod 3 of replicaset "front" is Running`, `pod 3 of replicaset "front" is Pending`, `Pending`, nil},
	{"the evicted pod said never deleted", 61,
		`pod 2 of replicaset "front" is never deleted`, `pod 1 of replicaset "front" is never deleted`, `DeleteRequested`, nil},
	// A replica set's pod's readiness.
	{"pod 1's container said ready before its probe's delay", 85,
		`container "redis" of pod 1 of replicaset "cache" is not ready`, `container "redis" of pod 1 of replicaset "cache" is ready`, `ready`, nil},
	{"the pod 1 said Ready before its probe's delay", 85,
		`the pod 1 of replica set "cache" is not Ready`, `the pod 1 of replica set "cache" is Ready`, `Ready`, nil},
	{"the pod 1's container said ready before its probe's delay", 85,
		`container "redis" of the pod 1 of replicaset "cache" becomes ready within 12s`, `container "redis" of the pod 1 of replicaset "cache" becomes ready within 5s`, `within 5s`, nil},
	// The pod of a job.
	{"the pod of job said to have the condition False", 102,
		`the pod of job "mapper" has condition "DisruptionTarget" "True"`, `the pod of job "mapper" has condition "DisruptionTarget" "False"`, `DisruptionTarget`, nil},
	{"the job's second pod, which succeeds and stays, said gone", 102,
		`the pod of Job "mapper" is gone within 35s`, `pod 2 of Job "mapper" is gone within 35s`, `within 35s`, nil},
	{"the pod of job said gone before the job's time to live ran out", 130,
		`the pod of job "cleanup-me" is gone within 35s`, `the pod of job "cleanup-me" is gone within 30s`, `within 30s`, nil},
	{"the pod of job said gone a second before the job's time to live ran out", 130,
		`the pod of job "cleanup-me" is gone at 33s`, `the pod of job "cleanup-me" is gone at 32s`, `32s`, nil},
	// A replica set's pod deleted.
	{"without the delete, pod 1 stays and pod 2 is never made", 147,
		`pod 1 of replicaset "queue" is deleted`, `10s pass`, `within 1s`, []int{155, 156, 157}},
	{"the replacement said gone", 147,
		`pod 1 of replicaset "queue" is gone within 1s`, `pod 2 of replicaset "queue" is gone within 1s`, `within 1s`, nil},
	{"the deleted pod said not deleted", 147,
		`pod 2 of replicaset "queue" is Running`, `pod 1 of replicaset "queue" is not deleted`, `DeleteRequested`, nil},
}

func TestWorkloadPodRefsCanFail(t *testing.T) {
	checkFalseCopies(t, workloadPodRefs, workloadPodRefFalseCopies)
}

// TestWorkloadPodRefScenariosPass: the scenarios as written pass.
func TestWorkloadPodRefScenariosPass(t *testing.T) {
	checkScenariosPass(t, workloadPodRefs, 7)
}
