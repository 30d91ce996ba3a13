package judge

import (
	"math"
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

// probes is the judge's part that reads a probe's answers: what a
// probe decides, counted from its ticks' measured phase or from the rank
// of an answer.
type probes struct{ *Judge }

// probeJitter bounds how much later than the earliest of them an answer
// comes after its tick: the runtime's exec of the probe command and the
// agent's start-up vary from one answer to the next (the phase is the
// earliest answer's). The kills of probes.feature came 0.04–0.10 s after
// the earliest answer's phase (kind, 2026-11-28).
const probeJitter = 300 * time.Millisecond

// killAfterAnswer bounds the time from the answer that commits a
// liveness failure to the kill's first step seen (the Killing event, the
// preStop's exec, the SIGTERM): the results manager's update, a sync of
// the pod worker and the runtime's stop call (pkg/kubelet/kubelet.go
// syncLoopIteration, livenessManager.Updates(); kuberuntime
// killContainer, v1.36.3). 0.3 s until a loaded run of 7 at a time
// (2026-11-29 06:50, probes.feature:174): the startup probe's third
// failing answer at 3.373 s, the Killing event 0.333 s later and the
// SIGTERM 0.336 s. At 0.5 s the window (0.25 s early) stays under a
// second wide, so a kill 1 s either way is still rejected.
const killAfterAnswer = 500 * time.Millisecond

// killChain are the events of a container's kill that a liveness
// failure decides, each a fixed time after the kill on both drivers (a
// preStop hook's length, the grace period).
var killChain = []timeline.Kind{timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL}

// afterProbeTick is the window of an event a probe's tick decides, on a
// cluster that logged the probe's answers: a liveness kill and the
// events of its chain, when the written bounds put them at or after the
// container's liveness failure (`fails its liveness probe after D`); a
// container's Ready (`becomes ready after D`). The bounds move by the
// measured phase of the probe's ticks, widened only by the answer's
// jitter early and the kubelet's step late. None when the probe is not
// the agent's alone, no answer was logged, or the behaviour's moment
// lies so near a tick that the phase decides which tick answers first
// (the rule then holds a period apart on the two drivers, and the wide
// window stands).
func (j probes) afterProbeTick(t0 timeline.Mark, sel timeline.Selector, ref, lo, hi, early, late time.Duration) (timeline.Window, bool) {
	var kind string
	var step time.Duration
	switch {
	case slices.Contains(killChain, sel.Kind):
		kind, step = "liveness", killAfterAnswer
	case sel.Kind == timeline.ProbeFailed && (sel.Reason == "liveness" || sel.Reason == "readiness"):
		// A failing answer itself, as the agent logged it.
		kind = sel.Reason
	case sel.Kind == timeline.Ready:
		kind, step = "readiness", readyWrite
	default:
		return timeline.Window{}, false
	}
	c := j.container(sel.Pod, sel.Container)
	if c != nil && sel.Kind == timeline.Ready && c.ReadinessProbe == nil && c.StartupProbe != nil {
		// A container without a readiness probe is ready once started:
		// its startup probe's success decides (the status manager's
		// readiness of a started container, prober_manager.go
		// UpdatePodStatus, v1.36.3).
		kind = "startup"
	}
	if w, ok := j.atNthAnswer(t0, sel, c, kind, ref, lo, hi); ok {
		return w, true
	}
	turn, period, ok := probeTurn(c, kind)
	if !ok || (slices.Contains(killChain, sel.Kind) && lo < turn) {
		return timeline.Window{}, false
	}
	phase, ok := j.probePhase(sel, kind, ref, period)
	if !ok {
		return timeline.Window{}, false
	}
	// The first tick at or after the turn: the same one on both drivers
	// only if the simulator's (its ticks from the container's start, the
	// first a period on) and the cluster's (the phase's, its tick earlier
	// than the answer by up to the jitter, after the container's start)
	// have one index.
	sim := firstTick(turn, period, 0, 1)
	if firstTick(turn, period, phase, 0) != sim || firstTick(turn, period, phase-probeJitter, 0) != sim {
		return timeline.Window{}, false
	}
	// The first step the tick decides (a Ready, the kill's preStop or
	// SIGTERM) follows the answer by the kubelet's step alone; the
	// observer is precise early. Later steps of a kill's chain (the
	// SIGTERM after a preStop, the SIGKILL) keep what is left of their
	// margins without the period: the chain's own latencies, which the
	// phase does not replace.
	early = min(early, precisionEarly)
	switch first := firstKillStep(c); {
	case sel.Kind == timeline.SIGKILL:
		// The grace period runs from the kill's decision, the preStop's
		// time taken out of it (kuberuntime killContainer, v1.36.3): the
		// SIGKILL follows the deciding answer by the grace and the
		// runtime's stop timer, whatever came between.
		step += stopTimer
	case slices.Contains(killChain, sel.Kind) && sel.Kind != first:
		if w, ok := j.afterHookStart(t0, sel, c, ref+phase, turn, period, lo, hi); ok {
			return w, true
		}
		step += max(late-period, 0)
	case sel.Kind == timeline.PreStopStarted:
		step += execStart
	}
	return timeline.Window{T0: t0.At, Ref: ref + phase, Lo: lo, Hi: hi,
		From: ref + phase + lo - early, To: ref + phase + hi + probeJitter + step}, true
}

// afterHookStart is the window of a liveness kill's SIGTERM (or the
// hook's end) after its exec preStop hook, when the hook's start was seen
// where the kill's first step belongs: the kubelet runs the hook to its
// end and then stops the container (kuberuntime killContainer,
// executePreStopHook, v1.36.3), so the SIGTERM follows the hook's start by
// the hook's own length on both drivers. It counts from the start seen,
// the runtime's exec already in it, and only the kubelet's step from the
// hook's end to the signal is allowed late. phased is the kill's
// reference, the container's start moved by the ticks' phase.
func (j probes) afterHookStart(t0 timeline.Mark, sel timeline.Selector, c *corev1.Container, phased, turn, period, lo, hi time.Duration) (timeline.Window, bool) {
	if sel.Kind != timeline.SIGTERM && sel.Kind != timeline.PreStopDone {
		return timeline.Window{}, false
	}
	if c.Lifecycle == nil || c.Lifecycle.PreStop == nil || c.Lifecycle.PreStop.Exec == nil {
		return timeline.Window{}, false
	}
	// The tick that decides: the failureThreshold-th failing answer, the
	// first failing one the first tick after the turn (no tick lies near
	// the turn, afterProbeTick made sure).
	ft := time.Duration(3)
	if p := c.LivenessProbe; p.FailureThreshold > 0 {
		ft = time.Duration(p.FailureThreshold)
	}
	decide := (turn/period+1)*period + (ft-1)*period
	if lo < decide {
		return timeline.Window{}, false
	}
	hook := timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.PreStopStarted}
	for _, e := range j.events() {
		if e.At < phased+decide-precisionEarly || !hook.Matches(e) {
			continue
		}
		if e.At > phased+decide+probeJitter+killAfterAnswer+execStart {
			break
		}
		ref := e.At - decide
		return timeline.Window{T0: t0.At, Ref: ref, Lo: lo, Hi: hi, From: ref + lo - precisionEarly, To: ref + hi + stopTimer}, true
	}
	return timeline.Window{}, false
}

// precisionEarly: the agent's line and the runtime's event carry their
// own clock readings, the host's: an answer or a signal is seen no more
// than this before it was.
const precisionEarly = 250 * time.Millisecond

// execStart: a preStop exec hook's process starts after the runtime's
// exec (runc exec: 20–390 ms measured on a busy node, 2026-11-23).
const execStart = 400 * time.Millisecond

// stopTimer: the runtime's StopContainer waits out the grace it is given
// and kills; its timer and the signal's delivery to the agent, a few
// tens of milliseconds measured (probes.feature's SIGKILL 0.10 s after
// the phase, kind v1.36.3, 2026-11-28).
const stopTimer = 300 * time.Millisecond

// firstKillStep is the first event of the container's kill: its preStop
// hook when it has one, else the SIGTERM.
func firstKillStep(c *corev1.Container) timeline.Kind {
	if c.Lifecycle != nil && c.Lifecycle.PreStop != nil {
		return timeline.PreStopStarted
	}
	return timeline.SIGTERM
}

// firstTick is the index k of the first tick k·period + phase at or
// after turn, k at least from, and the tick after the container's start
// (0).
func firstTick(turn, period, phase time.Duration, from int64) int64 {
	k := max(from, int64(math.Ceil(float64(turn-phase)/float64(period))))
	for time.Duration(k)*period+phase <= 0 {
		k++
	}
	return k
}

// probeTurn is when the container's agent turns its answers to a probe
// of kind (liveness: starts failing; readiness: starts succeeding), and
// the probe's period, when that probe alone decides: the agent's probe
// command; one answer enough for readiness; no startup probe (whose own
// ticks would decide when the others start). A worker answers from its
// initial delay on (pkg/kubelet/prober/worker.go doProbe, v1.36.3), so
// the turn is never before it.
func probeTurn(c *corev1.Container, kind string) (turn, period time.Duration, ok bool) {
	if c == nil || c.Image != behavior.Image || c.StartupProbe != nil {
		return 0, 0, false
	}
	p := probeOf(c, kind)
	if p == nil || p.Exec == nil || (kind == "readiness" && p.SuccessThreshold > 1) {
		return 0, 0, false
	}
	delay := time.Duration(p.InitialDelaySeconds) * time.Second
	if !slices.Equal(p.Exec.Command, behavior.ProbeCommand(kind)) {
		return 0, 0, false
	}
	b, err := behavior.Parse(c.Args)
	if err != nil {
		return 0, 0, false
	}
	var at *time.Duration
	switch kind {
	case "liveness":
		at = b.FailLivenessAfter
	case "readiness":
		if b.FailReadinessAfter != nil {
			return 0, 0, false
		}
		at = b.ReadyAfter
	}
	if at == nil {
		return 0, 0, false
	}
	return max(*at, delay), periodOf(p), true
}

// probePhase is the phase of the container's probe ticks of kind from
// ref (its start), in (−period/2, period/2]: the earliest answer's, each
// answer being a tick plus the exec's time. None without answers.
func (j probes) probePhase(sel timeline.Selector, kind string, ref, period time.Duration) (time.Duration, bool) {
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
