package runner

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/timeline"
)

func load(t *testing.T, path string) []*Scenario {
	t.Helper()
	_, scs, problems := Load([]string{path})
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	return scs
}

// TestEachPickleRunsAlone: every scenario, every example row of an
// outline and a scenario inside a Rule runs as exactly one pickle, at its
// own line.
func TestEachPickleRunsAlone(t *testing.T) {
	scs := load(t, "testdata/outline.feature")
	wantLines := []int{3, 16, 17, 18, 22}
	if len(scs) != len(wantLines) {
		t.Fatalf("%d pickles, want %d", len(scs), len(wantLines))
	}
	for i, sc := range scs {
		if sc.Line != wantLines[i] {
			t.Errorf("pickle %d at line %d, want %d", i, sc.Line, wantLines[i])
		}
		res := Run(context.Background(), sc, Options{Driver: simdriver.New(), Seed: 1})
		if res.Status != report.Passed {
			t.Errorf("%s: %s\n%s", sc.ID(), res.Status, res.Explain())
		}
	}
}

// TestSameSeedSameTimeline: every catalogue scenario (100 or more) run
// twice with each of two seeds, once one at a time with GOMAXPROCS 1 and
// once eight at a time with GOMAXPROCS 8, gives byte-identical timelines:
// the seed depends on the place, not the order or the parallelism. And
// the seed is used: some timelines (restart jitter) differ between seeds.
func TestSameSeedSameTimeline(t *testing.T) {
	scs := load(t, "../../features")
	if len(scs) < 100 {
		t.Fatalf("%d scenarios in the catalogue, want 100 or more", len(scs))
	}
	runAll := func(seed int64, procs int) []string {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		out := make([]string, len(scs))
		next := make(chan int)
		var wg sync.WaitGroup
		for range procs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					res := Run(context.Background(), scs[i], Options{Driver: simdriver.New(), Seed: seed})
					out[i] = res.TimelineText()
				}
			}()
		}
		for i := range scs {
			next <- i
		}
		close(next)
		wg.Wait()
		return out
	}
	byseed := map[int64][]string{}
	for _, seed := range []int64{7, 8} {
		a, b := runAll(seed, 1), runAll(seed, 8)
		for i, sc := range scs {
			if a[i] != b[i] {
				t.Errorf("%s: timelines differ between GOMAXPROCS 1 and 8 with seed %d:\n%s\n---\n%s", sc.ID(), seed, a[i], b[i])
			}
		}
		byseed[seed] = a
	}
	differ := 0
	for i := range scs {
		if byseed[7][i] != byseed[8][i] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("no timeline depends on the seed: is the random source used?")
	}
	t.Logf("%d scenarios x 2 seeds x 2 runs; %d timelines depend on the seed", len(scs), differ)
	if ScenarioSeed(1, "a.feature", 3) == ScenarioSeed(1, "a.feature", 4) {
		t.Error("two scenarios of one file share a seed")
	}
}

// TestLintFindsEveryProblem: an unknown YAML field, a bad duration and an
// undefined step, each at its line, all reported.
func TestLintFindsEveryProblem(t *testing.T) {
	problems := Lint(load(t, "testdata/lint.feature"), simdriver.New())
	want := []string{
		`testdata/lint.feature:9: unknown field "spec.containers[0].colour"`,
		`testdata/lint.feature:11: "5x" is not a duration`,
		`testdata/lint.feature:12: undefined step: Then the pod "web" dances; nearest phrase: Then the pod "web" `,
	}
	if len(problems) != len(want) {
		t.Fatalf("problems: %v", problems)
	}
	for i, p := range problems {
		if !strings.HasPrefix(p.Error(), want[i]) {
			t.Errorf("problem %d = %q, want prefix %q", i, p.Error(), want[i])
		}
	}
}

func TestTagFilter(t *testing.T) {
	f, err := ParseFilter("@seed:003 && !slow")
	if err != nil {
		t.Fatal(err)
	}
	if !f([]string{"seed:003", "termination"}) || f([]string{"seed:003", "slow"}) {
		t.Error("filter selects the wrong scenarios")
	}
	if _, err := ParseFilter("(termination"); err == nil {
		t.Error("an unbalanced expression was accepted")
	}
}

func TestReadTags(t *testing.T) {
	for _, bad := range [][]string{{"needs:teleport"}, {"kubelet:2.0"}, {"kubelet:1.99"}, {"sim", "live"},
		{"control-plane:1.x"}, {"control-plane:1.34", "control-plane:1.35"},
		{"kubelet:1.32", "control-plane:1.36"}, // four minor versions of skew
		{"kubelet:1.36", "control-plane:1.35"}, // a kubelet newer than its API server
	} {
		if _, err := ReadTags(bad); err == nil {
			t.Errorf("tags %v accepted", bad)
		}
	}
	m, err := ReadTags([]string{"kubelet:1.27", "needs:static-pods", "seed:003"})
	if err != nil || m.KubeletVersion != "1.27" || len(m.Needs) != 1 {
		t.Errorf("ReadTags = %+v, %v", m, err)
	}
	m, err = ReadTags([]string{"kubelet:1.33", "control-plane:1.36"})
	if err != nil || m.KubeletVersion != "1.33" || m.ControlPlaneVersion != "1.36" {
		t.Errorf("ReadTags = %+v, %v", m, err)
	}
}

// TestResultCarriesSourceAndPods: a result holds the scenario's own text
// (an outline with only its example row, the Background included) and the
// pods the driver received, without Go's empty fields.
func TestResultCarriesSourceAndPods(t *testing.T) {
	scs := load(t, "testdata/outline.feature")
	src := Source(scs[2]) // the example row at line 17
	if !strings.Contains(src, "| 5     | 5s   |") || strings.Contains(src, "| 30    |") || strings.Contains(src, "Scenario: before") {
		t.Errorf("outline row source:\n%s", src)
	}
	sc := load(t, "testdata/source.feature")[1]
	res := Run(context.Background(), sc, Options{Driver: simdriver.New(), Seed: 1})
	if res.Status != report.Passed {
		t.Fatalf("%s: %s", sc.ID(), res.Explain())
	}
	if !strings.HasPrefix(res.Gherkin, "Background:\n  Given a cluster\n\n@behavior:example @seed:example\nScenario: the one shown\n") ||
		strings.Contains(res.Gherkin, "before") {
		t.Errorf("source is not the Background and the scenario:\n%s", res.Gherkin)
	}
	if len(res.Pods) != 1 || res.Pods[0].Name != "web" {
		t.Fatalf("pods recorded: %+v", res.Pods)
	}
	y := res.Pods[0].YAML
	for _, want := range []string{"kind: Pod", "--on-sigterm=ignore", "terminationGracePeriodSeconds: 5"} {
		if !strings.Contains(y, want) {
			t.Errorf("pod YAML lacks %q:\n%s", want, y)
		}
	}
	for _, noise := range []string{"{}", "creationTimestamp"} {
		if strings.Contains(y, noise) {
			t.Errorf("pod YAML carries %q:\n%s", noise, y)
		}
	}
}

// TestLintWarnsOfMissingNeeds: dsl.md's Defaults, "lint warns when the
// @needs: tag is missing", at the step that needs it (and of a scenario
// waiting over a minute without @slow); a tag naming the
// capability, the version's @kubelet tag or @sim silences it, and a
// warning is not a problem.
func TestLintWarnsOfMissingNeeds(t *testing.T) {
	problems, notes := Check(load(t, "testdata/needs.feature"), simdriver.New())
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	got := warningsOf(notes)
	want := []string{
		"testdata/needs.feature:3: warning: this step declares a static pod, which a driver without static-pods cannot do: the scenario is skipped there; tag it @needs:static-pods",
		"testdata/needs.feature:18: warning: this step puts a node under pressure, which a driver without node-pressure cannot do: the scenario is skipped there; tag it @needs:node-pressure",
		"testdata/needs.feature:19: warning: this step restarts a kubelet, which a driver without kubelet-restart cannot do: the scenario is skipped there; tag it @needs:kubelet-restart",
		"testdata/needs.feature:26: warning: this step asks for kubelet 1.29, which a driver without kubelet-profiles cannot do: the scenario is skipped there; tag it @needs:kubelet-profiles or with its version (@kubelet:1.N)",
		"testdata/needs.feature:33: warning: the scenario waits 1m30s in its `N pass` steps alone: tag it @slow (over 1m0s on a real kubelet), which CI's live subset leaves out",
		"testdata/needs.feature:54: warning: the scenario's expectations run it to 5m0s at least: tag it @slow (over 1m0s on a real kubelet), which CI's live subset leaves out",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestLintPlacesAtTheField: a problem found after decoding (a step's
// value against the YAML's, an agent container's command, the API
// server's validation) is reported at the line of the field it concerns.
func TestLintPlacesAtTheField(t *testing.T) {
	problems := Lint(load(t, "testdata/field-lines.feature"), simdriver.New())
	want := []string{
		"testdata/field-lines.feature:6: the step gives terminationGracePeriodSeconds 10",
		"testdata/field-lines.feature:17: container \"app\" has no image",
		"testdata/field-lines.feature:34: pod \"web\": the API server would reject the pod: spec.containers[1].livenessProbe.successThreshold",
	}
	if len(problems) != len(want) {
		t.Fatalf("problems: %v", problems)
	}
	for i, p := range problems {
		if !strings.HasPrefix(p.Error(), want[i]) {
			t.Errorf("problem %d = %q, want prefix %q", i, p.Error(), want[i])
		}
	}
}

// TestTableRowsKept: a judged timeline table is kept in the result, each
// row with the event it matched (a timed row with its window and the
// number of the check it made), a row that matched nothing without one.
func TestTableRowsKept(t *testing.T) {
	want := [][]string{
		{"1 app SIGTERM: SIGTERM at 0s, window 0s-0s, check 1", "2 app Exited(137): Exited(137) at 5s", "3  Deleted: Deleted at 5s, window 5s-5s, check 2"},
		{"1 app SIGTERM: SIGTERM at 0s, window 0s-0s, check 1", "2 app SIGKILL: none, window 4s-4s, check 2", "3  Deleted: Deleted at 5s"},
	}
	for i, sc := range load(t, "testdata/table.feature") {
		res := Run(context.Background(), sc, Options{Driver: simdriver.New(), Seed: 1})
		if (res.Status == report.Passed) != (i == 0) {
			t.Errorf("%s: %s\n%s", sc.ID(), res.Status, res.Explain())
		}
		if len(res.Tables) != 1 || res.Tables[0].Pod != "web" || res.Tables[0].Line != res.Steps[3].Line {
			t.Fatalf("%s: tables %+v", sc.ID(), res.Tables)
		}
		var got []string
		for _, r := range res.Tables[0].Rows {
			s := fmt.Sprintf("%d %s %s: ", r.Row, r.Container, r.Label)
			if r.Matched != nil {
				s += fmt.Sprintf("%s at %s", r.Matched.Label(), timeline.FormatOffset(r.Matched.At-res.T0))
			} else {
				s += "none"
			}
			if r.HasAt {
				s += fmt.Sprintf(", window %s-%s, check %d", timeline.FormatOffset(r.From-res.T0), timeline.FormatOffset(r.To-res.T0), r.Check)
				if r.Check < 1 || r.Check > len(res.Checks) {
					t.Errorf("%s row %d: check %d of %d", sc.ID(), r.Row, r.Check, len(res.Checks))
				} else if ck := res.Checks[r.Check-1]; ck.What != r.Label || ck.Line != res.Tables[0].Line {
					t.Errorf("%s row %d: its check is %+v", sc.ID(), r.Row, ck)
				}
			}
			got = append(got, s)
		}
		if strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s: rows\n%s\nwant\n%s", sc.ID(), strings.Join(got, "\n"), strings.Join(want[i], "\n"))
		}
	}
}

// TestLintWarnsOfAnActionUnderThen: Gherkin's keywords do not change what
// a step does, so an action written as an expectation acts and checks
// nothing (a blind first draft's `Then node "worker-1" is cordoned`,
// meant as a check, 2026-11-29): lint warns at it, not at the same
// action under When, nor at an expectation under Then.
func TestLintWarnsOfAnActionUnderThen(t *testing.T) {
	problems, notes := Check(load(t, "testdata/then-action.feature"), simdriver.New())
	if len(problems) > 0 {
		t.Fatalf("problems: %v", problems)
	}
	got := warningsOf(notes)
	want := "testdata/then-action.feature:8: warning: `node \"worker-1\" is cordoned` is an action, written under Then: it does what it says and checks nothing; write it under When, or to check the state it brings about, write `node \"worker-1\" is unschedulable`"
	if len(got) != 1 || got[0] != want {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// warningsOf are the warnings among notes, as lint prints them.
func warningsOf(notes []Note) []string {
	var out []string
	for _, n := range notes {
		if n.Warning {
			out = append(out, n.String())
		}
	}
	return out
}

// TestLintWarnsOfTheKubeletsEvictionUnderWhen: `… is evicted` is the
// kubelet's eviction, an expectation; written as an action (issue 38's
// fourteenth blind batch: `When the first pod of deployment "checkout"
// is evicted`, then `Then the eviction is accepted`) it posts nothing:
// lint warns at each such action, with the request's phrase for its pod,
// not at the same phrase under Then nor at the request.
func TestLintWarnsOfTheKubeletsEvictionUnderWhen(t *testing.T) {
	_, notes := Check(load(t, "testdata/evicted-when.feature"), simdriver.New())
	got := warningsOf(notes)
	want := []string{
		"testdata/evicted-when.feature:6: warning: `the first pod of replica set \"web\" is evicted` is the kubelet's eviction under node pressure, an expectation, written under When: it waits for that eviction and asks for none; to post an Eviction to the API server, write `the eviction of pod 1 of replica set \"web\" is requested` (a workload's pod by its number: `pod 1 of deployment \"x\"`)",
		"testdata/evicted-when.feature:7: warning: `the pod \"solo\" is evicted` is the kubelet's eviction under node pressure, an expectation, written under When: it waits for that eviction and asks for none; to post an Eviction to the API server, write `the eviction of pod \"solo\" is requested` (a workload's pod by its number: `pod 1 of deployment \"x\"`)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
