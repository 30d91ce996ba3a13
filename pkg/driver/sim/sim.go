// Package sim runs scenarios on the in-process simulator of pkg/sim: exact
// virtual time, every capability, a fresh simulator per session.
package sim

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/sim"
	"github.com/podlife/podlife/pkg/timeline"
)

// Driver is the simulator driver.
type Driver struct{}

// New returns the simulator driver.
func New() *Driver { return &Driver{} }

var (
	_ driver.Driver = (*Driver)(nil)
	_ driver.Linter = (*Driver)(nil)
)

// Name is "sim".
func (*Driver) Name() string { return "sim" }

// Capabilities: the simulator can do everything a scenario may ask.
func (*Driver) Capabilities() driver.Capabilities {
	return driver.NewCapabilities(driver.AllCapabilities()...)
}

// Tolerance is 0: virtual time is exact.
func (*Driver) Tolerance() time.Duration { return 0 }

// LintPod reports what the simulator cannot run.
func (*Driver) LintPod(p *corev1.Pod) error { return sim.CheckPod(p) }

// Start builds a fresh simulator for the scenario.
func (*Driver) Start(_ context.Context, sc driver.Scenario) (driver.Session, error) {
	s, err := sim.New(sim.Config{Seed: sc.Seed, Namespace: "podlife", KubeletVersion: sc.KubeletVersion})
	if err != nil {
		return nil, driver.Unsupported("%v", err)
	}
	return &session{sim: s}, nil
}

type session struct {
	sim        *sim.Simulator
	configured bool
}

func (s *session) Configure(_ context.Context, st driver.Setup) error {
	if s.configured {
		return fmt.Errorf("the cluster was configured already")
	}
	s.configured = true
	if st.KubeletVersion != "" {
		if err := s.sim.SetKubeletVersion(st.KubeletVersion); err != nil {
			return driver.Unsupported("%v", err)
		}
	}
	for _, pc := range st.PriorityClasses {
		if err := s.sim.AddPriorityClass(pc); err != nil {
			return err
		}
	}
	for _, n := range st.Nodes {
		if err := s.sim.AddNode(n); err != nil {
			return err
		}
	}
	for _, cm := range st.ConfigMaps {
		if err := s.sim.AddConfigMap(cm); err != nil {
			return err
		}
	}
	for _, sec := range st.Secrets {
		if err := s.sim.AddSecret(sec); err != nil {
			return err
		}
	}
	return nil
}

// KillSandbox makes the pod's sandbox die.
func (s *session) KillSandbox(_ context.Context, pod string) error { return s.sim.LoseSandbox(pod) }

func (s *session) Apply(_ context.Context, p *corev1.Pod) error { return s.sim.CreatePod(p) }

func (s *session) Delete(_ context.Context, name string, opts metav1.DeleteOptions) error {
	return s.sim.DeletePod(name, opts)
}

func (s *session) Now() time.Duration { return s.sim.Now() }

func (s *session) RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	v := view{s.sim}
	var c func() bool
	if cond != nil {
		c = func() bool { return cond(v) }
	}
	at, ok := s.sim.RunUntil(deadline, c)
	return at, ok, ctx.Err()
}

func (s *session) Settle(ctx context.Context, limit time.Duration) (time.Duration, bool, error) {
	at, capped := s.sim.Settle(limit)
	return at, capped, ctx.Err()
}

func (s *session) View() driver.View { return view{s.sim} }

func (s *session) Close(context.Context) error { return nil }

type view struct{ s *sim.Simulator }

var (
	_ driver.PodPrinter    = view{}
	_ driver.SandboxKiller = (*session)(nil)
)

// PrintPod prints with the simulated API server's version's rules.
func (v view) PrintPod(name string) (printer.Columns, bool) {
	p := v.s.Pod(name)
	if p == nil {
		return printer.Columns{}, false
	}
	prof := v.s.Profile()
	return printer.Pod(p, sim.Epoch.Add(v.s.Now()), printer.Options{
		TerminatingOnlyIfNotTerminal: prof.TerminatingOnlyIfNotTerminal,
		CompletedShowsError:          prof.CompletedShowsError,
	}), true
}

func (v view) Pod(name string) *corev1.Pod   { return v.s.Pod(name) }
func (v view) Node(name string) *corev1.Node { return v.s.Node(name) }
func (v view) Events() []*corev1.Event       { return v.s.Events() }
func (v view) Timeline() []timeline.Event    { return v.s.Timeline() }
