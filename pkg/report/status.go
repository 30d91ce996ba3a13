package report

import (
	"fmt"
	"math"
	"regexp"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// A pod's STATUS lane draws the STATUS column of `kubectl get pods` as
// it changed: both drivers record it (timeline.Status: the simulator
// from its port of the API server's printer, the live driver from every
// version of the pod it watched, through the same printer). A segment
// runs from a value to the next one, or to the pod's deletion from the
// API; one still showing when the scenario ended runs to the chart's end.
// Results without the column (written by a driver or a podlife that did
// not record it) get a lane that says so, not an empty one.

// statusColumn follows the pods' STATUS along a timeline.
type statusColumn struct {
	r        *Result
	recorded bool // the result carries the column at all
	runs     map[string][]statusRun
}

// statusRun is a value of the column, from when it showed.
type statusRun struct {
	text     string
	from, to time.Duration
	closed   bool
}

func newStatusColumn(r *Result) *statusColumn {
	s := &statusColumn{r: r, runs: map[string][]statusRun{}}
	for _, e := range r.Timeline {
		if e.Kind == timeline.Status {
			s.recorded = true
			break
		}
	}
	return s
}

// add follows an event of the timeline, in order.
func (s *statusColumn) add(e timeline.Event) {
	if e.Container != "" || (e.Kind != timeline.Status && e.Kind != timeline.Deleted) {
		return
	}
	runs := s.runs[e.Pod]
	if n := len(runs); n > 0 && !runs[n-1].closed {
		runs[n-1].to, runs[n-1].closed = e.At, true
	}
	if e.Kind == timeline.Status {
		runs = append(runs, statusRun{text: e.Reason, from: e.At})
	}
	s.runs[e.Pod] = runs
}

// lane lays out a pod's STATUS lane at y: its segments, each named where
// its name fits before the next segment drawn, the later first (of the
// values a pod went through in one instant, the last is the one a
// `kubectl get` would have shown after it).
func (s *statusColumn) lane(pod string, y float64, x func(float64) float64, lbl *labels) statusLane {
	l := statusLane{Pod: pod, Y: y}
	runs := s.runs[pod]
	if len(runs) == 0 {
		l.Missing = fmt.Sprintf("no STATUS recorded for pod %s", pod)
		if !s.recorded {
			l.Missing = fmt.Sprintf("STATUS not recorded: these %s results carry no STATUS column", s.r.Driver)
		}
		l.MissX, l.MissY = gutter+4, y+16
		lbl.claim(fontStatus.box(l.MissX, l.MissY, l.Missing))
		return l
	}
	rel := func(d time.Duration) float64 { return secs(d - s.r.T0) }
	end := math.Inf(1)
	for _, run := range runs {
		seg := statusSeg{Text: run.text, From: timeline.FormatOffset(run.from - s.r.T0), To: "end", Y: y + 5, H: 14, Class: "status " + statusClass(run.text)}
		x1, x2 := x(rel(run.from)), x(end)
		if run.closed {
			seg.To = timeline.FormatOffset(run.to - s.r.T0)
			x2 = x(rel(run.to))
		}
		seg.X, seg.W = x1, math.Max(x2-x1, 1.5)
		seg.Title = fmt.Sprintf("STATUS %s from %s to %s", run.text, seg.From, seg.To)
		if !run.closed {
			seg.Title = fmt.Sprintf("STATUS %s from %s to the end", run.text, seg.From)
		}
		l.Segs = append(l.Segs, seg)
	}
	limit := chartWidth
	for i := len(l.Segs) - 1; i >= 0; i-- {
		seg := &l.Segs[i]
		if b := fontStatus.box(seg.X+3, y+16, seg.Text); b.x1 <= limit && lbl.tryClaim(b) {
			seg.Label = &label{X: seg.X + 3, Y: y + 16, Text: seg.Text, Class: "status-label"}
		}
		if seg.W > 1.5 {
			// A segment drawn wider than an instant bounds the names of
			// those before it: a name runs over the instants after its
			// own, never over a value of its own width.
			limit = seg.X
		}
	}
	return l
}

// initProgress is an init STATUS: Init:1/2.
var initProgress = regexp.MustCompile(`^Init:\d+/\d+$`)

// statusClass is a STATUS value's colour class: running, completed,
// terminating, starting (pending, creating, initializing), or bad (an
// error, a crash loop, an image that did not pull, an eviction).
func statusClass(text string) string {
	switch text {
	case "Running":
		return "status-running"
	case "Completed":
		return "status-completed"
	case "Terminating":
		return "status-terminating"
	case "Pending", "ContainerCreating", "PodInitializing", "SchedulingGated":
		return "status-starting"
	case "Unknown", "NotReady":
		return "status-unknown"
	}
	if initProgress.MatchString(text) {
		return "status-starting"
	}
	return "status-bad"
}
