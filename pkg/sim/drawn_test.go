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
			want = restartWindow(requeueWindow(span{exit, exit}, exit+wait), exit+wait, true)
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
		w := restartWindow(requeueWindow(span{0, 0}, expiry), expiry, true)
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

// TestRestartRangesTwoContainers: two containers crash-looping at their
// own pace share the pod worker's requeue, and each one's exits bring
// syncs of their own. A restart the requeue brought carries its draw's
// range; one a sync brought for the other container (which came then
// whatever the draw) carries from the requeue's earliest to then; the
// immediate first restarts and the BackOffs of such syncs carry none.
// Every range holds its event, begins at the container's back-off end
// and ends by half the back-off later. "log" runs 6.5, 7 or 13 s: its
// exits land before, in and after the window of app's requeues.
func TestRestartRangesTwoContainers(t *testing.T) {
	backoff := []time.Duration{0, 10 * time.Second, 20 * time.Second, 40 * time.Second}
	drawn, sharedSync := 0, 0
	for seed := int64(1); seed <= 30; seed++ {
		s := newSeededSim(t, "", seed)
		logRun := []time.Duration{6500 * time.Millisecond, 7 * time.Second, 13 * time.Second}[seed%3]
		start(t, s, podOf("web", 30, nil, agent("app", exitAfter(1, time.Second)), agent("log", exitAfter(2, logRun))))
		s.RunUntil(100*time.Second, nil)
		evs := s.Timeline()
		exitAt := map[time.Duration]bool{}
		for _, e := range evs {
			if e.Kind == timeline.Exited {
				exitAt[e.At] = true
			}
		}
		for _, e := range evs {
			if _, _, ok := e.Range(); ok && e.Kind == timeline.BackOff && exitAt[e.At] {
				t.Errorf("seed %d: %s, in the sync an exit brought, carries a range", seed, e)
			}
		}
		for _, c := range []string{"app", "log"} {
			starts, exits, _ := restartsOf(evs, c)
			for i, inst := range starts {
				if i >= len(backoff) {
					break
				}
				e := inst[len(inst)-1] // Started
				lo, hi, ok := e.Range()
				exit := exits[i].At
				switch {
				case i == 0 && ok:
					t.Errorf("seed %d: %s's immediate first restart carries %s–%s", seed, c, lo, hi)
				case i == 0:
				case !ok:
					t.Errorf("seed %d: %s restart %d at %s after a %s back-off carries no range", seed, c, i+1, e.At, backoff[i])
				case e.At < lo || e.At > hi:
					t.Errorf("seed %d: %s restart %d at %s outside %s–%s", seed, c, i+1, e.At, lo, hi)
				case lo != exit+backoff[i] || hi > exit+backoff[i]*3/2:
					t.Errorf("seed %d: %s restart %d: range %s–%s, want from %s to at most %s", seed, c, i+1, lo, hi, exit+backoff[i], exit+backoff[i]*3/2)
				case hi == e.At:
					sharedSync++
				default:
					drawn++
				}
			}
		}
		for _, e := range evs {
			if lo, hi, ok := e.Range(); ok && (e.At < lo || e.At > hi) {
				t.Errorf("seed %d: %s outside its range %s–%s", seed, e, lo, hi)
			}
		}
	}
	if drawn == 0 || sharedSync == 0 {
		t.Errorf("%d restarts brought by the requeue, %d by the other container's syncs: want both", drawn, sharedSync)
	}
}

// TestStartWindow: the window of a start, rule by rule.
func TestStartWindow(t *testing.T) {
	sec := time.Second
	for _, tc := range []struct {
		name         string
		sp           span
		drawn        bool
		exit, expiry time.Duration
		want         span
	}{
		{"a drawn sync's start, past its back-off: the sync's span", span{12 * sec, 17 * sec}, true, 2 * sec, 12 * sec, span{12 * sec, 17 * sec}},
		{"a first start in a drawn sync (an image pull retried): the sync's span", span{10 * sec, 15 * sec}, true, 0, 0, span{10 * sec, 15 * sec}},
		{"a sync that came now anyway: from the requeue's earliest to now", span{12 * sec, 13 * sec}, false, 2 * sec, 12 * sec, span{12 * sec, 13 * sec}},
		{"a sync that came now anyway, for a container whose back-off ended later: from its end", span{12 * sec, 14 * sec}, false, 3 * sec, 13 * sec, span{13 * sec, 14 * sec}},
		{"a sync that came now anyway: never later than now, whatever a capped chain allows", span{50 * sec, 100 * sec}, false, 0, 95 * sec, span{95 * sec, 100 * sec}},
		{"a drawn sync: as late as a capped chain allows", span{50 * sec, 100 * sec}, true, 0, 95 * sec, restartWindow(span{50 * sec, 100 * sec}, 95*sec, true)},
		{"a restart at its own exit, in a sync that came then anyway: no range", span{12 * sec, 13 * sec}, false, 13 * sec, 0, span{13 * sec, 13 * sec}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := startWindow(tc.sp, tc.drawn, tc.exit, tc.expiry, true); got != tc.want {
				t.Errorf("startWindow(%v, drawn %v, exit %s, expiry %s) = %v, want %v", tc.sp, tc.drawn, tc.exit, tc.expiry, got, tc.want)
			}
		})
	}
	if w := restartWindow(span{50 * sec, 100 * sec}, 95*sec, true); w.hi <= 100*sec {
		t.Fatalf("the capped chain's window %v should end after 100 s for the test above to mean something", w)
	}
}
