package steps

import (
	"strings"
	"testing"
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
