package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
)

// The kubelet's node status: the pressure conditions its setters derive
// from the eviction manager (pkg/kubelet/nodestatus/setters.go,
// MemoryPressureCondition, DiskPressureCondition, PIDPressureCondition),
// with the Normal events each transition records.
//
// The kubelet posts node status every nodeStatusUpdateFrequency (10 s,
// periods.NodeStatusUpdate) and the eviction manager synchronizes every
// 10 s (periods.EvictionMonitoring); the simulator publishes
// the conditions in the instant the eviction manager computes them, as if
// the two loops were in phase.

// initNodeConditions is the kubelet's first status update: the three
// pressure conditions False next to Ready.
func (k *kubelet) initNodeConditions() {
	now := k.env.wall(k.env.now)
	k.api.patchNode(k.node.Name, func(n *corev1.Node) bool {
		changed := false
		for _, pc := range pressureConditions {
			if nodeCondition(n, pc.typ) != nil {
				continue
			}
			n.Status.Conditions = append(n.Status.Conditions, corev1.NodeCondition{
				Type: pc.typ, Status: corev1.ConditionFalse, Reason: pc.falseReason, Message: pc.falseMessage,
				LastHeartbeatTime: now, LastTransitionTime: now,
			})
			changed = true
		}
		return changed
	})
}

// nodeCondition finds a condition of the node.
func nodeCondition(n *corev1.Node, t corev1.NodeConditionType) *corev1.NodeCondition {
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == t {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

// setPressureConditions publishes the eviction manager's conditions: each
// setter reports True while the eviction manager holds the condition, with
// a node event on every transition. The node-lifecycle controller then
// reconciles the NoSchedule taints.
func (k *kubelet) setPressureConditions(held []corev1.NodeConditionType) {
	if k.down {
		return
	}
	now := k.env.wall(k.env.now)
	k.api.patchNode(k.node.Name, func(n *corev1.Node) bool {
		changed := false
		for _, pc := range pressureConditions {
			want := corev1.ConditionFalse
			reason, msg, event := pc.falseReason, pc.falseMessage, pc.falseEvent
			for _, h := range held {
				if h == pc.typ {
					want = corev1.ConditionTrue
					reason, msg, event = pc.trueReason, pc.trueMessage, pc.trueEvent
				}
			}
			c := nodeCondition(n, pc.typ)
			if c == nil {
				n.Status.Conditions = append(n.Status.Conditions, corev1.NodeCondition{Type: pc.typ})
				c = &n.Status.Conditions[len(n.Status.Conditions)-1]
			}
			c.LastHeartbeatTime = now
			if c.Status == want {
				continue
			}
			c.Status, c.Reason, c.Message, c.LastTransitionTime = want, reason, msg, now
			changed = true
			k.env.recordNodeCondition(n.Name, *c)
			k.api.recordNodeEvent(n, corev1.EventTypeNormal, event, fmt.Sprintf("Node %s status is now: %s", n.Name, event), "kubelet")
		}
		return changed
	})
}
