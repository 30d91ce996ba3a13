package steps_test

import "testing"

// The spec fields a declaration gives in its step
// (features/language/spec-fields.feature, steps/specfields.go). Each
// scenario there passes on the simulator; a copy whose declaration gives
// another value fails at the expectations that value falsifies (so the
// field is read, and set), and a copy with one expectation made false
// fails at that step.

const specFieldsFeature = "../features/language/spec-fields.feature"

var specFieldFalseCopies = []falseCopy{
	{"backoffLimit 1 fails the job at its second failed pod", 15,
		`a job "cruncher" with backoffLimit 2:`, `a job "cruncher" with backoffLimit 1:`, `3 failed pods`, []int{27, 28}},
	{"three failed pods said four", 15,
		`the job "cruncher" has 3 failed pods`, `the job "cruncher" has 4 failed pods`, `4 failed pods`, nil},
	{"parallelism 1 runs one pod at a time", 31,
		`a Job "render" with completions 3 and parallelism 2`, `a Job "render" with completions 3 and parallelism 1`, `2 pods`, []int{35, 36}},
	{"completions 2 succeed two pods", 31,
		`a Job "render" with completions 3 and parallelism 2`, `a Job "render" with completions 2 and parallelism 2`, `3 succeeded pods`, []int{38}},
	// `exceeds its deadline`, unbounded, waits for the later deadline.
	{"a deadline of 30 seconds has not passed at 20s", 41,
		`a job "report" with activeDeadlineSeconds 10`, `a job "report" with activeDeadlineSeconds 30`, `DeadlineExceeded`, []int{44, 45}},
	{"a TTL of 10 seconds deletes the job at 13s", 49,
		`a job "cleanup-me" with ttlSecondsAfterFinished 20`, `a job "cleanup-me" with ttlSecondsAfterFinished 10`, `23s`, []int{54, 55}},
	{"a pod's deadline of 9 seconds is not reached at 8s", 59,
		`a pod "batchy" with activeDeadlineSeconds 8:`, `a pod "batchy" with activeDeadlineSeconds 9:`, `SIGTERM`, []int{67}},
	{"the pod's reason said another", 59,
		`the pod "batchy" has reason "DeadlineExceeded"`, `the pod "batchy" has reason "Evicted"`, `Evicted`, nil},
	{"a pod's deadline of 12 seconds moves its kill", 72,
		`a pod "stubborn" with terminationGracePeriodSeconds 5 and activeDeadlineSeconds 10`, `a pod "stubborn" with terminationGracePeriodSeconds 5 and activeDeadlineSeconds 12`, `SIGTERM`, []int{80, 81, 82}},
	{"a grace of 2 seconds kills the pod sooner", 72,
		`a pod "stubborn" with terminationGracePeriodSeconds 5 and activeDeadlineSeconds 10`, `a pod "stubborn" with terminationGracePeriodSeconds 2 and activeDeadlineSeconds 10`, `SIGKILL`, []int{81}},
	{"restartPolicy Never replaces the failed pods", 85,
		`a job "retry" with backoffLimit 2 and restartPolicy OnFailure`, `a job "retry" with backoffLimit 2 and restartPolicy Never`, `1 pod`, []int{89, 90}},
	{"a replicaset with 2 replicas", 93,
		`a replicaset "queue" with 3 replicas`, `a replicaset "queue" with 2 replicas`, `3`, []int{95, 96}},
	{"three Ready pods said four", 93,
		`3 pods of replica set "queue" are Ready within 30s`, `4 pods of replica set "queue" are Ready within 30s`, `4`, nil},
}

func TestSpecFieldPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, specFieldsFeature, specFieldFalseCopies)
}

// TestSpecFieldScenariosPass: the scenarios as written pass.
func TestSpecFieldScenariosPass(t *testing.T) {
	checkScenariosPass(t, specFieldsFeature, 8)
}
