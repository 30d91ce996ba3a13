package sim

import (
	"testing"

	"k8s.io/apimachinery/pkg/types"
)

// TestPLEGEvents pins what a PLEG event does to the pod worker
// (pleg.go, HandlePodSyncs): a container's death syncs a pod that is
// still syncing, not one whose kill is waiting for its containers
// itself; the end of a sync's run and a sandbox's change sync any pod
// not yet terminated; a terminated worker syncs no more.
func TestPLEGEvents(t *testing.T) {
	cases := []struct {
		name   string
		state  workerState
		event  plegEvent
		queued bool
	}{
		{"a container died while the pod syncs: ContainerDied brings a sync", stateSyncing, containerDied, true},
		{"a container died while the pod terminates: the kill waits for it, no sync", stateTerminating, containerDied, false},
		{"a sync's starts and kills: the relist after it brings a sync", stateSyncing, containerChanged, true},
		{"the sandbox died: a sync, which kills what runs and makes another", stateSyncing, sandboxChanged, true},
		{"the sandbox of a terminating pod: queued, and the sync passes", stateTerminating, sandboxChanged, true},
		{"a terminated pod syncs no more", stateTerminated, containerDied, false},
		{"a terminated pod's sandbox", stateTerminated, sandboxChanged, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			k := s.byNode["worker-1"]
			w := &podWorker{k: k, uid: "u", state: tc.state}
			w.queue.syncFn = func() {}
			k.workers[w.uid] = w
			k.pleg.report(w.uid, tc.event)
			if got := w.queue.soon.pending(); got != tc.queued {
				t.Errorf("sync queued %v, want %v", got, tc.queued)
			}
		})
	}
	// The PLEG knows pods by UID only: an event of a pod the kubelet has
	// no worker for (terminated and forgotten) is dropped.
	s := newSim(t, "")
	s.byNode["worker-1"].pleg.report("gone", containerDied)
}

// TestProbeResultsReachTheKubelet pins the prober manager's updates
// (the results managers' Updates(), syncLoopIteration): a liveness
// failure and any startup result sync the pod; a liveness success and a
// readiness result change only the status.
func TestProbeResultsReachTheKubelet(t *testing.T) {
	cases := []struct {
		name   string
		kind   probeKind
		r      result
		queued bool
	}{
		{"a liveness failure syncs the pod (the kill follows)", livenessProbe, resultFailure, true},
		{"a liveness success does not", livenessProbe, resultSuccess, false},
		{"a startup success syncs the pod (the containers after it start)", startupProbe, resultSuccess, true},
		{"a startup failure syncs the pod", startupProbe, resultFailure, true},
		{"a readiness result goes to the status manager alone", readinessProbe, resultFailure, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			start(t, s, podOf("web", 30, nil, agent("app")))
			k := s.byNode["worker-1"]
			w := k.workers[s.Pod("web").UID]
			if w.queue.soon.pending() {
				t.Fatal("a sync is queued before the result")
			}
			k.probeResult(w.uid, tc.kind, tc.r)
			if got := w.queue.soon.pending(); got != tc.queued {
				t.Errorf("sync queued %v, want %v", got, tc.queued)
			}
		})
	}
}

// TestReasonCache pins the reason cache (reason_cache.go): a failed
// start's reason is kept by pod and container until a start succeeds or
// the pod's worker is gone.
func TestReasonCache(t *testing.T) {
	var rc reasonCache
	if _, ok := rc.get("u", "app"); ok {
		t.Fatal("an empty cache has a reason")
	}
	rc.set("u", "app", &startError{reason: "CrashLoopBackOff", message: "back-off 10s"})
	rc.set("u", "side", &startError{reason: "ErrImagePull"})
	rc.set(types.UID("v"), "app", &startError{reason: "RunContainerError"})
	if r, ok := rc.get("u", "app"); !ok || r.reason != "CrashLoopBackOff" || r.message != "back-off 10s" {
		t.Errorf("get = %+v, %v", r, ok)
	}
	rc.remove("u", "app")
	if _, ok := rc.get("u", "app"); ok {
		t.Error("a started container keeps its reason")
	}
	if _, ok := rc.get("u", "side"); !ok {
		t.Error("another container lost its reason")
	}
	rc.forget("u")
	if _, ok := rc.get("u", "side"); ok {
		t.Error("a forgotten pod keeps a reason")
	}
	if r, _ := rc.get("v", "app"); r.reason != "RunContainerError" {
		t.Error("another pod lost its reason")
	}
}
