package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/podlife/podlife/internal/deadline"
)

func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestRunExitCodes pins podlife run's contract: 0 when all passed, 1 when a
// scenario failed (expected against observed, with the timeline), 2 for
// bad input with nothing run; every run ends with the count line.
func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := runCLI("run", "--report", dir, "../../features/termination")
	if code != 0 || !strings.HasSuffix(lastLine(out), " passed, 0 failed, 0 skipped") {
		t.Errorf("catalogue: exit %d, last line %q", code, lastLine(out))
	}
	code, out, _ = runCLI("run", "--report", dir, "testdata/fail.feature")
	if code != 1 || lastLine(out) != "0 passed, 1 failed, 0 skipped" {
		t.Errorf("false expectation: exit %d, last line %q", code, lastLine(out))
	}
	for _, want := range []string{"testdata/fail.feature:6: Then container \"app\" receives SIGKILL at 4s",
		"expected SIGKILL of container \"app\" at 4s", "it came at 5s", "SIGKILL"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, _, errOut := runCLI("run", "--report", dir, "../../pkg/runner/testdata/lint.feature")
	if code != 2 || !strings.Contains(errOut, "lint.feature:9:") || !strings.Contains(errOut, "nothing was run") {
		t.Errorf("bad input: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runCLI("run", "--tags", "no-such-tag", "../../features")
	if code != 2 || !strings.Contains(errOut, "selects no scenario") {
		t.Errorf("empty selection: exit %d, stderr %q", code, errOut)
	}
}

// TestFailuresTeach pins what a failure says (the issue "Verdicts that
// cannot lie", item 7): a state check the time it read, the step that put
// the current time there and when the state came; a table every row that
// did not match; a state `within D` read after an earlier step ran past
// the deadline fails (it passed on main at e147e0a).
func TestFailuresTeach(t *testing.T) {
	code, out, _ := runCLI("run", "--report", t.TempDir(), "testdata/teach.feature")
	if code != 1 || lastLine(out) != "0 passed, 5 failed, 0 skipped" {
		t.Fatalf("exit %d, last line %q:\n%s", code, lastLine(out), out)
	}
	for _, want := range []string{
		"teach.feature:16: And the pod \"job\" phase is \"Succeeded\"",
		"got at 0s, the current time as line 14 left it (When the pod \"job\" is created): phase Running",
		"; it did from 5s",
		"row 4s app SIGKILL",
		"row 6s - Deleted",
		"teach.feature:33: And the pod \"web\" is gone within 1s",
		"got not by 1s",
		"it was gone from 5s",
		// The STATUS column is a state check like the phase (it said
		// neither before 2026-11-30: a blind draft's `kubectl shows the
		// pod "scratch" as Evicted` read at t=0 said only "got Running").
		"got at 0s, the current time as line 44 left it (When the pod \"job\" is created): STATUS Running, READY 1/1, RESTARTS 0 (phase Running, Ready=True, app running); it did from 5s",
		// A state read after it had ended says when it held (it said
		// only "the pod is gone" before 2026-11-30: held-out set 32 read
		// a drained pod's condition after the drain had ended).
		"got at 5s, the current time as line 52 left it (Then the pod \"web\" is gone within 10s): the pod is gone; nor did it up to 10m0s after; it held earlier, from 0s to 5s",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestLintExitCodes(t *testing.T) {
	code, _, errOut := runCLI("lint", "../../pkg/runner/testdata/lint.feature")
	if code != 2 || strings.Count(errOut, "lint.feature:") != 3 {
		t.Errorf("lint: exit %d, stderr:\n%s", code, errOut)
	}
	if code, out, _ := runCLI("lint", "../../features"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("lint of the catalogue: exit %d, %q", code, out)
	}
}

func TestStepsListsEveryPhrase(t *testing.T) {
	_, out, _ := runCLI("steps")
	for _, want := range []string{`Given a pod "web" with terminationGracePeriodSeconds 5`, `When the pod "web" is force deleted`, "Exited(code)"} {
		if !strings.Contains(out, want) {
			t.Errorf("podlife steps lacks %q", want)
		}
	}
	// Each slot's values, under the phrase that takes them.
	for _, want := range []string{
		"  Then the pod \"web\" is Running\n      pod state: Running, Pending, Succeeded, Failed, Ready, NotReady, Terminating, gone, scheduled\n",
		"  When 30 seconds pass\n      unit: milliseconds, millisecond, seconds, second, minutes, minute, hours, hour\n",
		"  Then container \"app\" receives SIGTERM\n      signal: SIGTERM, SIGKILL\n",
		"3 times within 35s\n      event reason: any; the usual ones: Scheduled, FailedScheduling,",
		"comes under memory pressure\n      pressure: memory, disk, PID\n",
		"a Go duration: 500ms, 3s, 2m, 1m30s",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("podlife steps lacks %q", want)
		}
	}
}

// TestStepsMarkdown: `podlife steps --markdown` prints the language
// reference, which is docs/language.md.
func TestStepsMarkdown(t *testing.T) {
	code, out, errOut := runCLI("steps", "--markdown")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	doc, err := os.ReadFile("../../docs/language.md")
	if err != nil {
		t.Fatal(err)
	}
	if out != string(doc) {
		t.Errorf("podlife steps --markdown is not docs/language.md (pkg/language TestDocIsGenerated says where they differ)")
	}
	if code, _, _ := runCLI("steps", "extra"); code != 2 {
		t.Errorf("podlife steps extra: exit %d, want 2", code)
	}
}

// TestVersion: podlife version names the module's version, the
// Kubernetes version the simulator models and the default kubelet
// profile, as text and as JSON.
func TestVersion(t *testing.T) {
	code, out, errOut := runCLI("version")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"podlife ", "simulator: Kubernetes 1.36; default kubelet profile 1.36", "built with go"} {
		if !strings.Contains(out, want) {
			t.Errorf("podlife version lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI("version", "--json")
	if code != 0 || !strings.Contains(out, `"kubernetes": "1.36"`) || !strings.Contains(out, `"defaultKubelet": "1.36"`) {
		t.Errorf("podlife version --json: exit %d\n%s", code, out)
	}
}

// TestKubeletVersionFlag: the same scenario passes on the default kubelet
// and fails on 1.27, whose kubelet did not take preStop time out of the
// grace period (SIGKILL 3 s later), and the failure says so.
func TestKubeletVersionFlag(t *testing.T) {
	dir := t.TempDir()
	if code, out, _ := runCLI("run", "--report", dir, "testdata/versions.feature"); code != 0 {
		t.Errorf("default kubelet: exit %d\n%s", code, out)
	}
	code, out, _ := runCLI("run", "--report", dir, "--kubelet-version", "1.27", "testdata/versions.feature")
	if code != 1 || !strings.Contains(out, "it came at 8s") {
		t.Errorf("kubelet 1.27: exit %d, want a SIGKILL at 8s reported\n%s", code, out)
	}
}

// TestRunOneScenario: FILE:LINE runs one scenario or one example row; a
// line past the end of the file, or between scenarios' texts, is an error.
func TestRunOneScenario(t *testing.T) {
	dir := t.TempDir()
	code, out, _ := runCLI("run", "--report", dir, "testdata/versions.feature:2")
	if code != 0 || lastLine(out) != "1 passed, 0 failed, 0 skipped" {
		t.Errorf("one scenario: exit %d, last line %q", code, lastLine(out))
	}
	code, out, _ = runCLI("run", "--report", dir, "testdata/versions.feature:2", "testdata/fail.feature")
	if code != 1 || lastLine(out) != "1 passed, 1 failed, 0 skipped" {
		t.Errorf("a scenario and a file: exit %d, last line %q", code, lastLine(out))
	}
	code, _, errOut := runCLI("run", "--report", dir, "testdata/versions.feature:99")
	if code != 2 || !strings.Contains(errOut, "versions.feature:99: the file has") {
		t.Errorf("past the end: exit %d, stderr %q", code, errOut)
	}
	// Line 0 was read as a path that did not exist ("stat ...: no such file").
	code, out, errOut = runCLI("run", "--report", dir, "testdata/fail.feature:0")
	if want := "podlife: testdata/fail.feature:0: line numbers start at 1; the scenario of testdata/fail.feature is at line 2\n"; code != 2 || errOut != want || out != "" {
		t.Errorf("line 0: exit %d, stderr %q, want %q; stdout %q", code, errOut, want, out)
	}
}

// TestUnknownDriverSaysWhy: a driver that cannot run says so, not just exit 2.
func TestUnknownDriverSaysWhy(t *testing.T) {
	code, _, errOut := runCLI("run", "--driver", "nope", "testdata/versions.feature")
	if code != 2 || !strings.Contains(errOut, `unknown driver "nope"`) {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
}

// TestBadInputClasses feeds one malformed feature per class of bad input
// to lint and to run: each gives exit 2, one problem at its file and line
// per `# want: ...` line at its top (with the message it states), and
// nothing runs. Inputs that cannot be checked in (a FIFO, devices, a
// huge file, a huge doc string) are made in a temporary folder. Each case
// has a deadline: a hang fails it.
func TestBadInputClasses(t *testing.T) {
	files, err := filepath.Glob("testdata/bad/*.feature")
	if err != nil || len(files) < 19 {
		t.Fatalf("%d bad features (%v)", len(files), err)
	}
	type badCase struct {
		path  string
		wants []string
	}
	var cases []badCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var wants []string
		for _, line := range strings.Split(strings.TrimPrefix(string(b), "\ufeff"), "\n") {
			want, ok := strings.CutPrefix(line, "# want: ")
			if !ok {
				break
			}
			wants = append(wants, "testdata/bad/"+want)
		}
		if len(wants) == 0 {
			t.Fatalf("%s: first line is not '# want: FILE:LINE: message'", f)
		}
		cases = append(cases, badCase{f, wants})
	}
	tmp := t.TempDir()
	fifo := filepath.Join(tmp, "fifo.feature")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(tmp, "huge.feature")
	if err := os.WriteFile(huge, bytes.Repeat([]byte("# a comment line, over and over\n"), 40000), 0o644); err != nil {
		t.Fatal(err)
	}
	bigDoc := filepath.Join(tmp, "bigdoc.feature")
	var doc strings.Builder
	doc.WriteString("Feature: f\n  Scenario: s\n    Given a pod \"web\":\n      \"\"\"yaml\n      spec:\n        containers:\n        - name: app\n          env:\n")
	for i := 0; doc.Len() < 100<<10; i++ {
		fmt.Fprintf(&doc, "          - name: V%d\n            value: x\n", i)
	}
	doc.WriteString("      \"\"\"\n")
	if err := os.WriteFile(bigDoc, []byte(doc.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cases = append(cases,
		badCase{fifo, []string{fifo + ": is a FIFO (named pipe), not a regular file"}},
		badCase{"/dev/zero", []string{"/dev/zero: is a device, not a regular file"}},
		badCase{"/dev/urandom", []string{"/dev/urandom: is a device, not a regular file"}},
		badCase{huge, []string{huge + ": is 1.2 MiB, larger than podlife reads (1.0 MiB)"}},
		badCase{bigDoc, []string{bigDoc + ":4: the doc string is 99 KiB, more than the 32 KiB podlife takes inline: put the manifest in a file"}},
	)
	for _, tc := range cases {
		t.Run(filepath.Base(tc.path), func(t *testing.T) {
			for _, args := range [][]string{{"lint", tc.path}, {"run", "--report", t.TempDir(), tc.path}} {
				cmd := args[0]
				deadline.Run(t, time.Minute, "podlife "+strings.Join(args, " "), func() {
					code, out, errOut := runCLI(args...)
					problems := strings.Count(errOut, filepath.Dir(tc.path)+"/")
					ok := code == 2 && problems == len(tc.wants) && !strings.Contains(out, "passed") &&
						strings.HasSuffix(errOut, fmt.Sprintf("%d problem(s); nothing was run\n", len(tc.wants)))
					for _, w := range tc.wants {
						ok = ok && strings.Contains(errOut, w)
					}
					if !ok {
						t.Errorf("podlife %s %s: exit %d, %d problem line(s), want %d: %q\nstderr:\n%s\nstdout:\n%s", cmd, tc.path, code, problems, len(tc.wants), tc.wants, errOut, out)
					}
				})
			}
		})
	}
}

// TestBadCommandLines: bad input without a file says what is wrong in
// one line, exit 2, nothing run; -h and --help exit 0 on every command;
// a run where every scenario was skipped exits 1 unless
// --allow-all-skipped. Each case has a deadline.
func TestBadCommandLines(t *testing.T) {
	tmp := t.TempDir()
	notDir := filepath.Join(tmp, "file")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	live := filepath.Join(tmp, "live.feature")
	if err := os.WriteFile(live, []byte("Feature: f\n  @live\n  Scenario: s\n    Given a pod \"web\"\n    Then the pod \"web\" is Running within 5s\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		code int
		// stderr is the one line of stderr, or "" for none checked;
		// stdout is the last line of stdout.
		stderr, stdout string
	}{
		{"kubelet 2.0", []string{"run", "--kubelet-version", "2.0", "../../features"}, 2, "podlife: --kubelet-version 2.0: the kubelet version is 1.N, 1.1 to 1.36 (e.g. 1.27)", ""},
		{"kubelet 1.99", []string{"run", "--kubelet-version", "1.99", "../../features"}, 2, "podlife: --kubelet-version 1.99: the kubelet version is 1.N, 1.1 to 1.36 (e.g. 1.27)", ""},
		{"kubelet 1.5 (not modelled)", []string{"run", "--kubelet-version", "1.5", "../../features"}, 2, `podlife: --kubelet-version: kubelet version "1.5" is not modelled by the simulator (modelled: 1.10, 1.27, 1.28, 1.29, 1.30, 1.31, 1.32, 1.33, 1.34, 1.35, 1.36)`, ""},
		{"timeline kubelet 2.0", []string{"timeline", "--kubelet-version", "2.0", "testdata/versions.feature:2"}, 2, "podlife: --kubelet-version 2.0: the kubelet version is 1.N, 1.1 to 1.36 (e.g. 1.27)", ""},
		{"unwritable report", []string{"run", "--report", filepath.Join(notDir, "sub"), "testdata/versions.feature"}, 2, "podlife: --report " + filepath.Join(notDir, "sub") + ": cannot create it: not a directory", ""},
		{"all skipped", []string{"run", "--report", tmp, live}, 1, "", "every scenario was skipped: nothing was checked (the reasons are above); --allow-all-skipped makes this a pass"},
		{"all skipped, allowed", []string{"run", "--report", tmp, "--allow-all-skipped", live}, 0, "", "0 passed, 0 failed, 1 skipped"},
		{"flags after the paths", []string{"run", "testdata/versions.feature", "--report", tmp, "--seed", "3"}, 0, "", "1 passed, 0 failed, 0 skipped"},
		{"a path after --", []string{"lint", "--", "testdata/versions.feature"}, 0, "", "1 scenario(s), no problems"},
		{"an unknown flag", []string{"run", "--no-such-flag", "testdata/versions.feature"}, 2, "", ""},
		{"godog's tag syntax", []string{"run", "--tags", "@termination and not @slow", "../../features"}, 2, `podlife: --tags "@termination and not @slow": this is a Cucumber tag expression (godog's syntax); podlife takes Ginkgo's label syntax: --tags 'termination && !slow'`, ""},
	}
	for _, c := range []string{"run", "lint", "steps", "timeline", "report", "cleanup", "version", "init"} {
		for _, h := range []string{"-h", "--help"} {
			cases = append(cases, struct {
				name           string
				args           []string
				code           int
				stderr, stdout string
			}{c + " " + h, []string{c, h}, 0, "", ""})
		}
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			deadline.Run(t, time.Minute, "podlife "+strings.Join(tc.args, " "), func() {
				code, out, errOut := runCLI(tc.args...)
				if code != tc.code {
					t.Errorf("exit %d, want %d\nstderr:\n%s\nstdout:\n%s", code, tc.code, errOut, out)
				}
				if tc.stderr != "" && errOut != tc.stderr+"\n" {
					t.Errorf("stderr %q, want the one line %q", errOut, tc.stderr)
				}
				if tc.stdout != "" && lastLine(out) != tc.stdout {
					t.Errorf("last line %q, want %q", lastLine(out), tc.stdout)
				}
				if tc.code == 2 && strings.Contains(out, "passed") {
					t.Errorf("bad input, and scenarios ran:\n%s", out)
				}
			})
		})
	}
}

// TestPhrasesPeopleWrite: a feature written with dsl.md's "Phrases people
// write" (times in words, states and events with no time, a readiness
// gate set by a step) lints clean and passes on the simulator.
func TestPhrasesPeopleWrite(t *testing.T) {
	if code, out, errOut := runCLI("lint", "testdata/phrases.feature"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("lint: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := runCLI("run", "--report", t.TempDir(), "testdata/phrases.feature")
	if code != 0 || !strings.HasSuffix(lastLine(out), " passed, 0 failed, 0 skipped") || strings.HasPrefix(lastLine(out), "0 passed") {
		t.Errorf("run: exit %d, last line %q\n%s%s", code, lastLine(out), out, errOut)
	}
}

// TestGenericProcesses: a real-looking manifest (nginx:1.27, an exec
// readiness probe `cat /tmp/healthy`, a preStop hook `nginx -s quit`) and
// behaviour steps on image containers pass on the simulator (dsl.md,
// "Phrases people write"); lint exits 0 and notes, with file and line,
// what the simulator assumed.
func TestGenericProcesses(t *testing.T) {
	const f = "testdata/generic.feature"
	code, out, errOut := runCLI("lint", f)
	if code != 0 || errOut != "" {
		t.Errorf("lint: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		f + `:11: note: pod "web": container "nginx": the simulator does not know image nginx:1.27; it runs it as a generic process: it starts at once, runs until signalled and exits with 143 on SIGTERM`,
		f + `:11: note: pod "web": container "nginx": the simulator does not understand its preStop hook "nginx -s quit"; it succeeds at once`,
		f + `:11: note: pod "web": container "nginx": the simulator does not understand its readinessProbe "cat /tmp/healthy"; it succeeds at once`,
		f + `:51: note: pod "web": container "nginx": the simulator does not know image nginx:1.27; it runs it as a generic process changed by the behaviour steps`,
		f + `:87: note: pod "job": container "app": the simulator runs "sleep 20" of image busybox:1.36 as the behaviour steps change it`,
		"4 scenario(s), no problems; 6 note(s) on what the sim driver assumed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lint does not say %q\n%s", want, out)
		}
	}
	code, out, errOut = runCLI("run", "--report", t.TempDir(), f)
	if code != 0 || lastLine(out) != "4 passed, 0 failed, 0 skipped" {
		t.Errorf("run: exit %d, last line %q\n%s%s", code, lastLine(out), out, errOut)
	}
}

// TestUntimedRule runs dsl.md's two examples of the untimed rule (`When
// 60s pass` / `Then the pod "batch" is evicted`; `When the pod "web"
// becomes Running` / `Then the containers of pod "web" start in this
// order: …`) and a relative phrase after time passed: all pass on the
// simulator. A false untimed expectation names the occurrence it used,
// before t=0, rather than "got no …".
func TestUntimedRule(t *testing.T) {
	code, out, errOut := runCLI("run", "--report", t.TempDir(), "testdata/untimed.feature")
	if code != 0 || lastLine(out) != "6 passed, 0 failed, 0 skipped" {
		t.Errorf("run: exit %d, last line %q\n%s%s", code, lastLine(out), out, errOut)
	}
	f := filepath.Join(t.TempDir(), "wrong.feature")
	if err := os.WriteFile(f, []byte(`Feature: a false untimed expectation
  Scenario: The exit came before t=0
    Given a pod "web" with terminationGracePeriodSeconds 2
    And container "app" of pod "web" ignores SIGTERM
    When the pod "web" is created
    And the pod "web" is deleted
    And 10s pass
    Then container "app" exits with code 0
`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCLI("run", "--report", t.TempDir(), f)
	want := `got exit of container "app" at -8s with code 137 (Error), before t=0, the first in the scenario`
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("run: exit %d, want 1 and a failure saying %q\n%s%s", code, want, out, errOut)
	}
}

// TestEveryExpectation: a false expectation followed by two true ones
// reports all three (one failed, two passed) and the later When block as
// skipped, in the console, JUnit and the page; the scenario fails.
func TestEveryExpectation(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI("run", "--report", dir, "testdata/every-expectation.feature")
	if code != 1 || lastLine(out) != "0 passed, 1 failed, 0 skipped" {
		t.Fatalf("run: exit %d, last line %q\n%s%s", code, lastLine(out), out, errOut)
	}
	want := []string{
		`ok       line 7: Then the pod "web" is Running within 10s`,
		`FAILED   line 8: And the pod "web" phase is "Succeeded"`,
		`ok       line 9: And the pod "web" is Running`,
		`ok       line 10: And the pod "web" has QoS class "BestEffort"`,
		`skipped  line 11: When the pod "web" is deleted`,
		`skipped  line 12: Then the pod "web" is gone within 10s`,
	}
	junit, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("console does not say %q:\n%s", w, out)
		}
		if !strings.Contains(string(junit), w) {
			t.Errorf("junit.xml does not say %q:\n%s", w, junit)
		}
	}
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		`<li class="step passed expectation" data-line="9"`, `<li class="step passed expectation" data-line="10"`,
		`<li class="step failed expectation" data-line="8"`,
		// The later When block: its action skipped, its expectation not
		// evaluated.
		`<li class="step skipped action" data-line="11"`, `<li class="step not-evaluated expectation" data-line="12" data-outcome="not evaluated"`,
	} {
		if !strings.Contains(string(page), w) {
			t.Errorf("index.html has no %s", w)
		}
	}
}

// TestCleanupRemovesRunFolder: `podlife cleanup --run ID` removes the
// run's folder under the temporary folder (images, no kubeconfig), and
// keeps one holding the kubeconfig of a cluster it was not asked to
// delete. No cluster is reached: the kubeconfig given does not exist.
func TestCleanupRemovesRunFolder(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	gone := filepath.Join(tmp, "podlife-live-run-1")
	kept := filepath.Join(tmp, "podlife-live-run-2")
	for _, f := range []string{filepath.Join(gone, "images", "agent.tar"), filepath.Join(kept, "kubeconfig")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	kc := filepath.Join(tmp, "no-such-kubeconfig")
	deadline.Run(t, time.Minute, "podlife cleanup", func() {
		if code, out, errOut := runCLI("cleanup", "--run", "run-1", "--kubeconfig", kc); code != 0 || !strings.Contains(out, "removed "+gone) {
			t.Errorf("cleanup run-1: exit %d\n%s%s", code, out, errOut)
		}
		if code, out, errOut := runCLI("cleanup", "--run", "run-2", "--kubeconfig", kc); code != 0 || !strings.Contains(out, "kept "+kept) {
			t.Errorf("cleanup run-2: exit %d\n%s%s", code, out, errOut)
		}
		if code, _, _ := runCLI("cleanup", "--run", "../x"); code != 2 {
			t.Errorf("cleanup --run ../x: exit %d, want 2", code)
		}
	})
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("%s is still there (%v)", gone, err)
	}
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("%s is gone: %v", kept, err)
	}
}

// TestLintSaysWarningsWithProblems: a draft with an undefined step and an
// action written under Then hears of both at once (before, the warning
// came only once the problems were mended).
func TestLintSaysWarningsWithProblems(t *testing.T) {
	f := filepath.Join(t.TempDir(), "draft.feature")
	src := "@needs:node-lifecycle\nFeature: f\n  Scenario: s\n    Given a node \"worker-1\"\n    When node \"worker-1\" is drained\n    Then node \"worker-1\" is cordoned\n    And the drain of the node is not over\n"
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCLI("lint", f)
	for _, want := range []string{f + ":7: undefined step", f + ":6: warning: `node \"worker-1\" is cordoned` is an action", "1 problem(s); nothing was run\n"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("lint: missing %q (exit %d):\n%s", want, code, errOut)
		}
	}
	if code != 2 {
		t.Errorf("lint: exit %d, want 2", code)
	}
}

// TestRunSaysItsWarnings: `run` says a lint warning (an action written
// under Then, which checks nothing) without -v, before the verdicts: the
// scenario may pass, and its author reads that step as a check.
func TestRunSaysItsWarnings(t *testing.T) {
	code, out, _ := runCLI("run", "--report", t.TempDir(), "../../pkg/runner/testdata/then-action.feature")
	want := "then-action.feature:8: warning: `node \"worker-1\" is cordoned` is an action, written under Then"
	if !strings.Contains(out, want) || strings.Index(out, want) > strings.Index(out, "running 1 scenario") {
		t.Errorf("exit %d, stdout does not say the warning before the run:\n%s", code, out)
	}
}
