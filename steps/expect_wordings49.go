package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// draftFortyNineWordings are the phrases issue 38's held-out sets 49 to
// 51 reached for, undefined then, each meaning what the language says
// otherwise: a Job's Complete and Failed conditions said as states (`the
// job "j" is Complete within 10s`, `is not Complete before 19s`, `is
// Complete between 19s and 23s`, `is never Complete`), a bound on a
// Job's running pods at once (`at most 2 pods of job "j" are running at
// any time`), a stateful set's creation and its pods' order of creation
// (`When the stateful set "s" is created`, `the pod "s-1" is created
// after the pod "s-0" is Ready`, `is not created before …`, `is never
// created`, `the pods are created in this order: …`), a container that
// `keeps running` (`runs forever`) and `the pod "p" has event "R" with
// message containing "M"` (`an event "R" with message containing "M" is
// recorded for pod "p"`).
func draftFortyNineWordings() []Def {
	const job = `^the job "([^"]*)" is (Complete|Failed)`
	cond := func(c []string, within string) []string {
		return []string{c[0], c[1], "True", "", within}
	}
	// When the daemon set "x" is created (deployment, replica set): as
	// the stateful set's, as the job's.
	created := func(kind, ex string) Def {
		return phrase("workloads", `^the `+kind+` "([^"]*)" is created$`, `When the `+kind+` "`+ex+`" is created`,
			s1(func(name string) Step { return workloadCreatedNow{kind: kind, name: name} }))
	}
	return []Def{
		phrase("workloads", job+`$`, `Then the job "batch" is Complete`,
			func(c []string, a Arg) (Step, error) { return parseObjectCondition("job")(cond(c, ""), a) }).
			with(slot("job condition", "Complete", "Complete", "Failed")).respelling(),
		phrase("workloads", job+` within (\S+)$`, `Then the job "batch" is Complete within 30s`,
			func(c []string, a Arg) (Step, error) { return parseObjectCondition("job")(cond(c, c[2]), a) }).
			with(slot("job condition", "Complete", "Complete", "Failed")),
		phrase("workloads", job+` between (\S+) and (\S+)$`, `Then the job "batch" is Complete between 19s and 23s`,
			s4(func(name, c string, lo, hi writtenSpan) Step {
				return jobCondIn{objectCondition{kind: "job", name: name, cond: c, status: "True"}, lo, hi}
			})).with(slot("job condition", "Complete", "Complete", "Failed")),
		phrase("workloads", job+` at (\S+)$`, `Then the job "batch" is Complete at 20s`,
			s3(func(name, c string, at writtenSpan) Step {
				return jobCondIn{objectCondition{kind: "job", name: name, cond: c, status: "True"}, at, at}
			})).with(slot("job condition", "Complete", "Complete", "Failed")),
		phrase("workloads", `^the job "([^"]*)" is not (Complete|Failed) before (\S+)$`, `Then the job "batch" is not Complete before 19s`,
			s3(func(name, c string, t writtenSpan) Step {
				return jobCondNotBefore{objectCondition{kind: "job", name: name, cond: c, status: "True"}, t}
			})).with(slot("job condition", "Complete", "Complete", "Failed")),
		phrase("workloads", `^the job "([^"]*)" is never Complete$`, `Then the job "batch" is never Complete`,
			s1(func(name string) Step { return jobNeverCond{name: name, cond: "Complete"} })),
		phrase("workloads", `^the job "([^"]*)" is never Failed$`, `Then the job "batch" is never Failed`,
			s1(func(name string) Step { return jobNeverFails{name: name} })).respelling(),
		phrase("workloads", `^at most (\S+) pods? of job "([^"]*)" (?:is|are) running at (?:any time|all times)$`, `Then at most 2 pods of job "batch" are running at any time`,
			s2(func(n Count, name string) Step {
				return deploymentAlways{bound: n, name: name, count: countRunning, job: true}
			})),
		created("stateful set", "quorum"),
		created("daemon set", "node-exporter"),
		created("deployment", "web"),
		created("replica set", "web"),
		phrase("workloads", `^(\S+) pods? of job "([^"]*)" (?:is|are) (Failed|Succeeded)$`, `Then 2 pods of job "batch" are Failed`,
			s3(func(n podsCount, name, state string) Step {
				return jobHas{name: name, field: strings.ToLower(state), want: Count(n)}
			})).with(slot("job pod state", "Failed", "Failed", "Succeeded")).respelling(),
		phrase("workloads", `^(\S+) pods? of job "([^"]*)" (?:is|are) (Failed|Succeeded) within (\S+)$`, `Then 1 pod of job "batch" is Failed within 3s`,
			s4(func(n podsCount, name, state string, d writtenSpan) Step {
				return jobHasIn{jobHas{name: name, field: strings.ToLower(state), want: Count(n)}, writtenSpan{0, "0s"}, d, "within " + d.text}
			})).with(slot("job pod state", "Failed", "Failed", "Succeeded")).respelling(),
		phrase("pod expectations", `^the pod "([^"]*)" is created after the pod "([^"]*)" is (?i:Ready)$`, `Then the pod "quorum-1" is created after the pod "quorum-0" is Ready`,
			s2(func(later, pod string) Step {
				return &podMomentOrder{pod: pod, moment: "Ready", later: later, laterMoment: "created", must: true}
			})),
		phrase("pod expectations", `^the pod "([^"]*)" is not created before the pod "([^"]*)" is (?i:Ready)$`, `Then the pod "quorum-1" is not created before the pod "quorum-0" is Ready`,
			s2(func(later, pod string) Step {
				return &podMomentOrder{pod: pod, moment: "Ready", later: later, laterMoment: "created"}
			})),
		phrase("pod expectations", `^the pod "([^"]*)" is never created$`, `Then the pod "quorum-2" is never created`,
			s1(func(pod string) Step { return podNeverCreated{podNamed{pod}} })),
		phrase("pod expectations", `^(?:the )?pods are created in (?:this )?order:? (".+)$`, `Then the pods are created in this order: "quorum-0", "quorum-1", "quorum-2"`,
			func(c []string, _ Arg) (Step, error) {
				names, err := quoted(c[0])
				if err != nil {
					return nil, err
				}
				if len(names) < 2 {
					return nil, inputErr("an order needs at least two pods")
				}
				return podsCreatedInOrder{names}, nil
			}),
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? keeps running$`, `Given container "app" of pod "web" keeps running`,
			s2(func(cname, pname string) Step { return runsForever{ctr: shapedCtr{cname, pname}} })).respelling(),
		phrase("events", `^the pod "([^"]*)" has (?:an )?event "([^"]*)" with message containing "([^"]*)"$`, `Then the pod "web" has event "Killing" with message containing "liveness"`,
			func(c []string, _ Arg) (Step, error) {
				return &eventWithMessage{reason: c[1], text: c[2], about: eventAbout{pod: c[0]}}, nil
			}).with(eventSlot("Killing")).respelling(),
	}
}

// Then the job "batch" is Complete between 19s and 23s (`at T`): the
// Job's condition C=True, as `has condition "C" "True" within B` reads
// it, and not held before t0+A (`is not Complete before A`): it came in
// the window.
type jobCondIn struct {
	objectCondition
	lo, hi writtenSpan
}

func (s jobCondIn) Run(ctx context.Context, st *State) error {
	if err := (jobCondNotBefore{s.objectCondition, s.lo}).Run(ctx, st); err != nil {
		return err
	}
	within := writtenDuration{d: s.hi.d, text: s.hi.text}
	s.within = &within
	err := s.objectCondition.Run(ctx, st)
	if v, ok := err.(*timeline.Verdict); ok && s.lo.d > 0 {
		span := fmt.Sprintf("between %s and %s", s.lo.text, s.hi.text)
		if s.lo == s.hi {
			span = "at " + s.hi.text
		}
		v.Expected = strings.Replace(v.Expected, "within "+s.hi.text, span, 1)
	}
	return err
}

// Then the job "batch" is not Complete before 19s: the Job's condition
// C=True did not hold at any time from t=0 to t0+T (on a cluster, to the
// earliest that t0+T may be in its live window).
type jobCondNotBefore struct {
	objectCondition
	t writtenSpan
}

func (s jobCondNotBefore) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, s.kind, s.name); err != nil {
		return err
	}
	if s.t.d == 0 {
		return nil
	}
	obj := timeline.ObjectName(objectKind(s.kind), s.name)
	w := disruptionWindow(st, s.t.d, s.t.d, driver.ActionCreate, driver.ActionDelete)
	t0 := st.clock.t0.At
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(driver.View) bool { return false }); err != nil {
		return err
	}
	before := w.From - time.Nanosecond
	if at, ok := conditionHeld(st.clk().events(), obj, t0, before, s.matches); ok && at < w.From {
		return &timeline.Verdict{Kind: timeline.Unexpected, Window: &w,
			Expected: fmt.Sprintf("%s %q not %s before %s%s", s.kind, s.name, s.said(), s.t.text, w.Note()),
			Observed: fmt.Sprintf("%s at %s", s.said(), timeline.FormatOffset(at-t0))}
	}
	return nil
}

// said is the condition as a step says it: `Complete` for Complete=True,
// `Progressing=False with reason ProgressDeadlineExceeded` otherwise.
func (s objectCondition) said() string {
	out := s.cond
	if s.status != "True" {
		out += "=" + s.status
	}
	if s.reason != "" {
		out += " with reason " + s.reason
	}
	return out
}

// Then the job "batch" is never Complete: no C=True condition of the Job
// in the whole scenario, run to the end of its activity, as `never
// fails` reads Failed.
type jobNeverCond struct{ name, cond string }

func (s jobNeverCond) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.name)
	return err
}

func (s jobNeverCond) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "job", s.name); err != nil {
		return err
	}
	sel := timeline.Selector{Pod: timeline.ObjectName("Job", s.name), Kind: timeline.Condition, Reason: s.cond, Status: "True"}
	if err := st.observable(sel); err != nil {
		return err
	}
	err := expectNever(ctx, st, sel)
	if v, ok := err.(*timeline.Verdict); ok && v.Event != nil {
		v.Expected = fmt.Sprintf("job %q never %s, to the end of the activity", s.name, s.cond)
		v.Observed = fmt.Sprintf("%s at %s", s.cond, timeline.FormatOffset(v.Event.At-st.clock.t0.At))
	}
	return err
}

// When the stateful set "quorum" is created: as `When the job "j" is
// created`, a workload is created with the cluster (its declaration
// creates it): the step brings the cluster up, t=0 its creation.
type workloadCreatedNow struct{ kind, name string }

func (s workloadCreatedNow) Declare(pl *Plan) error {
	_, err := pl.workload(s.kind, s.name)
	return err
}

func (s workloadCreatedNow) Run(ctx context.Context, st *State) error {
	_, err := readyWorkload(ctx, st, s.kind, s.name)
	return err
}

// Then the pod "ledger-1" is never created: no PodCreated of that name in
// the whole scenario, run to the end of its activity as `never` is.
type podNeverCreated struct{ podNamed }

func (s podNeverCreated) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	if err := st.ready(ctx); err != nil {
		return err
	}
	return expectNever(ctx, st, timeline.Selector{Pod: p.name, Kind: timeline.PodCreated})
}

// Then the pods are created in this order: "a", "b", "c": untimed, each
// pod's first PodCreated, in that order (ties and a cluster's precision
// as `the pods are evicted in this order` reads them).
type podsCreatedInOrder struct{ pods []string }

func (s podsCreatedInOrder) Declare(pl *Plan) error {
	for _, n := range s.pods {
		if _, err := pl.mustPod(n); err != nil {
			return err
		}
	}
	return nil
}

func (s podsCreatedInOrder) Run(ctx context.Context, st *State) error {
	var sels []timeline.Selector
	for _, n := range s.pods {
		p, _ := st.Plan.mustPod(n)
		sels = append(sels, timeline.Selector{Pod: p.name, Kind: timeline.PodCreated})
	}
	if err := st.awaitUntimed(ctx, sels...); err != nil {
		return err
	}
	return timeline.ExpectOrderUntimed(st.clk().events(), st.clock.t0, st.order(), sels)
}
