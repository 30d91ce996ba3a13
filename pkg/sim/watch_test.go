package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
)

// TestWatchDelivery pins how a write reaches the components that watch
// it: later in the same instant, through the event queue, as an
// informer's handler runs after the write it reports.
func TestWatchDelivery(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, s *Simulator)
	}{
		{"a pod created reaches the scheduler's queue through its watch, not in the create", func(t *testing.T, s *Simulator) {
			if err := s.CreatePod(podOf("web", 30, nil, agent("app"))); err != nil {
				t.Fatal(err)
			}
			if n := s.sched.activeQ.Len(); n != 0 {
				t.Fatalf("activeQ holds %d pods at the create, want 0 until the watch delivers", n)
			}
			s.Step()
			if p := s.Pod("web"); p.Spec.NodeName != "worker-1" {
				t.Fatalf("not bound in the instant: nodeName %q", p.Spec.NodeName)
			}
		}},
		{"the scheduler counts a pod it binds at once (assume), and its watch does not count it again", func(t *testing.T, s *Simulator) {
			if err := s.CreatePod(podOf("web", 30, nil, agent("app"))); err != nil {
				t.Fatal(err)
			}
			for s.Pod("web").Spec.NodeName == "" {
				if at, ok := s.q.next(); !ok || at != s.Now() {
					t.Fatal("the pod was not bound in the instant")
				}
				s.q.take()()
			}
			ni := s.sched.cache.byName["worker-1"]
			if ni.pods != 1 || !s.sched.assumed[s.Pod("web").UID] {
				t.Fatalf("right after the bind: %d pods in the cache, assumed %v; want 1, true", ni.pods, s.sched.assumed)
			}
			s.Step()
			if ni.pods != 1 || len(s.sched.assumed) != 0 {
				t.Fatalf("after the watch: %d pods in the cache, %d assumed; want 1, 0", ni.pods, len(s.sched.assumed))
			}
		}},
		{"a status write no watcher wants queues nothing", func(t *testing.T, s *Simulator) {
			if err := s.CreatePod(podOf("web", 30, nil, agent("app"))); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Minute)
			p := s.Pod("web")
			st := *p.Status.DeepCopy()
			st.Message = "a status write"
			before := s.q.nonPeriodic
			s.api.updatePodStatus(p.Name, p.UID, st)
			if s.q.nonPeriodic != before {
				t.Fatalf("the write queued %d deliveries, want none (the kubelet drops a status alone; no other watcher wants it)", s.q.nonPeriodic-before)
			}
		}},
		{"the taint-eviction controller passes over a node's pods only when its NoExecute taints changed", func(t *testing.T, s *Simulator) {
			if err := s.TaintNode("worker-1", corev1.Taint{Key: "dedicated", Effect: corev1.TaintEffectNoExecute}, false); err != nil {
				t.Fatal(err)
			}
			s.Step()
			p := podOf("web", 30, nil, agent("app"))
			p.Spec.NodeName = "worker-1"
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			// A node update in the same instant that leaves the NoExecute
			// taints as they are: a pass over the node's pods would cancel
			// the deletion the pod's own event scheduled, and schedule it
			// again.
			if err := s.CordonNode("worker-1"); err != nil {
				t.Fatal(err)
			}
			s.Step()
			checkNoCancel(t, s)
			if s.Pod("web") != nil {
				t.Fatal("the pod not tolerating the taint is still there")
			}
		}},
		{"a deletion scheduled earlier in the instant is kept by a later pass", func(t *testing.T, s *Simulator) {
			secs := int64(300)
			p := podOf("web", 30, nil, agent("app"))
			p.Spec.NodeName = "worker-1"
			p.Spec.Tolerations = []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: &secs}}
			if err := s.TaintNode("worker-1", corev1.Taint{Key: "dedicated", Effect: corev1.TaintEffectNoExecute}, false); err != nil {
				t.Fatal(err)
			}
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			// The node's event passes over the pod already bound, then the
			// pod's own event processes it again.
			s.Step()
			checkNoCancel(t, s)
			if e := s.lifecycle.evictions[s.Pod("web").UID]; e == nil || e.createdAt != 0 {
				t.Fatalf("scheduled deletion %+v, want one made at 0s", e)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { c.run(t, newSim(t, "")) })
	}
}

func checkNoCancel(t *testing.T, s *Simulator) {
	t.Helper()
	for _, e := range s.Events() {
		if strings.HasPrefix(e.Message, "Cancelling deletion") {
			t.Fatalf("event %q: a scheduled deletion was cancelled and made again", e.Message)
		}
	}
}
