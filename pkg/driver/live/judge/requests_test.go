package judge

import (
	"context"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestDisruptionWindows: on the simulator a drain's times are exact; on a
// cluster they reach later by the kubelet's reactions to what the drain
// waited for (3 s each here) and, for a pod gone, waitForDelete's poll.
func TestDisruptionWindows(t *testing.T) {
	s := time.Second
	f := &liveFake{now: 10 * s}
	j := New(f, f)
	t0 := timeline.Mark{At: 10 * s}
	w := j.Requests(t0, 11*s, 11*s, driver.ActionDelete, driver.ActionCreate)
	if w.From != 21*s-requestPrecision || w.To != 21*s+requestPrecision+3*s+waitForDeletePoll+3*s {
		t.Errorf("live window %v to %v", w.From, w.To)
	}
	if w := j.Requests(t0, 0, 0); w.From != 10*s-requestPrecision || w.To != 10*s+requestPrecision {
		t.Errorf("an eviction at t=0: %v to %v", w.From, w.To)
	}
	if w := (driver.Exact{}).Requests(t0, 11*s, 11*s, driver.ActionDelete); !w.IsExact() || w.From != 21*s {
		t.Errorf("the simulator's window %v to %v", w.From, w.To)
	}
}

// TestIntervalAtThePrecision: an interval between two precise events is
// checked at the precision, with no reaction or margin of the kubelet's
// (an exit the container times itself after its SIGTERM); a SIGKILL after
// a SIGTERM may come later by a precise event's late margin, the
// runtime's kill after its grace timer, never earlier; on the simulator,
// exactly.
func TestIntervalAtThePrecision(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	term := timeline.Event{At: 11500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM}
	f := &liveFake{now: 10 * s, events: []timeline.Event{term}}
	for _, tc := range []struct {
		kind     timeline.Kind
		from, to time.Duration
	}{
		{timeline.Exited, 13250 * ms, 13750 * ms},
		{timeline.SIGKILL, 13250 * ms, 14000 * ms},
	} {
		q := driver.Question{Sel: timeline.Selector{Pod: "web", Container: "app", Kind: tc.kind}, Lo: 2 * s, Hi: 2 * s,
			T0: timeline.Mark{At: 10 * s}, After: &term}
		a, err := New(f, f).Window(context.Background(), q)
		if err != nil || a.Window.From != tc.from || a.Window.To != tc.to {
			t.Errorf("%s 2s after SIGTERM: want [%s, %s], got [%s, %s] (%v)", tc.kind, tc.from, tc.to, a.Window.From, a.Window.To, err)
		}
		if a, _ := (driver.Exact{}).Window(context.Background(), q); a.Window.From != 13500*ms || a.Window.To != 13500*ms || a.Window.Ref != term.At {
			t.Errorf("the simulator's interval: %+v", a.Window)
		}
	}
}

// TestIntervalAfterAnExit: what follows a container's exit is judged by
// the time its real cause keeps. A Job's replacement counts from the
// failed container's finishedAt as the API keeps it, its whole second
// (getFinishedTime): created 10.4 s after an exit at 2.945 s, 10 s after
// 2 s, it passes `10s after` and fails `9s after` and `11s after`. A
// restart follows the kubelet's notice of the exit at a relist: the
// window ends by the relist and start allowance after the exit, or later
// from a late notice and the runtime's time to that start.
func TestIntervalAfterAnExit(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	exit := timeline.Event{At: 2945 * ms, Seq: 1, Pod: "migrate-1", Container: "app", Kind: timeline.Exited, Code: 1}
	created := timeline.Event{At: 12411 * ms, Seq: 2, Pod: "migrate-2", Kind: timeline.PodCreated}
	f := &liveFake{now: 30 * s, events: []timeline.Event{exit, created}}
	j := New(f, f)
	for _, tc := range []struct {
		d  time.Duration
		ok bool
	}{{10 * s, true}, {9 * s, false}, {11 * s, false}} {
		q := driver.Question{Sel: timeline.Selector{Pod: "migrate-2", Kind: timeline.PodCreated}, Lo: tc.d, Hi: tc.d, T0: timeline.Mark{}, After: &exit}
		a, err := j.Window(context.Background(), q)
		if err != nil || a.Window.Contains(created.At) != tc.ok {
			t.Errorf("created %s after the exit, expected %s after: window [%s, %s], want it to pass %v (%v)", created.At-exit.At, tc.d, a.Window.From, a.Window.To, tc.ok, err)
		}
	}

	x := timeline.Event{At: 2676 * ms, Seq: 1, Pod: "hungry", Container: "app", Kind: timeline.Exited, Code: 1}
	sel := timeline.Selector{Pod: "hungry", Container: "app", Kind: timeline.Restarted}
	for _, tc := range []struct {
		name            string
		restart, notice time.Duration
		ok              bool
	}{
		{"a restart 1.49 s after the exit, no notice seen", 4162 * ms, 0, true},
		{"a restart 2.22 s after the exit, noticed 1.62 s after it", 4900 * ms, 4300 * ms, true},
		{"a restart 2.22 s after the exit, no notice seen", 4900 * ms, 0, false},
	} {
		r := timeline.Event{At: tc.restart, Seq: 2, Pod: "hungry", Container: "app", Kind: timeline.Restarted}
		f := &liveFake{now: 30 * s, events: []timeline.Event{x, r}, creates: map[time.Duration]time.Duration{tc.restart: tc.restart - 300*ms}}
		if tc.notice != 0 {
			f.notices = map[time.Duration]time.Duration{x.At: tc.notice}
		}
		q := driver.Question{Sel: sel, Lo: 0, Hi: 0, T0: timeline.Mark{}, After: &x}
		a, err := New(f, f).Window(context.Background(), q)
		if err != nil || a.Window.Contains(r.At) != tc.ok || a.Window.From != x.At-250*ms {
			t.Errorf("%s: window [%s, %s], want it to pass %v (%v)", tc.name, a.Window.From, a.Window.To, tc.ok, err)
		}
	}
}
