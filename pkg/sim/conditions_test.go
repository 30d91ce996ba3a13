package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// TestReadinessGateSetByAController: a pod with a readiness gate stays not
// Ready while its containers are; the gate's condition set True by a
// status write makes the kubelet's Ready True in the same instant, False
// again when it is set False, with the kubelet's reason; the gate's
// lastTransitionTime moves only with its status; the kubelet's own
// conditions cannot be set so.
func TestReadinessGateSetByAController(t *testing.T) {
	s := newSim(t, "")
	p := podOf("lb", 30, nil, agent("app"))
	p.Spec.ReadinessGates = []corev1.PodReadinessGate{{ConditionType: "example.com/lb"}}
	if err := s.CreatePod(p); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	ready := func() (corev1.PodCondition, corev1.PodCondition) {
		var r, g corev1.PodCondition
		for _, c := range s.Pod("lb").Status.Conditions {
			switch c.Type {
			case corev1.PodReady:
				r = c
			case "example.com/lb":
				g = c
			}
		}
		return r, g
	}
	if r, _ := ready(); r.Status != corev1.ConditionFalse || r.Reason != "ReadinessGatesNotReady" {
		t.Fatalf("before the gate: Ready %s %s", r.Status, r.Reason)
	}
	if err := s.SetPodCondition("lb", corev1.PodCondition{Type: "example.com/lb", Status: corev1.ConditionTrue}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now(), nil)
	r, g := ready()
	if r.Status != corev1.ConditionTrue || g.Status != corev1.ConditionTrue {
		t.Fatalf("gate True: Ready %s, gate %s", r.Status, g.Status)
	}
	set := g.LastTransitionTime
	s.RunUntil(15*time.Second, nil)
	if err := s.SetPodCondition("lb", corev1.PodCondition{Type: "example.com/lb", Status: corev1.ConditionTrue}); err != nil {
		t.Fatal(err)
	}
	if _, g := ready(); !g.LastTransitionTime.Equal(&set) {
		t.Errorf("the gate set True again moved its lastTransitionTime")
	}
	if err := s.SetPodCondition("lb", corev1.PodCondition{Type: "example.com/lb", Status: corev1.ConditionFalse}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now(), nil)
	if r, _ := ready(); r.Status != corev1.ConditionFalse || r.Reason != "ReadinessGatesNotReady" {
		t.Errorf("gate False: Ready %s %s", r.Status, r.Reason)
	}
	for _, bad := range []corev1.PodCondition{
		{Type: corev1.PodReady, Status: corev1.ConditionTrue},
		{Type: "example.com/lb", Status: "Maybe"},
		{Type: "not a name", Status: corev1.ConditionTrue},
	} {
		if err := s.SetPodCondition("lb", bad); err == nil {
			t.Errorf("condition %s=%s accepted", bad.Type, bad.Status)
		}
	}
	if err := s.SetPodCondition("nope", corev1.PodCondition{Type: "example.com/lb", Status: corev1.ConditionTrue}); err == nil {
		t.Error("a pod that does not exist accepted a condition")
	}
}
