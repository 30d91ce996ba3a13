package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// The counts of a Deployment's pods at all times, from t=0 to the end of
// the scenario's activity, read off the pods' timeline as `at least N
// pods of replica set … are Ready at all times` reads it (each pod's
// PodCreated, Condition(Ready=…), DeleteRequested, Phase and Deleted
// events, in their order: a dip of an instant is seen), so the same on
// both drivers. Each count is a bound its rollout's rule keeps:
//
//   - Ready: Ready and not terminating; `at least N … are Ready` is the
//     rollout's minimum availability (replicas − maxUnavailable);
//   - unavailable: the Deployment's replicas less its Ready pods, never
//     below 0; `at most N … are unavailable` is maxUnavailable. A pod
//     counts from the instant it is Ready: with minReadySeconds the
//     controller counts it later, so its own count of unavailable pods
//     is never below this one;
//   - active: created, not terminating, not terminal (the controller's
//     FilterActivePods); `at most N … are active` is replicas + maxSurge;
//   - alive: created and not terminal yet, terminating pods included
//     (their containers may still run); `at most N … are alive` shows
//     how far the old pods' termination overlaps the new ones (a
//     RollingUpdate), or that it does not (a Recreate).

func workloadAlways() []Def {
	const f = "workloads"
	return []Def{
		phrase(f, `^at least (\S+) pods? of deployment "([^"]*)" (?:is|are) Ready at all times$`, `Then at least 2 pods of deployment "web" are Ready at all times`,
			s2(func(n Count, name string) Step {
				return deploymentAlways{bound: n, name: name, count: countReady, least: true}
			})),
		phrase(f, `^at most (\S+) pods? of deployment "([^"]*)" (?:is|are) unavailable at all times$`, `Then at most 1 pod of deployment "web" is unavailable at all times`,
			s2(func(n Count, name string) Step {
				return deploymentAlways{bound: n, name: name, count: countUnavailable}
			})),
		phrase(f, `^at most (\S+) pods? of deployment "([^"]*)" (?:is|are) active at all times$`, `Then at most 4 pods of deployment "web" are active at all times`,
			s2(func(n Count, name string) Step { return deploymentAlways{bound: n, name: name, count: countActive} })),
		phrase(f, `^at most (\S+) pods? of deployment "([^"]*)" (?:is|are) alive at all times$`, `Then at most 4 pods of deployment "web" are alive at all times`,
			s2(func(n Count, name string) Step { return deploymentAlways{bound: n, name: name, count: countAlive} })),
	}
}

// podCount is what a count of a Deployment's pods counts.
type podCount int

const (
	countReady podCount = iota
	countUnavailable
	countActive
	countAlive
	// countRunning: in phase Running (a container started), not yet
	// terminal or gone (`at most 2 pods of job "j" are running at any
	// time`); a Terminating pod still runs its containers.
	countRunning
)

func (c podCount) String() string {
	return [...]string{"Ready", "unavailable", "active", "alive", "running"}[c]
}

// deploymentAlways is a bound on a count of a Deployment's pods at all
// times from t=0: at least (least) or at most bound.
type deploymentAlways struct {
	bound Count
	name  string
	count podCount
	least bool
	// job: the Job "name"'s pods, not a Deployment's (`the job "x" never
	// has more than N active pods`).
	job bool
	// replicas is the Deployment's, set at Declare.
	replicas int
}

func (s deploymentAlways) Declare(pl *Plan) error {
	if s.job {
		_, err := pl.workload("job", s.name)
		return err
	}
	_, err := pl.deploymentDecl(s.name)
	return err
}

func (s deploymentAlways) kind() string {
	if s.job {
		return "job"
	}
	return "deployment"
}

// deployPod is a pod's state along the timeline; seen: some event of
// it has come.
type deployPod struct{ seen, created, ready, deleting, terminal, gone, running bool }

func (p deployPod) active() bool { return p.created && !p.deleting && !p.terminal && !p.gone }

// tally counts the pods in the state s counts.
func (s deploymentAlways) tally(pods map[string]*deployPod) int {
	n := 0
	for _, p := range pods {
		switch s.count {
		case countReady, countUnavailable:
			if p.active() && p.ready {
				n++
			}
		case countActive:
			if p.active() {
				n++
			}
		case countAlive:
			if p.created && !p.terminal && !p.gone {
				n++
			}
		case countRunning:
			if p.created && p.running && !p.terminal && !p.gone {
				n++
			}
		}
	}
	if s.count == countUnavailable {
		return max(0, s.replicas-n)
	}
	return n
}

// apply takes one event of a pod in; it tells whether it changed the
// pod's state.
func (p *deployPod) apply(e timeline.Event) bool {
	p.seen = true
	before := *p
	switch {
	case e.Kind == timeline.PodCreated:
		// A pod created again under the name of one gone (a
		// StatefulSet's, <set>-<ordinal>) starts afresh.
		*p = deployPod{seen: true, created: true}
	case e.Kind == timeline.Condition && e.Reason == "Ready":
		p.ready = e.Status == "True"
	case e.Kind == timeline.DeleteRequested:
		p.deleting = true
	case e.Kind == timeline.Phase && (e.Reason == "Succeeded" || e.Reason == "Failed"):
		p.terminal = true
	case e.Kind == timeline.Phase && e.Reason == "Running":
		p.running = true
	case e.Kind == timeline.Deleted:
		p.gone = true
	}
	return *p != before
}

func (s deploymentAlways) Run(ctx context.Context, st *State) error {
	d, err := readyWorkload(ctx, st, s.kind(), s.name)
	if err != nil {
		return err
	}
	if !s.job {
		decl, _ := st.Plan.deploymentDecl(s.name)
		s.replicas = int(*decl.d.Spec.Replicas)
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	var created []string
	if s.job {
		_, created, _ = d.JobPods(s.name)
	} else {
		_, created, _ = d.DeploymentPods(s.name)
	}
	pods := map[string]*deployPod{}
	for _, n := range created {
		pods[n] = &deployPod{}
	}
	t0 := st.clock.t0
	checked := false
	for _, e := range st.clk().events() {
		if !checked && t0.Precedes(e) {
			checked = true
			if err := s.check(pods, created, "at 0s (before its events)", nil); err != nil {
				return err
			}
		}
		p := pods[e.Pod]
		if p == nil || e.Container != "" || !p.apply(e) || !t0.Precedes(e) {
			continue
		}
		if err := s.check(pods, created, "at "+timeline.FormatOffset(e.At-t0.At)+" ("+e.Pod+" "+e.Label()+")", &e); err != nil {
			return err
		}
	}
	if !checked {
		return s.check(pods, created, "at 0s", nil)
	}
	return nil
}

// check fails when the count is past its bound: what the pods were then,
// and when.
func (s deploymentAlways) check(pods map[string]*deployPod, order []string, when string, e *timeline.Event) error {
	n := s.tally(pods)
	if (s.least && n >= int(s.bound)) || (!s.least && n <= int(s.bound)) {
		return nil
	}
	bound := "at most"
	if s.least {
		bound = "at least"
	}
	return &timeline.Verdict{Kind: timeline.Unexpected, Event: e,
		Expected: fmt.Sprintf("%s %s of %s %q %s at all times from t=0", bound, times(int(s.bound), "pod"), s.kind(), s.name, s.count),
		Observed: fmt.Sprintf("%s: %d %s: %s", when, n, s.count, describeStates(order, pods))}
}
