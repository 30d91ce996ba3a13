package suite

import (
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// TestSpread: node-level scenarios, which wait for a pool node on a live
// cluster, are spaced evenly among the pod-level ones, each list keeping
// its order where no wall time is recorded; with records, each list
// goes longest first.
func TestSpread(t *testing.T) {
	var scs []*runner.Scenario
	f := &runner.Feature{Path: "x.feature"}
	for i := 0; i < 9; i++ {
		sc := &runner.Scenario{Name: string(rune('a' + i)), Feature: f, Line: i + 1}
		if i >= 6 {
			sc.Tags = []string{"needs:node-pressure"}
		}
		scs = append(scs, sc)
	}
	got := ""
	for _, sc := range spread(scs, nil) {
		got += sc.Name
	}
	if got != "gabhcdief" {
		t.Errorf("order %s", got)
	}
	// i (line 9) and c (line 3) take longest.
	walls := shard.Walls{}
	for _, sc := range scs {
		walls[sc.ID()] = time.Second
	}
	walls["x.feature:9"], walls["x.feature:3"] = time.Minute, 30*time.Second
	got = ""
	for _, sc := range spread(scs, walls) {
		got += sc.Name
	}
	if got != "icagbdhef" {
		t.Errorf("order with recorded times %s", got)
	}
}
