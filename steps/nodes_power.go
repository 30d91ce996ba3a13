package steps

import (
	"context"
	"time"

	"github.com/podlife/podlife/pkg/driver"
)

// The phrases that cut a node's power (a reboot, a crash) and delete a
// crashed node's object. t=0 is the moment the power went (or the node
// object was deleted).
func nodePowerSteps() []Def {
	const f = "node actions"
	return []Def{
		phrase(f, `^node "([^"]*)" reboots for (\S+)$`, `When node "worker-1" reboots for 2m`,
			s2(func(node string, d time.Duration) Step { return nodeReboots{node: node, down: d} })),
		phrase(f, `^node "([^"]*)" crashes$`, `When node "worker-1" crashes`,
			s1(func(node string) Step { return nodeCrashes{node: node} })),
		phrase(f, `^node "([^"]*)" is deleted$`, `When node "worker-1" is deleted`,
			s1(func(node string) Step { return nodeDeleted{node: node} })),
	}
}

// When node "worker-1" reboots for 2m: the node's power is cut (its
// kubelet, runtime and every container stop at once, with no signal and
// no preStop hook) and comes back after the given time; a new kubelet
// then re-creates every pod's sandbox, running init containers again.
type nodeReboots struct {
	node string
	down time.Duration
}

func (s nodeReboots) Declare(pl *Plan) error {
	pl.need(driver.NodeReboot, "reboots a node")
	if s.down <= 0 {
		return inputErr("a reboot lasts some time: %s", s.down)
	}
	_, err := pl.node(s.node)
	return err
}

func (s nodeReboots) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "reboot a node", func(driver.Nodes) error {
		return st.Session.RebootNode(ctx, s.node, s.down)
	})
}

// When node "worker-1" crashes: the node's power is cut for the rest of
// the scenario.
type nodeCrashes struct{ node string }

func (s nodeCrashes) Declare(pl *Plan) error {
	pl.need(driver.NodeCrash, "crashes a node")
	_, err := pl.node(s.node)
	return err
}

func (s nodeCrashes) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "crash a node", func(driver.Nodes) error {
		return st.Session.CrashNode(ctx, s.node)
	})
}

// When node "worker-1" is deleted: `kubectl delete node` of a crashed
// node; the pod garbage collector then force-deletes the pods bound to
// it, after its quarantine.
type nodeDeleted struct{ node string }

func (s nodeDeleted) Declare(pl *Plan) error {
	pl.need(driver.NodeDelete, "deletes a node")
	_, err := pl.node(s.node)
	return err
}

func (s nodeDeleted) Run(ctx context.Context, st *State) error {
	return nodeAction(ctx, st, s.node, "delete a node", func(driver.Nodes) error {
		return st.Session.DeleteNode(ctx, s.node)
	})
}
