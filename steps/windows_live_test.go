package steps

import (
	"context"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestLiveWindowsCountFromTheReaction pins docs/language.md's live windows: after a
// delete, times count from the kubelet's first reaction (its SIGTERM,
// 1.5 s after the call here), widened by the observers' margins only; the
// reaction itself is a check of its own; an interval between two precise
// events is checked at the precision.
func TestLiveWindowsCountFromTheReaction(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 11500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
		{At: 13520 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.SIGKILL},
		{At: 13520 * ms, Seq: 4, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 137},
		{At: 14600 * ms, Seq: 5, Pod: "web", Kind: timeline.Deleted},
	}
	for _, tc := range []struct {
		name string
		run  func(st *State) error
		fail string // "" when it holds
	}{
		{"SIGKILL at 2s, counted from the SIGTERM the kubelet sent 1.5 s after the call", func(st *State) error { return expectAt(context.Background(), st, sel("SIGKILL"), "2s") }, ""},
		{"SIGKILL at 1s is rejected", func(st *State) error { return expectAt(context.Background(), st, sel("SIGKILL"), "1s") }, "it came at 3.52s"},
		{"SIGKILL at 3s is rejected", func(st *State) error { return expectAt(context.Background(), st, sel("SIGKILL"), "3s") }, "at 3.52s"},
		{"SIGTERM at 0s is the reaction itself", func(st *State) error { return expectAt(context.Background(), st, sel("SIGTERM"), "0s") }, ""},
		{"the pod gone at 2s: its last container's end then, and the API within its chain", func(st *State) error {
			return st.expectIn(context.Background(), timeline.Selector{Pod: "web", Kind: timeline.Deleted}, 2*s, 2*s)
		}, ""},
		{"the pod gone at 3s is rejected by its last container's end", func(st *State) error {
			return st.expectIn(context.Background(), timeline.Selector{Pod: "web", Kind: timeline.Deleted}, 3*s, 3*s)
		}, "ended at 3.52s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: tl}
			st := actedOn(f, driver.ActionDelete, "web")
			err := tc.run(st)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
			if len(st.Checks) < 2 || !st.Checks[0].Reaction || st.Checks[0].Observed != 11500*ms || !st.Checks[0].OK {
				t.Fatalf("want the reaction checked first (SIGTERM at 11.5s within 3s of the call), got %+v", st.Checks)
			}
		})
	}
	t.Run("an interval between precise events is checked at the precision, a SIGKILL's later by the runtime's kill", func(t *testing.T) {
		f := &liveFake{now: 10 * s, events: tl}
		st := &State{Driver: f, Session: f, Plan: &Plan{}}
		w := st.interval(sel("SIGKILL"), tl[1], 2*s)
		if w.From != 13250*ms || w.To != 14000*ms {
			t.Fatalf("want [13.25s, 14s], got [%s, %s]", w.From, w.To)
		}
	})
}

// TestLiveSidecarStopFromTheNotice pins afterNotice: a sidecar stopped
// when the app completed counts from the kubelet's notice of the app's
// exit, the app's later start (the kubelet's start chain) and the relist
// measured, so "at 5s" holds and a second either way fails; without the
// notice the wide window (relist and start chain allowed for) passes a
// second late too.
func TestLiveSidecarStopFromTheNotice(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 11 * s, Seq: 1, Pod: "job", Container: "logger", Kind: timeline.Started},
		{At: 12500 * ms, Seq: 2, Pod: "job", Container: "app", Kind: timeline.Started},
		{At: 17520 * ms, Seq: 3, Pod: "job", Container: "app", Kind: timeline.Exited},
		{At: 18300 * ms, Seq: 4, Pod: "job", Container: "logger", Kind: timeline.SIGTERM},
		{At: 18310 * ms, Seq: 5, Pod: "job", Container: "logger", Kind: timeline.Exited, Code: 143},
	}
	for _, tc := range []struct {
		name   string
		notice bool
		kind   timeline.Kind
		at     string
		ok     bool
	}{
		{"SIGTERM at 5s", true, timeline.SIGTERM, "5s", true},
		{"SIGTERM at 4s", true, timeline.SIGTERM, "4s", false},
		{"SIGTERM at 6s", true, timeline.SIGTERM, "6s", false},
		{"its exit on the signal at 5s", true, timeline.Exited, "5s", true},
		{"its exit on the signal at 6s", true, timeline.Exited, "6s", false},
		{"without the notice, SIGTERM at 5s", false, timeline.SIGTERM, "5s", true},
		{"without the notice, SIGTERM at 6s passes the wide window", false, timeline.SIGTERM, "6s", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: tl, relist: true}
			if tc.notice {
				f.notices = map[time.Duration]time.Duration{17520 * ms: 18250 * ms}
			}
			st := actedOn(f, driver.ActionCreate, "job")
			st.stepType = Outcome
			err := expectAt(context.Background(), st, timeline.Selector{Pod: "job", Container: "logger", Kind: tc.kind}, tc.at)
			if (err == nil) != tc.ok {
				t.Fatalf("want ok=%v, got %v (checks %+v)", tc.ok, err, st.Checks)
			}
		})
	}
}

// TestBecomesCountsFromTheCause pins `becomes Succeeded|Failed|Running` on
// a cluster: the phase is seen through the API a status sync after the
// container event behind it, so what the scenario says of that event at
// 0s is checked at the event (the last exit, the last start), and a
// second's shift still fails.
func TestBecomesCountsFromTheCause(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 2200 * ms, Seq: 2, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
		{At: 6 * s, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Exited},
		{At: 7900 * ms, Seq: 4, Pod: "web", Kind: timeline.Phase, Reason: "Succeeded"},
	}
	for _, tc := range []struct {
		name, state, at, fail string
		kind                  timeline.Kind
	}{
		{"the exit behind Succeeded is at 0s", "Succeeded", "0s", "", timeline.Exited},
		{"an exit 1s after Succeeded is rejected", "Succeeded", "1s", `got exit of container "app" at -1.9s`, timeline.Exited},
		{"the exit behind Failed is at 0s", "Failed", "0s", "", timeline.Exited},
		{"the start behind Running is at 0s", "Running", "0s", "", timeline.Started},
		{"a start 1s after Running is rejected", "Running", "1s", `got Started of container "app" at -1.2s`, timeline.Started},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * s, events: tl}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.pods = []*podDecl{{name: "web", created: true}}
			st.Plan.configured = true
			ps, err := parsePodState(tc.state)
			if err != nil {
				t.Fatal(err)
			}
			phase := tl[1]
			if tc.kind == timeline.Exited {
				phase = tl[3]
			}
			mark := timeline.Mark{At: phase.At}
			st.stepType = Action
			st.clk().moveT0(mark)
			st.becameObserved("web", ps, mark)
			err = expectAt(context.Background(), st, sel(tc.kind), tc.at)
			switch {
			case tc.fail == "" && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
				t.Fatalf("want a failure naming %q, got %v", tc.fail, err)
			}
		})
	}
}

// TestNodeStateReadWaitsForTheNodeUpdate pins a node state check without
// `within` on a cluster: it polls for the driver's margin of what a node
// action brings about (a manager's pass, the node status update), not
// only the tolerance, and still fails past it.
func TestNodeStateReadWaitsForTheNodeUpdate(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name  string
		after time.Duration
		holds bool
	}{
		{"a condition posted 12 s later, past the 4 s tolerance, is read", 12 * s, true},
		{"a condition posted 25 s later, past the node's 20 s margin, is not", 25 * s, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 10 * s, pressureAt: 10*s + tc.after}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.setup.Nodes = []*corev1.Node{defaultNode()}
			st.Plan.configured = true
			err := runPhrase(WithState(context.Background(), st), `node "worker-1" has condition "MemoryPressure" "True"`)
			if tc.holds != (err == nil) {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}

// TestLiveWindowsCarryTheStartChain pins the late margin of what a
// sibling's behaviour brings about after a create: the app starts a
// relist after its sidecar on a real kubelet (in the simulator's first
// instant), so a sidecar stopped at the app's exit may be as much later;
// a second's shift earlier still fails.
func TestLiveWindowsCarryTheStartChain(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "mesh", Kind: timeline.Started},
		{At: 2500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 5500 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Exited},
		{At: 5900 * ms, Seq: 4, Pod: "web", Container: "mesh", Kind: timeline.SIGTERM},
	}
	mesh := timeline.Selector{Pod: "web", Container: "mesh", Kind: timeline.SIGTERM}
	for _, tc := range []struct {
		at    string
		holds bool
	}{{"3s", true}, {"2s", false}} {
		t.Run("SIGTERM at "+tc.at, func(t *testing.T) {
			f := &liveFake{now: 0, events: tl}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.stepType = Action
			st.clk().moveT0(timeline.Mark{At: 0})
			st.acted(driver.ActionCreate, "web")
			st.Plan.pods = []*podDecl{{name: "web", created: true}}
			st.Plan.configured = true
			if err := expectAt(context.Background(), st, mesh, tc.at); (err == nil) != tc.holds {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}

// TestLiveStateWithinByItsCause pins a state `within D` on a cluster
// whose window allows for the API's chain late: the state seen after the
// deadline holds only if its cause, seen precisely, came by the deadline
// (heldout, 2026-11-28: STATUS Error 2.3 s after the start, from an exit
// at 2.0 s, passed `within 1s` in a window to 4.6 s).
func TestLiveStateWithinByItsCause(t *testing.T) {
	ms := time.Millisecond
	tl := []timeline.Event{
		{At: 10 * ms, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 1140 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 3140 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
		{At: 3450 * ms, Seq: 3, Pod: "web", Kind: timeline.Status, Reason: "Error"},
		{At: 3450 * ms, Seq: 4, Pod: "web", Kind: timeline.Phase, Reason: "Failed"},
	}
	for _, tc := range []struct {
		name, within string
		f            func(ctx context.Context, d string) error
		holds        bool
	}{
		{"STATUS Error within 3s: its exit at 2s", "3s", func(ctx context.Context, d string) error {
			return runPhrase(ctx, `the pod "web" shows status "Error" within `+d)
		}, true},
		{"STATUS Error within 1s: its exit at 2s, too late however quickly the API showed it", "1s", func(ctx context.Context, d string) error {
			return runPhrase(ctx, `the pod "web" shows status "Error" within `+d)
		}, false},
		{"Failed within 2s: its exit at 2s", "2s", func(ctx context.Context, d string) error { return runPhrase(ctx, `the pod "web" is Failed within `+d) }, true},
		{"Failed within 1s: its exit at 2s", "1s", func(ctx context.Context, d string) error { return runPhrase(ctx, `the pod "web" is Failed within `+d) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 0, events: tl}
			st := actedOn(f, driver.ActionCreate, "web")
			st.Plan.pods[0].pod = &corev1.Pod{}
			err := tc.f(WithState(context.Background(), st), tc.within)
			if (err == nil) != tc.holds {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
			if !tc.holds && !strings.Contains(err.Error(), "after container \"app\" exited at 3.14s") {
				t.Errorf("the failure should name the cause: %v", err)
			}
			if c := st.Checks[len(st.Checks)-1]; c.OK != tc.holds || (c.Seen && c.OK != (c.Observed >= c.From && c.Observed <= c.To)) {
				t.Errorf("the check disagrees with its window: %+v", c)
			}
		})
	}
}

// TestLiveStateCausedByALateStart: the cause of a state is held to its
// own window, where the kubelet's reaction is allowed for: a preemptor's
// start 6.9 s after its create (it waited for its victim, no reaction of
// the kubelet's) is Running within 5s (CI's subset on kind, 2026-11-28,
// scheduling.feature:198, failed when the cause was held to the written
// deadline).
func TestLiveStateCausedByALateStart(t *testing.T) {
	ms := time.Millisecond
	tl := []timeline.Event{
		{At: 10 * ms, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 6887 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 6898 * ms, Seq: 3, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
	}
	f := &liveFake{now: 0, events: tl}
	st := actedOn(f, driver.ActionCreate, "web")
	st.Plan.pods[0].pod = &corev1.Pod{}
	if err := runPhrase(WithState(context.Background(), st), `the pod "web" is Running within 5s`); err != nil {
		t.Fatalf("want it to hold, got %v", err)
	}
}

// TestLiveLateCauseUnseenIsNoSkip: a state whose only cause within the
// API's chain is an event the driver says it cannot see (a cluster that
// cannot see containers start) is judged by its window: a cause it
// cannot see is no cause, and the scenario is not skipped for the look.
func TestLiveLateCauseUnseenIsNoSkip(t *testing.T) {
	ms := time.Millisecond
	f := &liveFake{now: 0, events: []timeline.Event{
		{At: 10 * ms, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 6887 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 6898 * ms, Seq: 3, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
	}}
	st := actedOn(f, driver.ActionCreate, "web")
	f.unseen = timeline.Started
	st.Plan.pods[0].pod = &corev1.Pod{}
	if err := runPhrase(WithState(context.Background(), st), `the pod "web" is Running within 5s`); err != nil || st.SkipReason != "" {
		t.Fatalf("want it to hold and no skip, got %v, skip %q", err, st.SkipReason)
	}
}

// TestLiveReadyAtTheFirstAnswerAfter pins a container's Ready on a
// cluster whose agent logged its readiness answers: the bound counts as
// the first answer at or after it from the container's start (the
// probe's worker keeps its own phase), and the Ready follows that answer
// (heldout, 2026-11-28: `becomes ready at 9s` passed for a container
// ready after 10 s, its Ready at 10.85 s in a window to 13.6 s).
func TestLiveReadyAtTheFirstAnswerAfter(t *testing.T) {
	ms := time.Millisecond
	start := 582 * ms
	tl := []timeline.Event{
		{At: 10 * ms, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: start, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 11429 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Ready},
	}
	// The worker's ticks fell 0.15 s before each second of the
	// container's (the first answer, a manual trigger, at its start).
	answers := []time.Duration{631 * ms}
	for k := 1; k <= 13; k++ {
		answers = append(answers, start+time.Duration(k)*time.Second-146*ms)
	}
	for _, tc := range []struct {
		at    string
		holds bool
	}{{"10s", true}, {"9s", false}, {"11s", false}} {
		t.Run("ready at "+tc.at, func(t *testing.T) {
			f := &liveFake{now: 0, events: tl, answers: answers}
			st := actedOn(f, driver.ActionCreate, "web")
			after := 10 * time.Second
			st.Plan.pods[0].pod = &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app",
				ReadinessProbe: &corev1.Probe{PeriodSeconds: 1, ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand("readiness")}}}}}}}
			st.Plan.pods[0].beh = map[string]*behavior.Behavior{"app": {ReadyAfter: &after}}
			// The judge reads the probe and the behaviour from the pod
			// as applied: the agent's arguments.
			f.pod = st.Plan.pods[0].build()
			f.pod.Name = "web"
			err := runPhrase(WithState(context.Background(), st), `container "app" of pod "web" becomes ready at `+tc.at)
			if (err == nil) != tc.holds {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}

// TestLiveLateStartIsNoReaction: a pod whose first container starts later
// than the create's calibrated bound (3 s here) waited on a rule (a
// preemption, the scheduler), not on the kubelet: its windows count from
// the create with the bound absorbed rather than from that late start, so
// "within 5s" holds 6 s after the create and fails 10 s after it, and no
// failed reaction check is left in a scenario that passes.
func TestLiveLateStartIsNoReaction(t *testing.T) {
	s := time.Second
	for _, tc := range []struct {
		name    string
		started time.Duration
		ok      bool
	}{
		{"started 1 s after the create: the reaction, within 5s", 11 * s, true},
		{"started 6 s after the create: within 5s and the bound", 16 * s, true},
		{"started 10 s after the create: more than 5s and the bound", 20 * s, false},
	} {
		f := &liveFake{now: 10 * s, events: []timeline.Event{
			{At: tc.started, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		}}
		st := actedOn(f, driver.ActionCreate, "web")
		f.now = 30 * s
		err := st.expectIn(context.Background(), sel("Started"), 0, 5*s)
		if (err == nil) != tc.ok {
			t.Errorf("%s: want ok=%v, got %v", tc.name, tc.ok, err)
		}
		for _, c := range st.Checks {
			if c.Reaction && !c.OK {
				t.Errorf("%s: a failed reaction check is left: %+v", tc.name, c)
			}
		}
	}
}

// expectAt is the `at T` rule: the first occurrence at or after t=0 is at
// t0+T (on a cluster, in the window counted from the kubelet's reaction).
//
// Without a session it only reads T: the steps of the old form that call
// it (expect_status.go) are linted so, with no session; typed steps
// check their bounds in Declare and call expectIn.
func expectAt(ctx context.Context, st *State, sel timeline.Selector, at string) error {
	return expectBetween(ctx, st, sel, at, at)
}

// TestUntimedWaitGoesOnForALaterEvent: on a cluster, an untimed
// expectation whose event named first has come waits on, past the
// tolerance, for what it relates to it (the Nth exit's restart after a
// crash back-off of 10 s, fifth-drafts.feature:35 on kind): the wait ends
// when that comes, the pods are done or the limit is reached, not a
// tolerance after the first event.
func TestUntimedWaitGoesOnForALaterEvent(t *testing.T) {
	s := time.Second
	f := &liveFake{runningAt: time.Millisecond, events: []timeline.Event{
		{At: 1 * s, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
		{At: 1500 * time.Millisecond, Pod: "web", Container: "app", Kind: timeline.Restarted},
		{At: 3 * s, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
		{At: 13 * s, Pod: "web", Container: "app", Kind: timeline.Restarted},
	}}
	st := actedOn(f, driver.ActionCreate, "web")
	st.Plan.pods[0].pod = &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}
	f.now = 2 * s
	ctx := WithState(context.Background(), st)
	if err := runPhrase(ctx, `container "app" is restarted 10s after its second exit`); err != nil {
		t.Errorf("a restart 10 s after the second exit, which came after the tolerance: %v", err)
	}
}

// TestLiveNotBeforeIsAtsLowerBound: on a cluster `does not receive SIGKILL
// before D` is judged by the lower bound of the window of an event
// expected at D (here counted from the kubelet's SIGTERM, 1.5 s after the
// delete, less the observer's margin): a SIGKILL 2.02 s after the
// reaction is not before 2s, and is before 3s.
func TestLiveNotBeforeIsAtsLowerBound(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 11500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
		{At: 13520 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.SIGKILL},
		{At: 13520 * ms, Seq: 4, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 137},
		{At: 14600 * ms, Seq: 5, Pod: "web", Kind: timeline.Deleted},
	}
	for _, tc := range []struct {
		d    time.Duration
		fail string
	}{
		{0, ""},
		{2 * s, ""},
		{3 * s, "got SIGKILL of container \"app\" at 3.52s"},
		{10 * s, "at 3.52s"},
	} {
		f := &liveFake{now: 10 * s, events: tl}
		st := actedOn(f, driver.ActionDelete, "web")
		err := (&ctrEventNotBefore{sel: sel(timeline.SIGKILL), dur: tc.d}).Run(context.Background(), st)
		switch {
		case tc.fail == "" && err != nil:
			t.Errorf("not before %s: want it to hold, got %v", tc.d, err)
		case tc.fail != "" && (err == nil || !strings.Contains(err.Error(), tc.fail)):
			t.Errorf("not before %s: want a failure naming %q, got %v", tc.d, tc.fail, err)
		}
	}
}
