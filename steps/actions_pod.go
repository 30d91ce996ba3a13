package steps

import (
	"context"
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// When the sandbox of pod "web" is lost: its pause container dies; the
// kubelet kills what runs and starts the pod again in a new sandbox.
type sandboxLost struct{ name string }

func (s sandboxLost) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.name)
	return err
}

func (s sandboxLost) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	st.acted(driver.ActionDelete, s.name)
	if err := st.Session.KillSandbox(ctx, s.name); err != nil {
		return st.unsupported(fmt.Errorf("killing the sandbox of pod %q: %w", s.name, err))
	}
	return nil
}

// When the readiness gate "example.com/lb" of pod "web" is set to "True":
// the condition of a gate the pod declares (spec.readinessGates) set in
// its status as the gate's controller would; the kubelet's Ready follows.
// t=0 is the moment it was set.
type readinessGateSet struct{ gate, pod, status string }

func (s readinessGateSet) Declare(pl *Plan) error {
	if err := oneOf("condition status", s.status, conditionStatuses...); err != nil {
		return err
	}
	p, err := pl.mustPod(s.pod)
	if err != nil {
		return err
	}
	var gates []string
	for _, g := range p.pod.Spec.ReadinessGates {
		gates = append(gates, string(g.ConditionType))
	}
	if !slices.Contains(gates, s.gate) {
		if len(gates) == 0 {
			return inputErr("pod %q declares no readiness gate: give it `readinessGates: [{conditionType: %s}]` in its spec", p.name, s.gate)
		}
		return inputErr("pod %q declares no readiness gate %q (its readinessGates: %s)", p.name, s.gate, strings.Join(gates, ", "))
	}
	return nil
}

func (s readinessGateSet) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod)
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !p.created {
		return fmt.Errorf("the readiness gate %q of pod %q is set before the pod was created", s.gate, p.name)
	}
	if err := st.clk().instant(ctx); err != nil {
		return err
	}
	st.clk().moveT0Acting(st.clk().actionMark())
	st.judge().Forget(p.name)
	c := corev1.PodCondition{Type: corev1.PodConditionType(s.gate), Status: corev1.ConditionStatus(s.status)}
	if err := st.Session.SetPodCondition(ctx, p.name, c); err != nil {
		return st.unsupported(fmt.Errorf("setting the readiness gate %q of pod %q: %w", s.gate, p.name, err))
	}
	return nil
}
