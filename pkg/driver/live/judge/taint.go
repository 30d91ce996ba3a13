package judge

import (
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// taintDelay is how much later than the node action the NoExecute taint
// that evicts sel's pod came, when sel is a consequence of the taint
// manager's deletion (the pod's deletion shown, its DisruptionTarget
// condition, the manager's Event, the pod gone) after a node action.
//
// The simulator taints a node that stops reporting at once, as the
// node-lifecycle controller does for the first node of a zone; but the
// controller adds NoExecute taints through a per-zone rate limiter
// (pkg/controller/nodelifecycle/node_lifecycle_controller.go,
// doNoExecuteTaintingPass and the zoneNoExecuteTainter's token bucket,
// evictionLimiterQPS 0.1, burst 1; v1.36.3), so on a cluster where
// other scenarios cut nodes off at the same moment a node waits up to
// 10 s per node ahead of it (20 s was seen on kind, three pool nodes cut
// off within a second). The taint manager counts tolerationSeconds from
// the taint it observes (pkg/controller/tainteviction/taint_eviction.go,
// processPodOnNode), so the deletion keeps the taint's delay after t=0:
// the window moves by it. Zero when no such taint was seen or it came at
// once.
func (j *Judge) taintDelay(t0 timeline.Mark, sel timeline.Selector) time.Duration {
	if sel.Container != "" || !taintConsequence(sel) {
		return 0
	}
	r := j.reactionOf(sel.Pod)
	p := j.pod(sel.Pod)
	if r == nil || r.action != driver.ActionNode || p == nil || p.Spec.NodeName == "" {
		return 0
	}
	v := j.sess.View()
	names := map[string]bool{}
	for _, e := range v.Timeline() {
		if e.Kind != timeline.Taint || e.Status != string(corev1.ConditionTrue) || e.Message != string(corev1.TaintEffectNoExecute) || e.At < r.at {
			continue
		}
		node, ok := strings.CutPrefix(e.Pod, "node/")
		if !ok {
			continue
		}
		if _, seen := names[node]; !seen {
			n := v.Node(node)
			names[node] = n != nil && n.Name == p.Spec.NodeName
		}
		if names[node] {
			// From t=0, not from the action: a node cut off is NotReady
			// (t=0) only once the controller's grace period has run
			// after podlife stopped its kubelet.
			return max(0, e.At-max(r.at, t0.At))
		}
	}
	return 0
}

// taintConsequence: the selected event follows from a taint manager's
// deletion of the pod.
func taintConsequence(sel timeline.Selector) bool {
	switch sel.Kind {
	case timeline.DeleteRequested, timeline.Deleted:
		return true
	case timeline.Status:
		return sel.Reason == "Terminating"
	case timeline.Condition:
		return sel.Reason == string(corev1.DisruptionTarget)
	case timeline.KubeEvent:
		return sel.Reason == "TaintManagerEviction"
	}
	return false
}
