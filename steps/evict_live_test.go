package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
)

// evictingFake is the fake cluster with the eviction requests it answered.
type evictingFake struct {
	*liveFake
	evictions []driver.EvictionRequest
}

func (f *evictingFake) Evictions() []driver.EvictionRequest { return f.evictions }

// TestLiveEvictionAcceptedAtIsJudgedByTheRequestWindow pins `the eviction
// of pod "web" is accepted at D` on a cluster: the request's answer is
// stamped by podlife's client a round trip off the rule's time, so it is
// read in the judge's request window as the replica set's form reads each
// (CI on 8b73b56, fourteenth-drafts.feature:23: "expected … accepted at
// 0s; got 201 at 0s", an exact comparison of a stamped time).
func TestLiveEvictionAcceptedAtIsJudgedByTheRequestWindow(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		name string
		req  time.Duration // the 201's stamp after t=0
		at   string
		fail string // "" when it holds
	}{
		{"a 201 answered 0.1 s after t=0 is accepted at 0s", 100 * ms, "0s", ""},
		{"the same at 1s is rejected: it came early", 100 * ms, "1s", "early"},
		{"a 201 answered 1.1 s after t=0 is not accepted at 0s: it came late", 1100 * ms, "0s", "late"},
		{"the same is accepted at 1s", 1100 * ms, "1s", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &evictingFake{liveFake: &liveFake{now: 10 * time.Second}}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "web", created: true}}
			st.Plan.configured = true
			st.stepType = Action
			st.clk().moveT0(st.clk().actionMark())
			t0 := st.clock.t0.At
			f.evictions = []driver.EvictionRequest{{Pod: "web", At: t0 + tc.req, Code: 201, By: "api"}}
			st.stepType = Outcome
			s := &evictionAccepted{pod: podRef{name: "web"}, atText: tc.at}
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
