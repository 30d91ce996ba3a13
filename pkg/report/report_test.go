package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

const s = time.Second

// ev builds a container event (pod "web").
func ev(at time.Duration, container string, kind timeline.Kind, code int) timeline.Event {
	return timeline.Event{At: at, Pod: "web", Container: container, Kind: kind, Code: code}
}

// graceful is a timeline of "web": app started, deleted at 10s, preStop
// for 3s, SIGTERM, exit 143 after 1s, pod gone. shift moves every event
// after the delete; t0 is the delete.
func graceful(shift time.Duration) []timeline.Event {
	return []timeline.Event{
		{At: 0, Pod: "web", Kind: timeline.PodCreated},
		ev(0, "app", timeline.Started, 0),
		{At: 0, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
		{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 30},
		ev(10*s, "app", timeline.PreStopStarted, 0),
		ev(13*s+shift, "app", timeline.PreStopDone, 0),
		ev(13*s+shift, "app", timeline.SIGTERM, 0),
		ev(14*s+shift, "app", timeline.Exited, 143),
		{At: 14*s + shift, Pod: "web", Kind: timeline.Deleted},
	}
}

func result(driver string, line int, status Status, events []timeline.Event) Result {
	return Result{Driver: driver, Feature: "features/termination/prestop.feature", FeatureName: "preStop", Name: "scenario",
		Line: line, Status: status, T0: 10 * s, Timeline: events, Tags: []string{"termination", "behavior:prestop-in-grace"}}
}

// TestDiffRules: each rule of the sim-vs-live comparison.
func TestDiffRules(t *testing.T) {
	swapped := graceful(0)
	swapped[5], swapped[6] = swapped[6], swapped[5] // SIGTERM before PreStopDone
	exit137 := graceful(0)
	exit137[7].Code = 137
	late := graceful(0)
	late[1].At = -5 * s // a slow pod start, before t=0: not a timing difference
	failed := result("live", 8, Failed, graceful(0))
	failed.Failure = &Failure{Line: 12, Message: "expected SIGTERM at 3s\ngot 5s"}
	// A live run that ended 2s after t=0 never saw what came at 4s.
	short := result("live", 8, Passed, graceful(0)[:7])
	short.Virtual = 12 * s
	skipped := result("live", 8, Skipped, nil)
	skipped.Reason = "needs node-pressure"
	cases := []struct {
		name      string
		b         Result
		kinds     []string
		skipped   bool
		textParts []string
	}{
		{name: "the same timeline does not diverge", b: result("live", 8, Passed, graceful(0))},
		{name: "times within the tolerance do not diverge", b: result("live", 8, Passed, graceful(1400*time.Millisecond))},
		{name: "a time beyond the tolerance diverges", b: result("live", 8, Passed, graceful(2*s)),
			kinds: []string{"timing", "timing", "timing"}, textParts: []string{"web/app SIGTERM at 3s on sim, 5s on live (Δ +2s, tolerance 1.5s)"}},
		{name: "events in another order diverge", b: result("live", 8, Passed, swapped),
			kinds: []string{"order"}, textParts: []string{"from event 3 on: sim has web/app PreStopDone, web/app SIGTERM"}},
		{name: "another exit code is an event one run lacks", b: result("live", 8, Passed, exit137),
			kinds: []string{"events", "events"}, textParts: []string{"web/app Exited(143) at 4s on sim, never on live", "web/app Exited(137) at 4s on live, never on sim"}},
		{name: "times before t=0 are setup, compared for order only", b: result("live", 8, Passed, late)},
		{name: "what a run did after the other was observed is no difference", b: short},
		{name: "another outcome diverges, with the failure", b: failed,
			kinds: []string{"outcome"}, textParts: []string{"passed on sim, failed on live; live: line 12: expected SIGTERM at 3s"}},
		{name: "a skip is not compared", b: skipped, skipped: true, textParts: []string{"skipped on live: needs node-pressure"}},
		{name: "a scenario only one run has is not compared", b: result("live", 99, Passed, graceful(0)), skipped: true, textParts: []string{"only in sim"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := Diff("sim", []Result{result("sim", 8, Passed, graceful(0))}, "live", []Result{tc.b}, DefaultTolerance)
			var kinds []string
			var texts []string
			for _, sd := range d.Diverged {
				for _, df := range sd.Differences {
					kinds = append(kinds, df.Kind)
					texts = append(texts, df.Text)
				}
			}
			for _, sd := range d.NotCompared {
				texts = append(texts, sd.NotCompared)
			}
			if strings.Join(kinds, ",") != strings.Join(tc.kinds, ",") {
				t.Errorf("differences %v, want kinds %v", texts, tc.kinds)
			}
			if (len(d.NotCompared) > 0) != tc.skipped {
				t.Errorf("not compared: %+v", d.NotCompared)
			}
			all := strings.Join(texts, "\n")
			for _, part := range tc.textParts {
				if !strings.Contains(all, part) {
					t.Errorf("differences lack %q:\n%s", part, all)
				}
			}
		})
	}
}

// TestDiffConcurrentHooks: hooks the kubelet starts together may come in
// either order live; a container's own events may not.
func TestDiffConcurrentHooks(t *testing.T) {
	hooks := func(order ...string) []timeline.Event {
		out := []timeline.Event{{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested}}
		for i, c := range order {
			out = append(out, timeline.Event{At: 10*s + time.Duration(i)*20*time.Millisecond, Pod: "web", Container: c, Kind: timeline.PreStopStarted})
		}
		return out
	}
	sim := result("sim", 8, Passed, []timeline.Event{{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested},
		ev(10*s, "sidecar", timeline.PreStopStarted, 0), ev(10*s, "app", timeline.PreStopStarted, 0)})
	if d := Diff("sim", []Result{sim}, "live", []Result{result("live", 8, Passed, hooks("app", "sidecar"))}, DefaultTolerance); len(d.Diverged) != 0 {
		t.Errorf("concurrent hooks reported: %+v", d.Diverged[0].Differences)
	}
	causal := result("sim", 8, Passed, []timeline.Event{{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested},
		ev(10*s, "app", timeline.Exited, 143), ev(10*s, "sidecar", timeline.SIGTERM, 0)})
	reversed := result("live", 8, Passed, []timeline.Event{{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested},
		ev(10*s, "sidecar", timeline.SIGTERM, 0), ev(10*s+300*time.Millisecond, "app", timeline.Exited, 143)})
	if d := Diff("sim", []Result{causal}, "live", []Result{reversed}, DefaultTolerance); len(d.Diverged) != 1 {
		t.Errorf("a sidecar's SIGTERM before the app's exit is not reported")
	}
	// One container's events in one instant on the simulator: within a
	// few milliseconds live, their order is below what a live run sees;
	// 50 ms apart, it is an order.
	own := result("sim", 8, Passed, []timeline.Event{ev(10*s, "app", timeline.Started, 0), ev(10*s, "app", timeline.PreStopStarted, 0)})
	for gap, want := range map[time.Duration]int{time.Millisecond: 0, 50 * time.Millisecond: 1} {
		live := result("live", 8, Passed, []timeline.Event{ev(10*s, "app", timeline.PreStopStarted, 0), ev(10*s+gap, "app", timeline.Started, 0)})
		if d := Diff("sim", []Result{own}, "live", []Result{live}, DefaultTolerance); len(d.Diverged) != want {
			t.Errorf("a preStop's start %s before its container's Started: %d diverged, want %d", gap, len(d.Diverged), want)
		}
	}
}

// TestDiffPage: the page lists the diverged scenario with both charts and
// names no external address.
func TestDiffPage(t *testing.T) {
	d := Diff("sim", []Result{result("sim", 8, Passed, graceful(0))}, "live", []Result{result("live", 8, Passed, graceful(2*s))}, DefaultTolerance)
	var b bytes.Buffer
	if err := d.HTML(&b); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{`data-id="features/termination/prestop.feature:8"`, "timing", "[sim]", "[live]"} {
		if !strings.Contains(page, want) {
			t.Errorf("diff page lacks %q", want)
		}
	}
	selfContained(t, page)
}

// selfContained fails if a page could reach the network or run a script.
func selfContained(t *testing.T, page string) {
	t.Helper()
	for _, bad := range []string{"http://", "https://", "<script", "src=", "<link", "@import", "url("} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q: it must work offline, without scripts", bad)
		}
	}
}

// TestJUnit: one testsuite per feature, one testcase per scenario and
// driver, classname the feature path, skips with their reason, failures
// with the expectation against the observation and the timeline.
func TestJUnit(t *testing.T) {
	ok := result("sim", 8, Passed, graceful(0))
	bad := result("sim", 20, Failed, graceful(0))
	bad.Failure = &Failure{Step: `Then container "app" receives SIGTERM at 2s`, Line: 25, Message: "expected SIGTERM of container \"app\" at 2s\n     got it at 3s"}
	skip := result("sim", 30, Skipped, nil)
	skip.Reason = "needs static-pods"
	other := result("sim", 3, Passed, nil)
	other.Feature = "features/termination/grace.feature"
	rs := []Result{ok, bad, skip, other}
	Sort(rs)
	suites := JUnit(rs)
	if len(suites.Suites) != 2 || suites.Tests != 4 || suites.Failures != 1 || suites.Skipped != 1 {
		t.Fatalf("suites: %d, tests %d, failures %d, skipped %d", len(suites.Suites), suites.Tests, suites.Failures, suites.Skipped)
	}
	var b bytes.Buffer
	if err := suites.WriteXML(&b); err != nil {
		t.Fatal(err)
	}
	x := b.String()
	for _, want := range []string{
		`classname="features/termination/prestop.feature"`,
		`<skipped message="needs static-pods">`,
		`message="features/termination/prestop.feature:25: Then container &#34;app&#34; receives SIGTERM at 2s: expected SIGTERM of container &#34;app&#34; at 2s got it at 3s"`,
		"timeline (kubelet", "SIGTERM", "Exited(143)",
	} {
		if !strings.Contains(x, want) {
			t.Errorf("JUnit lacks %q:\n%s", want, x)
		}
	}
}

// TestCucumber: one feature per file, uris without :line, the features'
// comments (the other scenarios godog saw commented out) dropped, the
// timeline attachment kept.
func TestCucumber(t *testing.T) {
	one := func(line int) json.RawMessage {
		return json.RawMessage(`[{"uri":"features/a.feature","comments":[{"line":3,"value":"#  Scenario: other"}],"elements":[{"line":` +
			strconv.Itoa(line) + `,"steps":[{"embeddings":[{"mime_type":"text/plain","data":"dGltZWxpbmU=","name":"timeline.txt"}]}]}]}]`)
	}
	a, b := result("sim", 2, Passed, nil), result("sim", 5, Passed, nil)
	a.Cucumber, b.Cucumber = one(2), one(5)
	raw, err := Cucumber([]Result{a, b})
	if err != nil {
		t.Fatal(err)
	}
	var doc []map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc) != 1 || doc[0]["uri"] != "features/a.feature" || len(doc[0]["elements"].([]any)) != 2 {
		t.Fatalf("merged: %s", raw)
	}
	if _, ok := doc[0]["comments"]; ok {
		t.Error("comments kept")
	}
	if !strings.Contains(string(raw), `"embeddings"`) {
		t.Error("the timeline attachment was lost")
	}
}

// TestCoverage: a behaviour per @behavior: tag, the area for a scenario
// without one; a behaviour fails on a driver if any of its scenarios does.
func TestCoverage(t *testing.T) {
	a := result("sim", 8, Passed, nil)
	b := result("sim", 20, Failed, nil)
	c := result("sim", 30, Passed, nil)
	c.Tags = []string{"termination"}
	d := result("live", 8, Skipped, nil)
	d.Reason, d.KubeletVersion = "no cluster", "1.35"
	entries := Coverage([]Result{a, b, c, d})
	if len(entries) != 2 || entries[0].Behavior != "prestop-in-grace" || entries[1].Behavior != "termination" {
		t.Fatalf("entries: %+v", entries)
	}
	e := entries[0]
	if len(e.Scenarios) != 2 || len(e.Scenarios[0].Results) != 2 {
		t.Fatalf("scenarios: %+v", e.Scenarios)
	}
	want := []CoverageStatus{{Driver: "sim", Kubernetes: "default", Status: Failed}, {Driver: "live", Kubernetes: "1.35", Status: Skipped}}
	if len(e.Status) != 2 || e.Status[0] != want[0] || e.Status[1] != want[1] {
		t.Errorf("status %+v, want %+v", e.Status, want)
	}
	y, err := CoverageYAML(entries)
	if err != nil || !strings.Contains(string(y), "- behavior: prestop-in-grace\n  area: termination\n") {
		t.Errorf("coverage.yaml:\n%s", y)
	}
}

// TestSummaryMarkdown: counts per area and driver, then each failure with
// its expected and observed lines.
func TestSummaryMarkdown(t *testing.T) {
	bad := result("sim", 20, Failed, graceful(0))
	bad.Failure = &Failure{Step: "Then x", Line: 25, Message: "expected SIGTERM at 2s\n     got it at 3s"}
	bad.Checks = []timeline.Check{{Line: 25, Pod: "web", Container: "app", What: "SIGTERM", From: 12 * s, To: 12 * s, Observed: 13 * s, Seen: true}}
	var b bytes.Buffer
	SummaryMarkdown(&b, "t", []Result{result("sim", 8, Passed, nil), bad, result("live", 8, Passed, nil)})
	md := b.String()
	for _, want := range []string{"| termination | sim | 1 | 1 | 0 |", "| termination | live | 1 | 0 | 0 |",
		"expected SIGTERM at 2s\n     got it at 3s", `- line 25: SIGTERM of container "app" expected at 2s, observed 3s`} {
		if !strings.Contains(md, want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}
}

// TestWriteAndSiblings: Write leaves every report and results.json, which
// ReadResults reads back; another driver's results next to the folder
// give the page a column for that driver, and a divergence a mark.
func TestWriteAndSiblings(t *testing.T) {
	root := t.TempDir()
	live := []Result{result("live", 8, Passed, graceful(2*s))}
	if err := Write(filepath.Join(root, "live"), live); err != nil {
		t.Fatal(err)
	}
	sim := []Result{result("sim", 8, Passed, graceful(0))}
	dir := filepath.Join(root, "sim")
	if err := Write(dir, sim); err != nil {
		t.Fatal(err)
	}
	for _, f := range strings.Split(Files, ", ") {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s was not written: %v", f, err)
		}
	}
	back, err := ReadResults(dir)
	if err != nil || len(back) != 1 || back[0].Driver != "sim" || len(back[0].Timeline) != len(sim[0].Timeline) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	page, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	for _, want := range []string{`<th scope="col" class="driver">live</th>`, `class="cell passed diverged" data-driver="live"`} {
		if !strings.Contains(string(page), want) {
			t.Errorf("index.html lacks %q", want)
		}
	}
	selfContained(t, string(page))
	if _, err := ReadResults(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no results.json") {
		t.Errorf("reading an empty folder: %v", err)
	}
}

// TestChartRules: what the chart draws for a timeline, rule by rule.
func TestChartRules(t *testing.T) {
	r := result("sim", 8, Failed, graceful(0))
	r.Failure = &Failure{Line: 12, Message: "expected SIGTERM at 2s"}
	r.Checks = []timeline.Check{
		{Line: 11, Pod: "web", Container: "app", What: "PreStopStarted", From: 10 * s, To: 10 * s, Observed: 10 * s, Seen: true, OK: true},
		{Line: 12, Pod: "web", Container: "app", What: "SIGTERM", From: 12 * s, To: 12 * s, Observed: 13 * s, Seen: true},
	}
	c := newChart(&r, false, true)
	has := func(list []shape, class string) bool {
		for _, sh := range list {
			if sh.Class == class {
				return true
			}
		}
		return false
	}
	cases := []struct {
		rule string
		ok   bool
	}{
		{"one lane per pod, its STATUS lane, then one per container", len(c.Lanes) == 3 && c.Lanes[0].Label == "pod web" &&
			c.Lanes[1].Label == "STATUS" && c.Lanes[1].Status && c.Lanes[2].Label == "app"},
		{"a running span from start to exit", has(c.Rects, "run")},
		{"a preStop span", has(c.Rects, "prestop")},
		{"pod phase bands", has(c.Rects, "phase phase-running")},
		{"a terminating band from the delete to gone", has(c.Rects, "terminating")},
		{"SIGTERM, exit and gone marks", has(c.Lines, "mark sigterm") && has(c.Lines, "mark exit") && has(c.Lines, "mark gone")},
		{"t=0 is the delete", c.T0X > c.PlotLeft && c.T0X < c.PlotRight},
		{"a met expectation is drawn plain", c.Checks[0].Class == "check ok" && c.Checks[0].Mark == nil},
		{"a failed expectation is drawn red with its text on the lane", c.Checks[1].Class == "check failed" && c.Checks[1].Mark != nil &&
			strings.Contains(c.Checks[1].Mark.Text, "expected at 2s, observed 3s")},
		{"a failed scenario carries a banner", strings.Contains(c.Failure, "line 12: expected SIGTERM at 2s")},
	}
	for _, tc := range cases {
		if !tc.ok {
			t.Errorf("chart rule broken: %s", tc.rule)
		}
	}
}

func TestTicks(t *testing.T) {
	cases := []struct {
		name   string
		lo, hi float64
		want   string
	}{
		{"seconds for a short scenario", -0.3, 7.3, "0 1 2 3 4 5 6 7"},
		{"five seconds for half a minute", -1, 31, "0 5 10 15 20 25 30"},
		{"negative times before t=0", -4.5, 10.5, "-4 -2 0 2 4 6 8 10"},
	}
	for _, tc := range cases {
		var got []string
		for _, v := range ticks(tc.lo, tc.hi) {
			got = append(got, px(v))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%s: ticks %v, want %s", tc.name, got, tc.want)
		}
	}
}

// TestRetriedShown: a scenario that passed on a second attempt is counted
// passed, and both summaries name it with its first failure.
func TestRetriedShown(t *testing.T) {
	r := result("live", 8, Passed, nil)
	r.FirstAttempt = "features/termination/prestop.feature:25: Then x\n    expected SIGTERM at 2s (±3s)\n    got it at 6s\ntimeline..."
	results := []Result{r, result("live", 20, Passed, nil)}
	var txt, md bytes.Buffer
	Summary(&txt, results, false)
	want := "prestop.feature:8 scenario [live]: features/termination/prestop.feature:25: Then x / expected SIGTERM at 2s (±3s), then passed"
	if !strings.Contains(txt.String(), want) || strings.Count(txt.String(), "prestop.feature:20") != 0 {
		t.Errorf("summary.txt:\n%s\nwant a line with %q", txt.String(), want)
	}
	SummaryMarkdown(&md, "t", results)
	if !strings.Contains(md.String(), "## Failed on a first attempt") || !strings.Contains(md.String(), "got it at 6s") || !strings.Contains(md.String(), "| **all** | live | **2** | **0** | **0** |") {
		t.Errorf("summary.md:\n%s", md.String())
	}
}

// timedChecks are the checks of a live scenario whose t=0 is at 10s: one
// that a 1 s shift either way would fail, one that would pass 1 s off
// both ways, a failed one that would pass 1 s later, and two that are not
// timed (a `within` window and the kubelet's reaction).
func timedChecks() []timeline.Check {
	ms := time.Millisecond
	return []timeline.Check{
		{Line: 11, Pod: "web", Container: "app", What: "SIGTERM", Ref: 10 * s, ExpectFrom: 3 * s, ExpectTo: 3 * s,
			From: 13*s - 250*ms, To: 13*s + 250*ms, Observed: 13*s + 100*ms, Seen: true, OK: true},
		{Line: 12, Pod: "web", Container: "app", What: "Exited(143)", Ref: 10 * s, ExpectFrom: 4 * s, ExpectTo: 4 * s,
			From: 11 * s, To: 17 * s, Observed: 14 * s, Seen: true, OK: true},
		{Line: 13, Pod: "web", What: "gone", Ref: 10 * s, ExpectFrom: 2 * s, ExpectTo: 2 * s,
			From: 12 * s, To: 12 * s, Observed: 13 * s, Seen: true},
		{Line: 14, Pod: "web", What: "gone", Ref: 10 * s, ExpectTo: 10 * s, From: 10 * s, To: 20 * s, Observed: 14 * s, Seen: true, OK: true},
		{Line: 15, Pod: "web", Container: "app", What: "PreStopStarted", Ref: 10 * s, ExpectFrom: 1 * s, ExpectTo: 1 * s,
			From: 10 * s, To: 12 * s, Observed: 10 * s, Seen: true, OK: true, Reaction: true},
	}
}

// TestResolutionMarks: every timed check says, on the page, in
// summary.md, in the console's failure output and in the terminal
// timeline, whether its expectation shifted by 1 s either way would have
// failed; a check that is not timed says nothing of it.
func TestResolutionMarks(t *testing.T) {
	r := result("live", 8, Failed, graceful(0))
	r.Failure = &Failure{Step: "Then the pod is gone at 2s", Line: 13, Message: "expected gone at 2s, observed 3s"}
	r.Checks = timedChecks()
	want := map[int]string{11: "resolves 1 s", 12: "would also pass 1 s earlier or later", 13: "would pass 1 s later"}
	for i, ck := range r.Checks {
		if got := resolutionText(ck); got != want[ck.Line] {
			t.Errorf("check %d (line %d): %q, want %q", i, ck.Line, got, want[ck.Line])
		}
	}

	explain := r.Explain()
	for _, line := range []string{
		"  timed checks, each against its expectation shifted 1 s either way:\n",
		"    ok   line 11: SIGTERM of container \"app\" expected between 2.75s and 3.25s, observed 3.1s: resolves 1 s\n",
		"    ok   line 12: Exited(143) of container \"app\" expected between 1s and 7s, observed 4s: would also pass 1 s earlier or later\n",
		"    FAIL line 13: gone of pod \"web\" expected at 2s, observed 3s: would pass 1 s later\n",
	} {
		if !strings.Contains(explain, line) {
			t.Errorf("the failure output lacks %q:\n%s", line, explain)
		}
	}
	if strings.Contains(explain, "line 14:") || strings.Contains(explain, "line 15:") {
		t.Errorf("the failure output lists a check that is not timed:\n%s", explain)
	}
	var txt bytes.Buffer
	Summary(&txt, []Result{r}, false)
	if !strings.Contains(txt.String(), "FAIL line 13: gone of pod \"web\" expected at 2s, observed 3s: would pass 1 s later") {
		t.Errorf("the console summary lacks the failed check's mark:\n%s", txt.String())
	}

	life := r.Lifecycle(false)
	if !strings.Contains(life, "(expected at 2s, observed 3s; would pass 1 s later)") || !strings.Contains(life, "line 14:  (expected between 0s and 10s, observed 4s)\n") {
		t.Errorf("the terminal timeline's expectations:\n%s", life)
	}

	c := newChart(&r, false, true)
	for i, want := range []string{"; resolves 1 s)", "; would also pass 1 s earlier or later)", "; would pass 1 s later)", "observed 4s)", "observed 0s)"} {
		if !strings.HasSuffix(c.Checks[i].ListText, want) || !strings.HasSuffix(c.Checks[i].Title, strings.TrimSuffix(want, ")")) {
			t.Errorf("chart check %d: %q / %q, want it to end with %q", i+1, c.Checks[i].ListText, c.Checks[i].Title, want)
		}
	}
	var page bytes.Buffer
	if err := Index(&page, "t", []Result{r}); err != nil {
		t.Fatal(err)
	}
	if want := `data-check="3"><b class="num">3</b> gone of pod &#34;web&#34; expected at 2s, observed 3s; would pass 1 s later</span>`; !strings.Contains(page.String(), want) {
		t.Errorf("the page's check list lacks the failed check's mark %s", want)
	}

	var md bytes.Buffer
	SummaryMarkdown(&md, "t", []Result{r})
	for _, want := range []string{
		`- line 13: gone of pod "web" expected at 2s, observed 3s; would pass 1 s later`,
		"- timed checks that reject a 1 s shift both ways: 1 of 3\n",
		"- `features/termination/prestop.feature:11` SIGTERM of container \"app\" expected between 2.75s and 3.25s, observed 3.1s: resolves 1 s\n",
		"- `features/termination/prestop.feature:12` Exited(143) of container \"app\" expected between 1s and 7s, observed 4s: would also pass 1 s earlier or later\n",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md.String())
		}
	}
}

// TestRunLines: a live run's console summary ends with how many
// scenarios needed a second attempt and the resolution figure over every
// result's checks; a simulated run with no retry says neither.
func TestRunLines(t *testing.T) {
	a := result("live", 8, Passed, nil)
	a.Checks = timedChecks()[:2]
	a.FirstAttempt = "features/termination/prestop.feature:13: Then x\n    expected gone at 2s, observed 3.4s"
	b := result("live", 20, Failed, nil)
	b.Checks = timedChecks()[2:]
	b.FirstAttempt = "features/termination/prestop.feature:25: Then y"
	c := result("live", 30, Passed, nil)
	c.Checks = timedChecks()[:1]
	got := RunLines([]Result{a, b, c})
	want := []string{
		"2 scenarios needed a second attempt (1 passed on it, 1 failed again): features/termination/prestop.feature:8, features/termination/prestop.feature:20",
		"timed checks that reject a 1 s shift both ways: 2 of 4",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("RunLines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := RunLines([]Result{c}); len(got) != 2 || got[0] != "no scenario was run a second time" || got[1] != "timed checks that reject a 1 s shift both ways: 1 of 1" {
		t.Errorf("a live run without retries: %q", got)
	}
	if got := RetryLine([]Result{a, c}); got != "1 scenario needed a second attempt (1 passed on it): features/termination/prestop.feature:8" {
		t.Errorf("one retry: %q", got)
	}
	sim := result("sim", 8, Passed, nil)
	sim.Checks = timedChecks()
	if got := RunLines([]Result{sim}); len(got) != 0 {
		t.Errorf("a simulated run: %q, want nothing", got)
	}
	var md bytes.Buffer
	SummaryMarkdown(&md, "t", []Result{sim, a, b, c})
	for _, want := range append([]string{"## Retries and resolution on live\n"}, want...) {
		if !strings.Contains(md.String(), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md.String())
		}
	}
	if strings.Contains(md.String(), "on sim") {
		t.Errorf("summary.md has a retry section for the simulator:\n%s", md.String())
	}
}

// TestAxisShowsWhereThingsHappen: the axis covers the events, not a
// window that closes minutes later; a long quiet stretch is cut out and
// says how long it is; ticks stay the true times, in order.
func TestAxisShowsWhereThingsHappen(t *testing.T) {
	// Everything happens in the first 4 s after t=0; a met `within 10m`
	// expectation's window closes 10 minutes later.
	tail := result("sim", 8, Passed, graceful(0))
	tail.Checks = []timeline.Check{{Line: 12, Pod: "web", What: "gone", From: 10 * s, To: 610 * s, Observed: 14 * s, Seen: true, OK: true}}
	ax := newAxis(axisPoints(&tail), gutter, chartWidth-gutter-rightPad)
	if hi, x := ax.hi(), ax.x(4); hi > 10 || x < chartWidth-rightPad-endRoom-40 {
		t.Errorf("a 10-minute quiet tail: the axis ends at %.1fs, the last event (4s) at x=%.1f; want it near the end, before the room for its labels", hi, x)
	}
	if len(ax.breaks()) != 0 {
		t.Errorf("a quiet tail left out is no break: %+v", ax.breaks())
	}

	// A crash loop: a restart every 11 minutes; t=0 at the first start.
	var loop []timeline.Event
	for i := 0; i < 4; i++ {
		at := time.Duration(i) * 660 * s
		loop = append(loop, ev(10*s+at, "app", timeline.Exited, 1), ev(10*s+at, "app", timeline.Restarted, 0), ev(10*s+at, "app", timeline.Started, 0))
	}
	cl := result("sim", 8, Passed, loop)
	c := newChart(&cl, false, true)
	if len(c.Breaks) != 3 {
		t.Fatalf("a restart every 11 minutes: %d breaks, want 3", len(c.Breaks))
	}
	for _, b := range c.Breaks {
		if b.Hidden != "11m" || !strings.Contains(b.Title, "no event from") {
			t.Errorf("a break says %q / %q, want 11m of no event", b.Hidden, b.Title)
		}
	}
	// Every restart's instant is on a stretch drawn, apart from the next.
	ax = newAxis(axisPoints(&cl), gutter, chartWidth-gutter-rightPad)
	for i := 0; i < 4; i++ {
		x := ax.x(float64(i) * 660)
		if x < gutter || x > chartWidth-rightPad {
			t.Errorf("restart %d at x=%.1f, off the chart", i, x)
		}
		if i > 0 && x-ax.x(float64(i-1)*660) < 150 {
			t.Errorf("restarts %d and %d are %.1f px apart", i-1, i, x-ax.x(float64(i-1)*660))
		}
	}
	prevX, prevT := math.Inf(-1), math.Inf(-1)
	for i, tk := range c.Ticks {
		sec := ax.ticks()[i]
		if tk.Label != timeline.FormatOffset(time.Duration(math.Round(sec*1000))*time.Millisecond) || tk.X <= prevX || sec <= prevT {
			t.Errorf("tick %d: %q at x=%.1f (time %gs), after %gs at x=%.1f", i, tk.Label, tk.X, sec, prevT, prevX)
		}
		prevX, prevT = tk.X, sec
	}
	if len(c.Ticks) < 4 {
		t.Errorf("%d ticks for 4 stretches: each stretch should say where it is", len(c.Ticks))
	}

	// A 60 s grace period that is the whole story stays to scale.
	grace := result("sim", 8, Passed, []timeline.Event{ev(10*s, "app", timeline.SIGTERM, 0), ev(70*s, "app", timeline.SIGKILL, 0)})
	if b := newAxis(axisPoints(&grace), gutter, 786).breaks(); len(b) != 1 {
		// 60 s is the shortest stretch cut: one break.
		t.Errorf("a 60 s stretch: %d breaks, want 1", len(b))
	}
	grace.Timeline[1].At = 69 * s
	if b := newAxis(axisPoints(&grace), gutter, 786).breaks(); len(b) != 0 {
		t.Errorf("a 59 s stretch: %d breaks, want none", len(b))
	}
}

func TestGapText(t *testing.T) {
	for sec, want := range map[float64]string{45: "45s", 580: "9m 40s", 600: "10m", 3900: "1h 5m", 7200: "2h"} {
		if got := gapText(sec); got != want {
			t.Errorf("gapText(%g) = %q, want %q", sec, got, want)
		}
	}
}

// TestNodeLane: a node whose conditions went bad gets a lane, first,
// with a bar where each was bad; a node with only Kubernetes Events, or
// whose conditions stayed good, gets none.
func TestNodeLane(t *testing.T) {
	node := func(at time.Duration, kind timeline.Kind, reason, status string) timeline.Event {
		return timeline.Event{At: at, Pod: "node/worker-1", Kind: kind, Reason: reason, Status: status}
	}
	quiet := result("sim", 8, Passed, append(graceful(0),
		node(11*s, timeline.KubeEvent, "NodeHasSufficientMemory", "Normal"), node(11*s, timeline.Condition, "MemoryPressure", "False")))
	if c := newChart(&quiet, false, true); len(c.Lanes) != 3 || c.Lanes[0].Node {
		t.Errorf("no bad condition: lanes %+v, want the pod's (with its STATUS) and the container's only", c.Lanes)
	}

	// The taints the node controllers add with them, a row per key and
	// effect, from added to removed.
	taint := func(at time.Duration, key, effect, status string) timeline.Event {
		return timeline.Event{At: at, Pod: "node/worker-1", Kind: timeline.Taint, Reason: key, Status: status, Message: effect}
	}
	r := result("sim", 8, Passed, append(graceful(0),
		node(11*s, timeline.Condition, "MemoryPressure", "True"),
		node(12*s, timeline.Condition, "Ready", "False"),
		taint(12*s, "node.kubernetes.io/not-ready", "NoExecute", "True"),
		node(13*s, timeline.Condition, "Ready", "True"),
		taint(13*s, "node.kubernetes.io/not-ready", "NoExecute", "False"),
		taint(13*s, "node.kubernetes.io/memory-pressure", "NoSchedule", "True")))
	c := newChart(&r, false, true)
	if len(c.Lanes) != 4 || !c.Lanes[0].Node || c.Lanes[0].Label != "node worker-1" {
		t.Fatalf("lanes %+v, want the node's first", c.Lanes)
	}
	var bars []string
	for _, sh := range c.Rects {
		if strings.HasPrefix(sh.Class, "cond ") {
			bars = append(bars, sh.Class+": "+sh.Title)
		}
	}
	want := []string{"cond cond-memorypressure: MemoryPressure from 1s to the end", "cond cond-notready: NotReady from 2s to 3s",
		"cond cond-taint-noexecute: taint not-ready:NoExecute from 2s to 3s", "cond cond-taint: taint memory-pressure:NoSchedule from 3s to the end"}
	if strings.Join(bars, "\n") != strings.Join(want, "\n") {
		t.Errorf("node bars:\n%s\nwant\n%s", strings.Join(bars, "\n"), strings.Join(want, "\n"))
	}
	if x := c.Rects[0].X; x < gutter {
		t.Errorf("the bars are drawn under the lane labels (x=%.1f)", x)
	}
}

// TestFailuresFirst: the page opens with the failed runs, each linked to
// its run below, with its failed step, a short message and how many
// more steps failed; a page without failures has no such list.
func TestFailuresFirst(t *testing.T) {
	bad := result("sim", 20, Failed, graceful(0))
	bad.Name = "a false one"
	bad.Failure = &Failure{Step: "Then the pod \"web\" is gone at 2s", Line: 23, Message: "expected gone at 2s\ngot it at 4s\nthird line not shown"}
	bad.Steps = []Step{{Keyword: "Then", Text: "x", Line: 23, Status: "failed"}, {Keyword: "And", Text: "y", Line: 24, Status: "failed"}}
	var b bytes.Buffer
	if err := Index(&b, "t", []Result{result("sim", 8, Passed, graceful(0)), bad}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	link := `<a href="#s-features-termination-prestop-20-sim">a false one</a>`
	for _, want := range []string{`<section class="failures" id="failures">`, link,
		`<div class="where">line 23: Then the pod &#34;web&#34; is gone at 2s</div>`,
		`<div class="message">expected gone at 2s / got it at 4s</div>`, "and 1 more failed step<",
		`id="s-features-termination-prestop-20-sim"`} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Index(page, link) > strings.Index(page, `<table class="matrix"`) {
		t.Errorf("the failures come after the matrix")
	}
	b.Reset()
	if err := Index(&b, "t", []Result{result("sim", 8, Passed, graceful(0))}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), `id="failures"`) {
		t.Errorf("a page without failures lists failures")
	}
}

// TestCheckList: every step on the list with its outcome; expectations
// (Then, and the And after it) set apart from setup and actions; an
// expectation after the next action is "not evaluated", an action
// "skipped"; a timed check under its step with the chart's number.
func TestCheckList(t *testing.T) {
	r := result("sim", 8, Failed, graceful(0))
	r.Failure = &Failure{Step: "Then container \"app\" receives SIGTERM at 2s", Line: 12, Message: "expected SIGTERM at 2s"}
	r.Steps = []Step{
		{Keyword: "Given", Text: "a pod", Line: 9, Status: "passed"},
		{Keyword: "When", Text: "the pod is deleted", Line: 10, Status: "passed"},
		{Keyword: "Then", Text: "SIGTERM at 2s", Line: 12, Status: "failed", Error: "expected SIGTERM at 2s"},
		{Keyword: "And", Text: "the pod is Terminating", Line: 13, Status: "passed"},
		{Keyword: "And", Text: "the phase is Failed", Line: 14, Status: "failed", Error: "expected phase Failed"},
		{Keyword: "When", Text: "5s pass", Line: 15, Status: "skipped"},
		{Keyword: "And", Text: "the pod is created", Line: 16, Status: "skipped"},
		{Keyword: "Then", Text: "it is gone", Line: 17, Status: "skipped"},
		{Keyword: "But", Text: "nothing else", Line: 18, Status: "skipped"},
	}
	r.Checks = []timeline.Check{{Line: 12, Pod: "web", Container: "app", What: "SIGTERM", From: 12 * s, To: 12 * s, Observed: 13 * s, Seen: true}}
	var got []string
	for _, it := range checkList(&r) {
		line := fmt.Sprintf("%d %s %v", it.Line, it.Outcome, it.Expectation)
		for _, tv := range it.Timed {
			line += fmt.Sprintf(" [%d %s]", tv.Num, tv.Text)
		}
		if it.Error != "" {
			line += " error: " + it.Error
		}
		got = append(got, line)
	}
	want := []string{
		"9 passed false", "10 passed false",
		`12 failed true [1 SIGTERM of container "app" expected at 2s, observed 3s]`,
		"13 passed true", "14 failed true error: expected phase Failed",
		"15 skipped false", "16 skipped false",
		"17 not evaluated true", "18 not evaluated true",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("check list:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var b bytes.Buffer
	if err := Index(&b, "t", []Result{r}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`data-line="17" data-outcome="not evaluated"><span class="outcome not-evaluated">not evaluated</span>`,
		`<li class="step skipped action" data-line="15"`, `<pre class="step-error">expected phase Failed</pre>`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the page's check list lacks %s", want)
		}
	}
}

// TestOverRetryBudget: a run fails its budget of second attempts only
// above it: 1 of 50 run is 2 %, within a budget of 2; 2 of 50 is over;
// skipped scenarios are not counted as run.
func TestOverRetryBudget(t *testing.T) {
	var rs []Result
	for i := 0; i < 50; i++ {
		rs = append(rs, result("live", i+1, Passed, nil))
	}
	for i := 0; i < 20; i++ {
		rs = append(rs, result("live", 100+i, Skipped, nil))
	}
	if got := OverRetryBudget(rs, 2); got != "" {
		t.Errorf("no retry: %q", got)
	}
	rs[3].FirstAttempt = "x"
	if got := OverRetryBudget(rs, 2); got != "" {
		t.Errorf("1 of 50 within 2 %%: %q", got)
	}
	rs[40].Status, rs[40].FirstAttempt = Failed, "y"
	want := "2 of 50 scenarios run (4.0 %) needed a second attempt, over the budget of 2 %: features/termination/prestop.feature:4, features/termination/prestop.feature:41"
	if got := OverRetryBudget(rs, 2); got != want {
		t.Errorf("2 of 50:\n%s\nwant\n%s", got, want)
	}
	if got := OverRetryBudget(rs, 5); got != "" {
		t.Errorf("2 of 50 within 5 %%: %q", got)
	}
}
