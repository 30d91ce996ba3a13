package printer

import (
	"strings"

	corev1 "k8s.io/api/core/v1"
)

// NodeStatus is the STATUS column of `kubectl get nodes` as the API
// server's table printer makes it (printNode, pkg/printers/internalversion/
// printers.go, v1.36.3): `Ready` when the Ready condition is True,
// `NotReady` for any other status of it (Unknown included), `Unknown`
// without one; `,SchedulingDisabled` after it when spec.unschedulable is
// set (kubectl cordon).
func NodeStatus(n *corev1.Node) string {
	var status []string
	for _, c := range n.Status.Conditions {
		if c.Type != corev1.NodeReady {
			continue
		}
		if c.Status == corev1.ConditionTrue {
			status = []string{"Ready"}
		} else {
			status = []string{"NotReady"}
		}
	}
	if len(status) == 0 {
		status = append(status, "Unknown")
	}
	if n.Spec.Unschedulable {
		status = append(status, "SchedulingDisabled")
	}
	return strings.Join(status, ",")
}
