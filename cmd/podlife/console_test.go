package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// TestFormats: --format picks how a run prints; progress and pretty for
// people on stdout, junit and cucumber as a document on stdout (nothing
// else there), the run's lines and its count line on stderr.
func TestFormats(t *testing.T) {
	files := []string{"testdata/fail.feature", "testdata/versions.feature"}
	cases := []struct {
		format string
		// want on stdout, and not there.
		want, not []string
		// doc checks stdout as a document; nil when stdout is for people.
		doc func(t *testing.T, stdout string)
	}{
		{format: "progress",
			want: []string{"FAIL testdata/fail.feature:2 SIGKILL expected too early (", "ok   testdata/versions.feature:2 preStop time out of the grace period"},
			not:  []string{"Scenario:", "Given a pod"}},
		{format: "pretty",
			want: []string{
				"\nFeature: a false expectation  # testdata/fail.feature\n",
				"\n  Scenario: SIGKILL expected too early  # testdata/fail.feature:2\n",
				"\n    ok          Given a pod \"web\" with terminationGracePeriodSeconds 5\n",
				"\n    FAILED      Then container \"app\" receives SIGKILL at 4s\n                expected SIGKILL of container \"app\" at 4s\n",
				"\n  FAIL testdata/fail.feature:2 SIGKILL expected too early (",
				"\n    ok          And container \"app\" receives SIGKILL at 5s\n  ok   testdata/versions.feature:2 ",
			}},
		{format: "junit", doc: func(t *testing.T, stdout string) {
			var suites struct {
				Tests    int `xml:"tests,attr"`
				Failures int `xml:"failures,attr"`
			}
			if err := xml.Unmarshal([]byte(stdout), &suites); err != nil || suites.Tests != 2 || suites.Failures != 1 {
				t.Errorf("stdout is not the JUnit of the run (%v, %+v):\n%s", err, suites, stdout)
			}
		}},
		{format: "cucumber", doc: func(t *testing.T, stdout string) {
			var features []struct {
				URI      string `json:"uri"`
				Elements []struct {
					Name string `json:"name"`
				} `json:"elements"`
			}
			if err := json.Unmarshal([]byte(stdout), &features); err != nil || len(features) != 2 || features[0].URI != "testdata/fail.feature" {
				t.Errorf("stdout is not the Cucumber JSON of the run (%v, %+v):\n%s", err, features, stdout)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.format, func(t *testing.T) {
			code, out, errOut := runCLI(append([]string{"run", "--report", t.TempDir(), "--format", tc.format}, files...)...)
			if code != 1 {
				t.Errorf("exit %d, want 1 (a scenario failed)", code)
			}
			people := out
			if tc.doc != nil {
				tc.doc(t, out)
				people = errOut
				if strings.Contains(out, "running 2 scenario(s)") || strings.Contains(out, "1 passed, 1 failed") {
					t.Errorf("stdout holds the run's lines besides the document:\n%s", out)
				}
			}
			if lastLine(people) != "1 passed, 1 failed, 0 skipped" {
				t.Errorf("the run's last line %q\n%s", lastLine(people), people)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(out, n) {
					t.Errorf("stdout has %q:\n%s", n, out)
				}
			}
		})
	}
	code, out, errOut := runCLI("run", "--format", "xml", "testdata/versions.feature")
	if code != 2 || out != "" || !strings.HasPrefix(errOut, `podlife: --format "xml": the formats are progress`) {
		t.Errorf("--format xml: exit %d, stderr %q, stdout %q", code, errOut, out)
	}
}

// TestFailFast: --fail-fast stops after the first scenario that fails:
// those after it are skipped with the reason, the summary says so in one
// line, the count line counts them as skipped; on the simulator the same
// ones whatever the parallelism, over seeds too; without the flag they
// all run.
func TestFailFast(t *testing.T) {
	// In the order a run takes them: fail.feature's scenario, then
	// generic.feature's four, then versions.feature's.
	files := []string{"testdata/versions.feature", "testdata/fail.feature", "testdata/generic.feature"}
	stopped := "--fail-fast: stopped after testdata/fail.feature:2 failed; 5 scenario(s) not run, counted as skipped"
	cases := []struct {
		name  string
		flags []string
		last  string
		// stopped: the run says it stopped, and the five are skipped.
		stopped bool
	}{
		{"without it every scenario runs", nil, "5 passed, 1 failed, 0 skipped", false},
		{"one at a time", []string{"--fail-fast", "--parallel", "1"}, "0 passed, 1 failed, 5 skipped", true},
		{"eight at a time", []string{"--fail-fast", "--parallel", "8"}, "0 passed, 1 failed, 5 skipped", true},
		{"over seeds", []string{"--fail-fast", "--seeds", "3"}, "0 passed, 1 failed, 5 skipped", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append(append([]string{"run", "--report", dir}, tc.flags...), files...)
			code, out, errOut := runCLI(args...)
			if code != 1 || lastLine(out) != tc.last {
				t.Fatalf("exit %d, last line %q, want %q\n%s%s", code, lastLine(out), tc.last, out, errOut)
			}
			if strings.Contains(out, stopped) != tc.stopped || strings.Contains(out, "skip testdata/versions.feature:2 ") != tc.stopped {
				t.Errorf("stopped: %v, want %v:\n%s", !tc.stopped, tc.stopped, out)
			}
			if !tc.stopped {
				return
			}
			// One line for the five, not five in the summary's skipped list.
			if strings.Contains(out, "\nskipped:\n") {
				t.Errorf("the skipped are listed one by one:\n%s", out)
			}
			rs, err := report.ReadResults(dir)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				if r.Feature != "testdata/fail.feature" && (r.Status != report.Skipped || r.Reason != "not run: --fail-fast stopped the run after testdata/fail.feature:2 failed") {
					t.Errorf("%s in the report: %s, %q", r.ID(), r.Status, r.Reason)
				}
			}
		})
	}
}

// TestVerbose: -v (or --verbose) prints lint's notes on what the
// simulator assumed before the run, and under each scenario the kubelet
// it ran on and where its clock ended; without it, neither.
func TestVerbose(t *testing.T) {
	note := "testdata/generic.feature:11: note: pod \"web\": container \"nginx\": the simulator does not know image nginx:1.27"
	under := "ok   testdata/generic.feature:50 Behaviour steps shape an image container on the simulator ("
	detail := "    on sim, kubelet default; the scenario's clock stood at 2s at its end, after "
	cases := []struct {
		flag    string
		verbose bool
	}{{"", false}, {"-v", true}, {"--verbose", true}, {"-v=false", false}}
	for _, tc := range cases {
		t.Run(tc.flag, func(t *testing.T) {
			args := []string{"run", "--report", t.TempDir(), "testdata/generic.feature"}
			if tc.flag != "" {
				args = append(args, tc.flag)
			}
			code, out, errOut := runCLI(args...)
			if code != 0 || lastLine(out) != "4 passed, 0 failed, 0 skipped" {
				t.Fatalf("exit %d, last line %q\n%s", code, lastLine(out), errOut)
			}
			i := strings.Index(out, note)
			hasDetail := regexp.MustCompile(regexp.QuoteMeta(under) + `[^\n]*\n` + regexp.QuoteMeta(detail)).MatchString(out)
			if (i >= 0) != tc.verbose || hasDetail != tc.verbose {
				t.Errorf("lint's note: %v, the scenario's detail: %v; want %v:\n%s", i >= 0, hasDetail, tc.verbose, out)
			}
			if tc.verbose && i > strings.Index(out, "running ") {
				t.Errorf("lint's notes come after the run started:\n%s", out)
			}
		})
	}
}

// TestOneSeed: a failing run names one seed, the run's, and the command
// that reproduces the failure with it; the scenario's own seed, derived
// from it, is not printed; the command gives the same failure.
func TestOneSeed(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		seed    int64
		file    string
		command string
	}{
		{"the default seed", []string{"testdata/fail.feature"}, 1, "testdata/fail.feature", "podlife run --seed 1 testdata/fail.feature:2"},
		{"a seed given", []string{"--seed", "7", "testdata/fail.feature"}, 7, "testdata/fail.feature", "podlife run --seed 7 testdata/fail.feature:2"},
		{"a kubelet given", []string{"--kubelet-version", "1.27", "testdata/versions.feature"}, 1, "testdata/versions.feature", "podlife run --kubelet-version 1.27 --seed 1 testdata/versions.feature:2"},
	}
	seedRE := regexp.MustCompile(`seeds? (\d+)`)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, _ := runCLI(append([]string{"run", "--report", t.TempDir()}, tc.args...)...)
			if code != 1 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			for _, m := range seedRE.FindAllStringSubmatch(out, -1) {
				if m[1] != fmt.Sprint(tc.seed) {
					t.Errorf("a second seed printed: %q\n%s", m[0], out)
				}
			}
			if own := fmt.Sprint(runner.ScenarioSeed(tc.seed, tc.file, 2)); strings.Contains(out, own) {
				t.Errorf("the scenario's own seed %s is printed:\n%s", own, out)
			}
			want := fmt.Sprintf("\nto reproduce (seed %d gives the same run every time):\n  %s\n", tc.seed, tc.command)
			if !strings.Contains(out, want) {
				t.Fatalf("output lacks %q:\n%s", want, out)
			}
			args := strings.Fields(strings.TrimPrefix(tc.command, "podlife "))
			code2, out2, _ := runCLI(append([]string{args[0], "--report", t.TempDir()}, args[1:]...)...)
			if code2 != 1 || failure(out2) != failure(out) || failure(out) == "" {
				t.Errorf("%s: exit %d, failure\n%s\nwant\n%s", tc.command, code2, failure(out2), failure(out))
			}
		})
	}
}

// failure is a run's first FAILED block, up to its timeline.
func failure(out string) string {
	i := strings.Index(out, "\nFAILED ")
	if i < 0 {
		return ""
	}
	block, _, _ := strings.Cut(out[i:], "  timeline (")
	return block
}

// TestFailFastReportsRead: the scenarios --fail-fast did not run are in
// the CI reports as skipped, with the reason.
func TestFailFastReportsRead(t *testing.T) {
	dir := t.TempDir()
	if code, out, _ := runCLI("run", "--fail-fast", "--report", dir, "testdata/fail.feature", "testdata/versions.feature"); code != 1 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
	if err != nil || !strings.Contains(string(raw), `<skipped message="not run: --fail-fast stopped the run after testdata/fail.feature:2 failed">`) {
		t.Errorf("junit.xml does not say why the scenario was skipped (%v):\n%s", err, raw)
	}
}

// lateDriver is the simulator, except that the session of a scenario
// tagged @late starts only when the others' have: its failure comes
// after they ran.
type lateDriver struct {
	driver.Driver
	others  int
	started chan struct{}
}

func (d lateDriver) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	if slices.Contains(sc.Tags, "late") {
		for range d.others {
			select {
			case <-d.started:
			case <-time.After(time.Minute):
				return nil, errors.New("the other scenarios did not start within a minute")
			}
		}
	} else {
		d.started <- struct{}{}
	}
	return d.Driver.Start(ctx, sc)
}

const lateFeature = `Feature: the first scenario fails last

  @late
  Scenario: Fails after the others ran
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Succeeded

  Scenario: Passes first
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s

  Scenario: Passes too
    Given a pod "web"
    When the pod "web" is created
    Then the pod "web" is Running within 10s
`

// TestFailFastInOrder: on the simulator --fail-fast reports the same
// scenarios skipped whatever ran first: those after the first failure in
// the catalogue's order, even when workers ran them before it failed.
func TestFailFastInOrder(t *testing.T) {
	scs := loadFeature(t, "late.feature", lateFeature, 3)
	d := lateDriver{Driver: simdriver.New(), others: 2, started: make(chan struct{}, 2)}
	var out bytes.Buffer
	results := runAll(context.Background(), scs, runner.Options{Driver: d, Seed: 1}, 3, &console{out: &out}, newFailFast(true))
	want := []report.Status{report.Failed, report.Skipped, report.Skipped}
	for i, r := range results {
		if r.Status != want[i] {
			t.Errorf("%s: %s, want %s", r.ID(), r.Status, want[i])
		}
	}
	if n := strings.Count(out.String(), "\nskip "); n != 2 {
		t.Errorf("%d skip lines, want 2:\n%s", n, out.String())
	}
}

// falseGrace is a false copy of grace.feature's first scenario: SIGKILL
// expected at 4 s of a 5 s grace.
const falseGrace = `@termination
Feature: The termination grace period, a false copy

  @behavior:sigkill-at-grace
  Scenario: A process that ignores SIGTERM is killed when the grace period ends
    Given a pod "web" with terminationGracePeriodSeconds 5
    And container "app" ignores SIGTERM
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL at 4s
`

// TestFailureExplains: a failed expectation prints, in this order, where
// it failed with expected against observed, the kubelet's rule behind it
// (the behaviour its tag names, its docs/fidelity.md row's rule and
// source, the link to the row), the focused timeline with its
// annotations, a line saying what it left out, and the command that
// reproduces it; -v prints the whole timeline instead, and no such line.
func TestFailureExplains(t *testing.T) {
	file := filepath.Join(t.TempDir(), "grace.feature")
	if err := os.WriteFile(file, []byte(falseGrace), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, verbose := range []bool{false, true} {
		t.Run(fmt.Sprintf("verbose %v", verbose), func(t *testing.T) {
			args := []string{"run", "--report", t.TempDir(), file}
			if verbose {
				args = append(args, "-v")
			}
			code, out, _ := runCLI(args...)
			if code != 1 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			q := regexp.QuoteMeta
			order := []string{
				q("\nFAILED " + file + ":5 "),
				q(file + ":10: And container \"app\" receives SIGKILL at 4s\n    expected SIGKILL of container \"app\" at 4s\n"),
				q("\n  rule behind it: sigkill-at-grace, docs/fidelity.md#sigkill-at-grace\n    StopContainer's timeout is the grace; a process still running then is SIGKILLed, exit 137 (reason Error)\n" +
					"    Kubernetes source: `pkg/kubelet/kuberuntime/kuberuntime_container.go` killContainer; CRI StopContainer (containerd)\n"),
				q("\n  timeline (kubelet default, t=0 at 0s):\n"),
				`SIGKILL +5s after SIGTERM\n`,
				`Deleted +pod gone\n`,
				q("\nto reproduce (seed 1 gives the same run every time):\n  podlife run --seed 1 " + file + ":5\n"),
			}
			if verbose {
				order = slices.Insert(order, 5, `Condition\(Ready=False\) +PodFailed\n`)
			} else {
				order = slices.Insert(order, 6, q("  20 events of the API's bookkeeping left out (conditions, Kubernetes Events, scheduling, admission, the sandbox, Created): -v prints the whole timeline, as the report page does\n"))
			}
			at := 0
			for _, w := range order {
				loc := regexp.MustCompile(w).FindStringIndex(out[at:])
				if loc == nil {
					t.Fatalf("lacks, or not in its place, %s:\n%s", w, out)
				}
				at += loc[1]
			}
			if bookkeeping := strings.Contains(out, "Condition("); bookkeeping != verbose {
				t.Errorf("the conditions printed: %v, want %v:\n%s", bookkeeping, verbose, out)
			}
			if verbose && strings.Contains(out, "left out") {
				t.Errorf("-v says something was left out:\n%s", out)
			}
		})
	}
}
