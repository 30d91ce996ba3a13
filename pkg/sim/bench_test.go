package sim

import (
	"fmt"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// pressure3Nodes60Pods is issue 4's acceptance scenario: three nodes, 60
// pods spread over them by the scheduler, every node brought under memory
// pressure, run until the eviction managers have evicted every pod. It
// returns the simulator and how many pods were evicted.
func pressure3Nodes60Pods(tb testing.TB, seed int64) (*Simulator, int) {
	return pressureStorm(tb, seed, 3, 60)
}

// pressureStorm is the same on a larger cluster: nodes nodes, pods pods
// (each using 50 to 109 MiB a second after it starts), every node brought
// under memory pressure at 5 s, run until every pod has been evicted.
func pressureStorm(tb testing.TB, seed int64, nodes, pods int) (*Simulator, int) {
	s, err := New(Config{Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.SetEvictionConfig(hardEviction(tb, "memory.available<500Mi")); err != nil {
		tb.Fatal(err)
	}
	for i := 1; i <= nodes; i++ {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("worker-%d", i)}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
			corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110"),
			corev1.ResourceEphemeralStorage: resource.MustParse("100Gi")}}}
		if err := s.AddNode(n); err != nil {
			tb.Fatal(err)
		}
	}
	for i := 0; i < pods; i++ {
		use := resource.MustParse(fmt.Sprintf("%dMi", 50+i%60))
		c := agent("app", func(b *behavior.Behavior) { b.Memory = []behavior.Usage{{Quantity: use, After: time.Second}} })
		c.Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("10m"), corev1.ResourceMemory: resource.MustParse("64Mi")}
		p := podOf(fmt.Sprintf("pod-%02d", i), 30, nil, c)
		if err := s.CreatePod(p); err != nil {
			tb.Fatal(err)
		}
	}
	s.RunUntil(5*time.Second, nil)
	for i := 1; i <= nodes; i++ {
		if err := s.NodePressure(fmt.Sprintf("worker-%d", i), MemoryPressure); err != nil {
			tb.Fatal(err)
		}
	}
	s.Settle(time.Hour)
	evicted := 0
	for _, e := range s.Timeline() {
		if e.Kind == timeline.Evicted {
			evicted++
		}
	}
	return s, evicted
}

// TestPressure3Nodes60Pods checks the acceptance scenario itself: every
// pod evicted, one per node and pass, deterministically for a seed.
func TestPressure3Nodes60Pods(t *testing.T) {
	s, evicted := pressure3Nodes60Pods(t, 1)
	if evicted != 60 {
		t.Fatalf("%d pods evicted, want 60", evicted)
	}
	again, _ := pressure3Nodes60Pods(t, 1)
	if timeline.Format(s.Timeline(), 0) != timeline.Format(again.Timeline(), 0) {
		t.Error("the same seed gave two timelines")
	}
}

// BenchmarkPressure3Nodes60Pods times the acceptance scenario (issue 4:
// under 100 ms a run): ms/run is the wall time of one run, virtual-s the
// scenario's length in virtual time.
func BenchmarkPressure3Nodes60Pods(b *testing.B) {
	var virtual time.Duration
	for i := 0; i < b.N; i++ {
		s, evicted := pressure3Nodes60Pods(b, int64(i))
		if evicted != 60 {
			b.Fatalf("%d pods evicted, want 60", evicted)
		}
		virtual = s.Now()
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/run")
	b.ReportMetric(virtual.Seconds(), "virtual-s")
}

// BenchmarkPressureStorm is issue 7's memory-pressure storm: 1,000 nodes
// of 100 pods each, every node under memory pressure, run until the
// eviction managers have evicted all 100,000 pods. pods/s counts evicted
// pods per second of wall time.
func BenchmarkPressureStorm(b *testing.B) {
	const nodes, perNode = 1000, 100
	var virtual time.Duration
	events := 0
	for i := 0; i < b.N; i++ {
		s, evicted := pressureStorm(b, int64(i), nodes, nodes*perNode)
		if evicted != nodes*perNode {
			b.Fatalf("%d pods evicted, want %d", evicted, nodes*perNode)
		}
		virtual += s.Now()
		events += len(s.Timeline())
	}
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(b.N*nodes*perNode)/secs, "pods/s")
	b.ReportMetric(float64(events)/secs, "events/s")
	b.ReportMetric(virtual.Seconds()/secs, "virtual/wall")
}
