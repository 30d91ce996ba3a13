package report

import (
	"bytes"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

const ms = time.Millisecond

// crashLoop is a timeline of "web" whose "app" exits 1 after 1 s: the
// first restart at once (2 s), the second after the 10 s back-off, drawn
// by the pod worker's requeue anywhere in [13 s, 18 s) after the exit at
// 3 s; t=0 is the pod's creation. exits moves the exits of the first two
// instances, restart the second restart (and its instance's exit), run
// is that instance's run time.
func crashLoop(exits, restart, run time.Duration, ranged bool) Result {
	r := result("sim", 8, Passed, nil)
	r.T0 = 0
	third := ev(14*s+restart, "app", timeline.Started, 0)
	if ranged {
		third.Earliest, third.Latest = 13*s+exits, 18*s+exits
	}
	r.Timeline = []timeline.Event{
		ev(0, "app", timeline.Started, 0),
		ev(1*s+exits, "app", timeline.Exited, 1),
		ev(2*s+exits, "app", timeline.Started, 0),
		ev(3*s+exits, "app", timeline.Exited, 1),
		third,
		ev(14*s+restart+run, "app", timeline.Exited, 1),
	}
	return r
}

// diffKinds runs Diff and lists the kinds and texts of what differs.
func diffKinds(a, b Result) (kinds, texts []string) {
	d := Diff(a.Driver, []Result{a}, b.Driver, []Result{b}, DefaultTolerance)
	for _, sd := range d.Diverged {
		for _, df := range sd.Differences {
			kinds = append(kinds, df.Kind)
			texts = append(texts, df.Text)
		}
	}
	return kinds, texts
}

// TestDiffDrawnRestart: a restart whose time the simulator drew agrees
// with a live one anywhere in its range, widened by the tolerance; the
// range moves with the exit it is measured from; the exit of an instance
// so started follows its start as the live run saw it, unless something
// killed it.
func TestDiffDrawnRestart(t *testing.T) {
	sim := crashLoop(0, 0, s, true)
	live := func(exits, restart, run time.Duration) Result {
		r := crashLoop(exits, restart, run, false)
		r.Driver = "live"
		return r
	}
	// Deleted at 20 s: app, running since its restart, gets SIGTERM and
	// exits with 143 at once.
	killed := func(r Result, restart time.Duration) Result {
		r.Timeline = append(r.Timeline[:5:5],
			timeline.Event{At: 20 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 30},
			ev(20*s, "app", timeline.SIGTERM, 0), ev(20*s+restart, "app", timeline.Exited, 143))
		return r
	}
	cases := []struct {
		name      string
		sim, live Result
		kinds     []string
		text      string
	}{
		{name: "the same restart agrees", sim: sim, live: live(0, 0, s)},
		{name: "a restart 3.5 s later, inside the range, agrees; its exit follows it", sim: sim, live: live(0, 3500*ms, s)},
		{name: "a restart 1 s before the range's start, within the tolerance, agrees", sim: sim, live: live(0, -2*s, s)},
		{name: "a restart 1.2 s past the range's end, within the tolerance, agrees", sim: sim, live: live(0, 5200*ms, s)},
		{name: "a restart 2 s past the range's end is a timing difference", sim: sim, live: live(0, 6*s, s),
			kinds: []string{"timing"}, text: "web/app Started #3 at 14s on sim, 20s on live, outside the 13s–18s sim's draw allows (by 2s, tolerance 1.5s)"},
		{name: "a restart 2.5 s before the range is a timing difference", sim: sim, live: live(0, -3500*ms, s),
			kinds: []string{"timing"}, text: "web/app Started #3 at 14s on sim, 10.5s on live, outside the 13s–18s sim's draw allows (by 2.5s, tolerance 1.5s)"},
		{name: "without a range, a restart 3.5 s later is a timing difference, and so is its exit", sim: crashLoop(0, 0, s, false), live: live(0, 3500*ms, s),
			kinds: []string{"timing", "timing"}, text: "web/app Started #3 at 14s on sim, 17.5s on live (Δ +3.5s, tolerance 1.5s)"},
		{name: "the range moves with the exit it is measured from", sim: sim, live: live(1400*ms, 5800*ms, s)},
		{name: "an exit that does not follow its drawn start by the run time is a timing difference", sim: sim, live: live(0, 3500*ms, 4*s),
			kinds: []string{"timing"}, text: "web/app Exited(1) #3 at 15s on sim, 21.5s on live, 18.5s on sim after its start's draw (Δ +3s, tolerance 1.5s)"},
		{name: "a killed instance's exit follows the kill, not its drawn start", sim: killed(sim, 0), live: killed(live(0, 3*s, s), 100*ms)},
		{name: "roles reversed: the second run's ranges count too", sim: live(0, 3500*ms, s), live: sim},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			kinds, texts := diffKinds(tc.sim, tc.live)
			if strings.Join(kinds, ",") != strings.Join(tc.kinds, ",") {
				t.Errorf("differences %q, want kinds %v", texts, tc.kinds)
			}
			if tc.text != "" && !strings.Contains(strings.Join(texts, "\n"), tc.text) {
				t.Errorf("differences %q lack %q", texts, tc.text)
			}
		})
	}
}

// TestDiffDrawnPastTheEnd: an event only the simulator has is no
// difference when its draw could have put it after the live run stopped
// observing (its end less the tolerance), as a restart attempt the
// requeue brings 10–15 s after a failed start, where the live scenario
// ended at 14.5 s.
func TestDiffDrawnPastTheEnd(t *testing.T) {
	attempt := func(ranged bool) Result {
		r := result("sim", 8, Passed, nil)
		r.T0 = 0
		third := ev(11659*ms, "app", timeline.Exited, 128)
		if ranged {
			third.Earliest, third.Latest = 10*s, 15*s
		}
		r.Timeline = []timeline.Event{ev(0, "app", timeline.Exited, 128), ev(0, "app", timeline.Exited, 128), third}
		return r
	}
	live := attempt(false)
	live.Driver, live.Timeline, live.Virtual = "live", live.Timeline[:2], 14500*ms
	if kinds, texts := diffKinds(attempt(true), live); len(kinds) > 0 {
		t.Errorf("a drawn attempt that could have come after the live run's end: %q", texts)
	}
	if kinds, _ := diffKinds(attempt(false), live); strings.Join(kinds, ",") != "events" {
		t.Errorf("an undrawn attempt before the live run's end: differences %v, want events", kinds)
	}
}

// TestDiffDrawnOrder: a drawn restart comes before or after another
// container's event as its draw falls: the order of the two is not a
// difference while the live time is one the draw allows, whether the
// draw moved it well past the other event or the two came close.
func TestDiffDrawnOrder(t *testing.T) {
	// "log" runs from 0 and exits 0 at logExit; app's second restart
	// comes at 14 s + restart.
	withLog := func(r Result, restart, logExit time.Duration) Result {
		r.Timeline = append(append([]timeline.Event(nil), r.Timeline[:4]...),
			ev(0, "log", timeline.Started, 0), ev(logExit, "log", timeline.Exited, 0), r.Timeline[4])
		r.Timeline[6].At = 14*s + restart
		return r
	}
	for _, tc := range []struct {
		name             string
		ranged           bool
		restart, logExit time.Duration
		want             []string
	}{
		{"a restart drawn 4 s later, past the other container's exit, agrees", true, 4 * s, 15 * s, nil},
		{"a restart drawn close to the other container's exit, which came a little early live, agrees", true, 800 * ms, 14500 * ms, nil},
		{"an undrawn one 4 s later is an order and a timing difference", false, 4 * s, 15 * s, []string{"order", "timing"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sim := withLog(crashLoop(0, 0, s, tc.ranged), 0, 15*s)
			live := withLog(crashLoop(0, tc.restart, s, false), tc.restart, tc.logExit)
			live.Driver = "live"
			kinds, texts := diffKinds(sim, live)
			if strings.Join(kinds, ",") != strings.Join(tc.want, ",") {
				t.Errorf("differences %q, want kinds %v", texts, tc.want)
			}
		})
	}
}

// TestDiffConcurrentKills: the kubelet kills each container in its own
// goroutine, all started together (killContainersWithSyncResult): their
// preStop starts and stop signals, in one instant on the simulator, may
// come live in either order, as far apart as the tolerance; events in a
// causal order, or a container's own, may not.
func TestDiffConcurrentKills(t *testing.T) {
	deleted := timeline.Event{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 30}
	at := func(d time.Duration, c string, k timeline.Kind) timeline.Event { return ev(10*s+d, c, k, 0) }
	run := func(driver string, evs ...timeline.Event) Result {
		return result(driver, 8, Passed, append([]timeline.Event{deleted}, evs...))
	}
	preStops := run("sim", at(0, "app", timeline.PreStopStarted), at(0, "sidecar", timeline.PreStopStarted))
	sigterms := run("sim", at(0, "app", timeline.SIGTERM), at(0, "sidecar", timeline.SIGTERM))
	causal := run("sim", at(0, "app", timeline.Exited), at(0, "sidecar", timeline.SIGTERM))
	own := run("sim", at(0, "app", timeline.PreStopStarted), at(3*s, "app", timeline.SIGTERM))
	apart := run("sim", at(0, "app", timeline.PreStopStarted), at(time.Second, "sidecar", timeline.PreStopStarted))
	for _, tc := range []struct {
		name      string
		sim, live Result
		want      []string
	}{
		{"preStop starts in the simulator's order", preStops, run("live", at(20*ms, "app", timeline.PreStopStarted), at(40*ms, "sidecar", timeline.PreStopStarted)), nil},
		{"preStop starts in the other order", preStops, run("live", at(20*ms, "sidecar", timeline.PreStopStarted), at(40*ms, "app", timeline.PreStopStarted)), nil},
		{"preStop starts in the other order, 400 ms apart", preStops, run("live", at(100*ms, "sidecar", timeline.PreStopStarted), at(500*ms, "app", timeline.PreStopStarted)), nil},
		{"stop signals in the other order, 300 ms apart", sigterms, run("live", at(0, "sidecar", timeline.SIGTERM), at(300*ms, "app", timeline.SIGTERM)), nil},
		{"a sidecar's SIGTERM before the app's exit is an order", causal, run("live", at(0, "sidecar", timeline.SIGTERM), at(300*ms, "app", timeline.Exited)), []string{"order"}},
		{"a container's SIGTERM before its own preStop is an order", own, run("live", at(0, "app", timeline.SIGTERM), at(10*ms, "app", timeline.PreStopStarted)), []string{"order", "timing"}},
		{"a sidecar's preStop exec starting after the app's exit, 390 ms late", run("sim", at(0, "app", timeline.SIGTERM), at(0, "sidecar", timeline.PreStopStarted), at(0, "app", timeline.Exited)),
			run("live", at(0, "app", timeline.SIGTERM), at(5*ms, "app", timeline.Exited), at(390*ms, "sidecar", timeline.PreStopStarted)), nil},
		{"a later container's start after an earlier one's exit in the same sync", run("sim", at(0, "app", timeline.Started), at(0, "worker", timeline.Started), at(0, "app", timeline.Exited)),
			run("live", at(0, "app", timeline.Started), at(20*ms, "app", timeline.Exited), at(900*ms, "worker", timeline.Started)), nil},
		{"a later container's start, 1.4 s late, after an earlier one's exit 1 s after its start", run("sim", at(0, "app", timeline.Started), at(0, "worker", timeline.Started), at(1*s, "app", timeline.Exited)),
			run("live", at(0, "app", timeline.Started), at(1050*ms, "app", timeline.Exited), at(1400*ms, "worker", timeline.Started)), nil},
		{"two starts of one sync keep their order", run("sim", at(0, "app", timeline.Started), at(0, "worker", timeline.Started)),
			run("live", at(0, "worker", timeline.Started), at(900*ms, "app", timeline.Started)), []string{"order"}},
		{"preStop starts a second apart on the simulator keep their order", apart, run("live", at(900*ms, "sidecar", timeline.PreStopStarted), at(950*ms, "app", timeline.PreStopStarted)), []string{"order"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			kinds, texts := diffKinds(tc.sim, tc.live)
			if strings.Join(kinds, ",") != strings.Join(tc.want, ",") {
				t.Errorf("differences %q, want kinds %v", texts, tc.want)
			}
		})
	}
}

// TestDiffRangesRoundTrip: a result's ranges survive results.json, so a
// diff of report folders reads them.
func TestDiffRangesRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sim")
	if err := Write(dir, []Result{crashLoop(0, 0, s, true)}); err != nil {
		t.Fatal(err)
	}
	back, err := ReadResults(dir)
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi, ok := back[0].Timeline[4].Range(); !ok || lo != 13*s || hi != 18*s {
		t.Fatalf("the restart's range read back as %s–%s (%v)", lo, hi, ok)
	}
	live := crashLoop(0, 3500*ms, s, false)
	live.Driver = "live"
	if kinds, texts := diffKinds(back[0], live); len(kinds) > 0 {
		t.Errorf("a restart inside the range read back diverged: %q", texts)
	}
}

// explanations is a list of explained divergences for the tests.
const explanations = `
divergences:
- scenario: features/termination/prestop.feature:8
  kind: timing
  text: '^web/app Exited\(143\) at 4s on sim'
  explanation: the test's reason
  source: pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer
- scenario: "@behavior:prestop-in-grace"
  kind: events
  text: Exited\(137\)
  explanation: the test's other reason
  source: pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer
- scenario: features/other.feature:3
  kind: order
  text: .
  explanation: explains nothing here
  source: pkg/kubelet/pod_workers.go completeWork
`

// TestParseExplanations: the list is decoded strictly and every entry is
// checked.
func TestParseExplanations(t *testing.T) {
	list, err := ParseExplanations([]byte(explanations))
	if err != nil || len(list) != 3 {
		t.Fatalf("the test list: %d entries, %v", len(list), err)
	}
	if list, err := ParseExplanations([]byte("divergences: []\n")); err != nil || len(list) != 0 {
		t.Errorf("an empty list: %v, %v", list, err)
	}
	entry := func(lines ...string) string { return "divergences:\n- " + strings.Join(lines, "\n  ") + "\n" }
	good := []string{"scenario: features/a.feature:3", "kind: timing", "text: x", "explanation: why", "source: pkg/kubelet/pod_workers.go completeWork"}
	with := func(i int, line string) string {
		ls := append([]string(nil), good...)
		if i < len(ls) {
			ls[i] = line
		} else {
			ls = append(ls, line)
		}
		return entry(ls...)
	}
	for _, tc := range []struct{ name, yaml, want string }{
		{"an unknown field", with(5, "because: typo"), "unknown field"},
		{"a repeated field", with(5, "kind: order"), `key "kind" already set`},
		{"an unknown top-level field", "divergence: []\n", "unknown field"},
		{"a scenario without a line", with(0, "scenario: features/a.feature"), `scenario "features/a.feature"`},
		{"a tag that is not a behaviour", with(0, "scenario: '@slow'"), `scenario "@slow"`},
		{"an unknown kind", with(1, "kind: latency"), `kind "latency"`},
		{"no text", with(2, "text: ''"), "no text"},
		{"a text that is no regular expression", with(2, "text: 'a('"), "text: error parsing regexp"},
		{"no explanation", with(3, "explanation: ' '"), "no explanation"},
		{"a source without a Go file", with(4, "source: the kubelet"), `source "the kubelet"`},
		{"a source without a function", with(4, "source: pkg/kubelet/pod_workers.go"), `source "pkg/kubelet/pod_workers.go"`},
		{"the same entry twice", entry(good...) + "- " + strings.Join(good, "\n  ") + "\n", "as entry 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseExplanations([]byte(tc.yaml))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// TestDiffExplained: a difference an entry of the list matches (scenario
// by place or behaviour tag, kind, text) is explained; a scenario whose
// differences are all explained is listed as explained, not diverged;
// one with an unexplained difference stays diverged, its explained ones
// marked.
func TestDiffExplained(t *testing.T) {
	list, err := ParseExplanations([]byte(explanations))
	if err != nil {
		t.Fatal(err)
	}
	late := graceful(2 * s) // PreStopDone, SIGTERM and the exit 2 s late
	onlyExit := graceful(0)
	onlyExit[7].At += 2 * s
	exit137 := graceful(0)
	exit137[7].Code = 137
	other := result("live", 8, Passed, onlyExit)
	other.Feature = "features/termination/other.feature" // no entry names its place; its tag is not the behaviour's
	other.Tags = []string{"termination"}
	sim := result("sim", 8, Passed, graceful(0))
	simOther := sim
	simOther.Feature, simOther.Tags = other.Feature, other.Tags
	// A run from a clone elsewhere names its features by absolute paths
	// (make test-live from /tmp/run13): a place in the list is the
	// catalogue's, from the module root, and names them too.
	untagged := func(r Result) Result {
		r.Feature, r.Tags = "/tmp/run13/"+r.Feature, []string{"termination"}
		return r
	}
	elsewhere := "/tmp/run13-not-a-clone" + sim.Feature
	shifted := untagged(sim)
	shifted.Feature = elsewhere
	shiftedLive := untagged(result("live", 8, Passed, onlyExit))
	shiftedLive.Feature = elsewhere
	for _, tc := range []struct {
		name                string
		sim, live           Result
		diverged, explained int
		marked              int // differences marked explained
	}{
		{"a timing difference the list explains", sim, result("live", 8, Passed, onlyExit), 0, 1, 1},
		{"explained and unexplained timing differences", sim, result("live", 8, Passed, late), 1, 0, 1},
		{"an exit code explained by the behaviour tag, the other run's exit not", sim, result("live", 8, Passed, exit137), 1, 0, 1},
		{"the same difference in a scenario no entry names", simOther, other, 1, 0, 0},
		{"a place in the list names the same feature under a clone's absolute path", untagged(sim), untagged(result("live", 8, Passed, onlyExit)), 0, 1, 1},
		{"but not a path that only ends in the same letters", shifted, shiftedLive, 1, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := Diff("sim", []Result{tc.sim}, "live", []Result{tc.live}, DefaultTolerance)
			d.Explain(list)
			marked := 0
			for _, sd := range append(append([]ScenarioDiff(nil), d.Diverged...), d.Explained...) {
				for _, df := range sd.Differences {
					if df.Explained != nil {
						marked++
					}
				}
			}
			if len(d.Diverged) != tc.diverged || len(d.Explained) != tc.explained || marked != tc.marked {
				t.Errorf("%d diverged, %d explained, %d differences explained; want %d, %d, %d: %+v %+v",
					len(d.Diverged), len(d.Explained), marked, tc.diverged, tc.explained, tc.marked, d.Diverged, d.Explained)
			}
			if len(d.Unused) == 0 || d.Unused[len(d.Unused)-1].Scenario != "features/other.feature:3" {
				t.Errorf("the entry that matched nothing is not listed unused: %+v", d.Unused)
			}
		})
	}
}

// TestDiffExplainedShown: the console and the page show an explained
// difference with its explanation and source, and the scenario among the
// explained.
func TestDiffExplainedShown(t *testing.T) {
	list, _ := ParseExplanations([]byte(explanations))
	onlyExit := graceful(0)
	onlyExit[7].At += 2 * s
	d := Diff("sim", []Result{result("sim", 8, Passed, graceful(0))}, "live", []Result{result("live", 8, Passed, onlyExit)}, DefaultTolerance)
	d.Explain(list)
	var text, page bytes.Buffer
	d.Text(&text)
	if err := d.HTML(&page); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 scenario(s) compared, 0 diverged, 1 explained", "explained (every difference",
		"    explained: the test's reason (pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer)",
		"explanations that matched nothing here:\n  @behavior:prestop-in-grace events"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the console lacks %q:\n%s", want, text.String())
		}
	}
	for _, want := range []string{`<tr class="scenario-row explained" data-id="features/termination/prestop.feature:8">`,
		`<li data-kind="timing" class="explained">`, "explained: the test&#39;s reason (<code>pkg/kubelet/kuberuntime/kuberuntime_container.go killContainer</code>)",
		"No scenario diverged but as explained."} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	selfContained(t, page.String())
}

// TestDiffFromThePodsStart: what follows a pod's start may be late on a
// real cluster by as much as the pod's start was (seconds, where the
// simulator's is at once); past that it is a difference.
func TestDiffFromThePodsStart(t *testing.T) {
	created := func(driver string, start, exit time.Duration) Result {
		r := result(driver, 8, Passed, []timeline.Event{ev(start, "app", timeline.Started, 0), ev(exit, "app", timeline.Exited, 1)})
		r.T0 = 0
		return r
	}
	sim := created("sim", 0, 2*s)
	for _, tc := range []struct {
		name string
		live Result
		want string // a fragment of the one difference, "" for none
	}{
		{"a start 10.6 s late, the exit 2 s after it", created("live", 10600*ms, 12600*ms), ""},
		{"a start 10.6 s late, the exit 8 s after it", created("live", 10600*ms, 18600*ms), "live started the pod 10.6s later, which may delay it by as much"},
		{"a start on time, the exit late", created("live", 0, 8*s), "(Δ +6s, tolerance 1.5s)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, texts := diffKinds(sim, tc.live)
			switch {
			case tc.want == "" && len(texts) > 0:
				t.Errorf("differences %q, want none", texts)
			case tc.want != "" && (len(texts) != 1 || !strings.Contains(texts[0], tc.want)):
				t.Errorf("differences %q, want one saying %q", texts, tc.want)
			}
		})
	}
}

// TestDiffFromTheEvictionPass: what an eviction pass brought about counts
// from that pass on each run (its phase and the age of the statistics it
// reads are not the rule), within the bound of those; the pass seen
// through an API Event may follow the kill it began; past the bound, or
// later after the pass, it is a difference.
func TestDiffFromTheEvictionPass(t *testing.T) {
	evicted := func(driver string, passAt, seenAfter, term time.Duration, storage bool) Result {
		p := timeline.Event{At: passAt + seenAfter, Pod: "node/worker-1", Kind: timeline.KubeEvent, Reason: "EvictionThresholdMet"}
		if storage {
			p = timeline.Event{At: passAt + seenAfter, Pod: "web", Kind: timeline.KubeEvent, Reason: "Evicted"}
		}
		r := result(driver, 8, Passed, []timeline.Event{ev(0, "app", timeline.Started, 0), p,
			ev(passAt+term, "app", timeline.SIGTERM, 0), ev(passAt+term, "app", timeline.Exited, 143)})
		sort.SliceStable(r.Timeline, func(i, j int) bool { return r.Timeline[i].At < r.Timeline[j].At })
		r.T0 = 0
		return r
	}
	sim := evicted("sim", 10*s, 0, 0, false)
	for _, tc := range []struct {
		name string
		sim  Result
		live Result
		want string // a fragment of the first difference, "" for none
	}{
		{"the pass 17 s later, the kill at it, its Event seen 40 ms after the kill", sim, evicted("live", 27*s, 40*ms, 0, false), ""},
		{"the pass 17 s later, the kill 5 s after it", sim, evicted("live", 27*s, 0, 5*s, false), "counted from the eviction manager's pass that acted, +17s on live"},
		{"a memory pass 50 s later", sim, evicted("live", 60*s, 0, 0, false), "the eviction manager first acted at 10s on sim, 60s on live"},
		{"a local-storage eviction 50 s later: a volume's usage is measured every 1-2 min", evicted("sim", 10*s, 0, 0, true), evicted("live", 60*s, 0, 0, true), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, texts := diffKinds(tc.sim, tc.live)
			switch {
			case tc.want == "" && len(texts) > 0:
				t.Errorf("differences %q, want none", texts)
			case tc.want != "" && (len(texts) == 0 || !strings.Contains(texts[0], tc.want)):
				t.Errorf("differences %q, want the first saying %q", texts, tc.want)
			}
		})
	}
}

// TestDiffLaterEvictionPass: a later eviction is a later pass's, which
// may find the statistics of the pass before unchanged and act a
// housekeeping and a period later (thresholdsUpdatedStats): its kill
// counts from its own Evicted Event, within that bound of the first
// pass's shift.
func TestDiffLaterEvictionPass(t *testing.T) {
	run := func(driver string, first, second time.Duration) Result {
		e := func(at time.Duration, pod, ctr string, kind timeline.Kind, reason string) timeline.Event {
			return timeline.Event{At: at, Pod: pod, Container: ctr, Kind: kind, Reason: reason}
		}
		r := result(driver, 8, Passed, []timeline.Event{
			e(0, "large", "app", timeline.Started, ""), e(0, "small", "app", timeline.Started, ""),
			e(first, "node/worker-1", "", timeline.KubeEvent, "EvictionThresholdMet"),
			e(first, "large", "", timeline.KubeEvent, "Evicted"),
			e(first, "large", "app", timeline.SIGTERM, ""),
			e(second, "small", "", timeline.KubeEvent, "Evicted"),
			e(second, "small", "app", timeline.SIGTERM, ""),
		})
		r.T0 = 0
		return r
	}
	sim := run("sim", 10*s, 11*s)
	if _, texts := diffKinds(sim, run("live", 16*s, 29*s)); len(texts) > 0 {
		t.Errorf("a second pass 13 s after the first: differences %q, want none", texts)
	}
	_, texts := diffKinds(sim, run("live", 16*s, 60*s))
	if len(texts) == 0 || !strings.Contains(texts[0], "the eviction of small at 11s on sim, 60s on live") {
		t.Errorf("a second pass 44 s after the first: differences %q, want the eviction of small named", texts)
	}
}

// TestDiffReplicaSetPodsByCreationOrder: a ReplicaSet's pods have random
// names on each run; they are compared as the first, second… pod it
// created, and a declared pod keeps its name.
func TestDiffReplicaSetPodsByCreationOrder(t *testing.T) {
	run := func(driver string, names ...string) Result {
		var tl []timeline.Event
		for i, n := range names {
			tl = append(tl, timeline.Event{At: 0, Seq: uint64(i), Pod: n, Kind: timeline.PodCreated},
				timeline.Event{At: 1 * s, Seq: uint64(10 + i), Pod: n, Container: "app", Kind: timeline.Started})
		}
		tl = append(tl, timeline.Event{At: 12 * s, Seq: 20, Pod: names[0], Container: "app", Kind: timeline.SIGTERM})
		r := result(driver, 9, Passed, tl)
		r.Pods = []Manifest{{Name: "bare-xxxxx"}}
		return r
	}
	if kinds, texts := diffKinds(run("sim", "web-b2c4d", "web-zz9x7", "bare-xxxxx"), run("live", "web-q5k8t", "web-mm2rr", "bare-xxxxx")); len(kinds) != 0 {
		t.Errorf("the same replicas in the same order diverge: %v", texts)
	}
	_, texts := diffKinds(run("sim", "web-b2c4d", "web-zz9x7"), run("live", "web-mm2rr", "web-q5k8t", "web-77777"))
	if !strings.Contains(strings.Join(texts, "\n"), "web-#3/app Started") {
		t.Errorf("a third replica on one run only is not named by its order: %v", texts)
	}
	if m := controllerPods(&Result{Pods: []Manifest{{Name: "web-b2c4d"}}}, []timeline.Event{{Pod: "web-b2c4d", Kind: timeline.PodCreated}}); len(m) != 0 {
		t.Errorf("a declared pod renamed: %v", m)
	}
}
