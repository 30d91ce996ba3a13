package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// stillStates are the states `the pod "x" is still S at T` reads at an
// instant: a phase, readiness, a deletion under way. Gone, evicted and
// scheduled are comings or events, which `is S at T` and `within` say.
var stillStates = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady", "Terminating"}

// instantExpectations are the states first drafts check at an instant or
// by a deadline where the language had only an untimed state check (issue
// 38's second held-out set): `the pod "ghost" is still Pending at 120s`,
// `container "app" has restarted 1 time within 30s`, `terminated with
// reason "OOMKilled" and exit code 137 within 10s`.
func instantExpectations() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, `^the pod "([^"]*)" is still (\S+) at (\S+)$`, `Then the pod "web" is still Pending at 120s`,
			s3(func(pod, state string, at writtenSpan) Step {
				return thePodIsStillAt{podNamed{pod}, state, at}
			})).with(stateSlot("Pending", stillStates)),
		phrase(f, ctr+`has restarted (\S+) times? within (\S+)$`, `Then container "app" of pod "web" has restarted 1 time within 30s`,
			s4(func(c, pod string, n Count, d writtenSpan) Step {
				return restartedWithin{containerNamed{c, pod}, n, d}
			})),
		phrase(f, ctr+`terminated with reason "([^"]*)" and exit code (\S+) within (\S+)$`, `Then container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137 within 10s`,
			s5(func(c, p, reason string, code ExitCode, d string) Step {
				return &terminatedWithin{ctrEventIn: ctrEventIn{ctr: ctrOfPod{c, p}, kind: timeline.Exited, lo: "0s", hi: d}, reason: reason, code: code}
			})),
	}
}

// Then the pod "ghost" is still Pending at 120s: the state read at the
// instant t0+T, after every event of that instant, whenever it began
// (before t=0 included): where `is Pending at 120s` is the state's coming
// at 120s, this is its holding then. On a cluster it holds where the
// state held at some instant of T's live window.
type thePodIsStillAt struct {
	podNamed
	state string
	at    writtenSpan
}

func (s thePodIsStillAt) Declare(pl *Plan) error {
	if _, err := parsePodState(s.state, stillStates...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodIsStillAt) Run(ctx context.Context, st *State) error {
	ps, _ := parsePodState(s.state, stillStates...)
	return stillAt(ctx, st, s.pod, ps, s.at)
}

// stillAt is a pod's state read at the instant t0+T, after every event of
// that instant, whenever it began (`is still S at T`, `still shows status
// "S" at T`); on a cluster it holds where the state held at some instant
// of T's live window, the kubelet's chain before it (a container's start,
// a hook's end) being its own time.
func stillAt(ctx context.Context, st *State, pod string, ps podState, t writtenSpan) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	at := st.clock.t0.At + t.d
	w, err := st.window(ctx, ps.of(pod), t.d, t.d)
	if err != nil {
		return err
	}
	at = max(min(at, w.To), st.clock.t0.At)
	if end := max(at, w.To); end >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, end, nil); err != nil {
			return err
		}
	}
	st.clk().decided(at, t.d)
	if !st.clk().exact {
		from := max(w.From, st.clock.t0.At)
		if _, ok := ps.firstHeldIn(st.clk().events(), pod, from, from, w.To, true); ok {
			return nil
		}
	}
	if !ps.heldAt(st.clk().events(), pod, at) {
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q %s at %s", pod, ps.name, t.text),
			Observed: fmt.Sprintf("at %s: %s", t.text, ps.describeAt(st.clk().events(), pod, at)),
			Read:     true, ReadAt: at,
		}
	}
	return nil
}

// Then container "app" has restarted 1 time within 30s: its restartCount
// was N at some time up to t0+D, before t=0 included (a state, as `within`
// reads states): its N-th restart of the scenario came by the deadline.
// The current time moves to that restart.
type restartedWithin struct {
	containerNamed
	n Count
	d writtenSpan
}

func (s restartedWithin) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	sel := timeline.Selector{Pod: p.name, Container: c.Name, Kind: timeline.Restarted}
	want := int(s.n)
	if err := st.ready(ctx); err != nil {
		return err
	}
	w, err := st.window(ctx, sel, 0, s.d.d)
	if err != nil {
		return err
	}
	if err := runToNth(ctx, st, sel, want, w.To); err != nil {
		return err
	}
	w.From = 0
	if e, ok := nthBy(st.clk().events(), sel, want, w.To); ok {
		return st.keepWindowCheck(sel, fmt.Sprintf("restarted %s", times(want, "time")), w, &e, nil)
	}
	return st.keepWindowCheck(sel, "restarts", w, nil, &timeline.Verdict{
		Kind:     timeline.Missing,
		Expected: fmt.Sprintf("container %q restarted %s within %s%s", c.Name, times(want, "time"), s.d.text, w.Note()),
		Observed: fmt.Sprintf("%s by %s", times(countBy(st.clk().events(), sel, w.To), "restart"), timeline.FormatOffset(w.To-st.clock.t0.At)),
		Window:   &w,
	})
}

// runToNth runs the scenario until the nth event sel selects has come by
// deadline, or to the deadline.
func runToNth(ctx context.Context, st *State, sel timeline.Selector, n int, deadline time.Duration) error {
	_, _, err := st.Session.RunUntil(ctx, deadline, func(v driver.View) bool {
		_, ok := nthBy(v.Timeline(), sel, n, deadline)
		return ok
	})
	return err
}

// nthBy is the n-th event sel matches at or before deadline; n 0 is the
// scenario's start (a restartCount of 0 holds from the first).
func nthBy(events []timeline.Event, sel timeline.Selector, n int, deadline time.Duration) (timeline.Event, bool) {
	if n == 0 {
		return timeline.Event{}, true
	}
	seen := 0
	for _, e := range events {
		if e.At > deadline {
			break
		}
		if sel.Matches(e) {
			if seen++; seen == n {
				return e, true
			}
		}
	}
	return timeline.Event{}, false
}

// countBy counts the events sel matches at or before deadline.
func countBy(events []timeline.Event, sel timeline.Selector, deadline time.Duration) int {
	n := 0
	for _, e := range events {
		if e.At <= deadline && sel.Matches(e) {
			n++
		}
	}
	return n
}

// Then container "app" terminated with reason "OOMKilled" and exit code
// 137 within 10s: an exit of the container with that reason and code, at
// or after t=0 and by t0+D (an event, as `exits within D`: the
// terminated state a status shows is that exit's).
type terminatedWithin struct {
	ctrEventIn
	reason string
	code   ExitCode
}

func (s *terminatedWithin) Declare(pl *Plan) error {
	if err := s.ctrEventIn.Declare(pl); err != nil {
		return err
	}
	s.sel.Reason, s.sel.Code, s.sel.HasCode = s.reason, int(s.code), true
	return nil
}

// Run says the reason in a failure: the exit's label names its code only.
func (s *terminatedWithin) Run(ctx context.Context, st *State) error {
	err := s.ctrEventIn.Run(ctx, st)
	if v, ok := timeline.AsVerdict(err); ok {
		v.Expected += fmt.Sprintf(", reason %s", s.reason)
	}
	return err
}
