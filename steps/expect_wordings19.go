package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// draftNineteenWordings are the phrases issue 38's held-out set 24
// reached for with a Job's activeDeadlineSeconds: the Job exceeding its
// deadline (its Failed condition with reason DeadlineExceeded, the Job
// controller's pastActiveDeadline), and a Job that never fails.
func draftNineteenWordings() []Def {
	const f = "workloads"
	return []Def{
		phrase(f, `^the job "([^"]*)" exceeds its (?:active )?deadline within (\S+)$`, `Then the job "forever" exceeds its deadline within 30s`,
			func(c []string, a Arg) (Step, error) {
				return parseObjectCondition("job")([]string{c[0], "Failed", "True", "DeadlineExceeded", c[1]}, a)
			}),
		phrase(f, `^the job "([^"]*)" (?:never fails|does not fail)$`, `Then the job "quick" never fails`,
			s1(func(name string) Step { return jobNeverFails{name: name} })),
	}
}

// Then the job "quick" never fails (does not fail): no Failed=True
// condition of the Job in the whole scenario, run to the end of its
// activity as `never` is (a Job past its activeDeadlineSeconds fails
// once its pods have terminated, which may be long after the deadline).
type jobNeverFails struct{ name string }

func (s jobNeverFails) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.name)
	return err
}

func (s jobNeverFails) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	sel := timeline.Selector{Pod: timeline.ObjectName("Job", s.name), Kind: timeline.Condition, Reason: "Failed", Status: "True"}
	if err := st.observable(sel); err != nil {
		return err
	}
	err := expectNever(ctx, st, sel)
	if v, ok := err.(*timeline.Verdict); ok && v.Event != nil {
		v.Expected = fmt.Sprintf("job %q never Failed, to the end of the activity", s.name)
		v.Observed = fmt.Sprintf("Failed (%s) at %s", v.Event.Message, timeline.FormatOffset(v.Event.At-st.clock.t0.At))
	}
	return err
}
