package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestStaticManifestRemoved: a static pod whose manifest is removed is
// killed as the kubelet's deletePod kills it (SyncPodKill with the
// spec's grace: preStop hooks, SIGTERM, SIGKILL at the grace), and its
// mirror pod is deleted at the first housekeeping after the containers
// ended, never before, and not made again (static.go removeStaticPod).
func TestStaticManifestRemoved(t *testing.T) {
	cases := []struct {
		name string
		pod  *corev1.Pod
		// kill is the containers' part of the timeline from the removal.
		kill []string
		// end is when the last container ended, after the removal.
		end time.Duration
	}{
		{"SIGTERM at the removal, SIGKILL at the spec's grace for a container ignoring SIGTERM",
			podOf("agent", 5, nil, agent("app", ignoreTerm)),
			[]string{"0s app SIGTERM", "5s app SIGKILL", "5s app Exited(137)"}, 5 * time.Second},
		{"a container that exits on SIGTERM ends at the removal",
			podOf("agent", 30, nil, agent("app")),
			[]string{"0s app SIGTERM", "0s app Exited(143)"}, 0},
		{"the preStop hook runs first, SIGTERM after it",
			podOf("agent", 10, nil, withPreStop(agent("app"), execHook("sleep", "3"))),
			[]string{"0s app PreStopStarted", "3s app PreStopDone", "3s app SIGTERM", "3s app Exited(143)"}, 3 * time.Second},
		{"a preStop hook longer than the grace: cut at the grace, SIGKILL 2 s later (the minimum after a preStop hook)",
			podOf("agent", 4, nil, withPreStop(agent("app", ignoreTerm), execHook("sleep", "10"))),
			[]string{"0s app PreStopStarted", "4s app PreStopDone", "4s app SIGTERM", "6s app SIGKILL", "6s app Exited(137)"}, 6 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var deletedAt []time.Duration
			// Over seeds, the housekeeping's phase differs: the mirror pod
			// goes in [end, end+2s) whatever it is.
			for seed := int64(1); seed <= 12; seed++ {
				s := newSeededSim(t, "", seed)
				name, err := s.AddStaticPod("worker-1", tc.pod.DeepCopy())
				if err != nil {
					t.Fatal(err)
				}
				s.RunUntil(10*time.Second, nil)
				t0 := s.Now()
				if err := s.RemoveStaticPod("worker-1", name); err != nil {
					t.Fatal(err)
				}
				s.Settle(5 * time.Minute)
				var kill []string
				for _, l := range transcript(s, t0, killKinds...) {
					if !strings.Contains(l, " - ") {
						kill = append(kill, l)
					}
				}
				if seed == 1 {
					diffLines(t, kill, tc.kill)
				}
				var del []time.Duration
				for _, e := range s.Timeline() {
					switch {
					case e.Pod == "agent" && e.Kind == timeline.Deleted:
						del = append(del, e.At-t0)
						if e.Earliest != t0+tc.end || e.Latest != t0+tc.end+periods.Housekeeping {
							t.Errorf("seed %d: the deletion's range [%s, %s], want [%s, %s] (the housekeeping's phase drawn)", seed,
								timeline.FormatOffset(e.Earliest-t0), timeline.FormatOffset(e.Latest-t0), timeline.FormatOffset(tc.end), timeline.FormatOffset(tc.end+periods.Housekeeping))
						}
					case e.Pod == "agent" && e.Kind == timeline.PodCreated && e.At >= t0:
						t.Errorf("seed %d: the mirror pod made again at %s after the removal", seed, timeline.FormatOffset(e.At-t0))
					}
				}
				if len(del) != 1 {
					t.Fatalf("seed %d: the mirror pod deleted %d times, want once", seed, len(del))
				}
				if del[0] < tc.end || del[0] >= tc.end+periods.Housekeeping {
					t.Errorf("seed %d: the mirror pod deleted at %s, want in [%s, %s): at the first housekeeping after the containers ended at %s", seed,
						timeline.FormatOffset(del[0]), timeline.FormatOffset(tc.end), timeline.FormatOffset(tc.end+periods.Housekeeping), timeline.FormatOffset(tc.end))
				}
				if s.Pod(name) != nil {
					t.Errorf("seed %d: the mirror pod is still there", seed)
				}
				deletedAt = append(deletedAt, del[0])
			}
			// The phase is drawn: some seeds differ.
			same := true
			for _, d := range deletedAt {
				same = same && d == deletedAt[0]
			}
			if same {
				t.Errorf("the mirror pod deleted at %s for every seed: the housekeeping's phase is not drawn", timeline.FormatOffset(deletedAt[0]))
			}
		})
	}
}

// TestStaticManifestRemovedRefusals: only a manifest on the node is
// removed, and only once.
func TestStaticManifestRemovedRefusals(t *testing.T) {
	s := newSim(t, "")
	name, err := s.AddStaticPod("worker-1", podOf("agent", 5, nil, agent("app")))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreatePod(podOf("web", 5, nil, agent("app"))); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(time.Second, nil)
	for _, c := range []struct{ node, name, want string }{
		{"worker-2", name, `node "worker-2" does not exist`},
		{"worker-1", "web", `node "worker-1" has no static pod manifest for pod "web"`},
	} {
		if err := s.RemoveStaticPod(c.node, c.name); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RemoveStaticPod(%q, %q): %v, want %q", c.node, c.name, err, c.want)
		}
	}
	if err := s.RemoveStaticPod("worker-1", name); err != nil {
		t.Fatal(err)
	}
	if err := s.RemoveStaticPod("worker-1", name); err == nil {
		t.Error("the manifest removed twice")
	}
}
