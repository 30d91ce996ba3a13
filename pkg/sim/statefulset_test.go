package sim

import (
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/statefulname"
)

// TestStatefulPodIdentity pins newStatefulSetPod and initIdentity
// (pkg/controller/statefulset/stateful_set_utils.go, v1.36.3): the name
// <set>-<ordinal>, the pod-name and pod-index labels, hostname and
// subdomain, the StatefulSet as controller.
func TestStatefulPodIdentity(t *testing.T) {
	t.Parallel()
	set := &statefulSet{
		ss:       &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum", UID: "u1"}, Spec: appsv1.StatefulSetSpec{ServiceName: "quorum-svc"}},
		template: &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{"app": "quorum"}}},
	}
	p := set.newStatefulPod(2)
	if p.Name != "quorum-2" || p.Spec.Hostname != "quorum-2" || p.Spec.Subdomain != "quorum-svc" {
		t.Errorf("name %q, hostname %q, subdomain %q", p.Name, p.Spec.Hostname, p.Spec.Subdomain)
	}
	if p.Labels[appsv1.StatefulSetPodNameLabel] != "quorum-2" || p.Labels[appsv1.PodIndexLabel] != "2" || p.Labels["app"] != "quorum" {
		t.Errorf("labels %v", p.Labels)
	}
	if set.template.Labels[appsv1.PodIndexLabel] != "" {
		t.Error("the template's labels were changed")
	}
	if ref := metav1.GetControllerOf(p); ref == nil || ref.Kind != "StatefulSet" || ref.UID != "u1" {
		t.Errorf("controller %v", ref)
	}
	for name, want := range map[string]int{"quorum-0": 0, "quorum-12": 12, "quorum-01": -1, "quorum-x": -1, "other-1": -1, "quorum--1": -1, "quorum-": -1} {
		if got := statefulname.Ordinal("quorum", name); got != want {
			t.Errorf("statefulname.Ordinal(%q) = %d, want %d", name, got, want)
		}
	}
}

// stsSim is a simulator running a StatefulSet "quorum" of 3 pods of the
// container c, with the policy, up to 10 s.
func stsSim(t *testing.T, policy appsv1.PodManagementPolicyType, c corev1.Container) *Simulator {
	t.Helper()
	s := newSim(t, "")
	three := int32(3)
	set := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum"}, Spec: appsv1.StatefulSetSpec{Replicas: &three, PodManagementPolicy: policy}}
	if err := s.AddStatefulSet(set, podOf("", 30, nil, c)); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, func() bool { return false })
	return s
}

// deleting are the StatefulSet's pods being deleted.
func deleting(s *Simulator) []string {
	pods, _, _ := s.StatefulSetPods("quorum")
	var out []string
	for _, p := range pods {
		if p.DeletionTimestamp != nil {
			out = append(out, p.Name)
		}
	}
	return out
}

// TestStatefulSetController pins updateStatefulSet, processReplica and
// processCondemned (stateful_set_control.go, v1.36.3).
func TestStatefulSetController(t *testing.T) {
	t.Parallel()
	t.Run("OrderedReady scales down from the highest ordinal, one pod at a time", func(t *testing.T) {
		s := stsSim(t, "", agent("app", termDelay(2*time.Second)))
		if err := s.ScaleStatefulSet("quorum", 1); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+time.Second, func() bool { return false })
		if got := deleting(s); len(got) != 1 || got[0] != "quorum-2" {
			t.Errorf("deleting %v 1 s after the scale, want quorum-2 alone", got)
		}
		s.RunUntil(s.Now()+2*time.Second, func() bool { return false })
		if got := deleting(s); len(got) != 1 || got[0] != "quorum-1" {
			t.Errorf("deleting %v 3 s after the scale, want quorum-1 alone (quorum-2 gone)", got)
		}
		s.RunUntil(s.Now()+5*time.Second, func() bool { return false })
		if pods, _, _ := s.StatefulSetPods("quorum"); len(pods) != 1 || pods[0].Name != "quorum-0" {
			t.Errorf("pods %v, want quorum-0 alone", pods)
		}
	})
	t.Run("Parallel deletes every condemned pod at once", func(t *testing.T) {
		s := stsSim(t, appsv1.ParallelPodManagement, agent("app", termDelay(2*time.Second)))
		if err := s.ScaleStatefulSet("quorum", 1); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+time.Second, func() bool { return false })
		if got := deleting(s); len(got) != 2 {
			t.Errorf("deleting %v 1 s after the scale, want quorum-1 and quorum-2", got)
		}
	})
	t.Run("a deleted pod is created again under its name once the old one is gone", func(t *testing.T) {
		s := stsSim(t, "", agent("app", ignoreTerm))
		old := s.Pod("quorum-1").UID
		if err := s.DeletePod("quorum-1", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		// 30 s of grace: the old pod terminates, and OrderedReady waits.
		s.RunUntil(s.Now()+20*time.Second, func() bool { return false })
		if p := s.Pod("quorum-1"); p == nil || p.UID != old {
			t.Fatal("quorum-1 replaced before the old one is gone")
		}
		s.RunUntil(s.Now()+20*time.Second, func() bool { return false })
		p := s.Pod("quorum-1")
		if p == nil || p.UID == old || p.Status.Phase != corev1.PodRunning {
			t.Fatalf("quorum-1 after the old one is gone: %v", p)
		}
		if _, created, _ := s.StatefulSetPods("quorum"); len(created) != 4 {
			t.Errorf("created %v, want 4 pods", created)
		}
	})
	t.Run("a policy the API server refuses is refused", func(t *testing.T) {
		s := newSim(t, "")
		bad := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "a"}, Spec: appsv1.StatefulSetSpec{PodManagementPolicy: "Burst"}}
		if err := s.AddStatefulSet(bad, podOf("", 30, nil, agent("app"))); err == nil {
			t.Error("podManagementPolicy Burst accepted")
		}
	})
	t.Run("with minReadySeconds, OrderedReady waits for each pod to be available", func(t *testing.T) {
		s := newSim(t, "")
		three := int32(3)
		set := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum"}, Spec: appsv1.StatefulSetSpec{Replicas: &three, MinReadySeconds: 5}}
		if err := s.AddStatefulSet(set, podOf("", 30, nil, agent("app"))); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(4*time.Second, func() bool { return false })
		if pods, _, _ := s.StatefulSetPods("quorum"); len(pods) != 1 {
			t.Errorf("%d pods at 4 s, want quorum-0 alone (Ready at 0 s, available at 5 s)", len(pods))
		}
		s.RunUntil(6*time.Second, func() bool { return false })
		if pods, _, _ := s.StatefulSetPods("quorum"); len(pods) != 2 {
			t.Errorf("%d pods at 6 s, want quorum-0 and quorum-1", len(pods))
		}
		s.RunUntil(11*time.Second, func() bool { return false })
		if pods, _, _ := s.StatefulSetPods("quorum"); len(pods) != 3 {
			t.Errorf("%d pods at 11 s, want 3", len(pods))
		}
	})
}
