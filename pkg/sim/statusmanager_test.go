package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestMirrorStatusAtTheNextBatch pins the status manager's batches for a
// recreated mirror pod (status_manager.go syncBatch): the new mirror pod
// stays Pending, without container statuses, until the next batch, which
// is the 10 s tick or another pod of the node changing status, whichever
// comes first; the pod worker's own writes go on as before.
func TestMirrorStatusAtTheNextBatch(t *testing.T) {
	cases := []struct {
		name string
		// other, when set, creates a pod on the node that long after the
		// mirror pod is deleted: its status change is a batch.
		other time.Duration
		// written is when the mirror pod shows Running again, for the
		// seeds tried: within [lo, hi], and not at once for some seed.
		lo, hi time.Duration
	}{
		{name: "the tick alone", lo: 0, hi: statusUpdateFrequency},
		{name: "another pod's status change comes first", other: time.Millisecond, lo: 0, hi: time.Millisecond},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			late := false
			for seed := int64(1); seed <= 30; seed++ {
				s := newSeededSim(t, "", seed)
				name, err := s.AddStaticPod("worker-1", podOf("etcd", 30, nil, agent("app")))
				if err != nil {
					t.Fatal(err)
				}
				s.RunUntil(s.Now()+time.Second, func() bool { return s.Pod(name).Status.Phase == corev1.PodRunning })
				if got := s.Pod(name).Status.Phase; got != corev1.PodRunning {
					t.Fatalf("seed %d: the static pod is %s, want Running", seed, got)
				}
				t0 := s.Now()
				if err := s.DeletePod(name, metav1.DeleteOptions{}); err != nil {
					t.Fatal(err)
				}
				s.RunUntil(t0, func() bool { return false })
				if p := s.Pod(name); p == nil || p.Status.Phase != corev1.PodPending || len(p.Status.ContainerStatuses) != 0 {
					t.Fatalf("seed %d: the recreated mirror pod right after the delete is %v, want Pending without container statuses", seed, mirrorState(p))
				}
				if tc.other > 0 {
					s.after(tc.other, func() {
						if err := s.CreatePod(podOf("web", 30, nil, agent("app"))); err != nil {
							t.Error(err)
						}
					})
				}
				at, ok := s.RunUntil(t0+time.Minute, func() bool { return s.Pod(name).Status.Phase == corev1.PodRunning })
				if !ok {
					t.Fatalf("seed %d: the mirror pod never showed Running", seed)
				}
				if d := at - t0; d < tc.lo || d > tc.hi {
					t.Errorf("seed %d: Running again %s after the delete, want within [%s, %s]", seed, d, tc.lo, tc.hi)
				}
				late = late || at > t0+tc.hi/2
			}
			if tc.other == 0 && !late {
				t.Errorf("every seed wrote the status within half a period: the tick's phase is not drawn")
			}
		})
	}
}

func mirrorState(p *corev1.Pod) any {
	if p == nil {
		return "gone"
	}
	return struct {
		Phase      corev1.PodPhase
		Containers int
	}{p.Status.Phase, len(p.Status.ContainerStatuses)}
}
