package judge

import (
	"context"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// liveRows checks a timeline table of pod "web" on the fake cluster as
// the table step does: the action made at its current time (t=0), the
// table read at now, each row's window the judge's answer for it with
// the rows matched before it.
func liveRows(t *testing.T, f *liveFake, action driver.Action, now time.Duration, rows []timeline.Row) error {
	t.Helper()
	j := New(f, f)
	t0 := f.actionMark()
	j.Acted(action, "web", f.now)
	f.now = now
	var earlier []timeline.RowMatch
	win := func(r timeline.Row, prev *timeline.RowMatch) timeline.Window {
		if prev != nil {
			earlier = append(earlier, *prev)
		}
		q := driver.Question{Sel: timeline.Selector{Pod: "web", Container: r.Container, Kind: timeline.LabelKind(r.Label)},
			Lo: r.At, Hi: r.At, T0: t0, Earlier: earlier}
		a, err := j.Window(context.Background(), q)
		if err != nil {
			t.Fatal(err)
		}
		return a.Window
	}
	_, err := timeline.ExpectRows(f.View().Timeline(), t0, "web", rows, false, timeline.Order{}, win)
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

// TestRestartAfterAKillKeepsItsWindow pins Narrow's exception: a
// restart after a startup probe's kill (probes.feature:174 in CI's live
// subset, 2026-11-28: the kill 2.7 s after the start, where the
// simulator's is 3 s) does not count from the killed container's start
// plus the kill's written time, which would put the restart 0.3 s too
// late; the exit had no instant of its own, and the wide window stands.
func TestRestartAfterAKillKeepsItsWindow(t *testing.T) {
	ms := time.Millisecond
	events := []timeline.Event{
		{At: 705 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 3400 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM},
		{At: 3403 * ms, Seq: 3, Pod: "web", Container: "app", Kind: timeline.Exited, Code: 143},
		{At: 3621 * ms, Seq: 4, Pod: "web", Container: "app", Kind: timeline.Restarted},
	}
	f := &liveFake{now: 2 * ms, events: events,
		notices: map[time.Duration]time.Duration{3403 * ms: 3628 * ms},
		creates: map[time.Duration]time.Duration{3621 * ms: 3600 * ms}}
	j := New(f, f)
	t0 := f.actionMark()
	j.Acted(driver.ActionCreate, "web", f.now)
	f.now = 10 * time.Second
	q := driver.Question{Sel: timeline.Selector{Pod: "web", Container: "app", Kind: timeline.Restarted}, Lo: 3 * time.Second, Hi: 3 * time.Second, T0: t0}
	a, err := j.Window(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if w := j.Narrow(context.Background(), q, a.Window); !w.Contains(3621 * ms) {
		t.Errorf("the restart after the kill, at 3.621 s, outside [%s, %s]", w.From, w.To)
	}
}

// TestStartChainIsTheFirstStarts: the start chain that may delay a
// container's later events is the pod's first starts; a liveness kill's
// restart 2.3 s after them is none of it. Taking it for the chain's last
// start widened a window of SIGTERM at 0s, with t=0 moved past the
// starts, to 2 s, and a SIGTERM 2 s late passed (the time rules' rapid
// seed 4426041906966230648).
func TestStartChainIsTheFirstStarts(t *testing.T) {
	ms := time.Millisecond
	events := []timeline.Event{
		{At: 100 * ms, Seq: 1, Pod: "web", Container: "app", Kind: timeline.Started},
		{At: 100 * ms, Seq: 2, Pod: "web", Container: "helper", Kind: timeline.Started},
		{At: 2400 * ms, Seq: 3, Pod: "web", Container: "helper", Kind: timeline.SIGTERM},
		{At: 2400 * ms, Seq: 4, Pod: "web", Container: "helper", Kind: timeline.Exited, Code: 143},
		{At: 2400 * ms, Seq: 5, Pod: "web", Container: "helper", Kind: timeline.Restarted},
		{At: 2400 * ms, Seq: 6, Pod: "web", Container: "helper", Kind: timeline.Started},
	}
	f := &liveFake{events: events}
	j := New(f, f)
	j.Acted(driver.ActionCreate, "web", f.now)
	// When the pod "web" becomes Ready: t=0 is where it was seen, 1 s.
	f.now = time.Second
	t0 := f.actionMark()
	j.ObservedT0("web", t0, "", t0)
	f.now = 10 * time.Second
	q := driver.Question{Sel: timeline.Selector{Pod: "web", Container: "helper", Kind: timeline.SIGTERM}, T0: t0}
	a, err := j.Window(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if w := j.Narrow(context.Background(), q, a.Window); w.Contains(2400 * ms) {
		t.Errorf("SIGTERM at 0s (t=0 at 1 s) accepts the kill at 2.4 s: [%s, %s]", w.From, w.To)
	}
}
