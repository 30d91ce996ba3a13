package runner

import "github.com/podlife/podlife/pkg/shard"

// Shard keeps the scenarios of one runner's part (shard.Walls.Pick), in
// catalogue order.
func Shard(scs []*Scenario, s shard.Spec, w shard.Walls) []*Scenario {
	byID := make(map[string]*Scenario, len(scs))
	ids := make([]string, 0, len(scs))
	for _, sc := range scs {
		if _, dup := byID[sc.ID()]; !dup {
			byID[sc.ID()] = sc
			ids = append(ids, sc.ID())
		}
	}
	var out []*Scenario
	for _, id := range w.Pick(s, ids) {
		out = append(out, byID[id])
	}
	return out
}

// Longest orders scenarios longest first by their recorded wall times
// (shard.Walls.Longest): the order in which parallel workers should take
// them.
func Longest(scs []*Scenario, w shard.Walls) []*Scenario {
	byID := make(map[string]*Scenario, len(scs))
	ids := make([]string, 0, len(scs))
	for _, sc := range scs {
		byID[sc.ID()] = sc
		ids = append(ids, sc.ID())
	}
	out := make([]*Scenario, 0, len(scs))
	for _, id := range w.Longest(ids) {
		out = append(out, byID[id])
	}
	return out
}
