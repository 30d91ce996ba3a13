package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestMemoryPoints: a container's memory given at several times is a
// step function (behavior.Behavior.Memory): the cgroup holds the level of
// the last point due, a fall included, and the OOM killer acts when a
// level passes the limit (oomAfter counts each point as what it adds to
// the level before it), not when the points' sum would.
func TestMemoryPoints(t *testing.T) {
	cases := []struct {
		name    string
		points  []string // QUANTITY@AFTER
		limit   string
		at      time.Duration
		want    string // working set at `at`
		wantOOM time.Duration
	}{
		{"between two points, the first's level", []string{"300Mi@5s", "900Mi@30s"}, "", 20 * time.Second, "300Mi", 0},
		{"after the second, its level", []string{"300Mi@5s", "900Mi@30s"}, "", 40 * time.Second, "900Mi", 0},
		{"a fall", []string{"400Mi@5s", "100Mi@10s"}, "", 20 * time.Second, "100Mi", 0},
		{"levels under the limit though their sum is over it", []string{"400Mi@5s", "300Mi@10s", "450Mi@20s"}, "512Mi", 30 * time.Second, "450Mi", 0},
		{"the level that passes the limit is killed at its time", []string{"300Mi@5s", "600Mi@20s"}, "512Mi", 10 * time.Second, "300Mi", 20 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			c := agent("app", func(b *behavior.Behavior) {
				for _, p := range tc.points {
					q, after, _ := strings.Cut(p, "@")
					d, err := time.ParseDuration(after)
					if err != nil {
						t.Fatal(err)
					}
					b.Memory = append(b.Memory, behavior.Usage{Quantity: resource.MustParse(q), After: d})
				}
			})
			if tc.limit != "" {
				c.Resources.Limits = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(tc.limit)}
			}
			start(t, s, podOf("web", 30, nil, c))
			started := s.Now()
			s.RunUntil(started+tc.at, func() bool { return false })
			w := s.byNode["worker-1"].workers[s.Pod("web").UID]
			if got, want := w.rt.containerMemory(w.rt.ctrs[0], w.rt.ctrs[0].inst), resource.MustParse(tc.want); got != want.Value() {
				t.Errorf("working set %dMi at %s, want %s", got>>20, tc.at, tc.want)
			}
			s.Settle(time.Minute)
			var oom time.Duration
			for _, e := range s.Timeline() {
				if e.Kind == timeline.Exited && e.Pod == "web" && e.Reason == "OOMKilled" && oom == 0 {
					oom = e.At - started
				}
			}
			if oom != tc.wantOOM {
				t.Errorf("OOM-killed at %s after the start, want %s (0: never)", oom, tc.wantOOM)
			}
		})
	}
}
