package steps

import (
	"context"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestHoldFromThePodsCreation: on a cluster the pod an action creates is
// observed a moment after t=0 (1 ms on kind, 2026-11-29: fourth-drafts
// :137 and :118 failed "at 0s: the pod was not created yet"); `stays`
// is judged from its creation, and from t=0 for a pod already there.
func TestHoldFromThePodsCreation(t *testing.T) {
	ms := time.Millisecond
	t0 := 5 * time.Second
	events := []timeline.Event{
		{At: t0 + ms, Pod: "big", Kind: timeline.PodCreated},
		{At: t0 + ms, Pod: "big", Kind: timeline.Phase, Reason: "Pending"},
	}
	mine := func(e timeline.Event) bool { return e.Pod == "big" && e.Container == "" }
	if _, ok := heldThrough(events, mine, &podHold{state: podState{name: "Pending"}}, holdFrom(events, "big", t0), t0+30*time.Second); !ok {
		t.Error("a pod created 1 ms after t=0 and Pending since: stays Pending failed")
	}
	if got := holdFrom(events, "big", t0+time.Second); got != t0+time.Second {
		t.Errorf("a pod there before t=0: judged from %s, want t=0", got)
	}
	if got := holdFrom(nil, "big", t0); got != t0 {
		t.Errorf("a pod never created: judged from %s, want t=0 (where it fails: not created)", got)
	}
}

// TestPhaseAtOnACluster: `phase is P at T` on a cluster reads T's window
// (the fake's: 0.25 s early, 2 s late for a pod), not its instant alone:
// a Succeeded that came at 10.9 s (the container started at 0.9 s) holds
// "at 10s"; one read at 5 s still fails.
func TestPhaseAtOnACluster(t *testing.T) {
	for _, tc := range []struct {
		phrase string
		holds  bool
	}{
		{`the pod "batch" phase is "Succeeded" at 10s`, true},
		{`the pod "batch" phase is "Succeeded" at 5s`, false},
		{`the pod "batch" phase is "Running" at 5s`, true},
	} {
		t.Run(tc.phrase, func(t *testing.T) {
			f := &liveFake{now: 0, events: []timeline.Event{
				{At: 0, Pod: "batch", Kind: timeline.PodCreated},
				{At: 0, Pod: "batch", Kind: timeline.Phase, Reason: "Pending"},
				{At: 900 * time.Millisecond, Pod: "batch", Kind: timeline.Phase, Reason: "Running"},
				{At: 10900 * time.Millisecond, Pod: "batch", Kind: timeline.Phase, Reason: "Succeeded"},
			}}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "batch", created: true}}
			st.Plan.configured = true
			err := runPhrase(WithState(context.Background(), st), tc.phrase)
			if tc.holds != (err == nil) {
				t.Errorf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}
