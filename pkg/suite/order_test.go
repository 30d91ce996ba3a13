package suite

import (
	"sort"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// TestOrder: scenarios of no pool node recorded at longWall or more go
// first, longest first; all the others, node-level ones however long
// and pod-level ones just under the bar, go by name.
func TestOrder(t *testing.T) {
	var scs []*runner.Scenario
	f := &runner.Feature{Path: "x.feature"}
	// Lines 1-9, names against the lines: line 1 is "i", line 9 "a".
	for i := 0; i < 9; i++ {
		sc := &runner.Scenario{Name: string(rune('i' - i)), Feature: f, Line: i + 1}
		if i >= 6 {
			sc.Tags = []string{"needs:node-pressure"}
		}
		scs = append(scs, sc)
	}
	names := func(scs []*runner.Scenario) (s string) {
		for _, sc := range scs {
			s += sc.Name
		}
		return s
	}
	if got := names(order(scs, nil)); got != "abcdefghi" {
		t.Errorf("order without records %s, want by name", got)
	}
	walls := shard.Walls{}
	for _, sc := range scs {
		walls[sc.ID()] = time.Second
	}
	// g (line 3) and e (line 5) are long, e longer; h (line 2) is just
	// under the bar; a (line 9) is node-level and longest of all.
	walls["x.feature:3"], walls["x.feature:5"] = longWall, 2*longWall
	walls["x.feature:2"], walls["x.feature:9"] = longWall-time.Second, 3*longWall
	if got := names(order(scs, walls)); got != "egabcdfhi" {
		t.Errorf("order with recorded times %s, want egabcdfhi", got)
	}
	// The language's own scenarios go after the others, by name too
	// (b and d); a long one (e) still goes first.
	for _, l := range []int{8, 6, 5} {
		scs[l-1].Tags = append(scs[l-1].Tags, "language")
	}
	if got := names(order(scs, walls)); got != "egacfhibd" {
		t.Errorf("order with @language scenarios %s, want egacfhibd", got)
	}
}

// TestSpecTextsSortInOrder: Ginkgo runs a container's specs of one
// code location in the order of their texts; the ranked texts sort in the
// order order gave, across a change in the rank's width.
func TestSpecTextsSortInOrder(t *testing.T) {
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
