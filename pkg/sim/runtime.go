package sim

import (
	"encoding/json"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// ctr is one container of a pod as the kubelet and the runtime know it: its
// spec, what its process does, its current and previous instances, and the
// prober's results for the current instance.
type ctr struct {
	p       *runtimePod
	spec    *corev1.Container
	name    string
	init    bool // listed in initContainers
	sidecar bool // an init container with restartPolicy Always

	imageID string // the image's ID in the container statuses

	// agent: the process runs by beh (podlife-agent, or an image container
	// run as a generic process or shaped by behaviour steps); generic: it
	// is such an image container, whose probes and HTTP hooks answer by
	// its behaviour (healthy unless a step says otherwise).
	agent   bool
	generic bool
	// beh is the behaviour of a process that runs by one, shared with the
	// containers of the same arguments (the zero behaviour otherwise); cmd
	// an image container's understood command (sleep N; the zero command
	// otherwise). Neither is modified.
	beh *behavior.Behavior
	cmd *behavior.Command

	inst      *instance // the current instance, nil before the first start
	last      *instance // the previous instance (lastState)
	starts    int       // instances started so far
	ctrProbes           // prober.go
	// waiting is the Waiting state statuses showed last (waitingState).
	waiting *corev1.ContainerStateWaiting
}

// runtimePod is what the container runtime holds of a pod (kuberuntime
// over CRI, pkg/kubelet/kuberuntime, v1.36.3): its sandbox and the
// sandbox's IPs, its containers with their instances (processes), the
// hooks they run and the pod-level kill in flight (KillPod). It is the
// one component that starts processes and sends signals; it reports
// starts and exits to the PLEG (pleg.go), never to the pod worker.
type runtimePod struct {
	k    *kubelet
	env  *env
	pod  *corev1.Pod
	name string
	uid  types.UID

	sandbox bool
	// sandboxLost: the sandbox died; the next sync kills what runs and
	// creates a new one.
	sandboxLost bool
	// sandboxChangedSaid: the SandboxChanged event of the lost sandbox
	// was recorded (by the sync that killed what ran).
	sandboxChangedSaid bool
	ctrs               []*ctr         // init containers, then containers, in spec order
	kill               *podKill       // the pod-level kill in flight
	podIPs             []corev1.PodIP // the sandbox's, as the status shows it
	// startTime is when the pod's first sandbox was made: the status's
	// startTime.
	startTime *metav1.Time
	// cgroup is cAdvisor's samples of the pod cgroup (housekeeping.go).
	cgroup cgroupSamples
	// allocated is the regular containers' list of the spec whose
	// resources the kubelet allocated last (the allocation manager's
	// checkpoint): the spec's at admission, a resized spec's once it fits
	// (resize.go). Lists are replaced, never written to, so it keeps them.
	allocated []corev1.Container
	// resize is the pod's resize conditions, nil before its first resize.
	resize *resizeState
}

// newRuntimePod is the runtime's record of a pod admitted by the kubelet:
// its containers, none created yet.
func newRuntimePod(k *kubelet, pod *corev1.Pod) *runtimePod {
	p := &runtimePod{k: k, env: k.env, pod: pod, name: pod.Name, uid: pod.UID, allocated: pod.Spec.Containers}
	p.ctrs = make([]*ctr, 0, len(pod.Spec.InitContainers)+len(pod.Spec.Containers))
	for i := range pod.Spec.InitContainers {
		p.addCtr(&pod.Spec.InitContainers[i], i, true)
	}
	for i := range pod.Spec.Containers {
		p.addCtr(&pod.Spec.Containers[i], i, false)
	}
	return p
}

// What containers without a behaviour or a command point at (ctr.beh,
// ctr.cmd), and a command whose binary is missing.
var (
	noBehavior     behavior.Behavior
	noCommand      behavior.Command
	missingCommand = behavior.Command{Missing: true}
)

type instState int

const (
	instRunning instState = iota
	instExited
)

// instance is one run of a container: what CRI calls a container.
type instance struct {
	id           int
	state        instState
	restartCount int
	startedAt    time.Duration
	finishedAt   time.Duration
	exitCode     int
	reason       string
	// lost: the node's power went while it ran (power.go); the runtime
	// reports its exit when the node returns.
	lost bool
	// containerID, running and terminated are what statuses show of the
	// instance, made once (an instance's start and exit do not change) and
	// shared by every status: statuses are never modified in place.
	containerID string
	// running points at runningState, within the instance: one object
	// fewer per container for the garbage collector to mark.
	running      *corev1.ContainerStateRunning
	runningState corev1.ContainerStateRunning
	terminated   *corev1.ContainerStateTerminated
	exitTimer    *timer // the process's own exit
	// resources are what the runtime applied to the instance (the
	// actuated resources): the allocated container's at its start, the
	// allocation's after an UpdateContainerResources (resize.go). nil for
	// init containers, whose resize is not modelled.
	resources *corev1.ResourceRequirements
	oomTimer  *timer // the OOM killer (oom.go)
	termTimer *timer // exit after SIGTERM
	hook      *hookRun
	kill      *ctrKill
	// usageNoted says the kubelet has scheduled the instance's memory
	// and writes as activity (stats.go noteUsage).
	usageNoted bool
	// tmpfs is what each of its writes into a memory-backed emptyDir left
	// there, by write number: pages charged to it (tmpfs.go).
	tmpfs map[int]int64
	// layer is what the process wrote to its writable layer so far
	// (stats.go): its rootfs usage, gone with the instance.
	layer int64
	// hash is the container hash the runtime keeps with the instance,
	// computed by the kubelet that created it (hashContainer).
	hash containerHash
	// cgroup is cAdvisor's samples of the instance's cgroup
	// (housekeeping.go).
	cgroup cgroupSamples
}

func (p *runtimePod) addCtr(spec *corev1.Container, index int, init bool) {
	c := &ctr{p: p, spec: spec, name: spec.Name, init: init, imageID: p.k.parsed.image(spec.Image).id,
		beh: &noBehavior, cmd: &noCommand}
	c.sidecar = init && isSidecar(spec)
	if len(spec.Command) == 1 && spec.Command[0] == behavior.MissingBinary {
		c.cmd = &missingCommand
	} else if spec.Image == behavior.Image {
		c.agent = true
		// Checked before the pod was created (checkRunnable).
		c.beh, _ = p.k.parsed.behavior(spec.Args)
	} else if shaped := p.pod.Annotations[behavior.Annotation(spec.Name)]; shaped != "" {
		// Behaviour steps on an image container: allowed on the simulator,
		// skipped on a cluster (dsl.md, "Defaults"; behavior.ForImage).
		c.agent, c.generic = true, true
		c.beh, _ = shapedBehavior(shaped, p.k.parsed)
	} else if cmd, err := behavior.ParseCommand(append(append([]string{}, spec.Command...), spec.Args...)); err == nil {
		c.cmd = &cmd
	} else {
		// A generic process (genericProcess): podlife's assumption, not
		// the kubelet's, for an image the simulator cannot run.
		c.agent, c.generic = true, true
		c.beh, _ = p.k.parsed.behavior(nil)
	}
	p.ctrs = append(p.ctrs, c)
}

// serves tells whether the container's process listens on its ports:
// the agent does (behavior.Listens); `sleep` refuses every connection. A
// generic process's probes and hooks do not ask (they answer by its
// behaviour).
func (c *ctr) serves() bool { return c.agent && !c.generic }

func (c *ctr) running() bool { return c.inst != nil && c.inst.state == instRunning }

// latest is the most recent instance, current or (after a sandbox purge)
// previous.
func (c *ctr) latest() *instance {
	if c.inst != nil {
		return c.inst
	}
	return c.last
}

// started is the prober manager's notion (isContainerStarted): running,
// and its startup probe, if any, has succeeded.
func (c *ctr) started() bool {
	return c.running() && (c.spec.StartupProbe == nil || c.results[startupProbe] == resultSuccess)
}

// ready is started and, with a readiness probe, answering it
// (UpdatePodStatus). A regular init container is ready once it exited 0.
func (c *ctr) ready() bool {
	if c.init && !c.sidecar {
		return c.inst != nil && c.inst.state == instExited && c.inst.exitCode == 0
	}
	return c.started() && (c.spec.ReadinessProbe == nil || c.results[readinessProbe] == resultSuccess)
}

// probeKill reports a committed liveness or startup failure of the running
// instance, with the kill's reason and message: computePodActions kills
// (and restarts) a regular container, computeInitContainerActions a
// restartable init container, whose Killing event says "Init container"
// (pkg/kubelet/kuberuntime/kuberuntime_container.go, v1.36.3).
func (c *ctr) probeKill() (killReason, string, bool) {
	if !c.running() {
		return 0, "", false
	}
	who := "Container"
	if c.sidecar {
		who = "Init container"
	}
	if c.spec.LivenessProbe != nil && c.results[livenessProbe] == resultFailure {
		return killLiveness, fmt.Sprintf("%s %s failed liveness probe", who, c.name), true
	}
	if c.spec.StartupProbe != nil && c.results[startupProbe] == resultFailure {
		return killStartup, fmt.Sprintf("%s %s failed startup probe", who, c.name), true
	}
	return 0, "", false
}

// startContainer is kuberuntime's startContainer (with doBackOff before
// it): back-off, image, configuration, create, start. It returns the new
// instance, or the error SyncPod records for the container. sp is when
// what the sync does could have come, drawn when the sync's own time was
// drawn (syncRun.spanNow, drawnNow); what it records of the start carries
// when the start could have come (restartWindow), never before the exit
// it follows.
func (p *runtimePod) startContainer(a *action, sp, drawn span) (*instance, *startError) {
	c := a.c
	expiry, err := p.doBackOff(c, a.backoffFrom, drawn)
	if err != nil {
		return nil, err
	}
	if sp.ok() {
		var exit time.Duration
		if a.backoffFrom != nil {
			exit = a.backoffFrom.finishedAt
		}
		defer p.env.recordIn(p.env.recordIn(startWindow(sp, drawn.ok(), exit, expiry, p.k.profile.RequeueAtBackoffExpiry)))
	}
	if err := p.ensureImage(c); err != nil {
		return nil, err
	}
	if err := p.checkConfig(c); err != nil {
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: "+err.message)
		return nil, err
	}
	restarts := 0
	if prev := c.latest(); prev != nil {
		restarts = prev.restartCount + 1
	}
	// The pod cgroup's samples up to now may read the instance about to
	// be forgotten.
	p.housekeep(nil, nil)
	if c.inst != nil {
		c.last = c.inst
	}
	c.starts++
	inst := &instance{id: c.starts, restartCount: restarts, startedAt: p.env.now, hash: hashContainer(p.k.profile, c.spec), resources: p.allocatedResources(c)}
	c.inst = inst
	p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Created})
	p.event(c, corev1.EventTypeNormal, "Created", p.k.parsed.containerMessages(c.name, p.k.profile.ContainerEventsUnnamed).created)
	if c.cmd.Missing {
		// CRI StartContainer fails: the runtime reports the container
		// exited with StartError (128), the kubelet RunContainerError.
		msg := fmt.Sprintf("failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: %q: stat %s: no such file or directory: unknown", behavior.MissingBinary, behavior.MissingBinary)
		p.event(c, corev1.EventTypeWarning, "Failed", "Error: "+msg)
		inst.state, inst.finishedAt, inst.exitCode, inst.reason = instExited, p.env.now, 128, "StartError"
		p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Exited, Code: 128, Reason: "StartError"})
		return inst, &startError{reason: "RunContainerError", message: msg}
	}
	if restarts > 0 {
		p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Restarted, Message: fmt.Sprintf("restartCount=%d", restarts)})
	}
	p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Started})
	p.event(c, corev1.EventTypeNormal, "Started", p.k.parsed.containerMessages(c.name, p.k.profile.ContainerEventsUnnamed).started)
	p.runProcess(c, inst)
	return inst, nil
}

// startError is a container start that failed: the reason the container
// then waits with (through the kubelet's reason cache) and, for back-offs,
// when the sync may try again.
type startError struct {
	reason  string
	message string
	retryAt time.Duration // 0: the pod worker's default back-off
}

// doBackOff is kuberuntime's doBackOff: the latest exited instance's
// finishedAt, against the container's entry in the crash-loop back-off.
// In back-off: a BackOff event and CrashLoopBackOff. Otherwise the entry
// moves to its next step and the container restarts.
//
// It also returns when the back-off the restart waited for ended, for
// restartWindow: 0 when there was none, or when the entry had expired
// (flowcontrol.Backoff.IsInBackOffSince: an exit more than 600 s after
// the last restart), which no sync time changes. The entry is not in
// back-off now, so it had expired if its end is still to come; one that
// had expired and ended already is taken as ended (a restart from a drawn
// sync, that is after a failed one, with an expired entry: not seen in
// the catalogue).
func (p *runtimePod) doBackOff(c *ctr, from *instance, sp span) (time.Duration, *startError) {
	if from == nil {
		return 0, nil
	}
	b := p.k.crashBackOff
	key := backoffKey(p.pod, c.spec)
	ts := p.env.wall(from.finishedAt).Time
	expiry := from.finishedAt + b.Get(key)
	if b.IsInBackOffSince(key, ts) {
		if sp.ok() {
			// This sync's time was drawn (sp is empty otherwise): the
			// BackOff could have come at any time of its span before the
			// back-off's end.
			defer p.env.recordIn(p.env.recordIn(span{sp.lo, min(sp.hi, expiry)}))
		}
		p.event(c, corev1.EventTypeWarning, "BackOff", fmt.Sprintf("Back-off restarting failed container %s in pod %s", c.name, formatPod(p.pod)))
		p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.BackOff, Message: b.Get(key).String()})
		return 0, &startError{
			reason:  "CrashLoopBackOff",
			message: fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", b.Get(key), c.name, formatPod(p.pod)),
			retryAt: expiry,
		}
	}
	if b.Get(key) == 0 || expiry > p.env.now {
		expiry = 0
	}
	b.Next(key, ts)
	return expiry, nil
}

// runProcess starts what the container's process does on its own.
func (p *runtimePod) runProcess(c *ctr, inst *instance) {
	switch exit := c.beh.ExitOn(inst.id); {
	case c.agent && exit != nil:
		// The behaviour of this start: the agent counts its starts in a
		// volume that outlives the container's restarts, one per instance
		// the runtime starts (behavior.Behavior.Attempts).
		code := exit.Code
		inst.exitTimer = p.env.after(exit.After, func() { p.processExit(c, inst, code, "") })
	case !c.agent && !c.cmd.Forever:
		code := c.cmd.Code
		inst.exitTimer = p.env.after(c.cmd.Duration, func() { p.processExit(c, inst, code, "") })
	}
	if d, ok := p.oomAfter(c); ok {
		inst.oomTimer = p.env.after(d, func() { p.processExit(c, inst, 137, "OOMKilled") })
	}
}

// sigterm delivers the stop signal. An agent exits after its SIGTERM delay
// unless told to ignore it; `sleep` as PID 1 has no handler and the kernel
// ignores SIGTERM for it.
func (p *runtimePod) sigterm(c *ctr, inst *instance, msg string) {
	p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.SIGTERM, Message: msg})
	if !c.agent || c.beh.Term.Ignore || inst.termTimer != nil {
		return
	}
	code := c.beh.Term.Code
	inst.termTimer = p.env.after(c.beh.Term.Delay, func() { p.processExit(c, inst, code, "") })
}

// sigkill ends the process at once with 137.
func (p *runtimePod) sigkill(c *ctr, inst *instance) {
	p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.SIGKILL})
	p.processExit(c, inst, 137, "")
}

// processExit is the process ending; the runtime reports reason Completed
// for 0 and Error otherwise (containerd), unless a reason is given.
func (p *runtimePod) processExit(c *ctr, inst *instance, code int, reason string) {
	if inst.state != instRunning {
		return
	}
	p.env.cancel(inst.exitTimer)
	p.env.cancel(inst.termTimer)
	p.env.cancel(inst.oomTimer)
	if reason == "" {
		reason = "Completed"
		if code != 0 {
			reason = "Error"
		}
	}
	inst.state = instExited
	inst.finishedAt = p.env.now
	inst.exitCode = code
	inst.reason = reason
	p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Exited, Code: code, Reason: reason})
	if h := inst.hook; h != nil && h.inContainer {
		// An exec hook runs inside the container and dies with it.
		h.finish(true)
	}
	if k := inst.kill; k != nil {
		k.processExited()
	}
	p.k.pleg.report(p.uid, containerDied)
}

// event records a Kubernetes Event about a container of the pod, from the
// kubelet.
func (p *runtimePod) event(c *ctr, eventType, reason, message string) {
	var spec *corev1.Container
	init := false
	if c != nil {
		spec, init = c.spec, c.init
	}
	p.k.api.recordEvent(p.pod, spec, init, eventType, reason, message, "kubelet")
}

// hookRun is a lifecycle hook in progress (handlerRunner.Run in
// pkg/kubelet/lifecycle/handlers.go).
type hookRun struct {
	p    *runtimePod
	inst *instance
	// end is the hook's end, never armed for one that never ends.
	end         timer
	done        bool
	inContainer bool // exec: runs in the container and dies with it
	failsAtEnd  bool
	onDone      func(failed bool)
}

// runHook starts a hook and calls onDone when it returns. exec runs the
// command in the container (sleep N, true, false, exit N; any other
// succeeds at once, execCommand); httpGet fails
// only when nothing listens (an agent serves HTTP, `sleep` does not) — the
// status code is never checked; sleep waits on the kubelet's side.
func (p *runtimePod) runHook(c *ctr, inst *instance, h *corev1.LifecycleHandler, onDone func(failed bool)) *hookRun {
	r := &hookRun{p: p, inst: inst, onDone: onDone}
	inst.hook = r
	var d time.Duration
	forever := false
	switch {
	case h.Exec != nil:
		cmd := execCommand(h.Exec.Command)
		r.inContainer = true
		d, forever, r.failsAtEnd = cmd.Duration, cmd.Forever, cmd.Code != 0
	case h.HTTPGet != nil:
		// Only the status code is ignored: a refused connection fails. A
		// generic process is taken to serve what its hooks ask (dsl.md,
		// "Phrases people write": what the simulator cannot know of an
		// image succeeds).
		r.failsAtEnd = !c.generic && (!c.serves() || !behavior.Listens(c.port(h.HTTPGet.Port), c.ports()))
	case h.Sleep != nil:
		d = time.Duration(h.Sleep.Seconds) * time.Second
	case h.TCPSocket != nil:
		// TCPSocket lifecycle handlers are deprecated and not supported by
		// the kubelet: the runner returns an error at once.
		r.failsAtEnd = true
	}
	if !forever {
		p.env.rearm(&r.end, d, func() { r.finish(r.failsAtEnd) }, false)
	}
	return r
}

func (r *hookRun) finish(failed bool) {
	if r.done {
		return
	}
	r.done = true
	r.p.env.cancel(&r.end)
	if r.inst.hook == r {
		r.inst.hook = nil
	}
	r.onDone(failed)
}

// cancel abandons the hook without reporting.
func (r *hookRun) cancel() {
	r.done = true
	r.p.env.cancel(&r.end)
	if r.inst.hook == r {
		r.inst.hook = nil
	}
}

// ports are the container's declared containerPorts.
func (c *ctr) ports() []int32 {
	var out []int32
	for _, p := range c.spec.Ports {
		out = append(out, p.ContainerPort)
	}
	return out
}

// port resolves a handler's port, by number or by the name of a declared
// containerPort (0 when the name is unknown).
func (c *ctr) port(p intstr.IntOrString) int32 {
	if p.Type == intstr.Int {
		return p.IntVal
	}
	for _, cp := range c.spec.Ports {
		if cp.Name == p.StrVal {
			return cp.ContainerPort
		}
	}
	return 0
}

// containerHash is what the runtime keeps of a container's spec from its
// creation: the io.kubernetes.container.hash annotation, HashContainer of
// the spec by the rule of the kubelet that created it
// (pkg/kubelet/kuberuntime/labels.go newContainerAnnotations; read back by
// getContainerInfoFromAnnotations; v1.33.13 to v1.36.3). The sums are
// podlife's own (FNV-1a over podlife's own encoding), not the kubelet's
// numbers: only whether two hashes are equal matters. A hash of one rule
// never equals a hash of the other: the real values of the two rules are
// FNV-32a sums of different texts, equal only by a collision.
type containerHash struct {
	// wholeSpec: the hash covers the whole serialized spec (up to 1.30);
	// otherwise the name and the image (1.31+, Profile.HashNameAndImage).
	wholeSpec bool
	sum       uint32
}

// hashContainer is HashContainer (pkg/kubelet/container/helpers.go) under
// profile p. From 1.31 (PR #124220, v1.33.13 to v1.36.3 read) it covers
// pickFieldsToHash, the container's name and image. Up to 1.30 it covered
// the container's JSON, nil and empty fields omitted (PR #57741, issue
// #53644; read in the index at kubernetes/kubernetes 5a3a5ff08bfa and in a
// 1.29/1.30-era copy with HashContainerWithoutResources beside it): two
// kubelets of those releases agree unless the API server sends a field
// one of them does not know (issue #63814), which no field of podlife's
// containers is for the releases the simulator models (every field the
// catalogue's containers set is known to 1.27's API types, and a
// sidecar's restartPolicy, 1.28's, reaches no kubelet older than 1.29:
// CreatePod refuses one there). The simulator's kubelets see one spec, so
// the whole-spec rule gives the same hash to every pre-1.31 release.
func hashContainer(p *Profile, c *corev1.Container) containerHash {
	if p.HashNameAndImage {
		sum := fnv32a(fnvOffset32, c.Name)
		sum = fnv32a(sum, "\x00")
		return containerHash{sum: fnv32a(sum, c.Image)}
	}
	b, err := json.Marshal(c)
	if err != nil {
		// A container decoded from the API always encodes; the rule
		// still gives the spec a hash of its own.
		b = []byte(c.Name + "\x00" + c.Image)
	}
	return containerHash{wholeSpec: true, sum: fnv32a(fnvOffset32, string(b))}
}

func fnv32a(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= fnvPrime32
	}
	return h
}

// halt is the runtime of a node whose power went: its hooks and kills
// are dropped, and its running containers are lost (their instances
// exited, to be reported at the return). The pod worker drops its own
// (podWorker.halt).
func (p *runtimePod) halt() {
	if p.kill != nil {
		p.kill.cancel()
	}
	for _, c := range p.ctrs {
		inst := c.inst
		if inst == nil || inst.state != instRunning {
			continue
		}
		if inst.hook != nil {
			inst.hook.cancel()
		}
		if inst.kill != nil {
			inst.kill.cancel()
		}
		p.env.cancel(inst.exitTimer)
		p.env.cancel(inst.termTimer)
		p.env.cancel(inst.oomTimer)
		// The process is gone; nothing sees it go. exitCode and reason
		// are the runtime's at the return (recovered).
		inst.state, inst.lost = instExited, true
		inst.exitCode, inst.reason = unknownExitCode, unknownExitReason
	}
}

// adopt takes over what the runtime holds of the pod from the worker of
// the kubelet before the reboot: its containers' instances (exited, with
// their restart counts), its start time and IPs, and a sandbox that is
// not ready, which the first sync re-creates.
func (p *runtimePod) adopt(old *runtimePod) {
	p.startTime, p.podIPs = old.startTime, old.podIPs
	p.sandboxLost = old.sandbox || old.sandboxLost
	p.allocated = old.allocated // the allocation checkpoint (resize.go)
	for i, c := range p.ctrs {
		o := old.ctrs[i]
		c.inst, c.last, c.starts = o.inst, o.last, o.starts
	}
}

func (p *runtimePod) runningCtrs() []*ctr {
	var out []*ctr
	for _, c := range p.ctrs {
		if c.running() {
			out = append(out, c)
		}
	}
	return out
}

// since is the elapsed virtual time since t, in whole seconds, truncated as
// the kubelet does when it converts the elapsed seconds to int64.
func (p *runtimePod) since(t time.Duration) int64 {
	return int64((p.env.now - t) / time.Second)
}

// FNV-1a, 32 bits (the algorithm hash/fnv implements), on a string
// without allocating: computePodActions asks for a running container's
// hash at every sync.
const (
	fnvOffset32 = 2166136261
	fnvPrime32  = 16777619
)

const (
	// unknownExitCode and unknownExitReason are what containerd reports
	// of a container whose task did not survive its restart.
	unknownExitCode   = 255
	unknownExitReason = "Unknown"
)
