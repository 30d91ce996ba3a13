package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestHousekeepingSchedule pins cAdvisor's housekeeping of one cgroup
// (manager/container.go housekeeping, nextHousekeepingInterval, jitter,
// v0.56.2, with the kubelet's intervals of cadvisor_linux.go): a sample
// as the cgroup is made, then each after jitter(interval, 1.0); the
// interval 10 s, doubled up to 15 s after two equal samples, back to 10 s
// after two that differ.
func TestHousekeepingSchedule(t *testing.T) {
	type step struct {
		usage    int64         // what the cgroup uses at the sample
		wantNext time.Duration // when the sample after it is due
	}
	cases := []struct {
		name  string
		draw  float64 // every draw
		steps []step  // the samples after the first, made at 0 of 0
		first time.Duration
	}{
		{
			name:  "the second sample 10 s after the first at the least (a draw of 0)",
			draw:  0,
			first: 10 * time.Second,
			steps: []step{{usage: 5, wantNext: 20 * time.Second}},
		},
		{
			name:  "and up to twice the interval (a draw of 0.5: 15 s)",
			draw:  0.5,
			first: 15 * time.Second,
			steps: []step{{usage: 5, wantNext: 30 * time.Second}},
		},
		{
			name:  "two equal samples raise the interval to 15 s, never more; two that differ set it back to 10 s",
			draw:  0,
			first: 10 * time.Second,
			steps: []step{
				{usage: 0, wantNext: 25 * time.Second},  // 0 = 0: 15 s
				{usage: 0, wantNext: 40 * time.Second},  // 15 s still
				{usage: 7, wantNext: 50 * time.Second},  // 0 ≠ 7: 10 s
				{usage: 7, wantNext: 65 * time.Second},  // 7 = 7: 15 s
				{usage: 9, wantNext: 75 * time.Second},  // 10 s
				{usage: 9, wantNext: 90 * time.Second},  // 15 s
				{usage: 9, wantNext: 105 * time.Second}, // 15 s
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var s cgroupSamples
			s.create(0, 0, tc.draw)
			if !s.made() || s.n != 1 || s.at != 0 || s.value != 0 {
				t.Fatalf("made: %+v, want one sample at 0 of 0", s)
			}
			if s.next != tc.first {
				t.Fatalf("second sample due at %s, want %s", s.next, tc.first)
			}
			for i, st := range tc.steps {
				at := s.next
				if !s.due(at) || s.due(at-1) {
					t.Fatalf("sample %d due by %s: %t, by a nanosecond before: %t", i+2, at, s.due(at), s.due(at-1))
				}
				s.take(st.usage, tc.draw)
				if s.at != at || s.value != st.usage || s.n != i+2 {
					t.Fatalf("sample %d: %+v, want one at %s of %d", i+2, s, at, st.usage)
				}
				if s.next != st.wantNext {
					t.Errorf("sample %d at %s (usage %d): next due at %s, want %s", i+2, at, st.usage, s.next, st.wantNext)
				}
			}
		})
	}
}

// uses is a behaviour's memory, M after D.
func uses(q string, after time.Duration) func(*behavior.Behavior) {
	return func(b *behavior.Behavior) {
		b.Memory = []behavior.Usage{{Quantity: resource.MustParse(q), After: after}}
	}
}

// pressureNode is a node of 2 CPU and 1Gi evicting below 100Mi, as
// eviction/memory.feature's background declares it.
func pressureNode(t *testing.T, seed int64) *Simulator {
	t.Helper()
	s, err := New(Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetEvictionConfig(hardEviction(t, "memory.available<100Mi")); err != nil {
		t.Fatal(err)
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("2"), corev1.ResourceMemory: resource.MustParse("1Gi"), corev1.ResourcePods: resource.MustParse("110")}}}
	if err := s.AddNode(node); err != nil {
		t.Fatal(err)
	}
	return s
}

// evictions are the pods' evictions, "10s hog", in order.
func evictions(s *Simulator) []string {
	var out []string
	for _, e := range s.Timeline() {
		if e.Kind == timeline.Evicted {
			out = append(out, timeline.FormatOffset(e.At)+" "+e.Pod)
		}
	}
	return out
}

// TestEvictionRanksByCachedStats pins what the eviction manager reads
// (housekeeping.go): the node's signal fresh, the pods ranked by their
// pod cgroups' last samples, a pod without a running container without
// stats. Each case holds for every seed: the housekeeping's draws decide
// when the samples come, never what the case states.
func TestEvictionRanksByCachedStats(t *testing.T) {
	cases := []struct {
		name    string
		run     func(t *testing.T, s *Simulator)
		want    []string // evictions, "at pod"; the first two at most
		message string   // the first eviction's message contains it
	}{
		{
			// The pass at 30 s: "late" started at 25 s, its pod cgroup's
			// only sample is the one it was made with, of nothing;
			// "early"'s second, 10-20 s after it started, shows its 300Mi.
			// Ranked by what they use at the pass, "late" (700Mi) would go.
			name: "the ranking reads the pod cgroup's last sample: a pod that filled since ranks by its older usage (as using nothing, not as a pod without stats)",
			run: func(t *testing.T, s *Simulator) {
				start(t, s, podOf("early", 30, nil, agent("app", uses("300Mi", time.Second))))
				s.RunUntil(25*time.Second, nil)
				start(t, s, podOf("late", 30, nil, agent("app", uses("700Mi", time.Second))))
			},
			want:    []string{"30s early"},
			message: "Threshold quantity: 100Mi, available: 24Mi. Container app was using 300Mi",
		},
		{
			// No pod cgroup has a sample of the hog's 950Mi at the pass
			// at 10 s (its second comes 10-20 s after it started): the
			// node's working set, sampled at the pass, has it.
			name: "the node's signal is fresh: the pass after a fill no pod's sample shows yet meets the threshold",
			run: func(t *testing.T, s *Simulator) {
				start(t, s, podOf("hog", 30, nil, agent("app", uses("950Mi", 5*time.Second))))
			},
			want:    []string{"10s hog"},
			message: "Threshold quantity: 100Mi, available: 74Mi. Container app was using 950Mi",
		},
		{
			// "crashing" exits 1 s after each start: at 1 s, then after
			// 10 s of back-off at 12 s or so; its next start is 20 s after
			// that. At the pass at 30 s it has no running container.
			// Ranked with the 0 it uses, it would go after "user".
			name: "a pod without a running container has no stats and is ranked first",
			run: func(t *testing.T, s *Simulator) {
				start(t, s, podOf("crashing", 30, nil, agent("app", exitAfter(1, time.Second))))
				start(t, s, podOf("user", 30, nil, agent("app", uses("300Mi", time.Second))))
				s.RunUntil(25*time.Second, nil)
				if err := s.NodePressure("worker-1", MemoryPressure); err != nil {
					t.Fatal(err)
				}
			},
			want:    []string{"30s crashing", "31s user"},
			message: "Threshold quantity: 100Mi, available: 0. ",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for seed := int64(1); seed <= 40; seed++ {
				s := pressureNode(t, seed)
				tc.run(t, s)
				s.Settle(10 * time.Minute)
				got := evictions(s)
				if len(got) > len(tc.want) {
					got = got[:len(tc.want)]
				}
				if strings.Join(got, ", ") != strings.Join(tc.want, ", ") {
					t.Fatalf("seed %d: evictions %v, want %v", seed, got, tc.want)
				}
				first := strings.Fields(tc.want[0])[1]
				if msg := s.Pod(first).Status.Message; !strings.Contains(msg, tc.message) {
					t.Fatalf("seed %d: %s evicted with %q, want it to contain %q", seed, first, msg, tc.message)
				}
			}
		})
	}
}

// TestEvictionMessageReadsTheContainersSample pins the container usage
// the eviction message names: the container's cgroup's last sample once
// that cgroup has two (cAdvisor's instantaneous CPU needs two; with one,
// filterTerminatedContainerInfoAndAssembleByPodCgroupKey drops it and
// the runtime's figure, read at the call, stays: cri_stats_provider.go
// listPodStatsPartiallyFromCRI, makeContainerStats).
func TestEvictionMessageReadsTheContainersSample(t *testing.T) {
	cases := []struct {
		name    string
		samples int   // the container's cgroup's samples
		sampled int64 // what the last read
		want    int64 // the container's memory in the summary
	}{
		{"one sample: the runtime's figure of now", 1, 0, 300 << 20},
		{"two samples: the last sample's", 2, 123 << 20, 123 << 20},
		{"more: the last sample's", 5, 200 << 20, 200 << 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			start(t, s, podOf("web", 30, nil, agent("app", uses("300Mi", time.Second))))
			s.RunUntil(2*time.Second, nil)
			w := s.nodes[0].workers[s.Pod("web").UID].rt
			inst := w.ctrs[0].inst
			inst.cgroup = cgroupSamples{n: tc.samples, at: s.Now(), value: tc.sampled, interval: housekeepingInterval, next: time.Hour}
			ps := w.summaryStats()
			if ps == nil || len(ps.containers) != 1 {
				t.Fatalf("summary %+v, want the running container", ps)
			}
			if got := ps.containers[0].memory; got != tc.want {
				t.Errorf("container memory %dMi, want %dMi", got>>20, tc.want>>20)
			}
			if fresh := w.stats().containers[0].memory; fresh != 300<<20 {
				t.Errorf("stats (the node's view) read %dMi, want the usage of now, 300Mi", fresh>>20)
			}
		})
	}
}
