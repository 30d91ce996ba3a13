package live

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	livedriver "github.com/podlife/podlife/pkg/driver/live"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/suite"
)

// differential runs the scenarios that ran live on the simulator too, with
// the same seeds, and writes the differential report into the run's report
// folder (report.WriteDifferential). Its summary goes before the count
// line.
func differential(dir string, live []report.Result) string {
	if len(live) == 0 {
		return ""
	}
	seed, _ := strconv.ParseInt(os.Getenv("PODLIFE_SEED"), 10, 64)
	if seed == 0 {
		seed = 1
	}
	// The scenarios the suite ran, PODLIFE_FEATURES's when it names
	// them (a differential report of held-out files compared none before
	// 2026-11-30: it looked for them in features/ alone).
	_, scs, _ := runner.Load(suite.FeaturePaths([]string{"features"}))
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
	// The differences docs/divergences.yaml explains are shown as such.
	list, err := report.ReadExplanations(report.ExplainedFile)
	if err != nil {
		return fmt.Sprintf("\ndifferential report: %v\n", err)
	}
	text, err := report.WriteDifferential(dir, sim, live, shared.Tolerance, list)
	if err != nil {
		return fmt.Sprintf("\ndifferential report: %v\n", err)
	}
	return text + calibrationLine(shared.Calibration, shared.Tolerance)
}

// calibrationLine is the pace the run measured at its start, which its
// live windows and tolerance were made from: beside the failures at a
// glance (each with its slowest pod start), it says whether the machine
// kept that pace.
func calibrationLine(c livedriver.Calibration, tol time.Duration) string {
	r := func(d time.Duration) time.Duration { return d.Round(10 * time.Millisecond) }
	return fmt.Sprintf("calibrated at the run's start: a pod's start %s, a delete to SIGTERM %s, to the pod gone %s; tolerance ±%s\n",
		r(c.Start), r(c.React), r(c.Gone), tol)
}
