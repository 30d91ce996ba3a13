package judge

import (
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// A probe's worker ticks every period from the moment the pod worker
// added the pod (pkg/kubelet/prober/worker.go run: a probe at once, then
// on its ticker, v1.36.3); the simulator adds the pod in the instant its
// containers start, so its ticks fall at the container's start plus a
// whole number of periods. A real kubelet adds the pod a sandbox's
// creation before the container starts: its ticks keep a phase of their
// own, the same for the life of the worker. The agent logs each answer,
// so that phase is measured, not allowed for: what a liveness probe
// decides (the kill, and what follows it by the kill's own rules) comes
// as much earlier or later than the simulator's as the phase, and a
// second's shift of the written time is a different tick.

// probeJitter bounds the time from a probe's tick to the agent's answer
// line: the runtime's exec of the probe command (20–400 ms on a busy
// node) and the agent's start-up.
const probeJitter = 450 * time.Millisecond

// killAfterAnswer bounds the time from the answer that commits a
// liveness failure to the kill's first step seen (the Killing event, the
// preStop's exec, the SIGTERM): the results manager's update, a sync of
// the pod worker and the runtime's stop call (pkg/kubelet/kubelet.go
// syncLoopIteration, livenessManager.Updates(); kuberuntime
// killContainer, v1.36.3).
const killAfterAnswer = 450 * time.Millisecond

// killChain are the events of a container's kill that a liveness
// failure decides, each a fixed time after the kill on both drivers (a
// preStop hook's length, the grace period).
var killChain = []timeline.Kind{timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL}

// afterLivenessTick is the window of an event of a liveness kill's chain
// that the written bounds put at or after the container's liveness
// failure (`fails its liveness probe after D`), on a cluster that logged
// the probe's answers: the bounds moved by the measured phase of the
// probe's ticks, widened only by the answer's jitter early and the kill's
// step late. None when the container's kills are not the agent's
// liveness probe alone, no answer was logged, or the failure lies so
// near a tick that the phase decides which tick fails first (the rule
// then holds a period apart on the two drivers, and the wide window
// stands).
func (j *Judge) afterLivenessTick(t0 timeline.Mark, sel timeline.Selector, ref, lo, hi, early, late time.Duration) (timeline.Window, bool) {
	if !slices.Contains(killChain, sel.Kind) {
		return timeline.Window{}, false
	}
	c := j.container(sel.Pod, sel.Container)
	fail, period, ok := livenessFailure(c)
	if !ok || lo < fail {
		return timeline.Window{}, false
	}
	phase, ok := j.probePhase(sel, "liveness", ref, period)
	if !ok {
		return timeline.Window{}, false
	}
	// The first failing tick: the same one on both drivers only if no
	// tick lies between the failure and the failure moved by the phase
	// (and the answer's jitter).
	for k := time.Duration(0); k*period <= fail+period; k++ {
		tick := k * period
		if tick >= fail-max(phase, 0)-probeJitter && tick <= fail-min(phase, 0)+probeJitter {
			return timeline.Window{}, false
		}
	}
	// early and late are the margins the window had with the period
	// allowed for: what is left of them is the observers' precision
	// and the chain's own latencies, which the phase does not replace.
	early = max(early-period, 0)
	late = max(late-period, 0)
	return timeline.Window{T0: t0.At, Ref: ref + phase, Lo: lo, Hi: hi,
		From: ref + phase + lo - early, To: ref + phase + hi + probeJitter + killAfterAnswer + late}, true
}

// livenessFailure is when the container's agent starts failing its
// liveness probe, and the probe's period, when the container is killed
// by that probe alone: the agent's liveness command, answered at once,
// no startup probe (whose own ticks would decide when liveness starts).
func livenessFailure(c *corev1.Container) (fail, period time.Duration, ok bool) {
	if c == nil || c.Image != behavior.Image || c.StartupProbe != nil || c.LivenessProbe == nil || c.LivenessProbe.Exec == nil {
		return 0, 0, false
	}
	p := c.LivenessProbe
	if !slices.Equal(p.Exec.Command, behavior.ProbeCommand("liveness")) || p.InitialDelaySeconds != 0 {
		return 0, 0, false
	}
	b, err := behavior.Parse(c.Args)
	if err != nil || b.FailLivenessAfter == nil {
		return 0, 0, false
	}
	period = 10 * time.Second // the API server's default
	if p.PeriodSeconds > 0 {
		period = time.Duration(p.PeriodSeconds) * time.Second
	}
	return *b.FailLivenessAfter, period, true
}

// probePhase is the phase of the container's probe ticks of kind from
// ref (its start), in (−period/2, period/2]: the earliest answer's, each
// answer being a tick plus the exec's time. None without answers.
func (j *Judge) probePhase(sel timeline.Selector, kind string, ref, period time.Duration) (time.Duration, bool) {
	answers := j.obs.ProbeAnswers(timeline.Selector{Pod: sel.Pod, Container: sel.Container}, kind)
	best, found := time.Duration(0), false
	for _, a := range answers {
		if a < ref-period {
			continue
		}
		r := (a - ref) % period
		if r < 0 {
			r += period
		}
		if r > period/2 {
			r -= period
		}
		if !found || r < best {
			best, found = r, true
		}
	}
	return best, found
}
