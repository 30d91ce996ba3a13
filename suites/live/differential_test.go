package live

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// differential runs the scenarios that ran live on the simulator too,
// with the same seeds, and writes the differential report
// (reports/live/diff.md, diff.json); its summary goes before the count
// line.
func differential(live []report.Result) string {
	if len(live) == 0 {
		return ""
	}
	seed, _ := strconv.ParseInt(os.Getenv("PODLIFE_SEED"), 10, 64)
	if seed == 0 {
		seed = 1
	}
	_, scs, _ := runner.Load([]string{"features"})
	byID := map[string]*runner.Scenario{}
	for _, sc := range scs {
		byID[sc.ID()] = sc
	}
	var sim []report.Result
	for _, l := range live {
		if sc, ok := byID[l.ID()]; ok {
			sim = append(sim, runner.Run(context.Background(), sc, runner.Options{Driver: simdriver.New(), Seed: seed}))
		}
	}
	// Both sides' results, for whoever wants to look closer.
	if b, err := json.MarshalIndent(map[string][]report.Result{"sim": sim, "live": live}, "", " "); err == nil {
		_ = os.WriteFile("reports/live/results.json", b, 0o644)
	}
	diffs := report.Compare(sim, live, shared.Tolerance)
	if err := report.WriteDiff("reports/live", diffs, shared.Tolerance); err != nil {
		return fmt.Sprintf("\ndifferential report: %v\n", err)
	}
	n := 0
	for _, d := range diffs {
		if d.Differs() {
			n++
		}
	}
	return fmt.Sprintf("\ndifferential report (simulator against live): %d of %d scenarios differ: reports/live/diff.md\n", n, len(diffs))
}
