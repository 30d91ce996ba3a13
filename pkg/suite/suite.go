// Package suite turns the scenario catalogue into Ginkgo specs: one It per
// pickle, labelled with its tags, each running godog on one scenario
// through pkg/runner. Results travel as report entries and are merged in
// ReportAfterSuite, which writes podlife's reports and the final count
// line. The suites under suites/ only choose the driver.
package suite

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2" //nolint:revive // Ginkgo's DSL reads best unqualified
	"github.com/onsi/ginkgo/v2/types"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/shard"
)

// entryName names podlife's report entries.
const entryName = "podlife-result"

// ShardEnv names this runner's part of the selection ("2/3"), and
// WallsEnv the recorded wall times that balance the parts and order each
// (shard.DefaultFile when unset): `podlife run --shard` and `--walls`.
const (
	ShardEnv = "PODLIFE_SHARD"
	WallsEnv = "PODLIFE_WALLS"
)

// SummaryFile is written next to the reports (report.SummaryText).
const SummaryFile = report.SummaryFile

// Config is what a suite varies.
type Config struct {
	// Driver builds the driver for one scenario.
	Driver func() driver.Driver
	// Features are the catalogue's paths, relative to the module root
	// (PODLIFE_FEATURES overrides, space-separated).
	Features []string
	// ReportDir is where the reports go (PODLIFE_REPORT_DIR overrides).
	ReportDir string
	// Tags preselects scenarios (PODLIFE_TAGS overrides).
	Tags string
	// Summary, when set, adds text to the summary before the count line
	// (the live suite's differential report, written into the report
	// folder dir).
	Summary func(dir string, results []report.Result) string
	// Title names the suite's container ("the catalogue" when empty):
	// "<Title> on the <driver> driver".
	Title string
	// Retries is how many times a failed scenario runs again (the live
	// suite's PODLIFE_RETRIES): the last attempt counts, and the result
	// keeps the first failure, which the summary and summary.md show.
	Retries int
	// RetryBudget is the share of the scenarios run, in percent, that may
	// need a second attempt; above it the suite fails, its results kept
	// (PODLIFE_RETRY_BUDGET overrides). Zero: no budget.
	RetryBudget float64
}

// ChdirModuleRoot makes paths relative to the module root, as `podlife run`
// sees them from there; call it before RunSpecs.
func ChdirModuleRoot() error {
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.Chdir(dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return fmt.Errorf("no go.mod above the test's folder")
		}
		dir = parent
	}
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// envFloat reads a number from the environment; a value that is not one
// is bad input, said when the suite is built.
func envFloat(name string, def float64) float64 {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	f, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), "%"), 64)
	if err != nil || f < 0 {
		panic(fmt.Sprintf("%s=%q: not a percentage", name, v))
	}
	return f
}

// nodeLevel says whether a scenario needs a node of its own: on a live
// cluster it waits for one of the few pool nodes.
func nodeLevel(sc *runner.Scenario) bool {
	for _, c := range driver.NodeOfItsOwn() {
		if hasTag(sc.Tags, "needs:"+string(c)) {
			return true
		}
	}
	return false
}

// order is the order the scenarios are handed out in (Ginkgo gives each
// free process the next): first those of no pool node (no needs: tag of
// a node) recorded at longWall or more, longest first; then the others
// by name, the order every live run of 2026-11-29 was measured in.
//
// A long scenario handed out late holds the run's end: the whole
// catalogue ran 33 min, then waited for three crash loops of 16-25 min
// that began 25 min in. Long node-level scenarios are not moved: the
// four NotReady scenarios of 10 min each, handed out first (06:00 run),
// took every pool node, and the scenarios that declare a node of their
// own (most of admission and scheduling) waited for one holding their
// processes: 5 specs ended in 9 min. Ordering all by length put the
// shortest, the pod churn, together at the end beside PID pressure and
// pool kubelet restarts (load 73 on 2 cores, six scenarios late). Names
// mix the features, so neither a feature's pool leases nor its pod churn
// come in a block.
//
// from rotates the scenarios that go by name (the language's aside): the
// one at from.at(their number) goes first, those before it after the
// last. A run whose budget ends before the catalogue does runs the front
// of the order, so that rotating it day by day (rotation) checks each
// part on a kubelet in turn rather than the same first scenarios every
// time.
func order(scs []*runner.Scenario, walls shard.Walls, from start) []*runner.Scenario {
	var long, rest []*runner.Scenario
	for _, sc := range scs {
		if d, ok := walls[sc.ID()]; ok && d >= longWall && !nodeLevel(sc) {
			long = append(long, sc)
		} else {
			rest = append(rest, sc)
		}
	}
	sort.SliceStable(rest, func(i, j int) bool { return specName(rest[i]) < specName(rest[j]) })
	// The language's own scenarios (@language: a phrase's meaning, each
	// behaviour also a scenario of its feature) come last: a run whose
	// time budget ends early (BudgetEndEnv) leaves them to the simulator
	// before any scenario of the behaviours themselves. They are short
	// pod-level scenarios, which fill the processes' ends.
	sort.SliceStable(rest, func(i, j int) bool { return !hasTag(rest[i].Tags, "language") && hasTag(rest[j].Tags, "language") })
	n := 0
	for n < len(rest) && !hasTag(rest[n].Tags, "language") {
		n++
	}
	if n > 0 {
		k := from.at(n) % n
		rest = append(append(append([]*runner.Scenario{}, rest[k:n]...), rest[:k]...), rest[n:]...)
	}
	return append(runner.Longest(long, walls), rest...)
}

// OrderFromEnv names the index of the first scenario the run's order
// hands out (order's from), for a run to repeat another's order; by
// default a run with a time budget starts at a seventh of the catalogue
// set by the day of the week (rotation), one without at the first.
const OrderFromEnv = "PODLIFE_ORDER_FROM"

// start is where order begins the scenarios that go by name: at index,
// or, with sevenths, that many sevenths of the way through them.
type start struct{ index, sevenths int }

func (s start) at(n int) int {
	if s.sevenths > 0 {
		return s.sevenths * n / 7
	}
	return s.index
}

// rotation is order's start: OrderFromEnv's index, else, for a run with
// a budget, the day of the week's seventh.
func rotation(budgeted bool, now time.Time) (start, error) {
	if v := os.Getenv(OrderFromEnv); v != "" {
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 {
			return start{}, fmt.Errorf("%s=%q: not an index (0 for the first scenario)", OrderFromEnv, v)
		}
		return start{index: i}, nil
	}
	if !budgeted {
		return start{}, nil
	}
	return start{sevenths: int(now.UTC().Weekday())}, nil
}

// longWall is the recorded time from which a scenario of no pool node
// starts before the others.
const longWall = 5 * time.Minute

// specName is a scenario's spec text without its rank.
func specName(sc *runner.Scenario) string { return fmt.Sprintf("%s (%s)", sc.Name, sc.ID()) }

// specText is the i-th of n scenarios' spec text, ranked. Ginkgo orders
// the specs of a container by their code location and then by their text
// (internal/ordering.go SortableSpecs, v2.34.0), and every scenario's It
// has the same location: without the rank the specs ran in alphabetical
// order, whatever order said, and a 25-minute @slow scenario started 25
// minutes into the whole catalogue (2026-11-29).
func specText(i, n int, sc *runner.Scenario) string {
	return fmt.Sprintf("%0*d. %s", len(fmt.Sprint(n)), i+1, specName(sc))
}

// Define declares the suite: a container whose body, run when Ginkgo
// builds the tree (after ChdirModuleRoot), loads and lints the catalogue
// and declares one It per pickle; and the reporter. Call it at the top
// level: var _ = suite.Define(cfg).
func Define(cfg Config) bool {
	seed, _ := strconv.ParseInt(env("PODLIFE_SEED", "1"), 10, 64)
	reportDir := env("PODLIFE_REPORT_DIR", cfg.ReportDir)
	driverName := cfg.Driver().Name()
	budget := envFloat("PODLIFE_RETRY_BUDGET", cfg.RetryBudget)

	title := cfg.Title
	if title == "" {
		title = "the catalogue"
	}
	Describe(title+" on the "+driverName+" driver", func() {
		_, scs, problems := runner.Load(FeaturePaths(cfg.Features))
		filter, err := runner.ParseFilter(env("PODLIFE_TAGS", cfg.Tags))
		if err != nil {
			It("selects scenarios", func() { Fail(err.Error()) })
			return
		}
		scs = runner.Select(scs, filter)
		part, err := shard.Parse(os.Getenv(ShardEnv))
		if err != nil {
			It("selects scenarios", func() { Fail(ShardEnv + ": " + err.Error()) })
			return
		}
		walls, err := shard.Load(env(WallsEnv, shard.DefaultFile), os.Getenv(WallsEnv) == "")
		if err != nil {
			It("selects scenarios", func() { Fail(WallsEnv + ": " + err.Error()) })
			return
		}
		scs = runner.Shard(scs, part, walls)
		problems = append(problems, runner.Lint(scs, cfg.Driver())...)
		if len(problems) > 0 {
			It("reads the catalogue", func() {
				var lines []string
				for _, p := range problems {
					lines = append(lines, p.Error())
				}
				Fail("bad input, nothing was run:\n" + strings.Join(lines, "\n"))
			})
			return
		}
		gate, gateErr := gateFromEnv()
		end, budgeted, budgetErr := budgetEnd()
		from, err := rotation(budgeted, time.Now())
		if err != nil {
			It("selects scenarios", func() { Fail(err.Error()) })
			return
		}
		if from.sevenths > 0 {
			fmt.Fprintf(os.Stderr, "podlife: the scenarios that go by name are handed out from %d sevenths of the way through them (the day of the week's)\n", from.sevenths)
		}
		ordered := order(scs, walls, from)
		runPace := pace{dir: os.Getenv(GateEnv)}
		for i, sc := range ordered {
			args := []any{Label(LabelsOf(sc.Tags)...)}
			if hasTag(sc.Tags, "serial") || hasTag(sc.Tags, "disruptive") {
				// A scenario that disturbs the node runs alone.
				args = append(args, Serial)
			}
			args = append(args, func(ctx SpecContext) {
				if err := errors.Join(gateErr, budgetErr); err != nil {
					Fail(err.Error())
				}
				if gate != nil {
					waited, err := gate.enter(ctx)
					defer gate.leave()
					if err != nil {
						Fail("cut off before it started, while it waited for the machine's CPU: " + err.Error())
					}
					if waited >= time.Second {
						fmt.Fprintf(GinkgoWriter, "started after %s held back: the machine's CPU was saturated (%s)\n", waited.Round(time.Second), GateEnv)
					}
				}
				if budgeted {
					if reason := overBudget(sc, walls, runPace.factor(), time.Now(), end); reason != "" {
						AddReportEntry(entryName, notStarted(sc, driverName, seed, reason), ReportEntryVisibilityNever)
						Skip(reason)
					}
				}
				started := time.Now()
				began := started
				defer func() {
					// Its pace, for the budget's later decisions; a
					// spec cut off says nothing of the machine's.
					if ctx.Err() == nil {
						_ = runPace.record(walls[sc.ID()], time.Since(began))
					}
				}()
				res := runner.Run(ctx, sc, runner.Options{Driver: cfg.Driver(), Seed: seed})
				first := ""
				for try := 0; try < cfg.Retries && (res.Status == report.Failed || res.Status == report.Errored) && ctx.Err() == nil; try++ {
					if first == "" {
						first = res.Explain()
					}
					fmt.Fprintf(GinkgoWriter, "failed, run again:\n%s\n", res.Explain())
					started = time.Now()
					res = runner.Run(ctx, sc, runner.Options{Driver: cfg.Driver(), Seed: seed})
				}
				res.FirstAttempt = first
				if !report.ExactDriver(res.Driver) {
					res.Started = started
				}
				AddReportEntry(entryName, res, ReportEntryVisibilityNever)
				switch res.Status {
				case report.Skipped:
					Skip(res.Reason)
				case report.Failed:
					Fail(res.Explain())
				case report.Errored:
					Fail("infrastructure error (the cluster broke under the scenario; no verdict): " + res.Reason)
				}
			})
			It(specText(i, len(ordered), sc), args...)
		}
	})

	// With PODLIFE_PROGRESS set (make test-live sets it), every process
	// appends a line to that file as each of its specs ends, the
	// scenarios and the suite's own tests alike: the run's progress,
	// which Ginkgo would show as dots.
	progress := os.Getenv(ProgressEnv)
	ReportBeforeSuite(func(r Report) {
		if progress == "" {
			return
		}
		sc, _ := GinkgoConfiguration()
		if err := startProgress(progress, r.PreRunStats.SpecsThatWillRun, sc.ParallelTotal, driverName, time.Now()); err != nil {
			fmt.Fprintf(os.Stderr, "podlife: progress file: %v\n", err)
		}
	})
	ReportAfterEach(func(sr SpecReport) {
		if progress == "" {
			return
		}
		if text, ok := progressText(sr); ok {
			if err := addProgress(progress, text, time.Now()); err != nil {
				fmt.Fprintf(os.Stderr, "podlife: progress file: %v\n", err)
			}
		}
	})

	ReportAfterSuite("podlife reports", func(r Report) {
		results := Collect(r)
		if err := report.Write(reportDir, results); err != nil {
			fmt.Fprintf(GinkgoWriter, "writing reports: %v\n", err)
		}
		extra := ""
		if cfg.Summary != nil {
			extra = cfg.Summary(reportDir, results)
		}
		if rep := report.Reproduce(results, seed, driverName, ""); rep != "" {
			// Ginkgo prints a seed of its own at the start: it orders the
			// specs, and changes no verdict.
			extra += rep + "  (Ginkgo's \"Random Seed\" only orders the specs; podlife's seed is PODLIFE_SEED, 1 by default)\n"
		}
		extra += notRunLine(r) + budgetLine(results)
		over := ""
		if budget > 0 {
			if over = report.OverRetryBudget(results, budget); over != "" {
				extra += "\n" + over + "\n"
			}
		}
		text := report.SummaryText(results, extra, fmt.Sprintf("%s (%s) on %s, seed %d", reportDir, report.Files, driverName, seed))
		_ = os.WriteFile(filepath.Join(reportDir, SummaryFile), []byte(text), 0o644)
		if over != "" {
			Fail(over)
		}
	})
	return true
}

// Collect gathers podlife's results from a Ginkgo report, whether the
// specs ran in this process or in parallel ones.
func Collect(r types.Report) []report.Result {
	var out []report.Result
	for _, sr := range r.SpecReports {
		for _, e := range sr.ReportEntries {
			if e.Name != entryName {
				continue
			}
			if res, ok := e.Value.GetRawValue().(report.Result); ok {
				out = append(out, res)
				continue
			}
			var res report.Result
			if err := json.Unmarshal([]byte(e.Value.AsJSON), &res); err == nil {
				out = append(out, res)
			}
		}
	}
	report.Sort(out)
	return out
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

var labelChars = regexp.MustCompile(`[&|!,()/]`)

// LabelsOf turns tags into Ginkgo labels, replacing the characters Ginkgo
// forbids.
func LabelsOf(tags []string) []string {
	var out []string
	for _, t := range tags {
		out = append(out, labelChars.ReplaceAllString(t, "_"))
	}
	return out
}

// FeaturePaths are the feature files and folders a suite runs: PODLIFE_FEATURES
// (space-separated) when set, else def. The live suite's differential
// report runs the same ones on the simulator.
func FeaturePaths(def []string) []string {
	if v := os.Getenv("PODLIFE_FEATURES"); v != "" {
		return strings.Fields(v)
	}
	return def
}
