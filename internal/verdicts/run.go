package verdicts

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/internal/timerules"
	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/timeline"
	"github.com/podlife/podlife/steps"
)

// input is one thing the engine did to the driver, where the session
// stood: its time and the last event it had seen then.
type input struct {
	at   time.Duration
	seq  uint64
	pod  *corev1.Pod // an Apply
	name string      // a Delete
	opts metav1.DeleteOptions
}

func (in input) mark() timerules.Mark { return timerules.Mark{At: in.at, Seq: in.seq} }

// recording is a driver whose sessions keep the setup and the inputs the
// engine gives them.
type recording struct {
	driver.Driver
	sess *recSession
}

func (r *recording) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	s, err := r.Driver.Start(ctx, sc)
	if err != nil {
		return nil, err
	}
	r.sess = &recSession{Session: s, scenario: sc}
	return r.sess, nil
}

type recSession struct {
	driver.Session
	scenario driver.Scenario
	setup    driver.Setup
	inputs   []input
}

func (s *recSession) Unwrap() driver.Session { return s.Session }

func (s *recSession) Configure(ctx context.Context, st driver.Setup) error {
	s.setup = st
	return s.Session.Configure(ctx, st)
}

func (s *recSession) here() input {
	in := input{at: s.Now()}
	if es := s.View().Timeline(); len(es) > 0 {
		in.seq = es[len(es)-1].Seq
	}
	return in
}

func (s *recSession) Apply(ctx context.Context, p *corev1.Pod) error {
	in := s.here()
	in.pod = p.DeepCopy()
	s.inputs = append(s.inputs, in)
	return s.Session.Apply(ctx, p)
}

func (s *recSession) Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error {
	in := s.here()
	in.name, in.opts = name, *opts.DeepCopy()
	s.inputs = append(s.inputs, in)
	return s.Session.Delete(ctx, name, opts)
}

// engineRun is what the engine made of a scenario.
type engineRun struct {
	res    report.Result
	setup  driver.Setup
	sc     driver.Scenario
	inputs []input
	// status and message of each of the scenario's steps after its Given
	// steps, in order.
	status  []string
	message []string
	source  string
}

// runEngine runs the scenario through the runner, as `podlife run` does,
// on d (wrapped to record its inputs).
func runEngine(ctx context.Context, dir string, sc Scenario, d driver.Driver) (*engineRun, error) {
	src, lines := sc.Gherkin()
	path := filepath.Join(dir, "generated.feature")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		return nil, err
	}
	_, scs, problems := runner.Load([]string{path})
	if len(problems) > 0 || len(scs) != 1 {
		return nil, fmt.Errorf("the generated feature does not load: %v\n%s", problems, src)
	}
	if lint, _ := runner.Check(scs, d); len(lint) > 0 {
		return nil, fmt.Errorf("the generated feature does not lint: %v\n%s", lint, src)
	}
	rec := &recording{Driver: d}
	res := runner.Run(ctx, scs[0], runner.Options{Driver: rec, Seed: 1})
	run := &engineRun{res: res, source: src}
	if rec.sess != nil {
		run.setup, run.sc, run.inputs = rec.sess.setup, rec.sess.scenario, rec.sess.inputs
	}
	byLine := map[int]report.Step{}
	for _, s := range res.Steps {
		byLine[s.Line] = s
	}
	for _, l := range lines {
		s, ok := byLine[l]
		if !ok {
			run.status = append(run.status, "skipped")
			run.message = append(run.message, "")
			continue
		}
		run.status = append(run.status, s.Status)
		run.message = append(run.message, s.Error)
	}
	return run, nil
}

// reference replays the engine's inputs on a fresh simulator of the same
// seed, each where it was made, and returns the timeline known at a step
// whose clock is c: the scenario run from the current time to the end of
// its activity (its cap, 10 minutes after the current time), and on to
// horizon.
func reference(ctx context.Context, run *engineRun, inputs []input, c timerules.Clock, horizon time.Duration, regular map[string][]string) (timerules.Timeline, error) {
	sess, err := simdriver.New().Start(ctx, run.sc)
	if err != nil {
		return timerules.Timeline{}, err
	}
	if err := sess.Configure(ctx, run.setup); err != nil {
		return timerules.Timeline{}, fmt.Errorf("configuring the reference: %w", err)
	}
	for _, in := range inputs {
		if _, _, err := sess.RunUntil(ctx, in.at, nil); err != nil {
			return timerules.Timeline{}, err
		}
		if in.pod != nil {
			err = sess.Apply(ctx, in.pod.DeepCopy())
		} else {
			err = sess.Delete(ctx, in.name, in.opts)
		}
		if err != nil {
			return timerules.Timeline{}, fmt.Errorf("replaying an input at %s: %w", in.at, err)
		}
	}
	if _, _, err := sess.RunUntil(ctx, c.Current, nil); err != nil {
		return timerules.Timeline{}, err
	}
	end, capped, err := sess.Settle(ctx, steps.SettleLimit)
	if err != nil {
		return timerules.Timeline{}, err
	}
	if _, _, err := sess.RunUntil(ctx, max(end, horizon), nil); err != nil {
		return timerules.Timeline{}, err
	}
	return timerules.Timeline{Events: convert(sess.View().Timeline()), End: end, Capped: capped, Regular: regular}, nil
}

func convert(es []timeline.Event) []timerules.Event {
	out := make([]timerules.Event, len(es))
	for i, e := range es {
		out[i] = timerules.Event{At: e.At, Seq: e.Seq, Pod: e.Pod, Container: e.Container, Kind: string(e.Kind),
			Reason: e.Reason, Status: e.Status, Code: e.Code, Count: e.Count}
	}
	return out
}

// disagreement is a step on which the engine and the specification
// differ, with everything needed to see why.
type disagreement struct {
	step int
	what string
}

// judge walks the scenario's steps with the specification and compares
// each verdict with the engine's. exact: the simulator's path, whose
// actions must come at the specification's marks; otherwise a cluster's,
// whose actions come where it stood and whose untimed verdicts are not
// compared.
func judge(ctx context.Context, sc Scenario, run *engineRun, exact bool) (*disagreement, error) {
	regular := map[string][]string{}
	for _, c := range sc.Containers {
		regular["web"] = append(regular["web"], c.Name)
	}
	clock := timerules.Start()
	var lastAction time.Duration
	used := 0 // inputs made so far
	failed, skipRest := false, false
	for i, s := range sc.Steps {
		got := run.status[i]
		if skipRest || (s.IsAction() && failed) {
			skipRest = true
			if got != "skipped" {
				return &disagreement{i, fmt.Sprintf("the engine's status is %s, where the steps after a failure and its next action are skipped", got)}, nil
			}
			continue
		}
		switch s.Kind {
		case Create, Delete:
			if used >= len(run.inputs) {
				return &disagreement{i, fmt.Sprintf("the engine made no input for this action (status %s: %s)", got, run.message[i])}, nil
			}
			in := run.inputs[used]
			if exact {
				before, err := reference(ctx, run, run.inputs[:used], clock, clock.Current, regular)
				if err != nil {
					return nil, err
				}
				if want := timerules.ActionMark(before, clock); in.mark() != want {
					return &disagreement{i, fmt.Sprintf("the action was made at %s (seq %d); the rules make it at the current time, %s (seq %d)",
						in.at, in.seq, want.At, want.Seq)}, nil
				}
			}
			used++
			clock = timerules.Acted(clock, in.mark())
			lastAction = in.at
			if got != "passed" {
				return &disagreement{i, fmt.Sprintf("the action's status is %s: %s", got, run.message[i])}, nil
			}
		case Pass:
			clock = timerules.Passed(clock, s.D)
			if got != "passed" {
				return &disagreement{i, fmt.Sprintf("the action's status is %s: %s", got, run.message[i])}, nil
			}
		case Becomes:
			tl, err := reference(ctx, run, run.inputs[:used], clock, clock.Current+steps.WaitLimit, regular)
			if err != nil {
				return nil, err
			}
			next, ok := timerules.Became(tl, clock, "web", s.State, lastAction)
			if ok != (got == "passed") {
				return &disagreement{i, fmt.Sprintf("the rules say the pod became %s: %v (t=0 %s); the engine's status is %s: %s", s.State, ok, next.T0.At, got, run.message[i])}, nil
			}
			if !ok {
				skipRest = true
				continue
			}
			clock = next
		case Expect:
			compared := exact || s.Live
			var v timerules.Verdict
			if compared || movesClock(s.Exp) {
				horizon := clock.T0.At + max(s.Exp.A, s.Exp.B) + time.Second
				for _, r := range s.Exp.Rows {
					horizon = max(horizon, clock.T0.At+r.At+time.Second)
				}
				tl, err := reference(ctx, run, run.inputs[:used], clock, horizon, regular)
				if err != nil {
					return nil, err
				}
				v = timerules.Judge(tl, clock, s.Exp)
				clock = v.Clock
			}
			if !compared {
				// A cluster's untimed wait ends elsewhere, and its ties
				// hold either order: its own verdict decides what is
				// skipped after it (the clock still moves by the rules).
				failed = failed || got == "failed"
				continue
			}
			if !v.OK {
				failed = true
			}
			if v.OK != (got == "passed") {
				return &disagreement{i, fmt.Sprintf("the rules say it holds: %v (%s; the current time is then %s, t=0 %s); the engine's status is %s: %s",
					v.OK, v.Why, clock.Current, clock.T0.At, got, run.message[i])}, nil
			}
		}
	}
	return nil, nil
}

// movesClock tells whether an expectation moves the current time: the
// timed ones and tables; untimed ones, `never` and counts without
// `within` do not.
func movesClock(e timerules.Expectation) bool {
	switch e.Kind {
	case timerules.Received, timerules.GapAfter, timerules.After, timerules.InOrder, timerules.Never:
		return false
	case timerules.Count:
		return e.Within
	}
	return true
}

// describe renders a disagreement for a failure message.
func describe(sc Scenario, run *engineRun, d *disagreement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "step %d, %q: %s\n\n%s\n", d.step+1, sc.Steps[d.step].Text, d.what, run.source)
	fmt.Fprintf(&b, "inputs:")
	for _, in := range run.inputs {
		what := "delete " + in.name
		if in.pod != nil {
			what = "create " + in.pod.Name
		}
		fmt.Fprintf(&b, " %s at %s (seq %d);", what, in.at, in.seq)
	}
	fmt.Fprintf(&b, "\nthe engine's timeline (t=0 at %s):\n%s", run.res.T0, timeline.Format(run.res.Timeline, run.res.T0))
	return b.String()
}
