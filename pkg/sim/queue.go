package sim

import (
	"slices"
	"time"
)

// timer is one pending piece of work: fn runs when the virtual clock
// reaches at. Timers of the same instant run in the order they were added
// (seq), which is what makes the simulator's ordering causal.
type timer struct {
	at       time.Duration
	seq      uint64
	fn       func()
	periodic bool // probe ticks and resyncs: they do not keep a scenario "active"
	index    int  // position in the heap, -1 once run or cancelled
}

// queue is a 4-ary min-heap of timers keyed by (at, seq) (arity). It is written out
// rather than built on container/heap to keep the hot path free of interface
// calls; cancellation removes the timer in O(log n) through its index. The
// keys are kept in the heap beside the timers, so that ordering it reads
// one array rather than a timer per comparison.
//
// Beside the heap, a FIFO holds the work soon adds for the current
// instant: a watch or PLEG event reaching another component, which
// nothing cancels and so needs no timer. Most of the work is of that
// kind, and the FIFO neither allocates a timer for it nor sorts it. Both
// take their sequence numbers from one counter and the earlier of their
// heads runs first, so the order is the one a single heap would give.
type queue struct {
	items       []queued
	seq         uint64
	nonPeriodic int // timers not periodic, and the FIFO's work
	fifo        fifo[queuedFn]
}

// queuedFn is work in the FIFO.
type queuedFn struct {
	at  time.Duration
	seq uint64
	fn  func()
}

// queued is a timer's place in the heap.
type queued struct {
	at  time.Duration
	seq uint64
	t   *timer
}

func (q *queue) less(i, j int) bool {
	a, b := &q.items[i], &q.items[j]
	if a.at != b.at {
		return a.at < b.at
	}
	return a.seq < b.seq
}

func (q *queue) swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].t.index = i
	q.items[j].t.index = j
}

// arity is the heap's number of children per node: four halves the
// levels a push, a pop or a cancellation goes through, and with them the
// timers whose index is updated (each a cache miss in a large
// simulation), for more comparisons of keys that lie side by side.
// BenchmarkTimerQueue: cancel+push 25-30 % faster from 1,000 to 1,000,000
// pending, pop+push 15 % slower up to 100,000 and 15 % faster at a
// million; a simulation cancels most of its timers (10,000 pods of
// BenchmarkLifecyclePerCPU: 2-4 % less CPU).
const arity = 4

func (q *queue) up(i int) {
	for i > 0 {
		p := (i - 1) / arity
		if !q.less(i, p) {
			return
		}
		q.swap(i, p)
		i = p
	}
}

// child is the earliest of i's children among the first n items, and
// whether i has one.
func (q *queue) child(i, n int) (int, bool) {
	first := arity*i + 1
	if first >= n {
		return 0, false
	}
	m := first
	for c := first + 1; c < first+arity && c < n; c++ {
		if q.less(c, m) {
			m = c
		}
	}
	return m, true
}

func (q *queue) down(i int) {
	for {
		m, ok := q.child(i, len(q.items))
		if !ok || !q.less(m, i) {
			return
		}
		q.swap(i, m)
		i = m
	}
}

func (q *queue) push(t *timer) {
	q.seq++
	t.seq = q.seq
	t.index = len(q.items)
	q.items = append(grow(q.items), queued{at: t.at, seq: t.seq, t: t})
	q.up(t.index)
	if !t.periodic {
		q.nonPeriodic++
	}
}

// pushFn adds fn to the FIFO, to run at at: the simulator's current
// time, never earlier than what the FIFO holds.
func (q *queue) pushFn(at time.Duration, fn func()) {
	q.seq++
	q.fifo.push(queuedFn{at: at, seq: q.seq, fn: fn})
	q.nonPeriodic++
}

// grow makes room for one more item, doubling a full slice: append
// grows a large one by a quarter, so that a heap grown to its peak has
// allocated about five times its size on the way, where doubling
// allocates twice.
func grow[T any](s []T) []T {
	if len(s) < cap(s) || cap(s) < 256 {
		return s
	}
	return slices.Grow(s, cap(s))
}

// fifo is a first-in first-out queue in a ring, which grows only when
// more are pending at once than it holds: the queue's work of the
// instant, the API server's watch events on their way.
type fifo[T any] struct {
	ring    []T
	head, n int
}

func (f *fifo[T]) push(x T) {
	if f.n == len(f.ring) {
		grown := make([]T, max(16, 2*len(f.ring)))
		copied := copy(grown, f.ring[f.head:])
		copy(grown[copied:], f.ring[:f.head])
		f.ring, f.head = grown, 0
	}
	f.ring[(f.head+f.n)%len(f.ring)] = x
	f.n++
}

// first is the oldest item, nil when there is none.
func (f *fifo[T]) first() *T {
	if f.n == 0 {
		return nil
	}
	return &f.ring[f.head]
}

func (f *fifo[T]) pop() T {
	x := f.ring[f.head]
	var zero T
	f.ring[f.head] = zero // let go of what it points at
	f.head = (f.head + 1) % len(f.ring)
	f.n--
	return x
}

// fifoFirst reports whether the FIFO holds the earliest work.
func (q *queue) fifoFirst() bool {
	f := q.fifo.first()
	if f == nil {
		return false
	}
	if len(q.items) == 0 {
		return true
	}
	h := &q.items[0]
	return f.at < h.at || (f.at == h.at && f.seq < h.seq)
}

// next returns the time of the earliest work, and false when nothing is
// pending.
func (q *queue) next() (time.Duration, bool) {
	switch {
	case q.fifoFirst():
		return q.fifo.first().at, true
	case len(q.items) > 0:
		return q.items[0].at, true
	}
	return 0, false
}

// take removes the earliest work and returns its function. Something
// must be pending.
func (q *queue) take() func() {
	if !q.fifoFirst() {
		return q.pop().fn
	}
	q.nonPeriodic--
	return q.fifo.pop().fn
}

// pop removes the earliest timer. The last timer takes its place by the
// bottom-up way: the hole left at the root goes down to a leaf, the
// earliest child moving up at each level (arity-1 comparisons a level,
// where sifting the last timer down from the root takes arity), and the last
// timer, which belongs near the bottom, goes in there and up the little
// it must.
func (q *queue) pop() *timer {
	n := len(q.items) - 1
	t := q.items[0].t
	last := q.items[n]
	q.items[n] = queued{}
	q.items = q.items[:n]
	if n > 0 {
		i := 0
		for m, ok := q.child(i, n); ok; m, ok = q.child(i, n) {
			q.items[i] = q.items[m]
			q.items[i].t.index = i
			i = m
		}
		q.items[i] = last
		last.t.index = i
		q.up(i)
	}
	return q.removed(t)
}

func (q *queue) remove(i int) *timer {
	n := len(q.items) - 1
	t := q.items[i].t
	if i != n {
		q.swap(i, n)
	}
	q.items[n] = queued{}
	q.items = q.items[:n]
	if i != n {
		q.down(i)
		q.up(i)
	}
	return q.removed(t)
}

// removed marks t as out of the heap.
func (q *queue) removed(t *timer) *timer {
	t.index = -1
	if !t.periodic {
		q.nonPeriodic--
	}
	return t
}

// pending reports whether t waits in the queue: pushed (it has a
// sequence number), and neither run nor cancelled since. A timer an owner
// embeds and has not armed yet is not pending.
func (t *timer) pending() bool { return t.seq != 0 && t.index >= 0 }

// cancel removes t if it is still pending.
func (q *queue) cancel(t *timer) {
	if t == nil || !t.pending() {
		return
	}
	q.remove(t.index)
}

func (q *queue) len() int { return len(q.items) }
