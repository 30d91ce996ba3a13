package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestLiveReadyBeforeTiesEitherWay pins `the pod "a" is Ready before the
// pod "b"` on a cluster: two Ready conditions closer than the judge's tie
// (the live judge's order) satisfy either order, as `is deleted before`
// and `receives SIGTERM before` orders do; farther apart, the order
// decides; b never Ready counts as after.
func TestLiveReadyBeforeTiesEitherWay(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name        string
		a, b        time.Duration // after t=0; b < 0: never Ready
		first, then string
		fail        string // "" when it holds
	}{
		{"a Ready 3 s before b", 3000 * ms, 6000 * ms, "quorum-0", "quorum-1", ""},
		{"the same said the other way fails", 3000 * ms, 6000 * ms, "quorum-1", "quorum-0", "quorum-1"},
		{"a tie holds one way", 3000 * ms, 3000*ms + 500*time.Microsecond, "quorum-0", "quorum-1", ""},
		{"and the other", 3000 * ms, 3000*ms + 500*time.Microsecond, "quorum-1", "quorum-0", ""},
		{"b never Ready is after", 3000 * ms, -1, "quorum-0", "quorum-1", ""},
		{"a never Ready fails", 3000 * ms, -1, "quorum-1", "quorum-0", "quorum-1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * time.Second}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "quorum-0", created: true}, {name: "quorum-1", created: true}}
			st.Plan.configured = true
			st.stepType = Action
			st.clk().moveT0(st.clk().actionMark())
			t0 := st.clock.t0.At
			ready := func(pod string, at time.Duration) timeline.Event {
				return timeline.Event{At: t0 + at, Pod: pod, Kind: timeline.Condition, Reason: "Ready", Status: "True"}
			}
			f.events = []timeline.Event{ready("quorum-0", tc.a)}
			if tc.b >= 0 {
				f.events = append(f.events, ready("quorum-1", tc.b))
			}
			f.now = t0 + 20*time.Second
			st.stepType = Outcome
			s := &podReadyBefore{pod: tc.first, later: tc.then}
			if err := s.Declare(st.Plan); err != nil {
				t.Fatal(err)
			}
			err := s.Run(context.Background(), st)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
		})
	}
}
