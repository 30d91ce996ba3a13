package runner

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/steps"
)

// faulty is the simulator driver with fewer capabilities, or whose
// sessions panic when a pod is applied (a bug in a driver).
type faulty struct {
	*simdriver.Driver
	caps       []driver.Capability
	panicApply bool
}

func (f faulty) Capabilities() driver.Capabilities { return driver.NewCapabilities(f.caps...) }

func (f faulty) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	s, err := f.Driver.Start(ctx, sc)
	if err != nil || !f.panicApply {
		return s, err
	}
	return panicky{s}, nil
}

type panicky struct{ driver.Session }

func (panicky) Apply(context.Context, *corev1.Pod) error { panic("driver bug") }

// TestPanicFailsOneScenario: a step whose driver panics fails its
// scenario with the panic in the message; the next scenario still runs
// and the reports are written.
func TestPanicFailsOneScenario(t *testing.T) {
	scs := load(t, "testdata/robust.feature")
	d := faulty{Driver: simdriver.New(), caps: driver.AllCapabilities()}
	bad := Run(context.Background(), scs[0], Options{Driver: faulty{Driver: d.Driver, caps: d.caps, panicApply: true}, Seed: 1})
	if bad.Status != report.Failed || bad.Failure == nil || !strings.Contains(bad.Failure.Message, "driver bug") {
		t.Fatalf("panicking driver: status %s, failure %+v", bad.Status, bad.Failure)
	}
	good := Run(context.Background(), scs[0], Options{Driver: d, Seed: 1})
	if good.Status != report.Passed {
		t.Fatalf("the next scenario: %s\n%s", good.Status, good.Explain())
	}
	dir := t.TempDir()
	if err := report.Write(dir, []report.Result{bad, good}); err != nil {
		t.Fatal(err)
	}
	junit, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil || !strings.Contains(string(junit), "driver bug") {
		t.Errorf("junit.xml lacks the panic (err %v)", err)
	}
}

// explaining says why it lacks a capability (driver.Explainer).
type explaining struct{ faulty }

func (explaining) WhyNot(c driver.Capability) string {
	if c == driver.StaticPods {
		return "no node here"
	}
	return ""
}

// TestMissingCapabilitySkips: a scenario needing what the driver lacks is
// skipped with the reason, never passed; with the capability it runs.
func TestMissingCapabilitySkips(t *testing.T) {
	scs := load(t, "testdata/robust.feature")
	lacking := faulty{Driver: simdriver.New(), caps: []driver.Capability{driver.ExactTime}}
	res := Run(context.Background(), scs[1], Options{Driver: lacking, Seed: 1})
	if res.Status != report.Skipped || !strings.Contains(res.Reason, "needs capability static-pods") {
		t.Errorf("without static-pods: %s %q", res.Status, res.Reason)
	}
	res = Run(context.Background(), scs[1], Options{Driver: explaining{faulty{Driver: simdriver.New()}}, Seed: 1})
	if want := "needs capability static-pods, which the sim driver lacks (it has none): no node here"; res.Status != report.Skipped || res.Reason != want {
		t.Errorf("a driver that says why: %s %q, want the reason %q", res.Status, res.Reason, want)
	}
	res = Run(context.Background(), scs[1], Options{Driver: simdriver.New(), Seed: 1})
	if res.Status != report.Passed {
		t.Errorf("with static-pods: %s %q", res.Status, res.Reason)
	}
}

// TestAmbiguousStep: a step two phrases match is a problem naming both
// (the vocabulary itself has none: steps' TestExamplesMatchOnePhrase).
func TestAmbiguousStep(t *testing.T) {
	scs := load(t, "testdata/robust.feature")
	defs := append(steps.Definitions()[:len(steps.Definitions()):len(steps.Definitions())],
		steps.Def{Family: "test", Pattern: regexp.MustCompile(`^a pod "([^"]*)"$`)})
	problems := lint(scs[:1], simdriver.New(), defs)
	if len(problems) == 0 || problems[0].Line != 4 || !strings.Contains(problems[0].Msg, `ambiguous step "a pod \"web\"" matches`) {
		t.Errorf("problems: %v", problems)
	}
}

// breaking is a driver whose cluster breaks under its sessions: at Close
// (a pool node's container found dead), at Apply, or at Start.
type breaking struct {
	*simdriver.Driver
	at string
}

func (b breaking) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	if b.at == "start" {
		return nil, driver.Infrastructure("no pool node is Ready")
	}
	s, err := b.Driver.Start(ctx, sc)
	return brokenSession{s, b.at}, err
}

type brokenSession struct {
	driver.Session
	at string
}

func (s brokenSession) Apply(ctx context.Context, p *corev1.Pod) error {
	if s.at == "apply" {
		return driver.Infrastructure("the API server stopped answering")
	}
	return s.Session.Apply(ctx, p)
}

func (s brokenSession) Close(ctx context.Context) error {
	err := s.Session.Close(ctx)
	if s.at == "close" {
		return driver.Infrastructure("pool node podlife-worker2 stopped during the scenario")
	}
	return err
}

// TestInfrastructureFaultIsAnError: whether the cluster breaks at the
// start, in a step or is found broken at the end, the scenario is an
// error with what broke, not a pass and not a failed expectation; the
// same scenario on a sound cluster passes.
func TestInfrastructureFaultIsAnError(t *testing.T) {
	scs := load(t, "testdata/robust.feature")
	for at, want := range map[string]string{
		"start": "no pool node is Ready",
		"apply": "the API server stopped answering",
		"close": "pool node podlife-worker2 stopped",
	} {
		res := Run(context.Background(), scs[0], Options{Driver: breaking{simdriver.New(), at}, Seed: 1})
		if res.Status != report.Errored || !strings.Contains(res.Reason, want) {
			t.Errorf("broken at %s: %s (%q); want an error saying %q", at, res.Status, res.Reason, want)
		}
	}
	if res := Run(context.Background(), scs[0], Options{Driver: breaking{simdriver.New(), ""}, Seed: 1}); res.Status != report.Passed {
		t.Errorf("a sound cluster: %s\n%s", res.Status, res.Explain())
	}
}
