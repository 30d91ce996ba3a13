package runner

import (
	"testing"

	"github.com/podlife/podlife/steps"
)

// workloadPodRefDrafts: held-out set 56's steps that named a replica
// set's or a job's pod by a number, or as the job's pod (30 of its 60
// undefined steps), are each one phrase now (steps/rspods.go).
var workloadPodRefDrafts = []struct{ kind, step string }{
	{"Then", `container "web" of pod 1 of replicaset "front" receives SIGTERM within 2s`},
	{"Then", `container "worker" of pod 1 of replicaset "queue" exits with code 1 at 5s`},
	{"Then", `container "worker" of pod 1 of replicaset "queue" is waiting with reason "CrashLoopBackOff"`},
	{"Then", `container "redis" of pod 1 of replicaset "cache" is not ready`},
	{"Then", `pod 1 of replicaset "api" is never deleted`},
	{"Then", `pod 3 of replicaset "api" is deleted within 1s`},
	{"Then", `the pod of job "mapper" has condition "DisruptionTarget" "True"`},
	{"Then", `the pod of job "cleanup-me" is gone within 35s`},
	{"Then", `pod 1 of replica set "web" is gone within 6s`},
	{"Then", `pod 1 of replica set "web" has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI"`},
	{"When", `pod 1 of replicaset "queue" is deleted`},
}

func TestWorkloadPodRefDraftsAreTheirPhrases(t *testing.T) {
	t.Parallel()
	checkDraftsAreTheirPhrases(t, workloadPodRefDrafts)
}

// TestWorkloadPodByNumberNearMissHints: a near miss that names a
// workload's pod by a number is hinted with the pod by its order, not
// the workload's name as a pod's (`Then after 1s the pod "queue" is
// Running`, `the job "mapper" has condition …`, as before).
func TestWorkloadPodByNumberNearMissHints(t *testing.T) {
	t.Parallel()
	v := newVocabulary(steps.Definitions())
	for _, c := range []struct{ kind, step, want string }{
		{"Then", `pod 1 of replicaset "queue" should be Running`, `the first pod of replica set "queue" is Running`},
		{"Then", `container "app" of pod 2 of ReplicaSet "queue" gets SIGTERM within 2s`, `container "app" of the second pod of replica set "queue" receives SIGTERM within 2s`},
		{"Then", `the pod of job "mapper" should have condition "DisruptionTarget" "True"`, `the first pod of job "mapper" has condition "DisruptionTarget" "True"`},
		{"Then", `pod 1 of job "mapper" has phase "Running" within 5s`, `the first pod of job "mapper" has phase "Running" within 5s`},
	} {
		if got := v.hint(c.step, stepKind(c.kind), true, nil); got != c.want {
			t.Errorf("%s %s: hint %s, want %s", c.kind, c.step, got, c.want)
		}
	}
}

// TestPodsByOrder: the hints' reading of a pod by its number leaves an
// eviction's pod and a number that is none as they are.
func TestPodsByOrder(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		`pod 2 of replicaset "web" is Running`:                  `the second pod of replica set "web" is Running`,
		`container "a" of the pod 3 of Job "j" exits`:           `container "a" of the third pod of job "j" exits`,
		`the pod of Job "j" is gone`:                            `the first pod of job "j" is gone`,
		`the eviction of pod 2 of replicaset "web" is accepted`: `the eviction of pod 2 of replicaset "web" is accepted`,
		`pod zero of deployment "d" is Running`:                 `pod zero of deployment "d" is Running`,
		`the pod of daemon set "x" on node "n" is Running`:      `the pod of daemon set "x" on node "n" is Running`,
	} {
		if got := steps.PodsByOrder(in); got != want {
			t.Errorf("PodsByOrder(%s) = %s, want %s", in, got, want)
		}
	}
}
