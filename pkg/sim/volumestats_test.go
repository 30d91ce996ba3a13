package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestVolumeUsageSeenAtTheCalculatorsPeriod pins the fsResourceAnalyzer:
// an emptyDir written past its sizeLimit is evicted only once a
// volumeStatCalculator has measured it (at the analyzer's tick after the
// pod joins, then every 1–2 min), not at the next eviction pass. Over many
// seeds (the analyzer's phase and the calculators' jitter are drawn) the
// evictions spread from the write to a period and a half after it.
func TestVolumeUsageSeenAtTheCalculatorsPeriod(t *testing.T) {
	cases := []struct {
		name     string
		after    time.Duration // when the container writes
		lo, hi   time.Duration // every eviction within
		someLate time.Duration // and at least one after this
	}{
		// Written before the pod's first measurement for most phases:
		// evicted at the first pass after it, within a minute and a pass.
		{"written at once", 0, 0, volumeStatsAggPeriod + evictionMonitoringPeriod, 30 * time.Second},
		// Written 30 s in: about half the phases measured the pod before,
		// and the write waits for the calculator's next run, 60–120 s on.
		{"written after the first measurement", 30 * time.Second, 30 * time.Second,
			30*time.Second + 2*volumeStatsAggPeriod + evictionMonitoringPeriod, 30*time.Second + volumeStatsAggPeriod},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var latest time.Duration
			for seed := int64(1); seed <= 60; seed++ {
				s := newSeededSim(t, "", seed)
				c := agent("app", func(b *behavior.Behavior) {
					b.Writes = []behavior.Write{{Volume: "scratch", Bytes: resource.MustParse("200Mi"), After: tc.after}}
				})
				c.VolumeMounts = []corev1.VolumeMount{{Name: "scratch", MountPath: "/scratch"}}
				p := podOf("writer", 30, nil, c)
				limit := resource.MustParse("100Mi")
				p.Spec.Volumes = []corev1.Volume{{Name: "scratch", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{SizeLimit: &limit}}}}
				start(t, s, p)
				s.Settle(10 * time.Minute)
				at, ok := eventAt(s, timeline.Evicted)
				if !ok {
					t.Fatalf("seed %d: never evicted", seed)
				}
				if at < tc.lo || at > tc.hi {
					t.Errorf("seed %d: evicted at %s, outside [%s, %s]", seed, at, tc.lo, tc.hi)
				}
				latest = max(latest, at)
			}
			if latest <= tc.someLate {
				t.Errorf("every eviction by %s: the write was seen before a calculator measured it (latest %s)", tc.someLate, latest)
			}
		})
	}
}

func eventAt(s *Simulator, k timeline.Kind) (time.Duration, bool) {
	for _, e := range s.Timeline() {
		if e.Kind == k {
			return e.At, true
		}
	}
	return 0, false
}
