package judge

import (
	"math"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// A probe whose answer does not change (`true`, `false`, or the agent's
// probe command with its turn at the start) decides by counting its
// answers: a readiness's success threshold, a liveness's or startup
// probe's failure threshold, a startup probe's first success. Its first
// answer, though, comes at a tick the two drivers place differently:
// the simulator's at the first tick a period after the start (at or
// after the initial delay), a real kubelet's at the first of its own
// ticks after it saw the container running (the worker reads the
// status manager's status: pkg/kubelet/prober/worker.go doProbe,
// v1.36.3), which the tick's phase alone does not decide. So what such a
// probe decides counts from the answer of the same rank, as the agent
// logged it.

// atNthAnswer is the window of a Ready, or of a kill's first step, that
// a probe of constant answers decides: the written time's rank (each
// bound's, for `between`) among the simulator's answers (at every period from the first), and the
// container's answer of that rank logged on the cluster, followed by the
// kubelet's step (a status write, the kill). A written time off the
// simulator's grid moves the window by as much from the nearest rank,
// and a rank past the answers logged (a startup probe stops at its
// success, a killed container's worker at the kill) counts on from the
// last answer by the period. None when the probe's answers change over
// time, no answer was logged, or the container started again meanwhile.
func (j probes) atNthAnswer(t0 timeline.Mark, sel timeline.Selector, c *corev1.Container, kind string, ref, lo, hi time.Duration) (timeline.Window, bool) {
	if c == nil || c.Image != behavior.Image || lo <= 0 || hi < lo {
		return timeline.Window{}, false
	}
	var step time.Duration
	switch {
	case sel.Kind == timeline.Ready:
		step = readyWrite
	case sel.Kind == firstKillStep(c):
		step = killAfterAnswer
		if sel.Kind == timeline.PreStopStarted {
			step += execStart
		}
		if constant(c, "startup", false) {
			// A startup probe that never succeeds kills; one that
			// succeeds leaves the kill to the liveness probe.
			kind = "startup"
		}
	default:
		return timeline.Window{}, false
	}
	p := probeOf(c, kind)
	if !constant(c, kind, sel.Kind == timeline.Ready) {
		return timeline.Window{}, false
	}
	period := periodOf(p)
	sim, ok := simAnswers(c, kind, hi+2*period)
	if !ok || len(sim) == 0 {
		return timeline.Window{}, false
	}
	// The answers of this instance of the container: from its start to
	// the next.
	next := time.Duration(math.MaxInt64)
	starts := timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}
	for _, e := range j.events() {
		if e.At > ref+time.Second && starts.Matches(e) {
			next = e.At
			break
		}
	}
	var mine []time.Duration
	for _, a := range j.obs.ProbeAnswers(timeline.Selector{Pod: sel.Pod, Container: sel.Container}, kind) {
		if a >= ref-precisionEarly && a < next {
			mine = append(mine, a)
		}
	}
	if len(mine) == 0 {
		return timeline.Window{}, false
	}
	// Each bound of the written window (`between 15s and 16s` as well as
	// `at 15s`) moves to the cluster's answer of the rank of the
	// simulator's answer nearest it: a bound a period off is another
	// rank, so a window written a tick early does not take the tick that
	// decided (held-out set 33: a startup kill at the fourth answer, 20 s,
	// written `between 15s and 16s`, passed on a window widened by the
	// period both ways).
	from, to := onCluster(lo, sim, mine, period), onCluster(hi, sim, mine, period)
	return timeline.Window{T0: t0.At, Ref: from - lo, Lo: lo, Hi: hi, From: from - precisionEarly, To: to + step}, true
}

// onCluster is the written time t moved to the cluster's answers: the
// simulator's answer nearest t, and the cluster's of its rank (counted
// on from the last logged by the period past the answers logged), moved
// by as much as t lies off the simulator's grid.
func onCluster(t time.Duration, sim, mine []time.Duration, period time.Duration) time.Duration {
	n := 0
	for i, s := range sim {
		if (s - t).Abs() < (sim[n] - t).Abs() {
			n = i
		}
	}
	off := t - sim[n]
	n++
	var a time.Duration
	if n <= len(mine) {
		a = mine[n-1]
	} else {
		a = mine[len(mine)-1] + time.Duration(n-len(mine))*period
	}
	return a + off
}

// simAnswers are the times of the simulator's answers of the
// container's probe of kind, from its start, up to upto: every period
// from the first tick a period on at or after the initial delay
// (pkg/sim/prober.go: the worker's first probe, at the pod's first sync,
// finds no container running); a readiness's also in the start's
// instant without a delay, or in the instant its startup probe succeeds
// (the sync's manual trigger: prober_manager.go UpdatePodStatus,
// v1.36.3); a liveness's and a readiness's, gated by a startup probe,
// from the startup probe's success (which must then answer success and
// not fall on one of their ticks, whose order in that instant the phase
// decides).
func simAnswers(c *corev1.Container, kind string, upto time.Duration) ([]time.Duration, bool) {
	p := probeOf(c, kind)
	period := periodOf(p)
	from := time.Duration(p.InitialDelaySeconds) * time.Second
	var out []time.Duration
	if c.StartupProbe != nil && kind != "startup" {
		if !constant(c, "startup", true) {
			return nil, false
		}
		s, ok := simAnswers(c, "startup", upto)
		if !ok || len(s) == 0 {
			return nil, false
		}
		started := s[0]
		if started%period == 0 {
			return nil, false
		}
		if kind == "readiness" && started >= from {
			out = append(out, started)
		}
		from = max(from, started)
	} else if kind == "readiness" && from == 0 {
		out = append(out, 0)
	}
	for k := max(1, int64(math.Ceil(float64(from)/float64(period)))); time.Duration(k)*period <= upto; k++ {
		out = append(out, time.Duration(k)*period)
	}
	return out, true
}

// constant: the container's probe of kind answers at once and always
// success (or always failure): `true` or `false` the agent serves, or
// the agent's probe command with its turn at the start.
func constant(c *corev1.Container, kind string, success bool) bool {
	p := probeOf(c, kind)
	if p == nil || p.Exec == nil {
		return false
	}
	if slices.Equal(p.Exec.Command, behavior.ProbeCommand(kind)) {
		b, err := behavior.Parse(c.Args)
		if err != nil {
			return false
		}
		switch {
		case kind == "liveness" && !success:
			return b.FailLivenessAfter != nil && *b.FailLivenessAfter == 0
		case kind == "readiness" && success:
			return b.ReadyAfter != nil && *b.ReadyAfter == 0 && b.FailReadinessAfter == nil
		case kind == "startup" && !success:
			// `fails its startup probe`: never succeeds (held-out set
			// 33's startup kill judged in a window a period wide each
			// way, 2026-11-30).
			return b.FailStartup
		}
		return false
	}
	cmd, err := behavior.ParseCommand(p.Exec.Command)
	return err == nil && cmd.Probe == "" && !cmd.Forever && cmd.Duration == 0 && (cmd.Code == 0) == success
}

// probeOf is the container's probe of kind.
func probeOf(c *corev1.Container, kind string) *corev1.Probe {
	switch kind {
	case "liveness":
		return c.LivenessProbe
	case "readiness":
		return c.ReadinessProbe
	case "startup":
		return c.StartupProbe
	}
	return nil
}

// periodOf is a probe's period, the API server's default 10 s unset.
func periodOf(p *corev1.Probe) time.Duration {
	if p == nil || p.PeriodSeconds == 0 {
		return 10 * time.Second
	}
	return time.Duration(p.PeriodSeconds) * time.Second
}
