package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// holdExpectations are a state holding over a window, as authors write
// it (issue 38's third held-out set): `the pod "web" stays Ready until
// 5s`, `stays Running for 30s`, `the pod "web" stays Pending` (to the end
// of the scenario's activity), `container "app" stays waiting for 10s`;
// and a restart count that stays 0: `container "app" is never restarted`.
func holdExpectations() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	const podState = `(not ready|not Ready|\S+)`
	return []Def{
		phrase(f, `^the pod "([^"]*)" stays `+podState+` (until|for) (\S+)$`, `Then the pod "web" stays Ready until 5s`,
			s4(func(pod string, state authorPodState, bound string, d writtenSpan) Step {
				return thePodStays{podNamed{pod}, string(state), holdBound{bound, d, nil}}
			})).with(stateSlot("Ready", holdStates), slot("time bound", "until", "until", "for")),
		phrase(f, `^the pod "([^"]*)" stays `+podState+`$`, `Then the pod "web" stays Pending`,
			s2(func(pod string, state authorPodState) Step {
				return thePodStays{podNamed{pod}, string(state), holdBound{}}
			})).
			with(stateSlot("Pending", holdStates)),
		phrase(f, ctr+`stays (running|waiting|ready|not ready) (until|for) (\S+)$`, `Then container "app" of pod "web" stays waiting for 10s`,
			s5(func(c, pod, state, bound string, d writtenSpan) Step {
				return containerStays{containerNamed{c, pod}, state, holdBound{bound, d, nil}}
			})).with(slot("container state", "waiting", containerHoldStates...), slot("time bound", "for", "until", "for")),
		phrase(f, ctr+`stays (running|waiting|ready|not ready)$`, `Then container "app" of pod "web" stays running`,
			s3(func(c, pod, state string) Step { return containerStays{containerNamed{c, pod}, state, holdBound{}} })).
			with(slot("container state", "running", containerHoldStates...)),
		phrase(f, ctr+`is never restarted$`, `Then container "app" of pod "web" is never restarted`,
			s2(func(c, pod string) Step { return neverRestarted{podNamed{pod}, c} })),
		phrase(f, `^the pod "([^"]*)" is never restarted$`, `Then the pod "web" is never restarted`,
			s1(func(pod string) Step { return neverRestarted{podNamed: podNamed{pod}} })),
	}
}

// holdStates are the pod states `stays S` holds: a phase, readiness, a
// deletion under way.
var holdStates = []string{"Running", "Pending", "Succeeded", "Failed", "Ready", "NotReady", "Terminating"}

// containerHoldStates are the container states `stays S` holds.
var containerHoldStates = []string{"running", "waiting", "ready", "not ready"}

// authorPodState is a pod state as authors write it in prose: `ready`,
// `not ready`, `running` are Ready, NotReady, Running.
type authorPodState string

func (s *authorPodState) set(v string) error {
	switch strings.ToLower(v) {
	case "not ready", "notready":
		v = "NotReady"
	case "ready", "running", "pending", "succeeded", "failed", "terminating":
		v = strings.ToUpper(v[:1]) + strings.ToLower(v[1:])
	}
	*s = authorPodState(v)
	return oneOf("pod state", v, holdStates...)
}

// holdBound is how long a state must hold: `until T` and `for D` both
// hold from t=0 up to t0+T, the instant T itself left out (the state may
// end at T: `stays Ready until 6s` and `becomes not ready at 6s` say one
// thing); no bound, to the end of the scenario's activity (as `never`).
type holdBound struct {
	word string
	d    writtenSpan
	// from, when set (`throughout 5s to 30s`), is where the hold begins
	// instead of t=0 (expect_hold_window.go).
	from *writtenSpan
}

func (b holdBound) bounded() bool { return b.word != "" }

func (b holdBound) String() string {
	switch {
	case !b.bounded():
		return "throughout"
	case b.from != nil:
		return "throughout " + b.from.text + " to " + b.d.text
	}
	return b.word + " " + b.d.text
}

// tracker replays one pod's or container's timeline and says whether a
// state holds after the events applied so far.
type tracker interface {
	apply(e timeline.Event)
	holds() bool
}

// heldThrough replays events into t and returns the first event after
// which the state did not hold, read after every event of an instant:
// at t=0 (every event up to its instant applied) and at each later
// instant before end (none: to the last event). ok is false when it
// broke; broke is nil when it did not hold at t=0 and no event of t=0's
// instant is to blame.
func heldThrough(events []timeline.Event, mine func(timeline.Event) bool, t tracker, t0, end time.Duration) (broke *timeline.Event, ok bool) {
	var last *timeline.Event
	apply := func(e timeline.Event) {
		if mine(e) {
			t.apply(e)
			last = &e
		}
	}
	i := 0
	for ; i < len(events) && events[i].At <= t0; i++ {
		apply(events[i])
	}
	if !t.holds() {
		if last != nil && last.At == t0 {
			return last, false
		}
		return nil, false
	}
	for ; i < len(events) && events[i].At < end; i++ {
		apply(events[i])
		// The state is read once an instant's events are all applied.
		if i+1 < len(events) && events[i+1].At == events[i].At {
			continue
		}
		if !t.holds() {
			return last, false
		}
	}
	return nil, true
}

// Then the pod "web" stays Ready until 5s; stays Running for 30s; stays
// Pending: the state held at t=0 and at every instant after it, up to
// t0+T with T itself left out, or, with no bound, to the end of the
// scenario's activity. On a cluster the state may end as early as T's
// window allows.
type thePodStays struct {
	podNamed
	state string
	bound holdBound
}

func (s thePodStays) Run(ctx context.Context, st *State) error {
	ps, err := parsePodState(s.state, holdStates...)
	if err != nil {
		return err
	}
	t := &podHold{state: ps}
	return judgeHold(ctx, st, ps.of(s.pod), s.bound, fmt.Sprintf("pod %q %s %s", s.pod, ps.name, s.bound),
		func(e timeline.Event) bool { return e.Pod == s.pod && e.Container == "" }, t,
		func(events []timeline.Event, at time.Duration) string { return describePodAt(events, s.pod, at) })
}

// podHold is podTrack as a tracker of one state.
type podHold struct {
	podTrack
	state podState
}

func (p *podHold) holds() bool { return p.podTrack.holds(p.state) }

// judgeHold runs the scenario to the bound's end (or its activity's),
// then replays the timeline from t=0: what names the expectation, mine
// selects the events of its pod or container, describe says the state
// at an instant for a failure.
func judgeHold(ctx context.Context, st *State, sel timeline.Selector, b holdBound, what string, mine func(timeline.Event) bool, t tracker, describe func([]timeline.Event, time.Duration) string) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	t0 := st.clock.t0.At
	end := forever
	if b.bounded() {
		w, err := st.window(ctx, sel, b.d.d, b.d.d)
		if err != nil {
			return err
		}
		// A cluster's state may end as early as the window for T
		// begins: its observers see it late or early by their margins.
		end = min(t0+b.d.d, max(w.From, t0))
		if _, _, err := st.Session.RunUntil(ctx, t0+b.d.d, nil); err != nil {
			return err
		}
	} else if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	start := t0
	if b.from != nil {
		// A cluster's state may begin as late as the window for A ends.
		w, err := st.window(ctx, sel, b.from.d, b.from.d)
		if err != nil {
			return err
		}
		start = min(max(t0+b.from.d, w.To), end)
	}
	events := st.clk().events()
	broke, ok := heldThrough(events, mine, t, max(holdFrom(events, sel.Pod, t0), start), end)
	if ok {
		return nil
	}
	v := &timeline.Verdict{Kind: timeline.WrongState, Expected: what}
	if broke == nil || broke.At <= start {
		v.Observed = fmt.Sprintf("at %s: %s", timeline.FormatOffset(start-t0), describe(events, start))
		return v
	}
	v.Kind, v.Event = timeline.Unexpected, broke
	v.Observed = fmt.Sprintf("at %s: %s", timeline.FormatOffset(broke.At-t0), describe(events, broke.At))
	return v
}

// Then container "app" stays waiting for 10s; stays running until 30s;
// stays ready; stays not ready: as a pod's state (thePodStays), of the
// container's instances: running from a start to its exit, waiting
// otherwise once the pod exists; ready from a Ready to a NotReady or an
// exit.
type containerStays struct {
	containerNamed
	state string
	bound holdBound
}

func (s containerStays) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	kind := map[string]timeline.Kind{"running": timeline.Exited, "waiting": timeline.Started, "ready": timeline.NotReady, "not ready": timeline.Ready}[s.state]
	sel := timeline.Selector{Pod: p.name, Container: c.Name, Kind: kind}
	t := &ctrHold{state: s.state}
	return judgeHold(ctx, st, sel, s.bound, fmt.Sprintf("container %q %s %s", c.Name, s.state, s.bound),
		func(e timeline.Event) bool {
			return e.Pod == p.name && (e.Container == c.Name || e.Container == "" && e.Kind == timeline.PodCreated)
		}, t,
		func(events []timeline.Event, at time.Duration) string {
			var h ctrHold
			for _, e := range events {
				if e.At <= at && e.Pod == p.name && e.Container == c.Name {
					h.apply(e)
				}
			}
			return fmt.Sprintf("container %q %s", c.Name, h.describe())
		})
}

// ctrHold is a container's state as its timeline tells it.
type ctrHold struct {
	state            string
	running, isReady bool
}

func (h *ctrHold) apply(e timeline.Event) {
	switch e.Kind {
	case timeline.Started:
		h.running = true
	case timeline.Exited:
		h.running, h.isReady = false, false
	case timeline.Ready:
		h.isReady = true
	case timeline.NotReady:
		h.isReady = false
	}
}

func (h *ctrHold) holds() bool {
	switch h.state {
	case "running":
		return h.running
	case "waiting":
		return !h.running
	case "ready":
		return h.isReady
	}
	return !h.isReady
}

func (h *ctrHold) describe() string {
	out := "waiting"
	if h.running {
		out = "running"
	}
	if h.isReady {
		return out + ", ready"
	}
	return out + ", not ready"
}

// Then container "app" is never restarted; the pod "web" is never
// restarted: no restart of the container (of any container of the pod)
// in the whole scenario, run to the end of its activity: its restartCount
// stays 0.
type neverRestarted struct {
	podNamed
	container string
}

func (s neverRestarted) Declare(pl *Plan) error {
	if s.container != "" {
		_, _, err := pl.mustContainer(s.container, s.pod)
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s neverRestarted) Run(ctx context.Context, st *State) error {
	sel := timeline.Selector{Kind: timeline.Restarted}
	if s.container != "" {
		p, c, _ := st.Plan.mustContainer(s.container, s.pod)
		sel.Pod, sel.Container = p.name, c.Name
	} else {
		p, _ := st.Plan.mustPod(s.pod)
		sel.Pod, sel.AnyContainer = p.name, true
	}
	if err := st.observable(sel); err != nil {
		return err
	}
	return expectNever(ctx, st, sel)
}

// holdFrom is where a hold is judged from: t=0, or, for a pod that did
// not exist yet at t=0 and was created after it (the scenario's action
// created it: on a cluster its create is observed a moment after the
// action, on the simulator in the action's instant), its creation, so
// that `stays` speaks of the pod's own life as on the simulator.
func holdFrom(events []timeline.Event, pod string, t0 time.Duration) time.Duration {
	for _, e := range events {
		if e.Pod != pod || e.Container != "" || e.Kind != timeline.PodCreated {
			continue
		}
		if e.At <= t0 {
			return t0
		}
		return e.At
	}
	return t0
}
