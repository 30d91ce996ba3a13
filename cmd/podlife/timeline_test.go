package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/timeline"
)

// seedIncidents are the catalogue's seed 003 scenarios (found by tag, so
// that the test follows the catalogue's lines).
func seedIncidents(t *testing.T) []*runner.Scenario {
	t.Helper()
	_, scs, problems := runner.Load([]string{"../../features"})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	f, err := runner.ParseFilter("seed:003")
	if err != nil {
		t.Fatal(err)
	}
	scs = runner.Select(scs, f)
	if len(scs) == 0 {
		t.Fatal("no @seed:003 scenario in features/")
	}
	return scs
}

// TestTimelineReadsAsTheIncident: `podlife timeline FILE:LINE` on the seed
// incident prints, in this order, the preStop hooks, SIGTERM, the exits
// and the pod gone, times relative to t=0 in aligned columns; --svg
// writes the chart.
func TestTimelineReadsAsTheIncident(t *testing.T) {
	for _, sc := range seedIncidents(t) {
		svg := filepath.Join(t.TempDir(), "chart.svg")
		code, out, errOut := runCLI("timeline", sc.ID(), "--svg", svg)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", sc.ID(), code, out, errOut)
		}
		at := 0
		for _, want := range []string{"PreStopStarted", "PreStopDone", "preStop ran", "SIGTERM", "Exited(", "Deleted", "pod gone"} {
			i := strings.Index(out[at:], want)
			if i < 0 {
				t.Errorf("%s: %q missing, or out of order, in:\n%s", sc.ID(), want, out)
				break
			}
			at += i
		}
		for _, noise := range []string{"Condition(", "Event(Killing)"} {
			if strings.Contains(out, noise) {
				t.Errorf("%s: the timeline shows bookkeeping %q without --all", sc.ID(), noise)
			}
		}
		if !strings.Contains(out, "\n t  pod  container  event") || !strings.Contains(out, "t=0 is the last action") {
			t.Errorf("%s: no aligned header or no t=0:\n%s", sc.ID(), out)
		}
		raw, err := os.ReadFile(svg)
		if err != nil || !strings.Contains(string(raw), "<svg") || !strings.Contains(string(raw), "mark sigterm") {
			t.Errorf("%s: --svg wrote no chart: %v", sc.ID(), err)
		}
	}
}

func TestTimelineInput(t *testing.T) {
	const outline = "../../pkg/runner/testdata/outline.feature"
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"an outline's example row runs that row", []string{outline + ":17"}, 0, "SIGKILL"},
		{"a line inside a scenario runs it", []string{outline + ":5"}, 0, "Deleted"},
		{"an outline's own line is ambiguous", []string{outline + ":8"}, 2, "outline.feature:8: this is a Scenario Outline; give the line of one example row: 16, 17, 18"},
		{"a line before any scenario", []string{outline + ":1"}, 2, "outline.feature:1: no scenario here"},
		{"no line", []string{outline}, 2, "want FILE:LINE"},
		{"line 0", []string{outline + ":0"}, 2, "outline.feature:0: line numbers start at 1; the scenarios of ../../pkg/runner/testdata/outline.feature are at lines 3, 16, 17, 18, 22"},
		{"line 0 of a one-scenario file", []string{"testdata/fail.feature:0"}, 2, "fail.feature:0: line numbers start at 1; the scenario of testdata/fail.feature is at line 2"},
		{"a line that is not a number", []string{"testdata/fail.feature:six"}, 2, `fail.feature:six: "six" is not a line number; the scenario of testdata/fail.feature is at line 2`},
		{"no file", []string{"nowhere.feature:3"}, 2, "nowhere.feature"},
		{"a failed scenario exits 1", []string{"testdata/fail.feature:2"}, 1, "FAIL line 6"},
		{"bad input in the scenario", []string{"../../pkg/runner/testdata/lint.feature:4"}, 2, "lint.feature:9:"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(append([]string{"timeline"}, tc.args...)...)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d (want %d), output lacks %q:\n%s%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
}

// TestTimelineUsage: -h names each flag's value as the flag package
// prints it; a back-quoted phrase in a usage text became the value's name
// ("-seed podlife run").
func TestTimelineUsage(t *testing.T) {
	code, _, errOut := runCLI("timeline", "-h")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"usage: podlife timeline [--seed N] [--kubelet-version V] [--all] [--svg OUT] FILE:LINE", "  -seed N\n", "  -svg OUT\n", "  -kubelet-version V\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("timeline -h lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "-seed podlife") {
		t.Errorf("timeline -h names the seed's value after a phrase of its text:\n%s", errOut)
	}
}

// TestReportDiff compares two synthetic runs: a sim run and a "live" one
// whose SIGKILL came 2 s late; the diff lists that scenario and writes a
// page; the same run against itself does not diverge.
func TestReportDiff(t *testing.T) {
	root := t.TempDir()
	simDir, liveDir := filepath.Join(root, "sim"), filepath.Join(root, "live")
	if code, out, errOut := runCLI("run", "--report", simDir, "--tags", "seed:003", "../../features"); code != 0 {
		t.Fatalf("run: exit %d\n%s%s", code, out, errOut)
	}
	// The live run: the same results on a "live" driver, where the app's
	// SIGKILL came 2 s later in one scenario.
	rs, err := report.ReadResults(simDir)
	if err != nil {
		t.Fatal(err)
	}
	var changed *report.Result
	var want string
	for i := range rs {
		rs[i].Driver = "live"
		for j, e := range rs[i].Timeline {
			if changed == nil && e.Container == "app" && e.Kind == timeline.SIGKILL {
				rs[i].Timeline[j].At += 2 * time.Second
				changed = &rs[i]
				want = fmt.Sprintf("timing: web/app SIGKILL at %s on sim, %s on live (Δ +2s, tolerance 1.5s)",
					timeline.FormatOffset(e.At-rs[i].T0), timeline.FormatOffset(e.At+2*time.Second-rs[i].T0))
			}
		}
	}
	if changed == nil {
		t.Fatal("no seed 003 scenario has a SIGKILL of app to move")
	}
	if err := report.Write(liveDir, rs); err != nil {
		t.Fatal(err)
	}
	sc := changed
	page := filepath.Join(root, "diff.html")
	code, out, errOut := runCLI("report", "--diff", simDir, liveDir, "--out", page)
	if code != 1 || !strings.Contains(out, sc.ID()) || !strings.Contains(out, want) {
		t.Errorf("diff: exit %d\n%s%s", code, out, errOut)
	}
	if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), fmt.Sprintf(`data-id="%s"`, sc.ID())) {
		t.Errorf("diff page: %v", err)
	}
	if code, out, _ := runCLI("report", "--diff", simDir, simDir, "--out", page); code != 0 || !strings.Contains(out, "0 diverged") {
		t.Errorf("a run against itself: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"report", simDir, liveDir}, {"report", "--diff", simDir}, {"report", "--diff", simDir, root}} {
		if code, _, errOut := runCLI(args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}

	// The list of explained divergences: the late SIGKILL (its time, and
	// its order after the exit) explained, the diff passes and says why; a
	// list that does not decode is bad input.
	list := filepath.Join(root, "divergences.yaml")
	entry := fmt.Sprintf(`divergences:
- scenario: %s
  kind: timing
  text: web/app SIGKILL
  explanation: late on purpose
  source: pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer
- scenario: %[1]s
  kind: order
  text: live has web/app Exited\(137\), web/app SIGKILL
  explanation: late on purpose
  source: pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer
`, sc.ID())
	if err := os.WriteFile(list, []byte(entry), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI("report", "--diff", "--explained", list, simDir, liveDir, "--out", page)
	if code != 0 || !strings.Contains(out, "0 diverged, 1 explained") || !strings.Contains(out, "explained: late on purpose") {
		t.Errorf("diff with the late SIGKILL explained: exit %d\n%s%s", code, out, errOut)
	}
	if err := os.WriteFile(list, []byte(entry+"  because: typo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCLI("report", "--diff", "--explained", list, simDir, liveDir, "--out", page); code != 2 || !strings.Contains(errOut, "unknown field") {
		t.Errorf("a list with an unknown field: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCLI("report", "--diff", "--explained", filepath.Join(root, "none.yaml"), simDir, liveDir, "--out", page); code != 2 || errOut == "" {
		t.Errorf("a list named but absent: exit %d, stderr %q", code, errOut)
	}

	// Two unrelated runs (no scenario in common) compare nothing: bad
	// input, not "0 compared".
	other := filepath.Join(root, "other")
	if code, out, errOut := runCLI("run", "--report", other, "testdata/versions.feature"); code != 0 {
		t.Fatalf("run: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := runCLI("report", "--diff", simDir, other, "--out", page); code != 2 || !strings.Contains(errOut, "no scenario in common") {
		t.Errorf("unrelated runs: exit %d\n%s%s", code, out, errOut)
	}
}
