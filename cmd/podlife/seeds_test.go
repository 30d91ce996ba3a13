package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/report"
)

// catalogueSeeds is how many run seeds TestCatalogueOverSeeds runs the
// catalogue over: `podlife run --seeds 40 features`.
const catalogueSeeds = 40

// TestCatalogueOverSeeds runs every catalogue scenario over run seeds 1
// to 40, as `podlife run --seeds 40 features` does from the repository's
// root (a scenario's seed derives from its path): a scenario's verdict
// must hold for every draw the kubelet's rules allow, not for the one its
// default seed gives. A failure names each scenario that failed on some
// seed, the seeds, and the command that runs the first again.
func TestCatalogueOverSeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the catalogue over 40 run seeds takes about 12 s on 2 cores")
	}
	t.Chdir("../..")
	start := time.Now()
	code, out, errOut := runCLI("run", "--seeds", strconv.Itoa(catalogueSeeds), "--report", t.TempDir(), "features")
	t.Logf("podlife run --seeds %d features: %s, %s", catalogueSeeds, lastLine(out), time.Since(start).Round(time.Second))
	if code == 0 {
		return
	}
	// The short list above the count line names scenario, seeds and
	// command; without it (the run broke), everything it printed.
	list := out + errOut
	if i := strings.Index(out, "\nfailed on some of the run seeds"); i >= 0 {
		list = out[i+1:]
		if j := strings.Index(list, "\nreports: "); j >= 0 {
			list = list[:j]
		}
	}
	t.Errorf("podlife run --seeds %d features: exit %d; a scenario's verdict hangs on a draw the kubelet's rules allow: "+
		"restate it to hold for every draw (`podlife timeline --all --seed K FILE:LINE` shows a failing one)\n%s",
		catalogueSeeds, code, list)
}

// TestRunSeeds pins --seeds: a scenario that fails on some run seeds
// fails, its line, its failure and results.json name those seeds and the
// command that reproduces the first, which does; the count line counts
// scenarios; a scenario that passes on every seed passes.
func TestRunSeeds(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := runCLI("run", "--seeds", "10", "--report", dir, "testdata/seeds.feature")
	if code != 1 || lastLine(out) != "0 passed, 1 failed, 0 skipped" {
		t.Fatalf("a scenario failing on some seeds: exit %d, last line %q\n%s", code, lastLine(out), out)
	}
	if !strings.Contains(out, "running 1 scenario(s) on sim (run seeds 1 to 10)") {
		t.Errorf("the header does not name the seeds:\n%s", out)
	}
	m := regexp.MustCompile(`(?m)^FAIL testdata/seeds\.feature:8 .* \(failed on (\d+) of 10 seeds: ([0-9, to]+); first: podlife run --seed (\d+) testdata/seeds\.feature:8\)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no FAIL line naming the seeds and the command:\n%s", out)
	}
	for _, want := range []string{
		"failed on run seeds " + m[2] + " (" + m[1] + " of the run seeds 1 to 10); the first, run seed " + m[3] + ", reproduces with: podlife run --seed " + m[3] + " testdata/seeds.feature:8",
		"expected Restarted of container \"app\" between 10s and 12s",
		"\nfailed on some of the run seeds 1 to 10:\n  testdata/seeds.feature:8 ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	raw, err := os.ReadFile(filepath.Join(dir, report.ResultsFile))
	if err != nil {
		t.Fatal(err)
	}
	var rs []report.Result
	if err := json.Unmarshal(raw, &rs); err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Status != report.Failed || rs[0].Failure == nil ||
		!strings.HasPrefix(rs[0].Failure.Message, "failed on run seeds "+m[2]+" ") {
		t.Errorf("results.json: want the scenario failed, its message naming the seeds: %s", raw)
	}

	// The seeds listed are those on which the scenario fails alone, some
	// but not all of them, the first the one the command names: each
	// `podlife run --seed K FILE:LINE` reproduces its verdict.
	var failing []string
	for k := 1; k <= 10; k++ {
		code, out, _ := runCLI("run", "--seed", strconv.Itoa(k), "--report", dir, "testdata/seeds.feature:8")
		switch {
		case code == 1 && lastLine(out) == "0 passed, 1 failed, 0 skipped":
			failing = append(failing, strconv.Itoa(k))
		case code != 0:
			t.Fatalf("podlife run --seed %d testdata/seeds.feature:8: exit %d, %q", k, code, lastLine(out))
		}
	}
	ks := make([]int64, len(failing))
	for i, f := range failing {
		ks[i], _ = strconv.ParseInt(f, 10, 64)
	}
	if got := seedList(ks); got != m[2] || len(failing) == 0 || len(failing) == 10 || failing[0] != m[3] || m[1] != strconv.Itoa(len(failing)) {
		t.Errorf("--seeds 10 listed %q (%s of them, first %s); run one by one, seeds %q fail", m[2], m[1], m[3], got)
	}

	// Every seed passes: one scenario passed.
	code, out, _ = runCLI("run", "--seeds", "5", "--seed", "7", "--report", dir, "testdata/fail.feature", "../../features/restarts/restarts.feature:77")
	if code != 1 || lastLine(out) != "1 passed, 1 failed, 0 skipped" ||
		!regexp.MustCompile(`(?m)^ok   \.\./\.\./features/restarts/restarts\.feature:77 .* \(5 seeds, `).MatchString(out) ||
		!strings.Contains(out, "FAIL testdata/fail.feature:2 SIGKILL expected too early (failed on 5 of 5 seeds: 7 to 11; first: podlife run --seed 7 testdata/fail.feature:2)") {
		t.Errorf("--seeds 5 --seed 7: exit %d:\n%s", code, out)
	}
}

// TestSeedsInput: --seeds takes a count of 1 or more, on the simulator.
func TestSeedsInput(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seeds", "0"}, "--seeds 0: the number of run seeds is 1 or more"},
		{[]string{"--seeds", "-3"}, "--seeds -3: the number of run seeds is 1 or more"},
		{[]string{"--seeds", "2", "--driver", "live"}, "a cluster makes its own"},
		{[]string{"--seeds", "3", "--seed", "9223372036854775806"}, "would pass 9223372036854775807"},
	} {
		args := append(append([]string{"run", "--report", dir}, c.args...), "testdata/fail.feature")
		code, _, errOut := runCLI(args...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	// --seeds 1 is a plain run.
	code, out, _ := runCLI("run", "--seeds", "1", "--report", dir, "testdata/fail.feature")
	if code != 1 || !strings.Contains(out, "(seed 1)") || strings.Contains(out, "run seeds") {
		t.Errorf("--seeds 1: exit %d:\n%s", code, out)
	}
	// -h documents it.
	_, _, errOut := runCLI("run", "-h")
	if !strings.Contains(errOut, "-seeds N") {
		t.Errorf("podlife run -h does not document --seeds:\n%s", errOut)
	}
}

// TestSeedList: three seeds or more in a row make a range.
func TestSeedList(t *testing.T) {
	for _, c := range []struct {
		in   []int64
		want string
	}{
		{nil, ""},
		{[]int64{2, 14, 24, 30}, "2, 14, 24, 30"},
		{[]int64{7, 8}, "7, 8"},
		{[]int64{1, 2, 3, 4, 5}, "1 to 5"},
		{[]int64{-2, -1, 0, 3, 7, 8, 9, 11}, "-2 to 0, 3, 7 to 9, 11"},
	} {
		if got := seedList(c.in); got != c.want {
			t.Errorf("seedList(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
