package live

import (
	"sort"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// recorder keeps the timeline in (At, Seq) order. Unlike the simulator's,
// events may arrive out of order: a log line or a status update is
// observed after the moment it reports, so each is inserted where its
// time puts it. Seq is the order of arrival, which breaks ties.
type recorder struct {
	events []timeline.Event
	seq    uint64
}

func (r *recorder) add(e timeline.Event) {
	r.seq++
	e.Seq = r.seq
	i := sort.Search(len(r.events), func(i int) bool { return r.events[i].At > e.At })
	r.events = append(r.events, timeline.Event{})
	copy(r.events[i+1:], r.events[i:])
	r.events[i] = e
}

// snapshot copies the events up to limit (all when limit < 0).
func (r *recorder) snapshot(limit time.Duration) []timeline.Event {
	n := len(r.events)
	if limit >= 0 {
		n = sort.Search(len(r.events), func(i int) bool { return r.events[i].At > limit })
	}
	return append([]timeline.Event(nil), r.events[:n]...)
}

func (r *recorder) last() time.Duration {
	if len(r.events) == 0 {
		return 0
	}
	return r.events[len(r.events)-1].At
}

// estimate places a moment known from an API time stamp, which has whole
// seconds (truncated), and from when podlife saw it (later, by the
// kubelet's status and watch delays, usually at most lag): the middle of
// what both allow. An observation later than lag allows (a status that
// came late, or reported an instance after its successor's) bounds
// nothing: the stamp's second alone places it.
func estimate(api, seen time.Time, lag time.Duration) time.Time {
	if api.IsZero() {
		return seen
	}
	if seen.Before(api) {
		return seen // a clock that disagrees: what was seen is all there is
	}
	lo, hi := api, api.Add(time.Second)
	if seen.Before(hi) {
		hi = seen
	}
	if t := seen.Add(-lag); t.After(lo) && !t.After(hi) {
		lo = t
	}
	return lo.Add(hi.Sub(lo) / 2)
}

// kinds counts the distinct events recorded, an event repeated as it
// was (the same pod, container, kind, reason, status and message: a
// scheduler's FailedScheduling again, each time another scenario's pod
// goes and it retries) counted once: what a steady scenario may still
// see without anything of its own changing.
func (r *recorder) kinds() int {
	seen := map[timeline.Event]bool{}
	for _, e := range r.events {
		e.At, e.Seq = 0, 0
		seen[e] = true
	}
	return len(seen)
}
