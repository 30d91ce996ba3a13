package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// reaction is what a live kubelet's reaction to the last action on a pod
// showed. The simulator reacts within the instant of the action (its
// start-up latencies are 0, docs/language.md "Defaults"); a real kubelet reacts
// 1–3 s later (a watch, a pod worker sync, a container runtime call), and
// that latency is not the rule a scenario checks. So on a cluster the
// consequences of an action count from the kubelet's first observed
// reaction to it, and the reaction itself is checked, once, against the
// bound the driver calibrated (docs/language.md, "live windows").
type reaction struct {
	action driver.Action
	// at is when the action was made (session time).
	at time.Duration
	// resolved: the reaction was looked for; anchored: it was found, and
	// lag is its latency from the action.
	resolved, anchored bool
	lag                time.Duration
	// cause: t=0 is a phase seen after the container event that caused
	// it (becameObserved); lag, negative, goes back to that event.
	cause bool
}

// from is where the occurrences an expectation about pod looks for
// start: t=0, or on a cluster after `becomes Running|Succeeded|Failed`
// the container event behind the phase, which the simulator writes in
// t=0's instant and a cluster's API shows a status sync later.
func (st *State) from(pod string) timeline.Mark {
	if r := st.react[pod]; r != nil && r.cause && r.lag < 0 {
		return timeline.Mark{At: st.t0.At + r.lag}
	}
	return st.t0
}

// liveWindows is the session's Windows, if its clock is not the rules'.
func (st *State) liveWindows() (driver.Windows, bool) {
	if st.Session == nil {
		return nil, false
	}
	return driver.SessionAs[driver.Windows](st.Session)
}

// acted notes an action on a pod, made now: its consequences will count
// from the kubelet's reaction to it.
func (st *State) acted(a driver.Action, pod string) {
	if _, ok := st.liveWindows(); !ok {
		return
	}
	if st.react == nil {
		st.react = map[string]*reaction{}
	}
	prev := st.react[pod]
	r := &reaction{action: a, at: st.Session.Now()}
	if a == driver.ActionNode {
		// Made by podlife at t=0 itself, with no reaction to look for:
		// what follows counts from t=0, in windows the driver widens by
		// the period of the manager that acts on it.
		r.at, r.resolved, r.anchored = st.t0.At, true, true
	}
	if prev != nil && a == driver.ActionDelete && prev.action == driver.ActionDelete {
		// A second delete: the kubelet is already stopping the pod and
		// reacts with nothing new; the first delete's reaction stands
		// unless this one brings one.
		r.lag, r.anchored = prev.lag, prev.anchored
		if !prev.resolved {
			r = prev
		}
	}
	st.react[pod] = r
}

// reactionKinds are the events that show the kubelet's reaction to an
// action on a pod.
func reactionKinds(a driver.Action) []timeline.Kind {
	if a == driver.ActionCreate {
		return []timeline.Kind{timeline.Started}
	}
	return []timeline.Kind{timeline.PreStopStarted, timeline.SIGTERM}
}

// ref is what the bounds of an expectation about pod count from: t=0 on
// the simulator; on a cluster t=0 plus the latency of the kubelet's
// reaction to the last action on the pod. anchored is false when no
// reaction was seen (the windows then absorb the reaction's bound).
func (st *State) ref(ctx context.Context, pod string) (time.Duration, bool, error) {
	at, anchored, _, err := st.reference(ctx, pod)
	return at, anchored, err
}

// reference is ref with the action it counts from.
func (st *State) reference(ctx context.Context, pod string) (time.Duration, bool, driver.Action, error) {
	at, anchored, err := st.lookupRef(ctx, pod)
	var a driver.Action
	if r := st.react[pod]; r != nil && anchored {
		a = r.action
	}
	return at, anchored, a, err
}

func (st *State) lookupRef(ctx context.Context, pod string) (time.Duration, bool, error) {
	w, ok := st.liveWindows()
	if !ok {
		return st.t0.At, true, nil
	}
	r := st.react[pod]
	if r == nil {
		return st.t0.At, false, nil
	}
	if !r.resolved {
		if err := st.resolveReaction(ctx, w, pod, r); err != nil {
			return st.t0.At, false, err
		}
	}
	if !r.anchored {
		return st.t0.At, false, nil
	}
	// The action may lie before t=0 (`When 5s pass` moved it): its lag
	// carries, as the simulated clock would.
	return st.t0.At + r.lag, true, nil
}

// resolveReaction looks for the kubelet's first reaction to the action,
// waiting up to its calibrated bound, and keeps the reaction's check.
func (st *State) resolveReaction(ctx context.Context, w driver.Windows, pod string, r *reaction) error {
	r.resolved = true
	bound := w.Reaction(r.action)
	from := timeline.Mark{At: r.at}
	kinds := reactionKinds(r.action)
	first := func(events []timeline.Event) (timeline.Event, bool) {
		for _, e := range events {
			if e.Pod != pod || !from.Precedes(e) {
				continue
			}
			// The kubelet's Killing event is recorded as it decides to
			// stop a container, before it runs the preStop hook: the
			// hook's process starts after an exec (20–400 ms later on a
			// busy node), while the kubelet's grace countdown runs from
			// its decision. Seen within tens of milliseconds of the
			// decision, it is the earlier and truer reaction.
			if r.action == driver.ActionDelete && e.Kind == timeline.KubeEvent && e.Reason == "Killing" {
				return e, true
			}
			for _, k := range kinds {
				if e.Kind == k {
					return e, true
				}
			}
		}
		return timeline.Event{}, false
	}
	if _, _, err := st.Session.RunUntil(ctx, r.at+bound, func(v driver.View) bool {
		_, ok := first(v.Timeline())
		return ok
	}); err != nil {
		return err
	}
	e, found := first(st.events())
	what := "first container started"
	if r.action == driver.ActionDelete {
		what = "first Killing event, preStop hook or SIGTERM"
	}
	c := timeline.Check{Line: st.stepLine, Step: st.stepText, Pod: pod, What: "reaction to " + string(r.action) + " (" + what + ")",
		From: r.at, To: r.at + bound, Ref: r.at, ExpectFrom: 0, ExpectTo: bound, Reaction: true}
	if !found {
		if r.action == driver.ActionCreate || !st.wasRunning(pod, r.at) {
			// A pod that does not start (an image that cannot be pulled,
			// no room) or had nothing running to stop shows no reaction
			// to measure: its windows absorb the bound instead.
			return nil
		}
		c.OK = false
		st.Checks = append(st.Checks, c)
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("the kubelet's reaction to the %s of pod %q (%s) within %s, the bound calibrated when the run started", r.action, pod, what, timeline.FormatOffset(bound)),
			Observed: fmt.Sprintf("none by %s after the %s", timeline.FormatOffset(st.Session.Now()-r.at), r.action),
		}
	}
	c.Observed, c.Seen, c.OK = e.At, true, e.At <= r.at+bound
	st.Checks = append(st.Checks, c)
	r.lag, r.anchored = e.At-r.at, true
	return nil
}

// wasRunning tells whether one of pod's containers was running at at.
func (st *State) wasRunning(pod string, at time.Duration) bool {
	running := map[string]bool{}
	for _, e := range st.events() {
		if e.At > at {
			break
		}
		if e.Pod != pod || e.Container == "" {
			continue
		}
		switch e.Kind {
		case timeline.Started:
			running[e.Container] = true
		case timeline.Exited:
			running[e.Container] = false
		}
	}
	for _, r := range running {
		if r {
			return true
		}
	}
	return false
}

// window is where an expectation [lo, hi] about the event sel selects is
// accepted: exact from t=0 on the simulator; on a cluster counted from
// the kubelet's reaction and widened by the observer's margins.
func (st *State) window(ctx context.Context, sel timeline.Selector, lo, hi time.Duration) (timeline.Window, error) {
	// A timed expectation moves the current time; the simulator's state
	// of that instant is not kept, so state checks read the session's.
	st.release()
	w, ok := st.liveWindows()
	if !ok {
		return timeline.Exact(st.t0, lo, hi), nil
	}
	ref, anchored, action, err := st.reference(ctx, sel.Pod)
	if err != nil {
		return timeline.Window{}, err
	}
	var spread time.Duration
	if action == driver.ActionCreate && sel.Container != "" {
		last := st.lastChainStart(sel.Pod, ref)
		ref = st.ownStart(sel, ref)
		spread = max(0, last-ref)
	}
	early, late := w.Margin(sel, action)
	// What a sibling's own behaviour brings about (a sidecar stopped at
	// the app's exit) carries the sibling's later start.
	late += spread
	if !anchored {
		late += max(w.Reaction(driver.ActionCreate), w.Reaction(driver.ActionDelete))
	}
	from := ref + lo - early
	if sel.Container == "" {
		// What the API shows of a pod may follow the action itself rather
		// than the kubelet (a force delete's object gone at once): early,
		// it counts from t=0.
		from = min(from, st.t0.At+lo-early)
	}
	return timeline.Window{T0: st.t0.At, Ref: ref, Lo: lo, Hi: hi, From: from, To: ref + hi + late}, nil
}

// interval is the window of an event expected d after another observed
// event: both seen by precise observers, so only the precision widens it.
func (st *State) interval(sel timeline.Selector, after timeline.Event, d time.Duration) timeline.Window {
	w, ok := st.liveWindows()
	if !ok {
		return timeline.Window{T0: st.t0.At, Ref: after.At, Lo: d, Hi: d, From: after.At + d, To: after.At + d}
	}
	early, _ := w.Margin(sel, "")
	return timeline.Window{T0: st.t0.At, Ref: after.At, Lo: d, Hi: d, From: after.At + d - early, To: after.At + d + early}
}

// keepWindowCheck records an expectation's outcome against its window.
func (st *State) keepWindowCheck(sel timeline.Selector, what string, w timeline.Window, observed *timeline.Event, err error) error {
	c := w.Check(what, sel)
	c.Line, c.Step, c.OK = st.stepLine, st.stepText, err == nil
	if observed != nil {
		c.Observed, c.Seen = observed.At, true
	}
	st.Checks = append(st.Checks, c)
	return err
}

// observedT0: t=0 was placed at an event the driver observed (the N-th
// restart, a state seen): what follows counts from it, with no reaction
// latency of an earlier action carried over.
func (st *State) observedT0(pod string) {
	if _, ok := st.liveWindows(); !ok {
		return
	}
	if st.react == nil {
		st.react = map[string]*reaction{}
	}
	st.react[pod] = &reaction{action: driver.ActionCreate, at: st.t0.At, resolved: true, anchored: true}
}

// fromT0: an action the kubelet hears of through its watch and answers
// with no container of its own (a condition another writer set): what
// follows counts from t=0, the windows absorbing the reaction's bound,
// rather than from an earlier action's reaction.
func (st *State) fromT0(pod string) {
	delete(st.react, pod)
}

// becameObserved: on a cluster a pod's phase is seen through the API a
// status sync after the container event that caused it (Running after
// the last start, Succeeded and Failed after the last exit), while the
// simulator writes the phase in the instant of that event. t=0 of
// `becomes Running|Succeeded|Failed` is the phase as seen, so the
// consequences of the cause count from the cause's own time: a negative
// lag. Other states (Ready, Scheduled, evicted, gone) have no container
// event behind them on the timeline and count from t=0 as observed.
func (st *State) becameObserved(pod string, ps podState, t0 timeline.Mark) {
	if _, ok := st.liveWindows(); !ok {
		return
	}
	cause, ok := map[string]timeline.Kind{
		"Running":   timeline.Started,
		"Succeeded": timeline.Exited,
		"Failed":    timeline.Exited,
	}[ps.name]
	if !ok {
		st.observedT0(pod)
		return
	}
	var last *timeline.Event
	for _, e := range st.events() {
		if e.At > t0.At+time.Millisecond {
			break
		}
		if e.Pod == pod && e.Kind == cause {
			e := e
			last = &e
		}
	}
	if last == nil {
		st.observedT0(pod)
		return
	}
	if st.react == nil {
		st.react = map[string]*reaction{}
	}
	st.react[pod] = &reaction{action: driver.ActionCreate, at: t0.At, resolved: true, anchored: true, lag: last.At - t0.At, cause: true}
}

// expectGone is `gone at T` / `gone between A and B` on a cluster. The
// pod gone is seen through the API, after the kubelet's PLEG relist, its
// terminal status and its final delete: up to a couple of seconds after
// the last container's end, varying with where the relist falls. That
// chain is checked against its calibrated bound, and the rule's time is
// checked where it is seen precisely: the pod's last container exit (the
// runtime's event or the agent's line) in the window of [A, B] after the
// kubelet's reaction. On the simulator the two are one instant.
func (st *State) expectGone(ctx context.Context, sel timeline.Selector, lo, hi time.Duration) error {
	win, _ := st.liveWindows()
	apiWin, err := st.window(ctx, sel, lo, hi)
	if err != nil {
		return err
	}
	if err := st.waitFor(ctx, apiWin.To, sel); err != nil {
		return err
	}
	gone, ok := timeline.First(st.events(), st.t0, sel)
	var last *timeline.Event
	if ok {
		exits := timeline.Selector{Pod: sel.Pod, Kind: timeline.Exited, AnyContainer: true}
		for _, e := range st.events() {
			if e.At > gone.At {
				break
			}
			if exits.Matches(e) && st.t0.Precedes(e) {
				e := e
				last = &e
			}
		}
	}
	if last == nil {
		// Not gone, nothing ran to stop, or the object went first (a
		// force delete): only the API's time can be checked.
		return st.recordCheck(sel, apiWin, st.lookAhead(ctx, timeline.ExpectIn(st.events(), st.t0, apiWin, sel), sel))
	}
	w, err := st.window(ctx, timeline.Selector{Pod: sel.Pod, Container: last.Container, Kind: timeline.Exited}, lo, hi)
	if err != nil {
		return err
	}
	_, chain := win.Margin(sel, "")
	var mismatch error
	switch {
	case !w.Contains(last.At):
		mismatch = &timeline.Mismatch{
			Expected: fmt.Sprintf("pod %q gone %s, its last container ending then%s", sel.Pod, describeBounds(lo, hi), w.Note()),
			Observed: fmt.Sprintf("its last container %q ended at %s, the pod gone at %s", last.Container, timeline.FormatOffset(last.At-st.t0.At), timeline.FormatOffset(gone.At-st.t0.At)),
		}
	case gone.At-last.At > chain:
		mismatch = &timeline.Mismatch{
			Expected: fmt.Sprintf("pod %q gone within %s of its last container's end (the API's calibrated chain)", sel.Pod, timeline.FormatOffset(chain)),
			Observed: fmt.Sprintf("its last container %q ended at %s, the pod gone at %s", last.Container, timeline.FormatOffset(last.At-st.t0.At), timeline.FormatOffset(gone.At-st.t0.At)),
		}
	}
	return st.keepWindowCheck(sel, "gone (its last container's end)", w, last, mismatch)
}

func describeBounds(lo, hi time.Duration) string {
	if lo == hi {
		return "at " + timeline.FormatOffset(lo)
	}
	return "between " + timeline.FormatOffset(lo) + " and " + timeline.FormatOffset(hi)
}

// ownStart: after a create, the simulator starts the containers the
// kubelet starts in one sync (the sidecars, then the main containers) in
// the instant of the first; a real kubelet starts them one after the
// other, a few hundred milliseconds apart, and a container's own
// behaviour counts from its own start. So a container that started
// within a relist period of the pod's first container counts from its
// own start; one that started later (after an init container ran)
// counts from the pod's.
func (st *State) ownStart(sel timeline.Selector, ref time.Duration) time.Duration {
	s := timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}
	for _, e := range st.events() {
		if e.At < ref || !s.Matches(e) {
			continue
		}
		if e.At-ref <= time.Second {
			return e.At
		}
		break
	}
	return ref
}

// lastChainStart: a pod's sidecars and main containers start in the
// simulator's first instant; a real kubelet starts a sidecar, notices it
// running at its next relist, and starts the main containers in the sync
// after that (computeInitContainerActions, pkg/kubelet/kuberuntime/
// kuberuntime_container.go, v1.36.3: a restartable init container never
// started is started alone; the next ones once it is Running): 1.5 s
// later in a loaded run (sidecars.feature:115, 2026-11-25). What follows
// may be as much later as the pod's last container of that
// chain started (within startChain of it): lastChainStart is when, ref
// for a pod of one start.
func (st *State) lastChainStart(pod string, ref time.Duration) time.Duration {
	last := ref
	seen := map[string]bool{}
	for _, e := range st.events() {
		if e.Pod != pod || e.Kind != timeline.Started || e.At < ref || seen[e.Container] {
			continue
		}
		seen[e.Container] = true
		if e.At-ref <= startChain {
			last = max(last, e.At)
		}
	}
	return last
}

// startChain bounds the starts of one chain: a relist (1 s), a sync and
// the runtime's start (up to 1.2 s on a busy node).
const startChain = 2500 * time.Millisecond

// rowWindow is a timeline table row's window. On a cluster a row counts
// from the row before it when that row was seen precisely: a table is a
// chain of causes (an exit, then the restart the kubelet makes of it,
// then that instance's exit), and the real kubelet's latencies along it
// (a relist, a container start) add up where the simulator's do not.
func (st *State) rowWindow(ctx context.Context, pod string, r timeline.Row, earlier []timeline.RowMatch) (timeline.Window, error) {
	sel := timeline.Selector{Pod: pod, Container: r.Container, Kind: timeline.LabelKind(r.Label)}
	w, err := st.window(ctx, sel, r.At, r.At)
	if err != nil {
		return w, err
	}
	live, ok := st.liveWindows()
	if !ok {
		return w, nil
	}
	// The reference is the latest timed row matched before that a live
	// observer sees precisely: a Phase row seen through the API between
	// a container's start and its exit does not say when the start was.
	var prev *timeline.RowMatch
	var psel timeline.Selector
	for i := len(earlier) - 1; i >= 0 && prev == nil; i-- {
		m := &earlier[i]
		s := timeline.Selector{Pod: pod, Container: m.Row.Container, Kind: timeline.LabelKind(m.Row.Label)}
		if m.Found && m.Row.HasAt && m.Row.At <= r.At && live.Precise(s) {
			prev, psel = m, s
		}
	}
	if prev == nil {
		return w, nil
	}
	// The cause is the row before: an exit the kubelet notices at a
	// relist, or an event it acted on at once (a hook's end, a signal).
	// While a delete's kill runs, the kubelet waits on each container's
	// stop itself (a sidecar's turn follows the main container's exit at
	// once); a pod running on its own has its exits noticed at a relist.
	var cause driver.Action
	if _, _, action, _ := st.reference(ctx, pod); psel.Kind == timeline.Exited && action != driver.ActionDelete {
		cause = driver.ActionExit
	}
	early, late := live.Margin(sel, cause)
	ref := prev.Event.At - prev.Row.At
	from := ref + r.At - early
	if sel.Container == "" {
		from = min(from, w.From)
	}
	return timeline.Window{T0: st.t0.At, Ref: ref, Lo: r.At, Hi: r.At, From: from, To: ref + r.At + late}, nil
}
