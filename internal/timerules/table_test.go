package timerules

import (
	"testing"
	"time"
)

// stopTimeline: pod "web" deleted at 0 (t=0 after the first two events),
// app's preStop hook runs 0–3 s, SIGTERM at 3 s, exits at 5 s, Deleted at
// 6 s.
func stopTimeline() Timeline {
	return tline(time.Minute,
		mkCreated(0), phase(0, "Running"),
		pod(0, "DeleteRequested"),
		ctr(0, "app", "PreStopStarted"),
		ctr(3*sec, "app", "PreStopDone"),
		ctr(3*sec, "app", "SIGTERM"),
		exited(5*sec, "app", 143),
		phase(5*sec, "Failed"),
		status(5*sec, "Error"),
		pod(6*sec, "Deleted"))
}

// Timeline tables: "matches its rows in order against the pod's events at
// or after t=0: each row the first event after the previous row's that has
// its container and label and, for a row with a time, lies at t0+T …; a
// row with `-` for its time, at any time. It waits as `never` does, to the
// end of the activity. `is exactly` also refuses, between two matched rows,
// any other event of the vocabulary (and of a kind a row names), and before
// the first row or after the last any event of a kind a row names; rows of
// one instant naming concurrent work match in either order."
func TestTable(t *testing.T) {
	dslExample := []Row{
		row(0, "app", "PreStopStarted"),
		row(3*sec, "app", "PreStopDone"),
		row(3*sec, "app", "SIGTERM"),
		row(5*sec, "app", "Exited(137)"),
	}
	concurrent := withRegular(tline(time.Minute, mkCreated(0),
		ctr(3*sec, "proxy", "SIGTERM"), ctr(3*sec, "app", "SIGTERM")), "web", "app", "proxy")
	runJudgeCases(t, []judgeCase{
		{name: "the timeline is: rows matched in order, other events in between (current → the latest timed row)",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(false,
				row(0, "app", "PreStopStarted"), row(3*sec, "app", "SIGTERM"), row(5*sec, "app", "Exited(143)"),
				row(6*sec, "", "Deleted")), ok: true, cur: 6 * sec}}},
		{name: "a row with the wrong label fails; current → the latest timed row's t0+T",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(false, dslExample...), ok: false, cur: 5 * sec, why: "Exited(137)"}}},
		{name: "a timed row lies at t0+T exactly: a row at 4s fails for a SIGTERM at 3s",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(false, row(4*sec, "app", "SIGTERM")), ok: false, cur: 4 * sec}}},
		{name: "rows are matched in order: a row before the previous row's event fails",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(false, rowAny("app", "SIGTERM"), rowAny("app", "PreStopDone")), ok: false, cur: 0}}},
		{name: "rows match only the pod's events at or after t=0",
			tl: stopTimeline(), clock: clock(3*sec, 0, 3*sec),
			steps: []step{
				{e: table(false, rowAny("app", "PreStopStarted")), ok: false, cur: 3 * sec},
				{e: table(false, row(0, "app", "PreStopDone"), row(2*sec, "app", "Exited(143)")), ok: true, cur: 5 * sec},
			}},
		{name: "rows with `-` match at any time and do not move the current time",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(false, rowAny("app", "SIGTERM"), rowAny("", "Phase(Failed)"), rowAny("", "Status(Error)")), ok: true, cur: 0}}},
		{name: "a table waits only to the end of the activity",
			tl: tline(4*sec, mkCreated(0), ctr(sec, "app", "SIGTERM"), exited(9*sec, "app", 143)), clock: clock(0, 1, 0),
			steps: []step{{e: table(false, rowAny("app", "SIGTERM"), rowAny("app", "Exited(143)")), ok: false, cur: 0}}},
		{name: "is exactly holds when nothing of the vocabulary comes between the rows",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(true,
				row(0, "app", "PreStopStarted"), row(3*sec, "app", "PreStopDone"), row(3*sec, "app", "SIGTERM"),
				row(5*sec, "app", "Exited(143)"), row(5*sec, "", "Phase(Failed)"), row(6*sec, "", "Deleted")), ok: true, cur: 6 * sec}}},
		{name: "is exactly refuses an event of the vocabulary between two matched rows",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{{e: table(true,
				row(0, "app", "PreStopStarted"), row(3*sec, "app", "SIGTERM"), row(5*sec, "app", "Exited(143)")),
				ok: false, cur: 5 * sec, why: "refused: PreStopDone"}}},
		{name: "is exactly refuses, between rows, an event outside the vocabulary only of a kind a row names",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{
				// Status(Error) at 5s lies between Exited and Deleted: not of
				// the vocabulary, named by no row.
				{e: table(true, rowAny("app", "Exited(143)"), rowAny("", "Phase(Failed)"), rowAny("", "Deleted")), ok: true, cur: 0},
				{e: table(true, rowAny("app", "Exited(143)"), rowAny("", "Deleted"), rowAny("", "Status(Error)")), ok: false, cur: 0, why: "refused: Phase(Failed)"},
			}},
		{name: "is exactly refuses after the last row an event of a kind a row names",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{
				{e: table(true, rowAny("app", "PreStopStarted"), rowAny("app", "PreStopDone")), ok: true, cur: 0},
				{e: table(true, rowAny("app", "PreStopStarted"), rowAny("", "Phase(Running)")), ok: false, cur: 0},
				// Exited(143), of the vocabulary, lies between SIGTERM and Phase(Failed).
				{e: table(true, rowAny("app", "PreStopDone"), rowAny("app", "SIGTERM"), rowAny("", "Phase(Failed)")), ok: false, cur: 0, why: "refused: Exited(143)"},
				{e: table(true, rowAny("app", "SIGTERM")), ok: true, cur: 0},
			}},
		{name: "is exactly allows before the first row and after the last an event of the vocabulary no row names",
			tl: stopTimeline(), clock: clock(0, 2, 0),
			steps: []step{
				{e: table(true, rowAny("app", "PreStopDone"), rowAny("app", "SIGTERM")), ok: true, cur: 0},
				{e: table(true, rowAny("app", "SIGTERM"), rowAny("app", "Exited(143)"), rowAny("", "Phase(Failed)"), rowAny("", "Deleted")), ok: true, cur: 0},
				{e: table(true, rowAny("app", "SIGTERM"), rowAny("app", "Exited(143)"), rowAny("", "Deleted")), ok: false, cur: 0, why: "refused: Phase(Failed)"},
			}},
		{name: "is exactly: an event before the first row of a kind a row names is refused",
			tl:    tline(time.Minute, mkCreated(0), ctr(sec, "app", "Started"), ctr(2*sec, "app", "Restarted"), ctr(3*sec, "app", "Started")),
			clock: clock(0, 1, 0),
			steps: []step{
				{e: table(true, row(3*sec, "app", "Started")), ok: false, cur: 3 * sec, why: "refused: Started"},
				{e: table(false, row(3*sec, "app", "Started")), ok: true, cur: 3 * sec},
			}},
		{name: "rows of one instant naming concurrent work match in either order",
			tl: concurrent, clock: clock(0, 1, 0),
			steps: []step{
				{e: table(true, row(3*sec, "app", "SIGTERM"), row(3*sec, "proxy", "SIGTERM")), ok: true, cur: 3 * sec},
				{e: table(true, row(3*sec, "proxy", "SIGTERM"), row(3*sec, "app", "SIGTERM")), ok: true, cur: 3 * sec},
			}},
		{name: "rows of one instant not naming concurrent work keep the sequence's order",
			tl: withRegular(concurrent, "web", "app"), clock: clock(0, 1, 0),
			steps: []step{
				{e: table(false, row(3*sec, "app", "SIGTERM"), row(3*sec, "proxy", "SIGTERM")), ok: false, cur: 3 * sec},
				{e: table(false, row(3*sec, "proxy", "SIGTERM"), row(3*sec, "app", "SIGTERM")), ok: true, cur: 3 * sec},
			}},
		{name: "a Kubernetes Event row and a Condition row use the table's labels",
			tl: tline(time.Minute, mkCreated(0), kevent(sec, "app", "Killing", 1), ready(2*sec, "False")), clock: clock(0, 1, 0),
			steps: []step{
				{e: table(false, row(sec, "app", "Event(Killing)"), row(2*sec, "", "Condition(Ready=False)")), ok: true, cur: 2 * sec},
				{e: table(false, row(2*sec, "", "Condition(Ready=True)")), ok: false, cur: 2 * sec},
			}},
	})
}

// A row's Label "is written as the table writes it: … (Kind, with its
// argument in parentheses where the kind has one: Exited → Code,
// Phase/Event/Status/ProbeFailed/Rejected → Reason, Condition →
// Reason=Status)".
func TestLabel(t *testing.T) {
	cases := []struct {
		e    Event
		want string
	}{
		{Event{Kind: "SIGTERM"}, "SIGTERM"},
		{Event{Kind: "Exited", Code: 137, Reason: "Error"}, "Exited(137)"},
		{Event{Kind: "Phase", Reason: "Running"}, "Phase(Running)"},
		{Event{Kind: "Event", Reason: "Killing", Count: 3}, "Event(Killing)"},
		{Event{Kind: "Condition", Reason: "Ready", Status: "False"}, "Condition(Ready=False)"},
		{Event{Kind: "Status", Reason: "Running"}, "Status(Running)"},
		{Event{Kind: "ProbeFailed", Reason: "liveness"}, "ProbeFailed(liveness)"},
		{Event{Kind: "Rejected", Reason: "OutOfmemory"}, "Rejected(OutOfmemory)"},
		{Event{Kind: "Restarted"}, "Restarted"},
	}
	for _, c := range cases {
		if got := label(c.e); got != c.want {
			t.Errorf("label(%+v) = %q, want %q", c.e, got, c.want)
		}
	}
}
