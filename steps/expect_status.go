package steps

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

func statusExpectations() []Def {
	const f = "kubectl columns"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase(f, `^the pod "([^"]*)" shows status "([^"]*)"$`, `Then the pod "web" shows status "CrashLoopBackOff"`,
			s2(func(pod, status string) Step { return thePodShowsStatus{podNamed{pod}, status} })),
		phrase(f, `^the pod "([^"]*)" shows status "([^"]*)" within (\S+)$`, `Then the pod "web" shows status "CrashLoopBackOff" within 1m`,
			s3(func(pod, status string, d writtenSpan) Step { return thePodShowsStatusWithin{podNamed{pod}, status, d} })),
		phrase(f, `^the pod "([^"]*)" shows status "([^"]*)" at (\S+)$`, `Then the pod "web" shows status "Terminating" at 0s`,
			s3(func(pod, status string, at writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, at, at}, status}
			})),
		// The STATUS read at an instant, where `shows status "S" at T`
		// is its coming (blind set 21 wrote `shows status
		// "ContainerCreating" at 5s` for a STATUS shown from 0s).
		phrase(f, `^the pod "([^"]*)" still shows status "([^"]*)" at (\S+)$`, `Then the pod "web" still shows status "ContainerCreating" at 5s`,
			s3(func(pod, status string, at writtenSpan) Step {
				return thePodStillShowsStatusAt{podNamed{pod}, status, at}
			})),
		phrase(f, `^the pod "([^"]*)" is still showing status "([^"]*)" at (\S+)$`, `Then the pod "web" is still showing status "ContainerCreating" at 5s`,
			s3(func(pod, status string, at writtenSpan) Step {
				return thePodStillShowsStatusAt{podNamed{pod}, status, at}
			})),
		phrase(f, `^the pod "([^"]*)" shows status "([^"]*)" between (\S+) and (\S+)$`, `Then the pod "web" shows status "CrashLoopBackOff" between 10s and 20s`,
			s4(func(pod, status string, a, b writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, a, b}, status}
			})),
		// What kubectl prints, said as kubectl prints it: the STATUS
		// column bare (a quoted one is taken too).
		phrase(f, `^kubectl shows the pod "([^"]*)" as (\S+)$`, `Then kubectl shows the pod "web" as Init:Error`,
			s2(func(pod string, status kubectlStatus) Step { return thePodShowsStatus{podNamed{pod}, string(status)} })).with(statusSlot("Init:Error")),
		phrase(f, `^kubectl shows the pod "([^"]*)" as (\S+) within (\S+)$`, `Then kubectl shows the pod "web" as CrashLoopBackOff within 1m`,
			s3(func(pod string, status kubectlStatus, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(status), d}
			})).with(statusSlot("CrashLoopBackOff")),
		phrase(f, `^kubectl shows the pod "([^"]*)" as (\S+) at (\S+)$`, `Then kubectl shows the pod "web" as Terminating at 0s`,
			s3(func(pod string, status kubectlStatus, at writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, at, at}, string(status)}
			})).with(statusSlot("Terminating")),
		phrase(f, `^kubectl shows the pod "([^"]*)" as (\S+) between (\S+) and (\S+)$`, `Then kubectl shows the pod "web" as Init:CrashLoopBackOff between 10s and 20s`,
			s4(func(pod string, status kubectlStatus, a, b writtenSpan) Step {
				return thePodShowsStatusIn{podWindow{podNamed{pod}, a, b}, string(status)}
			})).with(statusSlot("Init:CrashLoopBackOff")),
		phrase(f, `^the pod "([^"]*)" shows ready "([^"]*)"$`, `Then the pod "web" shows ready "1/2"`,
			s2(func(pod, ready string) Step { return thePodShowsReady{podNamed{pod}, ready} })),
		phrase(f, `^the pod "([^"]*)" shows (\S+) restarts?$`, `Then the pod "web" shows 3 restarts`,
			s2(func(pod string, n Count) Step { return thePodShowsRestarts{podNamed{pod}, n} })),
		phrase(f, ctr+`is ready within (\S+)$`, `Then container "app" of pod "web" is ready within 5s`,
			s3(func(c, pod, d string) Step { return containerReadyIn{containerNamed{c, pod}, timeline.Ready, "0s", d} })),
		phrase(f, ctr+`becomes ready at (\S+)$`, `Then container "app" of pod "web" becomes ready at 2s`,
			s3(func(c, pod, at string) Step { return containerReadyIn{containerNamed{c, pod}, timeline.Ready, at, at} })),
		phrase(f, ctr+`is ready$`, `Then container "app" of pod "web" is ready`,
			s2(func(c, pod string) Step { return containerReadyNow{containerNamed{c, pod}, true} })),
		phrase(f, ctr+`is not ready$`, `Then container "app" of pod "web" is not ready`,
			s2(func(c, pod string) Step { return containerReadyNow{containerNamed{c, pod}, false} })),
		phrase(f, ctr+`becomes not ready at (\S+)$`, `Then container "app" of pod "web" becomes not ready at 7s`,
			s3(func(c, pod, at string) Step {
				return containerReadyIn{containerNamed{c, pod}, timeline.NotReady, at, at}
			})),
	}
}

// columns prints the pod as `kubectl get pods` would now: by the driver's
// API server when it can, else by the current rules (the restart age is
// then measured from the wall clock; no step reads it).
func columns(v driver.View, name string) (printer.Columns, bool) {
	if c, ok := v.PrintPod(name); ok {
		return c, true
	}
	p := v.Pod(name)
	if p == nil {
		return printer.Columns{}, false
	}
	return printer.Pod(p, time.Now(), printer.Current), true
}

// checkColumns reads the pod's columns at the current time, as check does
// its status; the step has declared the pod.
func checkColumns(ctx context.Context, st *State, name, what string, ok func(printer.Columns) bool) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The verdict comes out of the read, so that a failure on the
	// simulator says when it read and whether the STATUS came later
	// (clock.readState; dsl.md, Time: "current time").
	return st.clk().readState(ctx, func(v driver.View) error {
		last, found := columns(v, name)
		switch {
		case !found:
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("pod %q %s", name, what), Observed: "the pod is gone"}
		case ok(last):
			return nil
		}
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q %s", name, what),
			Observed: fmt.Sprintf("STATUS %s, READY %s, RESTARTS %s (%s)", last.Status, last.Ready, last.Restarts, describePod(v.Pod(name))),
		}
	})
}

// errNotYet: a polled state does not hold (yet); the caller says why.
var errNotYet = errors.New("not yet")

// Then the pod "web" shows status "CrashLoopBackOff": the STATUS column of
// `kubectl get pods`, now.
type thePodShowsStatus struct {
	podNamed
	status string
}

func (s thePodShowsStatus) Run(ctx context.Context, st *State) error {
	return checkColumns(ctx, st, s.pod, "showing STATUS "+s.status, func(c printer.Columns) bool { return c.Status == s.status })
}

// Then the pod "web" shows status "CrashLoopBackOff" within 1m: the STATUS
// column took that value at some time up to t0+D, before t=0 included
// (a value the API held only within one instant counts: a watch sees it).
type thePodShowsStatusWithin struct {
	podNamed
	status string
	d      writtenSpan
}

func (s thePodShowsStatusWithin) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	name, status, d := s.pod, s.status, s.d.text
	sel := timeline.Selector{Pod: name, Kind: timeline.Status, Reason: status}
	w, err := st.window(ctx, sel, 0, s.d.d)
	if err != nil {
		return err
	}
	w.From = 0 // a STATUS shown before t=0 counts
	// Shown by the deadline: read on the timeline up to it, not on the
	// pod wherever an earlier step ran the session to.
	by := func(events []timeline.Event) (timeline.Event, bool) {
		e, ok := timeline.First(events, timeline.Beginning, sel)
		return e, ok && e.At <= w.To
	}
	_, _, err = st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := by(v.Timeline())
		return ok
	})
	if err != nil {
		return err
	}
	if e, ok := by(st.clk().events()); ok {
		if c, cw, late := st.lateCause(ctx, w, name, e); late {
			cw.From = w.From
			return st.keepWindowCheck(sel, "Status("+status+")", cw, &c, &timeline.Verdict{
				Kind:     timeline.Late,
				Expected: fmt.Sprintf("pod %q showing STATUS %s within %s%s, its cause by then", name, status, d, w.Note()),
				Observed: fmt.Sprintf("STATUS %s at %s, after container %q %s at %s", status, timeline.FormatOffset(e.At-st.clock.t0.At),
					c.Container, strings.ToLower(string(c.Kind)), timeline.FormatOffset(c.At-st.clock.t0.At)),
				Window: &cw, Event: &c,
			})
		}
		return st.keepWindowCheck(sel, "Status("+status+")", w, &e, nil)
	}
	var seen []string
	for _, e := range st.clk().events() {
		if e.Pod == name && e.Kind == timeline.Status {
			seen = append(seen, fmt.Sprintf("%s at %s", e.Reason, timeline.FormatOffset(e.At-st.clock.t0.At)))
		}
	}
	v := &timeline.Verdict{
		Kind:     timeline.Missing,
		Expected: fmt.Sprintf("pod %q showing STATUS %s within %s%s", name, status, d, w.Note()),
		Observed: "STATUS was " + strings.Join(seen, ", "),
		Window:   &w,
	}
	if e, ok := timeline.First(st.clk().events(), timeline.Beginning, sel); ok {
		v.Kind, v.Event = timeline.Late, &e
	}
	return st.keepWindowCheck(sel, "Status("+status+")", w, v.Event, v)
}

// kubectlStatus is the STATUS column as `kubectl shows the pod "web" as
// S` writes it: bare, as kubectl prints it, or quoted as the other
// phrases quote it.
type kubectlStatus string

func (k *kubectlStatus) set(s string) error {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	if s == "" || strings.Contains(s, `"`) {
		return inputErr("%q is not a STATUS as kubectl prints it (examples: Running, Init:Error, CrashLoopBackOff)", s)
	}
	*k = kubectlStatus(s)
	return nil
}

// Then the pod "web" shows status "Terminating" at 0s, shows status
// "CrashLoopBackOff" between 10s and 20s (and `kubectl shows the pod "web"
// as S at T`, `between A and B`): the first time the STATUS column took
// that value at or after t=0 lies in the window, as for a pod's state
// (docs/language.md, Time: `at T`, `between A and B`). A STATUS shown
// since before t=0 did not come in the window: `shows status "S"` reads
// the column at the current time.
type thePodShowsStatusIn struct {
	podWindow
	status string
}

func (s thePodShowsStatusIn) Run(ctx context.Context, st *State) error {
	return st.expectIn(ctx, timeline.Selector{Pod: s.pod, Kind: timeline.Status, Reason: s.status}, s.a.d, s.b.d)
}

// Then the pod "web" shows ready "1/2"
type thePodShowsReady struct {
	podNamed
	ready string
}

func (s thePodShowsReady) Declare(pl *Plan) error {
	var a, b int
	if _, err := fmt.Sscanf(s.ready, "%d/%d", &a, &b); err != nil || a > b {
		return inputErr("%q is not a READY value such as 1/2", s.ready)
	}
	return s.podNamed.Declare(pl)
}

func (s thePodShowsReady) Run(ctx context.Context, st *State) error {
	return checkColumns(ctx, st, s.pod, "showing READY "+s.ready, func(c printer.Columns) bool { return c.Ready == s.ready })
}

// Then the pod "web" shows 3 restarts: the RESTARTS count (without the
// "(5s ago)" that follows it). Then the pod "web" has 2 restarts (pod
// expectations) is the same check.
type thePodShowsRestarts struct {
	podNamed
	n Count
}

func (s thePodShowsRestarts) Run(ctx context.Context, st *State) error {
	return checkColumns(ctx, st, s.pod, "showing "+times(int(s.n), "restart"), func(c printer.Columns) bool { return showsRestarts(c, s.n) })
}

// showsRestarts says whether the RESTARTS column counts n, without the
// "(5s ago)" that follows the count.
func showsRestarts(c printer.Columns, n Count) bool {
	count, _, _ := strings.Cut(c.Restarts, " ")
	return count == fmt.Sprint(int(n))
}

// Then container "app" of pod "web" is ready within 5s, becomes ready at
// 2s, becomes not ready at 7s: the first Ready (NotReady) at or after
// t=0 lies in the window from..to.
type containerReadyIn struct {
	containerNamed
	kind     timeline.Kind
	from, to string
}

func (s containerReadyIn) Declare(pl *Plan) error {
	if _, err := pl.containerEvent(s.container, s.pod, s.kind); err != nil {
		return err
	}
	_, _, err := window(s.from, s.to)
	return err
}

func (s containerReadyIn) Run(ctx context.Context, st *State) error {
	sel, _ := st.Plan.containerEvent(s.container, s.pod, s.kind) // checked by Declare
	lo, hi, _ := window(s.from, s.to)
	return st.expectIn(ctx, sel, lo, hi)
}

// Then container "app" of pod "web" is ready, and Then container "app" of
// pod "web" is not ready: its status's ready flag, now.
type containerReadyNow struct {
	containerNamed
	ready bool
}

func (s containerReadyNow) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.Ready != s.ready {
			what := "ready"
			if !s.ready {
				what = "not ready"
			}
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("container %q %s", s.container, what), Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" still shows status "ContainerCreating" at 5s: the
// STATUS column at the instant t0+T, as `the pod "web" is still Running
// at T` reads a state (stillAt).
type thePodStillShowsStatusAt struct {
	podNamed
	status string
	at     writtenSpan
}

func (s thePodStillShowsStatusAt) Run(ctx context.Context, st *State) error {
	return stillAt(ctx, st, s.pod, columnState(s.status), s.at)
}

// columnState is the state of a pod whose STATUS column shows status, as
// the timeline's Status events record it (on both drivers the printer's
// rules, pkg/printer).
func columnState(status string) podState {
	return podState{name: "showing STATUS " + status,
		now:     func(p *corev1.Pod) bool { return p != nil && printer.Status(p, printer.Current) == status },
		history: timeline.Selector{Kind: timeline.Status, Reason: status}, column: status}
}
