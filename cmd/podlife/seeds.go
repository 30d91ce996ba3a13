package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// `podlife run --seeds N`: each scenario over N run seeds, the one --seed
// gives and the N-1 after it. A scenario's verdict must not depend on a
// draw the kubelet's rules allow (a requeue's jitter, a probe worker's
// phase, a volume calculator's period): each run seed gives every
// scenario another seed (runner.ScenarioSeed), so other draws. A scenario
// that fails on any seed fails; its result is the first failing seed's,
// its message saying on which seeds it failed and the command that
// reproduces the first. The count line counts scenarios, not runs.

// progressEvery is how often a run over seeds says how far it is, on
// stderr, once it has taken that long.
const progressEvery = 5 * time.Second

// checkSeeds refuses a --seeds that is not a count of run seeds the
// simulator can take from --seed on.
func checkSeeds(seed int64, seeds int, drv string) error {
	switch {
	case seeds < 1:
		return fmt.Errorf("--seeds %d: the number of run seeds is 1 or more", seeds)
	case seeds > 1 && drv != "sim":
		return fmt.Errorf("--seeds %d: the run seed draws the simulator's timing; a cluster makes its own (run it again instead)", seeds)
	case seed > math.MaxInt64-int64(seeds-1):
		return fmt.Errorf("--seeds %d: run seeds from --seed %d would pass %d", seeds, seed, int64(math.MaxInt64))
	}
	return nil
}

// seedsText is how the run's header names its seeds.
func seedsText(seed int64, seeds int) string {
	if seeds <= 1 {
		return fmt.Sprintf("seed %d", seed)
	}
	return fmt.Sprintf("run seeds %d to %d", seed, seed+int64(seeds)-1)
}

// reproduce is the command that runs one scenario on one run seed.
func reproduce(seed int64, r *report.Result) string {
	return fmt.Sprintf("podlife run --seed %d %s", seed, r.ID())
}

// overSeeds is one scenario's runs over the seeds, as they come in.
type overSeeds struct {
	left      int            // runs still to come
	base      *report.Result // the first run seed's result
	first     *report.Result // the lowest failing run seed's result
	firstSeed int64
	failed    []int64 // the failing run seeds
	passed    int
	// other is the lowest run seed's result that neither passed nor
	// failed: the scenario skips (its tags, a step the driver cannot
	// carry out), or the run was interrupted (cut off, or not run).
	other     *report.Result
	otherSeed int64
	wall      time.Duration
}

// runSeeds runs every scenario on every run seed from seed to
// seed+seeds-1, parallel runs at once (scenario by scenario, so that the
// first scenarios finish first), and prints one line per scenario as
// runAll does (con). Every progressEvery it says on progress (stderr) how
// many runs are done. stop is --fail-fast: a scenario that fails on any
// seed stops the run.
func runSeeds(ctx context.Context, scs []*runner.Scenario, opt runner.Options, seed int64, seeds, parallel int, con *console, progress io.Writer, stop *failFast) []report.Result {
	if parallel < 1 {
		parallel = 1
	}
	agg := make([]overSeeds, len(scs))
	done := make([]chan struct{}, len(scs))
	for i := range scs {
		agg[i].left = seeds
		done[i] = make(chan struct{})
	}
	type job struct {
		i int
		k int // the run seed is seed+k
	}
	var mu sync.Mutex
	runs, failing := 0, 0
	work := make(chan job)
	var wg sync.WaitGroup
	for w := 0; w < parallel; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				sc := scs[j.i]
				var r report.Result
				switch {
				case ctx.Err() != nil:
					r = report.Result{Driver: opt.Driver.Name(), Feature: sc.Feature.Path, Line: sc.Line, Name: sc.Name,
						Status: report.Skipped, Reason: report.NotRunReason}
				case stop.stops(j.i):
					r = stop.skipped(sc, opt.Driver.Name())
				default:
					o := opt
					o.Seed = seed + int64(j.k)
					r = runner.Run(ctx, sc, o)
					stop.failed(j.i, &r)
				}
				mu.Lock()
				a := &agg[j.i]
				a.wall += r.Wall
				switch r.Status {
				case report.Failed:
					if len(a.failed) == 0 {
						failing++
					}
					a.failed = append(a.failed, seed+int64(j.k))
					if a.first == nil || seed+int64(j.k) < a.firstSeed {
						a.first, a.firstSeed = &r, seed+int64(j.k)
					}
				case report.Passed:
					a.passed++
				default:
					if a.other == nil || seed+int64(j.k) < a.otherSeed {
						a.other, a.otherSeed = &r, seed+int64(j.k)
					}
				}
				if j.k == 0 {
					a.base = &r
				}
				a.left--
				runs++
				if a.left == 0 {
					close(done[j.i])
				}
				mu.Unlock()
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range scs {
			for k := 0; k < seeds; k++ {
				work <- job{i, k}
			}
		}
	}()
	start := time.Now()
	stopProgress := make(chan struct{})
	progressDone := make(chan struct{})
	go func() {
		defer close(progressDone)
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		for {
			select {
			case <-stopProgress:
				return
			case <-tick.C:
				mu.Lock()
				n, f := runs, failing
				mu.Unlock()
				fmt.Fprintf(progress, "podlife: %d of %d runs (%d scenarios × %d seeds) in %s; %d scenario(s) failed so far\n",
					n, len(scs)*seeds, len(scs), seeds, time.Since(start).Round(time.Second), f)
			}
		}
	}()

	// Lines in catalogue order, as runAll's on the simulator (the only
	// driver that takes seeds).
	results := make([]report.Result, len(scs))
	for i := range scs {
		<-done[i]
		mu.Lock()
		results[i] = verdict(&agg[i], seed, seeds)
		line := seedsLine(&agg[i], &results[i], seeds)
		mu.Unlock()
		if stop.stops(i) {
			r := stop.skipped(scs[i], opt.Driver.Name())
			results[i], line = r, fmt.Sprintf("%s %s %s", progressMark(r.Status), r.ID(), r.Name)
		}
		con.scenario(&results[i], line)
	}
	wg.Wait()
	close(stopProgress)
	<-progressDone
	return results
}

// verdict is a scenario's result over its seeds: the first failing seed's
// result, its failure saying on which seeds it failed and how to run the
// first again; else, when every seed passed, the first seed's result;
// else the first seed's that did not pass (the scenario skips, or the run
// was interrupted), saying how many seeds passed.
func verdict(a *overSeeds, seed int64, seeds int) report.Result {
	slices.Sort(a.failed)
	var r report.Result
	switch {
	case a.first != nil:
		r = *a.first
		f := report.Failure{Line: r.Line, Step: r.Name}
		if r.Failure != nil {
			f = *r.Failure
		}
		f.Message = fmt.Sprintf("failed on run seeds %s (%d of the %s); the first, run seed %d, reproduces with: %s\n%s",
			seedList(a.failed), len(a.failed), seedsText(seed, seeds), a.firstSeed, reproduce(a.firstSeed, &r), f.Message)
		r.Failure = &f
	case a.passed == seeds:
		r = *a.base
		r.Notes = append(slices.Clone(r.Notes), fmt.Sprintf("passed on each of the %s", seedsText(seed, seeds)))
	default:
		r = *a.other
		if a.passed > 0 {
			r.Notes = append(slices.Clone(r.Notes), fmt.Sprintf("passed on %d of the %s; this is run seed %d's result", a.passed, seedsText(seed, seeds), a.otherSeed))
		}
	}
	r.Wall = a.wall
	return r
}

// seedsLine is a scenario's line: as runAll's, with its seeds.
func seedsLine(a *overSeeds, r *report.Result, seeds int) string {
	wall := r.Wall.Round(time.Microsecond)
	switch r.Status {
	case report.Failed:
		return fmt.Sprintf("FAIL %s %s (failed on %d of %d seeds: %s; first: %s) (%s)", r.ID(), r.Name, len(a.failed), seeds,
			seedList(a.failed), reproduce(a.firstSeed, r), wall)
	case report.Passed:
		return fmt.Sprintf("ok   %s %s (%d seeds, %s)", r.ID(), r.Name, seeds, wall)
	}
	if a.passed > 0 {
		// Interrupted after some seeds passed.
		return fmt.Sprintf("%s %s %s (passed on %d of %d seeds) (%s)", progressMark(r.Status), r.ID(), r.Name, a.passed, seeds, wall)
	}
	return fmt.Sprintf("%s %s %s (%s)", progressMark(r.Status), r.ID(), r.Name, wall)
}

// seedList lists sorted seeds, three or more in a row as a range:
// "2, 14, 24, 30", "1 to 40", "3, 7 to 11".
func seedList(s []int64) string {
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j+1 < len(s) && s[j+1] == s[j]+1 {
			j++
		}
		switch {
		case j-i >= 2:
			parts = append(parts, fmt.Sprintf("%d to %d", s[i], s[j]))
		default:
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.FormatInt(s[k], 10))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// printSeedFailures ends a run over seeds with the scenarios that failed
// on some seed, each with its seeds and the command that reproduces the
// first: the short list above the count line.
func printSeedFailures(w io.Writer, results []report.Result, seed int64, seeds int) {
	if seeds <= 1 {
		return
	}
	var lines []string
	for i := range results {
		r := &results[i]
		if r.Status != report.Failed || r.Failure == nil {
			continue
		}
		head, _, _ := strings.Cut(r.Failure.Message, "\n")
		lines = append(lines, fmt.Sprintf("  %s %s: %s", r.ID(), r.Name, head))
	}
	if len(lines) == 0 {
		fmt.Fprintf(w, "\nno scenario failed on any of the %s\n", seedsText(seed, seeds))
		return
	}
	fmt.Fprintf(w, "\nfailed on some of the %s:\n%s\n", seedsText(seed, seeds), strings.Join(lines, "\n"))
}
