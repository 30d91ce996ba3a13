package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestNodeBack pins a cut-off node's return (NodeBack): Ready True
// posted at once (setters.go ReadyCondition), the unreachable NoSchedule
// taint lifted at the node's update and the NoExecute one at the
// controller's next monitor pass (markNodeAsReachable), its pods' status
// written again by the kubelet's first sync (Ready True, the same
// container, no restart), a pod deleted meanwhile killed and deleted;
// and the returns that are not: a node not cut off, one powered off.
func TestNodeBack(t *testing.T) {
	cases := []struct {
		name string
		// tolerate is the pod's unreachable tolerationSeconds (0: the
		// default 300 s).
		tolerate int64
		// off powers the node off instead of cutting it off; live leaves
		// it running.
		off, live bool
		// wantErr is part of NodeBack's error ("": none).
		wantErr string
		// gone: the pod is deleted once the node is back.
		gone bool
	}{
		{name: "a node back is Ready, untainted, its pod Ready with the container that kept running"},
		{name: "a pod the taint manager deleted meanwhile is killed and deleted when its kubelet runs again", tolerate: 10, gone: true},
		{name: "a node that was not cut off cannot come back", live: true, wantErr: "is not cut off"},
		{name: "a node powered off comes back by a reboot, not by its kubelet", off: true, wantErr: "is off"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			addNodeNamed(t, s, "worker-1", nil)
			p := podOf("web", 30, nil, agent("app"))
			p.Spec.NodeName = "worker-1"
			if tc.tolerate > 0 {
				secs := tc.tolerate
				p.Spec.Tolerations = []corev1.Toleration{{Key: corev1.TaintNodeUnreachable, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: &secs}}
			}
			start(t, s, p)
			switch {
			case tc.off:
				if err := s.CrashNode("worker-1"); err != nil {
					t.Fatal(err)
				}
			case !tc.live:
				if err := s.NodeNotReady("worker-1"); err != nil {
					t.Fatal(err)
				}
			}
			s.RunUntil(s.Now()+2*time.Minute, nil)
			if tc.tolerate > 0 && s.Pod("web").DeletionTimestamp == nil {
				t.Fatal("web not deleted by the taint manager while its node was lost")
			}
			back := s.Now()
			err = s.NodeBack("worker-1")
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("NodeBack: %v, want an error saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			s.RunUntil(back+time.Minute, nil)
			if c := nodeCondition(s.Node("worker-1"), corev1.NodeReady); c == nil || c.Status != corev1.ConditionTrue {
				t.Errorf("worker-1 Ready %+v, want True", c)
			}
			var untaints []string
			for _, e := range s.Timeline() {
				if e.Kind == timeline.Taint && e.Status == "False" && e.At >= back {
					untaints = append(untaints, timeline.FormatOffset(e.At-back)+" "+e.Label())
				}
			}
			// The controller's passes keep their phase: the NoExecute
			// taint goes at the first pass after the return, within a
			// nodeMonitorPeriod (5 s).
			if len(untaints) != 2 || !strings.HasPrefix(untaints[0], "0s ") || !strings.Contains(untaints[0], "NoSchedule") || !strings.Contains(untaints[1], "NoExecute") {
				t.Errorf("taints lifted %v, want the NoSchedule one at 0s, then the NoExecute one", untaints)
			} else if at, _ := time.ParseDuration(strings.Fields(untaints[1])[0]); at > 5*time.Second {
				t.Errorf("NoExecute taint lifted at %s, want within a monitor pass (5s)", at)
			}
			if tc.gone {
				if s.Pod("web") != nil {
					t.Errorf("web still in the API: %s", s.Pod("web").Status.Phase)
				}
				var sigterm bool
				for _, e := range s.Timeline() {
					sigterm = sigterm || (e.Kind == timeline.SIGTERM && e.At == back && e.Pod == "web")
				}
				if !sigterm {
					t.Error("web's container got no SIGTERM when its kubelet came back")
				}
				return
			}
			pod := s.Pod("web")
			if c := podConditionOf(&pod.Status, corev1.PodReady); c == nil || c.Status != corev1.ConditionTrue {
				t.Errorf("web Ready %+v, want True again", c)
			}
			if cs := pod.Status.ContainerStatuses; len(cs) != 1 || cs[0].RestartCount != 0 || cs[0].State.Running == nil {
				t.Errorf("web's container %+v, want the one that kept running", cs)
			}
		})
	}
}
