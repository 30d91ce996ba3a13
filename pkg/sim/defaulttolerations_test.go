package sim

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestAdmitDefaultTolerationSeconds pins the DefaultTolerationSeconds
// plugin's "already tolerates" (plugin/pkg/admission/
// defaulttolerationseconds/admission.go Admit, v1.36.3): key equal or
// empty, effect NoExecute or empty; operator, value and seconds unread.
// Each case names the defaults the pod ends with after its own
// tolerations.
func TestAdmitDefaultTolerationSeconds(t *testing.T) {
	const (
		notReady    = corev1.TaintNodeNotReady
		unreachable = corev1.TaintNodeUnreachable
		noExec      = corev1.TaintEffectNoExecute
		exists      = corev1.TolerationOpExists
		equal       = corev1.TolerationOpEqual
	)
	secs := func(n int64) *int64 { return &n }
	cases := []struct {
		name  string
		own   []corev1.Toleration
		added []string // keys of the defaults appended, in order
	}{
		{"no toleration: both defaults (the shared list)", nil, []string{notReady, unreachable}},
		{"a wildcard (empty key, Exists, no effect) covers both: none added",
			[]corev1.Toleration{{Operator: exists}}, nil},
		{"a wildcard for NoExecute covers both",
			[]corev1.Toleration{{Operator: exists, Effect: noExec}}, nil},
		{"a wildcard for NoSchedule covers neither",
			[]corev1.Toleration{{Operator: exists, Effect: corev1.TaintEffectNoSchedule}}, []string{notReady, unreachable}},
		{"a key-only not-ready toleration (no effect) covers not-ready: only unreachable added",
			[]corev1.Toleration{{Key: notReady, Operator: exists}}, []string{unreachable}},
		{"a key-only unreachable toleration covers unreachable: only not-ready added",
			[]corev1.Toleration{{Key: unreachable, Operator: exists}}, []string{notReady}},
		{"not-ready for NoSchedule is not one for NoExecute: both added",
			[]corev1.Toleration{{Key: notReady, Operator: exists, Effect: corev1.TaintEffectNoSchedule}}, []string{notReady, unreachable}},
		{"an Equal toleration for a value the taint lacks still counts (key and effect only)",
			[]corev1.Toleration{{Key: unreachable, Operator: equal, Value: "maintenance", Effect: noExec}}, []string{notReady}},
		{"the pod's own seconds count as they are, even 0",
			[]corev1.Toleration{{Key: notReady, Operator: exists, Effect: noExec, TolerationSeconds: secs(0)}}, []string{unreachable}},
		{"another key covers nothing",
			[]corev1.Toleration{{Key: "dedicated", Operator: equal, Value: "infra", Effect: noExec}}, []string{notReady, unreachable}},
		{"both keys given: none added",
			[]corev1.Toleration{{Key: unreachable, Operator: exists, Effect: noExec}, {Key: notReady, Operator: exists}}, nil},
	}
	shared := defaultTolerations()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &corev1.Pod{}
			p.Spec.Tolerations = append([]corev1.Toleration(nil), tc.own...)
			admitDefaultTolerationSeconds(p, shared)
			got := p.Spec.Tolerations
			if len(got) != len(tc.own)+len(tc.added) {
				t.Fatalf("tolerations %v, want the pod's %d and defaults %v", got, len(tc.own), tc.added)
			}
			for i := range tc.own {
				if fmt.Sprint(got[i]) != fmt.Sprint(tc.own[i]) {
					t.Errorf("toleration %d is %v, want the pod's own %v first, unchanged", i, got[i], tc.own[i])
				}
			}
			for i, key := range tc.added {
				d := got[len(tc.own)+i]
				if d.Key != key || d.Operator != exists || d.Effect != noExec || d.TolerationSeconds == nil || *d.TolerationSeconds != DefaultTolerationSeconds {
					t.Errorf("default %d is %v, want %s Exists NoExecute for %d s", i, d, key, DefaultTolerationSeconds)
				}
			}
		})
	}
}
