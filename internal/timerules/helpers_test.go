package timerules

import (
	"slices"
	"strings"
	"testing"
	"time"
)

const sec = time.Second

// Events of pod "web" (and others) for the tests. Seq is given by tline.

func pod(at time.Duration, kind string) Event { return Event{At: at, Pod: "web", Kind: kind} }
func ctr(at time.Duration, c, kind string) Event {
	return Event{At: at, Pod: "web", Container: c, Kind: kind}
}
func mkCreated(at time.Duration) Event { return pod(at, "PodCreated") }
func phase(at time.Duration, p string) Event {
	return Event{At: at, Pod: "web", Kind: "Phase", Reason: p}
}
func ready(at time.Duration, status string) Event {
	return Event{At: at, Pod: "web", Kind: "Condition", Reason: "Ready", Status: status}
}
func status(at time.Duration, s string) Event {
	return Event{At: at, Pod: "web", Kind: "Status", Reason: s}
}
func exited(at time.Duration, c string, code int) Event {
	return Event{At: at, Pod: "web", Container: c, Kind: "Exited", Code: code}
}
func kevent(at time.Duration, c, reason string, count int) Event {
	return Event{At: at, Pod: "web", Container: c, Kind: "Event", Reason: reason, Count: count}
}

// tline builds a timeline from events written in (At, Seq) order: Seq is
// the position (from 1).
func tline(end time.Duration, evs ...Event) Timeline {
	for i := range evs {
		evs[i].Seq = uint64(i + 1)
		if i > 0 && evs[i].At < evs[i-1].At {
			panic("tline: events out of order")
		}
	}
	return Timeline{Events: evs, End: end}
}

func capped(tl Timeline) Timeline { tl.Capped = true; return tl }

func withRegular(tl Timeline, pod string, cs ...string) Timeline {
	tl.Regular = map[string][]string{pod: cs}
	return tl
}

// clock: t=0 at the given mark, current time cur.
func clock(t0 time.Duration, seq uint64, cur time.Duration) Clock {
	return Clock{T0: Mark{At: t0, Seq: seq}, Current: cur}
}

func sel(c, kind string) Selector { return Selector{Pod: "web", Container: c, Kind: kind} }
func selCode(c string, code int) Selector {
	return Selector{Pod: "web", Container: c, Kind: "Exited", Code: code, HasCode: true}
}
func selEvent(c, reason string) Selector {
	return Selector{Pod: "web", Container: c, Kind: "Event", Reason: reason}
}

// step is one expectation of a scenario and what the rules must say.
type step struct {
	e    Expectation
	ok   bool
	cur  time.Duration // the current time after the step
	why  string        // a fragment Why must contain, if set
	read *time.Duration
	used []time.Duration // the instants of Verdict.Used, if set
}

type judgeCase struct {
	name  string
	tl    Timeline
	clock Clock
	steps []step
}

func dur(d time.Duration) *time.Duration { return &d }

// timedKinds move the current time (except counts without `within` and
// tables without timed rows, handled below).
var timedKinds = map[ExpectKind]bool{
	EventAt: true, EventWithin: true, EventBetween: true,
	StateWithin: true, StateComesWithin: true, StateBetween: true, StateNotAfter: true, StatusWithin: true,
}

func runJudgeCases(t *testing.T, cases []judgeCase) {
	t.Helper()
	seen := map[string]bool{}
	for _, tc := range cases {
		if seen[tc.name] {
			t.Fatalf("duplicate case name %q", tc.name)
		}
		seen[tc.name] = true
		t.Run(tc.name, func(t *testing.T) {
			c := tc.clock
			for k, s := range tc.steps {
				v := Judge(tc.tl, c, s.e)
				if v.OK != s.ok {
					t.Errorf("step %d: OK = %v, want %v; why: %s", k+1, v.OK, s.ok, v.Why)
				}
				if v.Clock.T0 != c.T0 {
					t.Errorf("step %d: t=0 moved from %+v to %+v", k+1, c.T0, v.Clock.T0)
				}
				if v.Clock.Current != s.cur {
					t.Errorf("step %d: current = %v, want %v; why: %s", k+1, v.Clock.Current, s.cur, v.Why)
				}
				if v.Clock.Current < c.Current {
					t.Errorf("step %d: current went back from %v to %v", k+1, c.Current, v.Clock.Current)
				}
				moves := timedKinds[s.e.Kind] || (s.e.Kind == Count && s.e.Within) || (s.e.Kind == Table && hasTimedRow(s.e.Rows))
				if v.Moves != moves {
					t.Errorf("step %d: Moves = %v, want %v", k+1, v.Moves, moves)
				}
				if !moves && v.Clock != c {
					t.Errorf("step %d: an untimed expectation changed the clock: %+v → %+v", k+1, c, v.Clock)
				}
				if v.Why == "" {
					t.Errorf("step %d: empty Why", k+1)
				}
				if s.why != "" && !strings.Contains(v.Why, s.why) {
					t.Errorf("step %d: Why %q does not say %q", k+1, v.Why, s.why)
				}
				if s.read != nil && v.Read != *s.read {
					t.Errorf("step %d: Read = %v, want %v", k+1, v.Read, *s.read)
				}
				if s.used != nil {
					var got []time.Duration
					for _, u := range v.Used {
						got = append(got, u.At)
					}
					if !slices.Equal(got, s.used) {
						t.Errorf("step %d: Used at %v, want %v", k+1, got, s.used)
					}
				}
				c = v.Clock
			}
		})
	}
}

func hasTimedRow(rows []Row) bool {
	for _, r := range rows {
		if r.HasAt {
			return true
		}
	}
	return false
}

// Expectations, as the steps write them (pod "web").

func eAt(s Selector, t time.Duration) Expectation {
	return Expectation{Kind: EventAt, Sel: s, A: t, B: t}
}
func eWithin(s Selector, d time.Duration) Expectation {
	return Expectation{Kind: EventWithin, Sel: s, B: d}
}
func eBetween(s Selector, a, b time.Duration) Expectation {
	return Expectation{Kind: EventBetween, Sel: s, A: a, B: b}
}
func stWithin(st State, d time.Duration) Expectation {
	return Expectation{Kind: StateWithin, Pod: "web", State: st, B: d}
}
func stComes(st State, d time.Duration) Expectation {
	return Expectation{Kind: StateComesWithin, Pod: "web", State: st, B: d}
}
func stBetween(st State, a, b time.Duration) Expectation {
	return Expectation{Kind: StateBetween, Pod: "web", State: st, A: a, B: b}
}
func stNotAfter(st State, t time.Duration) Expectation {
	return Expectation{Kind: StateNotAfter, Pod: "web", State: st, A: t}
}
func stNow(st State) Expectation { return Expectation{Kind: StateNow, Pod: "web", State: st} }
func stNotNow(st State) Expectation {
	return Expectation{Kind: StateNow, Pod: "web", State: st, Not: true}
}
func statusNow(col string) Expectation {
	return Expectation{Kind: StatusNow, Pod: "web", Column: col}
}
func statusWithin(col string, d time.Duration) Expectation {
	return Expectation{Kind: StatusWithin, Pod: "web", Column: col, B: d}
}
func restartsNow(c string, n int) Expectation {
	return Expectation{Kind: RestartsNow, Pod: "web", Container: c, N: n}
}
func received(s Selector) Expectation { return Expectation{Kind: Received, Sel: s} }
func gapAfter(s, ref Selector, a time.Duration) Expectation {
	return Expectation{Kind: GapAfter, Sel: s, Ref: ref, A: a}
}
func after(s, ref Selector) Expectation    { return Expectation{Kind: After, Sel: s, Ref: ref} }
func inOrder(sels ...Selector) Expectation { return Expectation{Kind: InOrder, Sels: sels} }
func never(s Selector) Expectation         { return Expectation{Kind: Never, Sel: s} }
func count(s Selector, n int) Expectation  { return Expectation{Kind: Count, Sel: s, N: n} }
func countWithin(s Selector, n int, d time.Duration) Expectation {
	return Expectation{Kind: Count, Sel: s, N: n, Within: true, B: d}
}
func table(exact bool, rows ...Row) Expectation {
	return Expectation{Kind: Table, Pod: "web", Rows: rows, Exact: exact}
}
func row(at time.Duration, c, l string) Row { return Row{At: at, HasAt: true, Container: c, Label: l} }
func rowAny(c, l string) Row                { return Row{Container: c, Label: l} }
