package timerules

import (
	"testing"
	"time"
)

// "For an action (create, delete, a node action) t=0 is the moment it was
// made: on the simulator at the current time, after every event of that
// instant … Every action also puts the current time at t=0".
func TestActionMark(t *testing.T) {
	tl := tline(time.Minute, mkCreated(0), ctr(0, "app", "Started"), ctr(5*sec, "app", "Ready"))
	cases := []struct {
		name string
		tl   Timeline
		cur  time.Duration
		want Mark
	}{
		{"an action stands after every event of its instant", tl, 0, Mark{At: 0, Seq: 2}},
		{"an action between events stands after the last event before it", tl, 3 * sec, Mark{At: 3 * sec, Seq: 2}},
		{"an action at a later instant stands after that instant's events", tl, 5 * sec, Mark{At: 5 * sec, Seq: 3}},
		{"an action on an empty timeline takes its whole instant", tline(time.Minute), 7 * sec, Mark{At: 7 * sec}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ActionMark(c.tl, clock(0, 0, c.cur)); got != c.want {
				t.Errorf("ActionMark = %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestActed(t *testing.T) {
	cases := []struct {
		name string
		c    Clock
		at   Mark
		want Clock
	}{
		{"an action puts t=0 at its mark and the current time at t=0",
			clock(0, 0, 4*sec), Mark{At: 4 * sec, Seq: 7}, clock(4*sec, 7, 4*sec)},
		{"a cluster acts where it stands (later than the current time)",
			clock(0, 0, 4*sec), Mark{At: 9 * sec, Seq: 0}, clock(9*sec, 0, 9*sec)},
		{"the scenario's start: t=0 and the current time at 0", Start(), Mark{}, Clock{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Acted(c.c, c.at); got != c.want {
				t.Errorf("Acted = %+v, want %+v", got, c.want)
			}
		})
	}
}

// "for `N pass` the moment N has passed since the current time (the events
// of that instant are at or after t=0)"; "the next action and `N pass`
// count from it [the current time]".
func TestPassed(t *testing.T) {
	cases := []struct {
		name string
		c    Clock
		d    time.Duration
		want Clock
	}{
		{"N pass counts from the current time; t=0 takes the whole instant",
			clock(0, 3, 5*sec), 30 * sec, clock(35*sec, 0, 35*sec)},
		{"N pass after an untimed step counts from the unchanged current time",
			clock(10*sec, 2, 10*sec), time.Minute, clock(70*sec, 0, 70*sec)},
		{"0s pass", clock(0, 3, 5*sec), 0, clock(5*sec, 0, 5*sec)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Passed(c.c, c.d); got != c.want {
				t.Errorf("Passed = %+v, want %+v", got, c.want)
			}
		})
	}
}

// `becomes …`: "the moment of the transition, possibly already in the past:
// the transition that made the state hold at the current time if it holds
// then, else the latest transition into it before the current time if it
// held earlier (since left), else the first one after the current time,
// waited for up to 2m (a failure if none comes) … on the simulator, which
// cannot go back before an action it was given, at the later of t=0 and
// the last action."
func TestBecame(t *testing.T) {
	tl := tline(10*time.Minute,
		mkCreated(0),             // seq 1
		ready(5*sec, "True"),     // seq 2
		ready(8*sec, "False"),    // seq 3
		ready(20*sec, "True"),    // seq 4
		phase(30*sec, "Running"), // seq 5
		phase(200*sec, "Failed"), // seq 6
	)
	flicker := tline(time.Minute,
		mkCreated(0),         // seq 1
		ready(5*sec, "True"), // seq 2
		ready(5*sec, "False"),
		ready(5*sec, "True"), // seq 4
	)
	late := func(at time.Duration) Timeline {
		return tline(10*time.Minute, mkCreated(0), phase(at, "Running"))
	}
	cases := []struct {
		name       string
		tl         Timeline
		c          Clock
		s          State
		lastAction time.Duration
		ok         bool
		want       Clock
	}{
		{"holds at the current time: t=0 at the transition that made it hold",
			tl, clock(0, 0, 6*sec), "Ready", 0, true, clock(5*sec, 0, 5*sec)},
		{"holds at the current time: the current time not before the last action",
			tl, clock(0, 0, 6*sec), "Ready", 6 * sec, true, clock(5*sec, 0, 6*sec)},
		{"holds at the current time after it held, left and came back: the latest transition",
			tl, clock(0, 0, 25*sec), "Ready", 0, true, clock(20*sec, 0, 20*sec)},
		{"held earlier and since left: the latest transition into it before the current time",
			tl, clock(0, 0, 10*sec), "Ready", 9 * sec, true, clock(5*sec, 0, 9*sec)},
		{"held earlier and since left, twice: the latest one",
			tl, clock(0, 0, 250*sec), "Running", 0, true, clock(30*sec, 0, 30*sec)},
		{"not yet: the first transition after the current time",
			tl, clock(0, 0, 10*sec), "Running", 10 * sec, true, clock(30*sec, 0, 30*sec)},
		{"not yet: waited for up to 2m (a transition at exactly 2m comes in time)",
			late(2 * time.Minute), clock(0, 0, 0), "Running", 0, true, clock(2*time.Minute, 0, 2*time.Minute)},
		{"not yet: a transition after 2m is a failure",
			late(2*time.Minute + sec), clock(0, 0, 0), "Running", 0, false, clock(0, 0, 0)},
		{"never: a failure, the clock unchanged",
			tl, clock(0, 0, 10*sec), "Succeeded", 0, false, clock(0, 0, 10*sec)},
		{"a transition is any event after which the state holds (a flicker within an instant counts); t=0 takes in its whole instant",
			flicker, clock(0, 0, 6*sec), "Ready", 0, true, clock(5*sec, 0, 5*sec)},
		{"becomes gone: t=0 at the Deleted",
			deleteTimeline(), clock(0, 2, 0), "gone", 0, true, clock(5*sec, 0, 5*sec)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Became(c.tl, c.c, "web", c.s, c.lastAction)
			if ok != c.ok || got != c.want {
				t.Errorf("Became = %+v, %v; want %+v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

// After `becomes …`, t=0 is "the moment of the transition": its whole
// instant, the transition's causes in it included, is at or after t=0;
// the instants before it are before t=0.
func TestBecameThenJudge(t *testing.T) {
	tl := tline(time.Minute,
		mkCreated(0), ctr(sec, "istio", "Started"), ctr(2*sec, "app", "Started"),
		phase(2*sec, "Running"), ctr(3*sec, "app", "Ready"), ready(3*sec, "True"),
		ctr(9*sec, "app", "SIGTERM"))
	c, ok := Became(tl, clock(0, 0, 0), "web", "Running", 0)
	if !ok || c.Current != 2*sec {
		t.Fatalf("Became = %+v, %v", c, ok)
	}
	runJudgeCases(t, []judgeCase{
		{name: "becomes Running / start in this order checks the first starts (before t=0)",
			tl: tl, clock: c,
			steps: []step{
				{e: inOrder(sel("istio", "Started"), sel("app", "Started")), ok: true, cur: 2 * sec},
				{e: inOrder(sel("app", "Started"), sel("istio", "Started")), ok: false, cur: 2 * sec},
			}},
		{name: "becomes Running: the transition's own event is at t=0",
			tl: tl, clock: c,
			steps: []step{
				{e: table(false, row(0, "", "Phase(Running)"), row(sec, "", "Condition(Ready=True)")), ok: true, cur: 3 * sec},
				{e: eAt(sel("app", "SIGTERM"), 7*sec), ok: true, cur: 9 * sec},
			}},
		{name: "becomes Running: the events of the transition's instant, its causes, are at t=0",
			tl: tl, clock: c,
			steps: []step{{e: eWithin(sel("app", "Started"), 5*sec), ok: true, cur: 2 * sec}}},
		{name: "becomes Running: an event of an instant before the transition is before t=0",
			tl: tl, clock: c,
			steps: []step{{e: eWithin(sel("istio", "Started"), 5*sec), ok: false, cur: 7 * sec, why: "before t=0"}}},
	})
}

// Judge panics on nothing: an unknown kind or state fails with a reason.
func TestUnknown(t *testing.T) {
	tl := tline(time.Minute, mkCreated(0))
	for _, e := range []Expectation{
		{Kind: ExpectKind(99)},
		stNow("Sleeping"), stWithin("Sleeping", sec), stBetween("Sleeping", 0, sec), stNotAfter("Sleeping", sec),
	} {
		v := Judge(tl, clock(0, 0, 0), e)
		if v.OK || v.Why == "" {
			t.Errorf("Judge(%+v) = %+v; want a failure with a reason", e, v)
		}
	}
	if _, ok := Became(tl, clock(0, 0, 0), "web", "Sleeping", 0); ok {
		t.Errorf("Became an unknown state")
	}
}

// The judgement does not reorder the caller's events, and events given out
// of (At, Seq) order are judged in that order.
func TestEventsOrder(t *testing.T) {
	tl := tline(time.Minute, mkCreated(0), ctr(sec, "app", "SIGTERM"), ctr(2*sec, "app", "SIGKILL"))
	tl.Events[1], tl.Events[2] = tl.Events[2], tl.Events[1]
	v := Judge(tl, clock(0, 1, 0), inOrder(sel("app", "SIGTERM"), sel("app", "SIGKILL")))
	if !v.OK {
		t.Errorf("in order: %s", v.Why)
	}
	if tl.Events[1].Kind != "SIGKILL" {
		t.Errorf("Judge reordered the caller's events")
	}
}
