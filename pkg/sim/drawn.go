package sim

import "time"

// span is a range of virtual times, [lo, hi]: when an event could have
// come, had the simulator's random draws come out otherwise, with the same
// history before them. It has a range only when hi is after lo.
type span struct{ lo, hi time.Duration }

func (sp span) ok() bool { return sp.hi > sp.lo }

func (sp span) shift(d time.Duration) span { return span{sp.lo + d, sp.hi + d} }

// hull is the smallest span holding a and b; a span without a range adds
// nothing.
func hull(a, b span) span {
	switch {
	case !a.ok():
		return b
	case !b.ok():
		return a
	}
	return span{min(a.lo, b.lo), max(a.hi, b.hi)}
}

// jitterMax is the supremum of wait.Jitter(d, maxFactor)
// (k8s.io/apimachinery/pkg/util/wait/wait.go Jitter, v0.36.3: d plus a
// draw in [0, 1) times maxFactor times d).
func jitterMax(d time.Duration, maxFactor float64) time.Duration {
	return d + time.Duration(maxFactor*float64(d))
}

// requeueDelay is the delay completeWork (pkg/kubelet/pod_workers.go)
// gives a requeue after a failed sync at time t: the earliest back-off
// expiry the sync's errors carry (kubecontainer.MinBackoffExpiration),
// else the worker's default back-off period; never below 0, capped at the
// resync interval.
func requeueDelay(t, earliest time.Duration) time.Duration {
	d := backOffPeriod
	if earliest > 0 {
		d = max(0, earliest-t)
	}
	return min(d, resyncInterval)
}

// requeueTarget is the back-off expiry a failed sync's requeue aims at:
// the earliest its errors carry on a kubelet that propagates it
// (Profile.RequeueAtBackoffExpiry), none before (the worker's default
// period, requeueDelay).
func requeueTarget(earliest time.Duration, atExpiry bool) time.Duration {
	if !atExpiry {
		return 0
	}
	return earliest
}

// requeueWindow is when the requeue completeWork draws after a failed sync
// could fire (wait.Jitter(delay, workerBackOffPeriodJitterFactor)), for a
// sync that came at a time in sp (a point when the sync's own time was
// not drawn). t + requeueDelay(t) and its jittered maximum are piecewise
// linear in t, with their kinks where the delay stops being capped
// (earliest − resyncInterval) and where it reaches 0 (earliest): their
// extremes over sp are at its ends or at a kink inside it.
func requeueWindow(sp span, earliest time.Duration) span {
	ts := []time.Duration{sp.lo, sp.hi}
	if earliest > 0 {
		for _, k := range []time.Duration{earliest - resyncInterval, earliest} {
			if k > sp.lo && k < sp.hi {
				ts = append(ts, k)
			}
		}
	}
	var out span
	for i, t := range ts {
		d := requeueDelay(t, earliest)
		at := span{t + d, t + jitterMax(d, workerBackOffPeriodJitterFactor)}
		if i == 0 {
			out = at
		}
		out = span{min(out.lo, at.lo), max(out.hi, at.hi)}
	}
	return out
}

// restartWindow is when a container restarted by a sync that came at a time
// in sp could have restarted. expiry is when its crash-loop back-off ended
// (doBackOff: finishedAt plus the back-off), 0 for a container with
// none: a sync before it finds the container still in back-off, and the
// requeue it draws (completeWork) comes again later, perhaps more than
// once while the delay is capped at the resync interval; a sync from it
// on restarts the container.
//
// atExpiry: the requeue aims at the expiry (Profile.RequeueAtBackoffExpiry);
// else each requeue comes after the worker's default period.
func restartWindow(sp span, expiry time.Duration, atExpiry bool) span {
	if expiry <= sp.lo {
		return sp
	}
	var out span
	cur := sp
	for {
		if cur.hi >= expiry {
			out = hull(out, span{max(cur.lo, expiry), cur.hi})
		}
		if cur.lo >= expiry {
			return out
		}
		// Each round moves the earliest sync to the expiry or a resync
		// interval later: the loop ends.
		cur = requeueWindow(span{cur.lo, min(cur.hi, expiry)}, requeueTarget(expiry, atExpiry))
	}
}

// startWindow is when a container start could have come, for a sync whose
// work could have come in sp (syncSpan): drawn when the sync's own time
// was drawn, else the sync came at sp's end whatever the draw, and an
// earlier requeue could only have started the container earlier. A
// restart never comes before the exit it follows (exit, 0 for a first
// start) nor before its back-off's end (expiry, restartWindow).
func startWindow(sp span, drawn bool, exit, expiry time.Duration, atExpiry bool) span {
	now := sp.hi
	sp.lo = max(sp.lo, exit)
	w := restartWindow(sp, expiry, atExpiry)
	if !drawn {
		w.hi = min(w.hi, now)
	}
	return w
}
