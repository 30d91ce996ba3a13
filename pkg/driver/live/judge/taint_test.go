package judge

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestTaintManagerDeletionKeepsTheTaintsDelay pins taintDelay: after a
// node is cut off (t=0 at 10 s), the taint manager's deletion of a pod on
// it counts from the NoExecute taint the node-lifecycle controller added
// to that node, which a zone's rate limiter may hold back 10 s per node
// ahead of it; a taint on another node, one added at once, or a
// container's event keep the window counted from t=0.
func TestTaintManagerDeletionKeepsTheTaintsDelay(t *testing.T) {
	s := time.Second
	noExecute := func(node string, at time.Duration) timeline.Event {
		return timeline.Event{At: at, Pod: "node/" + node, Kind: timeline.Taint, Reason: "node.kubernetes.io/unreachable",
			Status: string(corev1.ConditionTrue), Message: string(corev1.TaintEffectNoExecute)}
	}
	deleted := timeline.Selector{Pod: "web", Kind: timeline.DeleteRequested}
	for _, tc := range []struct {
		name  string
		taint timeline.Event
		sel   timeline.Selector
		// in and out: times the window must hold and must not.
		in, out time.Duration
	}{
		{"the taint 20 s late, three nodes cut off at once: the deletion 300 s after the taint", noExecute("worker-1", 30*s), deleted, 330*s + 200*time.Millisecond, 310 * s},
		{"the taint at once: 300 s after t=0", noExecute("worker-1", 10*s), deleted, 310 * s, 330 * s},
		{"a kubelet stopped 45 s before the node went NotReady (t=0), the taint at once: 300 s after t=0", noExecute("worker-1", 55*s+200*time.Millisecond), deleted, 355 * s, 365 * s},
		{"a taint on another node: 300 s after t=0", noExecute("worker-2", 30*s), deleted, 310 * s, 330 * s},
		{"the DisruptionTarget condition moves with the deletion", noExecute("worker-1", 30*s),
			timeline.Selector{Pod: "web", Kind: timeline.Condition, Reason: string(corev1.DisruptionTarget), Status: "True"}, 330 * s, 310 * s},
		{"a container's event is not the taint manager's", noExecute("worker-1", 30*s),
			timeline.Selector{Pod: "web", Container: "app", Kind: timeline.SIGTERM}, 310 * s, 330 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pod := &corev1.Pod{Spec: corev1.PodSpec{NodeName: "kind-worker3"}}
			pod.Name = "web"
			f := &liveFake{now: 10 * s, pod: pod, events: []timeline.Event{tc.taint},
				nodes: map[string]string{"worker-1": "kind-worker3", "worker-2": "kind-worker4"}}
			j := New(f, f)
			t0 := f.actionMark()
			j.Acted(driver.ActionNode, "web", f.now)
			if tc.taint.At > 50*s {
				// The node action made at 10 s, t=0 where the node
				// went NotReady.
				f.now = 55 * s
				t0 = f.actionMark()
			}
			f.now = 400 * s
			a, err := j.Window(context.Background(), driver.Question{Sel: tc.sel, Lo: 300 * s, Hi: 300 * s, T0: t0})
			if err != nil {
				t.Fatal(err)
			}
			w := a.Window
			if !w.Contains(tc.in) || w.Contains(tc.out) {
				t.Errorf("window %s to %s: want %s in and %s out", w.From, w.To, tc.in, tc.out)
			}
		})
	}
}
