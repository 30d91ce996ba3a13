package steps

import (
	"context"
	"fmt"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
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
		return timeline.Mark{At: st.clock.t0.At + r.lag}
	}
	return st.clock.t0
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
		r.at, r.resolved, r.anchored = st.clock.t0.At, true, true
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

// reference is what the bounds of an expectation about pod count from:
// t=0 on the simulator; on a cluster t=0 plus the latency of the
// kubelet's reaction to the last action on the pod, with that action.
// anchored is false when no reaction was seen (the windows then absorb
// the reaction's bound).
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
		return st.clock.t0.At, true, nil
	}
	r := st.react[pod]
	if r == nil {
		return st.clock.t0.At, false, nil
	}
	if !r.resolved {
		if err := st.resolveReaction(ctx, w, pod, r); err != nil {
			return st.clock.t0.At, false, err
		}
	}
	if !r.anchored {
		return st.clock.t0.At, false, nil
	}
	// The action may lie before t=0 (`When 5s pass` moved it): its lag
	// carries, as the simulated clock would.
	return st.clock.t0.At + r.lag, true, nil
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
			// to measure: its windows absorb the bound instead (as do a
			// late start's, below).
			return nil
		}
		c.OK = false
		st.Checks = append(st.Checks, c)
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("the kubelet's reaction to the %s of pod %q (%s) within %s, the bound calibrated when the run started", r.action, pod, what, timeline.FormatOffset(bound)),
			Observed: fmt.Sprintf("none by %s after the %s", timeline.FormatOffset(st.Session.Now()-r.at), r.action),
		}
	}
	if r.action == driver.ActionCreate && e.At > r.at+bound {
		// A start later than the kubelet's calibrated latency allows
		// waited on a rule (a preemption's victim leaving, the
		// scheduler): no reaction to measure either, and counting from it
		// would excuse whatever the start waited on. Its windows absorb
		// the bound, as the language promises ("later by at most the
		// kubelet's measured reaction").
		return nil
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
	if err := st.observable(sel); err != nil {
		return timeline.Window{}, err
	}
	w, ok := st.liveWindows()
	if !ok {
		return timeline.Exact(st.clock.t0, lo, hi), nil
	}
	ref, anchored, action, err := st.reference(ctx, sel.Pod)
	if err != nil {
		return timeline.Window{}, err
	}
	var spread time.Duration
	if action == driver.ActionCreate && sel.Container != "" {
		// The start chain is the create's: its first starts, from the
		// kubelet's reaction to the create, wherever t=0 has moved since
		// (`N pass` carries the reaction's lag, not a chain of its own).
		first := ref
		if r := st.react[sel.Pod]; r != nil && r.anchored && !r.cause {
			first = r.at + r.lag
		}
		last := st.lastChainStart(sel.Pod, first)
		own := st.ownStart(sel, first)
		ref += own - first
		spread = max(0, last-own)
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
		from = min(from, st.clock.t0.At+lo-early)
	}
	if sel.Kind == timeline.Ready && sel.Container != "" && action == driver.ActionCreate {
		if w, ok := st.readyAtAnswer(ctx, w, sel, ref, lo, hi); ok {
			return w, nil
		}
	}
	return timeline.Window{T0: st.clock.t0.At, Ref: ref, Lo: lo, Hi: hi, From: from, To: ref + hi + late}, nil
}

// readyAtAnswer is, on a cluster that saw the container's readiness
// probe answered (the agent's lines), the window of its Ready: a
// container becomes ready at the first probe at or after the time its
// behaviour says (docs/language.md, Defaults: "Ready then appears at the
// first probe at or after D"), and the probe's worker keeps its own phase
// on a real kubelet. So a bound T counts as the first answer at or after
// T from the container's start (ref), and the Ready follows that answer
// by a status write: a second's shift is a different answer, where the
// widening by a period and the API's chain let it pass (heldout,
// 2026-11-28: `becomes ready at 9s` of a container ready at 10 s). None
// when the answers do not reach the bound, or the container started again
// meanwhile (its behaviour counts from its new start).
func (st *State) readyAtAnswer(ctx context.Context, live driver.Windows, sel timeline.Selector, ref, lo, hi time.Duration) (timeline.Window, bool) {
	if !st.readyAfterBehaviour(sel) {
		return timeline.Window{}, false
	}
	answers := live.ProbeAnswers(sel, "readiness")
	first := func(at time.Duration) (time.Duration, bool) {
		for _, a := range answers {
			if a >= at {
				return a, true
			}
		}
		return 0, false
	}
	if _, ok := first(ref + hi); !ok && st.Session.Now() > ref+hi+readinessPeriod(st.Plan.pod(sel.Pod).container(sel.Container)) {
		// The answer that decides the bound was given by now; its line
		// comes through the container's log, which may lag what the API
		// showed.
		_, _, _ = st.Session.RunUntil(ctx, st.Session.Now()+answerWait, func(driver.View) bool {
			answers = live.ProbeAnswers(sel, "readiness")
			_, ok := first(ref + hi)
			return ok
		})
	}
	from, ok1 := first(ref + lo)
	to, ok2 := first(ref + hi)
	if !ok1 || !ok2 {
		return timeline.Window{}, false
	}
	// A start after the one the bounds count from (ref is that start, to
	// the wall clock's drift between the action's moments).
	starts := timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}
	for _, e := range st.events() {
		if e.At > ref+time.Second && e.At <= to && starts.Matches(e) {
			return timeline.Window{}, false
		}
	}
	// The answer is the agent's line (its precision early); the Ready a
	// status write after it, which the kubelet's status manager makes at
	// once on a change of readiness (SetContainerReadiness, v1.36.3):
	// 10–30 ms seen, a kubelet step allowed.
	early, _ := live.Margin(timeline.Selector{Pod: sel.Pod, Container: sel.Container, Kind: timeline.Started}, "")
	return timeline.Window{T0: st.clock.t0.At, Ref: ref, Lo: lo, Hi: hi, From: from - early, To: to + early + readyWrite}, true
}

// lateCause: on a cluster a pod's phase, STATUS or removal shows through
// the API a status sync after the container event that caused it (a
// start, an exit), and a state's window allows for that chain late. The
// cause itself is seen precisely: when the state was seen after the
// written deadline, its cause (the pod's latest start or exit within the
// chain before it) must lie in its own window for the same bounds (the
// kubelet's reaction to get there allowed for, not the API's chain after
// it), however quickly the API showed the state. It returns that cause and
// window when the cause came too late (the issue "Verdicts that cannot
// lie": an Error 1.3 s after a deadline of 1 s passed in a window widened
// to 3.7 s).
func (st *State) lateCause(ctx context.Context, w timeline.Window, pod string, seen timeline.Event) (timeline.Event, timeline.Window, bool) {
	live, ok := st.liveWindows()
	if !ok || seen.At <= w.Ref+w.Hi {
		return timeline.Event{}, timeline.Window{}, false
	}
	_, chain := live.Margin(timeline.Selector{Pod: pod, Kind: seen.Kind}, "")
	var cause *timeline.Event
	for _, e := range st.events() {
		if e.At > seen.At {
			break
		}
		if e.Pod == pod && e.Container != "" && (e.Kind == timeline.Exited || e.Kind == timeline.Started) && seen.At-e.At <= chain {
			// Only a cause seen precisely; and one the driver says it
			// cannot see would make window() skip the scenario.
			if sel := (timeline.Selector{Pod: pod, Container: e.Container, Kind: e.Kind}); live.Precise(sel) && st.unobserved(sel) == "" {
				e := e
				cause = &e
			}
		}
	}
	if cause == nil {
		return timeline.Event{}, timeline.Window{}, false
	}
	cw, err := st.window(ctx, timeline.Selector{Pod: pod, Container: cause.Container, Kind: cause.Kind}, w.Lo, w.Hi)
	if err != nil || cause.At <= cw.To {
		return timeline.Event{}, timeline.Window{}, false
	}
	return *cause, cw, true
}

// readyWrite bounds a container's Ready seen through the API after the
// probe's answer that decided it: a kubelet step.
const readyWrite = 500 * time.Millisecond

// answerWait bounds how long a probe's answer line may lag behind what
// the API showed of it (an agent's log is followed as it is written).
const answerWait = 2500 * time.Millisecond

// readinessPeriod is a readiness probe's period.
func readinessPeriod(c *corev1.Container) time.Duration {
	if c == nil || c.ReadinessProbe == nil || c.ReadinessProbe.PeriodSeconds == 0 {
		return 10 * time.Second
	}
	return time.Duration(c.ReadinessProbe.PeriodSeconds) * time.Second
}

// readyAfterBehaviour: the container's readiness is the language's
// `becomes ready after D` (its agent answers the readiness probe from
// its start, probed from the first sync with no initial delay, ready at
// one success, no startup probe in the way), for which Ready comes at the
// first probe at or after D on every driver. A readiness an initial
// delay or a startup probe decides, which the simulator's worker checks
// on its own grid, keeps the wide window.
func (st *State) readyAfterBehaviour(sel timeline.Selector) bool {
	p := st.Plan.pod(sel.Pod)
	if p == nil {
		return false
	}
	c := p.container(sel.Container)
	if c == nil || c.StartupProbe != nil || c.ReadinessProbe == nil || c.ReadinessProbe.Exec == nil {
		return false
	}
	r := c.ReadinessProbe
	if r.InitialDelaySeconds != 0 || r.SuccessThreshold > 1 || !slices.Equal(r.Exec.Command, behavior.ProbeCommand("readiness")) {
		return false
	}
	// An agent container's behaviour is kept aside until the pod is
	// built (podDecl.build).
	b := p.beh[c.Name]
	return b != nil && b.ReadyAfter != nil
}

// observable: an expectation about events the driver cannot see is a
// skip of the scenario, with the driver's reason (driver.Unobserved).
func (st *State) observable(sels ...timeline.Selector) error {
	for _, sel := range sels {
		if why := st.unobserved(sel); why != "" {
			return st.unsupported(fmt.Errorf("%w: %s", driver.ErrUnsupported, why))
		}
	}
	return nil
}

// unobserved is the driver's reason it cannot see the events sel
// selects, "" when it can.
func (st *State) unobserved(sel timeline.Selector) string {
	if u, ok := driver.SessionAs[driver.Unobserved](st.Session); ok {
		return u.Unobserved(sel)
	}
	return ""
}

// interval is the window of an event expected d after another observed
// event: both seen by precise observers, so only the precision widens it.
func (st *State) interval(sel timeline.Selector, after timeline.Event, d time.Duration) timeline.Window {
	w, ok := st.liveWindows()
	if !ok {
		return timeline.Window{T0: st.clock.t0.At, Ref: after.At, Lo: d, Hi: d, From: after.At + d, To: after.At + d}
	}
	early, _ := w.Margin(sel, "")
	return timeline.Window{T0: st.clock.t0.At, Ref: after.At, Lo: d, Hi: d, From: after.At + d - early, To: after.At + d + early}
}

// afterNotice narrows, on a cluster, the window of an expectation about
// what the kubelet does to a container of a pod running on its own (a
// stop signal, a preStop hook, a start, an exit on such a signal) when
// the kubelet was seen noticing the exit that led to it: the app's exit
// that stops a sidecar, an init container's that starts the next, a
// crash that restarts at once. The window's relist allowance (up to
// 1.5 s) and the start chain's spread give way to what was measured: the
// event counts from the notice, as much later than the exit's own
// instant (its container's start plus its behaviour) as the kubelet took
// to notice it, and a start carries the runtime's create-to-process time
// of that very start. The cause is the pod's latest exit noticed before
// the first occurrence in the wide window, taken only when that
// occurrence (a start: its create) follows the notice within the
// margin; otherwise the wide window stands.
func (st *State) afterNotice(ctx context.Context, sel timeline.Selector, w timeline.Window) timeline.Window {
	live, ok := st.liveWindows()
	if !ok || sel.Container == "" {
		return w
	}
	switch sel.Kind {
	case timeline.SIGTERM, timeline.PreStopStarted, timeline.Started, timeline.Created, timeline.Restarted, timeline.Exited:
	default:
		return w
	}
	podRef, anchored, action, err := st.reference(ctx, sel.Pod)
	if err != nil || !anchored || action != driver.ActionCreate {
		return w
	}
	events := st.events()
	from := st.from(sel.Pod)
	var o *timeline.Event
	for _, e := range events {
		if from.Precedes(e) && sel.Matches(e) {
			if w.Contains(e.At) {
				e := e
				o = &e
			}
			break
		}
	}
	if o == nil {
		return w
	}
	act, lag := o.At, time.Duration(0)
	starts := sel.Kind == timeline.Started || sel.Kind == timeline.Created || sel.Kind == timeline.Restarted
	if starts {
		c, ok := live.Acted(*o)
		if !ok {
			return w
		}
		act, lag = c, o.At-c
	}
	early, late := live.Margin(sel, driver.ActionNoticed)
	var cause *timeline.Event
	var n time.Duration
	for _, e := range events {
		if e.At > act {
			break
		}
		if e.Pod != sel.Pod || e.Kind != timeline.Exited || !from.Precedes(e) {
			continue
		}
		// A restart follows its own container's exit, a first start
		// (the next init container, the app) any container's, and a
		// signal or an exit another container's.
		if own := e.Container == sel.Container; (sel.Kind == timeline.Restarted && !own) || (!starts && own) {
			continue
		}
		if p, ok := live.Noticed(e); ok && p <= act+early && p-e.At <= live.Reaction(driver.ActionExit) {
			e := e
			cause, n = &e, p
		}
	}
	if cause == nil || act-n > late {
		return w
	}
	if sel.Kind == timeline.Exited && !st.signalledBetween(sel, n, o.At) {
		// An exit of the container's own timing, not the kubelet's doing.
		return w
	}
	// The cause ran from its start for as long on both drivers; the
	// simulator starts a pod's first chain (its sidecars, then its main
	// containers) at t=0 where the kubelet takes a relist or two, so
	// only a cause of that chain has a known instant on the simulator.
	// The event counts from that instant moved by the cause's start and
	// the notice's lateness, both measured.
	start, ok := st.instanceStart(*cause)
	if !ok || start < podRef || start-podRef > startChain {
		return w
	}
	ref := start + (n - cause.At)
	return timeline.Window{T0: w.T0, Ref: ref, Lo: w.Lo, Hi: w.Hi, From: ref + w.Lo - early, To: ref + w.Hi + late + lag}
}

// instanceStart is the start of the container instance that ended with
// the exit e.
func (st *State) instanceStart(e timeline.Event) (time.Duration, bool) {
	var at time.Duration
	ok := false
	for _, x := range st.events() {
		if x.At > e.At {
			break
		}
		if x.Pod == e.Pod && x.Container == e.Container && x.Kind == timeline.Started {
			at, ok = x.At, true
		}
	}
	return at, ok
}

// signalledBetween tells whether the selected container got a stop
// signal between from and to.
func (st *State) signalledBetween(sel timeline.Selector, from, to time.Duration) bool {
	for _, e := range st.events() {
		if e.At > to {
			break
		}
		if e.At >= from && e.Pod == sel.Pod && e.Container == sel.Container && (e.Kind == timeline.SIGTERM || e.Kind == timeline.SIGKILL) {
			return true
		}
	}
	return false
}

// keepWindowCheck records an expectation's outcome against its window.
func (st *State) keepWindowCheck(sel timeline.Selector, what string, w timeline.Window, observed *timeline.Event, err error) error {
	c := w.Check(what, sel)
	c.Line, c.Step, c.OK = st.stepLine, st.stepText, err == nil
	if observed != nil {
		c.Observed, c.Seen = observed.At, true
	}
	if v, ok := timeline.AsVerdict(err); ok {
		// The check's failure is the matcher's verdict, with the window
		// it was judged by: the report reads one value.
		if v.Window == nil {
			v.Window = &w
		}
		if v.Event == nil {
			v.Event = observed
		}
		c.Verdict = v
	}
	st.Checks = append(st.Checks, c)
	// A timed expectation moves the current time to where it decided
	// (docs/language.md, Time: "current time"): its occurrence if it came
	// by the window's end, else the window's end; in the rules' time, on
	// a cluster, the occurrence's place within the written bounds when it
	// held, the bound when it failed late or saw nothing.
	switch {
	case observed != nil && err == nil:
		st.clk().decided(min(observed.At, w.To), min(max(observed.At-w.Ref, w.Lo), w.Hi))
	case observed != nil && observed.At < w.From:
		st.clk().decided(observed.At, max(0, observed.At-w.Ref))
	default:
		st.clk().decided(w.To, w.Hi)
	}
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
	st.react[pod] = &reaction{action: driver.ActionCreate, at: st.clock.t0.At, resolved: true, anchored: true}
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
	gone, ok := timeline.First(st.events(), st.clock.t0, sel)
	var last *timeline.Event
	if ok {
		exits := timeline.Selector{Pod: sel.Pod, Kind: timeline.Exited, AnyContainer: true}
		for _, e := range st.events() {
			if e.At > gone.At {
				break
			}
			if exits.Matches(e) && st.clock.t0.Precedes(e) {
				e := e
				last = &e
			}
		}
	}
	if last == nil {
		// Not gone, nothing ran to stop, or the object went first (a
		// force delete): only the API's time can be checked.
		return st.recordCheck(sel, apiWin, st.lookAhead(ctx, timeline.ExpectIn(st.events(), st.clock.t0, apiWin, sel), sel))
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
			Observed: fmt.Sprintf("its last container %q ended at %s, the pod gone at %s", last.Container, timeline.FormatOffset(last.At-st.clock.t0.At), timeline.FormatOffset(gone.At-st.clock.t0.At)),
		}
	case gone.At-last.At > chain:
		mismatch = &timeline.Mismatch{
			Expected: fmt.Sprintf("pod %q gone within %s of its last container's end (the API's calibrated chain)", sel.Pod, timeline.FormatOffset(chain)),
			Observed: fmt.Sprintf("its last container %q ended at %s, the pod gone at %s", last.Container, timeline.FormatOffset(last.At-st.clock.t0.At), timeline.FormatOffset(gone.At-st.clock.t0.At)),
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
		// A row written earlier than the one before it (no table of the
		// catalogue is, a shifted copy may be) still counts from it: the
		// table is a chain, and its time is relative to that row's.
		if m.Found && m.Row.HasAt && live.Precise(s) {
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
	ref := prev.Event.At - prev.Row.At
	// Only what the kubelet does to a container of a pod running on its
	// own follows the notice of the exit before it. While a delete's kill
	// runs, the kubelet stops the next container as soon as the runtime's
	// stop call returns, before any relist. What the API shows of the pod
	// is no step after the notice either: each sync of the pod worker
	// waits for a pod cache newer than its last one, which a relist
	// refreshes (pkg/kubelet/pod_workers.go podWorkerLoop, GetNewerThan,
	// v1.36.3), so a terminal phase follows the relists of the pod's
	// termination (a failed init container of a Never pod: its sandbox
	// stopped after the next relist, the phase after the one after,
	// 2.0 s after the notice), or comes before the notice (a deleted
	// pod's phase, written as SyncTerminatingPod ends, 0.5 s before the
	// relist that noticed its container's exit; both seen 2026-11-26).
	if n, lag, ok := st.noticed(live, prev, sel, r); ok && cause == driver.ActionExit && sel.Container != "" {
		// The kubelet was seen noticing the exit: what it does about it
		// counts from the notice, the relist measured rather than allowed
		// for; a start's window also carries the runtime's own time from
		// the create to the process, measured on that very start.
		nref := n - prev.Row.At
		early, late := live.Margin(sel, driver.ActionNoticed)
		return timeline.Window{T0: st.clock.t0.At, Ref: nref, Lo: r.At, Hi: r.At, From: nref + r.At - early, To: nref + r.At + late + lag}, nil
	}
	if w, ok := st.goneAfterNotice(live, prev, sel, r); ok {
		return w, nil
	}
	early, late := live.Margin(sel, cause)
	from := ref + r.At - early
	if sel.Container == "" {
		from = min(from, w.From)
	}
	return timeline.Window{T0: st.clock.t0.At, Ref: ref, Lo: r.At, Hi: r.At, From: from, To: ref + r.At + late}, nil
}

// goneAfterNotice is the window of a Deleted row after an exit row, on a
// cluster that saw the kubelet notice that exit. The kubelet deletes a
// pod in its terminated sync, which follows the first relist to start
// after SyncTerminatingPod ended (pkg/kubelet/pod_workers.go
// podWorkerLoop, GetNewerThan, v1.36.3): the relist that noticed the
// exit, or the next one (which notices the sandbox's end when the sandbox
// was stopped after the first, and logs nothing when it was not). The
// driver says which (TerminatedSync); the pod gone counts from that
// relist's start, or spans both when either could have been the one
// (21–178 ms from the relist to the pod gone in the calibrations of
// 2026-11-26).
func (st *State) goneAfterNotice(live driver.Windows, prev *timeline.RowMatch, sel timeline.Selector, r timeline.Row) (timeline.Window, bool) {
	if sel.Container != "" || sel.Kind != timeline.Deleted || prev.Event.Kind != timeline.Exited {
		return timeline.Window{}, false
	}
	n, _, ok := st.noticed(live, prev, sel, r)
	if !ok {
		return timeline.Window{}, false
	}
	early, late := live.Margin(sel, driver.ActionNoticed)
	for _, e := range st.events() {
		if e.At < n-early || !sel.Matches(e) {
			continue
		}
		lo, hi, ok := live.TerminatedSync(prev.Event, n, e.At)
		if !ok {
			return timeline.Window{}, false
		}
		ref := lo - prev.Row.At
		return timeline.Window{T0: st.clock.t0.At, Ref: ref, Lo: r.At, Hi: r.At, From: ref + r.At - early, To: hi - prev.Row.At + r.At + late}, true
	}
	return timeline.Window{}, false
}

// noticed: a timeline row that follows an exit row, on a cluster that saw
// the kubelet notice that exit (its PLEG relist, in its log) at n. A
// container's start the row expects counts the kubelet's act, the
// runtime's create of the container: lag is the runtime's time from that
// create to the start of the first occurrence the row could match; with
// no create seen for that start the notice is not used (ok false).
func (st *State) noticed(live driver.Windows, prev *timeline.RowMatch, sel timeline.Selector, r timeline.Row) (n, lag time.Duration, ok bool) {
	if prev.Event.Kind != timeline.Exited {
		return 0, 0, false
	}
	n, ok = live.Noticed(prev.Event)
	if !ok || n-prev.Event.At > live.Reaction(driver.ActionExit) {
		// A notice later than a relist's bound (a kubelet stalled) is not
		// the rule's latency either: the wide window stands.
		return 0, 0, false
	}
	switch sel.Kind {
	case timeline.Started, timeline.Restarted, timeline.Created:
	default:
		return n, 0, true
	}
	// The first occurrence the row could match counting from the exit:
	// one that came before the notice is looked at too.
	early, _ := live.Margin(sel, driver.ActionNoticed)
	from := prev.Event.At - prev.Row.At + r.At - early
	for _, e := range st.events() {
		if e.At < from || !sel.Matches(e) {
			continue
		}
		c, ok := live.Acted(e)
		if !ok || c < n-early {
			// A sync that read the runtime itself (another trigger than
			// the relist) acted before the notice: the notice was not
			// the cause, and the wide window stands (heldout, 2026-11-26:
			// an init container started 0.3 s before the relist noticed
			// the previous one's exit).
			return 0, 0, false
		}
		return n, e.At - c, true
	}
	// Nothing it could match: the row fails in the notice's window.
	return n, 0, true
}
