package sim

import (
	"math/rand"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// restartsOf is the Created, Restarted and Started events of a
// container's instances after the first, grouped by instance, and its
// exits and BackOffs.
func restartsOf(evs []timeline.Event, container string) (starts [][]timeline.Event, exits, backoffs []timeline.Event) {
	n := 0
	for _, e := range evs {
		if e.Container != container {
			continue
		}
		switch e.Kind {
		case timeline.Created:
			n++
			if n > 1 {
				starts = append(starts, nil)
			}
			fallthrough
		case timeline.Restarted, timeline.Started:
			if n > 1 {
				starts[len(starts)-1] = append(starts[len(starts)-1], e)
			}
		case timeline.Exited:
			exits = append(exits, e)
		case timeline.BackOff:
			backoffs = append(backoffs, e)
		}
	}
	return starts, exits, backoffs
}

// TestRestartRanges: the events of a restart that waited out a
// crash-loop back-off carry when the pod worker's requeue could have
// brought it (completeWork: the back-off's end, up to half the wait
// later); the immediate first restart, the exits and the BackOffs of the
// exits' own syncs carry none; the BackOffs of syncs a capped requeue
// brought (back-offs over the 1 min resync interval) carry the requeue's
// range up to the back-off's end.
func TestRestartRanges(t *testing.T) {
	s := newSim(t, "")
	start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second))))
	s.RunUntil(400*time.Second, nil)
	starts, exits, backoffs := restartsOf(s.Timeline(), "app")
	if len(starts) < 6 {
		t.Fatalf("%d restarts in 400 s, want ≥6", len(starts))
	}
	backoff := []time.Duration{0, 10, 20, 40, 80, 160}
	for i, inst := range starts[:len(backoff)] {
		if len(inst) != 3 {
			t.Fatalf("restart %d: events %v, want Created, Restarted, Started", i+1, inst)
		}
		exit := exits[i].At
		wait := backoff[i] * time.Second
		lo, hi, ok := inst[0].Range()
		for _, e := range inst[1:] {
			if l, h, k := e.Range(); l != lo || h != hi || k != ok {
				t.Errorf("restart %d: %s carries %s–%s, Created %s–%s", i+1, e, l, h, lo, hi)
			}
		}
		switch {
		case wait == 0:
			if ok {
				t.Errorf("the immediate first restart carries a range %s–%s", lo, hi)
			}
			continue
		case !ok:
			t.Errorf("restart %d after a %s back-off carries no range", i+1, wait)
			continue
		case inst[0].At < lo || inst[0].At > hi:
			t.Errorf("restart %d at %s, outside its own range %s–%s", i+1, inst[0].At, lo, hi)
		}
		// Up to 1 min the requeue comes at the back-off's end, up to 50 %
		// later; beyond, after as many capped requeues as it takes, no
		// later than the last could have brought it.
		want := span{exit + wait, exit + wait*3/2}
		if wait > resyncInterval {
			want = restartWindow(requeueWindow(span{exit, exit}, exit+wait), exit+wait)
		}
		if lo != want.lo || hi != want.hi {
			t.Errorf("restart %d after a %s back-off from %s: range %s–%s, want %s–%s", i+1, wait, exit, lo, hi, want.lo, want.hi)
		}
	}
	drawn := 0
	for _, b := range backoffs {
		lo, hi, ok := b.Range()
		if !ok {
			continue
		}
		drawn++
		if b.At < lo || b.At >= hi {
			t.Errorf("%s outside its range %s–%s", b, lo, hi)
		}
	}
	if drawn == 0 || drawn == len(backoffs) {
		t.Errorf("%d of %d BackOffs carry a range: want those of the capped requeues only", drawn, len(backoffs))
	}
	for _, e := range exits {
		if _, _, ok := e.Range(); ok {
			t.Errorf("%s carries a range", e)
		}
	}
}

// TestRestartRangeAcrossSeeds: the second restart (the first to wait)
// lands, over many seeds, anywhere in the range every run gives it, and
// nowhere else: the range is the draw's, neither narrower nor wider.
func TestRestartRangeAcrossSeeds(t *testing.T) {
	var first span
	seen := span{lo: time.Hour}
	for seed := int64(1); seed <= 200; seed++ {
		s := newSeededSim(t, "", seed)
		start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second))))
		s.RunUntil(30*time.Second, nil)
		starts, _, _ := restartsOf(s.Timeline(), "app")
		if len(starts) < 2 {
			t.Fatalf("seed %d: %d restarts in 30 s", seed, len(starts))
		}
		e := starts[1][1]
		lo, hi, ok := e.Range()
		if !ok {
			t.Fatalf("seed %d: %s carries no range", seed, e)
		}
		if seed == 1 {
			first = span{lo, hi}
		}
		if lo != first.lo || hi != first.hi {
			t.Fatalf("seed %d: range %s–%s, seed 1's %s–%s: the history is the same", seed, lo, hi, first.lo, first.hi)
		}
		if e.At < lo || e.At >= hi {
			t.Fatalf("seed %d: restarted at %s, outside %s–%s", seed, e.At, lo, hi)
		}
		seen = span{min(seen.lo, e.At), max(seen.hi, e.At)}
	}
	if seen.lo-first.lo > 200*time.Millisecond || first.hi-seen.hi > 200*time.Millisecond {
		t.Errorf("200 seeds restarted in %s–%s, range %s–%s: the range is wider than the draws", seen.lo, seen.hi, first.lo, first.hi)
	}
}

// TestRestartWindowChain checks restartWindow against completeWork's
// chain drawn many times: a failed sync at 0 whose container's back-off
// ends at expiry requeues at the remaining wait capped at 1 min,
// stretched by [1, 1.5); a sync before the end fails again and requeues
// again; the first from the end on restarts. Every restart lies in the
// window, and the draws reach both its ends.
func TestRestartWindowChain(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, expiry := range []time.Duration{10 * time.Second, 55 * time.Second, 70 * time.Second, 80 * time.Second, 130 * time.Second, 160 * time.Second, 300 * time.Second} {
		w := restartWindow(requeueWindow(span{0, 0}, expiry), expiry)
		seen := span{lo: time.Hour}
		for range 20000 {
			at := time.Duration(0)
			for at < expiry || at == 0 {
				d := requeueDelay(at, expiry)
				at += d + time.Duration(rng.Float64()*workerBackOffPeriodJitterFactor*float64(d))
			}
			if at < w.lo || at > w.hi {
				t.Fatalf("back-off to %s: a restart at %s, outside the window %s–%s", expiry, at, w.lo, w.hi)
			}
			seen = span{min(seen.lo, at), max(seen.hi, at)}
		}
		if tol := (w.hi - w.lo) / 50; seen.lo-w.lo > tol || w.hi-seen.hi > tol {
			t.Errorf("back-off to %s: restarts drawn in %s–%s, window %s–%s: wider than the chain", expiry, seen.lo, seen.hi, w.lo, w.hi)
		}
	}
}
