// Package steps is podlife's step vocabulary (docs/language.md): each phrase is a
// regular expression bound to a function that parses its arguments and
// acts on a driver.Session through the scenario's State.
//
// Steps never reach into a driver: they speak Kubernetes types to
// driver.Session and read what happened from driver.View. Every scenario
// gets a fresh State, carried in the godog context; nothing is shared
// between scenarios.
package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/cucumber/godog"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/internal/errlist"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// StepType is the kind godog gives each pickle step.
type StepType int

// Step types: Context (Given), Action (When, and And/But after it),
// Outcome (Then).
const (
	Context StepType = iota
	Action
	Outcome
)

// WaitLimit bounds `becomes …`, `is restarted N times` and the start of
// pods created implicitly.
const WaitLimit = 2 * time.Minute

// SettleLimit bounds "to the end of its activity" on the simulator.
const SettleLimit = 10 * time.Minute

// State is one scenario's state. It is created by the runner for each
// scenario and reached by the steps through the context.
type State struct {
	Driver   driver.Driver
	Scenario driver.Scenario
	Session  driver.Session
	// Plan is what the steps declared so far.
	Plan *Plan

	// Notes are remarks for the report (a cap reached, an implicit wait).
	Notes []string
	// KeepGoing asks for every expectation up to the next action to be
	// evaluated after one failed (defer.go); the caller then reads each
	// step's failure with StepFailure.
	KeepGoing bool
	// SkipReason is set when a step could not be carried out by the driver.
	SkipReason string
	// Checks are the timed expectations evaluated so far, for reports.
	Checks []timeline.Check
	// Tables are the timeline tables judged so far, each row with the
	// event it matched, for reports.
	Tables []timeline.Table

	// pickle is the step godog is at (text and argument), set by the
	// hook Register installs.
	pickle   *godog.Step
	stepType StepType
	stepLine int
	stepText string
	// kept is the failure of the expectation that just ran, kept from
	// godog; failedBlock: an expectation failed since the last action.
	kept        error
	failedBlock bool
	// clock is t=0 and the current time (clock.go).
	clock clock
	// resizeAnswers are the API server's rejections of the resizes a
	// step expects rejected, by pod (resize.go).
	resizeAnswers map[string]string
}

type ctxKey struct{}

// WithState puts st in the context.
func WithState(ctx context.Context, st *State) context.Context {
	return context.WithValue(ctx, ctxKey{}, st)
}

// From returns the scenario's State.
func From(ctx context.Context) *State {
	st, _ := ctx.Value(ctxKey{}).(*State)
	if st == nil {
		panic("steps: no scenario state in the context")
	}
	return st
}

// BeginStep records the step about to run: its type (which decides
// whether t=0 moves), its line and text (for the checks it records).
func (st *State) BeginStep(t StepType, line int, text string) error {
	st.stepType, st.stepLine, st.stepText = t, line, text
	st.Plan.At(line, t)
	if t == Outcome {
		return nil
	}
	// An action is made at the current time. A step may have run the
	// session past it; a driver that can go back does (dsl.md, Time:
	// untimed expectations "do not move the current time"), and the
	// action comes where the scenario's clock stands.
	if st.Session == nil || !st.clk().exact || st.Session.Now() <= st.clock.cur {
		return nil
	}
	return st.clk().toCurrent(context.Background())
}

// InputError is a problem with the scenario's text rather than with the
// cluster. DocLine, when set, is the line inside the step's doc string.
type InputError struct {
	Msg     string
	DocLine int
	// File and FileLine point into another file (a manifest given by path).
	File     string
	FileLine int
	// Undeclared: the pod or node named was never declared; lint does not
	// repeat this after an undefined step (likely the declaration).
	Undeclared bool
}

func (e *InputError) Error() string { return e.Msg }

func inputErr(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...)}
}

func undeclaredErr(format string, args ...any) error {
	return &InputError{Msg: fmt.Sprintf(format, args...), Undeclared: true}
}

// InputErrors lists the InputErrors in err, which may join several (a
// manifest's problems, each at its line), the first first.
func InputErrors(err error) []*InputError { return errlist.All[*InputError](err) }

// IsUndeclared reports whether err names a pod or node never declared.
func IsUndeclared(err error) bool {
	var e *InputError
	return errors.As(err, &e) && e.Undeclared
}

// ErrDeclaredBadly is returned for a pod whose declaration failed earlier;
// lint reports only the first problem.
var ErrDeclaredBadly = errors.New("declared with errors above")

// IsInputError reports whether err is a problem with the scenario's text.
func IsInputError(err error) bool {
	var ie *InputError
	return errors.As(err, &ie)
}

// unsupported turns a driver's ErrUnsupported into a skip of the scenario.
func (st *State) unsupported(err error) error {
	if errors.Is(err, driver.ErrUnsupported) {
		st.SkipReason = err.Error()
		return godog.ErrSkip
	}
	return err
}

// T0 is the scenario's current t=0.
func (st *State) T0() time.Duration { return st.clock.t0.At }

// defaultNode is docs/language.md's default: "worker-1" with 4 CPU, 8Gi memory and
// 110 pods.
func defaultNode() *corev1.Node {
	return newNode("worker-1", resource.MustParse("4"), resource.MustParse("8Gi"), resource.MustParse("110"))
}

func newNode(name string, cpu, mem, pods resource.Quantity) *corev1.Node {
	capacity := corev1.ResourceList{
		corev1.ResourceCPU:              cpu,
		corev1.ResourceMemory:           mem,
		corev1.ResourcePods:             pods,
		corev1.ResourceEphemeralStorage: resource.MustParse("100Gi"),
	}
	return &corev1.Node{
		ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{"kubernetes.io/hostname": name, "kubernetes.io/os": "linux"}},
		Status:     corev1.NodeStatus{Capacity: capacity, Allocatable: capacity.DeepCopy()},
	}
}

// configure sends the declared cluster to the driver, once, adding the
// default node when none was declared.
func (st *State) configure(ctx context.Context) error {
	if st.Plan.configured {
		return nil
	}
	st.Plan.configured = true
	if len(st.Plan.setup.Nodes) == 0 {
		st.Plan.setup.Nodes = []*corev1.Node{defaultNode()}
	}
	if err := st.Session.Configure(ctx, st.Plan.setup); err != nil {
		return st.unsupported(err)
	}
	// A cluster's setup (pool nodes leased and their kubelets configured:
	// 31 s for three on kind, 2026-11-29) is not the scenario's time:
	// until an action places t=0, it is where the declared cluster is
	// ready, so that a pod no step creates is judged from its creation
	// as on the simulator, whose setup takes no time.
	if c := st.clk(); !c.madeAction {
		if m := c.actionMark(); m.At > c.t0.At {
			c.t0 = m
			if c.cur < m.At {
				c.cur = m.At
			}
			c.liveCur = c.cur - m.At
		}
	}
	return nil
}

// ready brings the cluster to where a step can act on it or check it: the
// cluster configured, and the declared pods that no step creates
// explicitly created and started.
func (st *State) ready(ctx context.Context) error {
	if err := st.configure(ctx); err != nil {
		return err
	}
	static, err := createStaticPods(ctx, st) // static.go
	if err != nil {
		return err
	}
	waitSets := false
	for _, r := range st.Plan.disr.sets {
		waitSets = waitSets || !r.created
	}
	waitWork := st.Plan.work.waiting()
	waitSts := statefulSetsWaiting(st.Plan) // statefulsets.go
	// The quotas first: a pod is charged from its create on.
	if err := createWorkloadObjects(ctx, st); err != nil { // workloads.go
		return err
	}
	if err := createDisruptionObjects(ctx, st); err != nil { // disruptions.go
		return err
	}
	if err := createStatefulSets(ctx, st, false); err != nil {
		return err
	}
	var implicit []*podDecl
	for _, p := range st.Plan.pods {
		if !p.created && !p.static && !st.Plan.explicit[p.name] && !st.Plan.explicitAll {
			implicit = append(implicit, p)
		}
	}
	for _, p := range implicit {
		if err := st.create(ctx, p); err != nil {
			return err
		}
	}
	wait := append(static, implicit...)
	if len(wait) == 0 && !waitSets && !waitWork && !waitSts {
		return nil
	}
	at, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, func(v driver.View) bool {
		for _, p := range wait {
			if !startedOrStuck(v.Pod(p.name)) {
				return false
			}
		}
		return (!waitSets || st.Plan.replicaSetsStarted(st.Session, v)) && (!waitWork || st.Plan.work.started(st.Session, v) && daemonSetsStarted(st.Plan, st.Session, v)) &&
			(!waitSts || statefulSetsStarted(st.Plan, st.Session, v))
	})
	if err != nil {
		return err
	}
	// The wait for the cluster to be up is the scenario's setup: its
	// time is spent before the steps' (the current time moves to its
	// end; t=0 stays where it is).
	if at > st.clock.cur {
		st.clock.cur = at
		st.clock.by = clockStep{st.stepLine, "the wait for the pods created before the first action to start"}
	}
	if !ok {
		st.Notes = append(st.Notes, fmt.Sprintf("static pods and pods created implicitly had not started after %s", timeline.FormatOffset(at)))
	}
	return nil
}

// startedOrStuck tells when an implicitly created pod is far enough along
// for the scenario to act on it: running or finished, in a regular init
// container, or stopped by an error the kubelet reports.
func startedOrStuck(p *corev1.Pod) bool {
	if p == nil || p.Status.Reason != "" {
		return true
	}
	switch p.Status.Phase {
	case corev1.PodRunning, corev1.PodSucceeded, corev1.PodFailed:
		return true
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse {
			return true
		}
	}
	for i, cs := range p.Status.InitContainerStatuses {
		if i < len(p.Spec.InitContainers) && !isSidecar(&p.Spec.InitContainers[i]) && cs.State.Running != nil {
			return true
		}
	}
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for _, cs := range list {
			if w := cs.State.Waiting; w != nil && w.Reason != "" && w.Reason != "ContainerCreating" && w.Reason != "PodInitializing" {
				return true
			}
		}
	}
	return false
}

func isSidecar(c *corev1.Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
}

// Assumption is something the driver assumes about a declared pod that
// the scenario did not state (a note for lint, not a problem), at the
// line of the step that declared the pod.
type Assumption struct {
	Line int
	Msg  string
}

// Assumptions lists what the driver (a driver.Assumer) assumes about the
// pods declared so far, as their behaviour steps left them.
func (pl *Plan) Assumptions() []Assumption {
	a, ok := pl.Driver.(driver.Assumer)
	if !ok {
		return nil
	}
	var out []Assumption
	for _, p := range pl.pods {
		for _, msg := range a.Assumptions(p.build()) {
			out = append(out, Assumption{Line: p.line, Msg: fmt.Sprintf("pod %q: %s", p.name, msg)})
		}
	}
	return out
}

// create sends a declared pod to the driver, its agent containers carrying
// their behaviour as arguments.
func (st *State) create(ctx context.Context, p *podDecl) error {
	if p.created {
		return inputErr("the pod %q was created already", p.name)
	}
	p.created = true
	if l, ok := st.Driver.(driver.Linter); ok {
		// Behaviour steps changed the pod since it was declared.
		if err := l.LintPod(p.build()); err != nil {
			return inputErr("pod %q: %v", p.name, err)
		}
	}
	if err := st.configure(ctx); err != nil {
		return err
	}
	st.acted(driver.ActionCreate, p.name)
	if err := st.Session.Apply(ctx, p.build()); err != nil {
		return st.unsupported(fmt.Errorf("creating pod %q: %w", p.name, err))
	}
	return nil
}

// waitFor runs until the selected event has happened at or after t0, or
// until deadline.
func (st *State) waitFor(ctx context.Context, deadline time.Duration, sel timeline.Selector) error {
	_, _, err := st.Session.RunUntil(ctx, deadline, func(v driver.View) bool {
		_, ok := timeline.First(v.Timeline(), st.from(sel.Pod), sel)
		return ok
	})
	return err
}

// settle lets the scenario run to the end of its activity, noting a cap;
// the cluster is brought up first if no step has yet. The activity is
// the one that follows the current time: on the simulator the session
// settles from there (going back to it if a step ran it on), so that
// its end and its cap (the current time plus the limit) do not depend on
// how far earlier steps ran it. end is where the activity ended or was
// capped.
func (st *State) settle(ctx context.Context) (end time.Duration, capped bool, err error) {
	if err := st.ready(ctx); err != nil {
		return 0, false, err
	}
	c := st.clk()
	if c.exact {
		if err := c.toCurrent(ctx); err != nil {
			return 0, false, err
		}
	} else if r := c.settled; r != nil && r.cur == c.cur && r.action == c.lastAction {
		// On a cluster the activity that follows the current time was
		// already run to its end, or its limit, by an earlier step, and
		// nothing has moved the current time since: the simulator, from
		// the same time, ends at the same place. Running on for another
		// limit (two counts of a crash loop's events took 4 minutes)
		// would judge the second step over a longer scenario.
		return r.end, r.capped, nil
	}
	end, capped, err = st.Session.Settle(ctx, c.limit)
	if capped {
		st.capNote(end)
	}
	if !c.exact && err == nil {
		c.settled = &settledAt{cur: c.cur, action: c.lastAction, end: end, capped: capped}
	}
	return end, capped, err
}

// settledAt is where a cluster's activity that follows the current time
// ended (or was capped), and the current time and last action it
// followed.
type settledAt struct {
	cur, action, end time.Duration
	capped           bool
}

// capNote notes, once per cap, that the activity was still going on at
// the cap.
func (st *State) capNote(at time.Duration) {
	note := fmt.Sprintf("activity was still going on when the %s limit was reached (at %s)",
		st.clk().limit, timeline.FormatOffset(at-st.clock.t0.At))
	for _, n := range st.Notes {
		if n == note {
			return
		}
	}
	st.Notes = append(st.Notes, note)
}

// quoted splits `"a", "b" and "c"` into names.
func quoted(list string) ([]string, error) {
	var out []string
	rest := strings.TrimSpace(list)
	for rest != "" {
		if rest[0] != '"' {
			return nil, inputErr("expected a quoted name at %q", rest)
		}
		end := strings.IndexByte(rest[1:], '"')
		if end < 0 {
			return nil, inputErr("unterminated name in %q", list)
		}
		if end == 0 {
			return nil, inputErr("empty name in %q", list)
		}
		out = append(out, rest[1:end+1])
		rest = strings.TrimSpace(rest[end+2:])
		rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(rest, ","), "and "))
		rest = strings.TrimSpace(rest)
	}
	if len(out) == 0 {
		return nil, inputErr("no names in %q", list)
	}
	return out, nil
}
