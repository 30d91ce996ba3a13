package steps

import (
	"context"
	"fmt"
	"github.com/cucumber/godog"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// createOnePhrase is the action that creates a declared pod.
const createOnePhrase = `^the pod "([^"]*)" is created$`

func actionSteps() []Def {
	const f = "actions"
	return []Def{
		phrase(f, createOnePhrase, `When the pod "web" is created`, s1(func(name string) Step { return &podsCreated{name: name} })),
		phrase(f, createAll.String(), `When the pods are created`, s0(func() Step { return &podsCreated{all: true} })),
		// Pods created in one step, by their names (issue 38's fifth
		// held-out set): t=0 is the step's moment, as for one pod.
		phrase(f, createSome.String(), `When the pods "a" and "b" are created`,
			s1(func(list string) Step { return &podsCreated{list: list} })),
		// A pod declared where it is created: `Given a pod "late":` and
		// `When the pod "late" is created` in one step.
		phrase(f, `^a pod "([^"]*)" is created:$`, "When a pod \"late\" is created:\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return &podDeclaredCreated{aPod: aPod{name: c[0], doc: doc}, create: podsCreated{name: c[0]}}, nil
			})),
		phrase(f, `^a pod "([^"]*)" is created$`, `When a pod "late" is created`,
			s1(func(name string) Step {
				return &podDeclaredCreated{aPod: aPod{name: name}, create: podsCreated{name: name}}
			})),
		phrase(f, `^the pod "([^"]*)" is deleted$`, `When the pod "web" is deleted`, s1(func(name string) Step { return podDeleted{name: name} })),
		phrase(f, `^the pod "([^"]*)" is deleted with grace period (\S+)$`, `When the pod "web" is deleted with grace period 10s`,
			s2(func(name string, g GraceSeconds) Step { return podDeleted{name: name, grace: podGracePtr(g)} })),
		phrase(f, `^the pod "([^"]*)" is force deleted$`, `When the pod "web" is force deleted`,
			s1(func(name string) Step { return podDeleted{name: name, grace: podGracePtr(0)} })),
		phrase(f, `^(\S+) pass(?:es)?$`, `When 30s pass`, s1(func(d time.Duration) Step { return timePasses{d} })),
		phrase(f, `^(\S+) `+timeUnitPattern+` pass(?:es)?$`, `When 30 seconds pass`, func(c []string, _ Arg) (Step, error) {
			d, err := parseAmount(c[0], c[1])
			if err != nil {
				return nil, err
			}
			return timePasses{d}, nil
		}).with(slot("unit", "seconds", timeUnits...)),
		phrase(f, `^the pod "([^"]*)" becomes (\S+)$`, `When the pod "web" becomes Ready`,
			s2(func(name string, state becomeState) Step { return podBecomes{name: name, state: state} })).
			with(stateSlot("Ready", becomeStates)),
		phrase(f, `^container "([^"]*)"(?: of pod "([^"]*)")? is restarted (\S+) times?$`, `When container "app" of pod "web" is restarted 3 times`,
			s3(func(cname, pname string, n Count) Step { return restartedTimes{cname: cname, pname: pname, n: n} })),
		phrase(f, `^the sandbox of pod "([^"]*)" is lost$`, `When the sandbox of pod "web" is lost`, s1(func(name string) Step { return sandboxLost{name} })),
		phrase(f, `^the readiness gate "([^"]*)"(?: of pod "([^"]*)")? is set to "([^"]*)"$`, `When the readiness gate "example.com/lb" of pod "web" is set to "True"`,
			s3(func(gate, pod, status string) Step { return readinessGateSet{gate: gate, pod: pod, status: status} })).
			with(slot("status", "True", conditionStatuses...)),
	}
}

// When the pod "web" is created; When the pods are created: every
// declared pod no step has created, static pods aside.
type podsCreated struct {
	name string
	all  bool
	// list is the names of `the pods "a" and "b" are created`.
	list string
	// pods are the pods Declare marked created, for Run to send.
	pods []*podDecl
}

func (s *podsCreated) Declare(pl *Plan) error {
	s.pods = nil
	if s.list != "" {
		names, err := quoted(s.list)
		if err != nil {
			return err
		}
		for _, n := range names {
			p, err := pl.mustPod(n)
			if err != nil {
				return err
			}
			s.pods = append(s.pods, p)
			if err := pl.toCreate(p); err != nil {
				return err
			}
		}
		return nil
	}
	if !s.all {
		p, err := pl.mustPod(s.name)
		if err != nil {
			return err
		}
		s.pods = []*podDecl{p}
		return pl.toCreate(p)
	}
	for _, p := range pl.pods {
		if p.created || p.static {
			continue
		}
		s.pods = append(s.pods, p)
		if err := pl.toCreate(p); err != nil {
			return err
		}
	}
	if len(s.pods) == 0 && !declaresWorkloads(pl) {
		if len(pl.broken) > 0 {
			// A workload's declaration failed: its problem was reported.
			return fmt.Errorf("the pods: %w", ErrDeclaredBadly)
		}
		return inputErr("no declared pod is left to create")
	}
	return nil
}

// declaresWorkloads tells whether the plan has workloads, whose pods their
// controllers make: `When the pods are created` in a scenario of
// workloads alone creates them there, as the first action would (issue
// 38's held-out set 30: a DaemonSet and a Deployment, then `When the pods
// are created`, was an error).
func declaresWorkloads(pl *Plan) bool {
	return len(pl.disr.sets) > 0 || len(pl.work.deployments) > 0 || len(pl.work.jobs) > 0 || len(pl.work.daemonSets) > 0 || len(pl.work.statefulSets) > 0
}

func (s *podsCreated) Run(ctx context.Context, st *State) error {
	if !s.all && s.list == "" && readyCreates(st.Plan, s.pods[0]) {
		// Declare marked it created, as it must for lint, where ready
		// creates nothing; here ready does, and the step comes too late.
		s.pods[0].created = false
		if err := st.ready(ctx); err != nil {
			return err
		}
		st.clk().moveT0Acting(st.clk().actionMark())
		return inputErr("the pod %q was created already", s.pods[0].name)
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	for _, p := range s.pods {
		if err := sendCreated(ctx, st, p); err != nil {
			return err
		}
	}
	if s.all {
		// A stateful set's pods come one by one: `the pods are created`
		// creates it at t=0 and waits for none (statefulsets.go).
		return createStatefulSets(ctx, st, true)
	}
	return nil
}

// When a pod "late" is created: (and YAML): the pod declared as `Given a
// pod "late":` declares it, then created as `When the pod "late" is
// created` creates it.
type podDeclaredCreated struct {
	aPod
	create podsCreated
}

func (s *podDeclaredCreated) Declare(pl *Plan) error {
	if err := s.aPod.Declare(pl); err != nil {
		return err
	}
	return s.create.Declare(pl)
}

func (s *podDeclaredCreated) Run(ctx context.Context, st *State) error { return s.create.Run(ctx, st) }

// readyCreates tells a pod that State.ready creates itself (a function,
// not a method: Plan has 40, internal/designrules' limit): a static pod
// (the kubelet, from its manifest) and one no step names explicitly (a
// step that names the scenario's only pod as "" does not).
func readyCreates(pl *Plan, p *podDecl) bool {
	return p.static || !pl.explicit[p.name] && !pl.explicitAll
}

// toCreate is the part of State.create that needs no session: a pod is
// created once, and the driver lints it as the behaviour steps left it.
func (pl *Plan) toCreate(p *podDecl) error {
	if p.created {
		return inputErr("the pod %q was created already", p.name)
	}
	p.created = true
	if l, ok := pl.Driver.(driver.Linter); ok {
		if err := l.LintPod(p.build()); err != nil {
			return inputErr("pod %q: %v", p.name, err)
		}
	}
	return nil
}

// sendCreated is the rest of State.create: the pod toCreate passed, sent
// to the driver.
func sendCreated(ctx context.Context, st *State, p *podDecl) error {
	if err := st.configure(ctx); err != nil {
		return err
	}
	st.acted(driver.ActionCreate, p.name)
	if err := st.Session.Apply(ctx, p.build()); err != nil {
		return st.unsupported(fmt.Errorf("creating pod %q: %w", p.name, err))
	}
	return nil
}

// When the pod "web" is deleted [with grace period 10s]: gracePeriodSeconds
// as the API takes it (0 deletes at once, like a force delete); When the
// pod "web" is force deleted: what kubectl --force --grace-period=0 sends.
type podDeleted struct {
	name  string
	grace *int64
}

func (s podDeleted) Declare(pl *Plan) error {
	if _, err := pl.mustPod(s.name); err != nil {
		return err
	}
	pl.lastDeleted = &podRef{name: s.name}
	return nil
}

func (s podDeleted) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.name)
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !p.created {
		return fmt.Errorf("pod %q is deleted before it was created", s.name)
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	if err := st.awaitStart(ctx, p); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	if !p.static {
		// Deleting a static pod's mirror pod stops nothing: the kubelet
		// makes a new one. There is no reaction to count from.
		st.acted(driver.ActionDelete, s.name)
	}
	if err := st.Session.Delete(ctx, s.name, metav1.DeleteOptions{GracePeriodSeconds: s.grace}); err != nil {
		return st.unsupported(fmt.Errorf("deleting pod %q: %w", s.name, err))
	}
	return nil
}

// awaitStart: the simulator starts a pod in its creation's instant
// (dsl.md, Defaults: start-up latencies are 0), so a delete right after
// `is created` meets running containers; a cluster starts it seconds
// later, and a delete that came first would stop a pod that never ran.
// On a cluster an action waits until the pods it concerns that a step
// created (static ones aside) started or are stuck, as the pods created
// before the first action do (ready); t=0 is the action's own moment
// after that.
func (st *State) awaitStart(ctx context.Context, pods ...*podDecl) error {
	if st.clk().exact {
		return nil
	}
	started := func(v driver.View) bool {
		for _, p := range pods {
			if p.created && !p.static && !startedOrStuck(v.Pod(p.name)) {
				return false
			}
		}
		return true
	}
	if started(st.Session.View()) {
		return nil
	}
	_, _, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, started)
	return err
}

// When 30s pass; When 30 seconds pass (1 minute passes, 90 seconds
// pass): as `30s pass`.
type timePasses struct{ d time.Duration }

// Declare counts the wait, which lint compares with the @slow tag.
func (s timePasses) Declare(pl *Plan) error {
	pl.waits += s.d
	return nil
}

func (s timePasses) Run(ctx context.Context, st *State) error { return pass(ctx, st, s.d) }

// pass lets dur pass; t=0 moves to its end.
func pass(ctx context.Context, st *State, dur time.Duration) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The time passes from the current time (BeginStep brought an exact
	// session back to it).
	end := max(st.clock.cur+dur, st.Session.Now())
	if !st.clk().exact {
		// dsl.md: the time passes from the current time. On a cluster the
		// steps since the last action may have waited for observations
		// (a SIGTERM seen through the agent, a status through the API)
		// past the rules' current time; that wait is not the scenario's
		// time, and the pass ends dur after the current time.
		rule := st.clock.t0.At + st.clock.liveCur + dur
		if planted("pass-from-session") {
			rule = st.Session.Now() + dur
		}
		// Never before an instant an expectation was seen to hold at
		// (clock.held): the current time does not go back.
		rule = max(rule, st.clock.held)
		_, history := driver.SessionAs[driver.History](st.Session)
		switch {
		case rule >= st.Session.Now():
			end = rule
		case !history || !st.clock.madeAction:
			end = st.Session.Now() + dur
		default:
			// The end is already behind the cluster (a count decided at
			// the end of its widened window ran it on): t=0 is still that
			// moment, and the state checks that follow read the pods as
			// they were observed then. Before the first action t=0 is the
			// scenario's start, and the Given steps' waits for the cluster
			// (leasing nodes, creating a replica set) are not scenario
			// time: the time passes from now.
			st.clk().moveT0(timeline.Mark{At: rule})
			return nil
		}
	}
	at, _, err := st.Session.RunUntil(ctx, end, nil)
	if err != nil {
		return err
	}
	st.clk().moveT0(timeline.Mark{At: at})
	return nil
}
