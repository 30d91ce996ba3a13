package timeline

import (
	"fmt"
	"time"
)

// Window is where an expectation accepts its event, with the expectation
// as the scenario wrote it. On the simulator the window is the written
// bounds counted from t=0. On a cluster the bounds count from the
// kubelet's first observed reaction to the action (its latency is not the
// rule being checked) and are widened by the observer's precision early
// and by that plus what the rule itself allows late (docs/language.md, "live
// windows").
type Window struct {
	// T0 is the scenario's t=0 and Ref what the bounds count from, in
	// session time.
	T0, Ref time.Duration
	// Lo and Hi are the bounds as written, relative to Ref.
	Lo, Hi time.Duration
	// From and To are the accepted times, in session time.
	From, To time.Duration
}

// Exact is a window of the written bounds from t=0, as on the simulator.
func Exact(t0 Mark, lo, hi time.Duration) Window {
	return Window{T0: t0.At, Ref: t0.At, Lo: lo, Hi: hi, From: t0.At + lo, To: t0.At + hi}
}

// Contains reports whether at lies in the window.
func (w Window) Contains(at time.Duration) bool { return at >= w.From && at <= w.To }

// IsExact reports whether the window is the written bounds from t=0.
func (w Window) IsExact() bool {
	return w.Ref == w.T0 && w.From == w.Ref+w.Lo && w.To == w.Ref+w.Hi
}

// Note explains a window that is not exact, for messages: where it lies
// after t=0 and what it counts from. Empty for an exact window.
func (w Window) Note() string {
	if w.IsExact() {
		return ""
	}
	s := fmt.Sprintf(" (window %s to %s", FormatOffset(w.From-w.T0), FormatOffset(w.To-w.T0))
	if w.Ref != w.T0 {
		s += fmt.Sprintf(", counted from the kubelet's reaction at %s", FormatOffset(w.Ref-w.T0))
	}
	return s + fmt.Sprintf("; %s early, %s late)", FormatOffset(w.Ref+w.Lo-w.From), FormatOffset(w.To-w.Ref-w.Hi))
}

// Check is the window as a report keeps it, for an expectation about sel.
func (w Window) Check(what string, sel Selector) Check {
	return Check{Pod: sel.Pod, Container: sel.Container, What: what, From: w.From, To: w.To,
		Ref: w.Ref, ExpectFrom: w.Lo, ExpectTo: w.Hi}
}

// describeBounds renders the written bounds: "at 3s", "between 2s and
// 4s", "within 5s".
func (w Window) describeBounds() string {
	switch {
	case w.Lo == w.Hi:
		return "at " + FormatOffset(w.Lo)
	case w.Lo == 0:
		return "within " + FormatOffset(w.Hi)
	}
	return "between " + FormatOffset(w.Lo) + " and " + FormatOffset(w.Hi)
}

// ExpectIn checks that the first selected event at or after t0 lies in
// the window. On failure the message gives the window and the time seen.
func ExpectIn(events []Event, t0 Mark, w Window, s Selector) error {
	return ExpectInFrom(events, t0, t0, w, s)
}

// ExpectInFrom is ExpectIn with the occurrences looked for from a mark
// other than t0 (a cause seen before the phase that set t0); times are
// still said from t0.
func ExpectInFrom(events []Event, t0, from Mark, w Window, s Selector) error {
	exp := s.Describe() + " " + w.describeBounds() + w.Note()
	e, ok := First(events, from, s)
	if !ok {
		since := "since t=0"
		if from != t0 {
			since = "since " + rel(from.At, t0)
		}
		return &Verdict{Kind: Missing, Expected: exp, Observed: "no " + s.Describe() + " " + since, Window: &w}
	}
	if !w.Contains(e.At) {
		kind := Late
		if e.At < w.From {
			kind = Early
		}
		return &Verdict{Kind: kind, Expected: exp, Observed: fmt.Sprintf("%s at %s", s.Describe(), rel(e.At, t0)), Window: &w, Event: &e}
	}
	return nil
}
