package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestNinthDraftLint: what the eighth held-out set's phrases refuse at
// lint, each at its step: a pod modifier given twice, a behaviour step
// `of job "x"` where x is no job, a postStart phrase of a container
// without the hook. Each scenario passes lint without its last step.
func TestNinthDraftLint(t *testing.T) {
	cases := []struct {
		why   string
		steps []string
		want  string
	}{
		{"a grace given twice", []string{`a pod "web" with terminationGracePeriodSeconds 5 and terminationGracePeriodSeconds 6`}, "terminationGracePeriodSeconds is given twice"},
		{"a priority and a priority class", []string{`a priority class "low" with value 100`, `a pod "web" with priority class "low" and priority 100`}, "priority is given twice"},
		{"a node given twice", []string{`a pod "web" on node "worker-1" and on the node`}, "the node is given twice"},
		{"a priority class of no name", []string{`a pod "web" with priority class "" and restartPolicy Never`}, "a priority class needs a name"},
		{"a node of no name", []string{`a pod "web" with restartPolicy Never and on node ""`}, "a node needs a name"},
		{"of job naming a pod", []string{`a pod "batch"`, `container "app" of job "batch" exits with code 1 after 2s`}, `job "batch"`},
		{"of deployment naming a job", []string{`a job "batch"`, `container "app" of deployment "batch" exits with code 1 after 2s`}, `deployment "batch"`},
		{"postStart of a container without one", []string{`a pod "web"`, `the postStart hook of container "app" finishes at 5s`}, "has no postStart hook"},
	}
	for _, c := range cases {
		t.Run(c.why, func(t *testing.T) {
			pl := NewPlan(nil, ".", c.steps)
			var err error
			for i, text := range c.steps {
				err = declareText(pl, text)
				if i < len(c.steps)-1 && err != nil {
					t.Fatalf("%s: %v", text, err)
				}
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want an error saying %q", c.steps[len(c.steps)-1], err, c.want)
			}
		})
	}
	// The same steps, right, pass.
	for _, ok := range [][]string{
		{`a pod "web" with terminationGracePeriodSeconds 5 and restartPolicy Never and on node "worker-1"`},
		{`a job "batch"`, `container "app" of job "batch" exits with code 1 after 2s`},
	} {
		pl := NewPlan(nil, ".", ok)
		for _, text := range ok {
			if err := declareText(pl, text); err != nil {
				t.Errorf("%s: %v", text, err)
			}
		}
	}
}

// TestPostStartOnACluster: on a cluster the postStart phrases read the
// observed timeline (its end the agent logged, its start the container's
// start); an end the cluster cannot see skips the scenario rather than
// pass.
func TestPostStartOnACluster(t *testing.T) {
	s := time.Second
	seen := []timeline.Event{
		{At: 10 * s, Pod: "web", Container: "app", Kind: timeline.Started, Seq: 1},
		{At: 15 * s, Pod: "web", Container: "app", Kind: timeline.PostStartDone, Seq: 2},
	}
	for _, tc := range []struct {
		name, step string
		unseen     timeline.Kind
		want       string // "" holds; "skip"
	}{
		{"its end at its time", `the postStart hook of container "app" finishes at 5s`, "", ""},
		{"its end at another time", `the postStart hook of container "app" finishes at 8s`, "", "PostStartDone"},
		{"its start", `the postStart hook of container "app" starts within 1s`, "", ""},
		{"its end unseen", `the postStart hook of container "app" finishes between 4s and 6s`, timeline.PostStartDone, "skip"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 60 * s, events: seen, unseen: tc.unseen}
			st := &State{Driver: f, Session: f, Plan: &Plan{configured: true}}
			hook := &corev1.Lifecycle{PostStart: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "5"}}}}
			st.Plan.pods = []*podDecl{{name: "web", created: true, pod: &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Lifecycle: hook}}}}}}
			st.clock.t0 = timeline.Mark{At: 10 * s}
			st.clock.cur = 10 * s
			err := runPhrase(WithState(context.Background(), st), tc.step)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("failed: %v", err)
			case tc.want == "skip" && st.SkipReason == "" && (err == nil || !strings.Contains(err.Error(), "not seen")):
				t.Errorf("got %v, skip reason %q; want the scenario skipped", err, st.SkipReason)
			case tc.want != "" && tc.want != "skip" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("got %v, want a failure saying %q", err, tc.want)
			}
		})
	}
}
