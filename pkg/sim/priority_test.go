package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestPriorityAdmission pins the Priority admission plugin
// (plugin/pkg/admission/priority/admission.go, Admit, v1.36.3): a pod's
// priority and preemptionPolicy come from its class (or 0 and
// PreemptLowerPriority without one); a pod that sets either to another
// value is refused.
func TestPriorityAdmission(t *testing.T) {
	never, lower := corev1.PreemptNever, corev1.PreemptLowerPriority
	zero := int32(0)
	for _, tc := range []struct {
		name       string
		class      string
		priority   *int32
		policy     *corev1.PreemptionPolicy
		wantErr    string
		wantPolicy corev1.PreemptionPolicy
	}{
		{name: "no class: PreemptLowerPriority", wantPolicy: lower},
		{name: "no class, preemptionPolicy Never in the spec: refused", policy: &never, wantErr: "the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority"},
		{name: "no class, priority 0 in the spec: it matches", priority: &zero, wantPolicy: lower},
		{name: "a class with Never gives Never", class: "polite", wantPolicy: never},
		{name: "a class with Never and the same policy in the spec", class: "polite", policy: &never, wantPolicy: never},
		{name: "a class without a policy defaults to PreemptLowerPriority", class: "high", policy: &never, wantErr: "computed PreemptLowerPriority"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			for _, pc := range []*schedulingv1.PriorityClass{
				{ObjectMeta: metav1.ObjectMeta{Name: "polite"}, Value: 1000, PreemptionPolicy: &never},
				{ObjectMeta: metav1.ObjectMeta{Name: "high"}, Value: 2000},
			} {
				if err := s.AddPriorityClass(pc); err != nil {
					t.Fatal(err)
				}
			}
			p := podOf("web", 30, nil, agent("app"))
			p.Spec.PriorityClassName, p.Spec.Priority, p.Spec.PreemptionPolicy = tc.class, tc.priority, tc.policy
			err := s.api.admitPriority(p)
			switch {
			case tc.wantErr != "":
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("admitted (%v), want refused with %q", err, tc.wantErr)
				}
			case err != nil:
				t.Errorf("refused: %v", err)
			case p.Spec.PreemptionPolicy == nil || *p.Spec.PreemptionPolicy != tc.wantPolicy:
				t.Errorf("preemptionPolicy %v, want %s", p.Spec.PreemptionPolicy, tc.wantPolicy)
			}
		})
	}
}

// TestFailedSchedulingPostFilter pins the PostFilter part of the
// FailedScheduling message (schedule_one.go, FitError.Error): the
// PostFilter plugins' reasons in order, DynamicResources' "no new claims
// to deallocate" (in the default profile from 1.34) before
// DefaultPreemption's. The pod asks more CPU than the node has at all:
// from 1.34 preemption finds that not helpful (fit.go, Unresolvable),
// before it looked for victims.
func TestFailedSchedulingPostFilter(t *testing.T) {
	for _, tc := range []struct {
		version, want string
	}{
		{"1.36", "0/1 nodes are available: 1 Insufficient cpu. no new claims to deallocate, preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."},
		{"1.33", "0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."},
	} {
		t.Run(tc.version, func(t *testing.T) {
			s := newSim(t, tc.version)
			big := agent("app")
			big.Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("5")}
			p := podOf("big", 30, nil, big)
			p.Spec.NodeName = ""
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(time.Second, nil)
			var got []string
			for _, e := range s.Events() {
				if e.Reason == "FailedScheduling" {
					got = append(got, e.Message)
				}
			}
			if len(got) == 0 || got[0] != tc.want {
				t.Errorf("FailedScheduling %q, want %q", got, tc.want)
			}
		})
	}
}
