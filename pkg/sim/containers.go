package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// ctr is one container of a pod as the kubelet and the runtime know it: its
// spec, what its process does, and its current and previous instances.
type ctr struct {
	w       *podWorker
	spec    *corev1.Container
	name    string
	init    bool // listed in initContainers
	sidecar bool // an init container with restartPolicy Always

	agent bool              // runs podlife-agent with beh
	beh   behavior.Behavior // agent behaviour
	cmd   behavior.Command  // an image container's command (sleep N)

	inst   *instance // the current instance, nil before the first start
	last   *instance // the previous instance (lastState)
	starts int       // instances started so far
}

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
	exitTimer    *timer // the process's own exit
	termTimer    *timer // exit after SIGTERM
	hook         *hookRun
	kill         *ctrKill
}

func (w *podWorker) addCtr(spec *corev1.Container, index int, init bool) {
	c := &ctr{w: w, spec: spec, name: spec.Name, init: init}
	c.sidecar = init && isSidecar(spec)
	if spec.Image == behavior.Image {
		c.agent = true
		b, err := behavior.Parse(spec.Args)
		if err != nil {
			// Validated before the pod was created (Simulator.CheckPod).
			panic(fmt.Sprintf("container %s: %v", spec.Name, err))
		}
		c.beh = b
	} else {
		cmd, err := behavior.ParseCommand(append(append([]string{}, spec.Command...), spec.Args...))
		if err != nil {
			panic(fmt.Sprintf("container %s: %v", spec.Name, err))
		}
		c.cmd = cmd
	}
	w.ctrs = append(w.ctrs, c)
	w.byName[c.name] = c
}

// isSidecar is podutil.IsRestartableInitContainer.
func isSidecar(c *corev1.Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
}

// started is the prober's notion: running, and its startup probe (if any)
// has succeeded.
func (c *ctr) started() bool {
	return c.inst != nil && c.inst.state == instRunning
}

// ready is running, started and, with a readiness probe, answering it.
func (c *ctr) ready() bool {
	if !c.started() {
		return false
	}
	if c.init && !c.sidecar {
		return false
	}
	return c.spec.ReadinessProbe == nil
}

// startRun is the sequential container start of one SyncPod: image, create,
// start, postStart, one container after the other (startContainer in
// kuberuntime_container.go). A postStart hook blocks the run, and with it
// the pod worker, until it returns.
type startRun struct {
	w       *podWorker
	pending []*ctr
	hook    *hookRun
	current *ctr
}

func (w *podWorker) startContainers(cs []*ctr) {
	r := &startRun{w: w, pending: cs}
	r.next()
}

func (r *startRun) next() {
	w := r.w
	for len(r.pending) > 0 {
		c := r.pending[0]
		r.pending = r.pending[1:]
		inst := w.startContainer(c)
		if inst == nil {
			continue
		}
		if h := c.spec.Lifecycle; h != nil && h.PostStart != nil {
			r.current = c
			w.blocked = r
			r.hook = w.runHook(c, inst, h.PostStart, func(failed bool) { r.postStartDone(c, inst, failed) })
			return
		}
	}
	w.blocked = nil
	w.queueSync() // PLEG: the started containers show in the next status
}

// postStartDone continues the run after the hook returned. A failed
// postStart emits FailedPostStartHook and kills the container with its
// preStop and no override (startContainer, step 4).
func (r *startRun) postStartDone(c *ctr, inst *instance, failed bool) {
	w := r.w
	r.hook = nil
	r.current = nil
	if failed {
		w.event(c, corev1.EventTypeWarning, "FailedPostStartHook", "PostStartHook failed")
		w.killContainer(c, killPostStart, "FailedPostStartHook", nil, nil, nil)
	} else {
		w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.PostStartDone})
	}
	r.next()
}

// abort ends a run blocked in postStart because the pod is terminating: the
// sync's context is cancelled and no further container starts.
func (r *startRun) abort() {
	if r.hook != nil {
		r.hook.cancel()
	}
	r.w.blocked = nil
	r.pending = nil
}

// startContainer pulls (the image is present), creates and starts one
// container instance and starts its process.
func (w *podWorker) startContainer(c *ctr) *instance {
	w.pullImage(c)
	restarts := 0
	if c.inst != nil {
		restarts = c.inst.restartCount + 1
		c.last = c.inst
	}
	c.starts++
	inst := &instance{id: c.starts, restartCount: restarts, startedAt: w.s.now}
	c.inst = inst
	w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.Created})
	w.event(c, corev1.EventTypeNormal, "Created", "Created container: "+c.name)
	if restarts > 0 {
		w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.Restarted})
	}
	w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.Started})
	w.event(c, corev1.EventTypeNormal, "Started", "Started container "+c.name)
	w.runProcess(c, inst)
	return inst
}

// pullImage is EnsureImageExists for an image that is present on the node:
// IfNotPresent and Never use it, Always asks the registry again.
func (w *podWorker) pullImage(c *ctr) {
	img := c.spec.Image
	if c.spec.ImagePullPolicy == corev1.PullAlways {
		w.event(c, corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", img))
		w.event(c, corev1.EventTypeNormal, "Pulled", fmt.Sprintf("Successfully pulled image %q in 0s (0s including waiting). Image size: 0 bytes.", img))
		return
	}
	w.event(c, corev1.EventTypeNormal, "Pulled", fmt.Sprintf("Container image %q already present on machine", img))
}

// runProcess starts what the container's process does on its own.
func (w *podWorker) runProcess(c *ctr, inst *instance) {
	switch {
	case c.agent && c.beh.Exit != nil:
		code := c.beh.Exit.Code
		inst.exitTimer = w.s.after(c.beh.Exit.After, func() { w.processExit(c, inst, code, "") })
	case !c.agent && !c.cmd.Forever:
		code := c.cmd.Code
		inst.exitTimer = w.s.after(c.cmd.Duration, func() { w.processExit(c, inst, code, "") })
	}
}

// sigterm delivers the stop signal. An agent exits after its SIGTERM delay
// unless told to ignore it; `sleep` as PID 1 has no handler and the kernel
// ignores SIGTERM for it.
func (w *podWorker) sigterm(c *ctr, inst *instance) {
	w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.SIGTERM})
	if !c.agent || c.beh.Term.Ignore || inst.termTimer != nil {
		return
	}
	code := c.beh.Term.Code
	inst.termTimer = w.s.after(c.beh.Term.Delay, func() { w.processExit(c, inst, code, "") })
}

// sigkill ends the process at once with 137.
func (w *podWorker) sigkill(c *ctr, inst *instance) {
	w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.SIGKILL})
	w.processExit(c, inst, 137, "")
}

// processExit is the process ending; the runtime reports reason Completed
// for 0 and Error otherwise (containerd), unless a reason is given.
func (w *podWorker) processExit(c *ctr, inst *instance, code int, reason string) {
	if inst.state != instRunning {
		return
	}
	w.s.cancel(inst.exitTimer)
	w.s.cancel(inst.termTimer)
	if reason == "" {
		reason = "Completed"
		if code != 0 {
			reason = "Error"
		}
	}
	inst.state = instExited
	inst.finishedAt = w.s.now
	inst.exitCode = code
	inst.reason = reason
	w.s.record(timeline.Event{Pod: w.name, Container: c.name, Kind: timeline.Exited, Code: code, Reason: reason})
	if h := inst.hook; h != nil && h.inContainer {
		// An exec hook runs inside the container and dies with it.
		h.finish(true)
	}
	if k := inst.kill; k != nil {
		k.processExited()
	}
	if w.state == stateSyncing {
		w.queueSync() // PLEG: ContainerDied
	}
}

// event records a Kubernetes Event about a container of the pod, from the
// kubelet.
func (w *podWorker) event(c *ctr, eventType, reason, message string) {
	var spec *corev1.Container
	init := false
	if c != nil {
		spec, init = c.spec, c.init
	}
	w.s.api.recordEvent(w.pod, spec, init, eventType, reason, message, "kubelet")
}

// hookRun is a lifecycle hook in progress (handlerRunner.Run in
// pkg/kubelet/lifecycle/handlers.go).
type hookRun struct {
	w           *podWorker
	inst        *instance
	timer       *timer
	done        bool
	inContainer bool // exec: runs in the container and dies with it
	failsAtEnd  bool
	onDone      func(failed bool)
}

// runHook starts a hook and calls onDone when it returns. exec runs the
// command in the container (sleep N, true, false, exit N); httpGet fails
// only when nothing listens (an agent serves HTTP, `sleep` does not) — the
// status code is never checked; sleep waits on the kubelet's side.
func (w *podWorker) runHook(c *ctr, inst *instance, h *corev1.LifecycleHandler, onDone func(failed bool)) *hookRun {
	r := &hookRun{w: w, inst: inst, onDone: onDone}
	inst.hook = r
	var d time.Duration
	forever := false
	switch {
	case h.Exec != nil:
		cmd, err := behavior.ParseCommand(h.Exec.Command)
		if err != nil {
			panic(fmt.Sprintf("hook of %s: %v", c.name, err)) // checked before creation
		}
		r.inContainer = true
		d, forever, r.failsAtEnd = cmd.Duration, cmd.Forever, cmd.Code != 0
	case h.HTTPGet != nil:
		// Only the status code is ignored: a refused connection fails.
		r.failsAtEnd = !c.agent || !behavior.Listens(c.port(h.HTTPGet.Port), c.ports())
	case h.Sleep != nil:
		d = time.Duration(h.Sleep.Seconds) * time.Second
	case h.TCPSocket != nil:
		// TCPSocket lifecycle handlers are deprecated and not supported by
		// the kubelet: the runner returns an error at once.
		r.failsAtEnd = true
	}
	if !forever {
		r.timer = w.s.after(d, func() { r.finish(r.failsAtEnd) })
	}
	return r
}

func (r *hookRun) finish(failed bool) {
	if r.done {
		return
	}
	r.done = true
	r.w.s.cancel(r.timer)
	if r.inst.hook == r {
		r.inst.hook = nil
	}
	r.onDone(failed)
}

// cancel abandons the hook without reporting.
func (r *hookRun) cancel() {
	r.done = true
	r.w.s.cancel(r.timer)
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
