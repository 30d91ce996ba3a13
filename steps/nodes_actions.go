package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/timeline"
)

// pressurePhrase is `node "<node>" comes under <pressure> pressure`.
const pressurePhrase = `^node "([^"]*)" comes under (\S+) pressure$`

func nodeActionSteps() []Def {
	const f = "node actions"
	return append([]Def{
		phrase(f, pressurePhrase, `When node "worker-1" comes under memory pressure`,
			s2(func(node, kind string) Step { return &nodePressure{node: node, kind: kind} })).
			with(slot("pressure", "memory", pressures...)),
		phrase(f, `^node "([^"]*)" (memory|disk) usage reaches (\S+)$`, `When node "worker-1" memory usage reaches 7.6Gi`,
			s3(func(node, kind, total string) Step { return &nodeUsage{node: node, kind: kind, text: total} })).
			with(slot("resource", "memory", "memory", "disk")),
		phrase(f, `^node "([^"]*)" becomes NotReady$`, `When node "worker-1" becomes NotReady`,
			s1(func(node string) Step { return nodeNotReady{node: node} })),
		phrase(f, `^the kubelet on node "([^"]*)" restarts$`, `When the kubelet on node "worker-1" restarts`,
			s1(func(node string) Step { return kubeletRestarts{node: node} })),
		phrase(f, `^the kubelet on node "([^"]*)" is upgraded to version "([^"]*)"$`, `When the kubelet on node "worker-1" is upgraded to version "1.36"`,
			s2(func(node, version string) Step { return kubeletUpgraded{node: node, version: version} })),
		phrase(f, `^the taint "([^"]*)" is removed from node "([^"]*)"$`, `When the taint "dedicated=infra:NoExecute" is removed from node "worker-1"`,
			s2(func(t nodeTaint, node string) Step { return taintRemoved{taint: t, node: node} })),
	}, nodeJoinSteps()...)
}

// nodeAction runs an action on a declared node at the current time, which
// becomes t=0 when the step is an Action. The step has declared the node.
func nodeAction(ctx context.Context, st *State, node, what string, act func(driver.Nodes) error) error {
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	// The pods a step just created meet the node action started, as on
	// the simulator.
	if err := st.awaitStart(ctx, st.Plan.pods...); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	if err := act(st.Session); err != nil {
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
type nodePressure struct {
	node, kind string
	// pressure is kind read by Declare.
	pressure driver.Pressure
}

func (s *nodePressure) Declare(pl *Plan) error {
	pl.need(driver.NodePressure, "puts a node under pressure")
	switch s.kind {
	case "memory":
		s.pressure = driver.MemoryPressure
	case "disk":
		s.pressure = driver.DiskPressure
	case "PID", "pid":
		s.pressure = driver.PIDPressure
	default:
		return inputErr("pressure %q is not memory, disk or PID", s.kind)
	}
	if s.pressure == driver.PIDPressure {
		// The kubelet's default thresholds have none on pid.available
		// (pkg/kubelet/eviction/defaults_linux.go): lint says so rather
		// than the run.
		if e := pl.setup.Eviction; e == nil || !declares(e, evictionapi.SignalPIDAvailable) {
			return inputErr(`the kubelet has no pid.available threshold (its defaults have none), so node %q cannot come under PID pressure: declare one first, e.g. Given the kubelet hard eviction threshold is "pid.available<10%%"`, s.node)
		}
	}
	_, err := pl.node(s.node)
	return err
}

func (s *nodePressure) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "put a node under pressure", func(n driver.Nodes) error {
		return n.NodePressure(ctx, s.node, s.pressure)
	})
}

// When node "worker-1" memory usage reaches 7.6Gi: the node's working set,
// its pods' included (memory.available = capacity − usage); `disk usage`
// sets nodefs used.
type nodeUsage struct {
	node, kind string
	// text is the usage as written, read by Declare into total once the
	// capability is needed (lint notes the need of a step it refuses).
	text  string
	total resource.Quantity
}

func (s *nodeUsage) Declare(pl *Plan) error {
	pl.need(driver.NodePressure, "fills a node's "+s.kind)
	var err error
	if s.total, err = parseQuantity(s.text); err != nil {
		return err
	}
	_, err = pl.node(s.node)
	return err
}

func (s *nodeUsage) Run(ctx context.Context, st *State) error {
	r := corev1.ResourceMemory
	if s.kind == "disk" {
		r = corev1.ResourceEphemeralStorage
	}
	return nodeAction(ctx, st, s.node, "set a node's usage", func(n driver.Nodes) error {
		return n.NodeUsage(ctx, s.node, r, s.total)
	})
}

// When node "worker-1" becomes NotReady: the node is cut off from the
// control plane (its kubelet stops heartbeating); t=0 moves to the moment
// the node-lifecycle controller marks it, its Ready condition no longer
// True.
type nodeNotReady struct{ node string }

func (s nodeNotReady) Declare(pl *Plan) error {
	pl.need(driver.NodeLifecycle, "makes a node NotReady")
	_, err := pl.node(s.node)
	return err
}

func (s nodeNotReady) Run(ctx context.Context, st *State) error {
	node := s.node
	if err := nodeAction(ctx, st, node, "make a node NotReady", func(n driver.Nodes) error {
		return n.NodeNotReady(ctx, node)
	}); err != nil {
		return err
	}
	return readyTurn(ctx, st, node, false)
}

// readyTurn waits until the node's Ready condition is True (ready) or no
// longer True, and moves t=0 to that transition as the timeline shows
// it: what follows a node's change counts from when the API showed it.
func readyTurn(ctx context.Context, st *State, node string, ready bool) error {
	turned := func(v driver.View) bool {
		n := v.Node(node)
		if n == nil {
			return false
		}
		for _, c := range n.Status.Conditions {
			if c.Type == corev1.NodeReady {
				return (c.Status == corev1.ConditionTrue) == ready
			}
		}
		return false
	}
	_, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, turned)
	if err != nil {
		return err
	}
	if !ok {
		want, still := "NotReady", "still True"
		if ready {
			want, still = "Ready", "not True"
		}
		return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("node %q %s within %s", node, want, WaitLimit), Observed: "its Ready condition is " + still}
	}
	at := st.clk().actionMark()
	for _, e := range st.clk().events() {
		if e.Pod == nodeTimelineName(node) && e.Kind == timeline.Condition && e.Reason == string(corev1.NodeReady) && (e.Status == string(corev1.ConditionTrue)) == ready {
			at = timeline.Before(e)
		}
	}
	st.clk().moveT0(at)
	return nil
}

// nodeTimelineName is how timelines name a node's events.
func nodeTimelineName(node string) string { return "node/" + node }

// When the kubelet on node "worker-1" restarts
type kubeletRestarts struct{ node string }

func (s kubeletRestarts) Declare(pl *Plan) error {
	pl.need(driver.KubeletRestart, "restarts a kubelet")
	_, err := pl.node(s.node)
	return err
}

func (s kubeletRestarts) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "restart a kubelet", func(n driver.Nodes) error {
		return n.RestartKubelet(ctx, s.node)
	})
}

// When the kubelet on node "worker-1" is upgraded to version "1.36": the
// node's kubelet is replaced with that release's and restarted, its
// containers left running; the new kubelet keeps each container unless
// the hash it computes of the container's spec differs from the one kept
// since the container's creation (then it kills and restarts it). The
// version is the kubelet's new release; the old is the scenario's kubelet
// (its @kubelet tag, or the driver's default).
type kubeletUpgraded struct{ node, version string }

func (s kubeletUpgraded) Declare(pl *Plan) error {
	pl.need(driver.KubeletUpgrade, "upgrades a kubelet")
	if !minorVersion.MatchString(s.version) {
		return inputErr("kubelet version %q is not of the form 1.N", s.version)
	}
	_, err := pl.node(s.node)
	return err
}

func (s kubeletUpgraded) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "upgrade a kubelet", func(n driver.Nodes) error {
		return n.UpgradeKubelet(ctx, s.node, s.version)
	})
}

// When node "worker-1" is tainted "dedicated=infra:NoExecute" once the
// cluster runs: `kubectl taint` (nodeTainted in cluster.go hands it here).
func taintRunningNode(ctx context.Context, st *State, node string, t corev1.Taint, remove bool) error {
	return nodeAction(ctx, st, node, "taint a node", func(n driver.Nodes) error {
		return n.TaintNode(ctx, node, t, remove)
	})
}

// When the taint "dedicated=infra:NoExecute" is removed from node "worker-1"
type taintRemoved struct {
	taint nodeTaint
	node  string
}

func (s taintRemoved) Declare(pl *Plan) error {
	_, err := pl.node(s.node)
	return err
}

func (s taintRemoved) Run(ctx context.Context, st *State) error {
	return taintRunningNode(ctx, st, s.node, s.taint.Taint, true)
}

// nodeTaint is a slot in kubectl's taint syntax, key[=value]:Effect, read by
// parseTaint (cluster.go).
type nodeTaint struct {
	corev1.Taint
	// text is the taint as the phrase wrote it, for messages.
	text string
}

func (t *nodeTaint) set(s string) error {
	v, err := parseTaint(s)
	t.Taint, t.text = v, s
	return err
}
