package printer

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestNodeStatus pins printNode's STATUS rules (v1.36.3).
func TestNodeStatus(t *testing.T) {
	ready := func(s corev1.ConditionStatus) []corev1.NodeCondition {
		return []corev1.NodeCondition{{Type: corev1.NodeMemoryPressure, Status: corev1.ConditionTrue}, {Type: corev1.NodeReady, Status: s}}
	}
	for _, tt := range []struct {
		name          string
		conds         []corev1.NodeCondition
		unschedulable bool
		want          string
	}{
		{"a Ready node", ready(corev1.ConditionTrue), false, "Ready"},
		{"a node whose kubelet stopped posting: Unknown reads NotReady", ready(corev1.ConditionUnknown), false, "NotReady"},
		{"a NotReady node", ready(corev1.ConditionFalse), false, "NotReady"},
		{"no Ready condition yet", nil, false, "Unknown"},
		{"a cordoned Ready node", ready(corev1.ConditionTrue), true, "Ready,SchedulingDisabled"},
		{"a cordoned node without conditions", nil, true, "Unknown,SchedulingDisabled"},
		{"pressure conditions are not shown", []corev1.NodeCondition{{Type: corev1.NodeMemoryPressure, Status: corev1.ConditionTrue}}, false, "Unknown"},
	} {
		n := &corev1.Node{Spec: corev1.NodeSpec{Unschedulable: tt.unschedulable}, Status: corev1.NodeStatus{Conditions: tt.conds}}
		if got := NodeStatus(n); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
