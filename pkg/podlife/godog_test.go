package podlife

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cucumber/godog"
)

// cucumber is the part of godog's cucumber JSON the tests read.
type cucumber []struct {
	Elements []struct {
		Name  string `json:"name"`
		Steps []struct {
			Name   string `json:"name"`
			Result struct {
				Status string `json:"status"`
			} `json:"result"`
			Embeddings []struct {
				Name string `json:"name"`
			} `json:"embeddings"`
		} `json:"steps"`
	} `json:"elements"`
}

// runGodog runs features in a godog suite of the caller's, with podlife's
// steps and one step of the caller's own, and returns godog's status,
// the scenarios' outcomes by name and what podlife logged.
func runGodog(t *testing.T, opt Options, paths []string, features ...godog.Feature) (int, map[string][]string, string) {
	t.Helper()
	var out, log bytes.Buffer
	opt.Log = &log
	ours := 0
	suite := godog.TestSuite{
		Name: "ours",
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			InitializeScenario(sc, opt)
			sc.Step(`^our own step runs$`, func(ctx context.Context) error { ours++; return nil })
		},
		Options: &godog.Options{Format: "cucumber", Output: &out, Strict: true, Concurrency: 4, Paths: paths, FeatureContents: features},
	}
	status := suite.Run()
	var cj cucumber
	if err := json.Unmarshal(out.Bytes(), &cj); err != nil {
		t.Fatalf("cucumber JSON: %v\n%s", err, out.String())
	}
	outcomes := map[string][]string{}
	for _, f := range cj {
		for _, e := range f.Elements {
			o := "passed"
			attached := false
			for _, s := range e.Steps {
				if s.Result.Status != "passed" && o == "passed" {
					o = s.Result.Status
				}
				for _, em := range s.Embeddings {
					attached = attached || em.Name == "timeline.txt"
				}
			}
			if attached {
				o += " with its timeline"
			}
			outcomes[e.Name] = append(outcomes[e.Name], o)
		}
	}
	if ours > 0 {
		outcomes["our own step"] = []string{"ran"}
	}
	return status, outcomes, log.String()
}

// TestInitializeScenario: podlife's steps in a godog suite of one's own,
// on the simulator, scenarios running four at a time: each gets its own
// simulator (an outline's rows too), a manifest path is read relative to
// its feature file, a @kubelet: tag picks the profile, a @live scenario
// is skipped with its reason, and the caller's own steps run beside
// podlife's.
func TestInitializeScenario(t *testing.T) {
	own := godog.Feature{Name: "own.feature", Contents: []byte(`Feature: mixed
  Scenario: our step and podlife's
    Given a pod "web"
    And our own step runs
    When the pod "web" is deleted
    Then the pod "web" is gone within 2s
`)}
	status, outcomes, log := runGodog(t, Options{Driver: Simulator(), Seed: 1}, []string{"testdata/pass.feature"}, own)
	if status != 0 {
		t.Errorf("godog status %d, outcomes %v\nlog:\n%s", status, outcomes, log)
	}
	want := map[string][]string{
		"SIGKILL at the end of the grace period":          {"passed with its timeline"},
		"a manifest read from a file next to the feature": {"passed with its timeline"},
		"the grace period decides when SIGKILL comes":     {"passed with its timeline", "passed with its timeline"},
		"an older kubelet on the simulator":               {"passed with its timeline"},
		"a scenario for a cluster only":                   {"skipped"},
		"our step and podlife's":                          {"passed with its timeline"},
		"our own step":                                    {"ran"},
	}
	for name, w := range want {
		if strings.Join(outcomes[name], ", ") != strings.Join(w, ", ") {
			t.Errorf("%q: %v, want %v", name, outcomes[name], w)
		}
	}
	if !strings.Contains(log, `skipped "a scenario for a cluster only" (testdata/pass.feature): tagged @live: runs on the live driver only`) {
		t.Errorf("the skip's reason is not logged:\n%s", log)
	}
}

// TestFailureIsExplained: a false expectation fails the scenario, and
// podlife logs what was expected, what was observed and the timeline.
func TestFailureIsExplained(t *testing.T) {
	status, outcomes, log := runGodog(t, Options{}, []string{"testdata/fail.feature"})
	if status == 0 || strings.Join(outcomes["SIGKILL expected too early"], "") != "failed with its timeline" {
		t.Errorf("status %d, outcomes %v", status, outcomes)
	}
	for _, want := range []string{`"SIGKILL expected too early" (testdata/fail.feature) failed`, "expected SIGKILL of container \"app\" at 4s",
		"timeline (times from t=0)", "SIGTERM", "SIGKILL"} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
}

// TestDriverThatCannotStart: a live driver without a cluster fails each
// scenario with the reason (here, a kubeconfig that does not exist: no
// cluster is contacted).
func TestDriverThatCannotStart(t *testing.T) {
	d := Live(LiveOptions{Kubeconfig: t.TempDir() + "/no-such-kubeconfig"})
	if d.Name() != "live" {
		t.Errorf("driver %q", d.Name())
	}
	status, outcomes, log := runGodog(t, Options{Driver: d}, []string{"testdata/fail.feature"})
	if status == 0 || strings.Join(outcomes["SIGKILL expected too early"], "") != "failed" ||
		!strings.Contains(log, "starting the scenario on the live driver") || !strings.Contains(log, "no-such-kubeconfig") {
		t.Errorf("status %d, outcomes %v, log:\n%s", status, outcomes, log)
	}
}

// TestScenarioSeed: a scenario's seed depends on the run's seed and on
// the scenario (an outline's rows differ by their steps), never on when
// it runs.
func TestScenarioSeed(t *testing.T) {
	p := &godog.Scenario{Uri: "features/a b.feature", Name: "x"}
	id1, s1 := identify(1, p, []string{"a pod \"web\"", "3s pass"})
	id2, s2 := identify(1, p, []string{"a pod \"web\"", "3s pass"})
	_, s3 := identify(1, p, []string{"a pod \"web\"", "4s pass"})
	_, s4 := identify(2, p, []string{"a pod \"web\"", "3s pass"})
	if id1 != id2 || s1 != s2 || s1 == s3 || s1 == s4 || s1 < 0 {
		t.Errorf("seeds %d %d %d %d, ids %q %q", s1, s2, s3, s4, id1, id2)
	}
	if !strings.HasPrefix(id1, "a-b-") {
		t.Errorf("id %q", id1)
	}
}
