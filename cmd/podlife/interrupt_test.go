package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gojunit "github.com/jstemmer/go-junit-report/v2/junit"

	"github.com/podlife/podlife/internal/deadline"
	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// mainEnv makes the test binary podlife itself (TestMain calls main): the
// interrupt tests start it as a process of its own, to signal it.
const mainEnv = "PODLIFE_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// blockingDriver is the simulator, except that a wait of an hour or more
// (`When 2 hours pass`, `… is gone within 2h`) blocks until the run's
// context is cancelled and then fails with the cancellation, as a wait on
// a cluster does. Each session says on blocked when it starts waiting.
type blockingDriver struct {
	driver.Driver
	blocked chan string
}

func (d blockingDriver) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	s, err := d.Driver.Start(ctx, sc)
	if err != nil {
		return nil, err
	}
	return &blockingSession{Session: s, id: sc.ID, blocked: d.blocked}, nil
}

type blockingSession struct {
	driver.Session
	id      string
	blocked chan<- string
}

func (s *blockingSession) RunUntil(ctx context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	if deadline-s.Now() < time.Hour {
		return s.Session.RunUntil(ctx, deadline, cond)
	}
	s.blocked <- s.id
	<-ctx.Done()
	return s.Now(), false, fmt.Errorf("waiting until %s: %w", deadline, ctx.Err())
}

const interruptFeature = `Feature: scenarios an interrupt meets at different points

  Scenario: Passes before the interrupt
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s

  Scenario: Waits when the interrupt comes
    Given a pod "web"
    When the pod "web" is created
    And 2 hours pass
    Then the pod "web" is Running

  Scenario: Failed an expectation, then waits when the interrupt comes
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Succeeded
    And the pod "web" is gone within 2h

  Scenario: Not started when the interrupt comes
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s

  Scenario: Not started either
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s
`

// loadFeature writes content as a feature file of that name in a
// temporary folder and loads it, failing the test unless it holds n
// scenarios and no problem.
func loadFeature(t *testing.T, name, content string, n int) []*runner.Scenario {
	t.Helper()
	f := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(f, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	_, scs, problems := runner.Load([]string{f})
	if len(problems) > 0 || len(scs) != n {
		t.Fatalf("loading %s: %d scenarios, %v", name, len(scs), problems)
	}
	return scs
}

// TestInterruptCutsOffRunningScenarios runs five scenarios two at a time
// on a driver whose long waits block until the run is interrupted: the
// first passes, the next two block (one after a false expectation), and
// the interrupt comes when both are blocked. The waiting one is reported
// interrupted at its waiting step, not failed; the one that had failed
// before still fails, on its own expectation; the last two did not run.
func TestInterruptCutsOffRunningScenarios(t *testing.T) {
	scs := loadFeature(t, "interrupt.feature", interruptFeature, 5)
	blocked := make(chan string, len(scs))
	opt := runner.Options{Driver: blockingDriver{Driver: simdriver.New(), blocked: blocked}, Seed: 1}
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	var out bytes.Buffer
	var results []report.Result
	done := make(chan struct{})
	go func() {
		defer close(done)
		results = runAll(ctx, scs, opt, 2, &console{out: &out}, nil)
	}()
	for range 2 {
		select {
		case <-blocked:
		case <-done:
			t.Fatalf("the run ended before two scenarios blocked:\n%s", out.String())
		case <-time.After(time.Minute):
			t.Fatalf("two scenarios did not block within a minute:\n%s", out.String())
		}
	}
	cancel(&interruption{signal: os.Interrupt})
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("the run did not end within a minute of the interrupt")
	}

	byLine := map[int]report.Result{}
	for _, r := range results {
		byLine[r.Line] = r
	}
	if r := byLine[3]; r.Status != report.Passed {
		t.Errorf("line 3, passed before the interrupt: %s (%s)", r.Status, r.Reason)
	}
	r := byLine[8]
	if r.Status != report.Interrupted || r.Failure != nil || r.Interruption == nil ||
		r.Reason != `interrupted by SIGINT at line 11: And 2 hours pass` || r.Interruption.Cause != "SIGINT" ||
		!strings.Contains(r.Interruption.Error, "line 11: ") || !strings.Contains(r.Interruption.Error, "context canceled") {
		t.Errorf("line 8, waiting when the interrupt came: %s, reason %q, interruption %+v, failure %+v", r.Status, r.Reason, r.Interruption, r.Failure)
	}
	if len(r.Steps) != 4 || r.Steps[2].Status != report.StepInterrupted || r.Steps[3].Status != "skipped" {
		t.Errorf("line 8's steps: %+v", r.Steps)
	}
	r = byLine[14]
	if r.Status != report.Failed || r.Failure == nil || r.Failure.Line != 17 || r.Interruption == nil || r.Interruption.Line != 18 {
		t.Errorf("line 14, failed before the interrupt: %s, failure %+v, interruption %+v", r.Status, r.Failure, r.Interruption)
	} else if r.FailedSteps() != 1 || r.Steps[3].Status != report.StepInterrupted ||
		!strings.Contains(strings.Join(r.Notes, "\n"), "interrupted by SIGINT at line 18: And the pod \"web\" is gone within 2h") {
		t.Errorf("line 14: %d failed steps, steps %+v, notes %q", r.FailedSteps(), r.Steps, r.Notes)
	}
	for _, l := range []int{20, 25} {
		if r := byLine[l]; r.Status != report.Skipped || r.Reason != report.NotRunReason {
			t.Errorf("line %d, not started: %s (%s)", l, r.Status, r.Reason)
		}
	}
	var marks []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		marks = append(marks, strings.Fields(l)[0])
	}
	if got := strings.Join(marks, " "); got != "ok intr FAIL skip skip" {
		t.Errorf("progress marks %q, want ok intr FAIL skip skip:\n%s", got, out.String())
	}
	in := interruptedBy(ctx)
	if in == nil || in.exitCode() != exitSIGINT {
		t.Fatalf("interruptedBy: %v", in)
	}
	want := "interrupted by SIGINT: 2 scenario(s) cut off while running (1 of them had failed an expectation before: counted failed), 2 not run; cut off and not run are counted as skipped"
	if got := interruptedLine(in, results); got != want {
		t.Errorf("interrupted line\n%s\nwant\n%s", got, want)
	}
	if c := report.Count(results); c.Line() != "1 passed, 1 failed, 3 skipped" {
		t.Errorf("count line %q", c.Line())
	}
}

// refusingDriver cannot start a session: when the run is cancelled, with
// the cancellation (a live driver's namespace request refused), otherwise
// with err.
type refusingDriver struct {
	driver.Driver
	err error
}

func (d refusingDriver) Start(ctx context.Context, _ driver.Scenario) (driver.Session, error) {
	if ctx.Err() != nil {
		return nil, fmt.Errorf("creating the namespace: %w", ctx.Err())
	}
	return nil, d.err
}

// TestInterruptWhileStarting: a session that cannot start because the run
// was cancelled is the interrupt's (the scenario is interrupted at its
// Scenario line); one that cannot start otherwise fails the scenario, as
// before.
func TestInterruptWhileStarting(t *testing.T) {
	scs := loadFeature(t, "interrupt.feature", interruptFeature, 5)
	opt := runner.Options{Driver: refusingDriver{Driver: simdriver.New(), err: errors.New("no cluster")}, Seed: 1}
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(&interruption{signal: syscall.SIGTERM})
	r := runner.Run(ctx, scs[0], opt)
	if r.Status != report.Interrupted || r.Reason != "interrupted by SIGTERM at line 3: Passes before the interrupt" ||
		r.Interruption == nil || r.Interruption.Error != "starting the session: creating the namespace: context canceled" {
		t.Errorf("cancelled while starting: %s, reason %q, interruption %+v", r.Status, r.Reason, r.Interruption)
	}
	if r := runner.Run(context.Background(), scs[0], opt); r.Status != report.Failed || r.Failure == nil || r.Failure.Message != "starting the session: no cluster" {
		t.Errorf("a session that cannot start: %s, failure %+v", r.Status, r.Failure)
	}
}

// TestTimeoutExits: a --timeout shorter than the catalogue cuts the run
// short with exit 124, its last lines saying so, nothing failed for it.
func TestTimeoutExits(t *testing.T) {
	dir := t.TempDir()
	deadline.Run(t, 2*time.Minute, "podlife run --timeout 1ms", func() {
		code, out, errOut := runCLI("run", "--report", dir, "--timeout", "1ms", "../../features")
		lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
		if code != exitDeadline || len(lines) < 2 || !strings.HasPrefix(lines[len(lines)-2], "interrupted by --timeout 1ms: ") ||
			!countLine.MatchString(lines[len(lines)-1]) || strings.Contains(out, "\nFAIL ") {
			t.Errorf("exit %d, want %d; last lines:\n%s\nstderr:\n%s", code, exitDeadline, strings.Join(lines[max(0, len(lines)-3):], "\n"), errOut)
		}
	})
	if code, _, errOut := runCLI("run", "--timeout", "-1s", "--report", dir, "testdata/versions.feature"); code != 2 || !strings.Contains(errOut, "--timeout -1s") {
		t.Errorf("a negative --timeout: exit %d, %q", code, errOut)
	}
}

var countLine = regexp.MustCompile(`^(\d+) passed, (\d+) failed, (\d+) skipped$`)

// catalogueRun is `podlife run features` run as a process of its own.
type catalogueRun struct {
	code     int // the exit code; -1 when a signal killed it
	signaled syscall.Signal
	lines    []string // stdout
	stderr   string
	report   string // the report folder
}

// runCatalogue runs `podlife run features` on the simulator as a process
// and, when signal is not nil, sends it that signal as soon as the run
// printed `at` lines (0: as soon as it started) and, with again, once
// more as soon as the run said on stderr that it was interrupting (two
// signals sent at once could merge into one).
func runCatalogue(t *testing.T, sig os.Signal, at int, again bool) catalogueRun {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "run", "--report", dir, "features")
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderrPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	signal := func() {
		// The process may have ended already: then the run's own outcome
		// stands, which the caller accepts.
		if err := cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
			t.Errorf("signalling: %v", err)
		}
	}
	var stderr strings.Builder
	stderrDone := make(chan struct{})
	go func() {
		defer close(stderrDone)
		sc := bufio.NewScanner(stderrPipe)
		for sc.Scan() {
			stderr.WriteString(sc.Text() + "\n")
			if again && strings.Contains(sc.Text(), ": interrupting the run") {
				signal()
			}
		}
	}()
	if sig != nil && at == 0 {
		signal()
	}
	run := catalogueRun{report: dir}
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		run.lines = append(run.lines, sc.Text())
		if sig != nil && len(run.lines) == at {
			signal()
		}
	}
	<-stderrDone
	err = cmd.Wait()
	run.stderr = stderr.String()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("running podlife: %v\n%s", err, run.stderr)
	}
	run.code = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		run.signaled = ws.Signal()
	}
	return run
}

// counts reads the count line, the last.
func (r catalogueRun) counts() (passed, failed, skipped int, ok bool) {
	if len(r.lines) == 0 {
		return 0, 0, 0, false
	}
	m := countLine.FindStringSubmatch(r.lines[len(r.lines)-1])
	if m == nil {
		return 0, 0, 0, false
	}
	passed, _ = strconv.Atoi(m[1])
	failed, _ = strconv.Atoi(m[2])
	skipped, _ = strconv.Atoi(m[3])
	return passed, failed, skipped, true
}

// progress is the run's scenario lines by their mark (ok, FAIL, skip,
// intr), each a scenario's place.
func (r catalogueRun) progress() map[string][]string {
	out := map[string][]string{}
	for _, l := range r.lines {
		f := strings.Fields(l)
		if len(f) >= 2 && (f[0] == "ok" || f[0] == "FAIL" || f[0] == "skip" || f[0] == "intr") {
			out[f[0]] = append(out[f[0]], f[1])
		}
	}
	return out
}

func (r catalogueRun) tail() string {
	return strings.Join(r.lines[max(0, len(r.lines)-4):], "\n")
}

// TestInterruptedRunExits sends SIGINT (once SIGTERM, once SIGINT twice)
// to `podlife run features` at several moments, each driven by what it
// printed: as it starts, after its first line, after its first
// scenario's line, after half of them, and after the last. Each time the
// run exits 130 (143 for SIGTERM), its next-to-last line says it was
// interrupted, by what, how many scenarios it cut off and how many it did
// not run, its last line is the count line, it counted no scenario failed
// that did not fail uninterrupted, and results.json and junit.xml say the
// same as the lines; a second signal is answered on stderr and changes
// nothing. The signal can miss two moments, which the test then accepts
// as documented: sent as the process starts, it can come before podlife
// catches signals (the process is killed by it, with no output); sent
// after the last scenario's line, it can come after the count line was
// printed (the run's own exit, or killed after its last line).
func TestInterruptedRunExits(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the catalogue eight times")
	}
	whole := runCatalogue(t, nil, 0, false)
	passed, failed, skipped, ok := whole.counts()
	if !ok || whole.code != 0 && whole.code != 1 {
		t.Fatalf("uninterrupted: exit %d, last lines:\n%s\n%s", whole.code, whole.tail(), whole.stderr)
	}
	total := passed + failed + skipped
	failing := map[string]bool{}
	for _, id := range whole.progress()["FAIL"] {
		failing[id] = true
	}
	header := fmt.Sprintf("running %d scenario(s) on sim (seed 1)", total)
	if n := len(whole.progress()["ok"]) + len(whole.progress()["FAIL"]) + len(whole.progress()["skip"]); whole.lines[0] != header || n != total {
		t.Fatalf("uninterrupted: first line %q, %d scenario lines, want %d", whole.lines[0], n, total)
	}

	for _, m := range []struct {
		name string
		sig  syscall.Signal
		at   int // lines printed (the header is line 1)
		// again: the signal comes a second time, once the run said it
		// was interrupting; the run must say it is still at work, and
		// finish as after one.
		again bool
		code  int
		// early: the signal may come before podlife catches it; late:
		// after the count line.
		early, late bool
	}{
		{"as it starts", syscall.SIGINT, 0, false, exitSIGINT, true, false},
		{"after the header", syscall.SIGINT, 1, false, exitSIGINT, false, false},
		{"after the first scenario", syscall.SIGINT, 2, false, exitSIGINT, false, false},
		{"after half the scenarios", syscall.SIGINT, 1 + total/2, false, exitSIGINT, false, false},
		{"SIGTERM after half the scenarios", syscall.SIGTERM, 1 + total/2, false, exitSIGTERM, false, false},
		{"twice, after the first scenario", syscall.SIGINT, 2, true, exitSIGINT, false, false},
		{"after the last scenario", syscall.SIGINT, 1 + total, false, exitSIGINT, false, true},
	} {
		t.Run(m.name, func(t *testing.T) {
			r := runCatalogue(t, m.sig, m.at, m.again)
			switch {
			case m.early && r.signaled == m.sig && len(r.lines) == 0:
				t.Logf("the signal came before podlife caught it: killed by %s, no output", m.sig)
				return
			case m.late && r.code == whole.code && len(r.lines) > 1 && r.lines[len(r.lines)-1] == whole.lines[len(whole.lines)-1] &&
				!strings.HasPrefix(r.lines[len(r.lines)-2], "interrupted by"):
				t.Logf("the signal came after the count line was decided: the run's own exit %d", r.code)
				return
			case m.late && r.signaled == m.sig && len(r.lines) > 0 && countLine.MatchString(r.lines[len(r.lines)-1]):
				t.Logf("the signal came after podlife stopped catching it: killed by %s after its count line", m.sig)
				return
			}
			if r.code != m.code {
				t.Fatalf("exit %d (signal %v), want %d; last lines:\n%s\nstderr:\n%s", r.code, r.signaled, m.code, r.tail(), r.stderr)
			}
			p, f, s, ok := r.counts()
			if !ok || p+f+s != total {
				t.Fatalf("the last line is not a count line of %d scenarios:\n%s", total, r.tail())
			}
			name := map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[m.sig]
			said := r.lines[len(r.lines)-2]
			parts := regexp.MustCompile(`^interrupted by ` + name + `(: (\d+) scenario\(s\) cut off while running( \(\d+ of them had failed an expectation before: counted failed\))?, \d+ not run; cut off and not run are counted as skipped` +
				`| after every scenario had finished: none cut off, none not run; the results are complete)$`).FindStringSubmatch(said)
			if parts == nil {
				t.Fatalf("the next-to-last line does not say the run was interrupted by %s, what it cut off and what did not run:\n%s", name, r.tail())
			}
			// Each scenario cut off says intr on its line (those not run,
			// skip: results.json tells them apart, below).
			if cut := len(r.progress()["intr"]); parts[2] != "" && parts[3] == "" && parts[2] != strconv.Itoa(cut) {
				t.Errorf("%q, but %d scenario line(s) say intr", said, cut)
			}
			for _, id := range r.progress()["FAIL"] {
				if !failing[id] {
					t.Errorf("%s failed, and passes uninterrupted: an interrupt counted as a failure", id)
				}
			}
			if f > failed {
				t.Errorf("%d failed, %d uninterrupted", f, failed)
			}
			checkInterruptedReports(t, r, name, p, f, s)
			if again := "podlife: " + name + ": interrupted already (" + name + "); still "; m.again && !strings.Contains(r.stderr, again) {
				t.Errorf("after a second %s, stderr does not say %q:\n%s", name, again, r.stderr)
			}
		})
	}
}

// checkInterruptedReports: results.json counts what the count line says,
// each interrupted scenario with the step where it was cut off, and
// junit.xml lists each as a skip whose message says it was interrupted.
func checkInterruptedReports(t *testing.T, r catalogueRun, sig string, passed, failed, skipped int) {
	t.Helper()
	results, err := report.ReadResults(r.report)
	if err != nil {
		t.Fatal(err)
	}
	if c := report.Count(results); c != (report.Counts{Passed: passed, Failed: failed, Skipped: skipped}) {
		t.Errorf("results.json counts %s, the count line %d passed, %d failed, %d skipped", c.Line(), passed, failed, skipped)
	}
	raw, err := os.ReadFile(filepath.Join(r.report, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var junit gojunit.Testsuites
	if err := xml.Unmarshal(raw, &junit); err != nil {
		t.Fatalf("junit.xml: %v", err)
	}
	interruptedSkips := map[string]int{} // by message
	for _, s := range junit.Suites {
		for _, tc := range s.Testcases {
			if tc.Skipped != nil && tc.Skipped.Type == "interrupted" {
				interruptedSkips[tc.Skipped.Message]++
			}
		}
	}
	cut, notRun := 0, 0
	for _, res := range results {
		switch {
		case res.Status == report.Interrupted:
			cut++
			in := res.Interruption
			// Where it was cut off: one of its steps, or its Scenario
			// line when it was cut off starting its session.
			at := in != nil && in.Line == res.Line && in.Step == res.Name
			for _, s := range res.Steps {
				at = at || in != nil && in.Line == s.Line && in.Step == s.Keyword+" "+s.Text
			}
			if !at || in.Cause != sig || res.Failure != nil {
				t.Errorf("%s interrupted, but interruption %+v, failure %+v, steps %+v", res.ID(), in, res.Failure, res.Steps)
				continue
			}
			if interruptedSkips[in.String()] == 0 {
				t.Errorf("junit.xml has no interrupted skip saying %q", in.String())
			}
			interruptedSkips[in.String()]--
		case res.Status == report.Skipped && res.Reason == report.NotRunReason:
			notRun++
		}
	}
	said := r.lines[len(r.lines)-2]
	if !strings.Contains(said, "after every scenario had finished") &&
		!strings.Contains(said, fmt.Sprintf(": %d scenario(s) cut off while running, %d not run;", cut, notRun)) {
		t.Errorf("%q, and results.json has %d interrupted, %d not run", said, cut, notRun)
	}
}
