package steps_test

import (
	"context"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
	"github.com/podlife/podlife/steps"
)

// The phrases of issue 38's first drafts (features/language/first-drafts.feature):
// each scenario there passes on the simulator (the catalogue's run); a
// copy with one false expectation fails at that step, and only there.

const firstDrafts = "../features/language/first-drafts.feature"

// falseCopy: in the scenario at line, the step text old (a whole line's
// text after its keyword) becomes new; that step must then fail, saying
// want, and no other (but the lines of also, when the change is to an
// action or a declaration: the expectations after it, the first of which
// says want).
type falseCopy struct {
	name     string
	line     int
	old, new string
	want     string
	also     []int
}

var falseCopies = []falseCopy{
	{"gone at a time it was not", 11,
		`the pod "web" is gone at 4s`, `the pod "web" is gone at 3s`, `expected Deleted of pod "web" at 3s`, nil},
	{"gone at a time after it went", 11,
		`the pod "web" is gone at 4s`, `the pod "web" is gone at 5s`, `expected Deleted of pod "web" at 5s`, nil},
	{"an init container that started never starts", 18,
		`container "app" of pod "job" never starts`, `container "setup" of pod "job" never starts`, `got Started of container "setup" at 0s`, nil},
	{"an init container's exit with another code", 18,
		`init container "setup" exits at 2s with code 1`, `init container "setup" exits at 2s with code 0`, `got exit at 2s with code 1`, nil},
	{"an init container's exit at another time", 35,
		`init container "init-a" exits at 3s with code 0`, `init container "init-a" exits at 2s with code 0`, `expected exit of container "init-a" at 2s`, nil},
	{"an order of init containers that is not theirs", 35,
		`init container "init-b" starts after init container "init-a" is ready`, `init container "init-a" starts after init container "init-b" is ready`, `init-a`, nil},
	{"an init container's events counted wrong", 35,
		`an event "Started" is recorded for init container "init-a" of pod "web" 1 time`, `an event "Started" is recorded for init container "init-a" of pod "web" 2 times`, `2 times`, nil},
	{"1 time when it has not restarted", 55,
		`container "app" of pod "web" is restarted 1 time`, `the pod "web" becomes Running`, `expected restartCount 1 for container "app"`, []int{59, 60, 61}},
	{"1 time when it restarted twice", 55,
		`container "app" of pod "web" is restarted 1 time`, `container "app" of pod "web" is restarted 2 times`, `app running, 2 restarts`, []int{59, 60, 61}},
	{"more Ready at all times than the budget keeps", 64,
		`at least 2 pods of replica set "web" are Ready at all times`, `at least 3 pods of replica set "web" are Ready at all times`, `DeleteRequested(30s)): 2 Ready: web-`, nil},
	{"a budget that selects none of the pods", 64,
		`a pod disruption budget "web" with minAvailable 2 for pods labelled "app=web"`, `a pod disruption budget "web" with minAvailable 2 for pods labelled "app=other"`, `got at 0s (web-`, []int{90, 89}},
}

func TestFirstDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, firstDrafts, falseCopies)
}

// checkFalseCopies runs each false copy of the feature at path.
func checkFalseCopies(t *testing.T, path string, copies []falseCopy) {
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range copies {
		t.Run(c.name, func(t *testing.T) {
			lines := strings.Split(string(content), "\n")
			replaced := 0
			for i, l := range lines {
				if i+1 > c.line && strings.HasSuffix(l, " "+c.old) && replaced == 0 {
					lines[i] = strings.TrimSuffix(l, c.old) + c.new
					replaced = i + 1
				}
			}
			if replaced == 0 {
				t.Fatalf("no step %q after line %d", c.old, c.line)
			}
			res := runFileAt(t, path, strings.Join(lines, "\n"), c.line)
			if res.Status != report.Failed {
				t.Fatalf("%s with %q: %s, want failed", path, c.new, res.Status)
			}
			fails := c.also
			if fails == nil {
				fails = []int{replaced}
			}
			for _, s := range res.Steps {
				switch {
				case slices.Contains(fails, s.Line) && s.Status != "failed":
					t.Errorf("line %d (%s): %s, want failed", s.Line, s.Text, s.Status)
				case s.Line == fails[0] && !strings.Contains(s.Error, c.want):
					t.Errorf("line %d (%s) fails with %q, which does not say %q", s.Line, s.Text, s.Error, c.want)
				case !slices.Contains(fails, s.Line) && s.Status == "failed":
					t.Errorf("line %d (%s) failed too: %s", s.Line, s.Text, s.Error)
				}
			}
		})
	}
}

// TestFirstDraftScenariosPass: the scenarios as written pass (the
// catalogue's run says so too; here next to their false copies).
func TestFirstDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, firstDrafts, 5)
}

// checkScenariosPass runs every scenario of the feature file at path, each
// of which must pass; the file must hold want of them (so that a scenario
// lost from the file, or a file that no longer parses, fails the test).
// The lines come from the file itself: none to keep by hand as the file
// grows.
func checkScenariosPass(t *testing.T, path string, want int) {
	t.Helper()
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, scs, problems := runner.ParseFeature(path, content)
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	if len(scs) != want {
		t.Fatalf("%s holds %d scenarios, want %d", path, len(scs), want)
	}
	for _, sc := range scs {
		if res := runFileAt(t, path, string(content), sc.Line); res.Status != report.Passed {
			t.Errorf("line %d: %s\n%s", sc.Line, res.Status, res.Explain())
		}
	}
}

func runFileAt(t *testing.T, path, content string, line int) report.Result {
	t.Helper()
	_, scs, problems := runner.ParseFeature(path, []byte(content))
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	for _, sc := range scs {
		if sc.Line == line {
			return runner.Run(context.Background(), sc, runner.Options{Driver: simdriver.New(), Seed: 1})
		}
	}
	t.Fatalf("no scenario at line %d", line)
	return report.Result{}
}

// TestInitContainerIsAnInitContainer: `init container "x"` is refused,
// at lint, for a container the pod runs as a regular one; `container "x"`
// still names an init container.
func TestInitContainerIsAnInitContainer(t *testing.T) {
	const feature = `Feature: init
  Scenario: a regular container called an init container
    Given a pod "job":
      """yaml
      spec:
        initContainers:
        - name: setup
        containers:
        - name: app
      """
    And init container "app" of pod "job" exits with code 1 after 2s
    And container "setup" of pod "job" exits with code 0 after 2s
    Then init container "app" never starts
    And container "setup" starts after init container "app" is ready
    And an event "Started" is recorded for init container "app" of pod "job"
    And container "setup" starts after init container "setup" is ready
`
	_, scs, problems := runner.ParseFeature("init.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	var got []string
	for _, p := range runner.Lint(scs, simdriver.New()) {
		got = append(got, p.Error())
	}
	want := []string{
		`init.feature:11: container "app" of pod "job" is not an init container (its init containers: setup; write ` + "`container \"app\"`)",
		`init.feature:13: container "app" of pod "job" is not an init container (its init containers: setup; write ` + "`container \"app\"`)",
		`init.feature:14: container "app" of pod "job" is not an init container (its init containers: setup; write ` + "`container \"app\"`)",
		`init.feature:15: container "app" of pod "job" is not an init container (its init containers: setup; write ` + "`container \"app\"`)",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("lint says\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestOneTime: every phrase that counts `N times` (or restarts, pods,
// disruptions) takes the singular for 1, with the same meaning: the step
// parsed from `1 time` is the one parsed from `1 times`.
func TestOneTime(t *testing.T) {
	plural := regexp.MustCompile(`\b(\d+) (times|restarts|pods|disruptions)\b`)
	n := 0
	for _, d := range steps.Definitions() {
		text, _, _ := strings.Cut(d.Example, "\n")
		text = regexp.MustCompile(`^(Given|When|Then) `).ReplaceAllString(text, "")
		m := plural.FindStringSubmatchIndex(text)
		if m == nil || strings.Contains(text, " CPU, ") {
			// A node's size is no count of things that happen or exist.
			continue
		}
		many := text[:m[2]] + "1" + text[m[3]:]
		one := text[:m[2]] + "1 " + strings.TrimSuffix(text[m[4]:m[5]], "s") + text[m[5]:]
		if !d.Pattern.MatchString(one) {
			t.Errorf("%q is not the phrase %s", one, d.Pattern)
			continue
		}
		a, errA := d.Parse(one, steps.Arg{})
		b, errB := d.Parse(many, steps.Arg{})
		if (errA == nil) != (errB == nil) || !reflect.DeepEqual(a, b) {
			t.Errorf("%q and %q differ: %#v (%v) and %#v (%v)", one, many, a, errA, b, errB)
		}
		n++
	}
	if n < 8 {
		t.Errorf("%d counting phrases, want the 8 or more of the vocabulary", n)
	}
}

// TestReadyAtAllTimesSeesADipOfAnInstant: the pods of a replica set whose
// containers exit after 30 s restart at once, NotReady and Ready again in
// one instant of the simulator: the API showed the dip (a watch sees it),
// and `at all times` fails there; `at least 0` holds.
func TestReadyAtAllTimesSeesADipOfAnInstant(t *testing.T) {
	const feature = `Feature: a dip
  Scenario: a replica set whose pods exit after 30s
    Given a replica set "web" of 2 pods:
      """yaml
      spec:
        containers:
        - name: app
          image: busybox:1.36
          command: ["sleep", "30"]
      """
    When 10 seconds pass
    Then 2 pods of replica set "web" are Ready
    And at least 2 pods of replica set "web" are Ready at all times
    And at least 0 pods of replica set "web" are Ready at all times
    When 5 seconds pass
    Then at least 1 pod of replica set "web" is Ready at all times
`
	_, scs, problems := runner.ParseFeature("dip.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	res := runner.Run(context.Background(), scs[0], runner.Options{Driver: simdriver.New(), Seed: 1})
	want := map[int]string{12: "passed", 13: "failed", 14: "passed", 15: "skipped", 16: "skipped"}
	for _, s := range res.Steps {
		if w, ok := want[s.Line]; ok && s.Status != w {
			t.Errorf("line %d (%s): %s, want %s %s", s.Line, s.Text, s.Status, w, s.Error)
		}
		if s.Line == 13 && !strings.Contains(s.Error, "got at 20s (web-") {
			t.Errorf("line 13 fails with %q, not at 20s", s.Error)
		}
	}
}
