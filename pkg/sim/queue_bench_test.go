package sim

import (
	"fmt"
	"math/rand"
	"testing"
	"time"
)

// pendingSizes are the queue sizes of the timer benchmark: a
// scenario (a thousand timers) up to a cluster of 100,000 pods with their
// probes and resyncs (a million).
var pendingSizes = []int{1_000, 10_000, 100_000, 1_000_000}

// filledQueue is a queue with n timers spread over an hour.
func filledQueue(n int, rng *rand.Rand) *queue {
	q := &queue{}
	for range n {
		q.push(&timer{at: time.Duration(rng.Int63n(int64(time.Hour)))})
	}
	return q
}

// BenchmarkTimerQueue: with n timers pending, the earliest runs and a new
// one is added (the steady state of a simulation), or a pending timer is
// cancelled and another added (a probe stopped, a kill finished early).
// ns/op grows with log n, not n.
func BenchmarkTimerQueue(b *testing.B) {
	for _, n := range pendingSizes {
		b.Run(fmt.Sprintf("pending=%d/pop+push", n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			q := filledQueue(n, rng)
			b.ResetTimer()
			for range b.N {
				t := q.pop()
				t.at += time.Duration(rng.Int63n(int64(time.Hour)))
				q.push(t)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "events/s")
		})
		b.Run(fmt.Sprintf("pending=%d/cancel+push", n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			q := filledQueue(n, rng)
			b.ResetTimer()
			for range b.N {
				t := q.items[rng.Intn(len(q.items))].t
				q.cancel(t)
				t.at = time.Duration(rng.Int63n(int64(time.Hour)))
				q.push(t)
			}
		})
	}
}
