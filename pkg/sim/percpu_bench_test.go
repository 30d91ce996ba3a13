package sim

import (
	"fmt"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// lifecycleCluster runs n pods stamped from the template through their
// whole life in one simulator of the given nodes (scaleNode: 110 pods
// each): all created, all Ready, all deleted, all gone.
func lifecycleCluster(tb testing.TB, tmpl *corev1.Pod, nodes, n int) {
	s, err := New(Config{Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	for i := range nodes {
		if err := s.AddNode(scaleNode(fmt.Sprintf("worker-%d", i))); err != nil {
			tb.Fatal(err)
		}
	}
	names := make([]string, n)
	for i := range n {
		p := *tmpl
		p.Name = fmt.Sprintf("p-%d", i)
		names[i] = p.Name
		if err := s.CreatePod(&p); err != nil {
			tb.Fatal(err)
		}
	}
	s.Settle(time.Hour)
	for _, name := range names {
		if p := s.Pod(name); p == nil || !podReady(p) {
			tb.Fatalf("pod %s not ready", name)
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

// cpuTime is the CPU the process has used, user and system, its garbage
// collector's workers included.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkLifecyclePerCPU: issue 19's figure. One simulator holds n of
// BenchmarkLifecycleThroughput's pods (an init container, a sidecar, two
// containers with readiness probes, postStart and preStop) at once on
// 100 nodes (1,000 for 100,000 pods), through their whole life; the cost
// per pod should not grow with n. CPU-us/pod is the process's CPU time
// (getrusage: the simulator and the garbage collector's workers) per pod;
// pods/CPU-s its inverse; pods/s per second of wall time.
func BenchmarkLifecyclePerCPU(b *testing.B) {
	for _, size := range []struct{ nodes, pods int }{{100, 100}, {100, 1_000}, {100, 10_000}, {1_000, 100_000}} {
		b.Run(fmt.Sprintf("nodes=%d/pods=%d", size.nodes, size.pods), func(b *testing.B) {
			tmpl := lifecycleTemplate()
			var cpu time.Duration
			for range b.N {
				start := cpuTime(b)
				lifecycleCluster(b, tmpl, size.nodes, size.pods)
				cpu += cpuTime(b) - start
			}
			pods := float64(b.N * size.pods)
			b.ReportMetric(float64(cpu.Microseconds())/pods, "CPU-us/pod")
			b.ReportMetric(pods/cpu.Seconds(), "pods/CPU-s")
			b.ReportMetric(pods/b.Elapsed().Seconds(), "pods/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
