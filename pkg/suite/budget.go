package suite

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// BudgetEndEnv is when the run's time budget ends (RFC 3339; hack/
// test-live.sh sets it from LIVE_BUDGET): a spec whose recorded wall time
// no longer fits before it is not started, and is reported skipped with
// that reason. Unlike Ginkgo's --timeout, which cuts the run off and
// fails it, a budget ends the run on time with every verdict it gives
// whole: a CI machine slower than this one runs fewer scenarios, never
// worse ones.
const BudgetEndEnv = "PODLIFE_BUDGET_END"

// budgetReason starts the reason of a spec the budget left out.
const budgetReason = report.NotStartedPrefix

// unknownWall is what a scenario with no recorded wall time is taken to
// need.
const unknownWall = time.Minute

// budgetEnd is the run's budget's end, if it has one.
func budgetEnd() (time.Time, bool, error) {
	v := os.Getenv(BudgetEndEnv)
	if v == "" {
		return time.Time{}, false, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("%s=%q: not an RFC 3339 time", BudgetEndEnv, v)
	}
	return t, true, nil
}

// overBudget is why a scenario is not started at now, "" when its
// recorded wall time, times the run's pace so far (pace.factor), fits
// before end.
func overBudget(sc *runner.Scenario, walls shard.Walls, pace float64, now, end time.Time) string {
	wall, ok := walls[sc.ID()]
	if !ok {
		wall = unknownWall
	}
	need := time.Duration(float64(wall) * max(pace, 1))
	left := end.Sub(now)
	if left >= need {
		return ""
	}
	known := "took " + wall.Round(time.Second).String() + " when its wall time was last recorded"
	if !ok {
		known = "has no recorded wall time (taken as " + unknownWall.String() + ")"
	}
	if pace > 1 {
		known += fmt.Sprintf(", and this run's scenarios have taken %.1f times their recorded walls", pace)
	}
	return fmt.Sprintf("%s ends at %s, %s from the moment it was due, and the scenario %s; it runs on the simulator in every run, and live without a budget", budgetReason, end.Format("15:04:05"), max(left, 0).Round(time.Second), known)
}

// notStarted is the result of a scenario the budget left out.
func notStarted(sc *runner.Scenario, driverName string, seed int64, reason string) report.Result {
	return report.Result{
		Driver: driverName, Feature: sc.Feature.Path, FeatureName: sc.Feature.Doc.Feature.Name,
		Name: sc.Name, Line: sc.Line, Tags: sc.Tags, Status: report.Skipped, Reason: reason,
		Seed: runner.ScenarioSeed(seed, sc.Feature.Path, sc.Line), Gherkin: runner.Source(sc),
	}
}

// budgetLine says, before the count line, how many scenarios the budget
// left out: skipped, they are not failures, and not verdicts either.
func budgetLine(results []report.Result) string {
	n := 0
	for _, r := range results {
		if r.Status == report.Skipped && strings.HasPrefix(r.Reason, budgetReason) {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("\n%d of the skipped were not started: the run's time budget (LIVE_BUDGET) ran out before them; each ran on the simulator, and runs live without a budget (make test-live)\n", n)
}
