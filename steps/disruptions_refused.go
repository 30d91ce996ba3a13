package steps

// The count of an eviction's refusals, over the scenario's activity or
// up to a time written.

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// Then the eviction of pod 2 of replica set "web" is refused 2 times: the
// requests for the pod refused since t=0, counted once the scenario's
// activity ended (a drain retries every 5 s).
type evictionRefusedTimes struct {
	pod  podRef
	want Count
	// within, when written, bounds the count: the refusals made by
	// t0+D (on a cluster the request window's end), not by the end of
	// the scenario's activity, which a cluster waits out at its cap.
	within writtenSpan
}

func (s evictionRefusedTimes) Declare(pl *Plan) error { return pl.declared(s.pod) }

func (s evictionRefusedTimes) Run(ctx context.Context, st *State) error {
	d, err := readyDisruptions(ctx, st)
	if err != nil {
		return err
	}
	if s.within.text != "" {
		return s.runWithin(ctx, st, d)
	}
	if err := awaitDisruption(ctx, st, func() bool { return st.Plan.drainsEnded(d) }); err != nil {
		return err
	}
	name, err := s.pod.resolve(d)
	if err != nil {
		return err
	}
	es := evictionsOf(d, name, st.clock.t0)
	if refusedCount(es) != int(s.want) {
		return &timeline.Verdict{Kind: timeline.WrongCount, Expected: fmt.Sprintf("the eviction of %s refused %s", s.pod, times(int(s.want), "time")), Observed: describeEvictions(st, es)}
	}
	return nil
}

// runWithin counts the refusals up to t0+D: the session run to the
// window's end (a drain's retries come on their own), the count exact,
// the current time moved to the last refusal counted.
func (s evictionRefusedTimes) runWithin(ctx context.Context, st *State, d driver.Session) error {
	w := disruptionWindow(st, 0, s.within.d)
	if w.To > st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, w.To, nil); err != nil {
			return err
		}
	}
	name, err := s.pod.resolve(d)
	if err != nil {
		return err
	}
	var by []driver.EvictionRequest
	for _, e := range evictionsOf(d, name, st.clock.t0) {
		if e.At <= w.To {
			by = append(by, e)
		}
	}
	sel := timeline.Selector{Pod: name}
	if refusedCount(by) != int(s.want) {
		return st.keepWindowCheck(sel, "evictions refused", w, nil, &timeline.Verdict{Kind: timeline.WrongCount,
			Expected: fmt.Sprintf("the eviction of %s refused %s within %s%s", s.pod, times(int(s.want), "time"), s.within.text, w.Note()),
			Observed: describeEvictions(st, by), Window: &w})
	}
	var last *timeline.Event
	for _, e := range by {
		if e.Code != 201 {
			last = &timeline.Event{At: e.At, Pod: name}
		}
	}
	if last == nil {
		return nil
	}
	w.From = st.clock.t0.At
	return st.keepWindowCheck(sel, fmt.Sprintf("the eviction refused %s", times(int(s.want), "time")), w, last, nil)
}
