package live

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// The FailedScheduling message of a pod kept on a scenario's leased
// nodes, on a cluster of more: the nodes the NodeAffinity PreFilter left
// out are taken out of the count and of the one reason that holds them.
func TestScenarioFitMessage(t *testing.T) {
	for _, tc := range []struct {
		name, msg string
		kept      int
		want      string
	}{{
		name: "cordoned leased node among 12: the absent 11 go with their reason",
		msg:  "0/12 nodes are available: 1 node(s) were unschedulable, 11 node(s) didn't satisfy plugin(s) []. preemption: 0/12 nodes are available: 12 Preemption is not helpful for scheduling.",
		kept: 1,
		want: "0/1 nodes are available: 1 node(s) were unschedulable. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling.",
	}, {
		name: "two leased nodes, one short of CPU, one tainted; the DRA plugin's words kept",
		msg:  "0/12 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 10 node(s) didn't satisfy plugin(s) [NodeAffinity]. no new claims to deallocate, preemption: 0/12 nodes are available: 1 No preemption victims found for incoming pod, 11 Preemption is not helpful for scheduling.",
		kept: 2,
		want: "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s). no new claims to deallocate, preemption: 0/2 nodes are available: 1 No preemption victims found for incoming pod, 1 Preemption is not helpful for scheduling.",
	}, {
		name: "the histogram is sorted again once a count changes its place",
		msg:  "0/12 nodes are available: 11 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.",
		kept: 3,
		want: "0/3 nodes are available: 2 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
	}, {
		name: "a message of the scenario's nodes alone is left as it is",
		msg:  "0/2 nodes are available: 2 Insufficient memory.",
		kept: 2,
		want: "0/2 nodes are available: 2 Insufficient memory.",
	}, {
		name: "without the absent nodes' reason the count cannot be accounted for: unchanged",
		msg:  "0/12 nodes are available: 12 Insufficient cpu.",
		kept: 1,
		want: "0/12 nodes are available: 12 Insufficient cpu.",
	}, {
		name: "a pod kept on no node: unchanged",
		msg:  "0/12 nodes are available: 1 node(s) were unschedulable, 11 node(s) didn't satisfy plugin(s) [].",
		kept: 0,
		want: "0/12 nodes are available: 1 node(s) were unschedulable, 11 node(s) didn't satisfy plugin(s) [].",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			if got := scenarioFitMessage(tc.msg, tc.kept); got != tc.want {
				t.Errorf("scenarioFitMessage(%q, %d)\n got %q\nwant %q", tc.msg, tc.kept, got, tc.want)
			}
		})
	}
}

// TestFailedSchedulingIsTheScenarios: on the timeline, a FailedScheduling
// of a scenario that leased two pool nodes counts those two (the cluster's
// other nodes were never evaluated); without a lease it is as the
// scheduler wrote it.
func TestFailedSchedulingIsTheScenarios(t *testing.T) {
	cluster := "0/12 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s), 10 node(s) didn't satisfy plugin(s) []."
	for _, tc := range []struct {
		name   string
		leases []*lease
		want   string
	}{
		{"two leased nodes", []*lease{{node: "pool-1"}, {node: "pool-2"}}, "0/2 nodes are available: 1 Insufficient cpu, 1 node(s) had untolerated taint(s)."},
		{"no lease", nil, cluster},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			s.leases = tc.leases
			pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "big", Namespace: s.ns, UID: "u1"},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
			s.obs.track("big", pod)
			s.obs.onEvent(&corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "big.1", UID: "e1"},
				InvolvedObject: corev1.ObjectReference{Kind: "Pod", Name: "big", UID: "u1"},
				Reason:         "FailedScheduling", Message: cluster, Count: 1, Type: "Warning"})
			got, ok := timeline.First(s.rec.snapshot(-1), timeline.Beginning, timeline.Selector{Pod: "big", Kind: timeline.KubeEvent, Reason: "FailedScheduling"})
			if !ok || got.Message != tc.want {
				t.Errorf("FailedScheduling on the timeline %q, want %q", got.Message, tc.want)
			}
			// The same text in the pod's PodScheduled condition.
			scheduled := pod.DeepCopy()
			scheduled.ResourceVersion = "2"
			scheduled.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: "Unschedulable", Message: cluster}}
			s.obs.onPod(scheduled, false)
			cond, ok := timeline.First(s.rec.snapshot(-1), timeline.Beginning, timeline.Selector{Pod: "big", Kind: timeline.Condition, Reason: "PodScheduled"})
			if want := "Unschedulable: " + tc.want; !ok || cond.Message != want {
				t.Errorf("PodScheduled on the timeline %q (%v), want %q", cond.Message, ok, want)
			}
		})
	}
}
