package steps

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func actionSteps() []Def {
	const f = "actions"
	return []Def{
		def(f, createOne.String(), `When the pod "web" is created`, podCreated),
		def(f, createAll.String(), `When the pods are created`, podsCreated),
		def(f, `^the pod "([^"]*)" is deleted$`, `When the pod "web" is deleted`, podDeleted),
		def(f, `^the pod "([^"]*)" is deleted with grace period (\S+)$`, `When the pod "web" is deleted with grace period 10s`, podDeletedWithGrace),
		def(f, `^the pod "([^"]*)" is force deleted$`, `When the pod "web" is force deleted`, podForceDeleted),
		def(f, `^(\S+) pass(?:es)?$`, `When 30s pass`, timePasses),
		def(f, `^(\S+) `+timeUnitPattern+` pass(?:es)?$`, `When 30 seconds pass`, unitsPass).with(slot("unit", "seconds", timeUnits...)),
		def(f, `^the pod "([^"]*)" becomes (\S+)$`, `When the pod "web" becomes Ready`, podBecomes).with(stateSlot("Ready", becomeStates)),
		def(f, `^container "([^"]*)"(?: of pod "([^"]*)")? is restarted (\S+) times?$`, `When container "app" of pod "web" is restarted 3 times`, containerRestartedTimes),
		def(f, `^the sandbox of pod "([^"]*)" is lost$`, `When the sandbox of pod "web" is lost`, sandboxLost),
		def(f, `^the readiness gate "([^"]*)"(?: of pod "([^"]*)")? is set to "([^"]*)"$`, `When the readiness gate "example.com/lb" of pod "web" is set to "True"`, readinessGateSet).
			with(slot("status", "True", conditionStatuses...)),
	}
}

// When container "app" of pod "web" is restarted 3 times: waits until its
// restartCount reaches N; t=0 moves to the N-th restart.
func containerRestartedTimes(ctx context.Context, cname, pname, n string) error {
	st := From(ctx)
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	sel, err := st.Plan.containerEvent(cname, pname, timeline.Restarted)
	if err != nil || st.DryRun {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	_, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, func(v driver.View) bool {
		return timeline.Count(v.Timeline(), sel) >= want
	})
	if err != nil {
		return err
	}
	if !ok {
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("container %q restarted %d times within %s", sel.Container, want, WaitLimit),
			Observed: describePod(st.Session.View().Pod(sel.Pod)),
		}
	}
	seen := 0
	for _, e := range st.events() {
		if sel.Matches(e) {
			if seen++; seen == want {
				st.moveT0(timeline.Before(e))
				st.observedT0(sel.Pod)
			}
		}
	}
	return nil
}

// When the sandbox of pod "web" is lost: its pause container dies; the
// kubelet kills what runs and starts the pod again in a new sandbox.
func sandboxLost(ctx context.Context, name string) error {
	st := From(ctx)
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	k, ok := driver.SessionAs[driver.SandboxKiller](st.Session)
	if !ok {
		return st.unsupported(driver.Unsupported("the %s driver cannot kill a pod's sandbox", st.Driver.Name()))
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	st.moveT0Acting(st.actionMark())
	st.acted(driver.ActionDelete, name)
	if err := k.KillSandbox(ctx, name); err != nil {
		return st.unsupported(fmt.Errorf("killing the sandbox of pod %q: %w", name, err))
	}
	return nil
}

// When the readiness gate "example.com/lb" of pod "web" is set to "True":
// the condition of a gate the pod declares (spec.readinessGates) set in
// its status as the gate's controller would; the kubelet's Ready follows.
// t=0 is the moment it was set.
func readinessGateSet(ctx context.Context, gate, pname, status string) error {
	st := From(ctx)
	if err := oneOf("condition status", status, conditionStatuses...); err != nil {
		return err
	}
	p, err := st.Plan.mustPod(pname)
	if err != nil {
		return err
	}
	var gates []string
	for _, g := range p.pod.Spec.ReadinessGates {
		gates = append(gates, string(g.ConditionType))
	}
	if !slices.Contains(gates, gate) {
		if len(gates) == 0 {
			return inputErr("pod %q declares no readiness gate: give it `readinessGates: [{conditionType: %s}]` in its spec", p.name, gate)
		}
		return inputErr("pod %q declares no readiness gate %q (its readinessGates: %s)", p.name, gate, strings.Join(gates, ", "))
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !p.created {
		return fmt.Errorf("the readiness gate %q of pod %q is set before the pod was created", gate, p.name)
	}
	setter, ok := driver.SessionAs[driver.PodConditionSetter](st.Session)
	if !ok {
		return st.unsupported(driver.Unsupported("the %s driver cannot set a pod's conditions", st.Driver.Name()))
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	st.moveT0Acting(st.actionMark())
	st.fromT0(p.name)
	c := corev1.PodCondition{Type: corev1.PodConditionType(gate), Status: corev1.ConditionStatus(status)}
	if err := setter.SetPodCondition(ctx, p.name, c); err != nil {
		return st.unsupported(fmt.Errorf("setting the readiness gate %q of pod %q: %w", gate, p.name, err))
	}
	return nil
}

// When the pod "web" is created
func podCreated(ctx context.Context, name string) error {
	st := From(ctx)
	p, err := st.Plan.mustPod(name)
	if err != nil {
		return err
	}
	if st.DryRun {
		return st.create(ctx, p)
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	st.moveT0Acting(st.actionMark())
	return st.create(ctx, p)
}

// When the pods are created
func podsCreated(ctx context.Context) error {
	st := From(ctx)
	if !st.DryRun {
		if err := st.ready(ctx); err != nil {
			return err
		}
		st.moveT0Acting(st.actionMark())
	}
	n := 0
	for _, p := range st.Plan.pods {
		if p.created || p.static {
			continue
		}
		n++
		if err := st.create(ctx, p); err != nil {
			return err
		}
	}
	if n == 0 {
		return inputErr("no declared pod is left to create")
	}
	return nil
}

// When the pod "web" is deleted
func podDeleted(ctx context.Context, name string) error {
	return From(ctx).deletePod(ctx, name, metav1.DeleteOptions{})
}

// When the pod "web" is deleted with grace period 10s: gracePeriodSeconds
// as the API takes it (0 deletes at once, like a force delete).
func podDeletedWithGrace(ctx context.Context, name, grace string) error {
	g, err := parseSeconds(grace)
	if err != nil {
		return err
	}
	return From(ctx).deletePod(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: &g})
}

// When the pod "web" is force deleted: what kubectl --force
// --grace-period=0 sends.
func podForceDeleted(ctx context.Context, name string) error {
	zero := int64(0)
	return From(ctx).deletePod(ctx, name, metav1.DeleteOptions{GracePeriodSeconds: &zero})
}

func (st *State) deletePod(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	p, err := st.Plan.mustPod(name)
	if err != nil {
		return err
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !p.created {
		return fmt.Errorf("pod %q is deleted before it was created", name)
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	if err := st.awaitStart(ctx, p); err != nil {
		return err
	}
	st.moveT0Acting(st.actionMark())
	if !p.static {
		// Deleting a static pod's mirror pod stops nothing: the kubelet
		// makes a new one. There is no reaction to count from.
		st.acted(driver.ActionDelete, name)
	}
	if err := st.Session.Delete(ctx, name, opts); err != nil {
		return st.unsupported(fmt.Errorf("deleting pod %q: %w", name, err))
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
	if _, live := st.liveWindows(); !live {
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

// When 30s pass
func timePasses(ctx context.Context, d string) error {
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	return From(ctx).pass(ctx, dur)
}

// When 30 seconds pass (1 minute passes, 90 seconds pass): as `30s pass`.
func unitsPass(ctx context.Context, n, unit string) error {
	dur, err := parseAmount(n, unit)
	if err != nil {
		return err
	}
	return From(ctx).pass(ctx, dur)
}

// pass lets dur pass; t=0 moves to its end.
func (st *State) pass(ctx context.Context, dur time.Duration) error {
	st.Plan.waits += dur
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The time passes from the current time (BeginStep brought an exact
	// session back to it).
	end := max(st.cur+dur, st.Session.Now())
	if _, live := st.liveWindows(); live {
		// dsl.md: the time passes from the current time. On a cluster the
		// steps since the last action may have waited for observations
		// (a SIGTERM seen through the agent, a status through the API)
		// past the rules' current time; that wait is not the scenario's
		// time, and the pass ends dur after the current time.
		rule := st.t0.At + st.liveCur + dur
		if planted("pass-from-session") {
			rule = st.Session.Now() + dur
		}
		_, history := driver.SessionAs[driver.History](st.Session)
		switch {
		case rule >= st.Session.Now():
			end = rule
		case !history || !st.madeAction:
			end = st.Session.Now() + dur
		default:
			// The end is already behind the cluster (a count decided at
			// the end of its widened window ran it on): t=0 is still that
			// moment, and the state checks that follow read the pods as
			// they were observed then. Before the first action t=0 is the
			// scenario's start, and the Given steps' waits for the cluster
			// (leasing nodes, creating a replica set) are not scenario
			// time: the time passes from now.
			st.moveT0(timeline.Mark{At: rule})
			return nil
		}
	}
	at, _, err := st.Session.RunUntil(ctx, end, nil)
	if err != nil {
		return err
	}
	st.moveT0(timeline.Mark{At: at})
	return nil
}

// When the pod "web" becomes Ready: t=0 moves to the transition, which may
// lie in the past.
func podBecomes(ctx context.Context, name, state string) error {
	st := From(ctx)
	ps, err := parsePodState(state, becomeStates...)
	if err != nil {
		return err
	}
	if _, err := st.Plan.mustPod(name); err != nil {
		return err
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The transition (docs/language.md, Time: "t=0"): the latest one at
	// or before the current time (the one that made the state hold then,
	// or, since left, the last before it), else the first after it,
	// waited for. What a step ran the session on to past the current time
	// is not known here yet.
	before := func(events []timeline.Event) (timeline.Event, bool) {
		var last timeline.Event
		found := false
		for _, e := range ps.transitions(events, name) {
			if e.At > st.cur {
				break
			}
			last, found = e, true
		}
		return last, found
	}
	after := func(events []timeline.Event) (timeline.Event, bool) {
		for _, e := range ps.transitions(events, name) {
			if e.At > st.cur {
				return e, true
			}
		}
		return timeline.Event{}, false
	}
	// The current time stands after every event of its instant.
	if err := st.toCurrent(ctx); err != nil {
		return err
	}
	e, found := before(st.events())
	if !found {
		_, _, err := st.Session.RunUntil(ctx, max(st.cur, st.Session.Now())+WaitLimit, func(v driver.View) bool {
			_, ok := after(v.Timeline())
			return ok
		})
		if err != nil {
			return err
		}
		if e, found = after(st.events()); !found || e.At > st.cur+WaitLimit && st.exact() {
			return &timeline.Mismatch{
				Expected: fmt.Sprintf("pod %q to become %s within %s", name, state, WaitLimit),
				Observed: describePod(st.Session.View().Pod(name)),
			}
		}
	}
	// The moment of the transition: what happened in that instant, its
	// causes included (a container's start, its exit), is at t=0, not
	// before it.
	mark := timeline.Mark{At: e.At}
	// The current time is the transition's (after every event of its
	// instant), or the last action's when the transition came before it:
	// an exact session goes back there, so that the next action comes
	// from there.
	st.moveT0(mark)
	if st.stepType == Action {
		if err := st.toCurrent(ctx); err != nil {
			return fmt.Errorf("going back to the transition at %s: %w", timeline.FormatOffset(mark.At), err)
		}
	}
	st.becameObserved(name, ps, mark)
	return nil
}

// describePod is a pod's state in one line, for failure messages.
func describePod(p *corev1.Pod) string {
	if p == nil {
		return "the pod is gone"
	}
	parts := []string{"phase " + string(p.Status.Phase)}
	if p.Status.Reason != "" {
		parts = append(parts, "reason "+p.Status.Reason)
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			parts = append(parts, fmt.Sprintf("Ready=%s", c.Status))
		}
	}
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for _, cs := range list {
			s := ""
			switch {
			case cs.State.Running != nil:
				s = "running"
			case cs.State.Terminated != nil:
				s = fmt.Sprintf("terminated %s (%d)", cs.State.Terminated.Reason, cs.State.Terminated.ExitCode)
			case cs.State.Waiting != nil:
				s = "waiting " + cs.State.Waiting.Reason
			}
			if cs.RestartCount > 0 {
				s += fmt.Sprintf(", %d restarts", cs.RestartCount)
			}
			parts = append(parts, fmt.Sprintf("%s %s", cs.Name, s))
		}
	}
	if p.DeletionTimestamp != nil {
		parts = append(parts, "being deleted")
	}
	return strings.Join(parts, ", ")
}
