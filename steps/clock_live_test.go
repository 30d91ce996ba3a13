package steps

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestActionAwaitsTheStart pins an action on a pod a step just created,
// on a cluster: the simulator has started it in its creation's instant,
// so the action waits until the cluster has started it too.
func TestActionAwaitsTheStart(t *testing.T) {
	s := time.Second
	f := &liveFake{now: 0, runningAt: 3 * s}
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	if err := st.awaitStart(context.Background(), &podDecl{name: "web", created: true}); err != nil {
		t.Fatal(err)
	}
	if f.now < 3*s {
		t.Errorf("acted at %s, before the pod started at 3s", f.now)
	}
	f.now = 5 * s
	if err := st.awaitStart(context.Background(), &podDecl{name: "web", created: true}); err != nil || f.now != 5*s {
		t.Errorf("a running pod: waited until %s (%v), want no wait", f.now, err)
	}
}

// TestStateCheckReadsTheCurrentTimeOnACluster pins dsl.md's current time
// on a cluster: after an untimed expectation ran the session on (here to
// 30 s), a state check reads the pods as observed from the current time
// (1 s) for up to the tolerance (4 s), not the present.
func TestStateCheckReadsTheCurrentTimeOnACluster(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name      string
		runningAt time.Duration
		state     string
		holds     bool
	}{
		{"Pending at the current time, although Running now", 3 * s, "Pending", true},
		{"Running within the tolerance of the current time", 3 * s, "Running", true},
		{"Running only after the tolerance: read as not Running, although it is now", 10 * s, "Running", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 1 * s, runningAt: tc.runningAt}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "web", created: true}}
			st.Plan.configured = true
			ctx := WithState(context.Background(), st)
			st.clock.cur = f.now
			f.now = 30 * s // the untimed expectation waited for its event
			err := runPhrase(ctx, `the pod "web" is `+tc.state)
			if tc.holds != (err == nil) {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}

// TestPassCountsFromTheCurrentTime pins `N pass` on a cluster: the time
// passes from the scenario's current time (t=0, moved on by the timed
// expectations that held), not from the moment the step began after
// other steps waited for observations. An end the cluster has already
// run past (a count decided at the end of its widened window) is still
// t=0, and the state checks after it read the record of that moment; a
// session without a record lets the time pass from now.
func TestPassCountsFromTheCurrentTime(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name      string
		now, cur  time.Duration
		noHistory bool
		noAction  bool
		wantT0    time.Duration
		wantHeld  bool // the state at t=0 is read from the record
	}{
		{name: "steps waited 1 s for the SIGTERM seen at 0 s: 3 s pass end at 3 s", now: 1 * s, wantT0: 3 * s},
		{name: "a check held at 2 s: 3 s pass end at 5 s", now: 2500 * time.Millisecond, cur: 2 * s, wantT0: 5 * s},
		{name: "the cluster ran 10 s on: t=0 at 3 s, read from the record", now: 10 * s, wantT0: 3 * s, wantHeld: true},
		{name: "the cluster ran 10 s on, no record: 3 s pass from now", now: 10 * s, noHistory: true, wantT0: 13 * s},
		{name: "no action yet, the Given steps took 10 s of the cluster: 3 s pass from now", now: 10 * s, noAction: true, wantT0: 13 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: tc.now}
			var sess driver.Session = f
			if tc.noHistory {
				sess = withoutHistory{f}
			}
			st := &State{Driver: f, Session: sess, Plan: &Plan{}}
			st.Plan.configured = true
			st.stepType = Action
			st.clock.liveCur = tc.cur
			st.clock.madeAction = !tc.noAction
			if err := pass(context.Background(), st, 3*s); err != nil {
				t.Fatal(err)
			}
			if st.clock.t0.At != tc.wantT0 {
				t.Errorf("t=0 at %s, want %s", st.clock.t0.At, tc.wantT0)
			}
			if held := st.clock.cur == tc.wantT0 && st.Session.Now() > st.clock.cur; held != tc.wantHeld {
				t.Errorf("state read from the record at t=0: %v, want %v", held, tc.wantHeld)
			}
		})
	}
}

// TestPassNeverReadsBeforeWhatWasSeen pins `N pass` on a cluster after
// a check held on a pod whose chain runs later than t=0's (live run of
// 2026-11-30, sixth-drafts.feature:13): pod "b" was seen Succeeded 4.17 s
// after t=0, which is 0.84 s in the rules' time; `3s pass` ended 3.84 s
// after t=0, before what had been seen, and `b stays in phase
// "Succeeded"` read it Running. The pass never ends before the instant
// a check was seen to hold.
func TestPassNeverReadsBeforeWhatWasSeen(t *testing.T) {
	s := time.Second
	f := &liveFake{now: 8 * s}
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	st.Plan.configured = true
	st.clock.madeAction = true
	st.clock.t0 = timeline.Mark{At: 2390 * time.Millisecond}
	w := timeline.Window{Ref: 5720 * time.Millisecond, Lo: 0, Hi: 15 * s, From: 0, To: 24 * s}
	if err := st.keepWindowCheck(timeline.Selector{Pod: "b"}, "Succeeded", w, &timeline.Event{At: 6560 * time.Millisecond}, nil); err != nil {
		t.Fatal(err)
	}
	st.stepType = Action
	if err := pass(context.Background(), st, 3*s); err != nil {
		t.Fatal(err)
	}
	if st.clock.cur < 6560*time.Millisecond {
		t.Errorf("after 3 s pass the current time is %s, before b was seen Succeeded at 6.56s", st.clock.cur)
	}
}

// withoutHistory is a cluster session that keeps no record of the past.
type withoutHistory struct {
	driver.Session
}

// TestHeldCheckMovesTheCurrentTime: on a cluster a timed expectation
// that held moves the current time to its occurrence's place in the
// rules' time, within its bounds; one that failed, to its bound.
func TestHeldCheckMovesTheCurrentTime(t *testing.T) {
	s := time.Second
	f := &liveFake{}
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	w := timeline.Window{Ref: 300 * time.Millisecond, Lo: 0, Hi: 10 * s}
	_ = st.keepWindowCheck(timeline.Selector{Pod: "web"}, "x", w, &timeline.Event{At: 5300 * time.Millisecond}, nil)
	if st.clock.liveCur != 5*s {
		t.Errorf("current time %s after a check held at 5 s, want 5s", st.clock.liveCur)
	}
	_ = st.keepWindowCheck(timeline.Selector{Pod: "web"}, "x", timeline.Window{Ref: 0, Lo: 2 * s, Hi: 2 * s}, &timeline.Event{At: 2100 * time.Millisecond}, nil)
	if st.clock.liveCur != 5*s {
		t.Errorf("an earlier check moved the current time back to %s", st.clock.liveCur)
	}
	// A failed check decided at its bound (docs/language.md: "or t0+D if
	// it failed"): the event seen late does not move it further.
	_ = st.keepWindowCheck(timeline.Selector{Pod: "web"}, "x", timeline.Window{Ref: 0, Lo: 8 * s, Hi: 8 * s, From: 8 * s, To: 8 * s}, &timeline.Event{At: 9 * s}, errors.New("late"))
	if st.clock.liveCur != 8*s {
		t.Errorf("a check failed late moved the current time to %s, want its bound 8s", st.clock.liveCur)
	}
}

// TestNotAfterIsNeverReadBeforeTheAction pins `is not S after D`'s
// moment on a cluster: the earliest its window allows, but never before
// t=0. A delete's window opens a request's round trip early; read there,
// `not Terminating after 0s` held right after the delete (a generated
// scenario of internal/verdicts, on a cluster of zero-width windows).
func TestNotAfterIsNeverReadBeforeTheAction(t *testing.T) {
	s := time.Second
	f := &liveFake{now: 10 * s, events: []timeline.Event{
		{At: 1 * s, Pod: "web", Kind: timeline.PodCreated},
		{At: 2 * s, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
		{At: 10 * s, Pod: "web", Kind: timeline.DeleteRequested, Code: 1},
		{At: 10 * s, Pod: "web", Kind: timeline.Status, Reason: "Terminating"},
	}}
	st := actedOn(f, driver.ActionDelete, "web")
	f.now = 12 * s
	ctx := WithState(context.Background(), st)
	if err := runPhrase(ctx, `the pod "web" is not Terminating after 0s`); err == nil {
		t.Error(`"not Terminating after 0s" held right after the delete`)
	}
	if err := runPhrase(ctx, `the pod "web" is not gone after 0s`); err != nil {
		t.Errorf(`"not gone after 0s" of a pod Terminating: %v`, err)
	}
}

// TestSetupIsNotScenarioTime: on a cluster, the declared nodes' setup
// (three pool nodes leased and configured took 31 s on kind) comes
// before t=0 when no action has placed it, so that a pod no step creates
// is judged from its creation, as on the simulator (scheduling.feature's
// nodeSelector scenario failed `Running within 1s` at 31.7 s,
// 2026-11-29); after an action, the setup does not move t=0.
func TestSetupIsNotScenarioTime(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name   string
		acted  bool
		wantT0 time.Duration
	}{
		{"no action yet: t=0 where the cluster is ready", false, 31 * s},
		{"after an action: t=0 stays at the action", true, 2 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 2 * s, setup: 29 * s}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			if tc.acted {
				st.clock.t0 = timeline.Mark{At: 2 * s}
				st.clock.cur, st.clock.madeAction = 2*s, true
			}
			if err := st.configure(context.Background()); err != nil {
				t.Fatal(err)
			}
			if st.clock.t0.At != tc.wantT0 {
				t.Errorf("t=0 at %s, want %s", st.clock.t0.At, tc.wantT0)
			}
			if st.clock.cur < st.clock.t0.At {
				t.Errorf("current time %s before t=0 %s", st.clock.cur, st.clock.t0.At)
			}
		})
	}
}
