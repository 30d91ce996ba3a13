package mutation

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// TestCatalogue runs the whole catalogue on the simulator, in parallel on
// GOMAXPROCS workers, and checks the two safety nets of its verdicts on
// it: every check agrees with its own record (Windows), and every
// expectation can fail (its mutants are killed, or a rule says why not).
// The catalogue runs once for both, from the repository's root, so that
// each scenario has the seed `podlife run features` gives it.
func TestCatalogue(t *testing.T) {
	if testing.Short() {
		t.Skip("the whole catalogue and its mutants: about 10 s on 2 cores")
	}
	t.Chdir("../..")
	_, scs, probs := runner.Load([]string{"features"})
	if len(probs) > 0 {
		t.Fatalf("loading the catalogue: %v", probs)
	}
	_, probes, probs := runner.Load([]string{"internal/mutation/testdata/verdicts.feature"})
	if len(probs) > 0 {
		t.Fatalf("loading the verdict probes: %v", probs)
	}
	ctx := context.Background()
	opt := runner.Options{Driver: simdriver.New(), Seed: 1}
	start := time.Now()
	run, err := Catalogue(ctx, scs, opt, Options{}, 0)
	if err != nil {
		t.Fatalf("running the catalogue's mutants: %v", err)
	}
	probeResults := RunScenarios(ctx, probes, opt, 0)

	// The mutants' results are checked too: they hold the checks that
	// fail, which the catalogue's own results seldom do.
	t.Run("ChecksAgreeWithTheirWindows", func(t *testing.T) {
		var bad []string
		for _, r := range append(append([]report.Result(nil), run.Originals...), probeResults...) {
			for _, v := range Windows(r) {
				bad = append(bad, v.String())
			}
		}
		for _, o := range run.Outcomes {
			for _, v := range Windows(o.Result) {
				bad = append(bad, fmt.Sprintf("%s, in its mutant %q", v, o.Mutant.Now))
			}
		}
		t.Logf("%d results of the catalogue, %d verdict probes (internal/mutation/testdata/verdicts.feature), %d mutants", len(run.Originals), len(probeResults), len(run.Outcomes))
		if len(bad) > 0 {
			t.Errorf("%d checks whose verdict contradicts their own record:\n%s", len(bad), strings.Join(bad, "\n"))
		}
	})

	t.Run("EveryExpectationCanFail", func(t *testing.T) {
		if len(run.Unrun) > 0 {
			t.Errorf("%d scenarios of the catalogue did not pass: their expectations were not mutated", len(run.Unrun))
		}
		var b strings.Builder
		run.Write(&b)
		t.Log("\n" + b.String())
		c := run.Count()
		t.Logf("%d mutants in %s (GOMAXPROCS workers), the whole test %s", c.Mutants, run.Took.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
		if n := len(run.Failing()); n > 0 {
			t.Errorf("%d mutants neither killed nor explained by a rule (listed above): %s", n, c.Line())
		}
	})
}
