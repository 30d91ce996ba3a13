package steps

import (
	"context"
	"fmt"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The checks of a workload's status, as its controller writes it, and of
// the events recorded about it.

var (
	deploymentFields = []string{"updated", "ready", "available", "unavailable"}
	jobFields        = []string{"active", "ready", "terminating", "succeeded", "failed"}
	deploymentConds  = []string{"Progressing", "Available", "ReplicaFailure"}
	jobConds         = []string{"Complete", "Failed", "FailureTarget", "SuccessCriteriaMet"}
)

func workloadExpectations() []Def {
	const f = "workloads"
	return append([]Def{
		phrase(f, `^the rollout of deployment "([^"]*)" completes within (\S+)$`, `Then the rollout of deployment "web" completes within 2m`,
			s2(func(name string, within writtenDuration) Step { return rolloutCompletes{name: name, within: within} })),
		phrase(f, `^the rollout of deployment "([^"]*)" is not complete after (\S+)$`, `Then the rollout of deployment "web" is not complete after 19s`,
			s2(func(name string, after writtenDuration) Step { return rolloutNotComplete{name: name, after: after} })),
		phrase(f, `^the deployment "([^"]*)" has condition "?([A-Za-z]+)"? "([^"]*)"(?: with reason "([^"]*)")?(?: within (\S+))?$`, `Then the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" within 1m`,
			parseObjectCondition("deployment")).with(openSlot("condition", "Progressing", deploymentConds...), slot("status", "False", conditionStatuses...)).withDefault("False", "True"),
		phrase(f, `^the deployment "([^"]*)" has (\S+) (updated|ready|available|unavailable) replicas?$`, `Then the deployment "web" has 0 updated replicas`,
			s3(func(name string, n Count, field string) Step { return deploymentHas{name: name, want: n, field: field} })).with(slot("replica count", "updated", deploymentFields...)),
		phrase(f, `^the deployment "([^"]*)" has created (\S+) pods?$`, `Then the deployment "web" has created 6 pods`,
			s2(func(name string, n Count) Step { return workloadCreated{kind: "deployment", name: name, want: n} })),
		phrase(f, `^the resource quota "([^"]*)" shows "([^"]*)" used (\S+)$`, `Then the resource quota "q" shows "pods" used 3`,
			s3(func(name, res string, want resource.Quantity) Step {
				return quotaUsed{name: name, res: res, want: want}
			})),
		phrase(f, `^the job "([^"]*)" has condition "?([A-Za-z]+)"? "([^"]*)"(?: with reason "([^"]*)")?(?: within (\S+))?$`, `Then the job "batch" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 1m`,
			parseObjectCondition("job")).with(openSlot("condition", "Failed", jobConds...), slot("status", "True", conditionStatuses...)).withDefault("True", "True"),
		phrase(f, `^the job "([^"]*)" has (\S+) (active|ready|terminating|succeeded|failed) pods?$`, `Then the job "batch" has 2 failed pods`,
			s3(func(name string, n podsCount, field string) Step {
				return jobHas{name: name, want: Count(n), field: field}
			})).with(slot("pod count", "failed", jobFields...)),
		phrase(f, `^the job "([^"]*)" has created (\S+) pods?$`, `Then the job "batch" has created 2 pods`,
			s2(func(name string, n Count) Step { return workloadCreated{kind: "job", name: name, want: n} })),
		phrase(f, `^the job "([^"]*)" has created (\S+) pods? within (\S+)$`, `Then the job "batch" has created 2 pods within 15s`,
			s3(func(name string, n Count, within writtenDuration) Step {
				return workloadCreated{kind: "job", name: name, want: n, within: &within}
			})),
		phrase(f, `^an event "([^"]*)" is recorded for `+workloadObject+`$`, `Then an event "FailedCreate" is recorded for deployment "web"`,
			s3(func(reason, kind, name string) Step { return workloadEvent{reason: reason, kind: kind, name: name} })).with(eventSlot("FailedCreate"), slot("workload", "deployment", workloadKinds...)),
		phrase(f, `^an event "([^"]*)" with message containing "([^"]*)" is recorded for `+workloadObject+`$`, `Then an event "FailedCreate" with message containing "exceeded quota" is recorded for deployment "web"`,
			s4(func(reason, text, kind, name string) Step {
				return workloadEvent{reason: reason, text: text, kind: kind, name: name}
			})).with(eventSlot("FailedCreate"), slot("workload", "deployment", workloadKinds...)),
		phrase(f, `^no event "([^"]*)" is recorded for `+workloadObject+`$`, `Then no event "FailedCreate" is recorded for deployment "web"`,
			s3(func(reason, kind, name string) Step {
				return workloadEvent{reason: reason, kind: kind, name: name, none: true}
			})).with(eventSlot("FailedCreate"), slot("workload", "deployment", workloadKinds...)),
	}, workloadAlways()...)
}

// workloadSel selects the timeline of a workload: its conditions and
// events, under timeline.ObjectName.
func workloadSel(kind, name string) timeline.Selector {
	return timeline.Selector{Pod: timeline.ObjectName(objectKind(kind), name)}
}

// objectKind is the API kind of a workload the steps name.
func objectKind(kind string) string {
	return map[string]string{"deployment": "Deployment", "job": "Job", "replica set": "ReplicaSet", "stateful set": "StatefulSet"}[kind]
}

// readyWorkload checks the workload is declared and brings the cluster up
// to the step.
func readyWorkload(ctx context.Context, st *State, kind, name string) (driver.Session, error) {
	if _, err := st.Plan.workload(kind, name); err != nil {
		return nil, err
	}
	return readyDisruptions(ctx, st)
}

// heldFromT0 runs a state predicate of the workloads `within D`: from
// t=0 (on the simulator, a replay from there: the state is read as the
// session runs, not where an earlier step ran it), up to the deadline,
// in the window of a time podlife's client reads, after the kubelet's
// reactions to waits. holds says whether the state holds, and what it is
// otherwise.
func heldFromT0(ctx context.Context, st *State, sel timeline.Selector, what, expected string, within writtenDuration, holds func(driver.Session) (bool, string), waits ...driver.Action) error {
	return heldIn(ctx, st, sel, what, fmt.Sprintf("%s within %s", expected, within.text), 0, within.d, holds, waits...)
}

// Then the rollout of deployment "web" completes within 2m: by t0+D,
// `kubectl rollout status` would say it successfully rolled out
// (rolloutDone): the new template's generation observed, every replica
// updated and available, no old one active.
type rolloutCompletes struct {
	name   string
	within writtenDuration
}

func (s rolloutCompletes) Declare(pl *Plan) error {
	_, err := pl.deploymentDecl(s.name)
	return err
}

func (s rolloutCompletes) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "deployment", s.name); err != nil {
		return err
	}
	return heldFromT0(ctx, st, workloadSel("deployment", s.name), "rollout complete", fmt.Sprintf("the rollout of deployment %q complete", s.name), s.within,
		func(d driver.Session) (bool, string) { return deploymentRolledOut(d, s.name) }, driver.ActionCreate, driver.ActionDelete)
}

func deploymentRolledOut(d driver.Session, name string) (bool, string) {
	dep := d.Deployment(name)
	if dep == nil {
		return false, "no such deployment"
	}
	return rolloutDone(dep)
}

// Then the rollout of deployment "web" is not complete after 19s: at
// t0+T the rollout had not completed (rolloutDone), on a cluster at the
// earliest the window of t0+T allows. A cluster's Deployment is read as
// it stands then: the step comes before those that wait past t0+T.
type rolloutNotComplete struct {
	name  string
	after writtenDuration
}

func (s rolloutNotComplete) Declare(pl *Plan) error {
	_, err := pl.deploymentDecl(s.name)
	return err
}

func (s rolloutNotComplete) Run(ctx context.Context, st *State) error {
	if _, err := readyWorkload(ctx, st, "deployment", s.name); err != nil {
		return err
	}
	// As `the pod "web" is not gone after 4s`: read at the earliest
	// moment the window of t0+T allows, never before t=0.
	w := disruptionWindow(st, s.after.d, s.after.d)
	at := max(w.From, st.clock.t0.At)
	sess, err := st.clk().sessionFrom(ctx, st.clock.t0.At)
	if err != nil {
		return err
	}
	if at >= sess.Now() {
		if _, _, err := sess.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	st.clk().decided(at, s.after.d)
	if done, why := deploymentRolledOut(sess, s.name); done {
		return &timeline.Verdict{Kind: timeline.WrongState, Read: true, ReadAt: at,
			Expected: fmt.Sprintf("the rollout of deployment %q not complete after %s", s.name, s.after.text),
			Observed: fmt.Sprintf("at %s: %s", timeline.FormatOffset(at-st.clock.t0.At), why)}
	}
	return nil
}

// Then the deployment "web" has condition "Progressing" "False" with
// reason "ProgressDeadlineExceeded" [within 11m]; the job "batch" has
// condition "Failed" "True" with reason "BackoffLimitExceeded" [within
// 1m]: the status's condition of that type, with that status (and
// reason), at the current time; with `within D`, at some time up to
// t0+D, from t=0 on, judged on the recorded condition changes
// (workloads_history.go).
type objectCondition struct {
	kind, name, cond, status, reason string
	within                           *writtenDuration
}

func parseObjectCondition(kind string) parser {
	return func(c []string, _ Arg) (Step, error) {
		s := objectCondition{kind: kind, name: c[0], cond: c[1], status: c[2], reason: c[3]}
		if c[4] != "" {
			w, err := slotValue[writtenDuration](c[4])
			if err != nil {
				return nil, err
			}
			s.within = &w
		}
		return s, nil
	}
}

func (s objectCondition) Declare(pl *Plan) error {
	if _, err := pl.workload(s.kind, s.name); err != nil {
		return err
	}
	return oneOf("condition status", s.status, conditionStatuses...)
}

// conditions are the workload's conditions: type, status, reason.
func (s objectCondition) conditions(d driver.Session) ([][3]string, bool) {
	var out [][3]string
	switch s.kind {
	case "deployment":
		dep := d.Deployment(s.name)
		if dep == nil {
			return nil, false
		}
		for _, c := range dep.Status.Conditions {
			out = append(out, [3]string{string(c.Type), string(c.Status), c.Reason})
		}
	default:
		j := d.Job(s.name)
		if j == nil {
			return nil, false
		}
		for _, c := range j.Status.Conditions {
			out = append(out, [3]string{string(c.Type), string(c.Status), c.Reason})
		}
	}
	return out, true
}

func (s objectCondition) holds(d driver.Session) (bool, string) {
	conds, ok := s.conditions(d)
	if !ok {
		return false, fmt.Sprintf("no %s %q", s.kind, s.name)
	}
	var seen []string
	for _, c := range conds {
		if c[0] == s.cond && c[1] == s.status && (s.reason == "" || c[2] == s.reason) {
			return true, ""
		}
		seen = append(seen, fmt.Sprintf("%s=%s (%s)", c[0], c[1], c[2]))
	}
	if len(seen) == 0 {
		return false, "no condition"
	}
	return false, strings.Join(seen, ", ")
}

func (s objectCondition) expected() string {
	out := fmt.Sprintf("%s %q with condition %s=%s", s.kind, s.name, s.cond, s.status)
	if s.reason != "" {
		out += " and reason " + s.reason
	}
	return out
}

func (s objectCondition) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	if s.within != nil {
		return s.heldWithin(ctx, st)
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		if ok, now := s.holds(d); !ok {
			return readVerdict(st, s.expected(), fmt.Sprintf("%s: %s", st.clk().readAt(), now))
		}
		return nil
	})
}

// Then the deployment "web" has 0 updated replicas (ready, available,
// unavailable): that field of its status at the current time.
type deploymentHas struct {
	name, field string
	want        Count
}

func (s deploymentHas) Declare(pl *Plan) error {
	_, err := pl.deploymentDecl(s.name)
	return err
}

func (s deploymentHas) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, "deployment", s.name)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		dep := d.Deployment(s.name)
		got := int32(-1)
		if dep != nil {
			got = map[string]int32{"updated": dep.Status.UpdatedReplicas, "ready": dep.Status.ReadyReplicas,
				"available": dep.Status.AvailableReplicas, "unavailable": dep.Status.UnavailableReplicas}[s.field]
		}
		if got != int32(s.want) {
			return readVerdict(st, fmt.Sprintf("deployment %q with %d %s replicas", s.name, s.want, s.field),
				fmt.Sprintf("%s: %s", st.clk().readAt(), describeDeployment(dep)))
		}
		return nil
	})
}

func describeDeployment(d *appsv1.Deployment) string {
	if d == nil {
		return "no such deployment"
	}
	st := d.Status
	return fmt.Sprintf("replicas %d, updated %d, ready %d, available %d, unavailable %d", st.Replicas, st.UpdatedReplicas, st.ReadyReplicas, st.AvailableReplicas, st.UnavailableReplicas)
}

// Then the job "batch" has 2 failed pods (active, ready, terminating,
// succeeded): that counter of its status at the current time.
type jobHas struct {
	name, field string
	want        Count
}

func (s jobHas) Declare(pl *Plan) error {
	_, err := pl.workload("job", s.name)
	return err
}

func (s jobHas) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, "job", s.name)
	if err != nil {
		return err
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		j := d.Job(s.name)
		got := int32(-1)
		if j != nil {
			got = jobCounter(j.Status, s.field)
		}
		if got != int32(s.want) {
			return readVerdict(st, fmt.Sprintf("job %q with %s", s.name, times(int(s.want), s.field+" pod")),
				fmt.Sprintf("%s: %s", st.clk().readAt(), describeJob(j)))
		}
		return nil
	})
}

// jobCounter is one counter of a Job's status (jobFields), an absent one
// 0.
func jobCounter(st batchv1.JobStatus, field string) int32 {
	deref := func(p *int32) int32 {
		if p == nil {
			return 0
		}
		return *p
	}
	return map[string]int32{"active": st.Active, "ready": deref(st.Ready), "terminating": deref(st.Terminating),
		"succeeded": st.Succeeded, "failed": st.Failed}[field]
}

func describeJob(j *batchv1.Job) string {
	if j == nil {
		return "no such job"
	}
	st := j.Status
	deref := func(p *int32) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	return fmt.Sprintf("active %d, ready %s, terminating %s, succeeded %d, failed %d", st.Active, deref(st.Ready), deref(st.Terminating), st.Succeeded, st.Failed)
}

// Then the deployment "web" has created 6 pods; the job "batch" has
// created 2 pods [within 15s]: every pod it created since the start, at
// the current time; with `within D`, that many by t0+D.
type workloadCreated struct {
	kind, name string
	want       Count
	within     *writtenDuration
}

func (s workloadCreated) Declare(pl *Plan) error {
	_, err := pl.workload(s.kind, s.name)
	return err
}

func (s workloadCreated) created(d driver.Session) []string {
	var created []string
	if s.kind == "deployment" {
		_, created, _ = d.DeploymentPods(s.name)
	} else {
		_, created, _ = d.JobPods(s.name)
	}
	return created
}

func (s workloadCreated) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind, s.name)
	if err != nil {
		return err
	}
	expected := fmt.Sprintf("%s %q has created %s", s.kind, s.name, times(int(s.want), "pod"))
	if s.within != nil {
		return heldFromT0(ctx, st, workloadSel(s.kind, s.name), "pods created", expected, *s.within, func(d driver.Session) (bool, string) {
			c := s.created(d)
			return len(c) == int(s.want), fmt.Sprintf("%d: %s", len(c), strings.Join(c, ", "))
		}, driver.ActionCreate)
	}
	return pollDisruption(ctx, st, d, func(d driver.Session, _ driver.View) error {
		if c := s.created(d); len(c) != int(s.want) {
			return &timeline.Verdict{Kind: timeline.WrongCount, Expected: expected, Observed: fmt.Sprintf("%d: %s", len(c), strings.Join(c, ", "))}
		}
		return nil
	})
}
