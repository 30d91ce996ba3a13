package steps

import (
	"context"
	"fmt"
	"strings"

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
		phrase(f, `^the job "([^"]*)" exceeds its (?:active )?deadline$`, `Then the job "forever" exceeds its deadline`,
			s1(func(name string) Step { return jobFails{name: name, reason: "DeadlineExceeded"} })),
		phrase(f, `^the job "([^"]*)" fails(?: with reason "([^"]*)")?$`, `Then the job "forever" fails with reason "DeadlineExceeded"`,
			s2(func(name, reason string) Step { return jobFails{name: name, reason: reason} })),
		phrase(f, `^the job "([^"]*)" (?:never fails|does not fail)$`, `Then the job "quick" never fails`,
			s1(func(name string) Step { return jobNeverFails{name: name} })),
	}
}

// Then the job "forever" fails [with reason "R"] (exceeds its deadline:
// reason DeadlineExceeded): untimed, as an event is (dsl.md's untimed
// rule): the Job's Failed=True condition, waited for to the end of the
// activity; `fails within D` is the timed form.
type jobFails struct{ name, reason string }

func (s jobFails) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.name)
	return err
}

func (s jobFails) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	sel := timeline.Selector{Pod: timeline.ObjectName("Job", s.name), Kind: timeline.Condition, Reason: "Failed", Status: "True"}
	if s.reason != "" {
		sel.Message = s.reason + ":"
	}
	if err := st.awaitUntimed(ctx, sel); err != nil {
		return err
	}
	if timeline.Count(st.clk().events(), sel) > 0 {
		return nil
	}
	what := fmt.Sprintf("job %q Failed", s.name)
	if s.reason != "" {
		what += " with reason " + s.reason
	}
	var seen []string
	for _, e := range st.clk().events() {
		if e.Pod == sel.Pod && e.Kind == timeline.Condition {
			seen = append(seen, fmt.Sprintf("%s=%s (%s) at %s", e.Reason, e.Status, e.Message, timeline.FormatOffset(e.At-st.clock.t0.At)))
		}
	}
	if len(seen) == 0 {
		seen = []string{"no condition"}
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: what + ", to the end of the activity", Observed: strings.Join(seen, "; ")}
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
