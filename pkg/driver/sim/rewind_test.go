package sim

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// crashing is a pod whose container exits 1 after 2 s, so that its
// restarts come after back-offs with the pod worker's jittered requeue
// (every 10 s up to 1.34, pod_workers.go completeWork):
// the run draws from its random source.
func crashing(name string) *corev1.Pod {
	b := behavior.Default()
	b.Exit = &behavior.Exit{Code: 1, After: 2 * time.Second}
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.PodSpec{
		Containers: []corev1.Container{{Name: "app", Image: behavior.Image, Args: b.Args()}},
	}}
}

func upTo(tl []timeline.Event, t time.Duration) []timeline.Event {
	var out []timeline.Event
	for _, e := range tl {
		if e.At <= t {
			out = append(out, e)
		}
	}
	return out
}

// TestRewindReplays: a rewound session is where the first run was at that
// time, event for event, and going on it does again what the first run
// did, random draws included; inputs made within one instant replay in
// their place.
func TestRewindReplays(t *testing.T) {
	ctx := context.Background()
	sess, err := New().Start(ctx, driver.Scenario{ID: "rewind", Seed: 42, KubeletVersion: "1.34"})
	if err != nil {
		t.Fatal(err)
	}
	s := sess.(*session)
	capacity := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"),
		corev1.ResourcePods: resource.MustParse("110"), corev1.ResourceEphemeralStorage: resource.MustParse("100Gi")}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1", Labels: map[string]string{"kubernetes.io/hostname": "worker-1"}},
		Status: corev1.NodeStatus{Capacity: capacity, Allocatable: capacity.DeepCopy()}}
	if err := s.Configure(ctx, driver.Setup{Nodes: []*corev1.Node{node}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, crashing("a")); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, crashing("b")); err != nil { // same instant, before it ran
		t.Fatal(err)
	}
	if _, _, err := s.RunUntil(ctx, 30*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Delete(ctx, "b", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RunUntil(ctx, 90*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	first := append([]timeline.Event(nil), s.View().Timeline()...)

	// Back to the delete's instant: the same events up to it, and the
	// same ones after it when run on.
	at := 30 * time.Second
	if err := s.Rewind(ctx, at); err != nil {
		t.Fatalf("rewind to %s: %v", at, err)
	}
	if s.Now() != at {
		t.Fatalf("after the rewind the clock is at %s, want %s", s.Now(), at)
	}
	if got, want := s.View().Timeline(), upTo(first, at); !reflect.DeepEqual(got, want) {
		t.Fatalf("rewound to %s: %d events, want the first run's %d up to then", at, len(got), len(want))
	}
	if _, _, err := s.RunUntil(ctx, 90*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if got := s.View().Timeline(); !reflect.DeepEqual(got, first) {
		t.Fatalf("run on after the rewind to %s: %d events, want the first run's %d", at, len(got), len(first))
	}
	// Before the delete is refused: going back would undo it.
	if err := s.Rewind(ctx, 17*time.Second); !errors.Is(err, driver.ErrBeforeAction) {
		t.Fatalf("a rewind to 17s, before the delete at 30s: got %v, want ErrBeforeAction", err)
	}
	// The run drew from its random source: a restart's time was drawn.
	drawn := false
	for _, e := range first {
		if _, _, ok := e.Range(); ok {
			drawn = true
		}
	}
	if !drawn {
		t.Error("no event of the run had a drawn time: the test does not show that draws replay")
	}
}

// TestRewindReplaysARefusedInput: an input the API refused (a delete of a
// pod that is not there, as an eviction a budget refuses) is refused
// again by the replay, which is the replay's answer and no fault (round
// 12 found a step after a refused eviction failing "internal: replaying
// an input"); an input answered otherwise than it first was is still one.
func TestRewindReplaysARefusedInput(t *testing.T) {
	ctx := context.Background()
	sess, err := New().Start(ctx, driver.Scenario{ID: "refused", Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	s := sess.(*session)
	if err := s.Configure(ctx, driver.Setup{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Apply(ctx, crashing("a")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RunUntil(ctx, 10*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	refusal := s.Delete(ctx, "nobody", metav1.DeleteOptions{})
	if refusal == nil {
		t.Fatal("a delete of a pod that is not there was answered; the test needs a refused input")
	}
	if _, _, err := s.RunUntil(ctx, 40*time.Second, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.At(ctx, 20*time.Second); err != nil {
		t.Fatalf("reading 20s after a refused input at 10s: %v", err)
	}
	if err := s.Rewind(ctx, 15*time.Second); err != nil {
		t.Fatalf("rewinding to 15s after a refused input at 10s: %v", err)
	}
	// An input that first succeeded and now is refused diverged.
	s.inputs[len(s.inputs)-1].refused = ""
	if _, err := s.At(ctx, 12*time.Second); err == nil {
		t.Fatal("a replay answered otherwise than the first run went unnoticed")
	}
}
