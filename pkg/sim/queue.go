package sim

import "time"

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

// queue is a binary min-heap of timers keyed by (at, seq). It is written out
// rather than built on container/heap to keep the hot path free of interface
// calls; cancellation removes the timer in O(log n) through its index. The
// keys are kept in the heap beside the timers, so that ordering it reads
// one array rather than a timer per comparison.
type queue struct {
	items       []queued
	seq         uint64
	nonPeriodic int
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

func (q *queue) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !q.less(i, p) {
			return
		}
		q.swap(i, p)
		i = p
	}
}

func (q *queue) down(i int) {
	n := len(q.items)
	for {
		l := 2*i + 1
		if l >= n {
			return
		}
		m := l
		if r := l + 1; r < n && q.less(r, l) {
			m = r
		}
		if !q.less(m, i) {
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
	q.items = append(q.items, queued{at: t.at, seq: t.seq, t: t})
	q.up(t.index)
	if !t.periodic {
		q.nonPeriodic++
	}
}

// peek returns the earliest timer without removing it.
func (q *queue) peek() *timer {
	if len(q.items) == 0 {
		return nil
	}
	return q.items[0].t
}

func (q *queue) pop() *timer {
	return q.remove(0)
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
	t.index = -1
	if !t.periodic {
		q.nonPeriodic--
	}
	return t
}

// cancel removes t if it is still pending.
func (q *queue) cancel(t *timer) {
	if t == nil || t.index < 0 {
		return
	}
	q.remove(t.index)
}

func (q *queue) len() int { return len(q.items) }
