package sim

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestGonePodsAreFreed: once a pod is gone (deleted, its worker
// finished), nothing in the simulator keeps its objects: a cluster that
// runs pods for hours holds the ones that exist, not all it has seen.
// (Until 2026-11-27 the kubelet's set of instances whose usage it had
// noted held every container instance, and through it every pod.)
func TestGonePodsAreFreed(t *testing.T) {
	s := clusterOf(t, 3, scaleNode)
	const n = 200
	names := createPods(t, s, lifecycleTemplate(), n)
	s.Settle(time.Hour)
	var freed atomic.Int64
	for _, name := range names {
		runtime.SetFinalizer(s.Pod(name), func(*corev1.Pod) { freed.Add(1) })
	}
	for _, name := range names {
		if err := s.DeletePod(name, metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	s.Settle(time.Hour)
	// Finalizers run on their own goroutine once a collection has found
	// the objects unreachable.
	for range 20 {
		if freed.Load() == n {
			break
		}
		runtime.GC()
		runtime.Gosched()
	}
	if got := freed.Load(); got != n {
		t.Errorf("%d of %d gone pods freed; something in the simulator still holds the others", got, n)
	}
	runtime.KeepAlive(s)
}
