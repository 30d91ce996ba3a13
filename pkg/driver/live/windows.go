package live

import (
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// The precision of the live observers and the latency one kubelet step
// adds after a precisely observed cause (docs/fidelity.md, "How a live
// timeline is observed").
const (
	// precision: an agent's line carries its own clock reading, and a
	// kind node shares the host's clock; a signal reaches the agent
	// within milliseconds, its heartbeat (agent.HeartbeatPeriod) places
	// a kill it cannot log, the runtime's exit event stamps an end in
	// nanoseconds. The windows' target is ±0.25 s.
	precision = 250 * time.Millisecond
	// hop: a kubelet step after a cause it waits on (an exec hook
	// returning, a StopContainer call returning, the goroutine that
	// kills the next sidecar) takes milliseconds to a few hundred on a
	// busy node.
	hop = 250 * time.Millisecond
	// relist: the kubelet notices a container's start or exit at its
	// next PLEG relist (pkg/kubelet/kubelet.go, genericPlegRelistPeriod,
	// 1 s) before it acts on it: a start that follows an exit (the next
	// init container, a restart) may come that much later than the
	// simulator's, which acts in the instant.
	relist = time.Second
)

var _ driver.Windows = (*session)(nil)

// Reaction bounds the kubelet's reaction to an action, from the run's
// calibration (Calibration.reactionBound); with a tolerance given
// instead, the tolerance.
func (s *session) Reaction(a driver.Action) time.Duration {
	if s.d.cal == (Calibration{}) {
		return s.d.Tolerance()
	}
	return s.d.cal.reactionBound(a)
}

// Margin is how early and late an event may be seen against its rule,
// by the observer that sees it: the agent's lines and the runtime's
// events precisely, the API late by the calibrated chain of a status
// reaching it.
func (s *session) Margin(sel timeline.Selector) (early, late time.Duration) {
	apiLate := s.d.cal.apiLate()
	if s.d.cal == (Calibration{}) {
		apiLate = s.d.Tolerance()
	}
	precise := s.precise(sel)
	switch {
	case !precise:
		// Seen through the API: a watch delivery (ms) after a status
		// sync; the API's time stamps have whole seconds.
		return precision, apiLate
	case sel.Kind == timeline.Started || sel.Kind == timeline.Created || sel.Kind == timeline.Restarted:
		return precision, precision + hop + relist
	}
	return precision, precision + hop
}

// precise tells whether the events sel selects are seen by a precise
// observer: the agent's own lines (signals, exec hooks it serves, its
// start and exit, the probe answers it gives), the heartbeat or the
// runtime for a kill, the runtime for any container's exit.
func (s *session) precise(sel timeline.Selector) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil || sel.Container == "" {
		return false
	}
	c := t.ctrs[sel.Container]
	if c == nil {
		return false
	}
	switch sel.Kind {
	case timeline.Exited, timeline.SIGKILL:
		return c.agent || s.d.exits.Live()
	case timeline.SIGTERM, timeline.Started, timeline.Created, timeline.Restarted, timeline.PostStartDone:
		return c.agent
	case timeline.PreStopStarted, timeline.PreStopDone:
		// A sleep action runs in the kubelet: seen by its Killing event.
		return c.agent && !(c.spec.Lifecycle != nil && c.spec.Lifecycle.PreStop != nil && c.spec.Lifecycle.PreStop.Sleep != nil)
	case timeline.ProbeFailed:
		return c.agent && c.agentProbes[sel.Reason] != nil
	}
	return false
}
