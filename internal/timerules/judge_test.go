package timerules

import (
	"testing"
	"time"
)

const ms = time.Millisecond

// deleteTimeline: pod "web" created and Running at 0, deleted at 0 (t=0 is
// the mark after the first two events), SIGTERM at 0, SIGKILL at 5 s,
// Exited(137) and Deleted at 5 s.
func deleteTimeline() Timeline {
	return tline(10*sec,
		mkCreated(0),
		phase(0, "Running"),
		pod(0, "DeleteRequested"),
		ctr(0, "app", "SIGTERM"),
		ctr(5*sec, "app", "SIGKILL"),
		exited(5*sec, "app", 137),
		phase(5*sec, "Failed"),
		pod(5*sec, "Deleted"),
	)
}

// The cases an earlier engine got wrong (the brief's list).
func TestRegressions(t *testing.T) {
	runJudgeCases(t, []judgeCase{
		{
			// "Nothing earlier in the scenario extends the deadline: a state
			// first true after t0+D fails `within D`, even when an earlier step
			// has already run the scenario past t0+D."
			name:  "1 within D: the deadline is t0+D, a step that moved the current time to 5s does not extend it",
			tl:    deleteTimeline(),
			clock: clock(0, 2, 0),
			steps: []step{
				{e: eAt(sel("app", "SIGKILL"), 5*sec), ok: true, cur: 5 * sec},
				{e: stWithin("gone", sec), ok: false, cur: 5 * sec, why: "first at 5s"},
			},
		},
		{
			// "`within D`, the instant the expectation held (a state: the first
			// instant up to t0+D it was true) … or t0+D if it failed"; "never back".
			name: "2 within D: Ready at 10s holds within 30s (current → 10s), then fails within 2s",
			tl: tline(time.Minute,
				mkCreated(0), phase(sec, "Running"), ready(10*sec, "True")),
			clock: clock(0, 0, 0),
			steps: []step{
				{e: stWithin("Ready", 30*sec), ok: true, cur: 10 * sec, used: []time.Duration{10 * sec}},
				{e: stWithin("Ready", 2*sec), ok: false, cur: 10 * sec},
			},
		},
		{
			// "A state predicate (Running, gone, Ready, a STATUS) holds if it is
			// true at some time up to the deadline … Nothing earlier in the
			// scenario extends the deadline."
			name: "3 within D: STATUS Error first at 2s fails within 1s though the current time is 60s",
			tl: tline(time.Minute,
				mkCreated(0), status(0, "ContainerCreating"), status(sec, "Running"), status(2*sec, "Error")),
			clock: clock(0, 0, 60*sec),
			steps: []step{
				{e: statusWithin("Error", sec), ok: false, cur: 60 * sec, why: "first at 2s"},
				{e: statusWithin("Error", 2*sec), ok: true, cur: 60 * sec},
			},
		},
		{
			// "Counts (`… N times`) count every occurrence from the scenario's
			// start …: with `within D` to t0+D"; "a count `within D`, t0+D".
			name: "4 count within D: Unhealthy at 10,20,30,40s is 3 times within 35s (current → 35s), not 4",
			tl: tline(time.Minute,
				mkCreated(0),
				kevent(10*sec, "app", "Unhealthy", 1),
				kevent(20*sec, "app", "Unhealthy", 0),
				kevent(30*sec, "app", "Unhealthy", 1),
				kevent(40*sec, "app", "Unhealthy", 1)),
			clock: clock(0, 0, 0),
			steps: []step{
				{e: countWithin(selEvent("app", "Unhealthy"), 3, 35*sec), ok: true, cur: 35 * sec},
				{e: countWithin(selEvent("app", "Unhealthy"), 4, 35*sec), ok: false, cur: 35 * sec, why: "counted 3"},
			},
		},
		{
			// "Untimed expectations (below), counts without `within`, `never`
			// and `stays` do not move the current time: … the next state check
			// reads the state at the current time".
			name: "5 untimed: receives SIGTERM does not move the current time; the next state check reads there",
			tl: tline(time.Minute,
				mkCreated(0), phase(0, "Running"), ctr(3*sec, "app", "SIGTERM"),
				exited(4*sec, "app", 143), phase(5*sec, "Failed")),
			clock: clock(sec, 0, sec),
			steps: []step{
				{e: received(sel("app", "SIGTERM")), ok: true, cur: sec, used: []time.Duration{3 * sec}},
				{e: stNow("Running"), ok: true, cur: sec, read: dur(sec)},
				{e: stNow("Failed"), ok: false, cur: sec, read: dur(sec), why: "later, at 4s"},
			},
		},
		{
			// "A state predicate … holds if it is true at some time up to the
			// deadline, before t=0 included".
			name: "6a within D: a state that held before t=0 holds (the current time does not go back)",
			tl: tline(time.Minute,
				mkCreated(0), ready(2*sec, "True"), ready(5*sec, "False")),
			clock: clock(10*sec, 0, 10*sec),
			steps: []step{
				{e: stWithin("Ready", sec), ok: true, cur: 10 * sec, used: []time.Duration{2 * sec}},
			},
		},
		{
			// "an event predicate (SIGTERM, exit, eviction) counts only
			// occurrences at or after t=0".
			name: "6b within D: an event that occurred only before t=0 fails (current → t0+D)",
			tl: tline(time.Minute,
				mkCreated(0), ctr(5*sec, "app", "SIGTERM")),
			clock: clock(10*sec, 0, 10*sec),
			steps: []step{
				{e: eWithin(sel("app", "SIGTERM"), 30*sec), ok: false, cur: 40 * sec, why: "before t=0"},
			},
		},
		{
			// "a timeline table, the latest of its timed rows' decisions (each
			// row as `at T`: the event it matched, or t0+T)".
			name: "7 table: timed rows matched move the current time to the last timed row's event; a state check reads there",
			tl: tline(time.Minute,
				mkCreated(0), phase(0, "Running"),
				pod(0, "DeleteRequested"),
				ctr(0, "app", "PreStopStarted"),
				ctr(3*sec, "app", "PreStopDone"),
				ctr(3*sec, "app", "SIGTERM"),
				exited(5*sec, "app", 143),
				phase(5*sec, "Failed"),
				pod(6*sec, "Deleted")),
			clock: clock(0, 2, 0),
			steps: []step{
				{e: table(false,
					row(0, "app", "PreStopStarted"),
					row(3*sec, "app", "PreStopDone"),
					row(3*sec, "app", "SIGTERM"),
					rowAny("app", "Exited(143)")),
					ok: true, cur: 3 * sec, used: []time.Duration{0, 3 * sec, 3 * sec, 5 * sec}},
				{e: stNow("Terminating"), ok: true, cur: 3 * sec, read: dur(3 * sec)},
				{e: stNow("gone"), ok: false, cur: 3 * sec, read: dur(3 * sec), why: "later, at 6s"},
			},
		},
	})
}

// `at T`: "the first occurrence at or after t=0 is at exactly T"; the
// current time: "`at T` and `between A and B`, the first occurrence at or
// after t=0 if it came by the window's end, else the window's end".
func TestAtT(t *testing.T) {
	sigterm := sel("app", "SIGTERM")
	tl := tline(time.Minute,
		mkCreated(0), phase(0, "Running"), ctr(3*sec, "app", "SIGTERM"), ctr(13*sec, "app", "SIGTERM"))
	runJudgeCases(t, []judgeCase{
		{name: "at T holds: the first occurrence at or after t=0 is at exactly T",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eAt(sigterm, 3*sec), ok: true, cur: 3 * sec, used: []time.Duration{3 * sec}}}},
		{name: "at T fails when it came later: decided at the window's end",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eAt(sigterm, 2*sec), ok: false, cur: 2 * sec, why: "later"}}},
		{name: "at T fails when it came earlier: decided at the occurrence",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eAt(sigterm, 4*sec), ok: false, cur: 3 * sec, why: "earlier"}}},
		{name: "at T counts only the first occurrence at or after t=0 (one before t=0 is ignored)",
			tl: tl, clock: clock(10*sec, 0, 10*sec),
			steps: []step{{e: eAt(sigterm, 3*sec), ok: true, cur: 13 * sec, used: []time.Duration{13 * sec}}}},
		{name: "at T: a later occurrence does not save a wrong first one",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eAt(sigterm, 13*sec), ok: false, cur: 3 * sec}}},
		{name: "at T: the current time never goes back",
			tl: tl, clock: clock(0, 2, 20*sec),
			steps: []step{{e: eAt(sigterm, 3*sec), ok: true, cur: 20 * sec}}},
		{name: "at T fails with no occurrence at all: decided at the window's end",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eAt(sel("app", "SIGKILL"), 5*sec), ok: false, cur: 5 * sec}}},
		{name: "at T with code: exits at 5s with code 137",
			tl: deleteTimeline(), clock: clock(0, 2, 0),
			steps: []step{
				{e: eAt(selCode("app", 137), 5*sec), ok: true, cur: 5 * sec},
				{e: eAt(selCode("app", 143), 5*sec), ok: false, cur: 5 * sec},
			}},
	})
}

// t=0 marks: "An event is at or after the mark when it is later, or in the
// same instant with a greater sequence number; a mark with Seq 0 takes in
// its whole instant."
func TestMarks(t *testing.T) {
	tl := tline(time.Minute,
		mkCreated(0), ctr(0, "app", "Started"), ctr(0, "app", "SIGTERM"), ctr(10*sec, "app", "SIGKILL"))
	runJudgeCases(t, []judgeCase{
		{name: "an action at the current time stands after every event of that instant known before it",
			tl: tl, clock: Acted(Clock{}, ActionMark(tline(time.Minute, mkCreated(0), ctr(0, "app", "Started")), Clock{})),
			steps: []step{{e: eAt(sel("app", "SIGTERM"), 0), ok: true, cur: 0}}},
		{name: "an event of the action's instant known before the action is before t=0",
			tl: tl, clock: Acted(Clock{}, ActionMark(tl, Clock{})),
			steps: []step{{e: eWithin(sel("app", "SIGTERM"), sec), ok: false, cur: sec}}},
		{name: "`N pass`: the events of the instant N has passed are at or after t=0",
			tl: tl, clock: Passed(Clock{}, 10*sec),
			steps: []step{{e: eAt(sel("app", "SIGKILL"), 0), ok: true, cur: 10 * sec}}},
	})
}

// `within D`: "the deadline is t0+D. A state predicate … holds if it is
// true at some time up to the deadline, before t=0 included (a pod is in no
// state before it is created; `gone` is deleted after it existed); an event
// predicate … counts only occurrences at or after t=0."
func TestWithin(t *testing.T) {
	sigterm := sel("app", "SIGTERM")
	tl := tline(time.Minute,
		mkCreated(0), phase(0, "Running"), ctr(500*ms, "app", "SIGTERM"), ctr(3*sec, "app", "SIGKILL"))
	runJudgeCases(t, []judgeCase{
		{name: "event within D holds: current → the occurrence",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eWithin(sigterm, sec), ok: true, cur: 500 * ms}}},
		{name: "event within D fails: current → t0+D",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eWithin(sel("app", "SIGKILL"), sec), ok: false, cur: sec, why: "later, at 3s"}}},
		{name: "event within D: nothing earlier extends the deadline (current 60s)",
			tl: tl, clock: clock(0, 2, 60*sec),
			steps: []step{{e: eWithin(sel("app", "SIGKILL"), sec), ok: false, cur: 60 * sec}}},
		{name: "event within D: the deadline itself is included",
			tl: tl, clock: clock(0, 2, 0),
			steps: []step{{e: eWithin(sel("app", "SIGKILL"), 3*sec), ok: true, cur: 3 * sec}}},
		{name: "state within D holds when it becomes true after t=0 by the deadline",
			tl: tline(time.Minute, mkCreated(0), phase(4*sec, "Running")), clock: clock(0, 0, 0),
			steps: []step{{e: stWithin("Running", 10*sec), ok: true, cur: 4 * sec}}},
		{name: "state within D fails when it never holds: current → t0+D",
			tl: tline(time.Minute, mkCreated(0)), clock: clock(0, 0, 0),
			steps: []step{{e: stWithin("Running", 10*sec), ok: false, cur: 10 * sec}}},
		{name: "state within D: a pod is in no state before it is created (NotReady)",
			tl: tline(time.Minute, mkCreated(10*sec)), clock: clock(0, 0, 0),
			steps: []step{
				{e: stWithin("NotReady", 5*sec), ok: false, cur: 5 * sec},
				{e: stWithin("Pending", 10*sec), ok: true, cur: 10 * sec},
			}},
		{name: "state within D: gone is deleted after it existed (never created is not gone)",
			tl: tline(time.Minute, pod(0, "DeleteRequested")), clock: clock(0, 0, 0),
			steps: []step{{e: stWithin("gone", 5*sec), ok: false, cur: 5 * sec}}},
		{name: "state within D: gone holds after Deleted",
			tl: deleteTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: stWithin("gone", 5*sec), ok: true, cur: 5 * sec}}},
		{name: "state within D: a state held before t=0 and since left still holds",
			tl: tline(time.Minute, mkCreated(0), phase(sec, "Running"), phase(2*sec, "Failed")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stWithin("Running", 0), ok: true, cur: 5 * sec}}},
		// `becomes S within D` (the language's own phrase): the state
		// from t=0, the state at t=0 counting however early it began.
		{name: "becomes S within D: a state that held only before t=0 fails (where `is S within D` holds)",
			tl: tline(time.Minute, mkCreated(0), phase(sec, "Running"), phase(2*sec, "Failed")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stComes("Running", 10*sec), ok: false, cur: 15 * sec, why: "not from t=0"},
				{e: stWithin("Running", 10*sec), ok: true, cur: 15 * sec}}},
		{name: "becomes S within D: NotReady before it became Ready at t=0 does not count (blind set 21)",
			// t=0 just before the Ready transition (`When the pod becomes
			// Ready`): the state at t=0 is read after every event of
			// its instant.
			tl: tline(time.Minute, mkCreated(0), ready(0, "False"), ready(5*sec, "True")), clock: clock(5*sec, 2, 5*sec),
			steps: []step{{e: stComes("NotReady", 30*sec), ok: false, cur: 35 * sec}}},
		{name: "becomes S within D: the state at t=0, begun before it, holds at its beginning (the current time does not go back)",
			tl: tline(time.Minute, mkCreated(0), phase(sec, "Running")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stComes("Running", 0), ok: true, cur: 5 * sec, used: []time.Duration{sec}}}},
		{name: "becomes S within D: a state that comes after t=0 by the deadline holds there",
			tl: tline(time.Minute, mkCreated(0), ready(sec, "True"), ready(8*sec, "False")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stComes("NotReady", 5*sec), ok: true, cur: 8 * sec},
				{e: stComes("NotReady", 2*sec), ok: false, cur: 8 * sec, why: "after the deadline"}}},
		{name: "becomes S within D: a state shown only within one instant after t=0 counts (a watch sees it)",
			tl: tline(time.Minute, mkCreated(0), ready(sec, "True"), ready(7*sec, "False"), ready(7*sec, "True")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stComes("NotReady", 5*sec), ok: true, cur: 7 * sec}}},
		{name: "state within D: true at some time, a state the API showed only within one instant included (a watch sees it)",
			tl: tline(time.Minute, mkCreated(0), ready(sec, "True"), ready(sec, "False")), clock: clock(0, 0, 0),
			steps: []step{{e: stWithin("Ready", 10*sec), ok: true, cur: sec}}},
		{name: "state check: the state at an instant is after every event of it (a flicker inside the instant read is not read)",
			tl: tline(time.Minute, mkCreated(0), ready(sec, "True"), ready(sec, "False")), clock: clock(0, 0, sec),
			steps: []step{{e: stNow("Ready"), ok: false, cur: sec}}},
		{name: "STATUS within D holds at the first instant it shows",
			tl: tline(time.Minute, mkCreated(0), status(0, "Pending"), status(3*sec, "CrashLoopBackOff")), clock: clock(0, 0, 0),
			steps: []step{
				{e: statusWithin("CrashLoopBackOff", 5*sec), ok: true, cur: 3 * sec},
				{e: statusWithin("Completed", 5*sec), ok: false, cur: 5 * sec},
			}},
	})
}

// `between A and B`: "the first occurrence at or after t=0 lies in [A, B];
// for a state, the first time it became true at or after t=0."
func TestBetween(t *testing.T) {
	sigterm := sel("app", "SIGTERM")
	tl := tline(time.Minute, mkCreated(0), ctr(sec, "app", "SIGTERM"), ctr(3*sec, "app", "SIGTERM"))
	gone := func(at time.Duration) Timeline {
		return tline(time.Minute, mkCreated(0), phase(0, "Running"), pod(0, "DeleteRequested"), pod(at, "Deleted"))
	}
	runJudgeCases(t, []judgeCase{
		{name: "event between A and B holds when the first occurrence at or after t=0 lies in [A, B]",
			tl: tl, clock: clock(2*sec, 0, 2*sec),
			steps: []step{{e: eBetween(sigterm, 0, 2*sec), ok: true, cur: 3 * sec}}},
		{name: "event between A and B fails when the first occurrence is before A: decided at it",
			tl: tl, clock: clock(0, 1, 0),
			steps: []step{{e: eBetween(sigterm, 2*sec, 4*sec), ok: false, cur: sec}}},
		{name: "event between A and B fails when the first occurrence is after B: decided at B",
			tl: tl, clock: clock(0, 1, 0),
			steps: []step{{e: eBetween(sigterm, 0, 500*ms), ok: false, cur: 500 * ms}}},
		{name: "event between A and B: the bounds are included",
			tl: tl, clock: clock(0, 1, 0),
			steps: []step{{e: eBetween(sigterm, sec, sec), ok: true, cur: sec}}},
		{name: "state between A and B holds: is gone between 6s and 8s, Deleted at 7s",
			tl: gone(7 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stBetween("gone", 6*sec, 8*sec), ok: true, cur: 7 * sec}}},
		{name: "state between A and B fails late: Deleted at 9s, decided at 8s",
			tl: gone(9 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stBetween("gone", 6*sec, 8*sec), ok: false, cur: 8 * sec}}},
		{name: "state between A and B fails early: Deleted at 5s, decided at 5s",
			tl: gone(5 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stBetween("gone", 6*sec, 8*sec), ok: false, cur: 5 * sec}}},
		{name: "state between A and B: a state already true at t=0 did not become true at or after t=0",
			tl: tline(time.Minute, mkCreated(0), phase(sec, "Running")), clock: clock(5*sec, 0, 5*sec),
			steps: []step{{e: stBetween("Running", 0, 10*sec), ok: false, cur: 15 * sec, why: "already"}}},
	})
}

// `not … after T`: "the state did not hold at t0+T"; the current time:
// "`not … after T`, t0+T".
func TestNotAfter(t *testing.T) {
	gone := func(at time.Duration) Timeline {
		return tline(time.Minute, mkCreated(0), phase(0, "Running"), pod(0, "DeleteRequested"), pod(at, "Deleted"))
	}
	runJudgeCases(t, []judgeCase{
		{name: "is not gone after 4s holds when Deleted at 7s (current → 4s)",
			tl: gone(7 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stNotAfter("gone", 4*sec), ok: true, cur: 4 * sec}}},
		{name: "is not gone after 4s fails when Deleted at 3s",
			tl: gone(3 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stNotAfter("gone", 4*sec), ok: false, cur: 4 * sec}}},
		{name: "not … after T reads at t0+T after every event of that instant",
			tl: gone(4 * sec), clock: clock(0, 3, 0),
			steps: []step{{e: stNotAfter("gone", 4*sec), ok: false, cur: 4 * sec}}},
		{name: "not … after T: the current time never goes back",
			tl: gone(7 * sec), clock: clock(0, 3, 30*sec),
			steps: []step{{e: stNotAfter("gone", 4*sec), ok: true, cur: 30 * sec}}},
	})
}

// State checks: "State checks (phase, STATUS, condition, restarts, QoS,
// `is Ready`, `is not Ready`, `is gone`) read the current time: exactly on
// the simulator — the state at that instant, never wherever the simulator
// has run to".
func TestStateChecks(t *testing.T) {
	life := tline(time.Minute,
		mkCreated(0), pod(0, "Scheduled"), status(0, "ContainerCreating"),
		phase(2*sec, "Running"), status(2*sec, "Running"),
		ready(4*sec, "True"),
		pod(10*sec, "DeleteRequested"), status(10*sec, "Terminating"), ready(10*sec, "False"),
		phase(12*sec, "Succeeded"),
		pod(14*sec, "Deleted"))
	at := func(cur time.Duration) Clock { return clock(0, 0, cur) }
	runJudgeCases(t, []judgeCase{
		{name: "is Running reads the current time (holds at 3s)", tl: life, clock: at(3 * sec),
			steps: []step{{e: stNow("Running"), ok: true, cur: 3 * sec, read: dur(3 * sec)}}},
		{name: "is Running reads the current time, not where the simulator ran to (fails at 1s)", tl: life, clock: at(sec),
			steps: []step{{e: stNow("Running"), ok: false, cur: sec, read: dur(sec), why: "later, at 2s"}}},
		{name: "is Ready holds at 5s", tl: life, clock: at(5 * sec),
			steps: []step{{e: stNow("Ready"), ok: true, cur: 5 * sec}}},
		{name: "`is not Ready` is a state check read at the current time (fails at 5s)", tl: life, clock: at(5 * sec),
			steps: []step{{e: stNotNow("Ready"), ok: false, cur: 5 * sec}}},
		{name: "`is not Ready` holds at 3s", tl: life, clock: at(3 * sec),
			steps: []step{{e: stNotNow("Ready"), ok: true, cur: 3 * sec}}},
		{name: "NotReady: it exists and is not Ready (3s holds, 5s fails)", tl: life, clock: at(3 * sec),
			steps: []step{{e: stNow("NotReady"), ok: true, cur: 3 * sec}}},
		{name: "the current time stands after every event of its instant (Ready at 4s)", tl: life, clock: at(4 * sec),
			steps: []step{{e: stNow("Ready"), ok: true, cur: 4 * sec}}},
		{name: "Terminating: deleted, not gone, phase not terminal (11s holds)", tl: life, clock: at(11 * sec),
			steps: []step{{e: stNow("Terminating"), ok: true, cur: 11 * sec}}},
		{name: "Terminating: not once the phase is terminal (13s fails)", tl: life, clock: at(13 * sec),
			steps: []step{{e: stNow("Terminating"), ok: false, cur: 13 * sec}, {e: stNow("Succeeded"), ok: true, cur: 13 * sec}}},
		{name: "gone: deleted from the API after it existed (14s holds, 13s fails)", tl: life, clock: at(14 * sec),
			steps: []step{{e: stNow("gone"), ok: true, cur: 14 * sec}, {e: stNow("Succeeded"), ok: false, cur: 14 * sec}}},
		{name: "gone fails before the Deleted", tl: life, clock: at(13 * sec),
			steps: []step{{e: stNow("gone"), ok: false, cur: 13 * sec}}},
		{name: "scheduled holds after Scheduled", tl: life, clock: at(sec),
			steps: []step{{e: stNow("scheduled"), ok: true, cur: sec}}},
		{name: "scheduled fails for a pod not scheduled", tl: tline(time.Minute, mkCreated(0)), clock: at(sec),
			steps: []step{{e: stNow("scheduled"), ok: false, cur: sec}, {e: stNow("Pending"), ok: true, cur: sec}}},
		{name: "before its PodCreated a pod is in no state at all, not even gone",
			tl: tline(time.Minute, mkCreated(5*sec)), clock: at(sec),
			steps: []step{
				{e: stNow("gone"), ok: false, cur: sec},
				{e: stNow("Pending"), ok: false, cur: sec},
				{e: stNow("NotReady"), ok: false, cur: sec},
			}},
		{name: "a pod created again (a mirror pod) is not gone", tl: tline(time.Minute,
			mkCreated(0), pod(sec, "Deleted"), mkCreated(2*sec)), clock: at(3 * sec),
			steps: []step{{e: stNow("gone"), ok: false, cur: 3 * sec}, {e: stNow("Pending"), ok: true, cur: 3 * sec}}},
		{name: "shows status reads the STATUS column at the current time", tl: life, clock: at(11 * sec),
			steps: []step{
				{e: statusNow("Terminating"), ok: true, cur: 11 * sec, read: dur(11 * sec)},
				{e: statusNow("Running"), ok: false, cur: 11 * sec},
			}},
		{name: "shows status of a gone pod fails", tl: life, clock: at(20 * sec),
			steps: []step{{e: statusNow("Terminating"), ok: false, cur: 20 * sec}}},
	})
}

// Restarts: "A container's restarts at an instant = the number of its
// Restarted events up to it; a pod's RESTARTS = the sum over its
// containers."
func TestRestarts(t *testing.T) {
	tl := tline(time.Minute,
		mkCreated(0),
		ctr(10*sec, "app", "Restarted"),
		ctr(15*sec, "proxy", "Restarted"),
		ctr(20*sec, "app", "Restarted"))
	at := func(cur time.Duration) Clock { return clock(0, 0, cur) }
	runJudgeCases(t, []judgeCase{
		{name: "has restarted N times: the container's Restarted events up to the current time", tl: tl, clock: at(16 * sec),
			steps: []step{
				{e: restartsNow("app", 1), ok: true, cur: 16 * sec, read: dur(16 * sec)},
				{e: restartsNow("app", 2), ok: false, cur: 16 * sec, why: "later, at 20s"},
			}},
		{name: "has N restarts: the RESTARTS column sums the containers", tl: tl, clock: at(20 * sec),
			steps: []step{
				{e: restartsNow("", 3), ok: true, cur: 20 * sec},
				{e: restartsNow("", 2), ok: false, cur: 20 * sec},
			}},
		{name: "restarts of a pod not yet created fail", tl: tline(time.Minute, mkCreated(5*sec)), clock: at(sec),
			steps: []step{{e: restartsNow("app", 0), ok: false, cur: sec}}},
	})
}
