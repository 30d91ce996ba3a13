package sim

import (
	"fmt"
	"slices"
	"strconv"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// The runtime's part of SyncPod (pkg/kubelet/kuberuntime/kuberuntime_manager.go,
// v1.36.3): the sandbox, and computePodActions' decision of what to kill
// and start. The pod worker's sync run (syncrun.go) carries the decision
// out through the runtime's startContainer and killContainer.

// createSandbox is the RunPodSandbox step of SyncPod. 1.36 reports
// PodReadyToStartContainers right after the sandbox exists (PR #134660).
func (p *runtimePod) createSandbox() {
	p.sandbox = true
	p.k.podIPs++
	p.podIPs = []corev1.PodIP{{IP: "10.244." + strconv.Itoa(1+p.k.index/250) + "." + strconv.Itoa(1+p.k.podIPs%250)}}
	if p.startTime == nil {
		t := p.env.wall(p.env.now)
		p.startTime = &t
	}
	p.env.record(timeline.Event{Pod: p.name, Kind: timeline.SandboxReady})
	// PLEG reports the new sandbox: another sync follows, which publishes
	// what this one's starts left in the reason cache.
	p.k.pleg.report(p.uid, sandboxChanged)
}

// loseSandbox is the pod's sandbox dying: the PLEG reports it, and the
// pod's next sync kills what still runs and creates another. It reports
// false when the pod had no sandbox.
func (p *runtimePod) loseSandbox() bool {
	if !p.sandbox {
		return false
	}
	p.sandbox, p.sandboxLost = false, true
	p.k.pleg.report(p.uid, sandboxChanged)
	return true
}

// sandboxRecreated is computePodActions' decision for a pod whose
// sandbox changed (kuberuntime_manager.go, v1.36.3): no new sandbox for a
// restartPolicy Never pod that had one and any container already
// (shouldRestartOnFailure false, attempt != 0, container statuses known),
// nor when no regular container is to start (those that succeeded under
// OnFailure are not) and one was created already; otherwise a new
// sandbox, where the init containers run again from the first.
func (p *runtimePod) sandboxRecreated() bool {
	spec := &p.pod.Spec
	known := false
	for _, c := range p.ctrs {
		if c.latest() != nil {
			known = true
		}
	}
	if spec.RestartPolicy == corev1.RestartPolicyNever && known {
		return false
	}
	toStart, created := 0, false
	for _, c := range p.ctrs {
		if c.init {
			continue
		}
		l := c.latest()
		created = created || l != nil
		runOnce := spec.RestartPolicy == corev1.RestartPolicyOnFailure
		if p.k.profile.ContainerRestartRules && c.spec.RestartPolicy != nil {
			runOnce = *c.spec.RestartPolicy == corev1.ContainerRestartPolicyOnFailure
		}
		if runOnce && l != nil && l.state == instExited && l.exitCode == 0 {
			continue
		}
		toStart++
	}
	return toStart > 0 || !created
}

// purgeInitContainers follows a re-created sandbox (SyncPod's
// purgeInitContainers): the runtime forgets the init containers, which
// run again from the first; restartCount carries on (startContainer
// finds the old count, or calcRestartCountByLogDir does).
func (p *runtimePod) purgeInitContainers() {
	for _, c := range p.ctrs {
		if c.init && c.inst != nil {
			c.last, c.inst = c.inst, nil
		}
	}
}

// podActions is what computePodActions decided: kill the pod, or kill and
// start containers, in that order: SyncPod kills every container of
// ContainersToKill (its step 3) before it starts any (steps 6 and 7,
// init containers first; kuberuntime_manager.go, v1.36.3). Its kills run
// one after the other in a map's order; the simulator's in the order
// they were decided (sidecars, then containers in spec order).
type podActions struct {
	killPod bool
	actions []action
	// kills is how many of actions, at their head, are kills.
	kills int
	// resizes are the running containers whose resources the runtime
	// updates in place (doPodResizeAction; resize.go).
	resizes []*ctr
}

// action is one container kill or start of a sync. A start carries the
// latest exited instance the sync saw, which doBackOff measures from.
type action struct {
	kill        bool
	c           *ctr
	reason      killReason
	message     string
	backoffFrom *instance
}

func (a *podActions) start(c *ctr, from *instance) {
	a.actions = append(a.actions, action{c: c, backoffFrom: from})
}

func (a *podActions) killFor(c *ctr, reason killReason, message string) {
	a.actions = slices.Insert(a.actions, a.kills, action{kill: true, c: c, reason: reason, message: message})
	a.kills++
}

// computePodActions (kuberuntime_manager.go) for a pod with a sandbox: init
// containers first (computeInitContainerActions), then the regular
// containers: start the new, restart the exited by restart policy, kill
// and restart those whose definition changed (definitionChanged), kill
// (and restart) those whose liveness or startup probe failed. When no
// regular container is running and none is to be started, the pod is
// killed, sidecars included: sidecars never keep a pod alive.
func (p *runtimePod) computePodActions(deleting bool) podActions {
	var a podActions
	if !p.computeInitContainerActions(&a, deleting) {
		return a
	}
	keep, starts := 0, 0
	for _, c := range p.ctrs {
		if c.init {
			continue
		}
		switch {
		case c.inst == nil:
			a.start(c, nil)
			starts++
		case c.running():
			if msg, changed := c.definitionChanged(); changed {
				// Restarted whatever the restart policy: its spec
				// changed (computePodActions, v1.36.3).
				a.killFor(c, killUnknown, msg+", will be restarted")
				a.start(c, c.last)
				starts++
				continue
			}
			reason, msg, dead := c.probeKill()
			if !dead {
				// computePodResizeAction: a resize applied in place, or
				// by a restart (resize.go).
				if resize, restart := c.resizeToActuate(); restart {
					a.killFor(c, killUnknown, fmt.Sprintf("Container %s resize requires restart", c.name))
					a.start(c, c.last)
					starts++
					continue
				} else if resize {
					a.resizes = append(a.resizes, c)
				}
				keep++
				continue
			}
			restart := p.restartsAfterProbeKill(c)
			if restart {
				msg += ", will be restarted"
			}
			a.killFor(c, reason, msg)
			if restart {
				a.start(c, c.last)
				starts++
			}
		case p.shouldRestart(c, deleting):
			a.start(c, c.inst)
			starts++
		}
	}
	if keep == 0 && starts == 0 {
		a.killPod = true
		a.actions = nil
	}
	return a
}

// computeInitContainerActions (kuberuntime_container.go): init containers
// run one at a time in spec order; after a sidecar the next starts once the
// sidecar is started (its startup probe, if any, succeeded), after a
// regular one once it exited 0. Once a regular container exists, only
// sidecars are kept running, restarted on exit or on a failed probe. It
// reports whether the pod is initialized.
func (p *runtimePod) computeInitContainerActions(a *podActions, deleting bool) bool {
	initialized := false
	for _, c := range p.ctrs {
		if !c.init && c.inst != nil && c.inst.state != instExited {
			initialized = true
		}
	}
	keepSidecar := func(c *ctr) {
		switch {
		case c.inst == nil || c.inst.state == instExited:
			var from *instance
			if c.inst != nil {
				from = c.inst
			}
			a.start(c, from)
		default:
			// computeInitContainerActions words the kill itself ("Init
			// container mesh failed liveness probe"), without the ", will
			// be restarted" computePodActions adds (kuberuntime_container.go,
			// v1.29.15 to v1.36.3). A started sidecar whose hash changed
			// is killed and started again first (its startup probe, if
			// any, decides before the hash is compared).
			if msg, changed := c.definitionChanged(); changed && c.started() {
				a.killFor(c, killUnknown, msg)
				a.start(c, c.last)
			} else if reason, msg, dead := c.probeKill(); dead {
				a.killFor(c, reason, msg)
				a.start(c, c.last)
			}
		}
	}
	if initialized {
		for _, c := range p.ctrs {
			if c.sidecar {
				keepSidecar(c)
			}
		}
		return true
	}
	for _, c := range p.ctrs {
		if !c.init {
			continue
		}
		switch {
		case c.sidecar:
			keepSidecar(c)
			if !c.started() {
				return false
			}
		case c.inst == nil:
			a.start(c, nil)
			return false
		case c.inst.state != instExited:
			return false
		case c.inst.exitCode == 0:
			continue
		case p.shouldRestart(c, deleting):
			a.start(c, c.inst)
			return false
		default:
			// A failed init container that will not restart fails the pod.
			a.killPod = true
			return false
		}
	}
	return true
}

// shouldRestart is ShouldContainerBeRestarted
// (pkg/kubelet/container/helpers.go) for an exited container: never once
// the pod is being deleted, otherwise by ContainerShouldRestart (the
// container's rules and policy, then the pod's).
func (p *runtimePod) shouldRestart(c *ctr, deleting bool) bool {
	if deleting {
		return false
	}
	if c.inst == nil {
		return true
	}
	return containerShouldRestart(c.spec, &p.pod.Spec, int32(c.inst.exitCode), p.k.profile.ContainerRestartRules)
}

// restartsAfterProbeKill: a container killed for its liveness or startup
// probe restarts unless its policy is Never; with no exit code yet, rules
// are not evaluated (computePodActions).
func (p *runtimePod) restartsAfterProbeKill(c *ctr) bool {
	if pol := c.spec.RestartPolicy; pol != nil && (p.k.profile.ContainerRestartRules || (*pol == corev1.ContainerRestartPolicyAlways && isInitOf(c.spec, &p.pod.Spec))) {
		return *pol != corev1.ContainerRestartPolicyNever
	}
	return p.pod.Spec.RestartPolicy != corev1.RestartPolicyNever
}

// ctrNamed is the pod's container of that name, or nil (a pod has a
// handful: a search beats a map).
func (p *runtimePod) ctrNamed(name string) *ctr {
	for _, c := range p.ctrs {
		if c.name == name {
			return c
		}
	}
	return nil
}

// podIP is the sandbox's IP, "" before the first sandbox.
func (p *runtimePod) podIP() string {
	if len(p.podIPs) == 0 {
		return ""
	}
	return p.podIPs[0].IP
}

// definitionChanged is containerChanged (kuberuntime_manager.go, v1.36.3)
// for the running instance, as a kubelet upgraded in place asks it (seed
// 001's "kubelet upgrade" rows; UpgradeKubelet, node_actions.go): the
// containers it finds running are kept unless the hash it computes of
// their spec differs from the one the runtime kept since their creation; the hash the kubelet computes now, by its own
// release's rule, against the hash kept since the instance was created.
// The message is the Killing event's: computePodActions words a regular
// container's ("Container app definition changed", to which it adds ",
// will be restarted"), computeInitContainerActions a running sidecar's
// ("Init container proxy definition changed", kuberuntime_container.go).
func (c *ctr) definitionChanged() (string, bool) {
	if !c.running() || c.inst.hash == hashContainer(c.p.k.profile, c.spec) {
		return "", false
	}
	if c.sidecar {
		return fmt.Sprintf("Init container %s definition changed", c.name), true
	}
	return fmt.Sprintf("Container %s definition changed", c.name), true
}
