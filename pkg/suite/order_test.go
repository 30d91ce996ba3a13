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
	if got := names(order(scs, nil, start{})); got != "abcdefghi" {
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
	if got := names(order(scs, walls, start{})); got != "egabcdfhi" {
		t.Errorf("order with recorded times %s, want egabcdfhi", got)
	}
	// The language's own scenarios go after the others, by name too
	// (b and d); a long one (e) still goes first.
	for _, l := range []int{8, 6, 5} {
		scs[l-1].Tags = append(scs[l-1].Tags, "language")
	}
	if got := names(order(scs, walls, start{})); got != "egacfhibd" {
		t.Errorf("order with @language scenarios %s, want egacfhibd", got)
	}
	// Rotated: the by-name part (acfhi) starts at its third, f; the
	// long ones stay first, the language's last.
	if got := names(order(scs, walls, start{index: 2})); got != "egfhiacbd" {
		t.Errorf("order from the third %s, want egfhiacbd", got)
	}
	if got := names(order(scs, walls, start{index: 7})); got != "egfhiacbd" {
		t.Errorf("order from the eighth of five %s, want it wrapped as from the third", got)
	}
}

// TestRotation: a budgeted run starts a seventh further each day of the
// week; one without a budget at the first; PODLIFE_ORDER_FROM repeats a
// run's order.
func TestRotation(t *testing.T) {
	sunday := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		day      int
		budgeted bool
		want     int
	}{{0, true, 0}, {3, true, 300}, {6, true, 600}, {3, false, 0}} {
		s, err := rotation(c.budgeted, sunday.AddDate(0, 0, c.day))
		if got := s.at(700); err != nil || got != c.want {
			t.Errorf("day %d budgeted %v: %d (%v), want %d of 700", c.day, c.budgeted, got, err, c.want)
		}
	}
	t.Setenv(OrderFromEnv, "42")
	if s, _ := rotation(true, sunday.AddDate(0, 0, 3)); s.at(700) != 42 {
		t.Errorf("%s=42: %d", OrderFromEnv, s.at(700))
	}
	t.Setenv(OrderFromEnv, "x")
	if _, err := rotation(true, sunday); err == nil {
		t.Errorf("%s=x taken", OrderFromEnv)
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
