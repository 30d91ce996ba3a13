package steps

import (
	"context"

	"github.com/podlife/podlife/pkg/timeline"
)

// Then node "worker-1" never has condition "MemoryPressure" "True": the
// node does not have the status at the current time, and the node's
// timeline has no change to it over the whole scenario, run to the end of
// its activity (as a pod's `never` phrases are). Issue 38's first drafts
// wrote it three times for a node whose pressure was of another kind
// (`never has condition "DiskPressure" "True"` under memory pressure),
// and had no phrase for it.
type nodeNeverCondition struct {
	now nodeCondition
	sel timeline.Selector
}

func (s *nodeNeverCondition) Declare(pl *Plan) error {
	if err := s.now.Declare(pl); err != nil {
		return err
	}
	s.sel = timeline.Selector{Pod: nodeTimelineName(s.now.node), Kind: timeline.Condition, Reason: s.now.ctype, Status: s.now.status}
	return nil
}

func (s *nodeNeverCondition) Run(ctx context.Context, st *State) error {
	if err := s.now.Run(ctx, st); err != nil {
		return err
	}
	return expectNever(ctx, st, s.sel)
}
