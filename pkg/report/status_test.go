package report

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// stat is a STATUS change of pod "web".
func stat(at time.Duration, text string) timeline.Event {
	return timeline.Event{At: at, Pod: "web", Kind: timeline.Status, Reason: text}
}

// segsText renders a STATUS lane's segments as "text from–to", with a *
// on those named in the lane.
func segsText(l statusLane) string {
	var out []string
	for _, sg := range l.Segs {
		named := ""
		if sg.Label != nil {
			named = "*"
		}
		out = append(out, fmt.Sprintf("%s%s %s–%s", named, sg.Text, sg.From, sg.To))
	}
	return strings.Join(out, ", ")
}

// TestStatusLane: a pod's STATUS lane draws the column as it changed: a
// segment from each value to the next, or to the pod's deletion, or to
// the end; a pod created again under its name starts a new run; of the
// values of one instant the last is named; results without the column
// say so in the lane.
func TestStatusLane(t *testing.T) {
	created := timeline.Event{At: 0, Pod: "web", Kind: timeline.PodCreated}
	gone := func(at time.Duration) timeline.Event {
		return timeline.Event{At: at, Pod: "web", Kind: timeline.Deleted}
	}
	cases := []struct {
		name    string
		driver  string
		events  []timeline.Event
		segs    string
		missing string
	}{
		{name: "a deleted pod: Running, Terminating, then gone with its last value", events: []timeline.Event{
			created, stat(0, "Pending"), stat(0, "ContainerCreating"), stat(0, "Running"), stat(10*s, "Terminating"), stat(13*s, "Completed"), gone(13 * s)},
			segs: "Pending -10s–-10s, ContainerCreating -10s–-10s, *Running -10s–0s, *Terminating 0s–3s, *Completed 3s–3s"},
		{name: "a value still showing at the end runs to the end", events: []timeline.Event{created, stat(0, "Running"), stat(12*s, "CrashLoopBackOff")},
			segs: "*Running -10s–2s, *CrashLoopBackOff 2s–end"},
		{name: "a pod created again under its name", events: []timeline.Event{created, stat(0, "Running"), gone(11 * s),
			{At: 12 * s, Pod: "web", Kind: timeline.PodCreated}, stat(12*s, "Pending"), stat(14*s, "Running")},
			segs: "*Running -10s–1s, *Pending 2s–4s, *Running 4s–end"},
		{name: "live results, with the column", driver: "live", events: []timeline.Event{created, stat(2*s, "Running")},
			segs: "*Running -8s–end"},
		{name: "results without the column say so", driver: "live", events: []timeline.Event{created, ev(0, "app", timeline.Started, 0)},
			missing: "STATUS not recorded: these live results carry no STATUS column"},
		{name: "a pod without a value among pods with one", events: []timeline.Event{created,
			{At: 0, Pod: "db", Kind: timeline.PodCreated}, {At: 0, Pod: "db", Kind: timeline.Status, Reason: "Running"}},
			missing: "no STATUS recorded for pod web"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			driver := tc.driver
			if driver == "" {
				driver = "sim"
			}
			r := result(driver, 8, Passed, tc.events)
			c := newChart(&r, false, false)
			var l *statusLane
			for i := range c.StatusLanes {
				if c.StatusLanes[i].Pod == "web" {
					l = &c.StatusLanes[i]
				}
			}
			if l == nil {
				t.Fatalf("no STATUS lane for web: %+v", c.StatusLanes)
			}
			if got := segsText(*l); got != tc.segs || l.Missing != tc.missing {
				t.Errorf("segments %q, missing %q\nwant %q, %q", got, l.Missing, tc.segs, tc.missing)
			}
		})
	}
}

// TestStatusClass: the lane's colours by what the value says.
func TestStatusClass(t *testing.T) {
	for text, want := range map[string]string{"Running": "status-running", "Completed": "status-completed", "Terminating": "status-terminating",
		"ContainerCreating": "status-starting", "Init:0/2": "status-starting", "PodInitializing": "status-starting",
		"Error": "status-bad", "CrashLoopBackOff": "status-bad", "Init:Error": "status-bad", "OOMKilled": "status-bad", "Evicted": "status-bad"} {
		if got := statusClass(text); got != want {
			t.Errorf("%s: %s, want %s", text, got, want)
		}
	}
}

// TestAxisFromZero: a scenario with nothing before t=0 has no time
// before it on its axis (no negative tick); one with events before t=0
// draws them, with their ticks.
func TestAxisFromZero(t *testing.T) {
	atZero := result("sim", 8, Passed, graceful(0))
	atZero.T0 = 0
	before := result("sim", 8, Passed, graceful(0)) // t=0 is the delete, at 10s
	for _, tc := range []struct {
		name     string
		r        Result
		negative bool
	}{
		{"t=0 at the scenario's start", atZero, false},
		{"events 10 s before t=0", before, true},
	} {
		c := newChart(&tc.r, false, false)
		neg := false
		for _, tk := range c.Ticks {
			if strings.HasPrefix(tk.Label, "-") {
				neg = true
			}
		}
		if neg != tc.negative {
			t.Errorf("%s: negative ticks %v, want %v: %+v", tc.name, neg, tc.negative, c.Ticks)
		}
		if !tc.negative && c.Ticks[0].Label != "0s" {
			t.Errorf("%s: the first tick is %q, want 0s", tc.name, c.Ticks[0].Label)
		}
	}
}

// TestTimeCaption: the chart says once what its times count from.
func TestTimeCaption(t *testing.T) {
	act := []Step{{Keyword: "Given", Text: "a pod \"web\"", Line: 3}, {Keyword: "When", Text: "the pod \"web\" is deleted", Line: 4}}
	cases := []struct {
		name  string
		t0    time.Duration
		steps []Step
		want  string
	}{
		{"no action", 0, nil, "time from the scenario's start (t=0)"},
		{"an action at the start", 0, act, "time from t=0, the scenario's start and its last action: When the pod \"web\" is deleted"},
		{"an action later", 10 * s, act, "time from t=0, the last action (10s after the scenario's start): When the pod \"web\" is deleted"},
	}
	for _, tc := range cases {
		r := Result{T0: tc.t0, Steps: tc.steps}
		if got := timeCaption(&r); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTableRowsOnTheCheckList: a timeline table's step lists its rows,
// each with the event it matched (and when) or none, and a timed row's
// window and chart number.
func TestTableRowsOnTheCheckList(t *testing.T) {
	r := result("sim", 8, Failed, graceful(0))
	r.Steps = []Step{{Keyword: "Then", Text: "the timeline of pod \"web\" is:", Line: 12, Status: "failed"}}
	sigterm := ev(13*s, "app", timeline.SIGTERM, 0)
	r.Tables = []timeline.Table{{Line: 12, Pod: "web", Rows: []timeline.TableRow{
		{Row: 1, Container: "app", Label: "SIGTERM", At: 3 * s, HasAt: true, Matched: &sigterm, From: 13 * s, To: 13 * s, Check: 1},
		{Row: 2, Container: "app", Label: "Exited(143)", Matched: &timeline.Event{At: 14 * s, Container: "app", Kind: timeline.Exited, Code: 143}},
		{Row: 3, Label: "Deleted", At: 3 * s, HasAt: true, From: 12*s + 750*time.Millisecond, To: 13*s + 250*time.Millisecond, Check: 2},
	}}}
	items := checkList(&r)
	if len(items) != 1 {
		t.Fatalf("%d items", len(items))
	}
	want := []tableRowView{
		{Row: 1, At: "3s", Container: "app", Event: "SIGTERM", Matched: "SIGTERM", MatchedAt: "3s", Window: "3s", Check: 1, Class: "matched"},
		{Row: 2, At: "-", Container: "app", Event: "Exited(143)", Matched: "Exited(143)", MatchedAt: "4s", Window: "any time", Class: "matched"},
		{Row: 3, At: "3s", Container: "-", Event: "Deleted", Window: "2.75s to 3.25s", Check: 2, Class: "unmatched"},
	}
	if !slices.Equal(items[0].Rows, want) {
		t.Errorf("rows:\n%+v\nwant\n%+v", items[0].Rows, want)
	}
}

// TestLabelPlacement: a text goes where it is free, else as little to
// the right as a baseline allows within its shift, else nowhere; never
// past the right edge.
func TestLabelPlacement(t *testing.T) {
	var l labels
	x, y, ok := l.place(fontMark, "start", 200, []float64{10, 40}, 80, gutter, chartWidth)
	if !ok || x != 200 || y != 10 {
		t.Errorf("the first label: %v at %v,%v; want 200,10", ok, x, y)
	}
	x, y, ok = l.place(fontMark, "ready", 200, []float64{10, 40}, 80, gutter, chartWidth)
	if !ok || x != 200 || y != 40 {
		t.Errorf("the second at the same mark: %v at %v,%v; want the second baseline", ok, x, y)
	}
	w := fontMark.width("start")
	x, y, ok = l.place(fontMark, "exit 1", 201, []float64{10, 40}, 80, gutter, chartWidth)
	if !ok || x < 200+w || x > 200+w+2*labelGap {
		t.Errorf("the third: %v at %v,%v; want just right of the first (%v)", ok, x, y, 200+w)
	}
	if _, _, ok = l.place(fontMark, "SIGTERM", 200, []float64{10, 40}, 5, gutter, chartWidth); ok {
		t.Errorf("a label placed further right than its shift allows")
	}
	x, _, ok = l.place(fontMark, "exit 137", chartWidth-5, []float64{10, 40}, 80, gutter, chartWidth)
	if !ok || x+fontMark.width("exit 137") > chartWidth {
		t.Errorf("a label at the right edge runs past it: %v at %v", ok, x)
	}
	for i, a := range l.taken {
		for _, b := range l.taken[i+1:] {
			if a.overlaps(b) {
				t.Errorf("%+v and %+v overlap", a, b)
			}
		}
	}
}
