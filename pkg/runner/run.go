package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/cucumber/godog"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/timeline"
	"github.com/podlife/podlife/steps"
)

// Options configure a run.
type Options struct {
	Driver driver.Driver
	// Seed is the run seed; each scenario's seed derives from it and the
	// scenario's file and line.
	Seed int64
	// KubeletVersion is the default kubelet (a @kubelet: tag wins).
	KubeletVersion string
	// CloseTimeout bounds a session's cleanup.
	CloseTimeout time.Duration
}

// ScenarioSeed derives a scenario's seed from the run seed and its place,
// so that results do not depend on order, parallelism or GOMAXPROCS.
func ScenarioSeed(run int64, path string, line int) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d\x00%s\x00%d", run, path, line)
	return int64(h.Sum64() & (1<<63 - 1))
}

// Run runs one scenario alone on the driver and returns its result. It
// never panics on the scenario's account: a panicking step fails that
// scenario, which godog reports as a failed step.
func Run(ctx context.Context, sc *Scenario, opt Options) (res report.Result) {
	res = report.Result{
		Driver:      opt.Driver.Name(),
		Feature:     sc.Feature.Path,
		FeatureName: sc.Feature.Doc.Feature.Name,
		Name:        sc.Name,
		Line:        sc.Line,
		Tags:        sc.Tags,
		Seed:        ScenarioSeed(opt.Seed, sc.Feature.Path, sc.Line),
		Gherkin:     Source(sc),
	}
	start := time.Now()
	defer func() { res.Wall = time.Since(start) }()
	// godog recovers a step's panic; this catches the rest (the driver's
	// Start, settling, collecting the timeline) so that one scenario's bug
	// fails that scenario only. The session is closed by then: deferred
	// calls run while panicking.
	defer func() {
		if r := recover(); r != nil {
			res.Status, res.Reason = report.Failed, ""
			res.Failure = &report.Failure{Line: sc.Line, Step: sc.Name,
				Message: fmt.Sprintf("internal error (a bug in podlife or its driver): panic: %v\n%s", r, debug.Stack())}
		}
	}()

	meta, err := ReadTags(sc.Tags)
	if err != nil {
		res.Status, res.Failure = report.Failed, &report.Failure{Line: sc.Line, Step: sc.Name, Message: err.Error()}
		return res
	}
	if reason := meta.SkipReason(opt.Driver); reason != "" {
		res.Status, res.Reason = report.Skipped, reason
		return res
	}
	res.KubeletVersion = opt.KubeletVersion
	if meta.KubeletVersion != "" {
		res.KubeletVersion = meta.KubeletVersion
	}
	dsc := driver.Scenario{ID: sanitizeID(sc), Tags: sc.Tags, Seed: res.Seed, KubeletVersion: res.KubeletVersion, ControlPlaneVersion: meta.ControlPlaneVersion}
	drvSess, err := opt.Driver.Start(ctx, dsc)
	if err != nil {
		switch {
		case errors.Is(err, driver.ErrUnsupported):
			res.Status, res.Reason = report.Skipped, err.Error()
		case errors.Is(err, driver.ErrInfrastructure):
			res.Status, res.Reason = report.Errored, "starting the session: "+err.Error()
		case ctx.Err() != nil:
			res.Interruption = &report.Interruption{Step: sc.Name, Line: sc.Line, Cause: causeOf(ctx), Error: "starting the session: " + err.Error()}
			res.Status, res.Reason = report.Interrupted, res.Interruption.String()
		default:
			res.Status, res.Failure = report.Failed, &report.Failure{Line: sc.Line, Step: sc.Name, Message: "starting the session: " + err.Error()}
		}
		return res
	}
	sess := &recorder{Session: drvSess}
	closeTimeout := opt.CloseTimeout
	if closeTimeout == 0 {
		closeTimeout = 2 * time.Minute
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), closeTimeout)
		defer cancel()
		if err := sess.Close(cctx); err != nil {
			res.Notes = append(res.Notes, "cleanup: "+err.Error())
			if errors.Is(err, driver.ErrInfrastructure) && res.Status != report.Interrupted {
				// The cluster broke under the scenario: what its steps
				// saw is no verdict, whatever they found.
				res.Status, res.Reason = report.Errored, err.Error()
				return
			}
			if res.Status == report.Passed {
				res.Status = report.Failed
				res.Failure = &report.Failure{Line: sc.Line, Step: sc.Name, Message: "cleaning up the session: " + err.Error()}
			}
		}
	}()

	var texts []string
	for _, s := range sc.Pickle.Steps {
		texts = append(texts, s.Text)
	}
	st := &steps.State{
		Driver:    opt.Driver,
		Scenario:  dsc,
		Session:   sess,
		Plan:      steps.NewPlan(opt.Driver, filepath.Dir(sc.Feature.Path), texts),
		KeepGoing: true,
	}

	// godog parses the feature again, with its own ids: steps are matched
	// to ours by position (its hooks run for every step, in order).
	next := 0
	ran := 0
	// cut is the first step at whose end the run's context was cancelled
	// (an interrupt, a deadline): that step and those after it ran, or
	// were about to, when it came, so their failures are the interrupt's.
	// failedAt is the step of res.Failure. -1: none. (The hooks' ctx
	// parameters shadow the run's: runCtx is the run's.)
	cut, failedAt := -1, -1
	// broke is the first step error that says the cluster broke.
	var broke error
	runCtx := ctx
	var out bytes.Buffer
	suite := godog.TestSuite{
		Name: "podlife",
		ScenarioInitializer: func(c *godog.ScenarioContext) {
			steps.RegisterAll(c)
			c.Before(func(ctx context.Context, _ *godog.Scenario) (context.Context, error) {
				ran++
				return steps.WithState(ctx, st), nil
			})
			c.StepContext().Before(func(ctx context.Context, s *godog.Step) (context.Context, error) {
				i := min(next, len(sc.StepLines)-1)
				return ctx, st.BeginStep(stepType(s), sc.StepLines[i], sc.Keywords[i]+" "+s.Text)
			})
			c.StepContext().After(func(ctx context.Context, s *godog.Step, status godog.StepResultStatus, err error) (context.Context, error) {
				i := min(next, len(sc.StepLines)-1)
				next++
				if cut < 0 && runCtx.Err() != nil {
					cut = i
				}
				if kept := st.StepFailure(); kept != nil {
					// godog saw a pass: the failure was kept so that the
					// expectations after it run too.
					status, err = godog.StepFailed, kept
				}
				step := report.Step{Keyword: sc.Keywords[i], Text: s.Text, Line: sc.StepLines[i], Status: status.String()}
				if errors.Is(err, driver.ErrInfrastructure) && broke == nil {
					broke = err
				}
				if err != nil && !errors.Is(err, godog.ErrSkip) {
					line, msg := errorPlace(sc, i, err)
					step.Error = msg
					if res.Failure == nil {
						res.Failure = &report.Failure{Step: sc.Keywords[i] + " " + s.Text, Line: line, Message: msg}
						failedAt = i
					}
				}
				if status == godog.StepUndefined && res.Failure == nil {
					res.Failure = &report.Failure{Step: sc.Keywords[i] + " " + s.Text, Line: sc.StepLines[i], Message: "undefined step (see `podlife steps`)"}
					failedAt = i
				}
				res.Steps = append(res.Steps, step)
				return ctx, nil
			})
			c.After(func(ctx context.Context, _ *godog.Scenario, _ error) (context.Context, error) {
				if sess != nil {
					body := timeline.Format(sess.View().Timeline(), st.T0())
					ctx = godog.Attach(ctx, godog.Attachment{Body: []byte(body), FileName: "timeline.txt", MediaType: "text/plain"})
				}
				return ctx, nil
			})
		},
		Options: &godog.Options{
			Format: "cucumber",
			Output: &out,
			Strict: true,
			// The cucumber formatter writes JSON, which has no colours to
			// strip, and godog's stripper writes what it is given a rune at
			// a time through fmt: half of a scenario's wall time.
			NoColors:        false,
			Concurrency:     1,
			DefaultContext:  ctx,
			FeatureContents: []godog.Feature{{Name: sc.Feature.Path, Contents: isolate(sc)}},
		},
	}
	status := suite.Run()

	if r, ok := driver.SessionAs[driver.Reacher](sess.Session); ok {
		// The steps went back to the scenario's current time to read
		// and wait from it: show everything they saw.
		_ = r.Reach(ctx)
	}
	if res.Failure != nil && opt.Driver.Capabilities().Has(driver.ExactTime) {
		// Show what happened after the failing step too: on the simulator
		// the rest of the scenario's activity costs nothing.
		_, _, _ = sess.Settle(ctx, steps.SettleLimit)
	}
	if f, ok := driver.SessionAs[driver.Flusher](sess.Session); ok {
		f.Flush(ctx)
	}
	if v, ok := driver.SessionAs[driver.Versioned](sess.Session); ok {
		res.Kubelet, res.ControlPlane = v.Versions()
	}
	res.T0 = st.T0()
	res.Notes = append(res.Notes, st.Notes...)
	res.Checks = st.Checks
	res.Tables = st.Tables
	res.Pods = sess.pods
	v := sess.View()
	res.Timeline = append([]timeline.Event(nil), v.Timeline()...)
	res.Virtual = sess.Now()
	res.Cucumber = cucumberElement(out.Bytes())
	if cut >= 0 {
		interrupted(&res, ctx, cut, failedAt)
	}
	switch {
	case res.Status == report.Interrupted:
	case broke != nil:
		res.Status, res.Reason = report.Errored, broke.Error()
	case ran != 1:
		res.Status = report.Failed
		res.Failure = &report.Failure{Line: sc.Line, Step: sc.Name, Message: fmt.Sprintf("internal: %d scenarios ran for one pickle", ran)}
	case res.Failure != nil || status != 0:
		res.Status = report.Failed
		if res.Failure == nil {
			res.Failure = &report.Failure{Line: sc.Line, Step: sc.Name, Message: "godog reported a failure: " + strings.TrimSpace(out.String())}
		}
	case st.SkipReason != "":
		res.Status, res.Reason = report.Skipped, st.SkipReason
	default:
		res.Status = report.Passed
	}
	return res
}

// interrupted records where the run's cancellation cut the scenario off
// (at step cut) and marks the steps that failed from there on as
// interrupted: a step that fails once the context is cancelled (the
// driver's wait ends with context.Canceled, a request is refused) tells
// nothing about the scenario. An expectation that failed before the cut
// (at step failedAt) still fails the scenario, with a note; otherwise the
// scenario is Interrupted, neither checked to its end nor found wrong.
func interrupted(res *report.Result, ctx context.Context, cut, failedAt int) {
	s := res.Steps[cut]
	res.Interruption = &report.Interruption{Step: s.Keyword + " " + s.Text, Line: s.Line, Cause: causeOf(ctx)}
	for i := cut; i < len(res.Steps); i++ {
		st := &res.Steps[i]
		if st.Error != "" && res.Interruption.Error == "" {
			res.Interruption.Error = fmt.Sprintf("line %d: %s", st.Line, st.Error)
		}
		if st.Status == "failed" {
			st.Status = report.StepInterrupted
		}
	}
	if failedAt >= 0 && failedAt < cut {
		res.Notes = append(res.Notes, res.Interruption.String()+": the steps from there on do not count")
		return
	}
	res.Status, res.Failure, res.Reason = report.Interrupted, nil, res.Interruption.String()
}

// causeOf names what cancelled ctx: the cause its canceller gave
// (podlife run gives "SIGINT", "SIGTERM", "--timeout 10m0s"), or the bare
// cancellation.
func causeOf(ctx context.Context) string {
	cause := context.Cause(ctx)
	switch {
	case cause == nil:
		return "cancellation"
	case cause == context.Canceled:
		return "cancellation"
	case cause == context.DeadlineExceeded:
		return "a deadline"
	}
	return cause.Error()
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

// errorPlace gives the line an error belongs to: the doc string's line for
// a manifest problem, another file for a manifest read from a path, the
// step's line otherwise.
func errorPlace(sc *Scenario, i int, err error) (int, string) {
	var ie *steps.InputError
	if errors.As(err, &ie) {
		switch {
		case ie.File != "":
			return sc.StepLines[i], fmt.Sprintf("%s:%d: %s", ie.File, ie.FileLine, ie.Msg)
		case ie.DocLine > 0 && sc.DocLines[i] > 0:
			return sc.DocLines[i] + ie.DocLine, ie.Msg
		}
		return sc.StepLines[i], ie.Msg
	}
	return sc.StepLines[i], err.Error()
}

// cucumberElement keeps godog's Cucumber JSON for the scenario (a list of
// one feature) as it is; merging is the report's job.
func cucumberElement(out []byte) json.RawMessage {
	out = bytes.TrimSpace(out)
	if !json.Valid(out) {
		return nil
	}
	return json.RawMessage(out)
}

// sanitizeID makes an identifier for namespaces and labels from the
// scenario's place: lowercase letters, digits and dashes.
func sanitizeID(sc *Scenario) string {
	base := strings.TrimSuffix(filepath.Base(sc.Feature.Path), ".feature")
	var b strings.Builder
	for _, r := range strings.ToLower(base) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return fmt.Sprintf("%s-%d", strings.Trim(b.String(), "-"), sc.Line)
}
