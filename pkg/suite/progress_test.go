package suite

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/podlife/podlife/pkg/report"
)

func spec(state types.SpecState, wall time.Duration, res *report.Result) types.SpecReport {
	sr := types.SpecReport{State: state, RunTime: wall, ContainerHierarchyTexts: []string{"the catalogue on the live driver"}, LeafNodeText: "reads the catalogue"}
	if res != nil {
		sr.ReportEntries = types.ReportEntries{{Name: entryName, Value: types.WrapEntryValue(*res)}}
	}
	return sr
}

// TestProgressText: a finished scenario's line names it (feature:line and
// name), says how it ended (passed, failed, skipped with its reason,
// passed on a second attempt) and how long it took; a spec that did not
// run has no line.
func TestProgressText(t *testing.T) {
	base := report.Result{Driver: "live", Feature: "features/termination/grace.feature", Line: 12, Name: "SIGKILL after the grace period"}
	passed, retried, failed, skipped := base, base, base, base
	passed.Status = report.Passed
	retried.Status, retried.FirstAttempt = report.Passed, "grace.feature:20: Then x\n    expected SIGKILL at 10s"
	failed.Status = report.Failed
	failed.Failure = &report.Failure{Line: 20, Step: "Then x", Message: "expected SIGKILL at 10s (±3s)\ngot it at 14s"}
	skipped.Status, skipped.Reason = report.Skipped, "needs node-pressure: the kind node sees the host's memory"
	cases := []struct {
		name string
		sr   types.SpecReport
		want string
	}{
		{"passed", spec(types.SpecStatePassed, 8420*time.Millisecond, &passed),
			"passed features/termination/grace.feature:12 SIGKILL after the grace period (8.4s)"},
		{"passed on a second attempt", spec(types.SpecStatePassed, 31*time.Second, &retried),
			"passed on a second attempt features/termination/grace.feature:12 SIGKILL after the grace period (31s)"},
		{"failed", spec(types.SpecStateFailed, 14*time.Second, &failed),
			"FAILED features/termination/grace.feature:12 SIGKILL after the grace period (14s): line 20: expected SIGKILL at 10s (±3s)"},
		{"skipped, with its reason", spec(types.SpecStateSkipped, 120*time.Millisecond, &skipped),
			"skipped features/termination/grace.feature:12 SIGKILL after the grace period (120ms): needs node-pressure: the kind node sees the host's memory"},
	}
	for _, tc := range cases {
		got, ok := progressText(tc.sr)
		if !ok || got != tc.want {
			t.Errorf("%s: %q (%v), want %q", tc.name, got, ok, tc.want)
		}
	}
	timedOut := spec(types.SpecStateTimedout, 15*time.Minute, nil)
	timedOut.Failure.Message = "A node timeout occurred\nand more"
	if got, ok := progressText(timedOut); !ok || got != "TIMEDOUT the catalogue on the live driver reads the catalogue (15m0s): A node timeout occurred" {
		t.Errorf("a spec that ended without a result: %q (%v)", got, ok)
	}
	if got, ok := progressText(spec(types.SpecStatePassed, 3200*time.Millisecond, nil)); !ok || got != "passed the catalogue on the live driver reads the catalogue (3.2s)" {
		t.Errorf("a suite's own test: %q (%v)", got, ok)
	}
	skippedTest := spec(types.SpecStateSkipped, time.Millisecond, nil)
	skippedTest.Failure.Message = "no cluster"
	if got, ok := progressText(skippedTest); !ok || got != "skipped the catalogue on the live driver reads the catalogue (1ms): no cluster" {
		t.Errorf("a suite's own test, skipped: %q (%v)", got, ok)
	}
	if got, ok := progressText(spec(types.SpecStateSkipped, 0, nil)); ok {
		t.Errorf("a spec that did not run has a line: %q", got)
	}
}

// TestProgressNumbersEveryLine: scenarios ending at once in several
// processes each get their own number towards the header's total.
func TestProgressNumbersEveryLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "progress")
	now := time.Date(2026, 11, 23, 14, 3, 12, 0, time.Local)
	if err := startProgress(path, 24, 4, "live", now); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 24 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := addProgress(path, fmt.Sprintf("passed features/a.feature:%d x (1s)", i), now); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if lines[0] != "14:03:12 podlife: 24 specs to run on live, 4 at a time; a line for each as it finishes" || len(lines) != 25 {
		t.Fatalf("progress file:\n%s", b)
	}
	num := regexp.MustCompile(`^14:03:12 podlife: \[(\d+)/24\] passed features/a.feature:\d+ x \(1s\)$`)
	var got []string
	for _, l := range lines[1:] {
		m := num.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q", l)
		}
		got = append(got, fmt.Sprintf("%02s", m[1]))
	}
	sort.Strings(got)
	for i, n := range got {
		if n != fmt.Sprintf("%02d", i+1) {
			t.Fatalf("numbers %v, want 1 to 24 once each", got)
		}
	}
}

// TestProgressStreams runs testdata/streaming with Ginkgo in two
// processes, as make test-live runs the live suite: one of its specs
// waits for the other's scenario line in the progress file, which must
// therefore be written as that scenario ends, by the process that ran
// it, and not once the suite is over.
func TestProgressStreams(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a Ginkgo suite")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to run Ginkgo with")
	}
	dir := t.TempDir()
	progress := filepath.Join(dir, "progress")
	cmd := exec.Command(goBin, "tool", "ginkgo", "--procs=2", "--silence-skips", "--no-color", "./pkg/suite/testdata/streaming")
	cmd.Dir = filepath.Join("..", "..")
	cmd.Env = append(os.Environ(), ProgressEnv+"="+progress, "PODLIFE_REPORT_DIR="+filepath.Join(dir, "reports"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("ginkgo: %v\n%s", err, out)
	}
	b, err := os.ReadFile(progress)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	header := regexp.MustCompile(`^\d\d:\d\d:\d\d podlife: 2 specs to run on sim, 2 at a time; a line for each as it finishes$`)
	scenario := regexp.MustCompile(`^\d\d:\d\d:\d\d podlife: \[1/2\] passed pkg/suite/testdata/streaming/first.feature:7 SIGKILL at the end of the grace period \([0-9.]+m?s\)$`)
	waiter := regexp.MustCompile(`^\d\d:\d\d:\d\d podlife: \[2/2\] passed sees the scenario's line while the suite still runs \([0-9.]+m?s\)$`)
	if len(lines) != 3 || !header.MatchString(lines[0]) || !scenario.MatchString(lines[1]) || !waiter.MatchString(lines[2]) {
		t.Errorf("progress file:\n%s", b)
	}
	summary, err := os.ReadFile(filepath.Join(dir, "reports", SummaryFile))
	if err != nil || !strings.HasSuffix(string(summary), "\n1 passed, 0 failed, 0 skipped\n") {
		t.Errorf("summary.txt (%v):\n%s", err, summary)
	}
}
