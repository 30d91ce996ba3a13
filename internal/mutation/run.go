package mutation

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// Verdict is what became of a mutant.
type Verdict string

// The verdicts.
const (
	// Killed: the mutant failed, first at the changed step.
	Killed Verdict = "killed"
	// Elsewhere: it failed, but first at another step: the change did
	// not show where it was made, which is no kill.
	Elsewhere Verdict = "failed elsewhere"
	// Survived: it passed.
	Survived Verdict = "survived"
	// Skipped: the driver skipped it.
	Skipped Verdict = "skipped"
	// Invalid: the mutated scenario does not lint (a bug of the
	// generator): it proves nothing either way.
	Invalid Verdict = "invalid"
)

// Outcome is a mutant's run.
type Outcome struct {
	Mutant  Mutant
	Verdict Verdict
	// FailedAt is the first failed step's line, and Message its error.
	FailedAt int
	Message  string
	Result   report.Result
	// Rule is the rule that explains a survivor (nil: unexplained), Why
	// its detail; Diagnosis says what the facts show of an unexplained
	// one.
	Rule      *Rule
	Why       string
	Diagnosis string
}

// Classify gives a mutant's verdict from its result: killed when the
// first failure is the changed step's; survived when that step passed,
// whatever failed after it (a step that held moves the current time, and
// a later state check may then read another instant: the change was
// still not rejected where it was made); elsewhere otherwise.
func Classify(m Mutant, r report.Result) (Verdict, int, string) {
	switch r.Status {
	case report.Passed:
		return Survived, 0, ""
	case report.Skipped:
		return Skipped, 0, r.Reason
	}
	at, msg := 0, ""
	if r.Failure != nil {
		at, msg = r.Failure.Line, r.Failure.Message
	}
	if at == m.StepLine {
		return Killed, at, msg
	}
	for _, s := range r.Steps {
		if s.Line == m.StepLine && s.Status == "passed" {
			return Survived, at, msg
		}
	}
	return Elsewhere, at, msg
}

// Pool runs jobs on workers goroutines (GOMAXPROCS when workers < 1) and
// returns when all are done; job i writes its own slot of the caller's
// results, so that the order is the input's whatever the parallelism.
func Pool(ctx context.Context, n, workers int, job func(ctx context.Context, i int)) {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	work := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				job(ctx, i)
			}
		}()
	}
	for i := range n {
		if ctx.Err() != nil {
			break
		}
		work <- i
	}
	close(work)
	wg.Wait()
}

// RunScenarios runs scenarios in parallel, each alone, and returns their
// results in order.
func RunScenarios(ctx context.Context, scs []*runner.Scenario, opt runner.Options, workers int) []report.Result {
	out := make([]report.Result, len(scs))
	Pool(ctx, len(scs), workers, func(ctx context.Context, i int) {
		out[i] = runner.Run(ctx, scs[i], opt)
	})
	return out
}

// RunMutants runs each mutant alone, in parallel, and classifies it. A
// mutant is parsed again from its content under the original path, so it
// runs with the original's seed; it is linted first.
func RunMutants(ctx context.Context, ms []Mutant, opt runner.Options, workers int) []Outcome {
	out := make([]Outcome, len(ms))
	Pool(ctx, len(ms), workers, func(ctx context.Context, i int) {
		out[i] = runMutant(ctx, ms[i], opt)
	})
	return out
}

func runMutant(ctx context.Context, m Mutant, opt runner.Options) Outcome {
	o := Outcome{Mutant: m}
	sc, err := m.Scenario()
	if err != nil {
		o.Verdict, o.Message = Invalid, err.Error()
		return o
	}
	if probs := runner.Lint([]*runner.Scenario{sc}, opt.Driver); len(probs) > 0 {
		o.Verdict, o.Message = Invalid, "the mutant does not lint: "+probs[0].Error()
		return o
	}
	o.Result = runner.Run(ctx, sc, opt)
	o.Verdict, o.FailedAt, o.Message = Classify(m, o.Result)
	return o
}

// Scenario parses the mutant's feature and finds its pickle.
func (m Mutant) Scenario() (*runner.Scenario, error) {
	_, scs, probs := runner.ParseFeature(m.Feature, m.Content)
	if len(probs) > 0 {
		return nil, fmt.Errorf("parsing the mutant of %s: %v", m.Source(), probs[0])
	}
	for _, sc := range scs {
		if sc.Line == m.ScenarioLine {
			return sc, nil
		}
	}
	return nil, fmt.Errorf("the mutant of %s has no scenario at line %d", m.Source(), m.ScenarioLine)
}

// Run is a whole mutation run: the scenarios' own results, the mutants
// made from them, what became of each, and the expectations not mutated.
type Run struct {
	Originals []report.Result
	Outcomes  []Outcome
	Skips     []Skip
	// Unrun are scenarios whose original did not pass: their mutants
	// prove nothing (a failing original fails its mutants too).
	Unrun []report.Result
	// Took is the whole run's wall time: the originals, the mutants and
	// the probes the rules asked for.
	Took time.Duration
}

// Catalogue runs the scenarios, makes the mutants of those that passed,
// runs them, and explains the survivors it can.
func Catalogue(ctx context.Context, scs []*runner.Scenario, opt runner.Options, gen Options, workers int) (*Run, error) {
	start := time.Now()
	run := &Run{Originals: RunScenarios(ctx, scs, opt, workers)}
	var ms []Mutant
	facts := map[string]*Facts{}
	for i, sc := range scs {
		r := run.Originals[i]
		if r.Status != report.Passed {
			run.Unrun = append(run.Unrun, r)
			continue
		}
		f := NewFacts(ctx, sc, r, opt)
		facts[sc.ID()] = f
		m, skips, err := Generate(sc, f, gen)
		if err != nil {
			return nil, err
		}
		ms = append(ms, m...)
		run.Skips = append(run.Skips, skips...)
	}
	run.Outcomes = RunMutants(ctx, ms, opt, workers)
	for i := range run.Outcomes {
		o := &run.Outcomes[i]
		if o.Verdict != Survived {
			continue
		}
		f := facts[o.Mutant.Source()]
		if rule, why, ok := Explain(f, *o); ok {
			o.Rule, o.Why = &rule, why
		} else {
			o.Diagnosis = Diagnose(f, *o)
		}
	}
	run.Took = time.Since(start)
	return run, ctx.Err()
}
