package podlife

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/timeline"
	"github.com/podlife/podlife/steps"
)

// Options configure podlife's steps in a godog suite.
type Options struct {
	// Driver is where the scenarios run (the zero Driver: the simulator).
	Driver Driver
	// Seed is the run's seed: each scenario's seed derives from it and the
	// scenario (its file, name and steps), so a scenario's timeline is the
	// same whatever the order, the concurrency or the other scenarios.
	Seed int64
	// KubeletVersion is the kubelet the simulator models ("" for 1.36); a
	// scenario's @kubelet:1.N tag wins.
	KubeletVersion string
	// Log, when set, receives the reason of every scenario podlife skips
	// and the timeline of every scenario that fails.
	Log io.Writer
	// CloseTimeout bounds a scenario's cleanup (default 2 minutes).
	CloseTimeout time.Duration
}

// ScenarioInitializer is InitializeScenario with opt, for
// godog.TestSuite.ScenarioInitializer.
func ScenarioInitializer(opt Options) func(*godog.ScenarioContext) {
	return func(sc *godog.ScenarioContext) { InitializeScenario(sc, opt) }
}

// InitializeScenario registers every phrase of podlife's language on sc
// (without keyword filtering: the keyword never changes which phrase
// matches) and hooks that give each scenario a fresh state on the driver:
//
//   - before the scenario, its tags are read: @sim or @live for another
//     driver, a @needs: capability the driver lacks, or a kubelet version
//     the driver cannot run skip the scenario (godog.ErrSkip, the reason
//     to Options.Log); otherwise a session starts on the driver;
//   - before each step, the step's type tells whether t=0 moves (an
//     action: a When, or an And/But after one);
//   - after the scenario, the timeline is attached (timeline.txt, which
//     godog's cucumber formatter shows), written to Options.Log if the
//     scenario failed, and the session is closed: on a cluster its
//     namespace is deleted.
//
// Call it from your own ScenarioInitializer to add your steps beside
// podlife's. Every phrase of the language is a step here but one kind: an
// expectation timed from a container's exit or start (`… within 3s of its
// 1st exit`), which says what no other phrase says and would be ambiguous
// to godog beside them; `podlife run` takes it. A step of yours may return godog.Steps written with
// podlife's phrases; godog runs those as action steps, so a phrase among
// them that moves t=0 moves it (expectations are unaffected).
func InitializeScenario(sc *godog.ScenarioContext, opt Options) {
	d := opt.Driver.driver()
	steps.Register(sc)
	sc.Before(func(ctx context.Context, p *godog.Scenario) (context.Context, error) {
		ctx, err := start(ctx, d, opt, p)
		if err != nil && !errors.Is(err, godog.ErrSkip) && opt.Log != nil {
			fmt.Fprintf(opt.Log, "podlife: %q (%s) failed: %v\n", p.Name, p.Uri, err)
		}
		return ctx, err
	})
	sc.StepContext().Before(func(ctx context.Context, s *godog.Step) (context.Context, error) {
		if r := runOf(ctx); r != nil {
			return ctx, r.st.BeginStep(stepType(s), 0, s.Text)
		}
		return ctx, nil
	})
	sc.After(func(ctx context.Context, p *godog.Scenario, err error) (context.Context, error) {
		r := runOf(ctx)
		if r == nil {
			return ctx, nil
		}
		return r.finish(ctx, opt, p, err)
	})
}

// run is one scenario's session and state.
type run struct {
	st   *steps.State
	sess driver.Session
}

type runKey struct{}

func runOf(ctx context.Context) *run {
	r, _ := ctx.Value(runKey{}).(*run)
	return r
}

// start reads the scenario's tags and starts its session.
func start(ctx context.Context, d driver.Driver, opt Options, p *godog.Scenario) (context.Context, error) {
	var tags []string
	for _, t := range p.Tags {
		tags = append(tags, strings.TrimPrefix(t.Name, "@"))
	}
	meta, err := runner.ReadTags(tags)
	if err != nil {
		return ctx, err
	}
	skip := func(reason string) (context.Context, error) {
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "podlife: skipped %q (%s): %s\n", p.Name, p.Uri, reason)
		}
		return ctx, godog.ErrSkip
	}
	if reason := meta.SkipReason(d); reason != "" {
		return skip(reason)
	}
	kubelet := opt.KubeletVersion
	if meta.KubeletVersion != "" {
		kubelet = meta.KubeletVersion
	}
	var texts []string
	for _, s := range p.Steps {
		texts = append(texts, s.Text)
	}
	id, seed := identify(opt.Seed, p, texts)
	dsc := driver.Scenario{ID: id, Tags: tags, Seed: seed, KubeletVersion: kubelet, ControlPlaneVersion: meta.ControlPlaneVersion}
	sess, err := d.Start(ctx, dsc)
	if err != nil {
		if errors.Is(err, driver.ErrUnsupported) {
			return skip(err.Error())
		}
		return ctx, fmt.Errorf("starting the scenario on the %s driver: %w", d.Name(), err)
	}
	st := &steps.State{Driver: d, Scenario: dsc, Session: sess, Plan: steps.NewPlan(d, filepath.Dir(p.Uri), texts)}
	ctx = steps.WithState(ctx, st)
	return context.WithValue(ctx, runKey{}, &run{st: st, sess: sess}), nil
}

// identify names the scenario for the driver (namespaces and labels on a
// cluster) and derives its seed from the run's seed, its file, its name
// and its steps (an outline's example rows differ by their steps).
func identify(runSeed int64, p *godog.Scenario, texts []string) (string, int64) {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%s\x00%s", runSeed, p.Uri, p.Name, strings.Join(texts, "\x00"))
	sum := h.Sum64()
	base := strings.TrimSuffix(filepath.Base(p.Uri), filepath.Ext(p.Uri))
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	name := strings.Trim(b.String(), "-")
	if len(name) > 40 {
		name = strings.Trim(name[:40], "-")
	}
	return fmt.Sprintf("%s-%08x", name, uint32(sum)), int64(sum & (1<<63 - 1))
}

// finish attaches the timeline, reports a failure's timeline and closes
// the session.
func (r *run) finish(ctx context.Context, opt Options, p *godog.Scenario, err error) (context.Context, error) {
	failed := err != nil && !errors.Is(err, godog.ErrSkip)
	if failed && r.st.Driver.Capabilities().Has(driver.ExactTime) {
		// Show what happened after the failing step too: on the
		// simulator the rest of the scenario's activity costs nothing.
		_, _, _ = r.sess.Settle(ctx, steps.SettleLimit)
	}
	text := timeline.Format(r.sess.View().Timeline(), r.st.T0())
	ctx = godog.Attach(ctx, godog.Attachment{Body: []byte(text), FileName: "timeline.txt", MediaType: "text/plain"})
	if opt.Log != nil {
		switch {
		case failed:
			fmt.Fprintf(opt.Log, "podlife: %q (%s) failed: %v\ntimeline (times from t=0):\n%s\n", p.Name, p.Uri, err, text)
		case r.st.SkipReason != "":
			fmt.Fprintf(opt.Log, "podlife: skipped %q (%s): %s\n", p.Name, p.Uri, r.st.SkipReason)
		}
		for _, n := range r.st.Notes {
			fmt.Fprintf(opt.Log, "podlife: %q: %s\n", p.Name, n)
		}
	}
	timeout := opt.CloseTimeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	if cerr := r.sess.Close(cctx); cerr != nil {
		return ctx, fmt.Errorf("cleaning up the scenario's session: %w", cerr)
	}
	return ctx, nil
}

func stepType(s *godog.Step) steps.StepType {
	switch s.Type {
	case "Action":
		return steps.Action
	case "Outcome":
		return steps.Outcome
	}
	return steps.Context
}
