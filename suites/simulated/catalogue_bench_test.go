package simulated

import (
	"context"
	"slices"
	"testing"
	"time"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/suite"
)

// BenchmarkCatalogue runs every scenario of the catalogue once per
// iteration, one after the other, each on its own simulator, as
// `make test-sim` runs them (godog and the steps included). It reports
// the median wall time of a scenario (ms/scenario), the median ratio of a
// scenario's virtual time to its wall time (virtual/wall), and the
// slowest scenario's wall time (slowest-ms), which it names in the log.
func BenchmarkCatalogue(b *testing.B) {
	if err := suite.ChdirModuleRoot(); err != nil {
		b.Fatal(err)
	}
	_, scs, problems := runner.Load([]string{"features"})
	if len(problems) > 0 {
		b.Fatal(problems)
	}
	wall := make([]time.Duration, len(scs))
	virtual := make([]time.Duration, len(scs))
	b.ResetTimer()
	for range b.N {
		for i, sc := range scs {
			res := runner.Run(context.Background(), sc, runner.Options{Driver: simdriver.New(), Seed: 1})
			if res.Status == report.Failed {
				b.Fatalf("%s failed:\n%s", sc.ID(), res.Explain())
			}
			wall[i] += res.Wall
			virtual[i] = res.Virtual
		}
	}
	b.StopTimer()
	ms := make([]float64, len(scs))
	ratio := make([]float64, len(scs))
	slowest := 0
	for i := range scs {
		w := wall[i] / time.Duration(b.N)
		ms[i] = float64(w) / float64(time.Millisecond)
		ratio[i] = float64(virtual[i]) / float64(w)
		if wall[i] > wall[slowest] {
			slowest = i
		}
	}
	b.ReportMetric(median(ms), "ms/scenario")
	b.ReportMetric(median(ratio), "virtual/wall")
	b.ReportMetric(ms[slowest], "slowest-ms")
	b.ReportMetric(float64(len(scs)), "scenarios")
	b.Logf("slowest scenario: %s (%.1f ms wall, %s virtual)", scs[slowest].ID(), ms[slowest], virtual[slowest])
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
