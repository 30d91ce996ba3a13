package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestLiveCreatedAfterReady pins `the pod "b" is created after the pod
// "a" is Ready` (and `is not created before`) on a cluster: b's
// PodCreated against a's Ready=True condition, in the live judge's order
// (a tie closer than its precision holds, as `is Ready before the pod`'s
// does); b never created fails `created after` and keeps `not created
// before`; b created while a never became Ready fails both.
func TestLiveCreatedAfterReady(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name        string
		ready, made time.Duration // after t=0; < 0: never
		must        bool
		fail        string // "" when it holds
	}{
		{"created 3 s after the Ready", 3000 * ms, 6000 * ms, true, ""},
		{"not created before it", 3000 * ms, 6000 * ms, false, ""},
		{"created 2 s before the Ready", 3000 * ms, 1000 * ms, true, "quorum-1"},
		{"said not created before it", 3000 * ms, 1000 * ms, false, "quorum-1"},
		{"a tie holds", 3000 * ms, 3000*ms - 500*time.Microsecond, true, ""},
		{"never created is not created after", 3000 * ms, -1, true, "never created"},
		{"never created is not created before", 3000 * ms, -1, false, ""},
		{"created with the other never Ready", -1, 1000 * ms, false, "never Ready"},
		{"neither", -1, -1, false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * time.Second}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "quorum-0", created: true}, {name: "quorum-1", created: true}}
			st.Plan.configured = true
			st.stepType = Action
			st.clk().moveT0(st.clk().actionMark())
			t0 := st.clock.t0.At
			ready := timeline.Event{At: t0 + tc.ready, Pod: "quorum-0", Kind: timeline.Condition, Reason: "Ready", Status: "True"}
			made := timeline.Event{At: t0 + tc.made, Pod: "quorum-1", Kind: timeline.PodCreated}
			if tc.made < tc.ready {
				ready, made = made, ready
			}
			for _, e := range []timeline.Event{ready, made} {
				if e.At >= t0 {
					f.events = append(f.events, e)
				}
			}
			f.now = t0 + 20*time.Second
			st.stepType = Outcome
			s := &podMomentOrder{pod: "quorum-0", moment: "Ready", later: "quorum-1", laterMoment: "created", must: tc.must}
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
