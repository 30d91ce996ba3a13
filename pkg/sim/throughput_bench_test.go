package sim

import (
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// lifecycleTemplate is issue 7's pod: one init container, one sidecar, two
// containers, readiness probes, postStart and preStop hooks.
func lifecycleTemplate() *corev1.Pod {
	probe := &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"true"}}}, PeriodSeconds: 1}
	c := func(name string) corev1.Container {
		x := withPreStop(agent(name), execHook("true"))
		x.Lifecycle.PostStart = &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"true"}}}
		x.ReadinessProbe = probe
		return x
	}
	return podOf("p", 30, []corev1.Container{agent("init", exitAfter(0, 0)), sidecar(c("side"))}, c("a"), c("b"))
}

// bigNode has room for every pod of a batch.
func bigNode(name string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("1000"), corev1.ResourceMemory: resource.MustParse("4Ti"), corev1.ResourcePods: resource.MustParse("100000"),
	}}}
}

// clusterOf is a simulator of nodes made by node, named worker-<i>.
func clusterOf(tb testing.TB, nodes int, node func(name string) *corev1.Node) *Simulator {
	s, err := New(Config{Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	for i := range nodes {
		if err := s.AddNode(node(fmt.Sprintf("worker-%d", i))); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// runLifecycle runs n pods stamped from the template through their whole
// life in s: created, Ready, deleted, gone.
func runLifecycle(tb testing.TB, s *Simulator, tmpl *corev1.Pod, n int) {
	names := createPods(tb, s, tmpl, n)
	s.Settle(time.Hour)
	for _, name := range names {
		if p := s.Pod(name); p == nil || !podReady(p) {
			tb.Fatalf("pod %s not ready: %+v", name, p.Status)
		}
	}
	for _, name := range names {
		if err := s.DeletePod(name, metav1.DeleteOptions{}); err != nil {
			tb.Fatal(err)
		}
	}
	s.Settle(time.Hour)
	for _, name := range names {
		if s.Pod(name) != nil {
			tb.Fatalf("pod %s not gone", name)
		}
	}
}

// createPods creates n pods p-0… stamped from the template and returns
// their names.
func createPods(tb testing.TB, s *Simulator, tmpl *corev1.Pod, n int) []string {
	names := make([]string, n)
	for i := range n {
		// A shallow copy is enough: CreatePod copies what the API server
		// keeps, and the benchmark measures the simulator, not a copy of
		// the template made for it.
		p := *tmpl
		p.Name = fmt.Sprintf("p-%d", i)
		names[i] = p.Name
		if err := s.CreatePod(&p); err != nil {
			tb.Fatal(err)
		}
	}
	return names
}

// lifecycleBatch runs n pods stamped from the template through their
// whole life in one simulator of one big node. It returns the number of
// timeline events.
func lifecycleBatch(tb testing.TB, tmpl *corev1.Pod, n int) int {
	s := clusterOf(tb, 1, bigNode)
	runLifecycle(tb, s, tmpl, n)
	return s.tl.Len()
}

func podReady(p *corev1.Pod) bool {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// BenchmarkLifecycleThroughput: full-lifecycle pods per second, one
// simulator per goroutine (GOMAXPROCS of them), 100 pods per simulator.
func BenchmarkLifecycleThroughput(b *testing.B) {
	const batch = 100
	tmpl := lifecycleTemplate()
	var pods, events atomic.Int64
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			events.Add(int64(lifecycleBatch(b, tmpl, batch)))
			pods.Add(batch)
		}
	})
	b.StopTimer()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	secs := b.Elapsed().Seconds()
	b.ReportMetric(float64(pods.Load())/secs, "pods/s")
	b.ReportMetric(float64(events.Load())/secs, "events/s")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(pods.Load()), "B/pod")
	b.ReportMetric(0, "ns/op")
}
