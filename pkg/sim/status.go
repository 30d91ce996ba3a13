package sim

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// generateStatus is generateAPIPodStatus (pkg/kubelet/kubelet_pods.go):
// container statuses from the runtime, the phase from getPhase, the
// terminal-phase merge, and the kubelet-owned conditions.
func (k *kubelet) generateStatus(w *podWorker, podIsTerminal bool) corev1.PodStatus {
	var old corev1.PodStatus
	if e := k.status.apiPod(w); e != nil {
		old = e.pod.Status
	}
	rt, env := w.rt, k.env
	// The IP lists are the kubelet's and the sandbox's, shared by every
	// status (statuses are never modified in place).
	st := corev1.PodStatus{
		QOSClass:  w.pod.Status.QOSClass,
		HostIP:    k.hostIPs[0].IP,
		HostIPs:   k.hostIPs,
		StartTime: rt.startTime,
	}
	if len(rt.podIPs) > 0 {
		st.PodIP, st.PodIPs = rt.podIPs[0].IP, rt.podIPs
	}
	// One list, the containers then the init containers, as getPhase
	// reads them; the status holds its two parts. The list is built in the
	// simulator's buffer, reused from status to status: setStatus copies
	// it out when it writes the status, and a status found unchanged
	// costs nothing.
	all := env.statusBuf[:0]
	for _, c := range rt.ctrs {
		if !c.init {
			all = append(all, k.containerStatus(w, c))
			k.statusResources(rt, c, &all[len(all)-1])
		}
	}
	main := len(all)
	for _, c := range rt.ctrs {
		if c.init {
			all = append(all, k.containerStatus(w, c))
		}
	}
	env.statusBuf = all
	if main > 0 {
		st.ContainerStatuses = all[:main:main]
	}
	if len(all) > main {
		st.InitContainerStatuses = all[main:]
	}
	// A not-yet-started sidecar keeps the pod Pending only until a regular
	// container has run: 1.33+ asks the runtime whether any regular
	// container of the pod exists (HasAnyActiveRegularContainerStarted,
	// v1.33.13); up to 1.32 the API statuses, running or terminated only
	// (HasAnyRegularContainerStarted, v1.32.9), so a regular container
	// waiting in back-off no longer counts.
	initialized := rt.anyMainStarted()
	if !k.profile.PendingSidecarNeedsUninitialized {
		initialized = anyRegularStatusStarted(&w.pod.Spec, all)
	}
	st.Phase = getPhase(w.pod, all, podIsTerminal, initialized, k.profile.ContainerRestartRules)
	// A terminal phase, once reached in the status manager or the API, is
	// kept.
	if st.Phase != corev1.PodFailed && st.Phase != corev1.PodSucceeded &&
		(old.Phase == corev1.PodFailed || old.Phase == corev1.PodSucceeded) {
		st.Phase = old.Phase
	}
	if st.Phase == old.Phase {
		st.Reason, st.Message = old.Reason, old.Message
	}
	if w.deadline.exceeded {
		// The activeDeadlineSeconds PodSyncHandler's ShouldEvict
		// (active_deadline.go): Failed, DeadlineExceeded, and an event.
		st.Phase, st.Reason, st.Message = corev1.PodFailed, "DeadlineExceeded", "Pod was active on the node longer than the specified deadline"
		if old.Phase != corev1.PodFailed {
			rt.event(nil, corev1.EventTypeNormal, "DeadlineExceeded", st.Message)
		}
	}
	if podIsTerminal {
		// determinePodResizeStatus: a terminal pod's resize conditions
		// are cleared.
		rt.resize = nil
	}
	st.Conditions = k.status.conditions(w.pod, rt.sandbox, &st, &old)
	return st
}

// withProbeResults gives each running container of list (but regular
// init containers) the started and ready flags the prober has for it: list
// itself when none changes, else a copy.
func (m *statusManager) withProbeResults(rt *runtimePod, list []corev1.ContainerStatus) []corev1.ContainerStatus {
	out, copied := list, false
	for i := range list {
		cs := &list[i]
		c := rt.ctrNamed(cs.Name)
		if c == nil || cs.State.Running == nil || (c.init && !c.sidecar) {
			continue
		}
		started, ready := c.started(), c.ready()
		if cs.Started != nil && *cs.Started == started && cs.Ready == ready {
			continue
		}
		if !copied {
			out, copied = slices.Clone(list), true
		}
		out[i].Started = m.k.env.flag(started)
		out[i].Ready = ready
	}
	return out
}

// anyMainStarted is HasAnyActiveRegularContainerStarted.
func (p *runtimePod) anyMainStarted() bool {
	for _, c := range p.ctrs {
		if !c.init && c.inst != nil {
			return true
		}
	}
	return false
}

// containerStatus is convertToAPIContainerStatuses for one container.
// Before its first start a container waits with PodInitializing when the
// pod has init containers (and for the init containers themselves), or
// ContainerCreating otherwise.
func (k *kubelet) containerStatus(w *podWorker, c *ctr) corev1.ContainerStatus {
	rt, env := w.rt, k.env
	cs := corev1.ContainerStatus{Name: c.name, Image: c.spec.Image, ImageID: c.imageID}
	if c.inst == nil {
		reason, message := "ContainerCreating", ""
		if c.init || len(w.pod.Spec.InitContainers) > 0 {
			reason = "PodInitializing"
		}
		if r, ok := k.reasons.get(w.uid, c.name); ok && !w.deleting {
			reason, message = r.reason, r.message
		}
		cs.State.Waiting = c.waitingState(reason, message)
		if last := c.last; last != nil {
			// Purged with its sandbox: the previous run stays its last state.
			cs.RestartCount = int32(last.restartCount)
			cs.LastTerminationState.Terminated = rt.terminatedState(c, last)
		}
		if !c.init || c.sidecar {
			cs.Started = env.flag(false)
		}
		return cs
	}
	inst := c.inst
	cs.RestartCount = int32(inst.restartCount)
	cs.ContainerID = rt.containerID(c, inst)
	if r, ok := k.reasons.get(w.uid, c.name); ok && inst.state == instExited && rt.shouldRestart(c, w.deleting) {
		// convertToAPIContainerStatuses: a container that will be restarted
		// and whose last start failed waits with the reason cache's reason.
		cs.State.Waiting = c.waitingState(r.reason, r.message)
		cs.LastTerminationState.Terminated = rt.terminatedState(c, inst)
		cs.Started = env.flag(false)
		return cs
	}
	switch inst.state {
	case instRunning:
		if inst.running == nil {
			inst.runningState = corev1.ContainerStateRunning{StartedAt: env.wall(inst.startedAt)}
			inst.running = &inst.runningState
		}
		cs.State.Running = inst.running
		cs.Started = env.flag(c.started())
		cs.Ready = c.ready()
	case instExited:
		cs.State.Terminated = rt.terminatedState(c, inst)
		cs.Started = env.flag(false)
		// A regular init container that exited 0 is ready.
		cs.Ready = c.init && !c.sidecar && inst.exitCode == 0
	}
	if c.last != nil {
		cs.LastTerminationState.Terminated = rt.terminatedState(c, c.last)
	}
	return cs
}

// waitingState is the container's Waiting state, shared by the statuses
// that show it while its reason and message stay the same.
func (c *ctr) waitingState(reason, message string) *corev1.ContainerStateWaiting {
	if ws := c.waiting; ws != nil && ws.Reason == reason && ws.Message == message {
		return ws
	}
	if message == "" {
		// Most waits say only why (PodInitializing, ContainerCreating):
		// every container shows the same state then, one object for the
		// cluster rather than one per container.
		c.waiting = c.p.env.waitingStates[reason]
		if c.waiting == nil {
			c.waiting = &corev1.ContainerStateWaiting{Reason: reason}
			c.p.env.waitingStates[reason] = c.waiting
		}
		return c.waiting
	}
	c.waiting = &corev1.ContainerStateWaiting{Reason: reason, Message: message}
	return c.waiting
}

// terminatedState is the runtime's record of an exited instance as a
// status shows it.
func (p *runtimePod) terminatedState(c *ctr, inst *instance) *corev1.ContainerStateTerminated {
	if inst.terminated != nil {
		return inst.terminated
	}
	t := &corev1.ContainerStateTerminated{
		ExitCode:    int32(inst.exitCode),
		Reason:      inst.reason,
		StartedAt:   p.env.wall(inst.startedAt),
		FinishedAt:  p.env.wall(inst.finishedAt),
		ContainerID: p.containerID(c, inst),
		Message:     p.terminationMessage(c, inst),
	}
	if inst.state == instExited {
		inst.terminated = t
	}
	return t
}

func (p *runtimePod) containerID(c *ctr, inst *instance) string {
	if inst.containerID == "" {
		inst.containerID = "containerd://" + strings.TrimLeft(string(p.uid)[24:], "0") + "-" + c.name + "-" + strconv.Itoa(inst.id)
	}
	return inst.containerID
}

// getPhase is getPhase of pkg/kubelet/kubelet_pods.go (1.36, with
// ContainerRestartRules on by default): regular init containers decide
// Pending or Failed, terminated sidecars are ignored, and a pod whose
// containers have all stopped is Running while any of them will restart.
func getPhase(pod *corev1.Pod, info []corev1.ContainerStatus, podIsTerminal, podHasInitialized, rules bool) corev1.PodPhase {
	spec := &pod.Spec
	find := func(name string) (*corev1.ContainerStatus, bool) {
		for i := range info {
			if info[i].Name == name {
				return &info[i], true
			}
		}
		return nil, false
	}
	pendingSidecars, pendingRegularInit, failedInitNotRestartable := 0, 0, 0
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if isSidecar(c) {
			continue
		}
		cs, ok := find(c.Name)
		switch {
		case !ok, cs.State.Running != nil:
			pendingRegularInit++
		case cs.State.Terminated != nil:
			if code := cs.State.Terminated.ExitCode; code != 0 && !containerShouldRestart(c, spec, code, rules) {
				failedInitNotRestartable++
			}
		case cs.State.Waiting != nil:
			if t := cs.LastTerminationState.Terminated; t != nil {
				if t.ExitCode != 0 && !containerShouldRestart(c, spec, t.ExitCode, rules) {
					failedInitNotRestartable++
				}
			} else {
				pendingRegularInit++
			}
		default:
			pendingRegularInit++
		}
	}
	unknown, running, waiting, stopped, stoppedNotRestartable, succeeded := 0, 0, 0, 0, 0, 0
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if !isSidecar(c) {
			continue
		}
		cs, ok := find(c.Name)
		switch {
		case !ok:
			unknown++
		case cs.State.Running != nil:
			if cs.Started == nil || !*cs.Started {
				pendingSidecars++
			}
			running++
		case cs.State.Terminated != nil:
			// Terminated sidecars do not count for the phase.
		case cs.State.Waiting != nil:
			if cs.LastTerminationState.Terminated == nil {
				pendingSidecars++
				waiting++
			}
		default:
			pendingSidecars++
			unknown++
		}
	}
	for i := range spec.Containers {
		c := &spec.Containers[i]
		cs, ok := find(c.Name)
		switch {
		case !ok:
			unknown++
		case cs.State.Running != nil:
			running++
		case cs.State.Terminated != nil:
			stopped++
			code := cs.State.Terminated.ExitCode
			if !containerShouldRestart(c, spec, code, rules) {
				stoppedNotRestartable++
			}
			if code == 0 {
				succeeded++
			}
		case cs.State.Waiting != nil:
			if t := cs.LastTerminationState.Terminated; t != nil {
				stopped++
				if !containerShouldRestart(c, spec, t.ExitCode, rules) {
					stoppedNotRestartable++
				}
			} else {
				waiting++
			}
		default:
			unknown++
		}
	}
	if failedInitNotRestartable > 0 {
		return corev1.PodFailed
	}
	switch {
	case pendingRegularInit > 0 || (pendingSidecars > 0 && !podHasInitialized), waiting > 0:
		return corev1.PodPending
	case running > 0 && unknown == 0:
		return corev1.PodRunning
	case running == 0 && stopped > 0 && unknown == 0:
		if podIsTerminal && !isStaticPod(pod) {
			if stopped == succeeded {
				return corev1.PodSucceeded
			}
			return corev1.PodFailed
		}
		if stopped != stoppedNotRestartable {
			return corev1.PodRunning
		}
		if stopped == succeeded {
			return corev1.PodSucceeded
		}
		return corev1.PodFailed
	}
	return corev1.PodPending
}

// anyRegularStatusStarted is HasAnyRegularContainerStarted
// (pkg/kubelet/container/helpers.go, up to 1.32): a regular container's
// status is running or terminated.
func anyRegularStatusStarted(spec *corev1.PodSpec, statuses []corev1.ContainerStatus) bool {
	for _, st := range statuses {
		for i := range spec.Containers {
			if spec.Containers[i].Name == st.Name && (st.State.Running != nil || st.State.Terminated != nil) {
				return true
			}
		}
	}
	return false
}

// conditions are the kubelet-owned conditions of generateAPIPodStatus
// (pkg/kubelet/status/generate.go), after the conditions the kubelet does
// not own, which it keeps as it finds them.
func (m *statusManager) conditions(pod *corev1.Pod, sandbox bool, st, old *corev1.PodStatus) []corev1.PodCondition {
	var buf [6]corev1.PodCondition // the kubelet's five, and room for one
	out := buf[:0]
	for i := range old.Conditions {
		if c := &old.Conditions[i]; !kubeletOwned(c.Type) {
			out = append(out, *c)
		}
	}
	// The resize conditions come next (generateAPIPodStatus,
	// determinePodResizeStatus; resize.go).
	if w := m.k.workers[pod.UID]; w != nil {
		out = w.rt.resizeConditions(out)
	}
	if m.k.profile.ReadyToStartContainers {
		ready := corev1.ConditionFalse
		if sandbox {
			ready = corev1.ConditionTrue
		}
		out = append(out, corev1.PodCondition{Type: corev1.PodReadyToStartContainers, Status: ready})
	}
	initialized := m.initializedCondition(pod, st)
	out = append(out, initialized)
	containersReady := m.containersReadyCondition(pod, st)
	out = append(out, m.readyCondition(pod, containersReady, out))
	out = append(out, containersReady)
	out = append(out, corev1.PodCondition{Type: corev1.PodScheduled, Status: corev1.ConditionTrue})
	now := m.k.env.wall(m.k.env.now)
	for i := range out {
		out[i].LastTransitionTime = transitionTime(old, out[i], now)
	}
	if slices.Equal(out, old.Conditions) {
		// Mostly so: the new status shares the old list (statuses are
		// never modified in place).
		return old.Conditions
	}
	return m.k.env.conds.share(out)
}

// initializedCondition is GeneratePodInitializedCondition: true once a
// regular container has started, or when every init container is
// initialized (a regular one exited 0, a sidecar started).
func (m *statusManager) initializedCondition(pod *corev1.Pod, st *corev1.PodStatus) corev1.PodCondition {
	cond := corev1.PodCondition{Type: corev1.PodInitialized, Status: corev1.ConditionTrue}
	if st.Phase == corev1.PodSucceeded {
		cond.Reason = "PodCompleted"
		return cond
	}
	for i := range st.ContainerStatuses {
		cs := &st.ContainerStatuses[i]
		if cs.State.Running != nil || cs.State.Terminated != nil || cs.LastTerminationState.Terminated != nil {
			return cond
		}
	}
	var names [8]string // room for most pods' names without allocating
	incomplete := names[:0]
	for i := range pod.Spec.InitContainers {
		c, cs := &pod.Spec.InitContainers[i], &st.InitContainerStatuses[i]
		if isSidecar(c) {
			if cs.Started == nil || !*cs.Started {
				incomplete = append(incomplete, c.Name)
			}
		} else if !cs.Ready {
			incomplete = append(incomplete, c.Name)
		}
	}
	if len(incomplete) == 0 {
		return cond
	}
	cond.Status = corev1.ConditionFalse
	cond.Reason = "ContainersNotInitialized"
	cond.Message = m.k.parsed.listMessage("containers with incomplete status: [", incomplete)
	return cond
}

// containersReadyCondition is GenerateContainersReadyCondition: every main
// container and every sidecar must be ready.
func (m *statusManager) containersReadyCondition(pod *corev1.Pod, st *corev1.PodStatus) corev1.PodCondition {
	cond := corev1.PodCondition{Type: corev1.ContainersReady, Status: corev1.ConditionTrue}
	switch st.Phase {
	case corev1.PodSucceeded:
		cond.Status, cond.Reason = corev1.ConditionFalse, "PodCompleted"
		return cond
	case corev1.PodFailed:
		cond.Status, cond.Reason = corev1.ConditionFalse, "PodFailed"
		return cond
	}
	var names [8]string // room for most pods' names without allocating
	unready := names[:0]
	for i := range pod.Spec.InitContainers {
		if c := &pod.Spec.InitContainers[i]; isSidecar(c) && !st.InitContainerStatuses[i].Ready {
			unready = append(unready, c.Name)
		}
	}
	for i := range st.ContainerStatuses {
		if cs := &st.ContainerStatuses[i]; !cs.Ready {
			unready = append(unready, cs.Name)
		}
	}
	if len(unready) > 0 {
		cond.Status = corev1.ConditionFalse
		cond.Reason = "ContainersNotReady"
		cond.Message = m.k.parsed.listMessage("containers with unready status: [", unready)
	}
	return cond
}

// readyCondition is GeneratePodReadyCondition: ContainersReady, and every
// readiness gate's condition present and True.
func (m *statusManager) readyCondition(pod *corev1.Pod, containersReady corev1.PodCondition, conds []corev1.PodCondition) corev1.PodCondition {
	cond := corev1.PodCondition{Type: corev1.PodReady, Status: containersReady.Status, Reason: containersReady.Reason, Message: containersReady.Message}
	if cond.Status != corev1.ConditionTrue {
		return cond
	}
	var missing, notTrue []string
	for _, g := range pod.Spec.ReadinessGates {
		found := false
		for _, c := range conds {
			if c.Type == g.ConditionType {
				found = true
				if c.Status != corev1.ConditionTrue {
					notTrue = append(notTrue, string(g.ConditionType))
				}
			}
		}
		if !found {
			missing = append(missing, string(g.ConditionType))
		}
	}
	if len(missing)+len(notTrue) > 0 {
		cond.Status = corev1.ConditionFalse
		cond.Reason = "ReadinessGatesNotReady"
		var msgs []string
		for _, m := range missing {
			msgs = append(msgs, fmt.Sprintf("corresponding condition of pod readiness gate %q does not exist.", m))
		}
		for _, m := range notTrue {
			msgs = append(msgs, fmt.Sprintf("the status of pod readiness gate %q is not \"True\", but False", m))
		}
		cond.Message = strings.Join(msgs, ", ")
	}
	return cond
}

// ownStatuses gives st its own container statuses when they are those
// generateStatus built last, in its buffer: for each of its two lists,
// the stored status's list when they are the same (a write for a
// condition or the phase leaves them so), else a copy.
func ownStatuses(buf []corev1.ContainerStatus, st, old *corev1.PodStatus) {
	all, main := buf, len(st.ContainerStatuses)
	generated := len(all) > 0 && len(all) == main+len(st.InitContainerStatuses) &&
		(main == 0 || &st.ContainerStatuses[0] == &all[0]) &&
		(main == len(all) || &st.InitContainerStatuses[0] == &all[main])
	if !generated {
		return
	}
	own := func(list, stored []corev1.ContainerStatus) []corev1.ContainerStatus {
		if len(list) == 0 {
			return list
		}
		if slices.EqualFunc(list, stored, sameContainerStatus) {
			return stored
		}
		return slices.Clone(list)
	}
	st.ContainerStatuses = own(st.ContainerStatuses, old.ContainerStatuses)
	st.InitContainerStatuses = own(st.InitContainerStatuses, old.InitContainerStatuses)
}

// sameContainerStatus reports whether two container statuses are the
// same, field for field; their states and started flags are the same when
// they point at the same objects, which containerStatus shares from
// status to status. The fields containerStatus never sets must be unset
// in both (TestSameContainerStatusFields keeps this list whole).
func sameContainerStatus(a, b corev1.ContainerStatus) bool {
	return a.Name == b.Name && a.State == b.State && a.LastTerminationState == b.LastTerminationState &&
		a.Ready == b.Ready && a.RestartCount == b.RestartCount && a.Image == b.Image && a.ImageID == b.ImageID &&
		a.ContainerID == b.ContainerID && a.Started == b.Started &&
		a.Resources == b.Resources && sameResourceMap(a.AllocatedResources, b.AllocatedResources) &&
		unsetByContainerStatus(&a) && unsetByContainerStatus(&b)
}

func unsetByContainerStatus(c *corev1.ContainerStatus) bool {
	return c.VolumeMounts == nil && c.User == nil &&
		c.AllocatedResourcesStatus == nil && c.StopSignal == nil
}

// sameResourceMap: both nil, or the same map (containerStatus shares the
// allocation's requests from status to status).
func sameResourceMap(a, b corev1.ResourceList) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return len(a) == len(b) && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

func equalStatus(a, b *corev1.PodStatus) bool {
	if a.Phase != b.Phase || a.Reason != b.Reason || a.Message != b.Message || len(a.Conditions) != len(b.Conditions) ||
		a.PodIP != b.PodIP || (a.StartTime == nil) != (b.StartTime == nil) {
		return false
	}
	for i := range a.Conditions {
		x, y := &a.Conditions[i], &b.Conditions[i]
		if x.Type != y.Type || x.Status != y.Status || x.Reason != y.Reason || x.Message != y.Message {
			return false
		}
	}
	return equalContainers(a.InitContainerStatuses, b.InitContainerStatuses) && equalContainers(a.ContainerStatuses, b.ContainerStatuses)
}

func equalContainers(a, b []corev1.ContainerStatus) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := &a[i], &b[i]
		if x.Name != y.Name || x.Ready != y.Ready || x.RestartCount != y.RestartCount || x.ContainerID != y.ContainerID ||
			boolOf(x.Started) != boolOf(y.Started) || !sameState(&x.State, &y.State) || !sameStatusResources(x.Resources, y.Resources) ||
			!sameState(&x.LastTerminationState, &y.LastTerminationState) {
			return false
		}
	}
	return true
}

// sameState compares the kind of two container states and, for a
// terminated or waiting one, its exit code and reason or its reason and
// message.
func sameState(a, b *corev1.ContainerState) bool {
	switch {
	case a.Running != nil:
		return b.Running != nil
	case a.Terminated != nil:
		return b.Running == nil && b.Terminated != nil &&
			a.Terminated.ExitCode == b.Terminated.ExitCode && a.Terminated.Reason == b.Terminated.Reason
	case a.Waiting != nil:
		return b.Running == nil && b.Terminated == nil && b.Waiting != nil &&
			a.Waiting.Reason == b.Waiting.Reason && a.Waiting.Message == b.Waiting.Message
	}
	return b.Running == nil && b.Terminated == nil && b.Waiting == nil
}

// sameStatusResources compares two container statuses' resources by value.
func sameStatusResources(a, b *corev1.ResourceRequirements) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a == b || sameResources(a, b)
}
