package sim

import (
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/podlife/podlife/pkg/behavior"
)

// heapSampler records the peaks of the heap in use and of the memory the
// runtime holds from the system while a benchmark runs: a goroutine beside
// the (single-threaded) simulator reads the runtime's memory statistics
// every few milliseconds.
type heapSampler struct {
	stop      chan struct{}
	done      sync.WaitGroup
	heap, sys uint64
}

func sampleHeap() *heapSampler {
	h := &heapSampler{stop: make(chan struct{})}
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			h.heap, h.sys = max(h.heap, m.HeapInuse), max(h.sys, m.Sys-m.HeapReleased)
			select {
			case <-h.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return h
}

// Stop ends the sampling and returns the peaks of HeapInuse and Sys, in
// bytes.
func (h *heapSampler) Stop() (heap, sys uint64) {
	close(h.stop)
	h.done.Wait()
	return h.heap, h.sys
}

// scaleNode is a worker of the scale benchmark: room for 110 pods.
func scaleNode(name string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("32"), corev1.ResourceMemory: resource.MustParse("128Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}}}
}

// webTemplate is a typical pod of a large cluster: one container serving
// HTTP behind a readiness probe, with requests, and a preStop sleep to
// drain its connections.
func webTemplate() *corev1.Pod {
	c := agent("web")
	c.ReadinessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{HTTPGet: &corev1.HTTPGetAction{
		Path: "/podlife/readiness", Port: intstr.FromInt32(behavior.AgentPort)}}, PeriodSeconds: 10}
	c.Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 5}}}
	c.Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("100m"), corev1.ResourceMemory: resource.MustParse("128Mi")}
	return podOf("web", 30, nil, c)
}

// residentPods builds a cluster of nodes, creates pods stamped from a
// template, and runs until every pod is Ready and nothing but the
// periodic work (probes, resyncs) remains: the pods are resident.
func residentPods(tb testing.TB, tmpl *corev1.Pod, nodes, pods int) *Simulator {
	s := clusterOf(tb, nodes, scaleNode)
	names := createPods(tb, s, tmpl, pods)
	s.Settle(time.Hour)
	for _, name := range names {
		if p := s.Pod(name); p == nil || !podReady(p) {
			tb.Fatalf("pod %s not ready", name)
		}
	}
	return s
}

// BenchmarkScale: 10,000 nodes and 100,000 resident pods, each a typical
// web pod (and a tenth of that, to show how cost grows), then the same
// cluster of issue 7's heavier pod (an init container, a sidecar, two
// containers, probes and hooks: four times the containers and records).
// peak-heap-MiB is the largest heap in use seen while the cluster was
// built and run, peak-sys-MiB the most memory the Go runtime held from the
// system meanwhile (heap, stacks and its own); B/pod is the heap the
// simulator holds per resident pod once it has settled; pods/s is pods
// created, scheduled and run to Ready per second of wall time (all in the
// first virtual instant: the probes answer at once).
func BenchmarkScale(b *testing.B) {
	for _, size := range []struct {
		pod         string
		tmpl        func() *corev1.Pod
		nodes, pods int
	}{
		{"web", webTemplate, 1_000, 10_000},
		{"web", webTemplate, 10_000, 100_000},
		{"issue7", lifecycleTemplate, 10_000, 100_000},
	} {
		b.Run(fmt.Sprintf("pod=%s/nodes=%d/pods=%d", size.pod, size.nodes, size.pods), func(b *testing.B) {
			var peak, sys, held uint64
			for range b.N {
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				h := sampleHeap()
				s := residentPods(b, size.tmpl(), size.nodes, size.pods)
				heapPeak, sysPeak := h.Stop()
				peak, sys = max(peak, heapPeak), max(sys, sysPeak)
				runtime.GC()
				runtime.ReadMemStats(&after)
				held = after.HeapInuse - before.HeapInuse
				runtime.KeepAlive(s)
			}
			secs := b.Elapsed().Seconds()
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(sys)/(1<<20), "peak-sys-MiB")
			b.ReportMetric(float64(held)/float64(size.pods), "B/pod")
			b.ReportMetric(float64(b.N*size.pods)/secs, "pods/s")
		})
	}
}
