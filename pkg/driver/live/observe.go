package live

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/kubelet/conditions"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// statusLag bounds how long after the fact a status update reaches
// podlife; estimate uses it with the API's whole-second time stamps.
const statusLag = 1500 * time.Millisecond

// finishDelay is how long the end of a container instance seen in its
// status waits for the agent's last log lines before its exit is
// recorded, so that a SIGKILL is placed after the last heartbeat.
const finishDelay = 600 * time.Millisecond

// podTrack is what the session knows of one pod.
type podTrack struct {
	name string
	// api is the pod's name in the API: name, or for a static pod its
	// mirror pod's <name>-<node>.
	api    string
	static bool
	uid    types.UID
	spec   *corev1.Pod // as created
	obj    *corev1.Pod // as last seen
	gone   bool
	// seen is every version observed, with its time, for the state
	// checks that read the current time after the session ran past it
	// (driver.History); a nil obj: the pod gone.
	seen []podVersion

	admitted, rejected, scheduled, sandbox bool
	grace                                  *int64
	deleteAt                               time.Duration // when grace was last set (DeleteRequested)
	status                                 string        // the STATUS column last seen
	ctrs                                   map[string]*ctrTrack
}

// podVersion is a pod as observed from at (session time) on.
type podVersion struct {
	at  time.Duration
	obj *corev1.Pod
}

// saw notes the pod's state (t.obj, or gone) as observed at at.
func (t *podTrack) saw(at time.Duration) {
	obj := t.obj
	if t.gone {
		obj = nil
	}
	t.seen = append(t.seen, podVersion{at: at, obj: obj})
}

// asOf is the pod as observed at at, nil when not seen yet or gone.
func (t *podTrack) asOf(at time.Duration) *corev1.Pod {
	var p *corev1.Pod
	for _, v := range t.seen {
		if v.at > at {
			break
		}
		p = v.obj
	}
	return p
}

// on says whether the pod is bound to the node (as created or as last
// seen).
func (t *podTrack) on(node string) bool {
	for _, p := range []*corev1.Pod{t.obj, t.spec} {
		if p != nil && p.Spec.NodeName == node {
			return true
		}
	}
	return false
}

// ctrTrack is one container of a pod, across its instances.
type ctrTrack struct {
	name   string
	spec   *corev1.Container
	agent  bool
	starts int // instances started so far
	ready  bool
	reason string // last waiting reason
	insts  map[string]*instTrack
	order  []string // container ids, oldest first
	lines  map[string]bool
	// agentProbes are the probes whose answers the agent itself gives and
	// logs (its probe command, an exec command it serves, an HTTP request
	// on a port it listens on): their failures come from its lines, to the
	// millisecond, not from the kubelet's later Unhealthy events.
	agentProbes map[string]*corev1.Probe
	// answers are the times of the agent's probe answers, by kind, as
	// its lines give them.
	answers map[string][]time.Duration
}

// instTrack is one container instance (one container ID).
type instTrack struct {
	id       string
	started  bool
	finished bool
	// from the agent's log
	sigterm        time.Time
	lastLine       time.Time
	exit           *agent.Line
	preStopStarted bool
	preStopDone    bool
	// startedAt is the agent's start; memoryLines counts the lines it
	// logged that a point of its behaviour's memory is in use, memoryAt
	// is the last one's time.
	startedAt   time.Time
	memoryLines int
	memoryAt    time.Time
	// startAt and exitAt are the session times of the instance's Started
	// and Exited events, as recorded: what the kubelet's notices and the
	// runtime's creates are looked up by (session.instanceOf).
	startAt, exitAt       time.Duration
	recStarted, recExited bool
	postStartDone         bool
	followed              bool
	logEnded              bool
	// first is the first line of the instance's log, which every stream
	// of its log begins with (readLog).
	first string
	// attached is closed once the instance's log is being read (or its
	// follower gave up).
	attached   chan struct{}
	attachOnce sync.Once
}

// track registers a pod about to be created.
func (s *observers) track(name string, p *corev1.Pod) *podTrack {
	t := newPodTrack(name, p)
	s.mu.Lock()
	s.pods[name] = t
	s.mu.Unlock()
	return t
}

// newPodTrack is what the session knows of a pod before it is seen.
func newPodTrack(name string, p *corev1.Pod) *podTrack {
	t := &podTrack{name: name, api: p.Name, spec: p, ctrs: map[string]*ctrTrack{}}
	for _, list := range [][]corev1.Container{p.Spec.InitContainers, p.Spec.Containers} {
		for i := range list {
			c := &list[i]
			ct := &ctrTrack{name: c.Name, spec: c, agent: c.Image == behavior.Image,
				insts: map[string]*instTrack{}, lines: map[string]bool{}, agentProbes: map[string]*corev1.Probe{}}
			if ct.agent {
				for kind, pr := range map[string]*corev1.Probe{"liveness": c.LivenessProbe, "readiness": c.ReadinessProbe, "startup": c.StartupProbe} {
					if agentAnswers(c, pr) {
						ct.agentProbes[kind] = pr
					}
				}
			}
			t.ctrs[c.Name] = ct
		}
	}
	return t
}

// onPod turns a watched pod into timeline events: the differences from
// what was seen before.
func (s *observers) onPod(o any, deleted bool) {
	p, ok := o.(*corev1.Pod)
	if !ok {
		return
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.byAPI(p.Name)
	if t == nil && !deleted {
		// A pod one of the scenario's ReplicaSets created
		// (disruptions.go) is the scenario's from its first sighting.
		t = s.disrupt.adopt(p, now)
		if t == nil {
			t = s.work.adopt(p, now) // workloads.go
		}
	}
	if t != nil && !deleted && t.gone && t.uid != "" && t.uid != p.UID {
		// A StatefulSet's pod re-created under the name of one gone
		// (its controller's identity: <set>-<ordinal>) is the scenario's
		// pod of that name again, from its first sighting.
		if ref := metav1.GetControllerOf(p); ref != nil && ref.Kind == "StatefulSet" {
			if nt := s.work.adopt(p, now); nt != nil {
				t = nt
			}
		}
	}
	if t == nil {
		return
	}
	if t.static {
		s.observeMirror(t, p, now, deleted)
		return
	}
	if t.uid != "" && t.uid != p.UID {
		return
	}
	s.observe(t, p, now, deleted)
}

// byAPI finds the pod the API calls name; callers hold s.mu.
func (s *observers) byAPI(name string) *podTrack {
	for _, t := range s.pods {
		if t.api == name {
			return t
		}
	}
	return nil
}

// observeMirror follows a static pod through its mirror pods. Deleting a
// mirror pod leaves the static pod's containers running and the kubelet
// creates a new mirror pod (pkg/kubelet/kubelet.go SyncPod, "Mirror pod
// ... is not current or being deleted, create a new one"): the old one's
// end is Deleted, the new one is PodCreated and its phase is recorded
// again, as the simulator does; the containers go on across both.
// Callers hold s.mu.
func (s *observers) observeMirror(t *podTrack, p *corev1.Pod, now time.Time, deleted bool) {
	if deleted {
		if p.UID == t.uid && !t.gone {
			t.gone = true
			t.saw(s.at(now))
			s.record(timeline.Event{At: s.at(now), Pod: t.name, Kind: timeline.Deleted})
			s.notify()
		}
		return
	}
	if t.uid != p.UID {
		if t.uid != "" {
			s.record(timeline.Event{At: s.at(now), Pod: t.name, Kind: timeline.PodCreated, Message: "mirror pod " + p.Name})
			if t.obj != nil {
				// The new mirror pod's conditions and containers are the
				// static pod's: only its phase is news.
				prev := t.obj.DeepCopy()
				prev.Status.Phase = ""
				prev.ResourceVersion = ""
				t.obj = prev
			}
		}
		t.uid, t.gone, t.grace = p.UID, false, nil
	}
	s.observe(t, p, now, false)
}

// observe records what changed in a pod since it was last seen; callers
// hold s.mu.
func (s *observers) observe(t *podTrack, p *corev1.Pod, now time.Time, deleted bool) {
	if !deleted && t.obj != nil && p.ResourceVersion == t.obj.ResourceVersion {
		return
	}
	at := s.at(now)
	name := t.name
	old := t.obj
	if old == nil {
		old = &corev1.Pod{}
	}
	if deleted {
		if !t.gone {
			t.gone = true
			t.saw(at)
			s.finishAll(t, p, now)
			s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Deleted})
		}
		return
	}
	t.obj = p
	t.saw(at)
	// Deletion requested (or its grace shortened).
	if p.DeletionTimestamp != nil && p.DeletionGracePeriodSeconds != nil && (t.grace == nil || *t.grace != *p.DeletionGracePeriodSeconds) {
		g := *p.DeletionGracePeriodSeconds
		t.grace, t.deleteAt = &g, at
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.DeleteRequested, Code: int(g), Message: fmt.Sprintf("deletionGracePeriodSeconds=%d", g)})
	}
	// A static pod is never scheduled: its node is its manifest's.
	if !t.scheduled && p.Spec.NodeName != "" && !t.static {
		t.scheduled = true
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Scheduled, Message: p.Spec.NodeName})
	}
	// A pod the kubelet refused at admission is Failed from its first
	// status, with the admit handler's reason; the eviction manager's
	// refusal under pressure has the reason Evicted too, and a message
	// the kubelet's rejectPod starts with "Pod was rejected:"
	// (pkg/kubelet/kubelet.go, rejectPod), unlike an eviction's.
	rejected := p.Status.Phase == corev1.PodFailed && p.Status.Reason != "" &&
		(p.Status.Reason != "Evicted" || strings.HasPrefix(p.Status.Message, "Pod was rejected:"))
	switch {
	case !t.admitted && p.Status.StartTime != nil:
		t.admitted = true
		if rejected {
			t.rejected = true
			s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Rejected, Reason: p.Status.Reason, Message: p.Status.Message})
		} else {
			s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Admitted})
		}
	case t.admitted && !t.rejected && rejected && strings.HasPrefix(p.Status.Message, "Pod was rejected:") && len(p.Status.ContainerStatuses) == 0:
		// A status with startTime came first, the rejection later: seen
		// on v1.36.3 for a pod bound to a node whose kubelet had just
		// restarted (OutOfcpu event at 0.2 s, Failed 9.4 s later).
		t.rejected = true
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Rejected, Reason: p.Status.Reason, Message: p.Status.Message})
	}
	// Conditions, as the simulator records them: every change of status,
	// in the order one follows from another (conditions.Rank), each
	// container's changes before the conditions that follow from it
	// (conditions.Stage: the init containers' before Initialized, the
	// others' before ContainersReady): one update's changes are one
	// instant, and of two events at one instant the cause comes first.
	conds := slices.Clone(p.Status.Conditions)
	slices.SortStableFunc(conds, func(x, y corev1.PodCondition) int { return conditions.Rank(x.Type) - conditions.Rank(y.Type) })
	stage := conditions.Before
	containersTo := func(to int) {
		for ; stage < to; stage++ {
			list := p.Status.InitContainerStatuses
			if stage == conditions.AfterInit {
				list = p.Status.ContainerStatuses
			}
			for i := range list {
				s.onContainer(t, &list[i], now)
			}
		}
	}
	for _, c := range conds {
		containersTo(conditions.Stage(c.Type))
		var prev *corev1.PodCondition
		for i := range old.Status.Conditions {
			if old.Status.Conditions[i].Type == c.Type {
				prev = &old.Status.Conditions[i]
			}
		}
		if prev != nil && prev.Status == c.Status {
			continue
		}
		if c.Type == corev1.PodReadyToStartContainers && c.Status == corev1.ConditionTrue && !t.sandbox {
			t.sandbox = true
			s.record(timeline.Event{At: at, Pod: name, Kind: timeline.SandboxReady})
		}
		msg := c.Reason
		if c.Message != "" {
			m := c.Message
			if c.Type == corev1.PodScheduled {
				// The scheduler writes its FailedScheduling message here too.
				m = scenarioFitMessage(m, s.keptOn())
			}
			msg += ": " + m
		}
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Condition, Reason: string(c.Type), Status: string(c.Status), Message: msg})
	}
	containersTo(conditions.AfterAll)
	// A new pod's Pending is no change (the simulator records none either).
	if old.Status.Phase != p.Status.Phase && p.Status.Phase != "" && !(old.Status.Phase == "" && p.Status.Phase == corev1.PodPending) {
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Phase, Reason: string(p.Status.Phase), Message: p.Status.Reason})
	}
	// The STATUS column of `kubectl get pods`, by podlife's port of the API
	// server's printer, for every version of the pod seen (after the
	// phase, as the simulator records them).
	if cols := printer.Pod(p, now, s.printOpts); cols.Status != t.status {
		t.status = cols.Status
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Status, Reason: cols.Status})
	}
	if p.Status.Reason == "Evicted" && old.Status.Reason != "Evicted" && !rejected {
		s.record(timeline.Event{At: at, Pod: name, Kind: timeline.Evicted, Message: p.Status.Message})
	}
	s.notify()
}

// onContainer follows one container's status.
func (s *observers) onContainer(t *podTrack, cs *corev1.ContainerStatus, now time.Time) {
	c := t.ctrs[cs.Name]
	if c == nil {
		return
	}
	at := s.at(now)
	// Instances: the current one, and the last terminated one (which may
	// be an instance podlife never saw running).
	if lt := cs.LastTerminationState.Terminated; lt != nil && lt.ContainerID != "" {
		s.onInstance(t, c, lt.ContainerID, nil, lt, now)
	}
	switch {
	case cs.State.Running != nil && cs.ContainerID != "":
		s.onInstance(t, c, cs.ContainerID, cs.State.Running, nil, now)
	case cs.State.Terminated != nil && cs.State.Terminated.ContainerID != "":
		s.onInstance(t, c, cs.State.Terminated.ContainerID, nil, cs.State.Terminated, now)
	}
	if cs.Ready != c.ready {
		c.ready = cs.Ready
		k := timeline.Ready
		if !cs.Ready {
			k = timeline.NotReady
		}
		s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: k})
	}
	reason := ""
	if w := cs.State.Waiting; w != nil {
		reason = w.Reason
	}
	c.reason = reason
}

// onInstance notes a container instance's start and end.
func (s *observers) onInstance(t *podTrack, c *ctrTrack, id string, run *corev1.ContainerStateRunning, term *corev1.ContainerStateTerminated, now time.Time) {
	in := c.insts[id]
	if in == nil {
		in = &instTrack{id: id, attached: make(chan struct{})}
		c.insts[id] = in
		c.order = append(c.order, id)
	}
	if c.agent && !in.followed && !t.gone {
		in.followed = true
		s.follow(t, c, in, run == nil && term != nil && !s.isCurrent(t, c, id))
	}
	if !c.agent && !in.started {
		// The runtime's start event places an image container's start to
		// the nanosecond; the API's stamp only to the second.
		rt, precise := s.d.exits.Started(id)
		switch {
		case run != nil && precise:
			s.started(t, c, in, rt)
		case run != nil:
			s.started(t, c, in, estimate(run.StartedAt.Time, now, statusLag))
		case term != nil && s.ranAt(term.StartedAt, term.Reason) && precise:
			s.started(t, c, in, rt)
		case term != nil && s.ranAt(term.StartedAt, term.Reason):
			s.started(t, c, in, estimate(term.StartedAt.Time, now, statusLag))
		}
	}
	if term != nil && !in.finished {
		fin := term
		if c.agent {
			// Give the agent's last lines a moment to arrive.
			time.AfterFunc(finishDelay, func() {
				s.mu.Lock()
				defer s.mu.Unlock()
				s.finish(t, c, in, fin, now)
			})
			return
		}
		s.finish(t, c, in, fin, now)
	}
}

// ranAt tells whether a terminated instance ever ran: a container whose
// process could not start (StartError: its executable is missing) has a
// start time of 1970 or none.
func (s *observers) ranAt(startedAt metav1.Time, reason string) bool {
	if reason == "StartError" || reason == "ContainerCannotRun" || startedAt.IsZero() {
		return false
	}
	return startedAt.Time.After(s.start.Add(-time.Hour))
}

// isCurrent tells whether id is the container's current instance.
func (s *observers) isCurrent(t *podTrack, c *ctrTrack, id string) bool {
	if t.obj == nil {
		return false
	}
	for _, list := range [][]corev1.ContainerStatus{t.obj.Status.InitContainerStatuses, t.obj.Status.ContainerStatuses} {
		for _, cs := range list {
			if cs.Name == c.name {
				return cs.ContainerID == id
			}
		}
	}
	return false
}

// started records an instance's start (and its creation, and a restart
// for any instance after the first).
func (s *observers) started(t *podTrack, c *ctrTrack, in *instTrack, when time.Time) {
	if in.started {
		return
	}
	in.started = true
	in.startedAt = when
	at := s.at(when)
	s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Created})
	if c.starts > 0 {
		s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Restarted})
	}
	c.starts++
	in.startAt, in.recStarted = at, true
	s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Started})
}

// finish records an instance's end from its terminated status. An agent
// that wrote its exit line was placed by it already. Otherwise, exit code
// 137 after a SIGTERM means the runtime killed it: the SIGKILL is placed
// half a heartbeat after the agent's last line. Without agent lines, the
// API's whole-second time stamp and the moment podlife saw the status
// place it.
func (s *observers) finish(t *podTrack, c *ctrTrack, in *instTrack, term *corev1.ContainerStateTerminated, seen time.Time) {
	if in.finished {
		return
	}
	in.finished = true
	if !in.started && c.agent && s.ranAt(term.StartedAt, term.Reason) {
		s.started(t, c, in, estimate(term.StartedAt.Time, seen, statusLag))
	}
	code := int(term.ExitCode)
	reason := term.Reason
	if in.exit != nil {
		return
	}
	when := estimate(term.FinishedAt.Time, seen, statusLag)
	if ex, ok := s.d.exits.Exit(in.id); ok {
		when = ex.At
	} else if c.agent && !in.lastLine.IsZero() && !in.sigterm.IsZero() {
		when = in.lastLine.Add(agent.HeartbeatPeriod / 2)
	}
	at := s.at(when)
	// The kubelet's SIGKILL always follows its stop (StopContainer sends
	// SIGTERM first, the floor keeps 2 s between them): a 137 with no
	// stop before it is another killer's, the kernel's OOM killer whose
	// kill containerd (1.6, cgroup v1) reported once as Error rather
	// than OOMKilled in a live run (restarts/oom.feature:63).
	stopped := !in.sigterm.IsZero() || in.preStopStarted
	if code == 137 && reason != "OOMKilled" && reason != "ContainerStatusUnknown" && stopped {
		s.closePreStop(t, c, in, when)
		s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.SIGKILL, Message: "inferred: exit code 137"})
	}
	msg := ""
	if code == 137 && !stopped && reason != "OOMKilled" {
		msg = "137 with no stop before it: not the kubelet's kill"
	}
	in.exitAt, in.recExited = at, true
	s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Exited, Code: code, Reason: reason, Message: msg})
}

// finishAll ends what is still running when the pod goes from the API.
func (s *observers) finishAll(t *podTrack, p *corev1.Pod, now time.Time) {
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for i := range list {
			cs := &list[i]
			c := t.ctrs[cs.Name]
			if c == nil || cs.State.Terminated == nil || cs.State.Terminated.ContainerID == "" {
				continue
			}
			if in := c.insts[cs.State.Terminated.ContainerID]; in != nil && !in.finished && !c.agent {
				s.finish(t, c, in, cs.State.Terminated, now)
			}
		}
	}
}

// closePreStop records that the kubelet stopped waiting for a preStop
// hook that was still running.
func (s *observers) closePreStop(t *podTrack, c *ctrTrack, in *instTrack, when time.Time) {
	if in.preStopStarted && !in.preStopDone {
		in.preStopDone = true
		s.record(timeline.Event{At: s.at(when), Pod: t.name, Container: c.name, Kind: timeline.PreStopDone, Message: "the kubelet stopped waiting"})
	}
}

// withoutTurn tells whether a sidecar's SIGTERM at at came when the grace
// of the pod's deletion ran out rather than after its turn: the kubelet's
// wait for the main containers is bounded by the remaining grace
// (kuberuntime_termination_order.go waitForTurn, v1.36.3) and skipped when
// a preStop spent it (kuberuntime_container.go killContainer); the stop
// then runs concurrently with the main containers' SIGKILL at that moment
// (killContainersWithSyncResult, one goroutine per container), so which
// ends first is not fixed. A cluster does not say which way the wait
// ended: a SIGTERM from the observers' precision before the deletion's
// grace has run out on counts as one (the kubelet takes a grace of 0 as
// 1, calculateEffectiveGracePeriod).
func withoutTurn(t *podTrack, c *ctrTrack, at time.Duration) bool {
	if t.grace == nil || c.spec == nil || c.spec.RestartPolicy == nil || *c.spec.RestartPolicy != corev1.ContainerRestartPolicyAlways || !isInit(t.spec, c.name) {
		return false
	}
	g := max(*t.grace, 1)
	return at >= t.deleteAt+time.Duration(g)*time.Second-precision
}

// onAgentLine turns one of the agent's log lines into timeline events.
func (s *observers) onAgentLine(t *podTrack, c *ctrTrack, in *instTrack, raw string, l agent.Line) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.lines[raw] {
		return
	}
	c.lines[raw] = true
	at := s.at(l.T)
	if l.T.After(in.lastLine) {
		in.lastLine = l.T
	}
	switch l.Ev {
	case agent.EvStart:
		s.started(t, c, in, l.T)
	case agent.EvSignal:
		if l.Sig != "SIGTERM" {
			return
		}
		if in.sigterm.IsZero() {
			in.sigterm = l.T
		}
		s.closePreStop(t, c, in, l.T)
		msg := ""
		if withoutTurn(t, c, at) {
			msg = timeline.WithoutTurn
		}
		s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.SIGTERM, Message: msg})
	case agent.EvExit:
		code := 0
		if l.Code != nil {
			code = *l.Code
		}
		in.exit = &l
		reason := "Completed"
		if code != 0 {
			reason = "Error"
		}
		s.closePreStop(t, c, in, l.T)
		in.exitAt, in.recExited = at, true
		s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.Exited, Code: code, Reason: reason})
	case agent.EvProbe:
		if c.agentProbes[l.Kind] != nil {
			c.answered(l.Kind, at)
		}
		if l.OK != nil && !*l.OK && c.agentProbes[l.Kind] != nil {
			s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.ProbeFailed, Reason: l.Kind, Message: "the agent answered failure (" + l.Via + ")"})
		}
	case agent.EvExec:
		hook := matchExec(c.spec, l.Argv)
		s.onHook(t, c, in, l, at, hook)
		if kind := c.probeOf(l.Argv); hook == hookNone && l.Phase == "end" && kind != "" {
			// An exec probe's command the agent serves (true, false,
			// sleep): the end of one that exits at once is the probe's
			// answer, as its own probe command's line is (a longer one
			// may outlive the probe's timeout, where the kubelet
			// answered).
			if cmd, err := behavior.ParseCommand(l.Argv); err == nil && cmd.Duration == 0 && !cmd.Forever {
				c.answered(kind, at)
			}
			if l.Code != nil && *l.Code != 0 {
				s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.ProbeFailed, Reason: kind, Message: fmt.Sprintf("exit %d", *l.Code)})
			}
		}
	case agent.EvHTTP:
		s.onHook(t, c, in, l, at, matchHTTP(c.spec, l.Path))
	case agent.EvMemory:
		in.memoryLines, in.memoryAt = in.memoryLines+1, l.T
	}
	s.notify()
}

// Which hook an exec or HTTP request served by the agent was.
const (
	hookNone = iota
	hookPreStop
	hookPostStart
)

func (s *observers) onHook(t *podTrack, c *ctrTrack, in *instTrack, l agent.Line, at time.Duration, hook int) {
	end := l.Ev == agent.EvHTTP || l.Phase == "end"
	switch hook {
	case hookPreStop:
		if !in.preStopStarted && (l.Ev == agent.EvHTTP || l.Phase == "start") {
			in.preStopStarted = true
			s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.PreStopStarted})
		}
		if end && in.preStopStarted && !in.preStopDone {
			in.preStopDone = true
			msg := "completed"
			if l.Code != nil && *l.Code != 0 {
				msg = fmt.Sprintf("failed (exit %d)", *l.Code)
			}
			s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.PreStopDone, Message: msg})
		}
	case hookPostStart:
		if end && !in.postStartDone {
			in.postStartDone = true
			s.record(timeline.Event{At: at, Pod: t.name, Container: c.name, Kind: timeline.PostStartDone})
		}
	}
}

// matchExec tells which hook an exec command is, by its command line
// (the preStop wins when a probe runs the same command).
func matchExec(c *corev1.Container, argv []string) int {
	if c.Lifecycle == nil {
		return hookNone
	}
	same := func(cmd []string) bool {
		if len(cmd) != len(argv) || len(cmd) == 0 {
			return false
		}
		if slices.Equal(cmd[1:], argv[1:]) && (cmd[0] == argv[0] || lastElem(cmd[0]) == lastElem(argv[0])) {
			return true
		}
		return false
	}
	if h := c.Lifecycle.PreStop; h != nil && h.Exec != nil && same(h.Exec.Command) {
		return hookPreStop
	}
	if h := c.Lifecycle.PostStart; h != nil && h.Exec != nil && same(h.Exec.Command) {
		return hookPostStart
	}
	return hookNone
}

func matchHTTP(c *corev1.Container, path string) int {
	if c.Lifecycle == nil {
		return hookNone
	}
	norm := func(p string) string {
		if p == "" {
			return "/"
		}
		return p
	}
	if h := c.Lifecycle.PreStop; h != nil && h.HTTPGet != nil && norm(h.HTTPGet.Path) == path {
		return hookPreStop
	}
	if h := c.Lifecycle.PostStart; h != nil && h.HTTPGet != nil && norm(h.HTTPGet.Path) == path {
		return hookPostStart
	}
	return hookNone
}

func lastElem(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// onBudgetEvent records a Kubernetes Event about one of the scenario's
// PodDisruptionBudgets (the disruption controller's NoPods,
// UnmanagedPods, CalculateExpectedPodCountFailed) under "pdb/<name>", as
// the simulator names them; the namespace is the scenario's, and so are
// its budgets. Called with s.mu held.
func (s *observers) onBudgetEvent(e *corev1.Event, now time.Time) {
	prev, count := s.occurrences(e)
	for i := prev; i < count; i++ {
		s.record(timeline.Event{At: s.at(now), Pod: "pdb/" + e.InvolvedObject.Name, Kind: timeline.KubeEvent, Reason: e.Reason, Message: e.Message, Status: e.Type})
	}
}

// onEvent records a Kubernetes Event about one of the scenario's pods:
// one timeline entry per occurrence (an aggregated event's count going up
// adds entries). For a container that is not an agent, whose process
// cannot say when it got SIGTERM, the kubelet's Killing event stands for
// the start of its stop: its preStop hook, or its SIGTERM when it has
// none.
// occurrences is how many times an Event had been seen and how many
// times it has happened now (its aggregated count, at least 1), noting
// the latter. Called with s.mu held.
func (s *observers) occurrences(e *corev1.Event) (prev, count int32) {
	count = max(e.Count, 1)
	prev = s.counts[string(e.UID)]
	if count > prev {
		s.counts[string(e.UID)] = count
	}
	return prev, count
}

func (s *observers) onEvent(o any) {
	e, ok := o.(*corev1.Event)
	if !ok {
		return
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	switch e.InvolvedObject.Kind {
	case "Pod":
	case "PodDisruptionBudget":
		s.onBudgetEvent(e, now)
		return
	case "Deployment", "ReplicaSet", "Job":
		s.work.onWorkloadEvent(e, now)
		return
	default:
		return
	}
	t := s.byAPI(e.InvolvedObject.Name)
	// A static pod's events are about the static pod (its own UID, from
	// its manifest), not its mirror pod.
	if t == nil || (!t.static && t.uid != "" && e.InvolvedObject.UID != "" && t.uid != e.InvolvedObject.UID) {
		return
	}
	prev, count := s.occurrences(e)
	if count <= prev {
		return
	}
	s.noteLostImage(e)
	cname := containerOf(e.InvolvedObject.FieldPath)
	at := s.at(now)
	msg := e.Message
	if e.Reason == "FailedScheduling" {
		msg = scenarioFitMessage(msg, s.keptOn())
	}
	for i := prev; i < count; i++ {
		// What the kubelet reports only through an Event: a probe failure
		// (Unhealthy), a restart held back by the crash-loop back-off.
		if kind, ok := probeKind(e); ok && cname != "" && (t.ctrs[cname] == nil || t.ctrs[cname].agentProbes[kind] == nil) {
			s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.ProbeFailed, Reason: kind, Message: e.Message})
		}
		if e.Reason == "BackOff" && strings.HasPrefix(e.Message, "Back-off restarting failed container") && cname != "" {
			s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.BackOff, Message: e.Message})
		}
		s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.KubeEvent, Reason: e.Reason, Message: msg, Status: e.Type})
	}
	if e.Reason == "Killing" && cname != "" {
		if c := t.ctrs[cname]; c != nil && !c.agent && len(c.order) > 0 {
			in := c.insts[c.order[len(c.order)-1]]
			if c.spec.Lifecycle != nil && c.spec.Lifecycle.PreStop != nil {
				if !in.preStopStarted {
					in.preStopStarted = true
					s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.PreStopStarted, Message: "inferred: Killing event"})
				}
			} else if in.sigterm.IsZero() {
				in.sigterm = now
				s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.SIGTERM, Message: "inferred: Killing event"})
			}
		}
		if c := t.ctrs[cname]; c != nil && c.agent && len(c.order) > 0 {
			// The kubelet runs a sleep-action preStop itself.
			in := c.insts[c.order[len(c.order)-1]]
			if c.spec.Lifecycle != nil && c.spec.Lifecycle.PreStop != nil && c.spec.Lifecycle.PreStop.Sleep != nil && !in.preStopStarted {
				in.preStopStarted = true
				s.record(timeline.Event{At: at, Pod: t.name, Container: cname, Kind: timeline.PreStopStarted, Message: "Killing event (sleep action)"})
			}
		}
	}
	s.notify()
}

// agentAnswers tells whether the agent answers (and logs) a probe: its
// own probe command, an exec command it serves that no other probe of the
// container shares, or an HTTP request on a port it listens on.
func agentAnswers(c *corev1.Container, pr *corev1.Probe) bool {
	switch {
	case pr == nil:
		return false
	case pr.Exec != nil:
		cmd, err := behavior.ParseCommand(pr.Exec.Command)
		if err != nil {
			return false
		}
		if cmd.Probe != "" {
			return true
		}
		n := 0
		for _, other := range []*corev1.Probe{c.LivenessProbe, c.ReadinessProbe, c.StartupProbe} {
			if other != nil && other.Exec != nil && slices.Equal(other.Exec.Command, pr.Exec.Command) {
				n++
			}
		}
		return n == 1
	case pr.HTTPGet != nil:
		var declared []int32
		for _, p := range c.Ports {
			declared = append(declared, p.ContainerPort)
		}
		port := pr.HTTPGet.Port.IntVal
		if pr.HTTPGet.Port.StrVal != "" {
			port = 0
			for _, p := range c.Ports {
				if p.Name == pr.HTTPGet.Port.StrVal {
					port = p.ContainerPort
				}
			}
		}
		return port != 0 && behavior.Listens(port, declared)
	}
	return false
}

// answered notes an answer of the container's probe of kind at at.
func (c *ctrTrack) answered(kind string, at time.Duration) {
	if c.answers == nil {
		c.answers = map[string][]time.Duration{}
	}
	c.answers[kind] = append(c.answers[kind], at)
}

// probeOf is the probe an exec command the agent served belongs to, when
// the agent answers it ("" otherwise).
func (c *ctrTrack) probeOf(argv []string) string {
	for kind, pr := range c.agentProbes {
		if pr.Exec != nil && len(pr.Exec.Command) == len(argv) && len(argv) > 0 &&
			slices.Equal(pr.Exec.Command[1:], argv[1:]) && lastElem(pr.Exec.Command[0]) == lastElem(argv[0]) {
			return kind
		}
	}
	return ""
}

// probeKind reads the probe of an Unhealthy event: "Liveness probe
// failed: …" is liveness.
func probeKind(e *corev1.Event) (string, bool) {
	if e.Reason != "Unhealthy" {
		return "", false
	}
	for _, k := range []string{"Liveness", "Readiness", "Startup"} {
		if strings.HasPrefix(e.Message, k+" probe") {
			return strings.ToLower(k), true
		}
	}
	return "", false
}

// containerOf reads "spec.containers{app}" or "spec.initContainers{x}".
func containerOf(fieldPath string) string {
	i := strings.IndexByte(fieldPath, '{')
	if i < 0 || !strings.HasSuffix(fieldPath, "}") {
		return ""
	}
	return fieldPath[i+1 : len(fieldPath)-1]
}
