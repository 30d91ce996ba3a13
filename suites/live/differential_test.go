package live

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// diffDir is where the differential report goes.
const diffDir = "reports/live/diff"

// differential runs the scenarios that ran live on the simulator too, with
// the same seeds, and writes the differential report (report.Diff:
// outcome, order and timing of the lifecycle events, the differences
// docs/divergences.yaml explains marked): diff.txt,
// index.html and the simulator's results.json in reports/live/diff. Its
// summary goes before the count line.
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
	d := report.Diff("sim", sim, "live", live, shared.Tolerance)
	// The differences docs/divergences.yaml explains are shown as such.
	list, err := report.ReadExplanations(report.ExplainedFile)
	if err != nil {
		return fmt.Sprintf("\ndifferential report: %v\n", err)
	}
	d.Explain(list)
	if err := os.MkdirAll(diffDir, 0o755); err != nil {
		return fmt.Sprintf("\ndifferential report: %v\n", err)
	}
	var text, page bytes.Buffer
	d.Text(&text)
	_ = os.WriteFile(filepath.Join(diffDir, "diff.txt"), text.Bytes(), 0o644)
	if err := d.HTML(&page); err == nil {
		_ = os.WriteFile(filepath.Join(diffDir, "index.html"), page.Bytes(), 0o644)
	}
	if b, err := json.MarshalIndent(sim, "", " "); err == nil {
		_ = os.WriteFile(filepath.Join(diffDir, "sim-results.json"), b, 0o644)
	}
	return fmt.Sprintf("\ndifferential report: simulator against live, %d scenario(s) compared, %d diverged, %d explained, %d not compared: %s/diff.txt, %s/index.html\n",
		d.Compared, len(d.Diverged), len(d.Explained), len(d.NotCompared), diffDir, diffDir)
}
