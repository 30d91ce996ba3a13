package steps

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// liveFake is a cluster whose timeline is written in advance: a session
// with Windows, as the live driver's, for the window rules alone.
type liveFake struct {
	driver.Plain
	driver.Refusing
	now    time.Duration
	events []timeline.Event
	// pressureAt: the node "worker-1" has MemoryPressure=True from then.
	pressureAt time.Duration
	// runningAt: the pod "web" exists, Pending, until then, and is
	// Running after (0: no pod).
	runningAt time.Duration
	// notices: when the kubelet noticed an exit, by its event's time;
	// creates: when the runtime created the container of a start.
	notices, creates map[time.Duration]time.Duration
	// podNotices: every notice of the pod's exits (its sandbox's too);
	// syncAfter: how many relists after the last of them the terminated
	// sync's could have been, at least and at most.
	podNotices []time.Duration
	syncAfter  [2]int
	// relist: a signal or an exit after a create may come a relist late.
	relist bool
	// answers: the readiness probe's answers.
	answers []time.Duration
}

func (f *liveFake) Name() string                                  { return "fake-live" }
func (f *liveFake) Capabilities() driver.Capabilities             { return driver.NewCapabilities() }
func (f *liveFake) Tolerance() time.Duration                      { return 4 * time.Second }
func (f *liveFake) Configure(context.Context, driver.Setup) error { return nil }
func (f *liveFake) Apply(context.Context, *corev1.Pod) error      { return nil }
func (f *liveFake) Delete(context.Context, string, metav1.DeleteOptions) error {
	return nil
}
func (f *liveFake) Now() time.Duration { return f.now }
func (f *liveFake) Start(context.Context, driver.Scenario) (driver.Session, error) {
	return f, nil
}
func (f *liveFake) RunUntil(_ context.Context, deadline time.Duration, cond func(driver.View) bool) (time.Duration, bool, error) {
	for {
		if cond != nil && cond(f.View()) {
			return f.now, true, nil
		}
		if f.now >= deadline {
			return f.now, false, nil
		}
		f.now = min(deadline, f.now+10*time.Millisecond)
	}
}
func (f *liveFake) Settle(context.Context, time.Duration) (time.Duration, bool, error) {
	return f.now, false, nil
}
func (f *liveFake) View() driver.View { return fakeView{f: f, at: f.now} }

// ViewsBetween: the pod's phase changes once, at runningAt.
func (f *liveFake) ViewsBetween(from, to time.Duration) []driver.View {
	out := []driver.View{fakeView{f: f, at: from}}
	if f.runningAt > from && f.runningAt <= to {
		out = append(out, fakeView{f: f, at: f.runningAt})
	}
	return out
}
func (f *liveFake) Close(context.Context) error { return nil }
func (f *liveFake) Reaction(driver.Action) time.Duration {
	return 3 * time.Second
}

// Margin: precise container events (±0.25 s early, +0.5 s late), a
// restart after a relist and the API's 2 s late.
func (f *liveFake) Precise(sel timeline.Selector) bool { return sel.Container != "" }

func (f *liveFake) Margin(sel timeline.Selector, after driver.Action) (time.Duration, time.Duration) {
	if strings.HasPrefix(sel.Pod, "node/") {
		return 0, 20 * time.Second // a manager's pass and a node status update
	}
	if after == driver.ActionNoticed {
		// No relist left to allow for: a kubelet step, or the API's
		// status write after it.
		if sel.Container == "" {
			return 250 * time.Millisecond, 400 * time.Millisecond
		}
		return 250 * time.Millisecond, 500 * time.Millisecond
	}
	if sel.Container == "" {
		return 250 * time.Millisecond, 2 * time.Second
	}
	if sel.Kind == timeline.Restarted || (f.relist && after == driver.ActionCreate && (sel.Kind == timeline.SIGTERM || sel.Kind == timeline.Exited)) {
		return 250 * time.Millisecond, 2 * time.Second // a relist
	}
	return 250 * time.Millisecond, 500 * time.Millisecond
}

func (f *liveFake) Noticed(e timeline.Event) (time.Duration, bool) {
	n, ok := f.notices[e.At]
	return n, ok && e.Kind == timeline.Exited
}

// TerminatedSync: the pod's last notice in [n, gone], and syncAfter's
// relists (a second each) after it.
func (f *liveFake) TerminatedSync(_ timeline.Event, n, gone time.Duration) (time.Duration, time.Duration, bool) {
	var last time.Duration
	for _, p := range f.podNotices {
		if p >= n && p <= gone && p > last {
			last = p
		}
	}
	return last + time.Duration(f.syncAfter[0])*time.Second, last + time.Duration(f.syncAfter[1])*time.Second, last > 0
}

// ProbeAnswers: the readiness answers of answers, if any.
func (f *liveFake) ProbeAnswers(sel timeline.Selector, kind string) []time.Duration {
	if kind != "readiness" {
		return nil
	}
	return f.answers
}

func (f *liveFake) Acted(e timeline.Event) (time.Duration, bool) {
	c, ok := f.creates[e.At]
	return c, ok && e.Kind != timeline.Exited
}

type fakeView struct {
	driver.Unprinted
	f  *liveFake
	at time.Duration
}

func (v fakeView) Pod(name string) *corev1.Pod {
	if v.f.runningAt == 0 || name != "web" {
		return nil
	}
	p := &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodPending}}
	if v.at >= v.f.runningAt {
		p.Status.Phase = corev1.PodRunning
	}
	return p
}
func (v fakeView) Node(name string) *corev1.Node {
	n := defaultNode()
	if v.f.pressureAt > 0 && v.at >= v.f.pressureAt {
		n.Status.Conditions = []corev1.NodeCondition{{Type: corev1.NodeMemoryPressure, Status: corev1.ConditionTrue}}
	}
	return n
}
func (v fakeView) Timeline() []timeline.Event {
	var out []timeline.Event
	for _, e := range v.f.events {
		if e.At <= v.at {
			out = append(out, e)
		}
	}
	return out
}

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
		{"SIGKILL at 2s, counted from the SIGTERM the kubelet sent 1.5 s after the call", func(st *State) error { return st.expectAt(context.Background(), sel("SIGKILL"), "2s") }, ""},
		{"SIGKILL at 1s is rejected", func(st *State) error { return st.expectAt(context.Background(), sel("SIGKILL"), "1s") }, "it came at 3.52s"},
		{"SIGKILL at 3s is rejected", func(st *State) error { return st.expectAt(context.Background(), sel("SIGKILL"), "3s") }, "at 3.52s"},
		{"SIGTERM at 0s is the reaction itself", func(st *State) error { return st.expectAt(context.Background(), sel("SIGTERM"), "0s") }, ""},
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
	t.Run("an interval between precise events is checked at the precision", func(t *testing.T) {
		f := &liveFake{now: 10 * s, events: tl}
		st := &State{Driver: f, Session: f, Plan: &Plan{}}
		w := st.interval(sel("SIGKILL"), tl[1], 2*s)
		if w.From != 13250*ms || w.To != 13750*ms {
			t.Fatalf("want [13.25s, 13.75s], got [%s, %s]", w.From, w.To)
		}
	})
}

// actedOn is a scenario on the fake cluster that has just made action on
// pod, a created pod of its setup, at the fake's current time.
func actedOn(f *liveFake, action driver.Action, pod string) *State {
	st := &State{Driver: f, Session: f, Plan: &Plan{}}
	st.Plan.pods = []*podDecl{{name: pod, created: true}}
	st.Plan.configured = true
	st.stepType = Action
	st.clk().moveT0(st.clk().actionMark())
	st.acted(action, pod)
	return st
}

func sel(kind timeline.Kind) timeline.Selector {
	return timeline.Selector{Pod: "web", Container: "app", Kind: kind}
}

// liveRows checks a timeline table of pod "web" on the fake cluster as
// the table step does: the action made at its current time, the table
// read at now, each row's window from rowWindow.
func liveRows(t *testing.T, f *liveFake, action driver.Action, now time.Duration, rows []timeline.Row) error {
	t.Helper()
	st := actedOn(f, action, "web")
	f.now = now
	var earlier []timeline.RowMatch
	win := func(r timeline.Row, prev *timeline.RowMatch) timeline.Window {
		if prev != nil {
			earlier = append(earlier, *prev)
		}
		w, err := st.rowWindow(context.Background(), "web", r, earlier)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	_, err := timeline.ExpectRows(f.View().Timeline(), st.clock.t0, "web", rows, false, timeline.Order{}, win)
	return err
}

// TestLiveRowsChain pins the timeline table on a cluster: a row counts
// from the precisely seen row before it, so the latencies along a chain
// (an exit, the relist, the restart, the next exit) do not add up, while
// a row one second off still fails.
func TestLiveRowsChain(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 11 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 13 * s, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
		{At: 13900 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Restarted},
		{At: 15950 * ms, Seq: 4, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
	}
	rows := func(last time.Duration) []timeline.Row {
		return []timeline.Row{
			{Line: 1, At: 2 * s, HasAt: true, Container: "app", Label: "Exited(1)"},
			{Line: 2, At: 2 * s, HasAt: true, Container: "app", Label: "Restarted"},
			{Line: 3, At: last, HasAt: true, Container: "app", Label: "Exited(1)"},
		}
	}
	for _, tc := range []struct {
		last time.Duration
		ok   bool
	}{{4 * s, true}, {3 * s, false}, {5 * s, false}} {
		f := &liveFake{now: 10 * s, events: tl}
		err := liveRows(t, f, driver.ActionCreate, 20*s, rows(tc.last))
		if (err == nil) != tc.ok {
			t.Errorf("the second exit at %s after a restart 0.9 s late: want ok=%v, got %v", tc.last, tc.ok, err)
		}
	}
}

// TestLiveRowsFromTheNotice pins the timeline table on a cluster that
// sees the kubelet notice an exit (its relist, in its log) and the
// runtime create a container: the restart counts from the notice, its
// window carries the runtime's create-to-start time of that very start
// and no relist, so a restart written a second early or late fails, and
// so does a kubelet that acted 1.1 s after its notice, which the
// relist's allowance would have passed.
func TestLiveRowsFromTheNotice(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	run := func(restart, created time.Duration, notices bool, at time.Duration) error {
		tl := []timeline.Event{
			{At: 11 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
			{At: 13 * s, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
			{At: restart, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Restarted},
			{At: restart + 2*s, Seq: 4, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 1},
			{At: restart + 2*s + 60*ms, Seq: 5, Pod: "web", Kind: timeline.Phase, Reason: "Failed"},
		}
		f := &liveFake{now: 10 * s, events: tl}
		if notices {
			f.notices = map[time.Duration]time.Duration{13 * s: 13800 * ms, restart + 2*s: restart + 2*s + 10*ms}
			f.creates = map[time.Duration]time.Duration{restart: created}
		}
		return liveRows(t, f, driver.ActionCreate, 25*s, []timeline.Row{
			{Line: 1, At: 2 * s, HasAt: true, Container: "app", Label: "Exited(1)"},
			{Line: 2, At: at, HasAt: true, Container: "app", Label: "Restarted"},
			{Line: 3, At: at + 2*s, HasAt: true, Container: "app", Label: "Exited(1)"},
			{Line: 4, At: at + 2*s, HasAt: true, Label: "Phase(Failed)"},
		})
	}
	for _, tc := range []struct {
		name             string
		restart, created time.Duration
		notices          bool
		at               time.Duration
		ok               bool
	}{
		{"restarted 0.6 s after the notice, the runtime taking 0.55 s of it", 14400 * ms, 13850 * ms, true, 2 * s, true},
		{"the same written a second late", 14400 * ms, 13850 * ms, true, 3 * s, false},
		{"the same written a second early", 14400 * ms, 13850 * ms, true, 1 * s, false},
		{"a kubelet that acted 1.1 s after its notice", 14950 * ms, 14900 * ms, true, 2 * s, false},
		{"which the relist's allowance passes when the notice is not seen", 14950 * ms, 14900 * ms, false, 2 * s, true},
		{"a start a sync made before the notice (it read the runtime itself) keeps the wide window", 13500 * ms, 13300 * ms, true, 2 * s, true},
	} {
		if err := run(tc.restart, tc.created, tc.notices, tc.at); (err == nil) != tc.ok {
			t.Errorf("%s: want ok=%v, got %v", tc.name, tc.ok, err)
		}
	}
}

// TestLiveGoneFromThePodsLastNotice pins goneAfterNotice: after a delete
// the pod goes in the sync after the relist that followed its
// termination, which noticed its last container's exit or, a relist
// later, its sandbox's end, or found nothing to log; counted from that
// relist, a Deleted row holds at its time and fails a second either way,
// and where either relist could be the one the window spans both.
func TestLiveGoneFromThePodsLastNotice(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	tl := []timeline.Event{
		{At: 1 * s, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 11500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
		{At: 13520 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 137},
		{At: 15360 * ms, Seq: 4, Pod: "web", Kind: timeline.Deleted},
	}
	for _, tc := range []struct {
		name       string
		podNotices []time.Duration
		syncAfter  [2]int
		at         time.Duration
		ok         bool
	}{
		{"gone 60 ms after the sandbox's notice, a relist after the exit's", []time.Duration{14300 * ms, 15300 * ms}, [2]int{}, 2 * s, true},
		{"the same written a second late", []time.Duration{14300 * ms, 15300 * ms}, [2]int{}, 3 * s, false},
		{"the same written a second early", []time.Duration{14300 * ms, 15300 * ms}, [2]int{}, 1 * s, false},
		{"without the pod's notices the API's wide margin passes it late", nil, [2]int{}, 3 * s, true},
		{"gone 1.06 s after the only notice, the termination seen ending after it: from the next relist", []time.Duration{14300 * ms}, [2]int{1, 1}, 2 * s, true},
		{"the same written a second late", []time.Duration{14300 * ms}, [2]int{1, 1}, 3 * s, false},
		{"the same written a second early", []time.Duration{14300 * ms}, [2]int{1, 1}, 1 * s, false},
		{"the same counted from the only notice", []time.Duration{14300 * ms}, [2]int{}, 2 * s, false},
		{"either relist: the window spans both", []time.Duration{14300 * ms}, [2]int{0, 1}, 2 * s, true},
		{"either relist, written a second late: within the span", []time.Duration{14300 * ms}, [2]int{0, 1}, 3 * s, true},
		{"either relist, written a second early", []time.Duration{14300 * ms}, [2]int{0, 1}, 1 * s, false},
	} {
		f := &liveFake{now: 10 * s, events: tl, podNotices: tc.podNotices, syncAfter: tc.syncAfter,
			notices: map[time.Duration]time.Duration{13520 * ms: 14300 * ms}}
		rows := []timeline.Row{
			{Line: 1, At: 2 * s, HasAt: true, Container: "app", Label: "Exited(137)"},
			{Line: 2, At: tc.at, HasAt: true, Label: "Deleted"},
		}
		if err := liveRows(t, f, driver.ActionDelete, 20*s, rows); (err == nil) != tc.ok {
			t.Errorf("%s: want ok=%v, got %v", tc.name, tc.ok, err)
		}
	}
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
			err := st.expectAt(context.Background(), timeline.Selector{Pod: "job", Container: "logger", Kind: tc.kind}, tc.at)
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
			err = st.expectAt(context.Background(), sel(tc.kind), tc.at)
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
			err := nodeHasCondition(WithState(context.Background(), st), "worker-1", "MemoryPressure", "True", "")
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
			if err := st.expectAt(context.Background(), mesh, tc.at); (err == nil) != tc.holds {
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
		{"STATUS Error within 3s: its exit at 2s", "3s", func(ctx context.Context, d string) error { return showsStatusWithin(ctx, "web", "Error", d) }, true},
		{"STATUS Error within 1s: its exit at 2s, too late however quickly the API showed it", "1s", func(ctx context.Context, d string) error { return showsStatusWithin(ctx, "web", "Error", d) }, false},
		{"Failed within 2s: its exit at 2s", "2s", func(ctx context.Context, d string) error { return podIsWithin(ctx, "web", "Failed", d) }, true},
		{"Failed within 1s: its exit at 2s", "1s", func(ctx context.Context, d string) error { return podIsWithin(ctx, "web", "Failed", d) }, false},
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
	if err := podIsWithin(WithState(context.Background(), st), "web", "Running", "5s"); err != nil {
		t.Fatalf("want it to hold, got %v", err)
	}
}

// blindStarts is a cluster that cannot see containers start: a cause it
// cannot see is no cause, and looking for one does not skip a scenario.
type blindStarts struct{ *liveFake }

func (b blindStarts) Unobserved(sel timeline.Selector) string {
	if sel.Kind == timeline.Started {
		return "starts are not seen"
	}
	return ""
}

// TestLiveLateCauseUnseenIsNoSkip: a state whose only cause within the
// API's chain is an event the driver says it cannot see is judged by its
// window, and the scenario is not skipped for the look.
func TestLiveLateCauseUnseenIsNoSkip(t *testing.T) {
	ms := time.Millisecond
	f := &liveFake{now: 0, events: []timeline.Event{
		{At: 10 * ms, Seq: 1, Pod: "web", Kind: timeline.PodCreated},
		{At: 6887 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 6898 * ms, Seq: 3, Pod: "web", Kind: timeline.Phase, Reason: "Running"},
	}}
	st := actedOn(f, driver.ActionCreate, "web")
	st.Session = blindStarts{f}
	st.Plan.pods[0].pod = &corev1.Pod{}
	if err := podIsWithin(WithState(context.Background(), st), "web", "Running", "5s"); err != nil || st.SkipReason != "" {
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
			err := containerReadyAt(WithState(context.Background(), st), "app", "web", tc.at)
			if (err == nil) != tc.holds {
				t.Fatalf("holds %v, got %v", tc.holds, err)
			}
		})
	}
}

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

// TestDisruptionWindows: on the simulator a drain's times are exact; on a
// cluster they reach later by the kubelet's reactions to what the drain
// waited for (3 s each here) and, for a pod gone, waitForDelete's poll.
func TestDisruptionWindows(t *testing.T) {
	s := time.Second
	f := &liveFake{now: 10 * s}
	st := &State{Driver: f, Session: f, Plan: &Plan{}, clock: clock{t0: timeline.Mark{At: 10 * s}}}
	w := disruptionWindow(st, 11*s, 11*s, driver.ActionDelete, driver.ActionCreate)
	if w.From != 21*s-disruptionPrecision || w.To != 21*s+disruptionPrecision+3*s+waitForDeletePoll+3*s {
		t.Errorf("live window %v to %v", w.From, w.To)
	}
	if w := disruptionWindow(st, 0, 0); w.From != 10*s-disruptionPrecision || w.To != 10*s+disruptionPrecision {
		t.Errorf("an eviction at t=0: %v to %v", w.From, w.To)
	}
	exact := &State{Driver: simLike{f: f}, Session: simLike{f: f}, Plan: &Plan{}, clock: clock{t0: timeline.Mark{At: 10 * s}}}
	if w := disruptionWindow(exact, 11*s, 11*s, driver.ActionDelete); !w.IsExact() || w.From != 21*s {
		t.Errorf("the simulator's window %v to %v", w.From, w.To)
	}
}

// simLike is the fake without its Windows: a session whose clock is the
// rules' own.
type simLike struct {
	driver.Plain
	driver.Refusing
	f *liveFake
}

func (s simLike) Name() string                      { return "fake-sim" }
func (s simLike) Capabilities() driver.Capabilities { return driver.NewCapabilities(driver.ExactTime) }
func (s simLike) Tolerance() time.Duration          { return 0 }
func (s simLike) Start(context.Context, driver.Scenario) (driver.Session, error) {
	return s, nil
}
func (s simLike) Configure(ctx context.Context, st driver.Setup) error { return s.f.Configure(ctx, st) }
func (s simLike) Apply(ctx context.Context, p *corev1.Pod) error       { return s.f.Apply(ctx, p) }
func (s simLike) Delete(ctx context.Context, n string, o metav1.DeleteOptions) error {
	return s.f.Delete(ctx, n, o)
}
func (s simLike) Now() time.Duration { return s.f.Now() }
func (s simLike) RunUntil(ctx context.Context, d time.Duration, c func(driver.View) bool) (time.Duration, bool, error) {
	return s.f.RunUntil(ctx, d, c)
}
func (s simLike) Settle(ctx context.Context, l time.Duration) (time.Duration, bool, error) {
	return s.f.Settle(ctx, l)
}
func (s simLike) View() driver.View               { return s.f.View() }
func (s simLike) Close(ctx context.Context) error { return nil }

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
			err := podIsNow(ctx, "web", tc.state)
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
				sess = withoutHistory{f, f}
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

// withoutHistory is a cluster session that keeps no record of the past.
type withoutHistory struct {
	driver.Session
	driver.Windows
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
