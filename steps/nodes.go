package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/timeline"
)

// nodeStepFamilies are the node-side phrases (issue 4): the kubelet's
// eviction configuration, node actions, static pods, container usage, and
// the expectations about nodes, evictions, admission and scheduling.
func nodeStepFamilies() []Def {
	var defs []Def
	for _, family := range [][]Def{nodeSetupSteps(), staticPodSteps(), usageSteps(), nodeActionSteps(), nodeExpectations(), evictionExpectations(), admissionExpectations()} {
		defs = append(defs, family...)
	}
	return defs
}

func nodeSetupSteps() []Def {
	const f = "kubelet configuration"
	return []Def{
		def(f, `^the kubelet hard eviction threshold is "([^"]*)"$`, `Given the kubelet hard eviction threshold is "memory.available<500Mi"`, hardThreshold).with(slot("eviction signal", "memory.available", evictionSignals...)),
		def(f, `^the kubelet soft eviction threshold is "([^"]*)" with grace period (\S+)$`, `Given the kubelet soft eviction threshold is "memory.available<1Gi" with grace period 30s`, softThreshold).with(slot("eviction signal", "memory.available", evictionSignals...)),
		def(f, `^the kubelet eviction max pod grace period is (\S+)$`, `Given the kubelet eviction max pod grace period is 20s`, maxPodGrace),
		def(f, `^the kubelet eviction pressure transition period is (\S+)$`, `Given the kubelet eviction pressure transition period is 1m`, transitionPeriod),
	}
}

// evictionSignals are the kubelet's eviction signals, the slot values of
// the threshold phrases (pkg/evictionapi, after
// pkg/kubelet/eviction/api/types.go).
var evictionSignals = func() []string {
	var out []string
	for _, s := range evictionapi.Signals() {
		out = append(out, string(s))
	}
	return out
}()

// parseThresholds reads "signal<value[,signal<value]" once, as the
// kubelet's --eviction-hard flag does, with its validation and messages
// (evictionapi.ParseThresholds): a known signal, the operator <, a
// positive quantity or a percentage between 0% and 100% (0% and 100%
// ignored); a signal named twice is an error.
func parseThresholds(s string) ([]evictionapi.Threshold, error) {
	ts, err := evictionapi.ParseThresholds(s)
	if err != nil {
		return nil, inputErr("eviction threshold %v", err)
	}
	return ts, nil
}

// declares reports whether the scenario set a hard or soft threshold on
// signal s.
func declares(e *driver.Eviction, s evictionapi.Signal) bool {
	_, hard := evictionapi.Lookup(e.Hard, s)
	_, soft := evictionapi.Lookup(e.Soft, s)
	return hard || soft
}

func (st *State) eviction(what string) (*driver.Eviction, error) {
	if err := st.Plan.beforeCluster(what); err != nil {
		return nil, err
	}
	if st.Plan.setup.Eviction == nil {
		st.Plan.setup.Eviction = &driver.Eviction{}
	}
	return st.Plan.setup.Eviction, nil
}

// Given the kubelet hard eviction threshold is "memory.available<500Mi":
// evictionHard. The first such step replaces the kubelet's default hard
// thresholds (even when the kubelet ignores all it says, as 0%); further
// steps add to it.
func hardThreshold(ctx context.Context, spec string) error {
	st := From(ctx)
	ts, err := parseThresholds(spec)
	if err != nil {
		return err
	}
	e, err := st.eviction("an eviction threshold")
	if err != nil {
		return err
	}
	for _, t := range ts {
		if _, dup := evictionapi.Lookup(e.Hard, t.Signal); dup {
			return inputErr("a hard eviction threshold for %s is declared twice", t.Signal)
		}
	}
	e.Hard = append(append([]evictionapi.Threshold{}, e.Hard...), ts...)
	return nil
}

// Given the kubelet soft eviction threshold is "memory.available<1Gi" with grace period 30s:
// evictionSoft, each threshold with the grace period
// (evictionSoftGracePeriod).
func softThreshold(ctx context.Context, spec, grace string) error {
	st := From(ctx)
	ts, err := parseThresholds(spec)
	if err != nil {
		return err
	}
	g, err := parseDuration(grace)
	if err != nil {
		return err
	}
	e, err := st.eviction("an eviction threshold")
	if err != nil {
		return err
	}
	for i, t := range ts {
		if _, dup := evictionapi.Lookup(e.Soft, t.Signal); dup {
			return inputErr("a soft eviction threshold for %s is declared twice", t.Signal)
		}
		ts[i].GracePeriod = g
	}
	e.Soft = append(e.Soft, ts...)
	return nil
}

// Given the kubelet eviction max pod grace period is 20s:
// evictionMaxPodGracePeriod, the cap on a soft eviction's grace.
func maxPodGrace(ctx context.Context, d string) error {
	st := From(ctx)
	g, err := parseSeconds(d)
	if err != nil {
		return err
	}
	e, err := st.eviction("the eviction max pod grace period")
	if err != nil {
		return err
	}
	e.MaxPodGracePeriod = g
	return nil
}

// Given the kubelet eviction pressure transition period is 1m
func transitionPeriod(ctx context.Context, d string) error {
	st := From(ctx)
	p, err := parseDuration(d)
	if err != nil {
		return err
	}
	if p == 0 {
		return inputErr("the pressure transition period must be above 0 (0 keeps the kubelet's default, 5m)")
	}
	e, err := st.eviction("the eviction pressure transition period")
	if err != nil {
		return err
	}
	e.PressureTransitionPeriod = p
	return nil
}

func nodeActionSteps() []Def {
	const f = "node actions"
	return []Def{
		def(f, `^node "([^"]*)" comes under (\S+) pressure$`, `When node "worker-1" comes under memory pressure`, nodePressure).with(slot("pressure", "memory", pressures...)),
		def(f, `^node "([^"]*)" (memory|disk) usage reaches (\S+)$`, `When node "worker-1" memory usage reaches 7.6Gi`, nodeUsage).with(slot("resource", "memory", "memory", "disk")),
		def(f, `^node "([^"]*)" becomes NotReady$`, `When node "worker-1" becomes NotReady`, nodeNotReady),
		def(f, `^the kubelet on node "([^"]*)" restarts$`, `When the kubelet on node "worker-1" restarts`, kubeletRestarts),
		def(f, `^the taint "([^"]*)" is removed from node "([^"]*)"$`, `When the taint "dedicated=infra:NoExecute" is removed from node "worker-1"`, taintRemoved),
	}
}

// nodes returns the session's node actions, or skips the scenario.
func (st *State) nodes(what string) (driver.Nodes, error) {
	n, ok := driver.SessionAs[driver.Nodes](st.Session)
	if !ok {
		return nil, st.unsupported(driver.Unsupported("the %s driver cannot %s", st.Driver.Name(), what))
	}
	return n, nil
}

// nodeAction runs an action on a declared node at the current time, which
// becomes t=0 when the step is an Action.
func (st *State) nodeAction(ctx context.Context, node, what string, act func(driver.Nodes) error) error {
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	n, err := st.nodes(what)
	if err != nil {
		return err
	}
	if err := st.instant(ctx); err != nil {
		return err
	}
	// The pods a step just created meet the node action started, as on
	// the simulator.
	if err := st.awaitStart(ctx, st.Plan.pods...); err != nil {
		return err
	}
	st.moveT0Acting(st.actionMark())
	if err := act(n); err != nil {
		return st.unsupported(fmt.Errorf("node %q: %w", node, err))
	}
	for _, p := range st.Plan.pods {
		st.acted(driver.ActionNode, p.name)
	}
	return nil
}

// When node "worker-1" comes under memory pressure: usage outside the pods
// rises until the signal (memory.available, nodefs.available or
// pid.available) would be half the kubelet's threshold for it with no pod
// using anything — below it whatever the pods do, so that a hard threshold
// evicts at the eviction manager's next pass, pod after pod.
func nodePressure(ctx context.Context, node, kind string) error {
	From(ctx).Plan.need(driver.NodePressure, "puts a node under pressure")
	var p driver.Pressure
	switch kind {
	case "memory":
		p = driver.MemoryPressure
	case "disk":
		p = driver.DiskPressure
	case "PID", "pid":
		p = driver.PIDPressure
	default:
		return inputErr("pressure %q is not memory, disk or PID", kind)
	}
	if st := From(ctx); p == driver.PIDPressure {
		// The kubelet's default thresholds have none on pid.available
		// (pkg/kubelet/eviction/defaults_linux.go): lint says so rather
		// than the run.
		if e := st.Plan.setup.Eviction; e == nil || !declares(e, evictionapi.SignalPIDAvailable) {
			return inputErr(`the kubelet has no pid.available threshold (its defaults have none), so node %q cannot come under PID pressure: declare one first, e.g. Given the kubelet hard eviction threshold is "pid.available<10%%"`, node)
		}
	}
	return From(ctx).nodeAction(ctx, node, "put a node under pressure", func(n driver.Nodes) error {
		return n.NodePressure(ctx, node, p)
	})
}

// When node "worker-1" memory usage reaches 7.6Gi: the node's working set,
// its pods' included (memory.available = capacity − usage); `disk usage`
// sets nodefs used.
func nodeUsage(ctx context.Context, node, kind, q string) error {
	From(ctx).Plan.need(driver.NodePressure, "fills a node's "+kind)
	total, err := parseQuantity(q)
	if err != nil {
		return err
	}
	r := corev1.ResourceMemory
	if kind == "disk" {
		r = corev1.ResourceEphemeralStorage
	}
	return From(ctx).nodeAction(ctx, node, "set a node's usage", func(n driver.Nodes) error {
		return n.NodeUsage(ctx, node, r, total)
	})
}

// When node "worker-1" becomes NotReady: the node is cut off from the
// control plane (its kubelet stops heartbeating); t=0 moves to the moment
// the node-lifecycle controller marks it, its Ready condition no longer
// True.
func nodeNotReady(ctx context.Context, node string) error {
	st := From(ctx)
	st.Plan.need(driver.NodeLifecycle, "makes a node NotReady")
	if err := st.nodeAction(ctx, node, "make a node NotReady", func(n driver.Nodes) error {
		return n.NodeNotReady(ctx, node)
	}); err != nil || st.DryRun {
		return err
	}
	notReady := func(v driver.View) bool {
		n := v.Node(node)
		if n == nil {
			return false
		}
		for _, c := range n.Status.Conditions {
			if c.Type == corev1.NodeReady {
				return c.Status != corev1.ConditionTrue
			}
		}
		return false
	}
	_, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, notReady)
	if err != nil {
		return err
	}
	if !ok {
		return &timeline.Mismatch{Expected: fmt.Sprintf("node %q NotReady within %s", node, WaitLimit), Observed: "its Ready condition is still True"}
	}
	at := st.actionMark()
	for _, e := range st.events() {
		if e.Pod == nodeTimelineName(node) && e.Kind == timeline.Condition && e.Reason == string(corev1.NodeReady) && e.Status != string(corev1.ConditionTrue) {
			at = timeline.Before(e)
		}
	}
	st.moveT0(at)
	return nil
}

// nodeTimelineName is how timelines name a node's events.
func nodeTimelineName(node string) string { return "node/" + node }

// When the kubelet on node "worker-1" restarts
func kubeletRestarts(ctx context.Context, node string) error {
	From(ctx).Plan.need(driver.KubeletRestart, "restarts a kubelet")
	return From(ctx).nodeAction(ctx, node, "restart a kubelet", func(n driver.Nodes) error {
		return n.RestartKubelet(ctx, node)
	})
}

// When node "worker-1" is tainted "dedicated=infra:NoExecute" once the
// cluster runs: `kubectl taint` (nodeTainted in cluster.go hands it here).
func (st *State) taintRunningNode(ctx context.Context, node string, t corev1.Taint, remove bool) error {
	return st.nodeAction(ctx, node, "taint a node", func(n driver.Nodes) error {
		return n.TaintNode(ctx, node, t, remove)
	})
}

// When the taint "dedicated=infra:NoExecute" is removed from node "worker-1"
func taintRemoved(ctx context.Context, taint, node string) error {
	t, err := parseTaint(taint)
	if err != nil {
		return err
	}
	return From(ctx).taintRunningNode(ctx, node, t, true)
}
