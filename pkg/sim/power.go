package sim

import (
	"fmt"
	"sort"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// A node's power: a reboot (off at once, on again after a while) and a
// crash (off for good). Off is a power cut, not a shutdown: every
// process of the node stops in the same instant, with no SIGTERM, no
// preStop hook and no status written. A shutdown (nodeshutdown.go) ends
// with the same power cut, after the kubelet's graceful node shutdown
// (pkg/kubelet/nodeshutdown) has killed the pods, when it is configured;
// with its default shutdownGracePeriod of 0 it is off, as on kind, and a
// shutdown is this power cut alone.
//
// The node's runtime keeps its records on disk: after the reboot
// containerd loads every container it knew, and one whose checkpoint says
// running but whose task is gone is reported exited with code 255 and
// reason "Unknown", finished when containerd recovered it (containerd
// internal/cri/server/restart.go loadContainer, unknownExitCode and
// unknownExitReason; seen on kind v1.36.1: 255/Unknown, finishedAt one
// second after `docker start`). The sandboxes are not ready. A new
// kubelet then starts with nothing of the old one's memory: no pod
// workers, probe results, back-off entries or status cache.

// powerOff stops the kubelet and every process of the node in this
// instant: the kubelet is cut off (no Lease renewal, no watch, no
// eviction manager), each pod worker's timers are dropped, and the
// running instances are marked lost, to be reported by the runtime at
// the node's return.
func (k *kubelet) powerOff() {
	k.off = true
	if !k.down {
		k.cutOff()
	}
	if k.status.tick != nil {
		k.env.cancel(k.status.tick)
		k.status.tick = nil
	}
	for _, w := range k.sortedWorkers() {
		w.halt()
	}
}

// sortedWorkers are the kubelet's pod workers, oldest pod first.
func (k *kubelet) sortedWorkers() []*podWorker {
	out := make([]*podWorker, 0, len(k.workers))
	for _, w := range k.workers {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return podOlder(out[i].pod, out[j].pod) })
	return out
}

// recovered is containerd's recovery of a halted pod's containers: each
// lost instance is reported exited (255, Unknown) now.
func (p *runtimePod) recovered() {
	for _, c := range p.ctrs {
		inst := c.inst
		if inst == nil || !inst.lost {
			continue
		}
		inst.lost = false
		inst.finishedAt = p.env.now
		p.env.record(timeline.Event{Pod: p.name, Container: c.name, Kind: timeline.Exited, Code: inst.exitCode, Reason: inst.reason})
	}
}

// postReady is the new kubelet's first node status: Ready True
// (setters.go ReadyCondition, with its NodeReady event on the transition)
// and the pressure conditions False, which the node-lifecycle controller
// had set to Unknown. The controller lifts the unreachable taints at its
// next pass.
func (k *kubelet) postReady() {
	now := k.env.wall(k.env.now)
	k.api.patchNode(k.node.Name, func(n *corev1.Node) bool {
		changed := false
		set := func(c *corev1.NodeCondition, status corev1.ConditionStatus, reason, message string) {
			c.LastHeartbeatTime = now
			if c.Status == status {
				return
			}
			c.Status, c.Reason, c.Message, c.LastTransitionTime = status, reason, message, now
			k.env.recordNodeCondition(n.Name, *c)
			changed = true
		}
		for i := range n.Status.Conditions {
			c := &n.Status.Conditions[i]
			if c.Type == corev1.NodeReady {
				was := c.Status
				set(c, corev1.ConditionTrue, "KubeletReady", "kubelet is posting ready status")
				if was != corev1.ConditionTrue {
					k.api.recordNodeEvent(n, corev1.EventTypeNormal, "NodeReady", fmt.Sprintf("Node %s status is now: NodeReady", n.Name), "kubelet")
				}
				continue
			}
			for _, pc := range pressureConditions {
				if pc.typ == c.Type {
					set(c, corev1.ConditionFalse, pc.falseReason, pc.falseMessage)
				}
			}
		}
		return changed
	})
}

// listPods is the new kubelet's first list of its pods: the static pods
// of its manifest folder (their mirror pods created again where gone),
// then the API's pods bound to the node, oldest first, as
// HandlePodAdditions takes them. A pod the runtime still holds containers
// of adopts them.
func (k *kubelet) listPods() {
	for _, sp := range k.static {
		if k.api.pod(sp.pod.Name) == nil {
			k.createMirrorPod(sp)
		}
		k.handlePodAddition(sp.pod)
	}
	pods := k.api.podsOn(k.node.Name)
	sort.Slice(pods, func(i, j int) bool { return podOlder(pods[i], pods[j]) })
	for _, p := range pods {
		if isMirrorPod(p) {
			continue
		}
		// A pod deleted meanwhile (the taint manager's deletion) is
		// terminated by its worker at once: nothing runs, and the
		// kubelet's final delete removes it.
		k.podWatch(p, watchAdded)
	}
	k.runtimeLeft = nil
}
