package steps

import (
	"context"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// What issue 38's fifteenth held-out batch said that the language had as
// other words or lacked: a cluster declared by its nodes (`a cluster with
// nodes "worker-1" and "worker-2"`, twelve times, each hinted as a node
// with a label of the second name), and a node's taint put on or taken
// off within a window (`gets taint "…:NoExecute" between 40s and 65s`,
// six times; three in batch 14), which the node lifecycle controller
// times (its grace period, then a pass).
func batchFifteenWords() []Def {
	const f = "cluster"
	return []Def{
		phrase(f, `^a cluster (?:with|of) (?:the )?nodes ("[^"]*"(?:, "[^"]*")*,? and "[^"]*")$`, `Given a cluster with nodes "worker-1" and "worker-2"`,
			func(c []string, _ Arg) (Step, error) {
				names, err := quoted(c[0])
				return someNodes{names: names}, err
			}).respelling(),
		phrase(f, `^a cluster (?:with|of) (?:a |one )?(?:single )?node "([^"]*)"$`, `Given a cluster with node "worker-1"`,
			s1(func(name string) Step { return aNode{name: name} })).respelling(),
		phrase("node expectations", `^node "([^"]*)" (?:has|gets) taint "([^"]*)" between (\S+) and (\S+)$`, `Then node "worker-1" gets taint "node.kubernetes.io/unreachable:NoExecute" between 40s and 65s`,
			s4(func(node string, t nodeTaint, lo, hi string) Step {
				return &nodeTaintIn{node: node, taint: t, lo: lo, hi: hi}
			})),
		phrase("node expectations", `^node "([^"]*)" (?:has no|loses(?: the)?) taint "([^"]*)" between (\S+) and (\S+)$`, `Then node "worker-1" loses taint "node.kubernetes.io/memory-pressure:NoSchedule" between 4m50s and 6m`,
			s4(func(node string, t nodeTaint, lo, hi string) Step {
				return &nodeTaintIn{node: node, taint: t, lo: lo, hi: hi, removed: true}
			})),
	}
}

// Then node "worker-1" gets taint "k:E" between A and B (`loses taint`):
// the taint's first addition (removal) at or after t=0 on the node's
// timeline, where both drivers record a node's taints as they change
// (timeline.Taint: its key the reason, its effect the message), comes
// from t0+A to t0+B, judged as any event window is (on a cluster, from
// the watch's view of the node).
type nodeTaintIn struct {
	node     string
	taint    nodeTaint
	lo, hi   string
	removed  bool
	sel      timeline.Selector
	from, to time.Duration
}

func (s *nodeTaintIn) Declare(pl *Plan) (err error) {
	if _, err := pl.node(s.node); err != nil {
		return err
	}
	status := "True"
	if s.removed {
		status = "False"
	}
	s.sel = timeline.Selector{Pod: nodeTimelineName(s.node), Kind: timeline.Taint, Reason: s.taint.Key, Message: string(s.taint.Effect), Status: status}
	s.from, s.to, err = window(s.lo, s.hi)
	return err
}

func (s *nodeTaintIn) Run(ctx context.Context, st *State) error {
	return st.expectIn(ctx, s.sel, s.from, s.to)
}
