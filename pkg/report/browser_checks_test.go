package report_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/timeline"
)

// liveStandIns are results as a cluster's run gives them, for the page's
// second column: the live driver records the same event kinds through
// the same STATUS printer, so a copy of the simulator's results under the
// driver "live" stands for them (termination/sidecars.feature, whose
// timeline tables then show on both drivers). One more copy has no
// STATUS events, as results of a driver that did not record the column:
// its lanes must say so.
func liveStandIns(t *testing.T, results []report.Result) []report.Result {
	t.Helper()
	var out []report.Result
	for _, r := range results {
		switch {
		case r.Feature == "../../features/termination/sidecars.feature":
			r.Driver = "live"
			out = append(out, r)
		case r.Feature == "../../features/termination/grace.feature" && r.Line == 10:
			r.Driver = "live"
			var kept []timeline.Event
			for _, e := range r.Timeline {
				if e.Kind != timeline.Status {
					kept = append(kept, e)
				}
			}
			r.Timeline = kept
			out = append(out, r)
		}
	}
	if len(out) < 3 {
		t.Fatalf("%d live stand-ins: the catalogue's scenarios moved", len(out))
	}
	return out
}

// run finds a result's run on the page: its section's div of its driver.
func run(t *testing.T, doc *html.Node, r report.Result) *html.Node {
	t.Helper()
	secs := find(doc, func(n *html.Node) bool { return n.Data == "section" && attr(n, "data-id") == r.ID() })
	if len(secs) != 1 {
		t.Fatalf("%s: %d sections", r.ID(), len(secs))
	}
	runs := find(secs[0], func(n *html.Node) bool {
		return n.Data == "div" && hasClass(n, "run") && attr(n, "data-driver") == r.Driver
	})
	if len(runs) != 1 {
		t.Fatalf("%s [%s]: %d runs", r.ID(), r.Driver, len(runs))
	}
	return runs[0]
}

// statusSegments are a pod's STATUS values from the timeline alone: each
// from its event to the pod's next value or its deletion, else to "end".
func statusSegments(r report.Result, pod string) []string {
	var out []string
	open := -1
	for _, e := range r.Timeline {
		if e.Pod != pod || e.Container != "" {
			continue
		}
		if e.Kind != timeline.Status && e.Kind != timeline.Deleted {
			continue
		}
		if open >= 0 {
			out[open] += timeline.FormatOffset(e.At - r.T0)
			open = -1
		}
		if e.Kind == timeline.Status {
			out = append(out, fmt.Sprintf("%s %s–", e.Reason, timeline.FormatOffset(e.At-r.T0)))
			open = len(out) - 1
		}
	}
	if open >= 0 {
		out[open] += "end"
	}
	return out
}

// checkStatusLanes: each chart has a STATUS lane per pod, whose segments
// are the pod's STATUS values with their times; a run whose results
// carry no STATUS says so in each lane.
func checkStatusLanes(t *testing.T, doc *html.Node, results []report.Result) {
	lanes, segs := 0, 0
	for _, r := range results {
		if r.Status == report.Skipped {
			continue
		}
		recorded := slices.ContainsFunc(r.Timeline, func(e timeline.Event) bool { return e.Kind == timeline.Status })
		pods := map[string]bool{}
		for _, e := range r.Timeline {
			if e.Pod != "" && !strings.Contains(e.Pod, "/") {
				pods[e.Pod] = true
			}
		}
		for _, ck := range r.Checks {
			if ck.Pod != "" && !strings.Contains(ck.Pod, "/") {
				pods[ck.Pod] = true
			}
		}
		groups := find(run(t, doc, r), func(n *html.Node) bool { return n.Data == "g" && hasClass(n, "status-column") })
		got := map[string]*html.Node{}
		for _, g := range groups {
			got[attr(g, "data-pod")] = g
		}
		for pod := range pods {
			g := got[pod]
			if g == nil {
				t.Errorf("%s [%s]: no STATUS lane for pod %s", r.ID(), r.Driver, pod)
				continue
			}
			lanes++
			want := statusSegments(r, pod)
			var have []string
			for _, rect := range find(g, func(n *html.Node) bool { return n.Data == "rect" && hasClass(n, "status") }) {
				have = append(have, fmt.Sprintf("%s %s–%s", attr(rect, "data-status"), attr(rect, "data-from"), attr(rect, "data-to")))
			}
			segs += len(have)
			if !slices.Equal(have, want) {
				t.Errorf("%s [%s] pod %s: STATUS segments\n%q\nwant\n%q", r.ID(), r.Driver, pod, have, want)
			}
			missing := find(g, func(n *html.Node) bool { return n.Data == "text" && hasClass(n, "status-missing") })
			switch {
			case !recorded && (len(missing) != 1 || !strings.Contains(text(missing[0]), "STATUS not recorded")):
				t.Errorf("%s [%s] pod %s: results without STATUS, and the lane does not say so: %q", r.ID(), r.Driver, pod, texts(missing))
			case len(want) > 0 && len(missing) > 0:
				t.Errorf("%s [%s] pod %s: a lane with segments says %q", r.ID(), r.Driver, pod, texts(missing))
			}
		}
		if len(got) != len(pods) {
			t.Errorf("%s [%s]: %d STATUS lanes for %d pods", r.ID(), r.Driver, len(got), len(pods))
		}
	}
	if lanes < 250 || segs < 500 {
		t.Errorf("%d STATUS lanes with %d segments checked: too few for the catalogue", lanes, segs)
	}
}

// checkTableRows: the check list lists every timeline table's rows, each
// with the event it matched and when.
func checkTableRows(t *testing.T, doc *html.Node, results []report.Result) {
	tables, drivers := 0, map[string]bool{}
	for _, r := range results {
		for _, tab := range r.Tables {
			tables++
			drivers[r.Driver] = true
			steps := find(run(t, doc, r), func(n *html.Node) bool { return n.Data == "li" && attr(n, "data-line") == fmt.Sprint(tab.Line) })
			if len(steps) != 1 {
				t.Errorf("%s [%s] line %d: %d steps on the check list", r.ID(), r.Driver, tab.Line, len(steps))
				continue
			}
			var have, want []string
			for _, tr := range find(steps[0], func(n *html.Node) bool { return n.Data == "tr" && hasClass(n, "table-row") }) {
				have = append(have, fmt.Sprintf("%s %s %s → %s at %s", attr(tr, "data-row"), attr(tr, "data-container"), attr(tr, "data-event"),
					attr(tr, "data-matched"), attr(tr, "data-matched-at")))
				if m := attr(tr, "data-matched"); m != "" && !strings.Contains(text(tr), m+" at "+attr(tr, "data-matched-at")) {
					t.Errorf("%s [%s] line %d: a row does not say the event it matched: %q", r.ID(), r.Driver, tab.Line, text(tr))
				}
			}
			for _, row := range tab.Rows {
				c := row.Container
				if c == "" {
					c = "-"
				}
				matched, at := "", ""
				if row.Matched != nil {
					matched, at = row.Matched.Label(), timeline.FormatOffset(row.Matched.At-r.T0)
				}
				want = append(want, fmt.Sprintf("%d %s %s → %s at %s", row.Row, c, row.Label, matched, at))
			}
			if !slices.Equal(have, want) {
				t.Errorf("%s [%s] line %d: rows\n%q\nwant\n%q", r.ID(), r.Driver, tab.Line, have, want)
			}
		}
	}
	if tables < 5 || !drivers["sim"] || !drivers["live"] {
		t.Errorf("%d timeline tables checked, on drivers %v: want the catalogue's, on both", tables, drivers)
	}
}

// checkTicks: no chart has a tick below 0 unless its scenario has an
// event before t=0.
func checkTicks(t *testing.T, doc *html.Node, results []report.Result) {
	for _, r := range results {
		if r.Status == report.Skipped {
			continue
		}
		before := slices.ContainsFunc(r.Timeline, func(e timeline.Event) bool { return e.At < r.T0 })
		if before {
			continue
		}
		for _, tk := range find(run(t, doc, r), func(n *html.Node) bool { return n.Data == "text" && hasClass(n, "tick") }) {
			if strings.HasPrefix(text(tk), "-") {
				t.Errorf("%s [%s]: tick %s, and nothing happened before t=0", r.ID(), r.Driver, text(tk))
			}
		}
	}
}

// measureTexts is the script the test adds to the page: it writes the
// pairs of overlapping texts of every chart, as the browser laid them
// out, into <pre id="podlife-measure">, with how many texts it measured.
const measureTexts = `(function(){
var pairs=[], n=0;
document.querySelectorAll('svg.chart').forEach(function(svg){
  var run=svg.closest('div.run'), id=run?run.id:'';
  var boxes=[].map.call(svg.querySelectorAll('text'), function(t){var b=t.getBoundingClientRect(); return {c:t.getAttribute('class'), t:t.textContent, b:b};})
    .filter(function(x){return x.b.width>0 && x.b.height>0;});
  n+=boxes.length;
  for(var i=0;i<boxes.length;i++) for(var j=i+1;j<boxes.length;j++){
    var a=boxes[i].b, b=boxes[j].b;
    if(a.left<b.right && b.left<a.right && a.top<b.bottom && b.top<a.bottom)
      pairs.push([id, boxes[i].c+' '+JSON.stringify(boxes[i].t), boxes[j].c+' '+JSON.stringify(boxes[j].t)]);
  }
});
var pre=document.createElement('pre'); pre.id='podlife-measure'; pre.textContent=JSON.stringify({texts:n, pairs:pairs}); document.body.appendChild(pre);
})();`

// checkOverlaps: no two texts of a chart overlap by the boxes the browser
// gave them (the labels of a scenario's first seconds above all, where
// most happens at once).
func checkOverlaps(t *testing.T, doc *html.Node) {
	pres := find(doc, func(n *html.Node) bool { return n.Data == "pre" && attr(n, "id") == "podlife-measure" })
	if len(pres) != 1 {
		t.Fatal("the measuring script did not run")
	}
	var m struct {
		Texts int
		Pairs [][3]string
	}
	if err := json.Unmarshal([]byte(text(pres[0])), &m); err != nil {
		t.Fatal(err)
	}
	if m.Texts < 5000 {
		t.Errorf("%d texts measured: too few for the catalogue's charts", m.Texts)
	}
	for i, p := range m.Pairs {
		if i == 20 {
			t.Errorf("… and %d more", len(m.Pairs)-20)
			break
		}
		t.Errorf("%s: overlapping texts %s and %s", p[0], p[1], p[2])
	}
}
