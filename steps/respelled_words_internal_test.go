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
