package report

import (
	"math"
	"sort"
)

// The chart's texts never overlap: every text is placed as a box (its
// width estimated from its font, its height the font's ascent and
// descent) that no box placed before it overlaps, or it is left out (its
// mark keeps its tooltip). Boxes are claimed in the order of what says
// most: the axis and the lane names, the expectations' numbers and
// failures, then the ends of a container's life, then the rest.

// advance is DejaVu Sans's advance width of the printable ASCII
// characters (space to tilde), in hundredths of an em, Book then Bold,
// as Chromium measured them. DejaVu Sans is the widest of the fonts the
// chart's font stack names (system-ui, Segoe UI, Roboto, then DejaVu
// Sans) and the one a Linux browser falls back to: a text fits where
// this says it does in each of them.
var advance = [2][95]uint8{
	{32, 40, 46, 84, 64, 95, 78, 28, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53,
		100, 68, 69, 70, 77, 63, 58, 78, 75, 30, 30, 66, 56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50,
		50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84},
	{35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58,
		100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 78, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50,
		50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84},
}

// The font's vertical metrics, in ems: a text's box reaches this far
// above and below its baseline.
const (
	ascent  = 0.93
	descent = 0.24
)

// font is a text's size (px) and weight, as the chart's stylesheet sets
// them.
type font struct {
	size float64
	bold bool
}

// The chart's fonts (style.css.tmpl).
var (
	fontMark      = font{size: 10}
	fontMarkBold  = font{size: 10, bold: true} // SIGTERM, SIGKILL, exit, gone; a failed expectation
	fontCheckNum  = font{size: 8}
	fontCond      = font{size: 9, bold: true}
	fontLane      = font{size: 11}
	fontLanePod   = font{size: 11, bold: true}
	fontBreak     = font{size: 9}
	fontTitle     = font{size: 12, bold: true}
	fontFailure   = font{size: 11, bold: true}
	fontCaption   = font{size: 10}
	fontTick      = font{size: 10}
	fontLegend    = font{size: 10}
	fontStatus    = font{size: 10}
	fontBandLabel = font{size: 10}
)

// width is how wide text is drawn, at most: 3 % over the table, for
// rounding and kerning; a character beyond ASCII (✗, …) counts an em.
func (f font) width(text string) float64 {
	w := 0.0
	b := 0
	if f.bold {
		b = 1
	}
	for _, r := range text {
		if r >= ' ' && r <= '~' {
			w += float64(advance[b][r-' '])
		} else {
			w += 100
		}
	}
	return math.Ceil(w / 100 * f.size * 1.03)
}

// box is a text's box with its start at x and its baseline at y. A
// browser rounds the font's ascent and descent to whole pixels: so does
// the box, upwards.
func (f font) box(x, y float64, text string) box {
	return box{x0: x, y0: y - math.Ceil(ascent*f.size), x1: x + f.width(text), y1: y + math.Ceil(descent*f.size)}
}

// box is a rectangle a text takes.
type box struct{ x0, y0, x1, y1 float64 }

// Two texts side by side are kept labelGap apart, one above the other
// lineGap: a browser puts a baseline on a whole pixel.
const (
	labelGap = 2.0
	lineGap  = 1.0
)

func (a box) overlaps(b box) bool {
	return a.x0 < b.x1+labelGap && b.x0 < a.x1+labelGap && a.y0 < b.y1+lineGap && b.y0 < a.y1+lineGap
}

// labels are the boxes a chart's texts took so far.
type labels struct{ taken []box }

// free says whether b overlaps no text placed so far.
func (l *labels) free(b box) bool {
	for _, t := range l.taken {
		if t.overlaps(b) {
			return false
		}
	}
	return true
}

// claim places b, whether it was free or not (a text that must be drawn:
// the title, the lane names).
func (l *labels) claim(b box) { l.taken = append(l.taken, b) }

// tryClaim places b if it is free.
func (l *labels) tryClaim(b box) bool {
	if !l.free(b) {
		return false
	}
	l.claim(b)
	return true
}

// place puts a text at x on the first of the baselines where it is free;
// else as little to the right as a baseline allows, up to maxShift, never
// past right (a text that would pass it starts further left, at right
// less its width, but not left of left). It reports where, or false when
// no place is free.
func (l *labels) place(f font, text string, x float64, baselines []float64, maxShift, left, right float64) (float64, float64, bool) {
	w := f.width(text)
	if x+w > right {
		x = right - w
	}
	if x < left {
		x = left
	}
	// The candidates: x, then the right edges of the boxes taken within
	// maxShift of it, nearest first.
	xs := []float64{x}
	for _, t := range l.taken {
		if e := t.x1 + labelGap; e > x && e-x <= maxShift && e+w <= right {
			xs = append(xs, e)
		}
	}
	sort.Float64s(xs[1:])
	for _, cx := range xs {
		for _, y := range baselines {
			if b := f.box(cx, y, text); l.free(b) {
				l.claim(b)
				return cx, y, true
			}
		}
	}
	return 0, 0, false
}
