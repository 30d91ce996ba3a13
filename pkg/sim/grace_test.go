package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestEffectiveGrace pins calculateEffectiveGracePeriod (pod_workers.go,
// 1.31+): the value only decreases, the API's value and the kubelet's
// override are both "overrides", the spec is a fallback, the result is ≥ 1.
func TestEffectiveGrace(t *testing.T) {
	type step struct {
		deletionGrace *int64
		override      *int64
		want          int64
		shortened     bool
	}
	cases := []struct {
		name    string
		spec    int64
		steps   []step
		version string
	}{
		{"the first deletion takes deletionGracePeriodSeconds", 30, []step{{ptr(int64(10)), nil, 10, false}}, ""},
		{"a shorter deletion grace later shortens it", 30, []step{{ptr(int64(30)), nil, 30, false}, {ptr(int64(5)), nil, 5, true}}, ""},
		{"a longer value never lengthens it", 30, []step{{ptr(int64(5)), nil, 5, false}, {ptr(int64(30)), nil, 5, false}}, ""},
		{"force delete: deletionGracePeriodSeconds 0 counts as an override and is clamped to 1", 30, []step{{ptr(int64(0)), nil, 1, false}}, ""},
		{"the kubelet's override wins when smaller (hard eviction sends 1)", 30, []step{{nil, ptr(int64(1)), 1, false}}, ""},
		{"no deletion and no override: the spec value", 20, []step{{nil, nil, 20, false}}, ""},
		{"an override of 0 is an override (not unset) and is clamped to 1", 30, []step{{nil, ptr(int64(0)), 1, false}}, ""},
		{"a negative override is clamped to 1", 30, []step{{nil, ptr(int64(-1)), 1, false}}, ""},
		{"eviction during a graceful deletion shortens it", 30, []step{{ptr(int64(30)), nil, 30, false}, {ptr(int64(30)), ptr(int64(1)), 1, true}}, ""},
		{"before 1.31 a force delete's 0 counted as unset: the spec's grace won", 30, []step{{ptr(int64(0)), nil, 30, false}}, "1.30"},
		{"before 1.31 a hard eviction's override 0 gave the spec's grace (issue #115819)", 30, []step{{nil, ptr(int64(0)), 30, false}}, "1.30"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ProfileFor(tc.version)
			if err != nil {
				t.Fatal(err)
			}
			w := &podWorker{k: &kubelet{profile: &p}, pod: podOf("web", tc.spec, nil, agent("app"))}
			for i, st := range tc.steps {
				w.deletionGrace = st.deletionGrace
				got, shortened := w.effectiveGrace(st.override)
				if got != st.want || shortened != st.shortened {
					t.Errorf("step %d: grace %d shortened %v, want %d %v", i, got, shortened, st.want, st.shortened)
				}
			}
		})
	}
}

// TestGracefulDeletion pins the API side: rest.BeforeDelete and the pod
// strategy's CheckGracefulDelete.
func TestGracefulDeletion(t *testing.T) {
	type del struct {
		at    time.Duration
		grace *int64
	}
	cases := []struct {
		name      string
		unbound   bool
		phase     corev1.PodPhase
		deletes   []del
		gone      bool
		wantGrace int64
		wantTS    time.Duration
	}{
		{name: "no gracePeriodSeconds: the spec's 30", deletes: []del{{0, nil}}, wantGrace: 30, wantTS: 30 * time.Second},
		{name: "the request's value wins over the spec", deletes: []del{{0, ptr(int64(10))}}, wantGrace: 10, wantTS: 10 * time.Second},
		{name: "grace 0 deletes at once", deletes: []del{{0, ptr(int64(0))}}, gone: true},
		{name: "a negative request counts as 1", deletes: []del{{0, ptr(int64(-3))}}, wantGrace: 1, wantTS: time.Second},
		{name: "an unscheduled pod is deleted at once", unbound: true, deletes: []del{{0, nil}}, gone: true},
		{name: "a shorter second request moves the deadline back by the difference", deletes: []del{{0, nil}, {2 * time.Second, ptr(int64(10))}},
			wantGrace: 10, wantTS: 10 * time.Second},
		{name: "a longer second request is a no-op", deletes: []del{{0, ptr(int64(10))}, {2 * time.Second, ptr(int64(20))}},
			wantGrace: 10, wantTS: 10 * time.Second},
		{name: "a new deadline in the past is clamped to now and the grace stored as 1 (1.33+)", deletes: []del{{0, ptr(int64(10))}, {8 * time.Second, ptr(int64(5))}},
			wantGrace: 1, wantTS: 8 * time.Second},
		{name: "a second request with grace 0 deletes at once", deletes: []del{{0, nil}, {time.Second, ptr(int64(0))}}, gone: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := New(Config{})
			p := podOf("web", 30, nil, agent("app", ignoreTerm))
			if !tc.unbound {
				p.Spec.NodeName = "nowhere" // no kubelet: the API alone decides
			}
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			for _, d := range tc.deletes {
				s.RunUntil(d.at, nil)
				if err := s.DeletePod("web", metav1.DeleteOptions{GracePeriodSeconds: d.grace}); err != nil {
					t.Fatal(err)
				}
			}
			got := s.Pod("web")
			if tc.gone {
				if got != nil {
					t.Fatalf("pod still exists: deletionGracePeriodSeconds=%v", got.DeletionGracePeriodSeconds)
				}
				return
			}
			if got == nil {
				t.Fatal("pod is gone")
			}
			if *got.DeletionGracePeriodSeconds != tc.wantGrace || !got.DeletionTimestamp.Time.Equal(Epoch.Add(tc.wantTS)) {
				t.Errorf("deletionGracePeriodSeconds %d, deletionTimestamp %s; want %d, %s",
					*got.DeletionGracePeriodSeconds, got.DeletionTimestamp.Sub(Epoch), tc.wantGrace, tc.wantTS)
			}
		})
	}
}

// TestQueue pins the engine's order: by time, then by insertion, with
// cancellation.
func TestQueue(t *testing.T) {
	s, _ := New(Config{})
	var got []string
	add := func(d time.Duration, name string) *timer { return s.after(d, func() { got = append(got, name) }) }
	add(3*time.Second, "c")
	add(time.Second, "a1")
	x := add(2*time.Second, "cancelled")
	add(time.Second, "a2")
	add(0, "now")
	s.cancel(x)
	s.Settle(time.Minute)
	want := []string{"now", "a1", "a2", "c"}
	if len(got) != len(want) {
		t.Fatalf("ran %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ran %v, want %v", got, want)
		}
	}
	if s.Now() != 3*time.Second {
		t.Errorf("clock at %s, want 3s", s.Now())
	}
}
