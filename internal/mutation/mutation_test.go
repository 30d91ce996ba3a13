package mutation

import (
	"context"
	"strings"
	"testing"
	"time"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/pkg/timeline"
	"github.com/podlife/podlife/steps"
)

const feature = `@termination
Feature: f

  Scenario: other
    When the pod "web" is deleted
    Then container "app" receives SIGKILL at 5s

  Scenario: timed
    Given a pod "web" with terminationGracePeriodSeconds 2:
      """yaml
      spec:
        containers:
        - name: app  # at 3s in a doc string is not a step
      """
    When the pod "web" is deleted
    Then container "app" receives SIGTERM at 0s
    And container "app" receives SIGKILL 2s after SIGTERM
    And the pod "web" is gone between 2s and 2.5s
    And the pod "web" is gone within 3s
    And the pod "web" is not gone after 1s
    And the timeline of pod "web" is:
      | at | container | event   |
      | 0s | app       | SIGTERM |

  Scenario: counts, orders, negations, values
    Given a pod "web":
      """yaml
      spec:
        containers:
        - name: a
        - name: b
      """
    When 10s pass
    Then container "a" of pod "web" has restarted 1 time
    And the pod "web" has 0 restarts
    And the containers of pod "web" stop in this order: "a", "b"
    And container "b" receives SIGTERM after container "a" has exited
    And no event "FailedPreStopHook" is recorded
    And container "a" never receives SIGKILL
    And the pod "web" has condition "Ready" "True"

  Scenario Outline: exit <code>
    Given a pod "web"
    And container "app" exits with code <code> after 2s
    When 5s pass
    Then container "app" exits at <at> with code <code>

    Examples:
      | code | at |
      | 0    | 2s |
      | 1    | 3s |
`

// TestGenerate: each class changes what it should and only that, one
// mutant per change; a bound at 0 is moved later only; a doc string is
// no step; an outline's row gets its pickle's text; a table row keeps its
// spacing; the copy keeps every line at its number.
func TestGenerate(t *testing.T) {
	_, scs, probs := runner.ParseFeature("f.feature", []byte(feature))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	byLine := map[int]*runner.Scenario{}
	for _, sc := range scs {
		byLine[sc.Line] = sc
	}
	// The original of "timed" observed the pod gone at 2s (t=0 at 1s).
	timed := report.Result{Checks: []timeline.Check{{Line: 19, Seen: true, Observed: 3 * time.Second, Ref: time.Second}}}
	tests := []struct {
		line    int
		classes []Class
		want    []string
		stepAt  map[string]int // a mutant's StepLine, where it is not its Line
		was     string         // the first mutant's Was, where said
	}{
		{8, []Class{Shift}, []string{
			`Then container "app" receives SIGTERM at 1s`,
			`And container "app" receives SIGKILL 1s after SIGTERM`,
			`And container "app" receives SIGKILL 3s after SIGTERM`,
			`And the pod "web" is gone between 1s and 1.5s`,
			`And the pod "web" is gone between 3s and 3.5s`,
			`And the pod "web" is not gone after 0s`,
			`And the pod "web" is not gone after 2s`,
			`| 1s | app       | SIGTERM |`,
		}, map[string]int{`| 1s | app       | SIGTERM |`: 21}, ""},
		{8, []Class{Deadline}, []string{`And the pod "web" is gone within 1s`}, nil, ""},
		{8, []Class{Negation, Value}, []string{
			`Then container "app" receives SIGKILL at 0s`,
			`And the pod "web" is gone within 1s`,
		}, nil, ""},
		{25, []Class{Count}, []string{
			`Then container "a" of pod "web" has restarted 0 times`,
			`Then container "a" of pod "web" has restarted 2 times`,
			`And the pod "web" has 1 restart`,
		}, nil, ""},
		{25, []Class{Order}, []string{
			`And the containers of pod "web" stop in this order: "b", "a"`,
			`And container "a" receives SIGTERM after container "b" has exited`,
		}, nil, ""},
		{25, []Class{Negation}, []string{
			`And an event "FailedPreStopHook" is recorded`,
			`And container "a" receives SIGKILL`,
		}, nil, ""},
		{25, []Class{Value}, []string{`And the pod "web" has condition "Ready" "False"`}, nil, ""},
		{50, []Class{Shift, Value}, []string{
			`Then container "app" exits at 1s with code 0`,
			`Then container "app" exits at 3s with code 0`,
			`Then container "app" exits at 2s with code 1`,
		}, nil, `Then container "app" exits at 2s with code 0`},
		{51, []Class{Shift}, []string{
			`Then container "app" exits at 2s with code 1`,
			`Then container "app" exits at 4s with code 1`,
		}, nil, `Then container "app" exits at 3s with code 1`},
	}
	for _, tt := range tests {
		sc := byLine[tt.line]
		if sc == nil {
			t.Fatalf("no pickle at line %d", tt.line)
		}
		facts := &Facts{Scenario: sc, Original: timed, t0: map[int]t0Answer{}}
		ms, _, err := Generate(sc, facts, Options{Classes: tt.classes})
		if err != nil {
			t.Fatalf("line %d: %v", tt.line, err)
		}
		var got []string
		for _, m := range ms {
			got = append(got, m.Now)
			lines := strings.Split(string(m.Content), "\n")
			if len(lines) != strings.Count(feature, "\n")+1 || strings.TrimSpace(lines[m.Line-1]) != m.Now {
				t.Errorf("line %d: the copy should keep every line at its number, with the change at line %d:\n%s", tt.line, m.Line, m.Content)
			}
			want := m.Line
			if l, ok := tt.stepAt[m.Now]; ok {
				want = l
			}
			if m.StepLine != want {
				t.Errorf("line %d: %q fails at its step, line %d; got %d", tt.line, m.Now, want, m.StepLine)
			}
			if _, err := m.Scenario(); err != nil {
				t.Errorf("line %d: %q: %v", tt.line, m.Now, err)
			}
		}
		if tt.was != "" && (len(ms) == 0 || ms[0].Was != tt.was) {
			t.Errorf("line %d: an outline row's change was %q (its pickle's text); got %+v", tt.line, tt.was, ms)
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("line %d, %v:\n%s\nwant:\n%s", tt.line, tt.classes, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
	}
}

// TestDeadlineSkips: a deadline needs what the original observed; each
// case that has no earlier deadline says why.
func TestDeadlineSkips(t *testing.T) {
	_, scs, _ := runner.ParseFeature("f.feature", []byte(feature))
	var sc *runner.Scenario
	for _, s := range scs {
		if s.Line == 8 {
			sc = s
		}
	}
	tests := []struct {
		name   string
		facts  *Facts
		reason string
	}{
		{"no original", nil, "no run of the original"},
		{"seen nothing", &Facts{Scenario: sc, Original: report.Result{Checks: []timeline.Check{{Line: 19}}}}, "observed nothing"},
		{"at t=0", &Facts{Scenario: sc, Original: report.Result{Checks: []timeline.Check{{Line: 19, Seen: true, Observed: time.Second, Ref: time.Second}}}}, "no earlier deadline"},
	}
	for _, tt := range tests {
		ms, skips, err := Generate(sc, tt.facts, Options{Classes: []Class{Deadline}})
		if err != nil || len(ms) != 0 || len(skips) != 1 || !strings.Contains(skips[0].Reason, tt.reason) {
			t.Errorf("%s: got %d mutants, skips %+v, %v; want one skip saying %q", tt.name, len(ms), skips, err, tt.reason)
		}
	}
}

// TestTableCoversTheRegistry: every expectation phrase of the registry is
// either mutated or left alone with a reason, and the table names no
// phrase the registry does not have, so that a new phrase cannot escape
// the proof unnoticed.
func TestTableCoversTheRegistry(t *testing.T) {
	known := map[string]bool{}
	for _, d := range steps.Definitions() {
		p := d.Shown().String()
		known[p] = true
		if !strings.HasPrefix(d.Example, "Then ") {
			continue
		}
		_, mutated := phraseFor(p)
		if _, left := unmutated[p]; mutated == left {
			t.Errorf("the expectation phrase %s (%q) should be in exactly one of phrases and unmutated", p, d.Example)
		}
	}
	for _, p := range phrases {
		if !known[p.Pattern] {
			t.Errorf("phrases names %s, which the registry does not have", p.Pattern)
		}
	}
	for p := range unmutated {
		if !known[p] {
			t.Errorf("unmutated names %s, which the registry does not have", p)
		}
	}
}

// TestClassify: the first failure decides, unless the mutated step itself
// passed.
func TestClassify(t *testing.T) {
	m := Mutant{StepLine: 10}
	steps := func(status10 string) []report.Step {
		return []report.Step{{Line: 9, Status: "passed"}, {Line: 10, Status: status10}, {Line: 11, Status: "failed"}}
	}
	tests := []struct {
		name string
		r    report.Result
		want Verdict
	}{
		{"passed", report.Result{Status: report.Passed}, Survived},
		{"skipped", report.Result{Status: report.Skipped}, Skipped},
		{"failed at the step", report.Result{Status: report.Failed, Failure: &report.Failure{Line: 10}, Steps: steps("failed")}, Killed},
		{"the step passed, a later one failed", report.Result{Status: report.Failed, Failure: &report.Failure{Line: 11}, Steps: steps("passed")}, Survived},
		{"an earlier failure", report.Result{Status: report.Failed, Failure: &report.Failure{Line: 9}, Steps: steps("failed")}, Elsewhere},
	}
	for _, tt := range tests {
		if got, _, _ := Classify(m, tt.r); got != tt.want {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.want)
		}
	}
}

func ev(at time.Duration, pod, container string, kind timeline.Kind, reason, status string) timeline.Event {
	return timeline.Event{At: at, Pod: pod, Container: container, Kind: kind, Reason: reason, Status: status}
}

const s = time.Second

// A pod created at 0, Running and Ready at 1s, deleted at 5s, gone at 7s;
// the node under memory pressure from 3s; two pods of a replica set
// Ready at 2s.
var world1 = []timeline.Event{
	ev(0, "web", "", timeline.PodCreated, "", ""),
	ev(0, "rs-abcde", "", timeline.PodCreated, "", ""),
	ev(0, "rs-fghij", "", timeline.PodCreated, "", ""),
	ev(1*s, "web", "", timeline.Phase, "Running", ""),
	ev(1*s, "web", "", timeline.Condition, "Ready", "True"),
	ev(1*s, "web", "", timeline.Status, "Running", ""),
	ev(1*s, "web", "app", timeline.Ready, "", ""),
	ev(2*s, "rs-abcde", "", timeline.Condition, "Ready", "True"),
	ev(2*s, "rs-fghij", "", timeline.Condition, "Ready", "True"),
	ev(3*s, "node/worker-1", "", timeline.Condition, "MemoryPressure", "True"),
	ev(5*s, "web", "", timeline.DeleteRequested, "", ""),
	ev(5*s, "web", "", timeline.Status, "Terminating", ""),
	ev(7*s, "web", "", timeline.Deleted, "", ""),
}

// TestOracle: the states the rules read, from a timeline.
func TestOracle(t *testing.T) {
	tests := []struct {
		text           string
		at             time.Duration
		heldAt, heldBy bool
		first          time.Duration // firstHeldFrom(0); -1 for never
	}{
		{`the pod "web" is not gone after 6s`, 6 * s, false, false, 7 * s},
		{`the pod "web" is gone within 7s`, 7 * s, true, true, 7 * s},
		{`the pod "web" is Running within 1s`, 1 * s, true, true, 1 * s},
		{`the pod "web" is Terminating within 4s`, 4 * s, false, false, 5 * s},
		{`the pod "web" shows status "Running" within 0s`, 0, false, false, 1 * s},
		{`the pod "web" phase is "Pending" within 0s`, 0, true, true, 0},
		{`node "worker-1" has condition "MemoryPressure" "False" within 0s`, 0, true, true, 0},
		{`node "worker-1" has condition "MemoryPressure" "True" within 2s`, 2 * s, false, false, 3 * s},
		{`the node has condition "MemoryPressure" "True" within 4s`, 4 * s, true, true, 3 * s},
		{`kubectl shows the pod "web" as Terminating within 6s`, 6 * s, true, true, 5 * s},
		{`kubectl shows the pod "web" as "Running" within 0s`, 0, false, false, 1 * s},
		{`container "app" is ready within 1s`, 1 * s, true, true, 1 * s},
		{`2 pods of replica set "rs" are Ready within 2s`, 2 * s, true, true, 2 * s},
		{`1 pod of replica set "rs" is Ready within 2s`, 2 * s, false, true, 2 * s},
		{`the pod "web" is evicted within 9s`, 9 * s, false, false, -1},
	}
	for _, tt := range tests {
		q, d, ok := stateOf(tt.text, "web", "worker-1")
		if !ok || d != tt.at {
			t.Fatalf("%s: read %+v, %s, %t", tt.text, q, d, ok)
		}
		if got := heldAt(world1, q, tt.at); got != tt.heldAt {
			t.Errorf("%s: held at %s: %t, want %t", tt.text, tt.at, got, tt.heldAt)
		}
		if _, got := heldBy(world1, q, tt.at); got != tt.heldBy {
			t.Errorf("%s: held by %s: %t, want %t", tt.text, tt.at, got, tt.heldBy)
		}
		first, ok := firstHeldFrom(world1, q, 0)
		if !ok {
			first = -1
		}
		if first != tt.first {
			t.Errorf("%s: first held %s, want %s", tt.text, first, tt.first)
		}
	}
}

// TestRules: each rule explains the survivors its facts allow, and only
// those: the same change is unexplained where the timeline says it must
// fail.
func TestRules(t *testing.T) {
	pod := `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: a
  - name: b
  initContainers:
  - name: proxy
    restartPolicy: Always
`
	drawn := ev(12*s, "web", "app", timeline.Restarted, "", "")
	drawn.Earliest, drawn.Latest = 10*s, 15*s
	events := append(append([]timeline.Event(nil), world1...),
		ev(5*s, "web", "a", timeline.SIGTERM, "", ""), ev(5*s, "web", "b", timeline.SIGTERM, "", ""),
		ev(6*s, "web", "proxy", timeline.SIGTERM, "", ""), drawn,
		ev(13*s, "job/report", "", timeline.DeleteRequested, "", ""), ev(13*s, "job/report", "", timeline.Deleted, "", ""),
		ev(11*s, "job/report", "", timeline.Condition, "Complete", "True"),
		timeline.Event{At: 9 * s, Pod: "web", Kind: timeline.KubeEvent, Reason: "Unhealthy", Message: "Liveness probe failed: boom"})
	// t=0 at 0 for every step: the checks give it.
	checks := []timeline.Check{{Line: 10, Seen: true, Observed: 12 * s, Pod: "web", Container: "app"}}
	facts := &Facts{Original: report.Result{Timeline: events, Checks: checks, Pods: []report.Manifest{{Name: "web", YAML: pod}}}, t0: map[int]t0Answer{}}
	tests := []struct {
		class Class
		now   string
		rule  string // "" for none
	}{
		{Shift, `And the pod "web" is not gone after 5s`, "`not … after T` reads one instant"},
		{Shift, `And the pod "web" is not gone after 8s`, ""},
		{Shift, `And the pod "web" is not Ready at 0s`, "`not … after T` reads one instant"},
		{Shift, `And the pod "web" is not Ready at 2s`, ""},
		{Shift, `And no event "Unhealthy" is recorded for pod "web" before 9s`, "no event `before T` claims less for an earlier T"},
		{Shift, `And no event "Unhealthy" is recorded for pod "web" before 10s`, ""},
		{Shift, `And no event "Unhealthy" with message "Liveness probe failed" is recorded for pod "web" within 10s`, ""},
		{Shift, `And no event "Unhealthy" with message "Readiness probe failed" is recorded for pod "web" within 10s`, "no event `before T` claims less for an earlier T"},
		{Shift, `And no event "Unhealthy" with message containing "boom" is recorded for pod "web" within 10s`, ""},
		{Shift, `And the pod "web" is not Ready before 0s`, "`not … before T` claims less for an earlier T"},
		{Shift, `And the pod "web" is not Ready before 2s`, ""},
		{Shift, `And the pod "web" does not receive SIGTERM before 5s`, "a pod's signal `not before T` claims less for an earlier T"},
		{Shift, `And the pod "web" does not receive SIGTERM before 6s`, ""},
		{Shift, `And no container of pod "web" receives SIGTERM before 6s`, ""},
		{Shift, `And no container of pod "web" receives SIGKILL before 31s`, "a pod's signal `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not deleted before 12s`, "a Job's deletion `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not gone before 13s`, "a Job's deletion `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not gone before 14s`, ""},
		{Shift, `And the job "other" is not deleted before 14s`, "a Job's deletion `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not Complete before 10s`, "a Job's condition `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not Complete before 11s`, "a Job's condition `not before T` claims less for an earlier T"},
		{Shift, `And the job "report" is not Complete before 12s`, ""},
		{Shift, `And the job "report" is not Failed before 12s`, "a Job's condition `not before T` claims less for an earlier T"},
		{Deadline, `And the pod "web" is Running within 0s`, ""},
		{Value, `And the pod "web" phase is "Pending" within 3s`, "`within D` admits the past"},
		{Negation, `And the pod "web" is gone within 6s`, ""},
		{Shift, `Then container "app" of pod "web" is restarted between 11s and 16s`, "a drawn time's range"},
		{Shift, `Then container "app" of pod "web" is restarted between 13s and 18s`, ""},
		{Order, `And container "b" receives SIGTERM after container "a" has exited`, "concurrent kills are unordered"},
		{Order, `And container "proxy" receives SIGTERM after container "a" has exited`, ""},
		{Order, `And the containers of pod "web" stop in this order: "proxy", "b", "a"`, ""},
	}
	for _, tt := range tests {
		o := Outcome{Mutant: Mutant{Class: tt.class, Now: tt.now, StepLine: 10}, Verdict: Survived}
		rule, why, ok := Explain(facts, o)
		if got := map[bool]string{true: rule.Name}[ok]; got != tt.rule {
			t.Errorf("%s: explained by %q (%s), want %q", tt.now, got, why, tt.rule)
		}
	}
}

// TestSidecarWithoutTurnRule: the rule of the behaviour
// sidecar-grace-end-concurrent explains an order mutant between a main
// container and a sidecar whose SIGTERM the original marked WithoutTurn,
// at one instant; the same mutant is unexplained when the sidecar
// followed its turn.
func TestSidecarWithoutTurnRule(t *testing.T) {
	pod := `apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: a
  initContainers:
  - name: proxy
    restartPolicy: Always
`
	stop := func(mark string) []timeline.Event {
		term := ev(10*s, "web", "proxy", timeline.SIGTERM, "", "")
		term.Message = mark
		return []timeline.Event{ev(0, "web", "a", timeline.SIGTERM, "", ""), term,
			ev(10*s, "web", "a", timeline.SIGKILL, "", ""), ev(10*s, "web", "a", timeline.Exited, "Error", ""),
			ev(10*s, "web", "proxy", timeline.Exited, "Error", "")}
	}
	checks := []timeline.Check{{Line: 10, Seen: true, Pod: "web"}}
	const rule = "a sidecar stopped at the grace's end is unordered"
	for _, tt := range []struct {
		mark, now, rule string
	}{
		{timeline.WithoutTurn, `Then the containers of pod "web" stop in this order: "proxy", "a"`, rule},
		{timeline.WithoutTurn, `Then container "proxy" receives SIGTERM after container "a" has exited`, rule},
		{"", `Then the containers of pod "web" stop in this order: "proxy", "a"`, ""},
		{"", `Then container "proxy" receives SIGTERM after container "a" has exited`, ""},
	} {
		facts := &Facts{Original: report.Result{Timeline: stop(tt.mark), Checks: checks, Pods: []report.Manifest{{Name: "web", YAML: pod}}}, t0: map[int]t0Answer{}}
		o := Outcome{Mutant: Mutant{Class: Order, Now: tt.now, StepLine: 10}, Verdict: Survived}
		r, why, ok := Explain(facts, o)
		if got := map[bool]string{true: r.Name}[ok]; got != tt.rule {
			t.Errorf("%q, marked %q: explained by %q (%s), want %q", tt.now, tt.mark, got, why, tt.rule)
		}
	}
}

// TestWindows: a check that held must have seen its event in its window,
// and one that failed must not have; the bug the catalogue test's probe
// reproduces is one.
func TestWindows(t *testing.T) {
	tests := []struct {
		name string
		c    timeline.Check
		want string
	}{
		{"at, held", timeline.Check{From: 5 * s, To: 5 * s, Observed: 5 * s, Seen: true, OK: true}, ""},
		{"at, failed", timeline.Check{From: 4 * s, To: 4 * s, Observed: 5 * s, Seen: true}, ""},
		{"within after an at that ran past it", timeline.Check{From: 0, To: 1 * s, Observed: 5 * s, Seen: true, OK: true}, "held with its observation outside its window"},
		{"held, seen nothing", timeline.Check{From: 0, To: 1 * s, OK: true}, "held without observing what it awaits"},
		{"failed in its window", timeline.Check{From: 0, To: 1 * s, Observed: 1 * s, Seen: true}, "failed with its observation inside its window"},
		{"a late reaction", timeline.Check{From: 0, To: 3 * s, Observed: 4 * s, Seen: true, OK: true, Reaction: true}, "held with its observation outside its window"},
	}
	for _, tt := range tests {
		vs := Windows(report.Result{Checks: []timeline.Check{tt.c}})
		got := ""
		if len(vs) > 0 {
			got = vs[0].Problem
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestProbeT0: the probe finds where t=0 stood at a step of an earlier
// block, which the original's result (its last t=0) does not say.
func TestProbeT0(t *testing.T) {
	const text = `Feature: f

  Scenario: two blocks
    Given a pod "web"
    When 10s pass
    Then the pod "web" is Running
    When 5s pass
    Then the pod "web" is Running
`
	_, scs, probs := runner.ParseFeature("f.feature", []byte(text))
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	opt := runner.Options{Driver: simdriver.New(), Seed: 1}
	f := NewFacts(context.Background(), scs[0], report.Result{}, opt)
	for _, tt := range []struct {
		line int
		want time.Duration
	}{{6, 10 * s}, {8, 15 * s}} {
		got, err := f.T0(tt.line)
		if err != nil || got != tt.want {
			t.Errorf("t=0 at line %d: %s, %v; want %s", tt.line, got, err, tt.want)
		}
	}
}

// TestPassPhaseRule: a pressure condition's window over a whole pass
// period explains a 1 s shift that still holds the original's pass; an
// exact window, a window narrower than a pass, another condition, or a
// shift past the pass does not.
func TestPassPhaseRule(t *testing.T) {
	checks := []timeline.Check{{Line: 10, Seen: true, Observed: 10 * s, Pod: "node/worker-1"}}
	facts := &Facts{Original: report.Result{Checks: checks}, t0: map[int]t0Answer{}}
	const cond = `node "worker-1" has condition "MemoryPressure" "True" between `
	tests := []struct {
		was, now string
		ok       bool
	}{
		{cond + "0s and 10s", cond + "1s and 11s", true},
		{cond + "0s and 10s", cond + "-1s and 9s", false},
		{cond + "10s and 10s", cond + "9s and 9s", false},
		{cond + "5s and 10s", cond + "6s and 11s", false},
		{`node "worker-1" has condition "Ready" "True" between 0s and 10s`, `node "worker-1" has condition "Ready" "True" between 1s and 11s`, false},
	}
	for _, tt := range tests {
		o := Outcome{Mutant: Mutant{Class: Shift, Was: "Then " + tt.was, Now: "Then " + tt.now, StepLine: 10}, Verdict: Survived}
		rule, _, ok := Explain(facts, o)
		if got := ok && rule.Name == "an eviction pass's phase"; got != tt.ok {
			t.Errorf("%s → %s: explained %v (%q), want %v", tt.was, tt.now, ok, rule.Name, tt.ok)
		}
	}
}
