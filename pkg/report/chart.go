package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// The chart is a swim-lane drawing of one result: a lane per pod (phase
// bands, the delete request, "gone"), under it the pod's STATUS column
// as kubectl shows it (a segment per value, from when it showed to when
// it changed), and a lane per container (running and ready spans, the
// preStop span, start, ready, SIGTERM, SIGKILL and exit marks), with
// every timed expectation drawn on the lane it is about: the expected
// window, the observed time, and for a failed one a red mark with its
// text. Times are seconds from t=0, which the chart says once, above its
// axis: the scenario's start, or its last action.
//
// Layout is computed here, in Go, from the timeline alone; the template
// only writes the shapes out. Everything is derived from ordered slices,
// so the same result always gives the same SVG, byte for byte. No two
// texts overlap (labels.go).

// Chart geometry, in SVG pixels.
const (
	chartWidth   = 960.0
	gutter       = 150.0 // lane labels
	rightPad     = 24.0
	laneHeight   = 44.0
	statusHeight = 24.0 // a pod's STATUS lane
	rowHeight    = 16.0
	minWindowPx  = 3.0
)

type chart struct {
	Standalone bool
	// List: the chart lists its timed checks under the lanes.
	List   bool
	Width  float64
	Height float64
	Title  string
	Status string
	// Failure is the failed step, drawn as a banner: a failure that is not
	// a timed expectation (a timeline table, a state) still shows.
	Failure  string
	FailureY float64
	// Caption says, once, what the times count from.
	Caption   string
	CaptionY  float64
	AxisY     float64
	PlotTop   float64
	PlotBot   float64
	PlotLeft  float64
	PlotRight float64
	T0X       float64
	Lanes     []lane
	Ticks     []tick
	// Breaks are the quiet stretches cut out of the axis (axis.go).
	Breaks []breakView
	Rects  []shape
	Lines  []shape
	Labels []label
	Checks []checkView
	// StatusLanes are the pods' STATUS lanes.
	StatusLanes []statusLane
	Legend      []legendItem
}

type lane struct {
	Y, H   float64
	Label  string
	Title  string // the whole label, when Label is cut short
	Pod    bool
	Node   bool
	Status bool
	Odd    bool
	LabelX float64
	LabelY float64
}

type breakView struct {
	axisBreak
	Title string
}

type tick struct {
	X     float64
	Label string // empty when another text took its place
}

type shape struct {
	X, Y, W, H float64
	Y2         float64
	Class      string
	Title      string
	layer      int // spans are drawn bottom layer first
}

// Span layers: a container's running bar under its ready bar under its
// preStop span, whatever order the events closed them in.
const (
	layerBase = iota
	layerReady
	layerPreStop
)

type label struct {
	X, Y  float64
	Text  string
	Class string
}

type checkView struct {
	Class  string
	Num    int
	WX, WY float64
	WW, WH float64
	// NumX and NumY place the check's number; HasNum is false when no
	// place near its window was free (its window keeps its tooltip).
	NumX, NumY float64
	HasNum     bool
	Seen       bool
	Points     string
	Title      string
	Mark       *label // the in-lane text of a failed expectation
	ListY      float64
	ListText   string
	ListGlyph  string
}

// statusLane is a pod's STATUS column over the scenario: a segment per
// value it showed. Missing says why there is none.
type statusLane struct {
	Pod     string
	Y       float64
	Segs    []statusSeg
	Missing string
	MissX   float64
	MissY   float64
}

// statusSeg is one value of the STATUS column: from when the pod showed
// it to when it showed another or was gone ("end": it still showed it
// when the scenario ended). From and To are times from t=0, as the page
// writes them.
type statusSeg struct {
	Text       string
	From, To   string
	X, Y, W, H float64
	Class      string
	Title      string
	// Label is the segment's text in the lane, nil when there was no
	// room for it.
	Label *label
}

type legendItem struct {
	X, Y, Top, Bot float64
	LineX          float64
	Class          string
	Text           string
	Line           bool
}

func secs(d time.Duration) float64 { return d.Seconds() }

// laneKey names a lane: a pod ("web") or a container ("web/app").
func laneKey(pod, container string) string {
	if container == "" {
		return pod
	}
	return pod + "/" + container
}

// maxLabelShift is how far right of its mark a label may go: further, it
// would name the wrong mark.
const maxLabelShift = 80.0

// labelRank orders mark labels by what they say: the ends of a
// container's life first, the others after, start and ready last.
func labelRank(class string) int {
	switch class {
	case "exit", "sigkill", "sigterm", "gone", "delete":
		return 0
	case "start", "ready":
		return 2
	}
	return 1
}

// markFont is a mark label's font (style.css.tmpl: the ends of a
// container's life in bold).
func markFont(class string) font {
	switch class {
	case "sigterm", "sigkill", "exit", "gone":
		return fontMarkBold
	}
	return fontMark
}

// newChart lays out r's chart; list adds the list of its timed checks
// under it (the page lists every step itself, with the checks' numbers).
func newChart(r *Result, standalone, list bool) *chart {
	c := &chart{Standalone: standalone, List: list, Width: chartWidth, Title: fmt.Sprintf("%s [%s] %s", r.Name, r.Driver, r.Status), Status: string(r.Status)}
	rel := func(d time.Duration) float64 { return secs(d - r.T0) }
	var lbl labels

	ax := newAxis(axisPoints(r), gutter, chartWidth-gutter-rightPad)
	clampX := func(sec float64) float64 { return ax.x(math.Max(ax.lo(), math.Min(ax.hi(), sec))) }

	lbl.claim(fontTitle.box(8, 16, c.Title))
	y := 22.0
	if r.Status == Failed {
		c.Failure = failureBanner(r)
		c.FailureY = y + 16
		lbl.claim(fontFailure.box(8, c.FailureY, c.Failure))
		y += 18
	}
	c.Caption, c.CaptionY = timeCaption(r), y+14
	lbl.claim(fontCaption.box(8, c.CaptionY, c.Caption))
	y += 16
	c.AxisY = y + 18
	y += 26
	c.PlotTop = y

	// Lanes, in order of first appearance; a check may name a lane the
	// timeline never reached.
	var keys []string
	index := map[string]int{}
	podOf := map[string]string{}
	addLane := func(pod, container string) {
		if pod == "" {
			return
		}
		if _, ok := index[pod]; !ok {
			index[pod] = len(keys)
			keys = append(keys, pod)
			podOf[pod] = pod
		}
		if container == "" {
			return
		}
		k := laneKey(pod, container)
		if _, ok := index[k]; ok {
			return
		}
		// After the pod's last lane.
		at := index[pod] + 1
		for at < len(keys) && podOf[keys[at]] == pod {
			at++
		}
		keys = append(keys[:at], append([]string{k}, keys[at:]...)...)
		podOf[k] = pod
		for i, kk := range keys {
			index[kk] = i
		}
	}
	// A node's lane comes first, as the cause of what its pods go
	// through, and only for a node whose conditions went bad (or that an
	// expectation is about); its Kubernetes Events draw nothing.
	conds := nodeConditionSpans(r.Timeline)
	var nodeKeys []string
	for _, ns := range conds {
		nodeKeys = append(nodeKeys, ns.node)
	}
	for _, e := range r.Timeline {
		if !isNode(e.Pod) && !isObject(e.Pod) {
			addLane(e.Pod, e.Container)
		}
	}
	for _, ck := range r.Checks {
		if isObject(ck.Pod) {
			continue // a workload's check has no lane to mark; the page lists it
		}
		if !isNode(ck.Pod) {
			addLane(ck.Pod, ck.Container)
		} else if !slices.Contains(nodeKeys, ck.Pod) {
			nodeKeys = append(nodeKeys, ck.Pod)
		}
	}
	keys = append(nodeKeys, keys...)
	for _, k := range nodeKeys {
		podOf[k] = k
	}
	laneY, laneH := map[string]float64{}, map[string]float64{}
	statusY := map[string]float64{}
	nodeRows := map[string]int{}
	for _, ns := range conds {
		nodeRows[ns.node] = len(ns.types)
	}
	addLaneView := func(l lane) {
		l.Odd = len(c.Lanes)%2 == 1
		f := fontLane
		if l.Pod {
			f = fontLanePod
		}
		l.Label, l.Title = fitText(f, l.Label, gutter-l.LabelX-4)
		lbl.claim(f.box(l.LabelX, l.LabelY, l.Label))
		c.Lanes = append(c.Lanes, l)
	}
	for _, k := range keys {
		pod := podOf[k] == k
		text := "pod " + k
		lx := 8.0
		switch {
		case isNode(k):
			text = "node " + strings.TrimPrefix(k, "node/")
		case !pod:
			text = strings.TrimPrefix(k, podOf[k]+"/")
			lx = 22
		}
		h := laneHeight
		if n := nodeRows[k]; n > 0 {
			// A node's lane has a row per condition and taint, each with
			// room for its name.
			h = math.Max(laneHeight, 12+13*float64(n))
		}
		addLaneView(lane{Y: y, H: h, Label: text, Pod: pod && !isNode(k), Node: isNode(k), LabelX: lx, LabelY: y + 26})
		laneY[k] = y
		laneH[k] = h
		y += h
		if pod && !isNode(k) {
			addLaneView(lane{Y: y, H: statusHeight, Label: "STATUS", Status: true, LabelX: 22, LabelY: y + 16})
			statusY[k] = y
			y += statusHeight
		}
	}
	c.PlotBot = y
	c.PlotLeft, c.PlotRight = gutter, chartWidth-rightPad
	c.T0X = ax.x(0)
	for _, b := range ax.breaks() {
		c.Breaks = append(c.Breaks, breakView{axisBreak: b, Title: fmt.Sprintf("%s cut out of the axis: no event from %s to %s",
			b.Hidden, timeline.FormatOffset(time.Duration(math.Round(b.from*1000))*time.Millisecond), timeline.FormatOffset(time.Duration(math.Round(b.to*1000))*time.Millisecond))})
		// Its label runs down from the axis, turned a quarter.
		w := fontBreak.width(b.Hidden)
		lbl.claim(box{x0: b.Mid - 3 - descent*fontBreak.size, y0: c.PlotTop + 6, x1: b.Mid - 3 + ascent*fontBreak.size, y1: c.PlotTop + 6 + w})
	}
	for _, t := range ax.ticks() {
		tk := tick{X: ax.x(t), Label: timeline.FormatOffset(time.Duration(math.Round(t*1000)) * time.Millisecond)}
		w := fontTick.width(tk.Label)
		if !lbl.tryClaim(fontTick.box(tk.X-w/2, c.AxisY, tk.Label)) {
			tk.Label = ""
		}
		c.Ticks = append(c.Ticks, tk)
	}

	// Expectations first: their numbers, then a failed one's text, claim
	// their places in the lane before the marks' labels do.
	y += 10
	for i, ck := range r.Checks {
		k := laneKey(ck.Pod, ck.Container)
		if _, ok := laneY[k]; !ok {
			if len(keys) == 0 {
				continue
			}
			k = keys[0]
		}
		ly := laneY[k]
		cls := "check ok"
		glyph := "✓"
		if !ck.OK {
			cls, glyph = "check failed", "✗"
		}
		x1, x2 := clampX(rel(ck.From)), clampX(rel(ck.To))
		if x2-x1 < minWindowPx {
			mid := (x1 + x2) / 2
			x1, x2 = mid-minWindowPx/2, mid+minWindowPx/2
		}
		v := checkView{Class: cls, Num: i + 1, WX: x1, WY: ly + 4, WW: x2 - x1, WH: laneHeight - 8,
			ListY: y + 12, ListGlyph: glyph}
		v.NumX, v.NumY, v.HasNum = lbl.place(fontCheckNum, strconv.Itoa(v.Num), x1+1, []float64{ly + 12, ly + 40}, 40, gutter, chartWidth)
		expected := expectedText(ck, r.T0)
		observed := "not observed"
		if ck.Seen {
			observed = "observed " + timeline.FormatOffset(ck.Observed-r.T0)
			ox, oy := clampX(rel(ck.Observed)), ly+laneHeight/2
			v.Seen = true
			v.Points = fmt.Sprintf("%s,%s %s,%s %s,%s %s,%s", px(ox), px(oy-6), px(ox+6), px(oy), px(ox), px(oy+6), px(ox-6), px(oy))
		}
		who := ck.Pod
		if ck.Container != "" {
			who = ck.Container
		}
		v.Title = withResolution(fmt.Sprintf("line %d: %s — %s %s, %s", ck.Line, ck.Step, who, expected, observed), "; ", ck)
		v.ListText = fmt.Sprintf("%d  line %d: %s (%s)", i+1, ck.Line, ck.Step, withResolution(expected+", "+observed, "; ", ck))
		c.Checks = append(c.Checks, v)
		if list {
			y += rowHeight
		}
	}
	for i, ck := range r.Checks {
		if ck.OK || i >= len(c.Checks) {
			continue
		}
		v := &c.Checks[i]
		ly := v.WY - 4
		text := fmt.Sprintf("✗ %s %s, %s", ck.What, expectedText(ck, r.T0), observedText(ck, r.T0))
		lx := v.WX + v.WW + 3
		if lx+fontMarkBold.width(text) > chartWidth-rightPad {
			lx = math.Max(gutter+2, v.WX-3-fontMarkBold.width(text))
		}
		if x, ly2, ok := lbl.place(fontMarkBold, text, lx, []float64{ly + 10, ly + 40}, chartWidth, gutter+2, chartWidth); ok {
			v.Mark = &label{X: x, Y: ly2, Text: text, Class: "check-label"}
		}
	}
	// Mark labels are placed once every mark is known, the ones that say
	// most first (labelRank): in a crash loop's bursts there is not room
	// for every label, and a label pushed far from its mark would name
	// the wrong one, so such a label is left out (its mark keeps its
	// tooltip).
	type pendingLabel struct {
		k, text, class string
		x              float64
	}
	var pending []pendingLabel
	mark := func(k string, at float64, class, text, title string) {
		ly := laneY[k]
		x := clampX(at)
		c.Lines = append(c.Lines, shape{X: x, Y: ly + 8, Y2: ly + laneHeight - 8, Class: "mark " + class, Title: title})
		if text != "" {
			pending = append(pending, pendingLabel{k: k, text: text, class: class, x: x})
		}
	}
	span := func(k string, from, to float64, top, h float64, class, title string) {
		x1, x2 := clampX(from), clampX(to)
		layer := layerBase
		switch class {
		case "ready":
			layer = layerReady
		case "prestop":
			layer = layerPreStop
		}
		c.Rects = append(c.Rects, shape{X: x1, Y: laneY[k] + top, W: math.Max(x2-x1, 1), H: h, Class: class, Title: title, layer: layer})
	}
	end := ax.hi()
	at := func(e timeline.Event) string { return timeline.FormatOffset(e.At - r.T0) }

	// Open spans per lane, closed by the event that ends them.
	type open struct {
		from  float64
		class string
		title string
	}
	phase := map[string]*open{}
	terminating := map[string]*open{}
	running := map[string]*open{}
	ready := map[string]*open{}
	preStop := map[string]*open{}
	status := newStatusColumn(r)
	closePhase := func(pod string, to float64) {
		if p := phase[pod]; p != nil {
			span(pod, p.from, to, 14, 14, "phase phase-"+p.class, p.title)
			x1, x2 := clampX(p.from), clampX(to)
			if b := fontBandLabel.box(x1+3, laneY[pod]+25, p.title); b.x1 <= x2 && lbl.tryClaim(b) {
				c.Labels = append(c.Labels, label{X: x1 + 3, Y: laneY[pod] + 25, Text: p.title, Class: "band-label"})
			}
			delete(phase, pod)
		}
	}
	// A node's conditions: one row per condition type, a bar where it
	// was bad, named when the bar has room.
	for _, ns := range conds {
		n := len(ns.types)
		rowH := math.Min(12, (laneH[ns.node]-12)/float64(n)-2)
		for _, sp := range ns.spans {
			to := end
			if sp.closed {
				to = rel(sp.to)
			}
			top := 6 + float64(sp.row)*(rowH+2)
			x1, x2 := clampX(rel(sp.from)), clampX(to)
			title := fmt.Sprintf("%s from %s to %s", sp.label, at(timeline.Event{At: sp.from}), "the end")
			if sp.closed {
				title = fmt.Sprintf("%s from %s to %s", sp.label, at(timeline.Event{At: sp.from}), at(timeline.Event{At: sp.to}))
			}
			if sp.reason != "" {
				title += ": " + sp.reason
			}
			c.Rects = append(c.Rects, shape{X: x1, Y: laneY[ns.node] + top, W: math.Max(x2-x1, 2), H: rowH, Class: "cond " + sp.class, Title: title})
			base := laneY[ns.node] + top + rowH - 2.5
			if in := fontCond.box(x1+3, base, sp.label); in.x1 <= x2 && rowH >= 9 && lbl.tryClaim(in) {
				c.Labels = append(c.Labels, label{X: x1 + 3, Y: base, Text: sp.label, Class: "cond-label"})
			} else if out := fontCond.box(x1-3-fontCond.width(sp.label), base, sp.label); out.x0 >= gutter && lbl.tryClaim(out) {
				// Left of the bar: a condition still bad at the end starts
				// at the last events, where the chart has no room after it.
				c.Labels = append(c.Labels, label{X: out.x0, Y: base, Text: sp.label, Class: "cond-label outside"})
			}
		}
	}
	for _, e := range r.Timeline {
		t := rel(e.At)
		k := laneKey(e.Pod, e.Container)
		if isNode(e.Pod) {
			continue
		}
		if e.Pod == "" {
			continue
		}
		status.add(e)
		if e.Container == "" {
			switch e.Kind {
			case timeline.PodCreated:
				phase[k] = &open{from: t, class: "pending", title: "Pending"}
			case timeline.Phase:
				closePhase(k, t)
				phase[k] = &open{from: t, class: strings.ToLower(e.Reason), title: e.Reason}
			case timeline.DeleteRequested:
				text := "delete"
				if e.Code >= 0 {
					text = fmt.Sprintf("delete %ds", e.Code)
				}
				if terminating[k] == nil {
					terminating[k] = &open{from: t}
				}
				mark(k, t, "delete", text, at(e)+" "+e.Label())
			case timeline.Deleted:
				closePhase(k, t)
				if o := terminating[k]; o != nil {
					span(k, o.from, t, 30, 4, "terminating", "terminating")
					delete(terminating, k)
				}
				mark(k, t, "gone", "gone", at(e)+" deleted from the API")
			case timeline.Evicted, timeline.Rejected:
				mark(k, t, "other", e.Label(), at(e)+" "+e.Label())
			}
			continue
		}
		switch e.Kind {
		case timeline.Started:
			running[k] = &open{from: t}
			mark(k, t, "start", "start", at(e)+" started")
		case timeline.Ready:
			ready[k] = &open{from: t}
			mark(k, t, "ready", "ready", at(e)+" ready")
		case timeline.NotReady:
			if o := ready[k]; o != nil {
				span(k, o.from, t, 24, 4, "ready", "ready")
				delete(ready, k)
			}
		case timeline.PreStopStarted:
			preStop[k] = &open{from: t}
		case timeline.PreStopDone:
			if o := preStop[k]; o != nil {
				span(k, o.from, t, 14, 16, "prestop", "preStop "+timeline.FormatOffset(time.Duration((t-o.from)*float64(time.Second))))
				delete(preStop, k)
			}
			mark(k, t, "prestop-done", "preStop done", at(e)+" preStop done")
		case timeline.SIGTERM:
			mark(k, t, "sigterm", "SIGTERM", at(e)+" SIGTERM")
		case timeline.SIGKILL:
			mark(k, t, "sigkill", "SIGKILL", at(e)+" SIGKILL")
		case timeline.Exited:
			if o := ready[k]; o != nil {
				span(k, o.from, t, 24, 4, "ready", "ready")
				delete(ready, k)
			}
			if o := running[k]; o != nil {
				span(k, o.from, t, 16, 12, "run", "running")
				delete(running, k)
			}
			mark(k, t, "exit", fmt.Sprintf("exit %d", e.Code), strings.TrimSpace(at(e)+" "+e.Label()+" "+e.Reason))
		case timeline.PostStartDone, timeline.ProbeFailed, timeline.BackOff, timeline.Restarted:
			mark(k, t, "other", e.Label(), at(e)+" "+e.Label())
		}
	}
	// Whatever is still open runs to the chart's end. Keys in lane order,
	// so the output does not depend on map order.
	for _, k := range keys {
		if o := running[k]; o != nil {
			span(k, o.from, end, 16, 12, "run", "running")
		}
		if o := ready[k]; o != nil {
			span(k, o.from, end, 24, 4, "ready", "ready")
		}
		if o := preStop[k]; o != nil {
			span(k, o.from, end, 14, 16, "prestop", "preStop (still running)")
		}
		if o := terminating[k]; o != nil {
			span(k, o.from, end, 30, 4, "terminating", "terminating")
		}
		closePhase(k, end)
	}
	for _, k := range keys {
		if sy, ok := statusY[k]; ok {
			c.StatusLanes = append(c.StatusLanes, status.lane(k, sy, clampX, &lbl))
		}
	}
	sort.SliceStable(pending, func(i, j int) bool { return labelRank(pending[i].class) < labelRank(pending[j].class) })
	for _, p := range pending {
		ly := laneY[p.k]
		if x, by, ok := lbl.place(markFont(p.class), p.text, p.x+2, []float64{ly + 10, ly + 40}, maxLabelShift, gutter, chartWidth); ok {
			c.Labels = append(c.Labels, label{X: x, Y: by, Text: p.text, Class: "mark-label " + p.class})
		}
	}
	sort.SliceStable(c.Rects, func(i, j int) bool { return c.Rects[i].layer < c.Rects[j].layer })
	y += 8
	c.Legend, y = legend(y)
	c.Height = y + 10
	return c
}

// legend lays out the legend's items from y, left to right, on as many
// lines as the chart's width takes; it returns them and where they end.
func legend(y float64) ([]legendItem, float64) {
	var out []legendItem
	lx, ly := 8.0, y+12
	for _, it := range []legendItem{
		{Class: "run", Text: "running"}, {Class: "ready", Text: "ready"}, {Class: "prestop", Text: "preStop"},
		{Class: "mark sigterm", Text: "SIGTERM", Line: true}, {Class: "mark sigkill", Text: "SIGKILL", Line: true},
		{Class: "mark exit", Text: "exit", Line: true}, {Class: "window-ok", Text: "expected window"},
		{Class: "window-failed", Text: "failed expectation"}, {Class: "mark t0", Text: "t=0", Line: true},
	} {
		w := 20 + fontLegend.width(it.Text)
		if lx+w > chartWidth-8 {
			lx, ly = 8, ly+16
		}
		it.X, it.LineX, it.Y, it.Top, it.Bot = lx, lx+8, ly, ly-9, ly+1
		out = append(out, it)
		lx += w + 14
	}
	return out, ly + 4
}

// fitText cuts a text to width w, with an ellipsis, and gives the whole
// text back as a title when it did.
func fitText(f font, text string, w float64) (shown, title string) {
	if f.width(text) <= w {
		return text, ""
	}
	rs := []rune(text)
	for len(rs) > 1 && f.width(string(rs)+"…") > w {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…", text
}

// timeCaption says what the chart's times count from: t=0, the
// scenario's start when no action moved it, else its last action.
func timeCaption(r *Result) string {
	action := lastAction(r.Steps)
	var text string
	switch {
	case action == "" && r.T0 == 0:
		text = "time from the scenario's start (t=0)"
	case action == "":
		text = fmt.Sprintf("time from t=0, %s after the scenario's start", timeline.FormatOffset(r.T0))
	case r.T0 == 0:
		text = "time from t=0, the scenario's start and its last action: " + action
	default:
		text = fmt.Sprintf("time from t=0, the last action (%s after the scenario's start): %s", timeline.FormatOffset(r.T0), action)
	}
	shown, _ := fitText(fontCaption, text, chartWidth-16)
	return shown
}

// observedText says what a check observed: "observed 5s", "not
// observed".
func observedText(ck timeline.Check, t0 time.Duration) string {
	if !ck.Seen {
		return "not observed"
	}
	return "observed " + timeline.FormatOffset(ck.Observed-t0)
}

// axisPoints are the instants the chart's axis must show, in seconds
// from t=0: every event, t=0, what each expectation observed, and its
// window where the window says something: always for a failed or unseen
// expectation; for a met one only its bounds near the events, so that a
// window closing minutes after everything happened (`within 10m`) does
// not stretch the axis (it is drawn to the chart's edge). A window opening
// at the session's start reaches back no further than the first event.
func axisPoints(r *Result) []float64 {
	rel := func(d time.Duration) float64 { return secs(d - r.T0) }
	pts := []float64{0}
	for _, e := range r.Timeline {
		if drawn(e) {
			pts = append(pts, rel(e.At))
		}
	}
	if len(pts) == 1 {
		// Nothing the chart draws: the span of the events themselves.
		for _, e := range r.Timeline {
			pts = append(pts, rel(e.At))
		}
	}
	lo, hi := 0.0, 0.0
	for _, p := range pts {
		lo, hi = math.Min(lo, p), math.Max(hi, p)
	}
	floor := math.Inf(-1)
	if len(r.Timeline) > 0 {
		floor = math.Min(0, rel(r.Timeline[0].At))
	}
	for _, ck := range r.Checks {
		if ck.Seen {
			pts = append(pts, rel(ck.Observed))
		}
		for _, d := range []time.Duration{ck.From, ck.To} {
			t := math.Max(rel(d), floor)
			if !ck.OK || !ck.Seen || (t >= lo-minBreakSec && t <= hi+minBreakSec) {
				pts = append(pts, t)
			}
		}
	}
	return pts
}

// drawn tells whether the chart draws e (a mark, a span's end, a change
// of the STATUS column): what it does not draw (Kubernetes Events, a
// pod's conditions, the API's bookkeeping) neither stretches the axis
// nor breaks a quiet stretch.
func drawn(e timeline.Event) bool {
	if isNode(e.Pod) {
		return e.Kind == timeline.Condition
	}
	switch e.Kind {
	case timeline.PodCreated, timeline.Phase, timeline.DeleteRequested, timeline.Deleted, timeline.Evicted, timeline.Rejected, timeline.Status:
		return e.Container == ""
	case timeline.Started, timeline.Ready, timeline.NotReady, timeline.PreStopStarted, timeline.PreStopDone,
		timeline.SIGTERM, timeline.SIGKILL, timeline.Exited, timeline.PostStartDone, timeline.ProbeFailed,
		timeline.BackOff, timeline.Restarted:
		return e.Container != ""
	}
	return false
}

// isNode tells whether a timeline name is a node's: the drivers name a
// node's events "node/<name>" (no pod name has a slash).
func isNode(name string) bool { return strings.HasPrefix(name, "node/") }

// isObject tells whether a timeline name is an API object's other than a
// pod's or a node's: the drivers name their Kubernetes Events and
// conditions "<kind>/<name>" (a PodDisruptionBudget's "pdb/<name>", a
// ReplicaSet's "replicaset/<name>", a Deployment's, a Job's). They draw
// nothing, so they get no lane (the ReplicaSet controller's
// SuccessfulCreate events gave replica sets a STATUS lane, 2026-11-29).
func isObject(name string) bool { return strings.Contains(name, "/") && !isNode(name) }

// nodeSpans are a node's bad conditions over a scenario.
type nodeSpans struct {
	node  string // the timeline's name, "node/<name>"
	types []string
	spans []condSpan
}

// condSpan is a stretch during which a node condition was bad.
type condSpan struct {
	from, to     time.Duration
	closed       bool // else it lasts to the chart's end
	row          int  // the condition type's row in the lane
	label, class string
	reason       string
}

// nodeConditionSpans reads the nodes' condition changes off a timeline:
// for MemoryPressure, DiskPressure, PIDPressure and NetworkUnavailable
// the stretches they were True, for Ready those it was not True
// (NotReady when False, Ready=Unknown when the node stopped posting);
// and the stretches each taint was on the node (a row per key and
// effect). Nodes in order of their first bad condition or taint.
func nodeConditionSpans(events []timeline.Event) []nodeSpans {
	var out []nodeSpans
	idx := map[string]int{}
	open := map[[2]string]int{} // node, row → its open span in out[node].spans
	for _, e := range events {
		if !isNode(e.Pod) || (e.Kind != timeline.Condition && e.Kind != timeline.Taint) {
			continue
		}
		row := e.Reason
		label, class := badCondition(e.Reason, e.Status)
		if e.Kind == timeline.Taint {
			row = "taint " + e.Reason + ":" + e.Message
			label, class = taintLabel(e)
		}
		k := [2]string{e.Pod, row}
		if i, ok := open[k]; ok {
			ns := &out[idx[e.Pod]]
			if ns.spans[i].label == label {
				continue // still bad the same way
			}
			ns.spans[i].to, ns.spans[i].closed = e.At, true
			delete(open, k)
		}
		if label == "" {
			continue
		}
		n, ok := idx[e.Pod]
		if !ok {
			n = len(out)
			idx[e.Pod] = n
			out = append(out, nodeSpans{node: e.Pod})
		}
		ns := &out[n]
		r := slices.Index(ns.types, row)
		if r < 0 {
			r = len(ns.types)
			ns.types = append(ns.types, row)
		}
		open[k] = len(ns.spans)
		reason := e.Message
		if e.Kind == timeline.Taint {
			reason = ""
		}
		ns.spans = append(ns.spans, condSpan{from: e.At, row: r, label: label, class: class, reason: reason})
	}
	return out
}

// taintLabel names a taint while it is on ("" once removed): its key
// without the node controllers' prefix, and its effect.
func taintLabel(e timeline.Event) (label, class string) {
	if e.Status == "False" {
		return "", ""
	}
	class = "cond-taint"
	if e.Message == "NoExecute" {
		class = "cond-taint-noexecute"
	}
	return "taint " + strings.TrimPrefix(e.Reason, "node.kubernetes.io/") + ":" + e.Message, class
}

// badCondition names a node condition's status when it is bad ("" when
// it is not), with its drawing class.
func badCondition(typ, status string) (label, class string) {
	if typ == "Ready" {
		switch status {
		case "True":
			return "", ""
		case "Unknown":
			return "Ready=Unknown", "cond-unknown"
		}
		return "NotReady", "cond-notready"
	}
	if status != "True" {
		return "", ""
	}
	return typ, "cond-" + strings.ToLower(typ)
}

// failureBanner is the failed step in one line.
func failureBanner(r *Result) string {
	if r.Failure == nil {
		return "✗ failed"
	}
	msg := strings.Join(strings.Fields(strings.ReplaceAll(r.Failure.Message, "\n", " ")), " ")
	const limit = 140
	if len([]rune(msg)) > limit {
		msg = string([]rune(msg)[:limit-1]) + "…"
	}
	return fmt.Sprintf("✗ line %d: %s", r.Failure.Line, msg)
}

// expectedText says what a check expected, relative to t=0: "expected at
// 4s", "expected between 1s and 3s", "expected by 5s".
func expectedText(ck timeline.Check, t0 time.Duration) string {
	from, to := timeline.FormatOffset(ck.From-t0), timeline.FormatOffset(ck.To-t0)
	switch {
	case ck.From == ck.To:
		return "expected at " + from
	case ck.From <= 0:
		return "expected by " + to
	}
	return "expected between " + from + " and " + to
}

// ticks are round times across [lo, hi]: at most about ten.
func ticks(lo, hi float64) []float64 {
	steps := tickSteps()
	step := steps[len(steps)-1]
	for _, s := range steps {
		if (hi-lo)/s <= 10 {
			step = s
			break
		}
	}
	var out []float64
	for i := math.Ceil(lo / step); i*step <= hi+1e-9; i++ {
		t := i * step
		if math.Abs(t) < 1e-9 {
			t = 0
		}
		out = append(out, t)
	}
	return out
}

// tickSteps are the round steps ticks may have, in seconds.
func tickSteps() []float64 {
	return []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600}
}

// px formats a coordinate with one decimal, the same on every platform.
func px(v float64) string {
	s := strconv.FormatFloat(math.Round(v*10)/10, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	if s == "-0" {
		s = "0"
	}
	return s
}

// ChartSVG writes the chart of one result as a standalone SVG document
// (its own styles included).
func ChartSVG(w io.Writer, r Result) error {
	if _, err := io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"); err != nil {
		return err
	}
	return templates.ExecuteTemplate(w, "chart.svg", newChart(&r, true, true))
}

// chartHTML is the chart for inline use in a page, whose stylesheet
// covers it; list as in newChart.
func chartHTML(r *Result, list bool) (template.HTML, error) {
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "chart.svg", newChart(r, false, list)); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil //nolint:gosec // rendered by html/template above
}
