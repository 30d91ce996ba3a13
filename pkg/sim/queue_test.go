package sim

import (
	"cmp"
	"math/rand"
	"slices"
	"testing"
	"time"
)

// TestSoonAndTimersRunInOrder: work added with soon and timers of the
// same instant run in the order they were added, work added while an
// instant runs comes after what was already queued for it, and a timer
// cancelled by earlier work of its instant does not run.
func TestSoonAndTimersRunInOrder(t *testing.T) {
	s, err := New(Config{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	run := func(name string) func() { return func() { got = append(got, name) } }
	s.after(time.Second, run("later"))
	s.after(0, func() {
		got = append(got, "timer1")
		s.soon(run("soon-from-timer1"))
		s.after(0, run("timer-from-timer1"))
	})
	var cancelled *timer
	s.soon(func() {
		got = append(got, "soon1")
		s.cancel(cancelled)
	})
	cancelled = s.after(0, run("cancelled"))
	s.after(0, run("timer2"))
	s.soon(run("soon2"))
	if !s.Step() || s.Now() != 0 {
		t.Fatalf("the first step ran at %v", s.Now())
	}
	want := []string{"timer1", "soon1", "timer2", "soon2", "soon-from-timer1", "timer-from-timer1"}
	if !slices.Equal(got, want) {
		t.Fatalf("ran %v, want %v", got, want)
	}
	if !s.Step() || s.Now() != time.Second || got[len(got)-1] != "later" || s.Step() {
		t.Fatalf("then ran %v, at %v", got[len(want):], s.Now())
	}
	if s.q.nonPeriodic != 0 {
		t.Fatalf("%d pieces of work counted as pending with none left", s.q.nonPeriodic)
	}
	// A timer of the current instant cancelled before it runs leaves
	// nothing pending: the scenario's activity has ended.
	s.cancel(s.after(0, run("never")))
	if s.q.nonPeriodic != 0 || s.Step() {
		t.Fatalf("a cancelled timer of the instant still counts (%d) or runs", s.q.nonPeriodic)
	}
	if slices.Contains(got, "never") {
		t.Fatal("the cancelled timer ran")
	}
}

// TestRearm: a timer re-armed after it ran runs again; one re-armed while
// pending runs once, at its new time; the count of work that keeps a
// scenario active stays right through both.
func TestRearm(t *testing.T) {
	e := newEnv(1)
	var t1 timer
	var ran []string
	e.rearm(&t1, time.Second, func() { ran = append(ran, "first") }, false)
	for e.q.len() > 0 || e.q.nonPeriodic > 0 {
		at, _ := e.q.next()
		e.now = at
		e.q.take()()
	}
	e.rearm(&t1, time.Second, func() { ran = append(ran, "stale") }, false)
	e.rearm(&t1, 2*time.Second, func() { ran = append(ran, "again") }, false)
	if e.q.nonPeriodic != 1 || e.q.len() != 1 {
		t.Fatalf("%d pending, %d counted active, want 1 and 1", e.q.len(), e.q.nonPeriodic)
	}
	at, _ := e.q.next()
	e.now = at
	e.q.take()()
	if want := []string{"first", "again"}; !slices.Equal(ran, want) || at != 3*time.Second {
		t.Fatalf("ran %v, the last at %v; want %v, the last at 3s", ran, at, want)
	}
	if e.q.nonPeriodic != 0 {
		t.Fatalf("%d still counted active", e.q.nonPeriodic)
	}
}

// TestQueueOrderRandomized: whatever the mix of pushes, cancellations and
// pops, timers run in (at, seq) order, each once, the cancelled ones
// never: the heap's invariant under every operation, checked against a
// sort, for heaps from a few timers to a few thousand.
func TestQueueOrderRandomized(t *testing.T) {
	earlier := func(a, b *timer) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.seq, b.seq)) }
	for _, n := range []int{1, 2, 5, 17, 100, 3000} {
		rng := rand.New(rand.NewSource(int64(n)))
		var q queue
		var pending []*timer
		var ran, want []uint64
		for i := range 3 * n {
			switch r := rng.Intn(10); {
			case r < 6 || len(pending) == 0:
				// Few distinct times: ties are decided by seq.
				tm := &timer{at: time.Duration(rng.Intn(n/4+1)) * time.Second}
				tm.fn = func() { ran = append(ran, tm.seq) }
				q.push(tm)
				pending = append(pending, tm)
			case r < 8:
				k := rng.Intn(len(pending))
				q.cancel(pending[k])
				pending = slices.Delete(pending, k, k+1)
			default:
				// Pop the earliest, which must be the least pending.
				least := slices.MinFunc(pending, earlier)
				tm := q.pop()
				if tm != least {
					t.Fatalf("n=%d, operation %d: popped (%v, %d), want (%v, %d)", n, i, tm.at, tm.seq, least.at, least.seq)
				}
				pending = slices.DeleteFunc(pending, func(x *timer) bool { return x == tm })
			}
			for j, it := range q.items {
				if it.t.index != j {
					t.Fatalf("n=%d, operation %d: the timer at %d says it is at %d", n, i, j, it.t.index)
				}
			}
		}
		slices.SortFunc(pending, earlier)
		for _, tm := range pending {
			want = append(want, tm.seq)
		}
		for q.len() > 0 {
			q.take()()
		}
		if !slices.Equal(ran, want) {
			t.Fatalf("n=%d: ran %d timers in the order %v…, want %v…", n, len(ran), ran[:min(10, len(ran))], want[:min(10, len(want))])
		}
	}
}

// TestCancelNeverArmed: an owner's embedded timer that was never armed is
// not pending, and cancelling it leaves the queue as it was (its zero
// index had named the heap's root).
func TestCancelNeverArmed(t *testing.T) {
	e := newEnv(1)
	var ran []string
	for _, name := range []string{"a", "b", "c"} {
		e.after(time.Second, func() { ran = append(ran, name) })
	}
	var never timer
	if never.pending() {
		t.Fatal("a timer never armed is pending")
	}
	e.cancel(&never)
	for e.q.len() > 0 {
		at, _ := e.q.next()
		e.now = at
		e.q.take()()
	}
	if want := []string{"a", "b", "c"}; !slices.Equal(ran, want) {
		t.Fatalf("ran %v, want %v", ran, want)
	}
}

// TestFIFOWrapsAndGrows: items come out in the order they went in while
// the ring wraps around and grows with its head in the middle.
func TestFIFOWrapsAndGrows(t *testing.T) {
	var f fifo[int]
	next, want := 0, 0
	for round := range 6 {
		for range 5 + 7*round { // more in than out: the ring grows
			f.push(next)
			next++
		}
		for range 3 + 5*round {
			if got := f.pop(); got != want {
				t.Fatalf("round %d: popped %d, want %d", round, got, want)
			}
			want++
		}
	}
	for f.first() != nil {
		if got := f.pop(); got != want {
			t.Fatalf("draining: popped %d, want %d", got, want)
		}
		want++
	}
	if want != next {
		t.Fatalf("%d came out of %d put in", want, next)
	}
}
