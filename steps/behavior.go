package steps

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

func behaviorSteps() []Def {
	const f = "behaviour"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, ctr+`exits with code (\S+) after (\S+)$`, `Given container "app" of pod "web" exits with code 1 after 5s`, exitsWithCode),
		def(f, ctr+`runs to completion after (\S+)$`, `Given container "app" of pod "web" runs to completion after 5s`, runsToCompletion),
		def(f, ctr+`ignores SIGTERM$`, `Given container "app" of pod "web" ignores SIGTERM`, ignoresSIGTERM),
		def(f, ctr+`takes (\S+) to exit after SIGTERM$`, `Given container "app" of pod "web" takes 4s to exit after SIGTERM`, takesToExit),
		def(f, ctr+`exits with code (\S+) on SIGTERM$`, `Given container "app" of pod "web" exits with code 0 on SIGTERM`, exitsOnSIGTERM),
		def(f, ctr+`exits with code (\S+) on SIGTERM after (\S+)$`, `Given container "app" of pod "web" exits with code 0 on SIGTERM after 2s`, exitsOnSIGTERMAfter),
	}
}

// shape changes the behaviour of a container before its pod exists. An
// agent container (no image:) carries it as its arguments; an image
// container starts from what its command does (behavior.ForImage) and
// carries it in an annotation, which the simulator runs and a live
// cluster, running the image as written, reports as a skip (dsl.md,
// "Defaults").
func (st *State) shape(cname, pname string, change func(b *behavior.Behavior)) error {
	p, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already: behaviour steps come before its creation", p.name)
	}
	b, ok := p.beh[c.Name]
	if !ok {
		if b, ok = p.imageBeh[c.Name]; !ok {
			base, _ := behavior.ForImage(c.Command, c.Args)
			b = &base
			p.imageBeh[c.Name] = b
		}
	}
	change(b)
	return nil
}

// Given container "app" of pod "web" exits with code 1 after 5s
func exitsWithCode(ctx context.Context, cname, pname, code, after string) error {
	n, err := parseExitCode(code)
	if err != nil {
		return err
	}
	d, err := parseDuration(after)
	if err != nil {
		return err
	}
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) { b.Exit = &behavior.Exit{Code: n, After: d} })
}

// Given container "app" of pod "web" runs to completion after 5s
func runsToCompletion(ctx context.Context, cname, pname, after string) error {
	return exitsWithCode(ctx, cname, pname, "0", after)
}

// Given container "app" of pod "web" ignores SIGTERM
func ignoresSIGTERM(ctx context.Context, cname, pname string) error {
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) { b.Term.Ignore = true })
}

// Given container "app" of pod "web" takes 4s to exit after SIGTERM
func takesToExit(ctx context.Context, cname, pname, delay string) error {
	d, err := parseDuration(delay)
	if err != nil {
		return err
	}
	return onSIGTERM(ctx, cname, pname, behavior.DefaultTermCode, &d)
}

// Given container "app" of pod "web" exits with code 0 on SIGTERM: the
// code, with the delay another step gave (none by default).
func exitsOnSIGTERM(ctx context.Context, cname, pname, code string) error {
	n, err := parseExitCode(code)
	if err != nil {
		return err
	}
	return onSIGTERM(ctx, cname, pname, n, nil)
}

// Given container "app" of pod "web" exits with code 0 on SIGTERM after 2s:
// it takes 2s to exit after SIGTERM, with code 0.
func exitsOnSIGTERMAfter(ctx context.Context, cname, pname, code, delay string) error {
	n, err := parseExitCode(code)
	if err != nil {
		return err
	}
	d, err := parseDuration(delay)
	if err != nil {
		return err
	}
	return onSIGTERM(ctx, cname, pname, n, &d)
}

// onSIGTERM makes the container exit on SIGTERM with code, after delay
// when given (else after the delay it had).
func onSIGTERM(ctx context.Context, cname, pname string, code int, delay *time.Duration) error {
	return From(ctx).shape(cname, pname, func(b *behavior.Behavior) {
		b.Term.Ignore, b.Term.Code = false, code
		if delay != nil {
			b.Term.Delay = *delay
		}
	})
}

func probeBehaviorSteps() []Def {
	const f = "behaviour"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, ctr+`becomes ready after (\S+)$`, `Given container "app" of pod "web" becomes ready after 2s`, becomesReadyAfter),
		def(f, ctr+`fails its (\S+) probe after (\S+)$`, `Given container "app" of pod "web" fails its liveness probe after 30s`, failsProbeAfter).with(slot("probe", "liveness", probeKinds...)),
		def(f, `^the image of container "([^"]*)"(?: of pod "([^"]*)")? cannot be pulled$`, `Given the image of container "app" of pod "web" cannot be pulled`, imageCannotBePulled),
		def(f, ctr+`fails to start$`, `Given container "app" of pod "web" fails to start`, failsToStart),
	}
}

// agentProbe points a probe at the agent's own answer, keeping its timing
// fields: the behaviour now decides what it answers.
func agentProbe(p *corev1.Probe, kind string) {
	p.ProbeHandler = corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand(kind)}}
}

// Given container "app" of pod "web" becomes ready after 2s: an exec
// readiness probe every second when the container has none, else its own
// probe answered by the agent; Ready at the first probe at or after D.
func becomesReadyAfter(ctx context.Context, cname, pname, after string) error {
	d, err := parseDuration(after)
	if err != nil {
		return err
	}
	st := From(ctx)
	return st.shape(cname, pname, func(b *behavior.Behavior) {
		b.ReadyAfter = &d
		_, c, _ := st.Plan.mustContainer(cname, pname)
		if c.ReadinessProbe == nil {
			c.ReadinessProbe = &corev1.Probe{PeriodSeconds: 1}
		}
		agentProbe(c.ReadinessProbe, "readiness")
	})
}

// Given container "app" of pod "web" fails its liveness probe after 30s: the
// container's own probe (it must have one), answered by the agent.
func failsProbeAfter(ctx context.Context, cname, pname, kind, after string) error {
	if err := oneOf("probe", kind, probeKinds...); err != nil {
		return err
	}
	d, err := parseDuration(after)
	if err != nil {
		return err
	}
	st := From(ctx)
	_, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	probe := c.LivenessProbe
	if kind == "readiness" {
		probe = c.ReadinessProbe
	}
	if probe == nil {
		return inputErr("container %q has no %s probe: give it one in the pod's YAML", c.Name, kind)
	}
	return st.shape(cname, pname, func(b *behavior.Behavior) {
		if kind == "liveness" {
			b.FailLivenessAfter = &d
		} else {
			b.FailReadinessAfter = &d
		}
		agentProbe(probe, kind)
	})
}

// Given the image of container "app" of pod "web" cannot be pulled
func imageCannotBePulled(ctx context.Context, cname, pname string) error {
	st := From(ctx)
	p, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already: its images are set before", p.name)
	}
	p.unpullable[c.Name] = true
	return nil
}

// Given container "app" of pod "web" fails to start: its executable does
// not exist, so the runtime cannot start it (StartError, then
// RunContainerError and CrashLoopBackOff).
func failsToStart(ctx context.Context, cname, pname string) error {
	st := From(ctx)
	p, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already", p.name)
	}
	p.cannotStart[c.Name] = true
	return nil
}
