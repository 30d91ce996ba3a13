package sim

import (
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// probeKind is the prober's probeType.
type probeKind int

const (
	startupProbe probeKind = iota
	livenessProbe
	readinessProbe
)

func (k probeKind) String() string {
	return [...]string{"startup", "liveness", "readiness"}[k]
}

// title is the word the kubelet's Unhealthy events start with.
func (k probeKind) title() string {
	return [...]string{"Startup", "Liveness", "Readiness"}[k]
}

// result is results.Result: Unknown until a first committed answer.
type result int

const (
	resultUnknown result = iota
	resultSuccess
	resultFailure
)

// probeWorker is one prober worker (pkg/kubelet/prober/worker.go): it
// probes a container every periodSeconds from the moment the pod worker
// added the pod, commits a result after the threshold of identical
// answers, and is held after a committed liveness or startup failure until
// a new instance of the container appears.
type probeWorker struct {
	m    *proberManager
	rt   *runtimePod // the runtime's record of the pod, whose container it probes
	c    *ctr
	kind probeKind
	spec *corev1.Probe
	// tick is the next tick, re-armed once it has run, with the one
	// function tickFn: a worker ticks every period for the life of its
	// container, and its timer and function would otherwise be two new
	// objects each time.
	tick     timer
	tickFn   func()
	instance int // the container instance the worker knows, 0 for none
	onHold   bool
	last     result
	run      int
	stopped  bool
	// triggered: a manual run is pending; the worker's trigger channel
	// holds one (manualTriggerCh, capacity 1), a second send is dropped.
	triggered bool
	// probed is the container instance the worker last probed.
	probed int
	// What the worker knows of its pod: podDeleting, the pod has a
	// deletionTimestamp (the pod object worker.go reads); syncCancelled,
	// the pod worker's sync context its exec probes ran on was cancelled
	// (SyncTerminatingPod).
	podDeleting, syncCancelled bool
}

// proberManager is the kubelet's prober manager
// (pkg/kubelet/prober/prober_manager.go, v1.36.3): a worker for each probe
// of each container of the pods it was given (AddPod), and their
// committed results, which reach the kubelet through updates (the
// readiness, liveness and startup results managers' Updates()).
//
// Its workers and results are by container, as the manager's map is by
// pod, container and probe kind: they are kept with the runtime's record
// of each container (ctrProbes), written only here, so that a cluster of
// 100,000 pods pays no map lookup for them at every sync.
type proberManager struct {
	env     *env
	profile *Profile
	updates func(uid types.UID, kind probeKind, r result)
}

func newProberManager(e *env, profile *Profile, updates func(types.UID, probeKind, result)) *proberManager {
	return &proberManager{env: e, profile: profile, updates: updates}
}

// ctrProbes is what the probe manager holds of a container: its workers
// (the manager's map by pod, container and kind) and their results for
// the container's current instance (the results managers' cache, by
// container ID).
type ctrProbes struct {
	results [3]result // per probeKind
	probes  []*probeWorker
	// probeBuf holds probes: a container has at most one worker of each
	// kind, and a list of its own would be one more object per container
	// for the garbage collector to mark.
	probeBuf [3]*probeWorker
}

// added reports whether AddPod gave the pod its workers already.
func (m *proberManager) added(rt *runtimePod) bool {
	for _, c := range rt.ctrs {
		if len(c.probes) > 0 {
			return true
		}
	}
	return false
}

// initialResult is the worker's initial value: readiness Failure, liveness
// Success, startup Unknown (newWorker).
func (pw *probeWorker) initialResult() result {
	switch pw.kind {
	case readinessProbe:
		return resultFailure
	case livenessProbe:
		return resultSuccess
	}
	return resultUnknown
}

// addPod is AddPod: a worker for each probe of each container. Called
// at every sync, it creates them once.
func (m *proberManager) addPod(rt *runtimePod, deleting bool) {
	if m.added(rt) {
		return
	}
	for _, c := range rt.ctrs {
		for _, p := range []struct {
			kind probeKind
			spec *corev1.Probe
		}{{startupProbe, c.spec.StartupProbe}, {livenessProbe, c.spec.LivenessProbe}, {readinessProbe, c.spec.ReadinessProbe}} {
			if p.spec == nil {
				continue
			}
			pw := &probeWorker{m: m, rt: rt, c: c, kind: p.kind, spec: p.spec, podDeleting: deleting}
			if c.probes == nil {
				c.probes = c.probeBuf[:0]
			}
			c.probes = append(c.probes, pw)
			// worker.run probes at once, before this sync starts the
			// containers, then on its ticker.
			pw.doProbe()
			pw.schedule(time.Duration(p.spec.PeriodSeconds) * time.Second)
		}
	}
}

// podDeleting tells the pod's workers the pod has a deletionTimestamp.
func (m *proberManager) podDeleting(rt *runtimePod) {
	for _, c := range rt.ctrs {
		for _, pw := range c.probes {
			pw.podDeleting = true
		}
	}
}

// newInstance is a container instance the runtime created: the results
// are by container ID, and the new one has none; a running one's
// readiness worker runs at once.
func (m *proberManager) newInstance(c *ctr) {
	c.results = [3]result{}
	if !c.running() {
		return
	}
	for _, pw := range c.probes {
		if pw.kind == readinessProbe {
			pw.trigger()
		}
	}
}

// schedule the next tick. The kubelet has been up long before the
// scenario, so there is no start-up jitter (docs/language.md, Defaults).
func (pw *probeWorker) schedule(d time.Duration) {
	if pw.tickFn == nil {
		pw.tickFn = pw.onTick
	}
	pw.m.env.rearm(&pw.tick, d, pw.tickFn, true)
}

func (pw *probeWorker) onTick() {
	if pw.stopped {
		return
	}
	pw.doProbe()
	if !pw.stopped {
		pw.schedule(time.Duration(pw.spec.PeriodSeconds) * time.Second)
	}
}

// trigger runs a probe at once, as the manual trigger of a readiness
// worker that has no result for a running container (UpdatePodStatus).
func (pw *probeWorker) trigger() {
	if pw.triggered {
		return
	}
	pw.triggered = true
	pw.m.env.soon(func() {
		pw.triggered = false
		if !pw.stopped {
			pw.doProbe()
		}
	})
}

// triggerReadiness is the manual trigger in probeManager.UpdatePodStatus
// (pkg/kubelet/prober/prober_manager.go), which every pod sync's status
// runs: a started, running container whose readiness result is not
// Success has its readiness worker run at once. So a container whose
// startup probe just succeeded is probed for readiness in that instant,
// not a readiness period later. The kubelet also re-probes a failing
// readiness at each sync; the simulator, whose syncs of one instant would
// each probe again where the kubelet's come a relist apart, triggers only
// a worker that has not probed the running instance yet
// (docs/fidelity.md, Known approximations).
func (m *proberManager) triggerReadiness(rt *runtimePod) {
	for _, c := range rt.ctrs {
		if c.inst == nil || c.inst.state != instRunning || !c.started() || c.results[readinessProbe] == resultSuccess {
			continue
		}
		for _, pw := range c.probes {
			if pw.kind == readinessProbe && !pw.stopped && pw.probed != c.inst.id {
				pw.trigger()
			}
		}
	}
}

func (pw *probeWorker) stop() {
	pw.stopped = true
	pw.m.env.cancel(&pw.tick)
}

// doProbe is worker.doProbe: the checks that decide whether to probe at
// all, then the probe and the threshold bookkeeping.
func (pw *probeWorker) doProbe() {
	c, rt := pw.c, pw.rt
	inst := c.inst
	if inst == nil {
		return // the container was never created
	}
	if inst.id != pw.instance {
		// A new container: initial result, and off hold.
		pw.instance = inst.id
		pw.onHold = false
		pw.setResult(pw.initialResult())
	}
	if pw.onHold {
		return
	}
	if inst.state != instRunning {
		pw.setResult(resultFailure)
		return
	}
	if pw.podDeleting && pw.kind != readinessProbe {
		// Graceful shutdown: liveness and startup stop, as Success.
		pw.setResult(resultSuccess)
		pw.stop()
		return
	}
	if pw.m.env.now-inst.startedAt < time.Duration(pw.spec.InitialDelaySeconds)*time.Second {
		return
	}
	if c.started() {
		if pw.kind == startupProbe {
			return // startup probes stop once the container has started
		}
	} else if pw.kind != startupProbe {
		return // liveness and readiness wait for the container to start
	}
	if pw.spec.Exec != nil && pw.syncCancelled && pw.m.profile.ProbesOnSyncContext {
		// The worker's context was the sync's, cancelled when the pod
		// began terminating: the runtime's ExecSync fails at once, the
		// prober records the error and doProbe throws the result away
		// (prober.go probe, worker.go doProbe, v1.36.3). Only exec
		// probes pass the context on; HTTP, TCP and gRPC probes do not.
		rt.event(c, corev1.EventTypeWarning, "Unhealthy", fmt.Sprintf("%s probe errored and resulted in unknown state: rpc error: code = Canceled desc = context canceled", pw.kind.title()))
		return
	}
	pw.probed = inst.id
	ok, output := pw.probe(inst)
	r := resultSuccess
	if !ok {
		r = resultFailure
		pw.m.env.record(timeline.Event{Pod: rt.name, Container: c.name, Kind: timeline.ProbeFailed, Reason: pw.kind.String(), Message: output})
		rt.event(c, corev1.EventTypeWarning, "Unhealthy", fmt.Sprintf("%s probe failed: %s", pw.kind.title(), output))
	}
	if pw.last == r {
		pw.run++
	} else {
		pw.last, pw.run = r, 1
	}
	if (r == resultFailure && pw.run < int(pw.spec.FailureThreshold)) || (r == resultSuccess && pw.run < int(pw.spec.SuccessThreshold)) {
		return
	}
	pw.setResult(r)
	if (pw.kind == livenessProbe || pw.kind == startupProbe) && r == resultFailure {
		// Held until a new container ID is seen (kubernetes #21751).
		pw.onHold, pw.run = true, 0
	}
	if pw.kind == startupProbe && r == resultSuccess {
		pw.onHold = true
	}
}

// probe answers one probe of the running instance, as the agent (see
// pkg/behavior) or an image container would, and the output the kubelet
// puts into the Unhealthy event.
func (pw *probeWorker) probe(inst *instance) (bool, string) {
	c := pw.c
	since := pw.m.env.now - inst.startedAt
	timeout := time.Duration(pw.spec.TimeoutSeconds) * time.Second
	if c.generic && !knownProbe(pw.spec.ProbeHandler) {
		// An image the simulator does not run answers what it cannot
		// know (its own exec command, its ports) as its behaviour says:
		// healthy at once unless a behaviour step says otherwise
		// (dsl.md, "Phrases people write"). podlife's assumption, noted
		// by lint; the real image answers on a cluster.
		if c.beh.Answer(pw.kind.String(), since) {
			return true, ""
		}
		return false, genericFailure(pw.spec.ProbeHandler, pw.rt.podIP(), c)
	}
	switch h := pw.spec.ProbeHandler; {
	case h.Exec != nil:
		cmd := execCommand(h.Exec.Command)
		switch {
		case cmd.Probe != "":
			if c.agent && c.beh.Answer(cmd.Probe, since) {
				return true, ""
			}
			return false, fmt.Sprintf("podlife-agent: %s failing", cmd.Probe)
		case cmd.Forever || cmd.Duration > timeout:
			// ExecProbeTimeout (GA): a command that outlives the timeout fails.
			return false, fmt.Sprintf("command %q timed out", strings.Join(h.Exec.Command, " "))
		case cmd.Code != 0:
			return false, ""
		}
		return true, ""
	case h.HTTPGet != nil:
		port := c.port(h.HTTPGet.Port)
		if !c.serves() || !behavior.Listens(port, c.ports()) {
			return false, fmt.Sprintf("Get \"http://%s:%d%s\": dial tcp %s:%d: connect: connection refused", pw.rt.podIP(), port, h.HTTPGet.Path, pw.rt.podIP(), port)
		}
		if kind, ok := strings.CutPrefix(h.HTTPGet.Path, "/podlife/"); ok && !c.beh.Answer(kind, since) {
			return false, "HTTP probe failed with statuscode: 500"
		}
		return true, ""
	case h.TCPSocket != nil:
		port := c.port(h.TCPSocket.Port)
		if !c.serves() || !behavior.Listens(port, c.ports()) {
			return false, fmt.Sprintf("dial tcp %s:%d: connect: connection refused", pw.rt.podIP(), port)
		}
		return true, ""
	case h.GRPC != nil:
		if !c.serves() || !behavior.Listens(h.GRPC.Port, c.ports()) {
			return false, fmt.Sprintf("timeout: failed to connect service \"%s:%d\" within 1s: context deadline exceeded", pw.rt.podIP(), h.GRPC.Port)
		}
		return true, ""
	}
	return true, ""
}

// knownProbe tells whether a probe is one whose answer the simulator
// knows for any process: an exec command it understands (the agent's
// probe command, sleep, true/false).
func knownProbe(h corev1.ProbeHandler) bool {
	if h.Exec == nil {
		return false
	}
	_, err := behavior.ParseCommand(h.Exec.Command)
	return err == nil
}

// genericFailure is the output of a failed probe of a generic process, as
// the kubelet's prober words a failure of that handler.
func genericFailure(h corev1.ProbeHandler, ip string, c *ctr) string {
	switch {
	case h.HTTPGet != nil:
		return "HTTP probe failed with statuscode: 503"
	case h.TCPSocket != nil:
		port := c.port(h.TCPSocket.Port)
		return fmt.Sprintf("dial tcp %s:%d: connect: connection refused", ip, port)
	case h.GRPC != nil:
		return `service unhealthy (responded with "NOT_SERVING")`
	}
	return ""
}

// setResult records a committed result for the container's current
// instance and hands it to the kubelet (the results managers' Set, whose
// Updates() the kubelet reads) when it changed.
func (pw *probeWorker) setResult(r result) {
	c := pw.c
	if c.results[pw.kind] == r {
		return
	}
	c.results[pw.kind] = r
	pw.m.updates(pw.rt.uid, pw.kind, r)
}

// stopLivenessAndStartup is StopLivenessAndStartup, at the start of
// termination: readiness keeps probing until the containers stop. The
// sync context the workers' exec probes ran on is cancelled.
func (m *proberManager) stopLivenessAndStartup(rt *runtimePod) {
	for _, c := range rt.ctrs {
		for _, pw := range c.probes {
			pw.syncCancelled = true
			if pw.kind != readinessProbe {
				pw.stop()
			}
		}
	}
}

// removePod is RemovePod: every worker of a pod that is finished ends.
func (m *proberManager) removePod(rt *runtimePod) {
	for _, c := range rt.ctrs {
		for _, pw := range c.probes {
			pw.stop()
		}
	}
}

// quiet reports that the worker will not change its container's result
// again unless something else happens first (a restart, a deletion): what
// "steady" means when Settle decides that a scenario's activity has ended.
func (pw *probeWorker) quiet() bool {
	c := pw.c
	inst := c.inst
	if pw.stopped || pw.onHold || inst == nil || inst.state != instRunning {
		return true
	}
	since := pw.m.env.now - inst.startedAt
	if since < time.Duration(pw.spec.InitialDelaySeconds)*time.Second {
		return false
	}
	if pw.kind == startupProbe {
		if c.started() {
			return true
		}
	} else if !c.started() {
		return true // waits on the startup worker, which speaks for itself
	}
	ok, _ := pw.probe(inst)
	want := resultFailure
	if ok {
		want = resultSuccess
	}
	if c.results[pw.kind] != want {
		return false
	}
	// An agent's answer may still change at a time its behaviour names.
	if kind := pw.agentKind(); kind != "" {
		for _, at := range []*time.Duration{c.beh.ReadyAfter, c.beh.FailLivenessAfter, c.beh.FailReadinessAfter, c.beh.LiveAfter} {
			if at != nil && *at > since {
				return false
			}
		}
	}
	return true
}

// agentKind is the probe kind the agent answers for this worker's handler,
// or "" when the handler does not ask the agent's behaviour.
func (pw *probeWorker) agentKind() string {
	if !pw.c.agent {
		return ""
	}
	h := pw.spec.ProbeHandler
	switch {
	case h.Exec != nil:
		return execCommand(h.Exec.Command).Probe
	case h.HTTPGet != nil:
		kind, _ := strings.CutPrefix(h.HTTPGet.Path, "/podlife/")
		if kind != h.HTTPGet.Path {
			return kind
		}
	}
	return ""
}
