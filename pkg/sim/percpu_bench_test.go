package sim

import (
	"fmt"
	"runtime/metrics"
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU the process has used, user and system, its garbage
// collector's workers included.
func cpuTime(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// gcCPU is the CPU the garbage collector has used so far, by the
// runtime's own account (its workers, the assists it charged to the
// program, the pauses).
func gcCPU() time.Duration {
	sample := []metrics.Sample{{Name: "/cpu/classes/gc/total:cpu-seconds"}}
	metrics.Read(sample)
	return time.Duration(sample[0].Value.Float64() * float64(time.Second))
}

// BenchmarkLifecyclePerCPU: issue 19's figure. One simulator holds n of
// BenchmarkLifecycleThroughput's pods (an init container, a sidecar, two
// containers with readiness probes, postStart and preStop) at once on
// 100 nodes (1,000 for 100,000 pods), through their whole life; the cost
// per pod should not grow with n. CPU-us/pod is the process's CPU time
// (getrusage: the simulator and the garbage collector's workers) per pod;
// pods/CPU-s its inverse; pods/s per second of wall time; GC-us/pod the
// part of CPU-us/pod the garbage collector took, which grows with the heap
// the simulator holds.
func BenchmarkLifecyclePerCPU(b *testing.B) {
	for _, size := range []struct{ nodes, pods int }{{100, 100}, {100, 1_000}, {100, 10_000}, {1_000, 100_000}} {
		b.Run(fmt.Sprintf("nodes=%d/pods=%d", size.nodes, size.pods), func(b *testing.B) {
			tmpl := lifecycleTemplate()
			var cpu, gc time.Duration
			for range b.N {
				start, startGC := cpuTime(b), gcCPU()
				runLifecycle(b, clusterOf(b, size.nodes, scaleNode), tmpl, size.pods)
				cpu += cpuTime(b) - start
				gc += gcCPU() - startGC
			}
			pods := float64(b.N * size.pods)
			b.ReportMetric(float64(cpu.Microseconds())/pods, "CPU-us/pod")
			b.ReportMetric(float64(gc.Microseconds())/pods, "GC-us/pod")
			b.ReportMetric(pods/cpu.Seconds(), "pods/CPU-s")
			b.ReportMetric(pods/b.Elapsed().Seconds(), "pods/s")
			b.ReportMetric(0, "ns/op")
		})
	}
}
