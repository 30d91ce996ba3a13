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
		if errors.Is(err, driver.ErrUnsupported) {
			res.Status, res.Reason = report.Skipped, err.Error()
		} else {
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
			if res.Status == report.Passed {
				res.Status = report.Failed
				res.Failure = &report.Failure{Line: sc.Line, Step: sc.Name, Message: "cleaning up the session: " + err.Error()}
			}
		}
	}()

	st := &steps.State{
		Driver:     opt.Driver,
		Scenario:   dsc,
		Session:    sess,
		FeatureDir: filepath.Dir(sc.Feature.Path),
		KeepGoing:  true,
	}
	var texts []string
	for _, s := range sc.Pickle.Steps {
		texts = append(texts, s.Text)
	}
	st.Prepare(texts)

	// godog parses the feature again, with its own ids: steps are matched
	// to ours by position (its hooks run for every step, in order).
	next := 0
	ran := 0
	var out bytes.Buffer
	suite := godog.TestSuite{
		Name: "podlife",
		ScenarioInitializer: func(c *godog.ScenarioContext) {
			steps.Register(c)
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
				if kept := st.StepFailure(); kept != nil {
					// godog saw a pass: the failure was kept so that the
					// expectations after it run too.
					status, err = godog.StepFailed, kept
				}
				step := report.Step{Keyword: sc.Keywords[i], Text: s.Text, Line: sc.StepLines[i], Status: status.String()}
				if err != nil && !errors.Is(err, godog.ErrSkip) {
					line, msg := errorPlace(sc, i, err)
					step.Error = msg
					if res.Failure == nil {
						res.Failure = &report.Failure{Step: sc.Keywords[i] + " " + s.Text, Line: line, Message: msg}
					}
				}
				if status == godog.StepUndefined && res.Failure == nil {
					res.Failure = &report.Failure{Step: sc.Keywords[i] + " " + s.Text, Line: sc.StepLines[i], Message: "undefined step (see `podlife steps`)"}
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
	res.Pods = sess.pods
	v := sess.View()
	res.Timeline = append([]timeline.Event(nil), v.Timeline()...)
	res.Virtual = sess.Now()
	res.Cucumber = cucumberElement(out.Bytes())
	switch {
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
