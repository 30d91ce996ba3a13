package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// addNodeNamed adds a default-sized node with labels.
func addNodeNamed(t *testing.T, s *Simulator, name string, labels map[string]string) {
	t.Helper()
	n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}}}
	if err := s.AddNode(n); err != nil {
		t.Fatal(err)
	}
}

// TestZoneDisruption pins the node-lifecycle controller's disruption
// modes (node_lifecycle_controller.go handleDisruption, ComputeZoneState,
// setLimiterInZone, markNodeAsReachable, v1.36.3): a zone with no Ready
// node left is fully disrupted, and when every zone is, the NoExecute
// taints are lifted from every node and tainting stops, so the pods of a
// lost node are not deleted; a Ready node coming back resumes tainting;
// a partial disruption (more than two nodes and 55 % of a zone of at most
// 50 nodes not Ready) stops tainting too; a fully disrupted zone beside a
// healthy one is tainted at the normal rate; a node labelled
// node.kubernetes.io/exclude-disruption does not count.
func TestZoneDisruption(t *testing.T) {
	type cut struct {
		node string
		at   time.Duration
	}
	zone := func(z string) map[string]string { return map[string]string{corev1.LabelTopologyZone: z} }
	cases := []struct {
		behavior string
		name     string
		// nodes besides worker-1 (which runs the pod "web"), with labels.
		nodes map[string]map[string]string
		// worker1 labels worker-1.
		worker1 map[string]string
		cuts    []cut
		// join adds a Ready node "late" at this time (0: none).
		join time.Duration
		// taints are the NoExecute taints' comings and goings.
		taints []string
		// terminating is when "web" is deleted (0: not within 15 min).
		terminating time.Duration
		// controlPlane keeps the cluster's control-plane node beside the
		// scenario's (the default); without it the nodes are the cluster.
		controlPlane bool
	}{
		{behavior: "node-not-ready", name: "one node lost beside the control plane's: Normal, tainted at once, deleted 300 s later",
			cuts: []cut{{"worker-1", 0}}, controlPlane: true,
			taints: []string{"55s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)"}, terminating: 355 * time.Second},
		{behavior: "node-full-disruption", name: "four of four lost beside the control plane's: a partial disruption stops tainting",
			nodes: map[string]map[string]string{"worker-2": nil, "worker-3": nil, "worker-4": nil}, controlPlane: true,
			cuts: []cut{{"worker-1", 0}, {"worker-2", 0}, {"worker-3", 0}, {"worker-4", 0}}},
		{behavior: "node-full-disruption", name: "one node, lost: the zone is fully disrupted, no NoExecute taint, the pod stays",
			cuts: []cut{{"worker-1", 0}}},
		{behavior: "node-not-ready", name: "two nodes, one lost: Normal, tainted at once, deleted 300 s later",
			nodes: map[string]map[string]string{"worker-2": nil}, cuts: []cut{{"worker-1", 0}},
			taints: []string{"55s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)"}, terminating: 355 * time.Second},
		{behavior: "node-full-disruption", name: "two nodes lost in one pass: no taint",
			nodes: map[string]map[string]string{"worker-2": nil}, cuts: []cut{{"worker-1", 0}, {"worker-2", 0}}},
		{behavior: "node-full-disruption", name: "the last Ready node lost: the taints already there are lifted, the deletion cancelled",
			nodes: map[string]map[string]string{"worker-2": nil}, cuts: []cut{{"worker-1", 0}, {"worker-2", 100 * time.Second}},
			taints: []string{
				"55s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)",
				"155s worker-1 Untaint(node.kubernetes.io/unreachable:NoExecute)",
			}},
		{behavior: "node-full-disruption", name: "a Ready node joins: back to Normal, the lost node tainted at the next pass",
			cuts: []cut{{"worker-1", 0}}, join: 120 * time.Second,
			taints: []string{"125s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)"}, terminating: 425 * time.Second},
		{behavior: "node-full-disruption", name: "a Ready node excluded from disruption checks does not count",
			nodes: map[string]map[string]string{"worker-2": {"node.kubernetes.io/exclude-disruption": ""}}, cuts: []cut{{"worker-1", 0}}},
		{behavior: "node-full-disruption", name: "a fully disrupted zone beside a healthy one is tainted (HealthyQPSFunc)",
			worker1: zone("a"), nodes: map[string]map[string]string{"worker-2": zone("b")}, cuts: []cut{{"worker-1", 0}},
			taints: []string{"55s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)"}, terminating: 355 * time.Second},
		{behavior: "node-full-disruption", name: "three of four lost at once: a partial disruption of a small zone stops tainting (ReducedQPSFunc)",
			nodes: map[string]map[string]string{"worker-2": nil, "worker-3": nil, "worker-4": nil},
			cuts:  []cut{{"worker-1", 0}, {"worker-2", 0}, {"worker-3", 0}}},
		{behavior: "node-not-ready", name: "two of four lost: Normal (a partial disruption needs more than two)",
			nodes: map[string]map[string]string{"worker-2": nil, "worker-3": nil, "worker-4": nil},
			cuts:  []cut{{"worker-1", 0}, {"worker-2", 0}},
			taints: []string{
				"55s worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)",
				"55s worker-2 Taint(node.kubernetes.io/unreachable:NoExecute)",
			}, terminating: 355 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.behavior+"/"+tc.name, func(t *testing.T) {
			s, err := New(Config{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			if !tc.controlPlane {
				s.SetNodesAreTheCluster()
			}
			addNodeNamed(t, s, "worker-1", tc.worker1)
			for _, name := range sortedKeys(tc.nodes) {
				addNodeNamed(t, s, name, tc.nodes[name])
			}
			p := podOf("web", 30, nil, agent("app"))
			p.Spec.NodeName = "worker-1"
			start(t, s, p)
			t0 := s.Now()
			for _, c := range tc.cuts {
				s.RunUntil(t0+c.at, nil)
				if err := s.NodeNotReady(c.node); err != nil {
					t.Fatal(err)
				}
			}
			if tc.join > 0 {
				s.RunUntil(t0+tc.join, nil)
				addNodeNamed(t, s, "late", nil)
			}
			at, deleted := s.RunUntil(t0+15*time.Minute, func() bool { return s.Pod("web").DeletionTimestamp != nil })
			switch {
			case tc.terminating == 0 && deleted:
				t.Errorf("web deleted at %s, want it kept", timeline.FormatOffset(at-t0))
			case tc.terminating != 0 && (!deleted || at-t0 != tc.terminating):
				t.Errorf("web deleted at %s (%v), want %s", timeline.FormatOffset(at-t0), deleted, timeline.FormatOffset(tc.terminating))
			}
			s.RunUntil(t0+15*time.Minute, nil)
			var got []string
			for _, e := range s.Timeline() {
				if e.Kind == timeline.Taint && e.Message == string(corev1.TaintEffectNoExecute) {
					got = append(got, fmt.Sprintf("%s %s %s", timeline.FormatOffset(e.At-t0), strings.TrimPrefix(e.Pod, "node/"), e.Label()))
				}
			}
			if strings.Join(got, "\n") != strings.Join(tc.taints, "\n") {
				t.Errorf("NoExecute taints:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.taints, "\n  "))
			}
			// Whatever the mode, the lost node's pods are marked not
			// ready and its NoSchedule taint follows its condition.
			if c := podConditionOf(&s.Pod("web").Status, corev1.PodReady); c == nil || c.Status != corev1.ConditionFalse {
				t.Errorf("web Ready %+v, want False", c)
			}
			if !hasTaint(s.Node("worker-1"), corev1.TaintNodeUnreachable, corev1.TaintEffectNoSchedule) && tc.join == 0 {
				t.Errorf("worker-1 taints %v, want the unreachable NoSchedule one", s.Node("worker-1").Spec.Taints)
			}
		})
	}
}

func hasTaint(n *corev1.Node, key string, effect corev1.TaintEffect) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == key && t.Effect == effect {
			return true
		}
	}
	return false
}
