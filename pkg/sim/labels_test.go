package sim

import (
	"testing"
	"time"
)

// TestNodeLabelledWithinBackoff: a label that makes the node match comes
// while the pod's backoff runs (1 s after its first failure): the
// queueing hint queues the pod to backoffQ (scheduling_queue.go
// requeuePodWithQueueingStrategy), from which, activeQ empty, it is
// popped at once (SchedulerPopFromBackoffQ, beta and on since 1.33;
// v1.36.3): scheduled at the label, as after the backoff. A label it
// does not select moves nothing.
func TestNodeLabelledWithinBackoff(t *testing.T) {
	for _, tc := range []struct {
		name  string
		label time.Duration
		want  time.Duration
	}{
		{"within the backoff", 300 * time.Millisecond, 300 * time.Millisecond},
		{"after the backoff", 3 * time.Second, 3 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			p := podOf("db", 30, nil, agent("app"))
			p.Spec.NodeSelector = map[string]string{"disktype": "ssd"}
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(tc.label, nil)
			if err := s.LabelNode("worker-1", "zone", "a", false); err != nil {
				t.Fatal(err)
			}
			if err := s.LabelNode("worker-1", "disktype", "ssd", false); err != nil {
				t.Fatal(err)
			}
			at, ok := s.RunUntil(time.Minute, func() bool { return s.Pod("db").Spec.NodeName != "" })
			if !ok || at != tc.want {
				t.Errorf("scheduled at %s (%v); want %s", at, ok, tc.want)
			}
		})
	}
	s := newSim(t, "")
	if err := s.LabelNode("worker-1", "disktype", "", true); err == nil {
		t.Error("a label the node lacks removed")
	}
	if err := s.LabelNode("worker-9", "disktype", "ssd", false); err == nil {
		t.Error("a node that does not exist labelled")
	}
}
