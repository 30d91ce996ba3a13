package driver

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// Judge is a session's answer to the timing questions of a scenario's
// expectations: where each is judged. The rules' times are the
// simulator's own, so its judge answers exactly (Exact); a real
// cluster's kubelet reacts to an action after a latency that is not the
// rule being checked and each event is seen by an observer of known
// precision, so its judge counts an action's consequences from the
// kubelet's observed reaction and widens each window by its observers'
// margins (docs/language.md, "live windows"). The steps tell it what
// the scenario did and ask; they never ask which driver answers.
type Judge interface {
	// Acted: the scenario made action a on pod at (session time; an
	// action on a node is made at t=0 itself).
	Acted(a Action, pod string, at time.Duration)
	// Evicted: a delete of pod made at at by the scenario's background
	// (a drain's eviction), told after the fact: a delete told already,
	// at or before at, stands.
	Evicted(pod string, at time.Duration)
	// ObservedT0: t=0 (t0) was placed at an event the driver observed
	// at seen (the N-th restart; a state seen, phase when it is one).
	// What follows counts from it, with no reaction to an earlier action.
	ObservedT0(pod string, t0 timeline.Mark, phase corev1.PodPhase, seen timeline.Mark)
	// Forget: what the scenario does next to pod brings no reaction of
	// the kubelet's (a condition another writer set): what follows
	// counts from t=0.
	Forget(pod string)

	// From is where the occurrences an expectation about pod looks for
	// start: t0, or earlier where the state t=0 was placed at was seen
	// after the event that caused it.
	From(pod string, t0 timeline.Mark) timeline.Mark
	// Window is where the expectation q is judged. An error wraps
	// ErrUnsupported when the driver cannot see what q selects, or is
	// the verdict of the kubelet's reaction it looked for.
	Window(ctx context.Context, q Question) (Answer, error)
	// Narrow is w, narrowed where the kubelet was seen noticing the
	// exit that led to what q selects.
	Narrow(ctx context.Context, q Question, w timeline.Window) timeline.Window
	// LateCause: the state seen, judged by w, was seen after its
	// deadline; the cause behind it (a container's start or exit, seen
	// precisely) and that cause's own window, when the cause came late.
	LateCause(ctx context.Context, q Question, w timeline.Window, seen timeline.Event) (cause timeline.Event, cw timeline.Window, late bool)
	// Gone judges a pod gone (q selects its Deleted) by the chain behind
	// it, w being its window: ok false when it is judged as any other
	// event.
	Gone(ctx context.Context, q Question, w timeline.Window) (g Caused, ok bool, err error)
	// Caused judges what the API showed of a pod at seen (its terminal
	// phase, a terminated STATUS, its removal) by the container event
	// that caused it, q being the row or state expected: ok false when
	// it is judged as any other event.
	Caused(ctx context.Context, q Question, seen timeline.Event) (c Caused, ok bool, err error)
	// Unobserved says why the events sel selects cannot be seen at all,
	// "" when they can: an expectation about them is a skip.
	Unobserved(sel timeline.Selector) string
	// Order is how near two observed events may be and still be
	// unordered (its Concurrent is the steps' to set).
	Order() timeline.Order
	// Margin is how much earlier and later than its rule an event sel
	// selects may be seen, counted after the action after ("" from t=0).
	Margin(sel timeline.Selector, after Action) (early, late time.Duration)
	// Requests is the window of a time written [lo, hi] from t0 that
	// podlife's own client stamps (an eviction request, a drain's end),
	// after it waited for the kubelet's reactions to waits.
	Requests(t0 timeline.Mark, lo, hi time.Duration, waits ...Action) timeline.Window
}

// Question is an expectation as a Judge is asked about it.
type Question struct {
	// Sel selects the event expected; Lo and Hi are its written bounds.
	Sel    timeline.Selector
	Lo, Hi time.Duration
	// T0 is the scenario's t=0.
	T0 timeline.Mark
	// Earlier: for a timeline table's row, the rows matched before it.
	Earlier []timeline.RowMatch
	// After: the observed event the bounds count from (an interval),
	// instead of t=0.
	After *timeline.Event
}

// Answer is a Judge's window for a question, and the checks of the
// kubelet's reactions it made to find it (Reaction set), for the steps
// to record.
type Answer struct {
	Window timeline.Window
	Checks []timeline.Check
}

// Caused is what the API shows of a pod (its removal, its terminal
// phase), judged by the container event behind it: Cause nil when only
// the API's time can be checked (in the window asked with); Window is
// the cause's, and Verdict the judgement of the cause in it and of the
// API's chain after it.
type Caused struct {
	Cause   *timeline.Event
	Window  timeline.Window
	Verdict error
}

// Exact is the Judge of a session whose clock is the rules' own (the
// simulator): every window exact from t=0, nothing to react to, narrow
// or chain, everything observable.
type Exact struct{}

var _ Judge = Exact{}

func (Exact) Acted(Action, string, time.Duration)                              {}
func (Exact) Evicted(string, time.Duration)                                    {}
func (Exact) ObservedT0(string, timeline.Mark, corev1.PodPhase, timeline.Mark) {}
func (Exact) Forget(string)                                                    {}
func (Exact) From(_ string, t0 timeline.Mark) timeline.Mark                    { return t0 }
func (Exact) Unobserved(timeline.Selector) string                              { return "" }
func (Exact) Order() timeline.Order                                            { return timeline.Order{} }
func (Exact) Margin(timeline.Selector, Action) (time.Duration, time.Duration)  { return 0, 0 }

// Window is exact from t=0, or from the observed event it counts from.
func (Exact) Window(_ context.Context, q Question) (Answer, error) {
	if q.After != nil {
		at := q.After.At
		return Answer{Window: timeline.Window{T0: q.T0.At, Ref: at, Lo: q.Lo, Hi: q.Hi, From: at + q.Lo, To: at + q.Hi}}, nil
	}
	return Answer{Window: timeline.Exact(q.T0, q.Lo, q.Hi)}, nil
}

func (Exact) Narrow(_ context.Context, _ Question, w timeline.Window) timeline.Window { return w }

func (Exact) LateCause(context.Context, Question, timeline.Window, timeline.Event) (timeline.Event, timeline.Window, bool) {
	return timeline.Event{}, timeline.Window{}, false
}

func (Exact) Gone(context.Context, Question, timeline.Window) (Caused, bool, error) {
	return Caused{}, false, nil
}

func (Exact) Caused(context.Context, Question, timeline.Event) (Caused, bool, error) {
	return Caused{}, false, nil
}

func (Exact) Requests(t0 timeline.Mark, lo, hi time.Duration, _ ...Action) timeline.Window {
	return timeline.Exact(t0, lo, hi)
}
