package steps

import (
	"slices"
	"testing"
)

// TestRespellings: each phrase that says others says the steps meant,
// in order, and matches a step only where each of those is defined.
func TestRespellings(t *testing.T) {
	for _, c := range []struct {
		name, text string
		want       []string // nil: not a step of the language
	}{
		{"a plural subject's verb made singular", `the pods "a" and "b" receive SIGTERM within 5s`,
			[]string{`the pod "a" receives SIGTERM within 5s`, `the pod "b" receives SIGTERM within 5s`}},
		{"`are all` is `is`", `the pods "a", "b" and "c" are all Running`,
			[]string{`the pod "a" is Running`, `the pod "b" is Running`, `the pod "c" is Running`}},
		{"a list after `for`", `kubectl shows STATUS "Evicted" for pods "small" and "large"`,
			[]string{`kubectl shows STATUS "Evicted" for pod "small"`, `kubectl shows STATUS "Evicted" for pod "large"`}},
		{"the containers' verb after `of pods`", `container "app" of pods "a" and "b" receive SIGKILL at 30s`,
			[]string{`container "app" of pod "a" receives SIGKILL at 30s`, `container "app" of pod "b" receives SIGKILL at 30s`}},
		{"an action of several pods is not one", `the pods "a" and "b" get created`, nil},
		{"a plural whose singular is no phrase", `the pods "a" and "b" are running on the same node`, nil},
		{"a phase and its reason by a deadline", `the pod "hog" has phase "Failed" with reason "Evicted" within 25s`,
			[]string{`the pod "hog" has phase "Failed" within 25s`, `the pod "hog" has phase "Failed" with reason "Evicted"`}},
		{"READY and RESTARTS at an instant", `kubectl shows pod "job" with READY "0/1" and RESTARTS "3" at 70s`,
			[]string{`kubectl shows pod "job" READY "0/1" at 70s`, `the pod "job" shows RESTARTS 3 at 70s`}},
		{"a new pod said with `a`", `the deployment "web" creates a new pod within 1s`,
			[]string{`1 new pod of deployment "web" is created within 1s`}},
		{"new pods counted", `the replica set "rs" creates 2 new pods within 5s`,
			[]string{`2 new pods of replica set "rs" are created within 5s`}},
		{"not ready at an instant", `container "app" of pod "b" is not ready at 30s`,
			[]string{`container "app" of pod "b" is not ready after 30s`}},
		{"a Job's counts, succeeded first", `the job "batch" has 3 succeeded pods and 0 failed pods`,
			[]string{`the job "batch" has status failed 0 and succeeded 3`}},
		{"a Job's counts, failed first", `job "batch" has 1 failed pod and 2 succeeded pods`,
			[]string{`the job "batch" has status failed 1 and succeeded 2`}},
		{"a Job's one count said twice", `the job "batch" has 3 succeeded pods and 0 succeeded pods`, nil},
		{"a template changed", `the pod template of deployment "web" is changed`,
			[]string{`the deployment "web" is restarted`}},
		{"a rollout in a window", `the rollout of deployment "web" completes between 15s and 24s`,
			[]string{`the rollout of deployment "web" is not complete after 15s`, `the rollout of deployment "web" completes within 24s`}},
		{"a drain in a window", `the drain of node "n1" completes between 6s and 20s`,
			[]string{`the drain of node "n1" does not complete within 6s`, `the drain of node "n1" completes within 20s`}},
		// Held-out batch 18 (batch18_words.go).
		{"a probe that always fails fails from its start", `the liveness probe of container "app" always fails`,
			[]string{`the liveness probe of container "app" fails from 0s`}},
		{"a probe failing for the first seconds fails until then", `the startup probe of container "app" of pod "web" fails for the first 12s`,
			[]string{`container "app" of pod "web" fails its startup probe until 12s`}},
		{"a phase and its reason said with and", `the pod "hog" has phase "Failed" and reason "Evicted"`,
			[]string{`the pod "hog" has phase "Failed" with reason "Evicted"`}},
		{"a phase and its reason with and, by a deadline", `pod "hog" has phase "Failed" and reason "Evicted" within 5s`,
			[]string{`the pod "hog" has phase "Failed" within 5s`, `the pod "hog" has phase "Failed" with reason "Evicted"`}},
		{"a restart count and the last termination", `container "app" has restartCount 1 and last state terminated with reason "Error" and exit code 143`,
			[]string{`container "app" has restartCount 1`, `container "app" terminated with reason "Error" and exit code 143`}},
		{"the last state named", `init container "init" has last state terminated with reason "Completed"`,
			[]string{`init container "init" terminated with reason "Completed"`}},
		{"a phase throughout", `the pod "web" phase is "Running" throughout`,
			[]string{`the pod "web" stays in phase "Running"`}},
		{"a write with no time", `container "w" writes 3Gi to its writable layer`,
			[]string{`container "w" writes 3Gi to its writable layer after 0s`}},
		{"created only after", `pod "db-1" is created only after pod "db-0" is Ready`,
			[]string{`the pod "db-1" is not created before the pod "db-0" is Ready`}},
		{"a node's typed event", `node "n1" has a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory"`,
			[]string{`a Warning event "EvictionThresholdMet" with message "Attempting to reclaim memory" is recorded for node "n1"`}},
		{"a Job's status field by its API name", `job "batch" has status.succeeded 3 between 10s and 13s`,
			[]string{`the job "batch" has 3 succeeded pods between 10s and 13s`}},
		{"a deployment's status fields as a list", `deployment "web" has status.replicas 4, status.updatedReplicas 1 and status.availableReplicas 3`,
			[]string{`the deployment "web" has 4 pods`, `the deployment "web" has 1 updated replica`, `the deployment "web" has 3 available replicas`}},
		{"a node condition's reason in a window", `node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory" between 50s and 80s`,
			[]string{`node "n1" has condition "MemoryPressure" "False" between 50s and 80s`, `node "n1" has condition "MemoryPressure" "False" with reason "KubeletHasSufficientMemory"`}},
		// Held-out batch 19 (batch19_words.go).
		{"a Job's condition with no status", `the job "batch" has condition "Complete" between 33s and 36s`,
			[]string{`the job "batch" has condition "Complete" "True" between 33s and 36s`}},
		{"the evicted pod's condition with no status, bare", `the evicted pod has condition DisruptionTarget with reason "EvictionByEvictionAPI" at 0s`,
			[]string{`the evicted pod has condition "DisruptionTarget" "True" with reason "EvictionByEvictionAPI" at 0s`}},
		{"removed from the API is gone", `the deleted pod is removed from the API between 5s and 6s`,
			[]string{`the deleted pod is gone between 5s and 6s`}},
		{"an eviction's HTTP status", `the eviction is accepted with status 201`, []string{`the eviction is accepted`}},
		{"a refusal's HTTP status and message", `the eviction is refused with status 429 and message "Cannot evict pod"`,
			[]string{`the eviction is refused with 429`, `the eviction is refused with message containing "Cannot evict pod"`}},
		{"a taint no longer there", `node "n1" no longer has taint "node.kubernetes.io/memory-pressure:NoSchedule" within 5m25s`,
			[]string{`node "n1" has no taint "node.kubernetes.io/memory-pressure:NoSchedule" within 5m25s`}},
		{"running with a restart count at an instant", `container "envoy" is running with restart count 0 at 30s`,
			[]string{`container "envoy" is still running at 30s`, `container "envoy" has restart count 0 at 30s`}},
		{"one container's exit before another's", `container "istio-proxy" exits before container "app" exits`,
			[]string{`container "app" stops after container "istio-proxy"`}},
		{"a Job's two counts at an instant", `the job "export" has 1 succeeded and 0 failed pods at 30s`,
			[]string{`the job "export" has 1 succeeded pod at 30s`, `the job "export" has 0 failed pods at 30s`}},
		{"a daemon set's ready pod on each of its nodes", `the daemonset "ds" has 1 ready pod on each of nodes "a", "b" and "c" within 2s`,
			[]string{`the pod of daemon set "ds" on node "a" is Ready within 2s`, `the pod of daemon set "ds" on node "b" is Ready within 2s`, `the pod of daemon set "ds" on node "c" is Ready within 2s`}},
		{"an event's message said after its object, at an instant", `event "Killing" is recorded for container "app" with message "Stopping container app" at 0s`,
			[]string{`an event "Killing" with message "Stopping container app" is recorded for container "app" between 0s and 0s`}},
		{"a status field the language does not say", `the job "batch" has status.terminating 1`, nil},
	} {
		var found []Def
		for _, d := range registry {
			if d.Matches(c.text) {
				found = append(found, d)
			}
		}
		if c.want == nil {
			if len(found) != 0 {
				t.Errorf("%s: %q is a step (%s); want none", c.name, c.text, found[0].Pattern)
			}
			continue
		}
		if len(found) != 1 || !found[0].Expands() {
			t.Errorf("%s: %q matches %d phrases; want one that says others", c.name, c.text, len(found))
			continue
		}
		if got := found[0].expand(c.text); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q says %q; want %q", c.name, c.text, got, c.want)
		}
	}
}

// TestRespellingsStandAside: a respelling that reads an omission never
// stands beside a phrase that says the text itself (saidElsewhere): the
// job's condition with no status is read as "True" by batch19_words.go,
// where the pod's condition with a reason and no status is its own phrase
// (any status), and each text is one phrase's.
func TestRespellingsStandAside(t *testing.T) {
	for _, c := range []struct {
		text    string
		expands bool
	}{
		{`the job "batch" has condition "Complete" between 3s and 4s`, true},
		{`node "n1" has condition "MemoryPressure" with reason "KubeletHasSufficientMemory"`, false},
	} {
		var found []Def
		for _, d := range registry {
			if d.Matches(c.text) {
				found = append(found, d)
			}
		}
		if len(found) != 1 || found[0].Expands() != c.expands {
			t.Errorf("%q: %d phrases say it (want 1, expanding %v)", c.text, len(found), c.expands)
		}
	}
}
