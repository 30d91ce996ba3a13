package live

import (
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/judge"
	"github.com/podlife/podlife/pkg/kubelet/periods"
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
	// busy node: a sidecar's SIGTERM came 0.61 s after the main
	// container's exit in the whole catalogue's run (2026-11-25, two pool
	// nodes under pressure beside). Half a second keeps a window that
	// rejects a 1 s shift either way for what it accepts.
	hop = 500 * time.Millisecond
	// relist: the kubelet notices a container's start or exit at its
	// next PLEG relist (periods.PLEGRelist, 1 s) and the sync that relist
	// starts before it acts on it (half a second more): a start that
	// follows an exit (the next init container, a restart) may come that
	// much later than the simulator's, which acts in the instant
	// (measured: a sidecar's SIGTERM 1.09 s after its main container
	// completed).
	relist = periods.PLEGRelist + 500*time.Millisecond
	// execHop: an exec hook's process starts after the runtime's exec
	// (runc exec: 20–390 ms measured on a busy node, 2026-11-23).
	execHop = 500 * time.Millisecond
	// startHop: a container the kubelet starts (the next init
	// container, a restart) is created and started through the runtime
	// after the sync that decided it: up to 1.2 s measured on a busy
	// 2-core node, and the relist before it may run late as well.
	startHop = 1500 * time.Millisecond
	// nodeStatusUpdate: the kubelet posts its node's status every
	// nodeStatusUpdateFrequency (periods.NodeStatusUpdate, 10 s), the
	// pressure conditions as the eviction manager last computed them
	// (pkg/kubelet/nodestatus/setters.go, MemoryPressureCondition).
	nodeStatusUpdate = periods.NodeStatusUpdate
	// evictionPass: the eviction manager looks at the node's signals
	// every 10 s (periods.EvictionMonitoring) from when its kubelet
	// started; the simulator's passes keep their own phase. An eviction,
	// and what a pass decides, may come up to a period earlier or later
	// than the simulator's.
	evictionPass = periods.EvictionMonitoring
)

var _ judge.Observations = (*windowPolicy)(nil)

// Reaction bounds the kubelet's reaction to an action, from the run's
// calibration (Calibration.reactionBound); with a tolerance given
// instead, the tolerance.
func (s *windowPolicy) Reaction(a driver.Action) time.Duration {
	switch a {
	case driver.ActionNode:
		return evictionPass
	case driver.ActionExit:
		// The kubelet's notice of an exit: its next relist.
		return relist
	}
	if s.d.cal == (Calibration{}) {
		return s.d.Tolerance()
	}
	return s.d.cal.reactionBound(a)
}

// Margin is how early and late an event may be seen against its rule,
// by the observer that sees it: the agent's lines and the runtime's
// events precisely, the API late by the calibrated chain of a status
// reaching it.
func (s *windowPolicy) Margin(sel timeline.Selector, after driver.Action) (early, late time.Duration) {
	apiLate := s.d.cal.apiLate()
	if s.d.cal == (Calibration{}) {
		apiLate = s.d.Tolerance()
	}
	early, late = precision, precision+hop
	switch {
	case !s.Precise(sel):
		// Seen through the API: a watch delivery (ms) after a status
		// sync; the API's time stamps have whole seconds. The calibrated
		// chain is a deleted pod's, whose kill the kubelet waits on; a
		// pod running on its own has its exits noticed at a relist first
		// (measured: Failed 2.08 s after an OOM kill).
		late = apiLate
		if after == driver.ActionCreate || after == driver.ActionExit {
			late += relist
		}
		if tail, ok := s.d.cal.noticeLate(); ok && after == driver.ActionNoticed {
			// After the kubelet's notice of an exit, what its sync
			// writes (a back-off Event, a container's status) reaches the
			// API at once: the calibrated tail from a notice to the pod
			// gone bounds it.
			late = precision + tail
		}
	case (after == driver.ActionCreate || after == driver.ActionExit) && s.kubeletDriven(sel):
		// A pod running on its own: what the kubelet does to a container
		// follows a start or an exit it noticed at a relist (a sidecar
		// stopped when the main container completed, the next init
		// container, a restart).
		late += relist
		if sel.Kind == timeline.Started || sel.Kind == timeline.Created || sel.Kind == timeline.Restarted {
			// Then it creates and starts the container through the
			// runtime: 0.2 s on a quiet node, 1.2 s measured on a busy
			// one (2026-11-25: an init container's exit to the app's
			// start took 2.2 s and 3.07 s, the exit noticed 1.86 s
			// late in the second).
			late += startHop
		}
	}
	if sel.Kind == timeline.Deleted && s.manifestRemoved(sel.Pod) {
		// A static pod whose manifest a step removed: the kubelet deletes
		// its orphaned mirror pod at its first housekeeping after the
		// pod's worker finished (HandlePodCleanups, every
		// housekeepingPeriod; pkg/kubelet, v1.36.3), a tick whose phase
		// is the node's own: up to a period after the last exit.
		late += periods.Housekeeping
	}
	if sel.Kind == timeline.PreStopStarted && s.execPreStop(sel) {
		// An exec hook's process starts after the runtime's exec, which
		// took 20–390 ms on a busy node; after a failed postStart the
		// kubelet ran two execs in a row (the postStart, then the
		// preStop: 0.58 s from the container's start in a loaded run,
		// poststart.feature:55).
		late += execHop
	}
	// A probe's ticks keep the phase of its worker, which the pod worker
	// started before the container (pkg/kubelet/prober/worker.go run);
	// the simulator's workers tick from the container's start. What a
	// probe decides may come up to a period earlier or later.
	var p time.Duration
	if after == driver.ActionNode {
		// What a node action brings about, the eviction manager decides
		// at its next pass; the memory podlife holds takes a few seconds
		// to fill, and an eviction is seen through the API.
		var took time.Duration
		for _, l := range s.leases {
			took = max(took, l.fill)
		}
		if strings.HasPrefix(sel.Pod, "node/") {
			// A node's condition reaches the API at the kubelet's next
			// node status update, every nodeStatusUpdateFrequency after
			// the pass that saw it (the simulator publishes it at the
			// pass).
			late += nodeStatusUpdate
		}
		return early + evictionPass, late + evictionPass + took + apiLate
	}
	if sel.Kind == timeline.Started || sel.Kind == timeline.Created {
		// A start held back by a sidecar's startupProbe comes at that
		// probe's first success after its initialDelaySeconds, which the
		// real kubelet sees at its worker's next tick (up to a period
		// later, the worker's phase set when the pod was added); the
		// simulator's ticks count from the sidecar's start. Never
		// earlier: the delay is checked against the container's start
		// (pkg/kubelet/prober/worker.go doProbe, v1.36.3).
		late += s.startGatePeriod(sel)
	}
	switch sel.Kind {
	case timeline.Evicted:
		// A pass, and the time the pod's own agents take to use their
		// memory on these machines (fresh memory faults in slowly).
		p = evictionPass
		late += s.d.fillTime(s.podMemory(sel.Pod))
	case timeline.Ready, timeline.NotReady, timeline.ProbeFailed:
		p = s.probePeriod(sel, false)
	case timeline.KubeEvent:
		if sel.Reason == "Unhealthy" {
			// A probe's failure, as its Event: the probe's phase.
			p = s.probePeriod(sel, false)
		}
	case timeline.SIGTERM, timeline.SIGKILL, timeline.PreStopStarted, timeline.PreStopDone, timeline.Exited, timeline.Restarted, timeline.Started, timeline.Created:
		if after == driver.ActionCreate {
			// A kill (and the restart after it) that a liveness or
			// startup probe decided.
			p = s.probePeriod(sel, true)
			// activeDeadlineSeconds counts from the pod's
			// status.startTime, which the kubelet sets at its first sync
			// of the pod (pkg/kubelet/kubelet_pods.go
			// generateAPIPodStatus), before it starts a container; the
			// deadline is checked on the sync loop's 1 s tick
			// (periods.SyncLoopTick; pkg/kubelet/active_deadline.go
			// ShouldSync). startTime is kept at whole seconds: a kill it
			// decides may come as much earlier as the container started
			// after that truncated time.
			if s.deadlined(sel.Pod) {
				early += s.startLag(sel.Pod)
			}
		}
		if sel.Kind == timeline.Exited {
			// An OOM kill comes once the process has faulted in its
			// limit's worth of memory, which takes its time here; the
			// simulator's memory is in use at once.
			// Twice the calibrated fill: a busier moment than the
			// calibration's.
			late += 2 * s.d.fillTime(s.oomBytes(sel))
		}
	}
	return early + p, late + p
}

// manifestRemoved tells whether pod is a static pod whose manifest a
// step removed (staticPods.RemoveStaticPod).
func (s *windowPolicy) manifestRemoved(pod string) bool {
	file := s.kube.manifestName(pod)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range s.manifests {
		if f.file == file && f.removed {
			return true
		}
	}
	return false
}

// noticeWait: how long after an exit its notice may still come through
// the kubelet's journal (a relist period and its time, then the journal's
// delivery).
const noticeWait = 2500 * time.Millisecond

// Noticed is when the kubelet noticed the exit e at its PLEG relist, from
// its own log (kubeletNotices), in session time.
func (s *windowPolicy) Noticed(e timeline.Event) (time.Duration, bool) {
	if e.Kind != timeline.Exited {
		return 0, false
	}
	id, ok := s.instanceOf(e)
	if !ok {
		s.d.debugf("%s/%s: no instance for the exit at %s", e.Pod, e.Container, e.At)
		return 0, false
	}
	// The kubelet's line comes through the journal, 0.2–0.5 s after it
	// was written, and the relist that writes it up to a period and its
	// own time after the exit: an expectation looked at the moment its
	// event was seen may ask before the line is in.
	at, ok := s.d.notices.Died(id)
	for !ok && s.d.notices != nil && s.Now() < e.At+noticeWait {
		time.Sleep(50 * time.Millisecond)
		at, ok = s.d.notices.Died(id)
	}
	if !ok {
		s.d.debugf("%s/%s: no notice of %s's exit", e.Pod, e.Container, id)
		return 0, false
	}
	// A notice cannot come before the exit it reports beyond the
	// observers' precision (the kind node shares the host's clock).
	if n := s.at(at); n >= e.At-precision {
		return max(n, e.At), true
	}
	return 0, false
}

// podNoticed is the kubelet's latest notice, in [from, to] (session
// time), of an exit of one of the pod's containers or of its sandbox.
func (s *windowPolicy) podNoticed(pod string, from, to time.Duration) (time.Duration, bool) {
	s.mu.Lock()
	api := pod
	if t := s.pods[pod]; t != nil && t.api != "" {
		api = t.api
	}
	s.mu.Unlock()
	at, ok := s.d.notices.PodDied(s.ns, api, s.start.Add(from), s.start.Add(to))
	if !ok {
		return 0, false
	}
	return s.at(at), true
}

// TerminatedSync bounds the start of the relist after which the kubelet
// ran a deleted pod's terminated sync, the one that writes its terminal
// phase and deletes it. That sync waits for a pod cache newer than the
// end of SyncTerminatingPod (pkg/kubelet/pod_workers.go podWorkerLoop,
// GetNewerThan, v1.36.3), so it follows the first relist to start after
// that end. The relists are known from the kubelet's log only where they
// noticed an exit of the pod: the last such notice (the one of exit, or
// a relist later its sandbox's end) starts the count. The end of
// SyncTerminatingPod is seen as the status it writes last, where the
// pod's sandbox is stopped (PodReadyToStartContainers False, pkg/kubelet/
// kubelet.go SyncTerminatingPod, v1.36.3): when it came after the last
// notice's relist had started, the sync waited for the next relist, which
// found nothing to log (seen on CI, 2026-11-27: the pod gone 1.04 s after
// the only notice, twice). Within endSeen of each other either relist
// could be the one: [lo, hi] spans both. Without that status, too.
func (s *windowPolicy) TerminatedSync(exit timeline.Event, n, gone time.Duration) (lo, hi time.Duration, ok bool) {
	last, ok := s.podNoticed(exit.Pod, n, gone)
	if !ok || last-n > relist {
		return 0, 0, false
	}
	end, ok := s.sandboxStopped(exit.Pod, exit.At, gone)
	if !ok {
		return last, last + periods.PLEGRelist, true
	}
	return relistAfter(last, end-endSeen), relistAfter(last, end+endSeen), true
}

// endSeen bounds both how long after its relist started a notice is
// logged (the runtime's listing and the pod's status read) and how long
// after SyncTerminatingPod returned its last status is seen (the status
// manager's patch, the watch's delivery). Measured with the kubelet at
// -v=5 (2026-11-27, 36 deleted pods, 4 and 6 at a time): 2–33 ms from
// "GenericPLEG: Relisting" to the notice, 1–74 ms from "SyncTerminatingPod
// exit" to the status seen; twice the worst for a busier node.
const endSeen = 150 * time.Millisecond

// relistAfter is the first of the relists last, last+periods.PLEGRelist, ...
// to start after t: the kubelet relists its runtime every
// periods.PLEGRelist, counted from the end of the relist before
// (wait.Until in pkg/kubelet/pleg/generic.go Start). A relist that finds
// nothing new logs nothing at the cluster's verbosity.
func relistAfter(last, t time.Duration) time.Duration {
	if t < last {
		return last
	}
	return last + ((t-last)/periods.PLEGRelist+1)*periods.PLEGRelist
}

// sandboxStopped is when the pod's status was first seen, in [from, to],
// with its sandbox stopped (PodReadyToStartContainers False).
func (s *windowPolicy) sandboxStopped(pod string, from, to time.Duration) (time.Duration, bool) {
	s.mu.Lock()
	events := s.rec.snapshot(-1)
	s.mu.Unlock()
	sel := timeline.Selector{Pod: pod, Kind: timeline.Condition, Reason: string(corev1.PodReadyToStartContainers), Status: string(corev1.ConditionFalse)}
	for _, e := range events {
		if e.At >= from && e.At <= to && sel.Matches(e) {
			return e.At, true
		}
	}
	return 0, false
}

// ProbeAnswers are the agent's answers to the selected container's probe
// of that kind, in session time (its lines: a millisecond's precision).
func (s *windowPolicy) ProbeAnswers(sel timeline.Selector, kind string) []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil || t.ctrs[sel.Container] == nil {
		return nil
	}
	out := append([]time.Duration(nil), t.ctrs[sel.Container].answers[kind]...)
	slices.Sort(out)
	return out
}

// Acted is when the kubelet had the container of the start e created
// (the runtime's create event, precise): the runtime then takes its own
// time to start the process, which the start's window does not count
// against the kubelet's rule.
func (s *windowPolicy) Acted(e timeline.Event) (time.Duration, bool) {
	if e.Kind != timeline.Started && e.Kind != timeline.Restarted && e.Kind != timeline.Created {
		return 0, false
	}
	id, ok := s.instanceOf(e)
	if !ok {
		return 0, false
	}
	at, ok := s.d.exits.Created(id)
	if !ok {
		return 0, false
	}
	if c := s.at(at); c <= e.At+precision {
		return min(c, e.At), true
	}
	return 0, false
}

// instanceOf is the container ID of the instance whose start or exit e
// is, as recorded.
func (s *windowPolicy) instanceOf(e timeline.Event) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[e.Pod]
	if t == nil {
		return "", false
	}
	c := t.ctrs[e.Container]
	if c == nil {
		return "", false
	}
	for _, id := range c.order {
		in := c.insts[id]
		switch {
		case e.Kind == timeline.Exited && in.recExited && in.exitAt == e.At,
			e.Kind != timeline.Exited && in.recStarted && in.startAt == e.At:
			return in.id, true
		}
	}
	return "", false
}

// execPreStop tells whether the selected container's preStop hook is an
// exec command (run in the container through the runtime).
func (s *windowPolicy) execPreStop(sel timeline.Selector) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil {
		return false
	}
	c := t.ctrs[sel.Container]
	return c != nil && c.spec.Lifecycle != nil && c.spec.Lifecycle.PreStop != nil && c.spec.Lifecycle.PreStop.Exec != nil
}

// DeadlineClock is when the pod's activeDeadlineSeconds clock started as
// the kubelet reads it: its status.startTime, kept at whole seconds in
// the kubelet's cache as in the API (startLag), in session time; false
// for a pod without a deadline or before its startTime was seen.
func (s *windowPolicy) DeadlineClock(pod string) (time.Duration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[pod]
	if t == nil || t.spec == nil || t.spec.Spec.ActiveDeadlineSeconds == nil || t.obj == nil || t.obj.Status.StartTime == nil {
		return 0, false
	}
	return s.at(t.obj.Status.StartTime.Time), true
}

// WholeSecond is at as the API keeps a time: truncated to the wall
// clock's whole second (metav1.Time is serialized in RFC 3339 seconds).
func (s *windowPolicy) WholeSecond(at time.Duration) time.Duration {
	return s.at(s.start.Add(at).Truncate(time.Second))
}

// deadlined tells whether the pod has an activeDeadlineSeconds.
func (s *windowPolicy) deadlined(pod string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[pod]
	return t != nil && t.spec != nil && t.spec.Spec.ActiveDeadlineSeconds != nil
}

// startLag is how long before its first container started the pod's
// activeDeadlineSeconds clock started: its status.startTime, which the
// kubelet sets at its first sync and keeps at whole seconds (its status
// manager normalizes a status before caching it, updateStatusInternal
// normalizeStatus, and pastActiveDeadline reads that cached status;
// pkg/kubelet/status/status_manager.go and active_deadline.go, v1.36.3),
// so up to a second before that sync: a deadline kill came 9.80 s after
// the create of a pod whose container started at 0.58 s, its deadline
// seen at 9.58 s (status.feature:221, 2026-11-27). Without a startTime
// seen, from the kubelet's first status.
func (s *windowPolicy) startLag(pod string) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	var from time.Duration
	seen := false
	if t := s.pods[pod]; t != nil && t.obj != nil && t.obj.Status.StartTime != nil {
		from, seen = s.at(t.obj.Status.StartTime.Time), true
	}
	for _, e := range s.rec.events {
		if e.Pod != pod {
			continue
		}
		switch {
		case e.Kind == timeline.Admitted && !seen:
			from, seen = e.At, true
		case e.Kind == timeline.Started && seen:
			return max(0, e.At-from)
		}
	}
	return 0
}

// oomBytes is the memory the selected agent container must fault in
// before its memory limit kills it: its limit when its behaviour uses
// more, else 0.
func (s *windowPolicy) oomBytes(sel timeline.Selector) int64 {
	b, ok := s.behaviorOf(sel)
	if !ok || len(b.Memory) == 0 {
		return 0
	}
	s.mu.Lock()
	var limit int64
	if t := s.pods[sel.Pod]; t != nil {
		if c := t.ctrs[sel.Container]; c != nil {
			if q, ok := c.spec.Resources.Limits[corev1.ResourceMemory]; ok {
				limit = q.Value()
			}
		}
	}
	s.mu.Unlock()
	if limit == 0 || b.MemoryPeak() <= limit {
		return 0
	}
	return limit
}

// kubeletDriven tells whether the event is the kubelet's doing rather
// than the process's own: a signal, a hook, or the exit of an agent that
// does not end on its own account.
func (s *windowPolicy) kubeletDriven(sel timeline.Selector) bool {
	switch sel.Kind {
	case timeline.SIGTERM, timeline.SIGKILL, timeline.PreStopStarted, timeline.PreStopDone,
		timeline.Started, timeline.Created, timeline.Restarted:
		return true
	case timeline.Exited:
		b, ok := s.behaviorOf(sel)
		return !ok || (b.Exit == nil && len(b.Attempts) == 0 && len(b.Memory) == 0)
	}
	return false
}

// podMemory is the memory the pod's agents are told to use, in bytes: the
// most each uses.
func (s *windowPolicy) podMemory(pod string) int64 {
	s.mu.Lock()
	t := s.pods[pod]
	var args [][]string
	if t != nil {
		for _, c := range t.ctrs {
			if c.agent {
				args = append(args, c.spec.Args)
			}
		}
	}
	s.mu.Unlock()
	var n int64
	for _, a := range args {
		if b, err := behavior.Parse(a); err == nil {
			n += b.MemoryPeak()
		}
	}
	return n
}

// behaviorOf is the agent behaviour of the selected container.
func (s *windowPolicy) behaviorOf(sel timeline.Selector) (behavior.Behavior, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil {
		return behavior.Behavior{}, false
	}
	c := t.ctrs[sel.Container]
	if c == nil || !c.agent {
		return behavior.Behavior{}, false
	}
	b, err := behavior.Parse(c.spec.Args)
	return b, err == nil
}

// startGatePeriod is the longest period of the startupProbes of the
// restartable init containers that start before the selected container
// (each holds back the containers after it until its probe succeeds:
// computeInitContainerActions, pkg/kubelet/kuberuntime/
// kuberuntime_container.go, v1.36.3), 0 when none has one.
func (s *windowPolicy) startGatePeriod(sel timeline.Selector) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil || t.spec == nil {
		return 0
	}
	var p time.Duration
	for _, c := range t.spec.Spec.InitContainers {
		if c.Name == sel.Container {
			return p
		}
		if c.RestartPolicy == nil || *c.RestartPolicy != corev1.ContainerRestartPolicyAlways || c.StartupProbe == nil {
			continue
		}
		period := c.StartupProbe.PeriodSeconds
		if period == 0 {
			period = periods.ProbePeriodSeconds // the API server's default
		}
		p = max(p, time.Duration(period)*time.Second)
	}
	return p
}

// probePeriod is the longest period of the selected container's probes
// (only those that can kill it: liveness and startup, with killing set),
// 0 when it has none.
func (s *windowPolicy) probePeriod(sel timeline.Selector, killing bool) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil {
		return 0
	}
	var p time.Duration
	for _, c := range t.ctrs {
		if sel.Container != "" && c.name != sel.Container {
			continue
		}
		probes := []*corev1.Probe{c.spec.LivenessProbe, c.spec.ReadinessProbe, c.spec.StartupProbe}
		if killing {
			probes = []*corev1.Probe{c.spec.LivenessProbe, c.spec.StartupProbe}
		}
		for _, pr := range probes {
			if pr == nil {
				continue
			}
			period := pr.PeriodSeconds
			if period == 0 {
				period = periods.ProbePeriodSeconds // the API server's default
			}
			p = max(p, time.Duration(period)*time.Second)
		}
	}
	return p
}

// Unobserved says why a cluster cannot see the events sel selects: a
// signal reaches only podlife's agent; a hook the kubelet runs itself (a
// sleep action) or runs in an image container ends without a trace; a
// sidecar's sleep preStop cannot be timed by its SIGTERM, which waits for
// the main containers (kuberuntime_termination_order.go).
func (s *windowPolicy) Unobserved(sel timeline.Selector) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.pods[sel.Pod]
	if t == nil || sel.Container == "" {
		return ""
	}
	c := t.ctrs[sel.Container]
	if c == nil {
		return ""
	}
	var lc corev1.Lifecycle
	if c.spec.Lifecycle != nil {
		lc = *c.spec.Lifecycle
	}
	sidecar := c.spec.RestartPolicy != nil && *c.spec.RestartPolicy == corev1.ContainerRestartPolicyAlways && isInit(t.spec, c.name)
	switch {
	case sel.Kind == timeline.SIGTERM && !c.agent && (lc.PreStop != nil || sidecar):
		// Without a preStop, a regular container's SIGTERM follows the
		// Killing event at once (killContainer), which stands for it; a
		// hook or a sidecar's turn comes between the two.
		return fmt.Sprintf("container %q runs image %s: a cluster shows its signals only through podlife's agent, and its SIGTERM does not follow the Killing event at once (a preStop hook, or a sidecar's turn)", c.name, c.spec.Image)
	case sel.Kind == timeline.PostStartDone && lc.PostStart != nil && (lc.PostStart.Sleep != nil || !c.agent):
		return fmt.Sprintf("the end of container %q's postStart hook is not seen on a cluster (%s)", c.name, hookWhere(lc.PostStart, c.agent))
	case sel.Kind == timeline.PreStopDone && lc.PreStop != nil && !c.agent:
		return fmt.Sprintf("the end of container %q's preStop hook is not seen on a cluster (%s)", c.name, hookWhere(lc.PreStop, c.agent))
	case sel.Kind == timeline.PreStopDone && lc.PreStop != nil && lc.PreStop.Sleep != nil && sidecar:
		return fmt.Sprintf("the end of sidecar %q's sleep preStop is not seen on a cluster: it runs in the kubelet, and the sidecar's SIGTERM waits for the main containers", c.name)
	}
	return ""
}

// hookWhere says where a hook runs, for Unobserved's reasons.
func hookWhere(h *corev1.LifecycleHandler, agent bool) string {
	switch {
	case h.Sleep != nil:
		return "a sleep action runs in the kubelet"
	case !agent:
		return "it runs in an image container, not podlife's agent"
	}
	return "podlife's agent does not serve it"
}

// isInit tells whether name is one of the pod's init containers.
func isInit(p *corev1.Pod, name string) bool {
	if p == nil {
		return false
	}
	for _, c := range p.Spec.InitContainers {
		if c.Name == name {
			return true
		}
	}
	return false
}

// Precise tells whether the events sel selects are seen by a precise
// observer: the agent's own lines (signals, exec hooks it serves, its
// start and exit, the probe answers it gives), the heartbeat or the
// runtime for a kill, the runtime for any container's exit.
func (s *windowPolicy) Precise(sel timeline.Selector) bool {
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
	case timeline.PreStopStarted:
		// A sleep action runs in the kubelet: seen by its Killing event.
		return c.agent && !(c.spec.Lifecycle != nil && c.spec.Lifecycle.PreStop != nil && c.spec.Lifecycle.PreStop.Sleep != nil)
	case timeline.PreStopDone:
		// Its end is the agent's SIGTERM line when the kubelet ran it.
		return c.agent
	case timeline.ProbeFailed:
		return c.agent && c.agentProbes[sel.Reason] != nil
	}
	return false
}
