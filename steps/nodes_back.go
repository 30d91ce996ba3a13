package steps

import (
	"context"

	"github.com/podlife/podlife/pkg/driver"
)

// A node brought back after `node "x" becomes NotReady` (issue 38's
// twelfth and thirteenth held-out sets: "the kubelet on node x is started
// again", "node x becomes Ready again", six times, with nothing to say
// it).
func nodeBackSteps() []Def {
	const f = "node actions"
	back := s1(func(node string) Step { return nodeBack{node: node} })
	return []Def{
		phrase(f, `^node "([^"]*)" (?:comes back|is back|becomes Ready again|recovers)$`, `When node "worker-1" comes back`, back),
		phrase(f, `^the kubelet (?:on|of) node "([^"]*)" (?:starts|is started) again$`, `When the kubelet on node "worker-1" starts again`, back),
		// The expectation: the node's Ready condition True again by D
		// (`node "x" has condition "Ready" "True" within D`).
		phrase("node expectations", `^node "([^"]*)" (?:becomes|is) Ready again within (\S+)$`, `Then node "worker-1" becomes Ready again within 10s`,
			s2(func(node, within string) Step {
				return nodeCondition{node: node, ctype: "Ready", status: "True", within: within}
			})),
	}
}

// When node "worker-1" comes back: the kubelet NodeNotReady stopped runs
// again (driver.Nodes NodeBack); t=0 moves to the moment the node shows
// Ready again, as `becomes NotReady` moves it to the moment it stopped.
type nodeBack struct{ node string }

func (s nodeBack) Declare(pl *Plan) error {
	pl.need(driver.NodeLifecycle, "brings a NotReady node back")
	_, err := pl.node(s.node)
	return err
}

func (s nodeBack) Run(ctx context.Context, st *State) error {
	if err := nodeAction(ctx, st, s.node, "bring a node back", func(n driver.Nodes) error {
		return n.NodeBack(ctx, s.node)
	}); err != nil {
		return err
	}
	return readyTurn(ctx, st, s.node, true)
}
