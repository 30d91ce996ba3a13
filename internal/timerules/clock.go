package timerules

import "time"

// actionMark: "on the simulator at the current time, after every event of
// that instant": the current instant and the sequence number of the last
// event at or before it.
func actionMark(tl Timeline, c Clock) Mark {
	m := Mark{At: c.Current}
	for _, e := range sortedEvents(tl.Events) {
		if e.At > c.Current {
			break
		}
		m.Seq = e.Seq
	}
	return m
}

// acted: "For an action (create, delete, a node action) t=0 is the moment
// it was made … Every action also puts the current time at t=0."
func acted(_ Clock, at Mark) Clock {
	return Clock{T0: at, Current: at.At}
}

// passed: "for `N pass` the moment N has passed since the current time
// (the events of that instant are at or after t=0)".
func passed(c Clock, d time.Duration) Clock {
	at := c.Current + d
	return Clock{T0: Mark{At: at}, Current: at}
}

// became: "the transition that made the state hold at the current time if
// it holds then, else the latest transition into it before the current
// time if it held earlier (since left), else the first one after the
// current time, waited for up to 2m (a failure if none comes) … on the
// simulator, which cannot go back before an action it was given, at the
// later of t=0 and the last action."
func became(tl Timeline, c Clock, pod string, s State, lastAction time.Duration) (Clock, bool) {
	p, known := statePred(s)
	if !known {
		return c, false
	}
	evs := sortedEvents(tl.Events)
	trs := transitions(evs, pod, p)
	chosen := -1
	// Both the transition that made the state hold at the current time and
	// the latest one into it before the current time are the latest
	// transition at or before the current time.
	for _, t := range trs {
		if t.at <= c.Current {
			chosen = t.idx
		}
	}
	if chosen < 0 {
		for _, t := range trs {
			if t.at > c.Current && t.at <= c.Current+waitLimit {
				chosen = t.idx
				break
			}
		}
	}
	if chosen < 0 {
		return c, false
	}
	// The whole instant of the transition is at or after t=0: what
	// happened in it, the transition's causes included (a container's
	// start, its exit), is at t=0, not before it.
	t0 := Mark{At: evs[chosen].At}
	return Clock{T0: t0, Current: max(t0.At, lastAction)}, true
}
