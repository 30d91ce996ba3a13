package live

import (
	"context"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"
)

// TestSetPodConditionPatchesTheStatus: a readiness gate's condition is
// merged into the pod's conditions by type, through the status
// subresource, and the kubelet's conditions are left as they are.
func TestSetPodConditionPatchesTheStatus(t *testing.T) {
	t.Parallel()
	s := testSession(t)
	ctx := context.Background()
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns},
		Spec: corev1.PodSpec{ReadinessGates: []corev1.PodReadinessGate{{ConditionType: "example.com/lb"}}},
		Status: corev1.PodStatus{Conditions: []corev1.PodCondition{
			{Type: corev1.PodReady, Status: corev1.ConditionFalse, Reason: "ReadinessGatesNotReady"},
			{Type: corev1.ContainersReady, Status: corev1.ConditionTrue},
		}}}
	if _, err := s.d.cs.CoreV1().Pods(s.ns).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	s.pods["web"] = &podTrack{name: "web", api: "web", obj: pod}
	for _, status := range []corev1.ConditionStatus{corev1.ConditionFalse, corev1.ConditionTrue} {
		if err := s.SetPodCondition(ctx, "web", corev1.PodCondition{Type: "example.com/lb", Status: status}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.d.cs.CoreV1().Pods(s.ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	conds := map[corev1.PodConditionType]corev1.PodCondition{}
	for _, c := range got.Status.Conditions {
		conds[c.Type] = c
	}
	if len(got.Status.Conditions) != 3 || conds["example.com/lb"].Status != corev1.ConditionTrue ||
		conds[corev1.PodReady].Reason != "ReadinessGatesNotReady" || conds[corev1.ContainersReady].Status != corev1.ConditionTrue {
		t.Errorf("conditions after the patches: %+v", got.Status.Conditions)
	}
	if lb := conds["example.com/lb"]; lb.LastTransitionTime.IsZero() {
		t.Error("the condition has no lastTransitionTime")
	}
	patches := 0
	for _, a := range s.d.cs.(*fake.Clientset).Actions() {
		if a.GetVerb() == "patch" {
			if a.GetSubresource() != "status" {
				t.Errorf("patched %s/%s, not the status", a.GetResource().Resource, a.GetSubresource())
			}
			patches++
		}
	}
	if patches != 2 {
		t.Errorf("%d patches, want 2", patches)
	}
	if err := s.SetPodCondition(ctx, "nope", corev1.PodCondition{Type: "example.com/lb", Status: corev1.ConditionTrue}); err == nil {
		t.Error("a pod never created is patched")
	}
}
