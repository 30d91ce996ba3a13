package suite

import (
	"sort"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// TestSpread: node-level scenarios, which wait for a pool node on a live
// cluster, are spaced evenly among the pod-level ones, each list keeping
// its order where no wall time is recorded; with records, those of
// longWall or more go first, longest first, and the others keep their
// order however long they were.
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
	// i (line 9) and c (line 3) are long; e (line 5) and b (line 2) are
	// just under the bar, e longer than b, and stay in the catalogue's
	// order.
	walls := shard.Walls{}
	for _, sc := range scs {
		walls[sc.ID()] = time.Second
	}
	walls["x.feature:9"], walls["x.feature:3"] = 2*longWall, longWall
	walls["x.feature:5"], walls["x.feature:2"] = longWall-time.Second, time.Minute
	got = ""
	for _, sc := range spread(scs, walls) {
		got += sc.Name
	}
	if got != "icagbdhef" {
		t.Errorf("order with recorded times %s", got)
	}
}

// TestSpecTextsSortInSpreadOrder: Ginkgo runs a container's specs of one
// code location in the order of their texts; the ranked texts sort in the
// order spread gave, across a change in the rank's width.
func TestSpecTextsSortInSpreadOrder(t *testing.T) {
	f := &runner.Feature{Path: "x.feature"}
	var texts []string
	const n = 120
	for i := 0; i < n; i++ {
		// Names against the order: z first, a last.
		sc := &runner.Scenario{Name: string(rune('z' - i%26)), Feature: f, Line: i + 1}
		texts = append(texts, specText(i, n, sc))
	}
	if !sort.StringsAreSorted(texts) {
		t.Errorf("ranked texts out of order: %q ... %q", texts[:3], texts[n-3:])
	}
}
