package report

import (
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// The chart's time axis covers the span where things happen: the first
// event to the last, t=0 and the expectations that matter, with a small
// margin. A long quiet stretch inside it (a crash loop's back-off, the
// wait of "10m pass", a window that closes minutes after the last event)
// is not drawn to scale, or it would squeeze the activity into slivers:
// it is cut out and drawn as a break of fixed width that says how much
// time it hides. Every stretch that is drawn has the same scale, so
// lengths stay comparable, and tick labels stay the true times.

// Axis rules.
const (
	// A quiet stretch at least this long is cut out: shorter ones (a
	// grace period, a probe's period) are the story and stay to scale.
	minBreakSec = 60.0
	// maxBreaks: more cuts than this would leave too little width to the
	// stretches drawn; the longest quiet stretches are cut first.
	maxBreaks = 8
	// breakPx is how wide a cut-out stretch is drawn.
	breakPx = 26.0
	// tickMinPx keeps tick labels apart (about ten across the chart).
	tickMinPx = 78.0
	// startInset is where t=0 stands from the plot's left edge on an
	// axis with nothing before it.
	startInset = 6.0
	// endRoom is the room after the last instant: what happened last (an
	// exit, the pod gone, its last STATUS) is named right of its mark.
	endRoom = 96.0
)

// axis maps seconds relative to t=0 to x: segments drawn to one scale,
// with a break between consecutive segments.
type axis struct {
	segs        []segment
	left, width float64
}

// segment is a stretch of time drawn to scale, from x0 to x1.
type segment struct{ lo, hi, x0, x1 float64 }

// axisBreak is a stretch of time cut out of the axis.
type axisBreak struct {
	X0, X1, Mid float64
	// Hidden is how much time the break stands for, as the chart says it.
	Hidden string
	from   float64
	to     float64
}

func (a axis) lo() float64 { return a.segs[0].lo }
func (a axis) hi() float64 { return a.segs[len(a.segs)-1].hi }

// x is where sec lies: within a segment by the common scale, within a
// break in proportion to the break's width, outside the axis by the
// nearest segment's scale (callers clamp).
func (a axis) x(sec float64) float64 {
	for i, s := range a.segs {
		if sec <= s.hi || i == len(a.segs)-1 {
			if sec >= s.lo || i == 0 {
				return s.x0 + (sec-s.lo)/(s.hi-s.lo)*(s.x1-s.x0)
			}
			p := a.segs[i-1]
			return p.x1 + (sec-p.hi)/(s.lo-p.hi)*(s.x0-p.x1)
		}
	}
	return a.left + a.width // unreachable: the last segment takes the rest
}

// breaks are the cut-out stretches, in time order.
func (a axis) breaks() []axisBreak {
	var out []axisBreak
	for i := 1; i < len(a.segs); i++ {
		p, s := a.segs[i-1], a.segs[i]
		out = append(out, axisBreak{X0: p.x1, X1: s.x0, Mid: (p.x1 + s.x0) / 2, Hidden: gapText(s.lo - p.hi), from: p.hi, to: s.lo})
	}
	return out
}

// newAxis lays out an axis over points (seconds) across [left,
// left+width]. With no long quiet stretch it is one segment from the
// first point to the last, padded by 4 % (at least 0.25 s) each side;
// but an axis whose points are all at or after t=0 starts at t=0 (a few
// pixels in): a time before t=0 where nothing happened is no time to
// draw, and a negative tick would say something happened then.
func newAxis(points []float64, left, width float64) axis {
	pts := append([]float64(nil), points...)
	sort.Float64s(pts)
	if len(pts) == 0 {
		pts = []float64{0}
	}
	lo, hi := pts[0], pts[len(pts)-1]
	total := hi - lo
	// The quiet stretches, longest first.
	type gap struct {
		at  int // between pts[at-1] and pts[at]
		len float64
	}
	var gaps []gap
	for i := 1; i < len(pts); i++ {
		if d := pts[i] - pts[i-1]; d >= minBreakSec {
			gaps = append(gaps, gap{i, d})
		}
	}
	sort.SliceStable(gaps, func(i, j int) bool { return gaps[i].len > gaps[j].len })
	if len(gaps) > maxBreaks {
		gaps = gaps[:maxBreaks]
	}
	linear := total
	cut := map[int]bool{}
	minCut := math.Inf(1)
	for _, g := range gaps {
		cut[g.at] = true
		linear -= g.len
		minCut = math.Min(minCut, g.len)
	}
	// Nothing before t=0 (every point is at or after it, t=0 being one):
	// the axis starts at t=0, a few pixels in, with no time before it.
	from0 := lo >= 0
	start := func(lo, pad float64) float64 {
		if from0 {
			return 0
		}
		return lo - pad
	}
	x0 := left
	if from0 {
		x0 += startInset
	}
	if len(cut) == 0 {
		if hi-lo < 1 {
			hi = lo + 1
		}
		pad := math.Max((hi-lo)*0.04, 0.25)
		seg := segment{lo: start(lo, pad), hi: hi + pad, x0: x0, x1: left + width - endRoom}
		return axis{segs: []segment{seg}, left: left, width: width}.withEndRoom()
	}
	// The margin around each stretch drawn: a share of what is drawn,
	// but no more than a tenth of the shortest cut, so that a cut hides
	// most of its quiet stretch.
	pad := math.Max(math.Min(linear*0.02, minCut/10), 0.25)
	var segs []segment
	first := pts[0]
	for i := 1; i <= len(pts); i++ {
		if i == len(pts) || cut[i] {
			segs = append(segs, segment{lo: first - pad, hi: pts[i-1] + pad})
			if i < len(pts) {
				first = pts[i]
			}
		}
	}
	segs[0].lo = start(pts[0], pad)
	drawn := 0.0
	for _, s := range segs {
		drawn += s.hi - s.lo
	}
	scale := (width - endRoom - (x0 - left) - float64(len(segs)-1)*breakPx) / drawn
	x := x0
	for i := range segs {
		if i > 0 {
			x += breakPx
		}
		segs[i].x0 = x
		x += (segs[i].hi - segs[i].lo) * scale
		segs[i].x1 = x
	}
	segs[len(segs)-1].x1 = left + width - endRoom // no rounding gap at the end
	return axis{segs: segs, left: left, width: width}.withEndRoom()
}

// withEndRoom extends the last segment, at its scale, over the room left
// at the axis's end.
func (a axis) withEndRoom() axis {
	last := &a.segs[len(a.segs)-1]
	last.hi += endRoom / ((last.x1 - last.x0) / (last.hi - last.lo))
	last.x1 = a.left + a.width
	return a
}

// ticks are round times on the axis, as many as fit apart: on one
// segment the chart's usual ticks; with breaks, multiples of one step
// in each segment, none crowding a break's label, and a segment left
// without one gets one at its first instant, so every stretch says
// where it is.
func (a axis) ticks() []float64 {
	if len(a.segs) == 1 {
		return ticks(a.lo(), a.hi())
	}
	s0 := a.segs[0]
	scale := (s0.x1 - s0.x0) / (s0.hi - s0.lo)
	steps := tickSteps()
	step := steps[len(steps)-1]
	for _, st := range steps {
		if st*scale >= tickMinPx {
			step = st
			break
		}
	}
	brks := a.breaks()
	crowded := func(t float64) bool {
		x := a.x(t)
		for _, b := range brks {
			if x > b.X0-16 && x < b.X1+16 {
				return true
			}
		}
		return false
	}
	var out []float64
	for _, s := range a.segs {
		n := len(out)
		out = append(out, multiples(s.lo, s.hi, step, crowded)...)
		// A stretch too narrow for a tick of the common step gets one of
		// a finer step, so that every stretch says where it is.
		for i := len(steps) - 1; len(out) == n && i >= 0; i-- {
			if steps[i] < step {
				if m := multiples(s.lo, s.hi, steps[i], crowded); len(m) > 0 {
					out = append(out, m[len(m)/2])
				}
			}
		}
	}
	return out
}

// multiples are the multiples of step in [lo, hi] that are not crowded.
func multiples(lo, hi, step float64, crowded func(float64) bool) []float64 {
	var out []float64
	for i := math.Ceil(lo / step); i*step <= hi+1e-9; i++ {
		t := i * step
		if math.Abs(t) < 1e-9 {
			t = 0
		}
		if !crowded(t) {
			out = append(out, t)
		}
	}
	return out
}

// gapText is a stretch's length as a person says it: "45s", "9m 40s",
// "1h 5m".
func gapText(sec float64) string {
	d := time.Duration(math.Round(sec)) * time.Second
	switch {
	case d < time.Minute:
		return timeline.FormatOffset(d)
	case d < time.Hour:
		m, s := d/time.Minute, (d%time.Minute)/time.Second
		if s == 0 {
			return fmt.Sprintf("%dm", m)
		}
		return fmt.Sprintf("%dm %ds", m, s)
	}
	h, m := d/time.Hour, (d%time.Hour)/time.Minute
	if m == 0 {
		return fmt.Sprintf("%dh", h)
	}
	return fmt.Sprintf("%dh %dm", h, m)
}
