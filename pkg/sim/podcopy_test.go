package sim

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// TestCreatedPodsShareEqualContainers: pods created with equal container
// lists share the stored list; a pod whose containers differ, even by a
// nil list against an empty one, gets its own; and what the caller does to
// its pod afterwards changes nothing stored.
func TestCreatedPodsShareEqualContainers(t *testing.T) {
	s, err := New(Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	tmpl := lifecycleTemplate()
	tmpl.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("64Mi")}
	create := func(name string, edit func(*corev1.Pod)) *corev1.Pod {
		t.Helper()
		p := tmpl.DeepCopy()
		p.Name = name
		if edit != nil {
			edit(p)
		}
		if err := s.CreatePod(p); err != nil {
			t.Fatal(err)
		}
		stored := s.Pod(name)
		if !reflect.DeepEqual(stored.Spec.Containers[1].Args, p.Spec.Containers[1].Args) {
			t.Fatalf("%s: stored containers differ from the created pod's", name)
		}
		// The caller's pod is its own: changing it changes nothing stored.
		p.Spec.Containers[0].Name = "changed"
		p.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory] = resource.MustParse("1Gi")
		p.Spec.InitContainers[0].Name = "changed"
		return stored
	}
	shares := func(a, b *corev1.Pod) bool { return &a.Spec.Containers[0] == &b.Spec.Containers[0] }
	a, b := create("a", nil), create("b", nil)
	if !shares(a, b) || &a.Spec.InitContainers[0] != &b.Spec.InitContainers[0] {
		t.Fatal("equal container lists are not shared")
	}
	if q := a.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory]; a.Spec.InitContainers[0].Name != "init" || a.Spec.Containers[0].Name != "a" || q.String() != "64Mi" {
		t.Fatal("a change to the caller's pod reached the stored pod")
	}
	c := create("c", func(p *corev1.Pod) { p.Spec.Containers[1].ImagePullPolicy = corev1.PullAlways })
	if shares(a, c) {
		t.Fatal("different container lists are shared")
	}
	d := create("d", func(p *corev1.Pod) { p.Spec.Containers[0].Env = []corev1.EnvVar{} })
	if shares(a, d) {
		t.Fatal("an empty list was taken for a missing one")
	}
	e := create("e", func(p *corev1.Pod) {
		p.Spec.Containers[0].Resources.Requests[corev1.ResourceMemory] = resource.MustParse("65Mi")
	})
	if shares(a, e) {
		t.Fatal("different requests are shared")
	}
	if !shares(a, create("f", nil)) {
		t.Fatal("equal container lists are not shared after others")
	}
}
