package steps

import (
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestSidecarStopWithoutTurnIsUnordered pins the order rule of the
// behaviour sidecar-grace-end-concurrent: the stop of a sidecar whose
// SIGTERM is marked timeline.WithoutTurn (the grace ran out while it
// waited for its turn) is unordered with the main container's SIGKILL and
// exit of that instant, so an order check holds either way; an unmarked
// sidecar, whose turn came by the main container's exit, stays after it.
func TestSidecarStopWithoutTurnIsUnordered(t *testing.T) {
	const s = time.Second
	t0 := timeline.Mark{At: 0}
	stop := func(mark string) []timeline.Event {
		return []timeline.Event{
			{At: 0, Seq: 1, Pod: "web", Container: "proxy", Kind: timeline.Started},
			{At: 0, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
			{At: 0, Seq: 3, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
			{At: 10 * s, Seq: 4, Pod: "web", Container: "proxy", Kind: timeline.SIGTERM, Message: mark},
			{At: 10 * s, Seq: 5, Pod: "web", Container: "app", Kind: timeline.SIGKILL},
			{At: 10 * s, Seq: 6, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 137},
			{At: 10 * s, Seq: 7, Pod: "web", Container: "proxy", Kind: timeline.Exited, Code: 143},
		}
	}
	exits := func(a, b string) []timeline.Selector {
		return []timeline.Selector{{Pod: "web", Container: a, Kind: timeline.Exited}, {Pod: "web", Container: b, Kind: timeline.Exited}}
	}
	order := func(events []timeline.Event) timeline.Order {
		w := newWithoutTurn(events)
		return timeline.Order{Concurrent: func(a, b timeline.Event) bool {
			return a.Pod == b.Pod && a.Container != b.Container && killWork(a.Kind) && killWork(b.Kind) && (w.stops(a) || w.stops(b))
		}}
	}
	marked, unmarked := stop(timeline.WithoutTurn), stop("")
	for _, tc := range []struct {
		name   string
		events []timeline.Event
		first  string
		second string
		holds  bool
	}{
		{"without its turn, the app's exit first holds", marked, "app", "proxy", true},
		{"without its turn, the sidecar's exit first holds too", marked, "proxy", "app", true},
		{"after its turn, the app's exit first holds", unmarked, "app", "proxy", true},
		{"after its turn, the sidecar's exit first fails", unmarked, "proxy", "app", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := timeline.ExpectOrderUntimed(tc.events, t0, order(tc.events), exits(tc.first, tc.second))
			if (err == nil) != tc.holds {
				t.Errorf("holds %v, want %v (%v)", err == nil, tc.holds, err)
			}
		})
	}
	// A restarted instance is not the marked stop's.
	again := append(marked[:len(marked):len(marked)],
		timeline.Event{At: 20 * s, Seq: 8, Pod: "web", Container: "proxy", Kind: timeline.Restarted},
		timeline.Event{At: 20 * s, Seq: 9, Pod: "web", Container: "proxy", Kind: timeline.Exited, Code: 1})
	w := newWithoutTurn(again)
	if !w.stops(again[6]) || w.stops(again[8]) || w.stops(again[5]) {
		t.Errorf("stops: the marked stop's exit %v, the next instance's exit %v, the app's exit %v; want true, false, false",
			w.stops(again[6]), w.stops(again[8]), w.stops(again[5]))
	}
}
