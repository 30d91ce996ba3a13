package sim

import (
	"fmt"
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// Graceful node shutdown: the kubelet's shutdown manager
// (pkg/kubelet/nodeshutdown, v1.36.3: nodeshutdown_manager.go for the
// configuration, the groups and the kills; nodeshutdown_manager_linux.go
// for the event and the admission). On Linux the kubelet holds a
// systemd-logind delay inhibitor lock; logind's PrepareForShutdown(true)
// signal starts processShutdownEvent, and the lock is released when it
// returns, at which point systemd goes on with the shutdown: here, the
// node's power goes then (power.go powerOff), as in a crash.
//
// With shutdownGracePeriod 0 (the kubelet's default, kind's) NewManager
// returns managerStub: no lock is taken, nothing graceful happens, and
// the node goes off at once. What systemd itself does to the processes
// left at the end of a shutdown (its SIGTERM and SIGKILL to every
// remaining process) is not modelled: the node's containers stop as in a
// power cut, unsignalled.

// shutdownGroup is a ShutdownGracePeriodByPodPriority entry: the pods of
// priority at least Priority (up to the next group's) get Seconds.
type shutdownGroup struct {
	priority int32
	seconds  int64
}

// shutdownGroups is newPodManager's migration of the two durations
// (nodeshutdown_manager.go migrateConfig): nil, the feature off, when
// shutdownGracePeriod is 0; otherwise the pods of priority below
// SystemCriticalPriority get requested − critical, the critical pods
// critical, whole seconds each; sorted by priority, lowest first.
func shutdownGroups(requested, critical time.Duration) []shutdownGroup {
	if requested == 0 {
		return nil
	}
	regular := requested - critical
	if regular < 0 {
		return nil
	}
	return []shutdownGroup{
		{priority: 0, seconds: int64(regular / time.Second)}, // scheduling.DefaultPriorityWhenNoDefaultClassExists
		{priority: SystemCriticalPriority, seconds: int64((requested - regular) / time.Second)},
	}
}

// groupByPriority is nodeshutdown_manager.go groupByPriority: each pod
// goes to the group of the highest priority not above its own; a pod
// below the lowest group goes to the lowest, one above the highest to the
// highest.
func groupByPriority(groups []shutdownGroup, pods []*podWorker) [][]*podWorker {
	out := make([][]*podWorker, len(groups))
	for _, w := range pods {
		var priority int32
		if p := w.pod.Spec.Priority; p != nil {
			priority = *p
		}
		i := sort.Search(len(groups), func(i int) bool { return groups[i].priority >= priority })
		switch {
		case i == len(groups):
			i = len(groups) - 1
		case i > 0 && groups[i].priority > priority:
			i--
		}
		out[i] = append(out[i], w)
	}
	return out
}

// validateShutdown is the kubelet's configuration validation of the two
// fields (pkg/kubelet/apis/config/validation/validation.go
// ValidateKubeletConfiguration).
func validateShutdown(requested, critical time.Duration) error {
	if critical > requested {
		return fmt.Errorf("invalid configuration: shutdownGracePeriodCriticalPods %v must be <= shutdownGracePeriod %v", critical, requested)
	}
	if requested < 0 || (requested > 0 && requested < time.Second) {
		return fmt.Errorf("invalid configuration: shutdownGracePeriod %v must be either zero or otherwise >= 1 sec", requested)
	}
	if critical < 0 || (critical > 0 && critical < time.Second) {
		return fmt.Errorf("invalid configuration: shutdownGracePeriodCriticalPods %v must be either zero or otherwise >= 1 sec", critical)
	}
	return nil
}

// The shutdown manager's words (nodeshutdown_manager.go constants,
// nodeshutdown_manager_linux.go ShutdownStatus).
const (
	nodeShutdownNotAdmittedReason  = "NodeShutdown"
	nodeShutdownNotAdmittedMessage = "Pod was rejected as the node is shutting down."
	nodeShutdownReason             = "Terminated"
	nodeShutdownMessage            = "Pod was terminated in response to imminent node shutdown."
	nodeShuttingDownError          = "node is shutting down"
)

// SetShutdownConfig sets every kubelet's shutdownGracePeriod and
// shutdownGracePeriodCriticalPods; it is only allowed before the first
// node. Both 0 (the default) is the feature off.
func (s *Simulator) SetShutdownConfig(requested, critical time.Duration) error {
	if len(s.nodes) > 0 {
		return fmt.Errorf("the shutdown grace periods must be set before the first node")
	}
	if err := validateShutdown(requested, critical); err != nil {
		return err
	}
	s.shutdownGroups = shutdownGroups(requested, critical)
	return nil
}

// ShutdownNode shuts a node down as systemd does on `systemctl poweroff`:
// logind tells the kubelet, whose shutdown manager, when configured,
// terminates the pods by priority group while its inhibitor lock holds
// the shutdown back; then the power goes, for the rest of the scenario.
// Without the configuration the power goes at once.
func (s *Simulator) ShutdownNode(node string) error {
	k, err := s.kubeletOf(node)
	if err != nil {
		return err
	}
	if k.off {
		return fmt.Errorf("node %q is off already", node)
	}
	if k.shuttingDown {
		return fmt.Errorf("node %q is shutting down already", node)
	}
	if len(k.shutdownGroups) == 0 {
		// managerStub: no inhibitor lock, nothing graceful.
		k.powerOff()
		return nil
	}
	k.processShutdownEvent()
	return nil
}

// processShutdownEvent is the manager's handling of PrepareForShutdown(true)
// (nodeshutdown_manager_linux.go start, processShutdownEvent): the
// NodeShutdown event, the node shutting down (admission refuses new pods,
// the node's Ready condition False at once: syncNodeStatus), then the
// pods killed group after group; when the last group is done the lock is
// released and the power goes.
func (k *kubelet) processShutdownEvent() {
	k.shuttingDown = true
	if !k.down {
		k.api.recordNodeEvent(k.node, corev1.EventTypeNormal, "NodeShutdown", "Shutdown manager detected shutdown event", "kubelet")
		k.postNotReady(nodeShuttingDownError)
	}
	groups := groupByPriority(k.shutdownGroups, k.activePods())
	var step func(i int)
	step = func(i int) {
		if k.off {
			return
		}
		if i == len(groups) {
			// The deferred ReleaseInhibitLock: systemd goes on.
			k.powerOffAtInstantEnd()
			return
		}
		if len(groups[i]) == 0 {
			step(i + 1) // "do not wait for pods in that priority range"
			return
		}
		k.killShutdownGroup(k.shutdownGroups[i], groups[i], func() { step(i + 1) })
	}
	step(0)
}

// powerOffAtInstantEnd cuts the power once the lock is released, after
// the work of this instant: systemd stops the node's services after the
// release, which takes longer than what the kubelet and the runtime do
// in that instant (a SIGKILL at the grace period's end that coincides
// with the last group's time, the status it leads to).
func (k *kubelet) powerOffAtInstantEnd() {
	var off func()
	off = func() {
		if at, ok := k.env.q.next(); ok && at == k.env.now {
			k.env.soon(off)
			return
		}
		if !k.off {
			k.powerOff()
		}
	}
	k.env.soon(off)
}

// killShutdownGroup is one group of podManager.killPods: every pod killed
// at once through its pod worker (killPodNow) with the grace override
// min(group's seconds, the pod's spec grace), and the status function
// that makes it Failed (unless Succeeded) with reason Terminated, the
// message, and DisruptionTarget TerminationByKubelet; done is called when
// every kill has completed (the pods terminated; WaitForAllPodsUnmount
// then returns at once, the simulator having no volume teardown to wait
// for) or when the group's seconds have passed, whichever is first.
// killPodNow's own timeout (max(10 s, 1.5 × the override)) never comes
// first here: a kill the simulator runs ends by its grace (2 s at the
// least, killContainer's floor), and no runtime of it hangs.
func (k *kubelet) killShutdownGroup(g shutdownGroup, pods []*podWorker, done func()) {
	finished := false
	var timer *timer
	finish := func() {
		if finished {
			return
		}
		finished = true
		k.env.cancel(timer)
		done()
	}
	timer = k.env.after(time.Duration(g.seconds)*time.Second, finish)
	left := len(pods)
	for _, w := range pods {
		override := g.seconds
		if sg := w.pod.Spec.TerminationGracePeriodSeconds; sg != nil && *sg <= override {
			override = *sg
		}
		cond := &corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
			Reason: corev1.PodReasonTerminationByKubelet, Message: nodeShutdownMessage}
		ov := override
		w.killPodNow(&ov, &killStatus{reason: nodeShutdownReason, message: nodeShutdownMessage, condition: cond, at: k.env.now})
		k.whenTerminated(w, func() {
			if left--; left == 0 {
				k.env.soon(finish)
			}
		})
	}
}

// postNotReady is the node status sync with an error from one of the
// Ready condition's sources (nodestatus/setters.go ReadyCondition: the
// aggregated errors make it False, reason KubeletNotReady, the errors'
// text the message; a change of status records the NodeNotReady event).
func (k *kubelet) postNotReady(message string) {
	now := k.env.wall(k.env.now)
	k.api.patchNode(k.node.Name, func(n *corev1.Node) bool {
		c := nodeCondition(n, corev1.NodeReady)
		if c == nil {
			return false
		}
		c.LastHeartbeatTime = now
		if c.Status == corev1.ConditionFalse && c.Message == message {
			return true
		}
		was := c.Status
		c.Reason, c.Message = "KubeletNotReady", message
		if was != corev1.ConditionFalse {
			c.Status, c.LastTransitionTime = corev1.ConditionFalse, now
			k.env.recordNodeCondition(n.Name, *c)
			k.api.recordNodeEvent(n, corev1.EventTypeNormal, "NodeNotReady", fmt.Sprintf("Node %s status is now: NodeNotReady", n.Name), "kubelet")
		}
		return true
	})
}

// admitShutdown is the shutdown manager's admit handler, the last one
// NewMainKubelet registers (kubelet.go; nodeshutdown_manager_linux.go
// Admit): while the node shuts down every pod is refused.
func (k *kubelet) admitShutdown() (reason, message string) {
	if k.shuttingDown {
		return nodeShutdownNotAdmittedReason, nodeShutdownNotAdmittedMessage
	}
	return "", ""
}
