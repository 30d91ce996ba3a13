package live

import (
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// A scenario's activity ends, on the simulator, when only periodic work
// is left and every pod is gone or steady (driver.Session.Settle). On a
// cluster nothing says so: a pod that runs for ever looks the same as one
// about to exit. Settle counted only terminal pods as settled, and spent
// its whole limit (2 minutes) on every scenario that leaves a pod
// running, 56 of the 108 minutes the catalogue's pod-level scenarios took
// live (2026-11-28). What a pod will still do is known here, though, for
// the pods podlife runs: an agent's behaviour says what it does and when,
// and a probe either answers from it or runs a command podlife knows. A
// pod is steady when none of it has anything left to do; Settle ends once
// every pod is gone, terminal or steady, and nothing new was seen for a
// quiet period (steadyQuiet) that covers what the kubelet might still
// report on its own.

// steadyQuiet is how long a session whose pods are all steady must see
// nothing new before its activity counts as ended: a few seconds for a
// scenario of pods (an Event's or a status's way through the API), two
// eviction passes (10 s each, evictionMonitoringPeriod) and a margin for
// one that holds pool nodes, whose kubelet may act on a node's state
// without any pod doing anything. None (ok false) once the scenario has
// stopped a kubelet or tainted a node NoExecute: the node-lifecycle controller's
// grace period and the taint manager's tolerationSeconds (a NoExecute
// taint's) are timers no pod shows, and the activity then runs to its
// limit as before.
func (s *scene) steadyQuiet() (time.Duration, bool) {
	for _, l := range s.leases {
		if l.stopped || l.notReady {
			return 0, false
		}
		for _, t := range l.taints {
			// A NoSchedule taint starts no timer: what it keeps off
			// is Pending as unschedulable, which is steady.
			if t.Effect == corev1.TaintEffectNoExecute {
				return 0, false
			}
		}
	}
	if len(s.leases) > 0 {
		return 25 * time.Second, true
	}
	return 5 * time.Second, true
}

// steady says whether a pod has nothing left to do that its spec and
// behaviours would make it do: not being deleted, no deadline, and either
// Pending as unschedulable (the scheduler retries, to the same answer),
// Pending behind an init container that runs for ever, or Running with
// every container running, started, ready (or failing its readiness for
// ever) and nothing timed still to come.
func (t *podTrack) steady(now time.Time) bool {
	p := t.obj
	if p == nil || p.DeletionTimestamp != nil || p.Spec.ActiveDeadlineSeconds != nil {
		return false
	}
	switch p.Status.Phase {
	case corev1.PodPending:
		for _, c := range p.Status.Conditions {
			if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && c.Reason == corev1.PodReasonUnschedulable {
				return p.Status.NominatedNodeName == ""
			}
		}
	case corev1.PodRunning:
	default:
		return false
	}
	restartable := map[string]bool{}
	for _, c := range p.Spec.InitContainers {
		restartable[c.Name] = c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
	}
	for _, st := range p.Status.InitContainerStatuses {
		switch {
		case restartable[st.Name]:
			if !t.containerSteady(st, now, true) {
				return false
			}
		case st.State.Terminated != nil && st.State.Terminated.ExitCode == 0:
		case st.State.Running != nil && p.Status.Phase == corev1.PodPending:
			// An init container that never ends holds the pod (and the
			// init containers after it) where it is, for good.
			return t.containerSteady(st, now, false)
		default:
			return false
		}
	}
	if p.Status.Phase != corev1.PodRunning {
		return false
	}
	if len(p.Status.ContainerStatuses) != len(p.Spec.Containers) {
		return false
	}
	for _, st := range p.Status.ContainerStatuses {
		if !t.containerSteady(st, now, true) {
			return false
		}
	}
	return true
}

// containerSteady: a container that runs, started, and will neither
// exit, nor be killed by a probe, nor change its readiness (when ready
// says it counts: an init container that is not a sidecar has none) or
// its usage.
func (t *podTrack) containerSteady(st corev1.ContainerStatus, now time.Time, ready bool) bool {
	c := t.ctrs[st.Name]
	if c == nil || c.spec == nil || st.State.Running == nil || (st.Started != nil && !*st.Started) {
		return false
	}
	var b *behavior.Behavior
	var since time.Duration
	if c.agent {
		parsed, err := behavior.Parse(c.spec.Args)
		if err != nil || len(c.order) == 0 {
			return false
		}
		in := c.insts[c.order[len(c.order)-1]]
		if in == nil || !in.started || in.startedAt.IsZero() {
			return false
		}
		b, since = &parsed, now.Sub(in.startedAt)
		if !agentSteady(b, c.spec, since) {
			return false
		}
	} else if cmd, err := behavior.ParseCommand(append(append([]string(nil), c.spec.Command...), c.spec.Args...)); err != nil || !cmd.Forever {
		return false
	}
	for _, pr := range []*corev1.Probe{c.spec.LivenessProbe, c.spec.StartupProbe} {
		if !probePasses(c, pr) {
			return false
		}
	}
	if !ready {
		return true
	}
	if !st.Ready {
		// Not ready for good only when its behaviour fails readiness
		// from a time now past.
		return b != nil && b.FailReadinessAfter != nil && since >= *b.FailReadinessAfter
	}
	return c.spec.ReadinessProbe == nil || probePasses(c, c.spec.ReadinessProbe) || b != nil
}

// agentSteady: an agent whose behaviour has nothing still to come (an
// exit, memory, a write, a change of its probes' answers) that would
// change what the kubelet sees.
func agentSteady(b *behavior.Behavior, spec *corev1.Container, since time.Duration) bool {
	if b.Exit != nil || len(b.Attempts) > 0 {
		return false
	}
	if b.FailLivenessAfter != nil && spec.LivenessProbe != nil {
		return false
	}
	later := func(d *time.Duration) bool { return d != nil && since < *d }
	if spec.LivenessProbe != nil && later(b.LiveAfter) {
		return false
	}
	if spec.ReadinessProbe != nil && (later(b.ReadyAfter) || later(b.FailReadinessAfter)) {
		return false
	}
	if n := len(b.Memory); n > 0 && since < b.Memory[n-1].After {
		return false
	}
	for _, w := range b.Writes {
		if since < w.After {
			return false
		}
	}
	for _, w := range b.LayerWrites {
		if since < w.After {
			return false
		}
	}
	return true
}

// probePasses: a probe whose answer is success, for good: none, the
// agent's own (its behaviour answers, checked in agentSteady), or a
// command podlife knows that succeeds within the probe's timeout.
func probePasses(c *ctrTrack, pr *corev1.Probe) bool {
	switch {
	case pr == nil:
		return true
	case pr.Exec != nil:
		cmd, err := behavior.ParseCommand(pr.Exec.Command)
		if err != nil {
			return false
		}
		if cmd.Probe != "" {
			return c.agent
		}
		timeout := time.Duration(max(pr.TimeoutSeconds, 1)) * time.Second
		return cmd.Code == 0 && !cmd.Forever && !cmd.Missing && cmd.Duration < timeout
	case pr.HTTPGet != nil, pr.TCPSocket != nil:
		return c.agent && agentAnswers(c.spec, pr)
	}
	return false
}
