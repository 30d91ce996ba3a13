package sim

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestRemoveStaticPod: the session's scenario name follows the mirror
// pod until the kubelet deletes it, after the pod's grace; a rewind to
// the removal's instant goes on to the same deletion (the housekeeping's
// drawn phase replays); a pod the session wrote no manifest for is an
// error.
func TestRemoveStaticPod(t *testing.T) {
	ctx := context.Background()
	sess, err := New().Start(ctx, driver.Scenario{ID: "static", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	s := sess.(*session)
	capacity := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110")}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: capacity, Allocatable: capacity.DeepCopy()}}
	if err := s.Configure(ctx, driver.Setup{Nodes: []*corev1.Node{node}}); err != nil {
		t.Fatal(err)
	}
	b := behavior.Default()
	b.Term.Ignore = true
	grace := int64(5)
	p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "agent"}, Spec: corev1.PodSpec{TerminationGracePeriodSeconds: &grace,
		Containers: []corev1.Container{{Name: "app", Image: behavior.Image, Args: b.Args()}}}}
	if err := s.StaticPod(ctx, "worker-1", p); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveStaticPod(ctx, "worker-1", "web"); err == nil || !strings.Contains(err.Error(), `no static pod "web"`) {
		t.Errorf("removing a pod with no manifest: %v", err)
	}
	s.RunUntil(ctx, 3*time.Second, nil)
	if err := s.RemoveStaticPod(ctx, "worker-1", "agent"); err != nil {
		t.Fatal(err)
	}
	gone := func() time.Duration {
		at, ok, err := s.RunUntil(ctx, time.Minute, func(v driver.View) bool { return v.Pod("agent") == nil })
		if err != nil || !ok {
			t.Fatalf("the mirror pod not gone: %v", err)
		}
		return at
	}
	if m := s.View().Pod("agent"); m == nil || m.Name != "agent-worker-1" {
		t.Fatalf("after the removal the scenario's name gives %v, want the mirror pod agent-worker-1", m)
	}
	first := gone()
	if first < 8*time.Second || first >= 10*time.Second {
		t.Errorf("the mirror pod gone at %s, want in [8s, 10s): the first housekeeping after SIGKILL at 8s", first)
	}
	if err := s.Rewind(ctx, 3*time.Second); err != nil {
		t.Fatal(err)
	}
	if again := gone(); again != first {
		t.Errorf("rewound to the removal, the mirror pod gone at %s, first at %s", again, first)
	}
	n := 0
	for _, e := range s.View().Timeline() {
		if e.Pod == "agent" && e.Kind == timeline.Deleted {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d deletions of the mirror pod on the timeline, want 1", n)
	}
}
