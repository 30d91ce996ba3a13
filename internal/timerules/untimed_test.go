package timerules

import (
	"testing"
	"time"
)

// Order: "compared by (time, sequence) … Work the kubelet starts
// concurrently (the kills of a pod's containers, their preStop hooks: one
// goroutine each) is unordered among itself: an order check between such
// events holds either way".
func TestOrder(t *testing.T) {
	exit := func(c string) Selector { return sel(c, "Exited") }
	term := func(c string) Selector { return sel(c, "SIGTERM") }
	stopped := tline(time.Minute, mkCreated(0),
		exited(5*sec, "app", 143), exited(6*sec, "proxy", 143), exited(7*sec, "logger", 143))
	badOrder := tline(time.Minute, mkCreated(0),
		exited(5*sec, "app", 143), exited(5500*ms, "logger", 143), exited(6*sec, "proxy", 143))
	// One instant: proxy's kill work comes first in sequence.
	concurrent := tline(time.Minute, mkCreated(0),
		ctr(3*sec, "proxy", "SIGTERM"), ctr(3*sec, "app", "SIGTERM"),
		exited(3*sec, "proxy", 143), exited(3*sec, "app", 143))
	// app (seq 4) and proxy (seq 2) are regular and concurrent; logger (seq
	// 3, a sidecar) is not.
	threeWay := tline(time.Minute, mkCreated(0),
		exited(3*sec, "proxy", 143), exited(3*sec, "logger", 143), exited(3*sec, "app", 143))
	runJudgeCases(t, []judgeCase{
		{name: "stop in this order holds for exits in order",
			tl: stopped, clock: clock(0, 1, 0),
			steps: []step{{e: inOrder(exit("app"), exit("proxy"), exit("logger")), ok: true, cur: 0,
				used: []time.Duration{5 * sec, 6 * sec, 7 * sec}}}},
		{name: "stop in this order fails for exits out of order",
			tl: badOrder, clock: clock(0, 1, 0),
			steps: []step{{e: inOrder(exit("app"), exit("proxy"), exit("logger")), ok: false, cur: 0}}},
		{name: "in this order fails when an event is missing",
			tl: stopped, clock: clock(0, 1, 0),
			steps: []step{{e: inOrder(exit("app"), exit("db")), ok: false, cur: 0, why: "none"}}},
		{name: "in this order: of two events at one instant the cause (lower sequence) comes first",
			tl: concurrent, clock: clock(0, 1, 0),
			steps: []step{
				{e: inOrder(term("proxy"), exit("proxy")), ok: true, cur: 0},
				{e: inOrder(exit("proxy"), term("proxy")), ok: false, cur: 0},
			}},
		{name: "concurrent kill work of two regular containers holds either way",
			tl: withRegular(concurrent, "web", "app", "proxy"), clock: clock(0, 1, 0),
			steps: []step{
				{e: inOrder(exit("app"), exit("proxy")), ok: true, cur: 0},
				{e: inOrder(exit("proxy"), exit("app")), ok: true, cur: 0},
				{e: after(term("proxy"), term("app")), ok: true, cur: 0},
				{e: after(term("app"), term("proxy")), ok: true, cur: 0},
			}},
		{name: "kill work of a container that is not regular (a sidecar) is ordered by sequence",
			tl: withRegular(concurrent, "web", "app"), clock: clock(0, 1, 0),
			steps: []step{
				{e: inOrder(exit("app"), exit("proxy")), ok: false, cur: 0},
				{e: after(term("proxy"), term("app")), ok: false, cur: 0},
			}},
		{name: "in this order checks every pair: a non-concurrent pair out of sequence fails",
			tl: withRegular(threeWay, "web", "app", "proxy"), clock: clock(0, 1, 0),
			steps: []step{
				{e: inOrder(exit("app"), exit("proxy"), exit("logger")), ok: false, cur: 0},
				{e: inOrder(exit("proxy"), exit("logger"), exit("app")), ok: true, cur: 0},
			}},
		{name: "after container has exited holds for the first occurrence after it",
			tl:    tline(time.Minute, mkCreated(0), exited(5*sec, "app", 143), ctr(6*sec, "sidecar", "SIGTERM")),
			clock: clock(0, 1, 0),
			steps: []step{{e: after(sel("sidecar", "SIGTERM"), exit("app")), ok: true, cur: 0,
				used: []time.Duration{6 * sec, 5 * sec}}}},
		{name: "after container has exited fails when the event only came before it",
			tl:    tline(time.Minute, mkCreated(0), ctr(4*sec, "sidecar", "SIGTERM"), exited(5*sec, "app", 143)),
			clock: clock(0, 1, 0),
			steps: []step{{e: after(sel("sidecar", "SIGTERM"), exit("app")), ok: false, cur: 0}}},
	})
}

// Untimed expectations: "Choice of occurrence: for each event it names, the
// first occurrence at or after t=0, else the first in the scenario …
// Waiting: the scenario runs on until every named event has an occurrence
// at or after t=0, or the wait ends — on the simulator when the activity
// ends".
func TestUntimed(t *testing.T) {
	evicted := Selector{Pod: "web", Kind: "Evicted"}
	runJudgeCases(t, []judgeCase{
		{name: "`When 60s pass` / `Then the pod is evicted` holds for an eviction during those 60s (before t=0)",
			tl:    tline(2*time.Minute, mkCreated(0), pod(30*sec, "Evicted")),
			clock: Passed(clock(0, 1, 0), 60*sec),
			steps: []step{{e: received(evicted), ok: true, cur: 60 * sec, used: []time.Duration{30 * sec}}}},
		{name: "receives SIGTERM chooses the first occurrence at or after t=0 over an earlier one",
			tl:    tline(time.Minute, mkCreated(0), ctr(3*sec, "app", "SIGTERM"), ctr(13*sec, "app", "SIGTERM")),
			clock: clock(10*sec, 0, 10*sec),
			steps: []step{{e: received(sel("app", "SIGTERM")), ok: true, cur: 10 * sec, used: []time.Duration{13 * sec}}}},
		{name: "receives SIGTERM fails when there is none",
			tl:    tline(time.Minute, mkCreated(0)),
			clock: clock(0, 1, 0),
			steps: []step{{e: received(sel("app", "SIGTERM")), ok: false, cur: 0, why: "none"}}},
		{name: "receives SIGTERM waits only to the end of the activity",
			tl:    tline(40*sec, mkCreated(0), ctr(50*sec, "app", "SIGTERM")),
			clock: clock(0, 1, 0),
			steps: []step{{e: received(sel("app", "SIGTERM")), ok: false, cur: 0}}},
		{name: "exits with code C holds for an exit with that code",
			tl:    deleteTimeline(),
			clock: clock(0, 2, 0),
			steps: []step{{e: received(selCode("app", 137)), ok: true, cur: 0}}},
		{name: "exits with code C: the exit chosen has that code (it names the container's exit)",
			tl:    deleteTimeline(),
			clock: clock(0, 2, 0),
			steps: []step{{e: received(selCode("app", 1)), ok: false, cur: 0, why: "has code 137"}}},
		{name: "an event is recorded for pod (any container)",
			tl:    tline(time.Minute, mkCreated(0), kevent(sec, "app", "Killing", 1)),
			clock: clock(0, 1, 0),
			steps: []step{
				{e: received(Selector{Pod: "web", AnyContainer: true, Kind: "Event", Reason: "Killing"}), ok: true, cur: 0},
				{e: received(Selector{Pod: "web", AnyContainer: true, Kind: "Event", Reason: "Pulled"}), ok: false, cur: 0},
			}},
	})
}

// Relative phrases: "a relative phrase (`SIGKILL 2s after SIGTERM`, …)
// chooses its reference event so and then takes the first occurrence of the
// other event after it, of the same container instance where both are of
// one container."
func TestGapAfter(t *testing.T) {
	kill, term := sel("app", "SIGKILL"), sel("app", "SIGTERM")
	runJudgeCases(t, []judgeCase{
		{name: "receives SIGKILL Ns after SIGTERM holds for the exact gap (SIGTERM at 0s, SIGKILL at 5s)",
			tl: deleteTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: gapAfter(kill, term, 5*sec), ok: true, cur: 0, used: []time.Duration{5 * sec, 0}}}},
		{name: "receives SIGKILL Ns after SIGTERM fails for another gap",
			tl: deleteTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: gapAfter(kill, term, 2*sec), ok: false, cur: 0, why: "came 5s after"}}},
		{name: "the reference is chosen as the untimed rule says: the first SIGTERM at or after t=0",
			tl: tline(time.Minute, mkCreated(0),
				ctr(3*sec, "app", "SIGTERM"), exited(3*sec, "app", 143), ctr(4*sec, "app", "Restarted"),
				ctr(13*sec, "app", "SIGTERM"), ctr(15*sec, "app", "SIGKILL")),
			clock: clock(10*sec, 0, 10*sec),
			steps: []step{
				{e: gapAfter(kill, term, 2*sec), ok: true, cur: 10 * sec, used: []time.Duration{15 * sec, 13 * sec}},
				{e: gapAfter(kill, term, 12*sec), ok: false, cur: 10 * sec},
			}},
		{name: "the other event is of the same container instance (a SIGKILL after a restart does not count)",
			tl: tline(time.Minute, mkCreated(0),
				ctr(3*sec, "app", "SIGTERM"), exited(4*sec, "app", 143),
				ctr(5*sec, "app", "Restarted"), ctr(12*sec, "app", "SIGKILL")),
			clock: clock(0, 1, 0),
			steps: []step{{e: gapAfter(kill, term, 9*sec), ok: false, cur: 0, why: "same container instance"}}},
	})
}

// `never …`, `no event …`: "let the scenario run to the end of its
// activity and hold throughout … A cap reached is noted in the report (not
// a failure)."
func TestNever(t *testing.T) {
	kill := sel("app", "SIGKILL")
	runJudgeCases(t, []judgeCase{
		{name: "never receives SIGKILL holds with none up to the end of the activity",
			tl: tline(time.Minute, mkCreated(0), ctr(sec, "app", "SIGTERM"), exited(2*sec, "app", 143)), clock: clock(0, 1, 0),
			steps: []step{{e: never(kill), ok: true, cur: 0}}},
		{name: "never receives SIGKILL fails for a SIGKILL after t=0",
			tl: deleteTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: never(kill), ok: false, cur: 0, used: []time.Duration{5 * sec}}}},
		{name: "never covers the whole scenario: a SIGKILL before t=0 fails it",
			tl: deleteTimeline(), clock: clock(8*sec, 0, 8*sec),
			steps: []step{{e: never(kill), ok: false, cur: 8 * sec}}},
		{name: "never: a cap reached is noted, not a failure",
			tl: capped(tline(10*time.Minute, mkCreated(0))), clock: clock(0, 1, 0),
			steps: []step{{e: never(kill), ok: true, cur: 0, why: "cap"}}},
		{name: "never: an occurrence after the end of the activity is not waited for",
			tl: tline(40*sec, mkCreated(0), ctr(50*sec, "app", "SIGKILL")), clock: clock(0, 1, 0),
			steps: []step{{e: never(kill), ok: true, cur: 0}}},
		{name: "no event X is recorded fails for the event on any pod",
			tl: tline(time.Minute, mkCreated(0), kevent(sec, "app", "FailedPreStopHook", 1)), clock: clock(0, 1, 0),
			steps: []step{
				{e: never(Selector{AnyContainer: true, Kind: "Event", Reason: "FailedPreStopHook"}), ok: false, cur: 0},
				{e: never(Selector{AnyContainer: true, Kind: "Event", Reason: "Killing"}), ok: true, cur: 0},
			}},
	})
}

// Counts: "Counts (`… N times`) count every occurrence from the scenario's
// start, aggregated Events counted by their count: with `within D` to
// t0+D; without it to the end of the activity, waited for as `never` waits
// (an activity still going on at the cap is counted to the cap, which is
// noted …)."
func TestCount(t *testing.T) {
	unhealthy := selEvent("app", "Unhealthy")
	agg := tline(time.Minute, mkCreated(0),
		kevent(5*sec, "app", "Unhealthy", 0), kevent(15*sec, "app", "Unhealthy", 2))
	runJudgeCases(t, []judgeCase{
		{name: "count without within: aggregated Events count their count (0 means 1)",
			tl: agg, clock: clock(0, 1, 0),
			steps: []step{
				{e: count(unhealthy, 3), ok: true, cur: 0},
				{e: count(unhealthy, 2), ok: false, cur: 0},
			}},
		{name: "count without within counts from the scenario's start, before t=0 included",
			tl: agg, clock: clock(10*sec, 0, 10*sec),
			steps: []step{{e: count(unhealthy, 3), ok: true, cur: 10 * sec}}},
		{name: "count without within: an activity capped is counted to the cap, which is said",
			tl: capped(agg), clock: clock(0, 1, 0),
			steps: []step{{e: count(unhealthy, 3), ok: true, cur: 0, why: "cap"}, {e: count(unhealthy, 4), ok: false, cur: 0}}},
		{name: "count without within stops at the end of the activity",
			tl:    tline(20*sec, mkCreated(0), kevent(5*sec, "app", "Unhealthy", 1), kevent(25*sec, "app", "Unhealthy", 1)),
			clock: clock(0, 1, 0),
			steps: []step{{e: count(unhealthy, 1), ok: true, cur: 0}}},
		{name: "count within D counts from the scenario's start (before t=0 included) to t0+D",
			tl: agg, clock: clock(10*sec, 0, 10*sec),
			steps: []step{
				{e: countWithin(unhealthy, 1, 4*sec), ok: true, cur: 14 * sec},
				{e: countWithin(unhealthy, 3, 5*sec), ok: true, cur: 15 * sec},
			}},
		{name: "count within D is exact: more than N fails",
			tl: agg, clock: clock(0, 1, 0),
			steps: []step{{e: countWithin(unhealthy, 2, 20*sec), ok: false, cur: 20 * sec}}},
		{name: "count within D is decided at t0+D even when capped",
			tl: capped(agg), clock: clock(0, 1, 0),
			steps: []step{{e: countWithin(unhealthy, 3, 20*sec), ok: true, cur: 20 * sec}}},
	})
}
