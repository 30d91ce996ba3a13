package suite

import (
	"testing"

	"github.com/podlife/podlife/pkg/runner"
)

// TestSpread: node-level scenarios, which wait for a pool node on a live
// cluster, are spaced evenly among the pod-level ones, each list keeping
// its order.
func TestSpread(t *testing.T) {
	var scs []*runner.Scenario
	for i := 0; i < 9; i++ {
		sc := &runner.Scenario{Name: string(rune('a' + i))}
		if i >= 6 {
			sc.Tags = []string{"needs:node-pressure"}
		}
		scs = append(scs, sc)
	}
	got := ""
	for _, sc := range spread(scs) {
		got += sc.Name
	}
	if got != "gabhcdief" {
		t.Errorf("order %s", got)
	}
}
