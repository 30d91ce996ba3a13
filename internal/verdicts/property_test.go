package verdicts

import (
	"context"
	"flag"
	"os"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
)

// checks is how many scenarios each property draws: PODLIFE_VERDICT_CHECKS
// overrides it (make test keeps the default, bounded in time).
func checks() int {
	if n, err := strconv.Atoi(os.Getenv("PODLIFE_VERDICT_CHECKS")); err == nil && n > 0 {
		return n
	}
	return 150
}

func property(t *testing.T, d driver.Driver, exact bool) {
	dir := t.TempDir()
	rapid.Check(t, func(rt *rapid.T) {
		sc := drawScenario(rt, 8)
		run, err := runEngine(context.Background(), dir, sc, d)
		if err != nil {
			rt.Fatal(err)
		}
		dis, err := judge(context.Background(), sc, run, exact)
		if err != nil {
			rt.Fatal(err)
		}
		if dis != nil {
			rt.Fatalf("the engine and the time rules disagree on %s", describe(sc, run, dis))
		}
	})
}

// TestSimulatorVerdictsFollowTheTimeRules: on the simulator every verdict
// of a generated scenario is the specification's, and every action comes
// where the rules put it.
func TestSimulatorVerdictsFollowTheTimeRules(t *testing.T) {
	rapidChecks(t)
	property(t, simdriver.New(), true)
}

// TestZeroWidthClusterVerdictsFollowTheTimeRules: on a cluster whose
// windows have zero width, the timed expectations and state checks reduce
// to the simulator's rules.
func TestZeroWidthClusterVerdictsFollowTheTimeRules(t *testing.T) {
	rapidChecks(t)
	property(t, zeroLive{inner: simdriver.New()}, false)
}

// rapidChecks sets rapid's number of checks (its -rapid.checks flag)
// unless the flag was given on the command line.
func rapidChecks(t *testing.T) {
	t.Helper()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "rapid.checks" })
	if given {
		return
	}
	f := flag.Lookup("rapid.checks")
	old := f.Value.String()
	if err := f.Value.Set(strconv.Itoa(checks())); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Value.Set(old) })
}
