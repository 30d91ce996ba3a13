package main

import (
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/runner"
)

// update rewrites the golden timelines (make golden). Review the diff
// before committing: a golden timeline records what the simulator does
// today, so that a change to it shows in review; it is not evidence that
// the simulator is right.
var update = flag.Bool("update", false, "rewrite testdata/timelines/ from the simulator (make golden); review the diff")

// goldenDir holds one file per catalogue scenario (per example row of an
// outline), relative to the repository's root.
const goldenDir = "cmd/podlife/testdata/timelines"

// goldenName is a scenario's golden file: its path under features/ with
// "/" replaced by "_", then "_LINE.txt" (termination/grace.feature:10 is
// termination_grace.feature_10.txt).
func goldenName(sc *runner.Scenario) string {
	p := strings.TrimPrefix(sc.Feature.Path, "features/")
	return strings.ReplaceAll(p, "/", "_") + "_" + strconv.Itoa(sc.Line) + ".txt"
}

// TestGoldenTimelines runs every catalogue scenario as `podlife timeline
// --all FILE:LINE` does, from the repository's root (the scenario's seed
// derives from its path), with the default seed, and compares what it
// prints, Kubernetes Events and the API's bookkeeping included, with
// testdata/timelines/. A changed timeline fails with its diff, naming the
// scenario; make golden (go test ./cmd/podlife -run TestGoldenTimelines
// -update) rewrites them.
func TestGoldenTimelines(t *testing.T) {
	t.Chdir("../..")
	_, scs, problems := runner.Load([]string{"features"})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if len(scs) == 0 {
		t.Fatal("no scenario under features/")
	}
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{} // golden file -> scenario
	for _, sc := range scs {
		name := goldenName(sc)
		if other, ok := want[name]; ok {
			t.Fatalf("%s and %s map to one golden file %s", other, sc.ID(), name)
		}
		want[name] = sc.ID()
		path := filepath.Join(goldenDir, name)
		code, out, errOut := runCLI("timeline", "--all", sc.ID())
		if code != 0 && code != 1 { // 1: the scenario failed, which its timeline shows
			t.Errorf("podlife timeline --all %s: exit %d\n%s%s", sc.ID(), code, out, errOut)
			continue
		}
		if *update {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		golden, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v (make golden writes it)", sc.ID(), err)
			continue
		}
		if diff := lineDiff(string(golden), out); diff != "" {
			t.Errorf("%s: `podlife timeline --all %s` differs from %s (-golden +now); if the change is meant, run make golden and review the diff:\n%s",
				sc.ID(), sc.ID(), path, diff)
		}
	}
	// A golden file whose scenario is gone (or moved to another line).
	entries, err := os.ReadDir(goldenDir)
	if err != nil {
		t.Fatal(err)
	}
	var stale []string
	for _, e := range entries {
		if _, ok := want[e.Name()]; ok || e.IsDir() {
			continue
		}
		if *update {
			if err := os.Remove(filepath.Join(goldenDir, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		stale = append(stale, e.Name())
	}
	sort.Strings(stale)
	if len(stale) > 0 {
		t.Errorf("golden timelines without a scenario at that line (moved or removed; make golden removes them): %s",
			strings.Join(stale, ", "))
	}
}

// lineDiff is a line diff of a and b ("-" a's lines, "+" b's), changed
// lines with two of context, "" when they are equal.
func lineDiff(a, b string) string {
	if a == b {
		return ""
	}
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
	// lcs[i][j]: the longest common subsequence of x[i:] and y[j:].
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		mark byte
		text string
	}
	var ls []line
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ls = append(ls, line{' ', x[i]})
			i, j = i+1, j+1
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			ls = append(ls, line{'-', x[i]})
			i++
		default:
			ls = append(ls, line{'+', y[j]})
			j++
		}
	}
	const context = 2
	var out strings.Builder
	last := -1 // the last line written
	for k, l := range ls {
		if l.mark == ' ' {
			continue
		}
		from := max(k-context, last+1)
		if last >= 0 && from > last+1 {
			out.WriteString("  ...\n")
		}
		for c := from; c < k; c++ {
			out.WriteString("  " + ls[c].text + "\n")
		}
		out.WriteString(string(l.mark) + " " + l.text + "\n")
		last = k
		for c := k + 1; c < len(ls) && c <= k+context && ls[c].mark == ' '; c++ {
			out.WriteString("  " + ls[c].text + "\n")
			last = c
		}
	}
	return out.String()
}
