package live

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// kubeletMetrics serves a node's kubelet metrics through the API
// server's node proxy: without kubelet_working_pods for the first before
// reads (a new kubelet process before its first housekeeping), with it
// after.
func kubeletMetrics(t *testing.T, before int32) (rest.Interface, *atomic.Int32) {
	t.Helper()
	var reads atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/api/v1/nodes/pool-a/proxy/metrics" {
			http.NotFound(w, r)
			return
		}
		n := reads.Add(1)
		body := "# HELP kubelet_started_pods_total [ALPHA] Cumulative number of pods started\n# TYPE kubelet_started_pods_total counter\nkubelet_started_pods_total 0\n"
		if n > before {
			body += "# HELP kubelet_working_pods [ALPHA] Number of pods the kubelet is actually running\n# TYPE kubelet_working_pods gauge\nkubelet_working_pods{config=\"desired\",lifecycle=\"sync\",static=\"\"} 1\n"
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	cs, err := kubernetes.NewForConfig(&rest.Config{Host: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	return cs.CoreV1().RESTClient(), &reads
}

// A restarted kubelet's scenario starts once its first housekeeping has
// run (SyncKnownPods), seen in its metrics: not before, and not two
// housekeeping periods later whatever it did.
func TestAwaitHousekeepingWaitsForTheFirstHousekeeping(t *testing.T) {
	rc, reads := kubeletMetrics(t, 3)
	t0 := time.Now()
	if err := awaitHousekeeping(context.Background(), rc, "pool-a", time.Minute); err != nil {
		t.Fatal(err)
	}
	if n := reads.Load(); n != 4 {
		t.Fatalf("returned after %d reads of the metrics; the first housekeeping showed at the 4th", n)
	}
	if took := time.Since(t0); took > 5*time.Second {
		t.Fatalf("took %s", took)
	}
}

// A kubelet whose metrics never show it is waited for up to the limit,
// the fixed wait it replaces, and no longer.
func TestAwaitHousekeepingGivesUpAtItsLimit(t *testing.T) {
	rc, reads := kubeletMetrics(t, 1<<30)
	t0 := time.Now()
	if err := awaitHousekeeping(context.Background(), rc, "pool-a", 700*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(t0); took < 600*time.Millisecond || took > 3*time.Second {
		t.Fatalf("returned after %s, want about its 700ms limit", took)
	}
	if reads.Load() < 2 {
		t.Fatalf("read the metrics %d times", reads.Load())
	}
}
