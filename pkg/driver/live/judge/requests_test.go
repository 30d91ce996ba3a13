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
// checked at the precision, with no reaction or margin of the kubelet's;
// on the simulator, exactly.
func TestIntervalAtThePrecision(t *testing.T) {
	ms := time.Millisecond
	s := time.Second
	term := timeline.Event{At: 11500 * ms, Seq: 2, Pod: "web", Container: "app", Kind: timeline.SIGTERM}
	f := &liveFake{now: 10 * s, events: []timeline.Event{term}}
	q := driver.Question{Sel: timeline.Selector{Pod: "web", Container: "app", Kind: timeline.SIGKILL}, Lo: 2 * s, Hi: 2 * s,
		T0: timeline.Mark{At: 10 * s}, After: &term}
	a, err := New(f, f).Window(context.Background(), q)
	if err != nil || a.Window.From != 13250*ms || a.Window.To != 13750*ms {
		t.Fatalf("want [13.25s, 13.75s], got [%s, %s] (%v)", a.Window.From, a.Window.To, err)
	}
	if a, _ := (driver.Exact{}).Window(context.Background(), q); a.Window.From != 13500*ms || a.Window.To != 13500*ms || a.Window.Ref != term.At {
		t.Fatalf("the simulator's interval: %+v", a.Window)
	}
}
