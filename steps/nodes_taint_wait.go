package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// nodeWaitSteps are the actions that wait for what the control plane does
// to a node, as `the pod "web" becomes Ready` waits for a pod.
func nodeWaitSteps() []Def {
	const f = "node actions"
	return []Def{
		phrase(f, `^node "([^"]*)" gets taint "([^"]*)"$`, `When node "worker-1" gets taint "node.kubernetes.io/unreachable:NoExecute"`,
			s2(func(node string, t nodeTaint) Step { return nodeGetsTaint{node: node, taint: t} })),
	}
}

// When node "worker-1" gets taint "node.kubernetes.io/unreachable:NoExecute":
// waits until the node has the taint (the node-lifecycle controller's, the
// eviction manager's, or one a step gave); t=0 moves to when it was put
// on, which may lie in the past, as for `the pod "web" becomes Ready`:
// the last time it was added, for a node that has it.
type nodeGetsTaint struct {
	node  string
	taint nodeTaint
}

func (s nodeGetsTaint) Declare(pl *Plan) error {
	_, err := pl.node(s.node)
	return err
}

// added is the taint's addition in the node's timeline.
func (s nodeGetsTaint) added(e timeline.Event) bool {
	return e.Pod == nodeTimelineName(s.node) && e.Kind == timeline.Taint && e.Reason == s.taint.Key && e.Message == string(s.taint.Effect)
}

func (s nodeGetsTaint) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	has := func(v driver.View) bool {
		n := v.Node(s.node)
		return n != nil && hasTaint(n, s.taint.Taint)
	}
	if _, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, has); err != nil {
		return err
	} else if !ok {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: fmt.Sprintf("node %q with taint %s within %s", s.node, s.taint.text, WaitLimit),
			Observed: fmt.Sprintf("taints: %s", taintsOfNode(st.Session.View().Node(s.node)))}
	}
	at, found := timeline.Mark{}, false
	for _, e := range st.clk().events() {
		if s.added(e) && e.Status == string(corev1.ConditionTrue) {
			at, found = timeline.Before(e), true
		}
	}
	if !found {
		// A taint the node was declared with: there from the start.
		at = timeline.Mark{}
	}
	st.clk().moveT0(at)
	return nil
}

// taintsOfNode is taintsOf of a node that may be gone.
func taintsOfNode(n *corev1.Node) string {
	if n == nil {
		return "the node is gone"
	}
	return taintsOf(n)
}
