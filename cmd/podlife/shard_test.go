package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/shard"
)

// TestShardsMergeAsOneRun: the catalogue run as 3 shards and merged gives
// what one run gives: the same results (but wall times), the same JUnit
// (but times), and, for parts that carry a differential report, the same
// differential report. The shards are disjoint and cover the selection,
// and a part given twice is refused.
func TestShardsMergeAsOneRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the catalogue four times")
	}
	tmp := t.TempDir()
	whole := filepath.Join(tmp, "whole")
	if code, out, errOut := runCLI("run", "--report", whole, "../../features"); code != 0 {
		t.Fatalf("the whole catalogue: exit %d\n%s\n%s", code, lastLine(out), errOut)
	}
	one, err := report.ReadResults(whole)
	if err != nil {
		t.Fatal(err)
	}
	// Times that make the split uneven by count: every tenth scenario
	// long, one of them very long.
	walls := shard.Walls{}
	for i, r := range one {
		walls[r.ID()] = time.Duration(1+i%10/9*60) * time.Second
	}
	walls[one[3].ID()] = 10 * time.Minute
	wallsFile := filepath.Join(tmp, "walls.tsv")
	var b strings.Builder
	if err := walls.Write(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wallsFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}

	var parts []string
	seen := map[string]string{}
	for i := 1; i <= 3; i++ {
		dir := filepath.Join(tmp, fmt.Sprintf("part%d", i))
		parts = append(parts, dir)
		code, out, errOut := runCLI("run", "--shard", fmt.Sprintf("%d/3", i), "--walls", wallsFile, "--report", dir, "../../features")
		if code != 0 {
			t.Fatalf("shard %d/3: exit %d\n%s\n%s", i, code, lastLine(out), errOut)
		}
		if !strings.Contains(out, fmt.Sprintf("shard %d/3: ", i)) {
			t.Errorf("shard %d/3 does not say which part it ran:\n%s", i, firstLines(out, 3))
		}
		rs, err := report.ReadResults(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(rs) == 0 {
			t.Errorf("shard %d/3 ran nothing", i)
		}
		for _, r := range rs {
			if other, dup := seen[r.ID()]; dup {
				t.Errorf("%s ran in %s and %s", r.ID(), other, dir)
			}
			seen[r.ID()] = dir
		}
	}
	if len(seen) != len(one) {
		t.Errorf("the shards ran %d scenarios, the whole run %d", len(seen), len(one))
	}

	merged := filepath.Join(tmp, "merged")
	code, out, errOut := runCLI("report", "--merge", "--out", merged, parts[0], parts[1], parts[2])
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s\n%s", code, out, errOut)
	}
	if got, want := lastLine(out), report.Count(one).Line(); got != want {
		t.Errorf("merge ends with %q; want the whole run's %q", got, want)
	}
	sameResults(t, whole, merged)
	if a, b := junitOf(t, whole), junitOf(t, merged); a != b {
		t.Errorf("the merged JUnit differs from the whole run's")
	}

	// A part given twice overlaps: refused, saying which scenario.
	code, _, errOut = runCLI("report", "--merge", "--out", filepath.Join(tmp, "twice"), parts[0], parts[0])
	if code != 2 || !strings.Contains(errOut, "overlap") {
		t.Errorf("a part given twice: exit %d, %q; want 2 and the overlap named", code, errOut)
	}

	// The differential report: the simulator's results under another
	// seed stand for a cluster's, labelled live, in the whole run's folder
	// and in each part's; merged, the parts' make the whole's report.
	other := filepath.Join(tmp, "seed2")
	if code, out, errOut := runCLI("run", "--seed", "2", "--report", other, "../../features"); code != 0 {
		t.Fatalf("seed 2: exit %d\n%s\n%s", code, lastLine(out), errOut)
	}
	sim2, err := report.ReadResults(other)
	if err != nil {
		t.Fatal(err)
	}
	list, err := report.ReadExplanations("../../" + report.ExplainedFile)
	if err != nil {
		t.Fatal(err)
	}
	asLive := func(dir string) {
		rs, err := report.ReadResults(dir)
		if err != nil {
			t.Fatal(err)
		}
		mine := map[string]bool{}
		for i := range rs {
			rs[i].Driver = "live"
			mine[rs[i].ID()] = true
		}
		var sim []report.Result
		for _, r := range sim2 {
			if mine[r.ID()] {
				sim = append(sim, r)
			}
		}
		if err := report.Write(dir, rs); err != nil {
			t.Fatal(err)
		}
		if _, err := report.WriteDifferential(dir, sim, rs, 2*time.Second, list); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range append([]string{whole}, parts...) {
		asLive(d)
	}
	merged = filepath.Join(tmp, "merged-live")
	code, out, errOut = runCLI("report", "--merge", "--explained", "../../"+report.ExplainedFile, "--out", merged, parts[0], parts[1], parts[2])
	if code != 0 {
		t.Fatalf("merge of live parts: exit %d\n%s\n%s", code, out, errOut)
	}
	a, err := os.ReadFile(filepath.Join(whole, report.DiffFolder, "diff.txt"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := os.ReadFile(filepath.Join(merged, report.DiffFolder, "diff.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(m) {
		t.Errorf("merged differential report:\n%s\nthe whole run's:\n%s", firstLines(string(m), 20), firstLines(string(a), 20))
	}
	if !strings.Contains(string(a), "diverged") {
		t.Errorf("the whole run's differential report compares nothing:\n%s", firstLines(string(a), 10))
	}
	if !strings.Contains(out, "differential report: simulator against live") {
		t.Errorf("the merge's summary does not give the differential report:\n%s", out)
	}
	sameResults(t, whole, merged)
}

// sameResults compares two report folders' results but for what changes
// from run to run (wall times, godog's durations).
func sameResults(t *testing.T, a, b string) {
	t.Helper()
	ra, err := report.ReadResults(a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := report.ReadResults(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, rs := range [][]report.Result{ra, rb} {
		for i := range rs {
			rs[i].Wall, rs[i].Cucumber = 0, nil
		}
	}
	if len(ra) != len(rb) {
		t.Fatalf("%s holds %d results, %s %d", a, len(ra), b, len(rb))
	}
	for i := range ra {
		if !reflect.DeepEqual(ra[i], rb[i]) {
			t.Errorf("result %d: %s in %s, %s in %s, not the same", i, ra[i].ID(), a, rb[i].ID(), b)
		}
	}
}

var junitTime = regexp.MustCompile(`time="[^"]*"`)

func junitOf(t *testing.T, dir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	return junitTime.ReplaceAllString(string(b), `time=""`)
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, "\n")
}
