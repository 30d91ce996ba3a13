package judge

import (
	"context"
	"fmt"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// reaction is what a live kubelet's reaction to the last action on a pod
// showed. The simulator reacts within the instant of the action (its
// start-up latencies are 0, docs/language.md "Defaults"); a real kubelet
// reacts 1–3 s later (a watch, a pod worker sync, a container runtime
// call), and that latency is not the rule a scenario checks. So on a
// cluster the consequences of an action count from the kubelet's first
// observed reaction to it, and the reaction itself is checked, once,
// against the bound the driver calibrated (docs/language.md, "live
// windows").
type reaction struct {
	action driver.Action
	// at is when the action was made (session time).
	at time.Duration
	// resolved: the reaction was looked for; anchored: it was found, and
	// lag is its latency from the action.
	resolved, anchored bool
	lag                time.Duration
	// cause: t=0 is a phase seen after the container event that caused
	// it (ObservedT0); lag, negative, goes back to that event.
	cause bool
	// causeKind and seen: the phase's cause, looked for when the
	// reaction is read (settle), not when the phase was seen: the
	// container event may reach the timeline after the phase (an agent's
	// line after the API's watch).
	causeKind timeline.Kind
	seen      time.Duration
	// since: a terminal phase seen after a delete or a node's action on
	// the pod is that action's outcome, so its cause is an exit after the
	// action (the kill's); an earlier exit (a crash before a delete that
	// found the container waiting out its back-off) did not make it.
	since    time.Duration
	hasSince bool
}

// reactionOf is the pod's reaction, its phase's cause settled.
func (j *Judge) reactionOf(pod string) *reaction {
	r := j.react[pod]
	if r != nil && r.causeKind != "" {
		settle(j.events(), pod, r)
	}
	return r
}

// settle finds the container event behind a phase seen (ObservedT0) in
// the timeline as it stands now: the last of its kind at or before the
// phase. Held-out set 36 (kind, 2026-11-30): the app's Started line came
// in after the API's Running, so t=0 of `becomes Running` counted from
// the sidecar's start, 1.6 s earlier, and a restart written a second
// late passed.
func settle(events []timeline.Event, pod string, r *reaction) {
	if r == nil || r.causeKind == "" {
		return
	}
	var last *timeline.Event
	for _, e := range events {
		if e.At > r.seen+time.Millisecond {
			break
		}
		if r.hasSince && e.At <= r.since {
			continue
		}
		if e.Pod == pod && e.Kind == r.causeKind {
			e := e
			last = &e
		}
	}
	if last == nil {
		r.cause, r.lag = false, 0
		return
	}
	r.cause, r.lag = true, last.At-r.seen
}

// From is where the occurrences an expectation about pod start: t=0,
// or after `becomes Running|Succeeded|Failed` the container event behind
// the phase, which the simulator writes in t=0's instant and a cluster's
// API shows a status sync later.
func (j *Judge) From(pod string, t0 timeline.Mark) timeline.Mark {
	if r := j.reactionOf(pod); r != nil && r.cause && r.lag < 0 {
		return timeline.Mark{At: t0.At + r.lag}
	}
	return t0
}

// Acted notes an action on a pod: its consequences will count from the
// kubelet's reaction to it.
func (j *Judge) Acted(a driver.Action, pod string, at time.Duration) {
	prev := j.react[pod]
	r := &reaction{action: a, at: at}
	if a == driver.ActionNode {
		// Made by podlife at t=0 itself, with no reaction to look for:
		// what follows counts from t=0, in windows the driver widens by
		// the period of the manager that acts on it.
		r.resolved, r.anchored = true, true
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
	j.react[pod] = r
	if a == driver.ActionCreate {
		j.created = &creation{pod: pod, at: at, looked: map[string]bool{}}
	}
}

// Evicted notes an eviction a drain made (kubectl's loop, in the
// scenario's background) as a step's eviction is noted: a delete for the
// kubelet, made when the request was sent, so that what follows counts
// from the kubelet's reaction to it rather than from an earlier action on
// the pod (its create).
func (j *Judge) Evicted(pod string, at time.Duration) {
	if r := j.react[pod]; r != nil && r.action == driver.ActionDelete && r.at <= at {
		return
	}
	j.Acted(driver.ActionDelete, pod, at)
	j.react[pod].at = at
}

// Forget: an action the kubelet hears of through its watch and answers
// with no container of its own (a condition another writer set): what
// follows counts from t=0, the windows absorbing the reaction's bound,
// rather than from an earlier action's reaction.
func (j *Judge) Forget(pod string) { delete(j.react, pod) }

// ObservedT0: t=0 was placed at an event the driver observed (the N-th
// restart, a state seen at seen): what follows counts from it, with no
// reaction latency of an earlier action carried over.
//
// A pod's phase is seen through the API a status sync after the
// container event that caused it (Running after the last start,
// Succeeded and Failed after the last exit), while the simulator writes
// the phase in the instant of that event. t=0 of `becomes
// Running|Succeeded|Failed` is the phase as seen, so the consequences of
// the cause count from the cause's own time: a negative lag. Other states
// (Ready, Scheduled, evicted, gone) have no container event behind them
// on the timeline and count from t=0 as observed.
func (j *Judge) ObservedT0(pod string, t0 timeline.Mark, phase corev1.PodPhase, seen timeline.Mark) {
	cause, ok := map[corev1.PodPhase]timeline.Kind{
		corev1.PodRunning:   timeline.Started,
		corev1.PodSucceeded: timeline.Exited,
		corev1.PodFailed:    timeline.Exited,
	}[phase]
	if !ok {
		j.react[pod] = &reaction{action: driver.ActionCreate, at: t0.At, resolved: true, anchored: true}
		return
	}
	r := &reaction{action: driver.ActionCreate, at: seen.At, resolved: true, anchored: true, causeKind: cause, seen: seen.At}
	if prev := j.react[pod]; prev != nil && cause == timeline.Exited && prev.action != driver.ActionCreate && prev.at <= seen.At {
		// The property test of the time rules (internal/verdicts, seed
		// 17640122991662977654): a pod crash-looping with restartPolicy
		// Always, deleted while its container waited out its back-off, is
		// Failed by the kill, which stops nothing; `becomes Failed` then
		// counted from the crash's exit a second before the delete, and
		// `is gone within 0s` was judged 1-3 s before t=0.
		r.since, r.hasSince = prev.at, true
	}
	settle(j.events(), pod, r)
	if !r.cause {
		r.at = t0.At
	}
	j.react[pod] = r
}

// reactionKinds are the events that show the kubelet's reaction to an
// action on a pod.
func reactionKinds(a driver.Action) []timeline.Kind {
	if a == driver.ActionCreate {
		return []timeline.Kind{timeline.Started}
	}
	return []timeline.Kind{timeline.PreStopStarted, timeline.SIGTERM}
}

// firstReaction is the first event of pod after from that shows the
// kubelet's reaction to action a.
func firstReaction(events []timeline.Event, pod string, from timeline.Mark, a driver.Action) (timeline.Event, bool) {
	kinds := reactionKinds(a)
	for _, e := range events {
		if e.Pod != pod || !from.Precedes(e) {
			continue
		}
		// The kubelet's Killing event is recorded as it decides to stop a
		// container, before it runs the preStop hook: the hook's process
		// starts after an exec (20–400 ms later on a busy node), while the
		// kubelet's grace countdown runs from its decision. Seen within
		// tens of milliseconds of the decision, it is the earlier and
		// truer reaction.
		if a == driver.ActionDelete && e.Kind == timeline.KubeEvent && e.Reason == "Killing" {
			return e, true
		}
		if slices.Contains(kinds, e.Kind) {
			return e, true
		}
	}
	return timeline.Event{}, false
}

// awaitFirst runs the session on until first finds its event in the
// timeline, to deadline at most, and returns what first finds then.
func (j *Judge) awaitFirst(ctx context.Context, deadline time.Duration, first func([]timeline.Event) (timeline.Event, bool)) (timeline.Event, bool, error) {
	if _, _, err := j.sess.RunUntil(ctx, deadline, func(v driver.View) bool {
		_, ok := first(v.Timeline())
		return ok
	}); err != nil {
		return timeline.Event{}, false, err
	}
	e, ok := first(j.events())
	return e, ok, nil
}

// reference is what the bounds of an expectation about pod count from:
// t=0 plus the latency of the kubelet's reaction to the last action on
// the pod, with that action. anchored is false when no reaction was seen
// (the windows then absorb the reaction's bound).
func (j *Judge) reference(ctx context.Context, t0 timeline.Mark, pod string) (time.Duration, bool, driver.Action, error) {
	at, anchored, err := j.lookupRef(ctx, t0, pod)
	var a driver.Action
	if r := j.reactionOf(pod); r != nil && anchored {
		a = r.action
	}
	return at, anchored, a, err
}

func (j *Judge) lookupRef(ctx context.Context, t0 timeline.Mark, pod string) (time.Duration, bool, error) {
	r := j.reactionOf(pod)
	if r == nil {
		return t0.At, false, nil
	}
	if !r.resolved {
		if err := j.resolveReaction(ctx, pod, r); err != nil {
			return t0.At, false, err
		}
	}
	if !r.anchored {
		return t0.At, false, nil
	}
	// The action may lie before t=0 (`When 5s pass` moved it): its lag
	// carries, as the simulated clock would.
	return t0.At + r.lag, true, nil
}

// resolveReaction looks for the kubelet's first reaction to the action,
// waiting up to its calibrated bound, and keeps the reaction's check.
func (j *Judge) resolveReaction(ctx context.Context, pod string, r *reaction) error {
	r.resolved = true
	bound := j.obs.Reaction(r.action)
	from := timeline.Mark{At: r.at}
	e, found, err := j.awaitFirst(ctx, r.at+bound, func(events []timeline.Event) (timeline.Event, bool) {
		return firstReaction(events, pod, from, r.action)
	})
	if err != nil {
		return err
	}
	what := "first container started"
	if r.action == driver.ActionDelete {
		what = "first Killing event, preStop hook or SIGTERM"
	}
	c := timeline.Check{Pod: pod, What: "reaction to " + string(r.action) + " (" + what + ")",
		From: r.at, To: r.at + bound, Ref: r.at, ExpectFrom: 0, ExpectTo: bound, Reaction: true}
	if !found {
		if r.action == driver.ActionCreate || !j.wasRunning(pod, r.at) || j.cutOff(pod, r.at) {
			// A pod that does not start (an image that cannot be pulled,
			// no room), had nothing running to stop, or is on a node
			// whose kubelet the cluster has lost (crashed, rebooting)
			// shows no reaction to measure: its windows absorb the bound
			// instead (as do a late start's, below).
			return nil
		}
		c.OK = false
		j.made = append(j.made, c)
		return &timeline.Verdict{
			Kind:     timeline.Missing,
			Expected: fmt.Sprintf("the kubelet's reaction to the %s of pod %q (%s) within %s, the bound calibrated when the run started", r.action, pod, what, timeline.FormatOffset(bound)),
			Observed: fmt.Sprintf("none by %s after the %s", timeline.FormatOffset(j.sess.Now()-r.at), r.action),
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
	j.made = append(j.made, c)
	r.lag, r.anchored = e.At-r.at, true
	return nil
}

// wasRunning tells whether one of pod's containers was running at at.
// cutOff tells whether, at at, the cluster had lost the kubelet of the
// pod's node: the node-lifecycle controller's NodeNotReady event on the
// pod (MarkPodsNotReady: the node's Ready condition went Unknown, its
// kubelet silent; pkg/controller/nodelifecycle, v1.36.3) is the pod's
// last word, nothing from a kubelet after it (a container's start or
// exit, a condition the kubelet writes). On kind, 2026-11-29 10:00,
// crash.feature:31's force delete of a crashed node's pod was judged
// for the kubelet's reaction, which no kubelet was left to make.
func (j *Judge) cutOff(pod string, at time.Duration) bool {
	lost := false
	for _, e := range j.events() {
		if e.At > at {
			break
		}
		if e.Pod != pod {
			continue
		}
		switch {
		case e.Kind == timeline.KubeEvent && e.Reason == "NodeNotReady":
			lost = true
		case e.Kind == timeline.Started, e.Kind == timeline.Exited, e.Kind == timeline.Ready,
			e.Kind == timeline.Condition && e.Reason == string(corev1.PodReady) && e.Status == string(corev1.ConditionTrue):
			lost = false
		}
	}
	return lost
}

func (j *Judge) wasRunning(pod string, at time.Duration) bool {
	return timeline.Running(j.events(), pod, at)
}

// preemptedBy: a create makes room on a node by killing pods the
// scenario did not act on, the kubelet's admission preempting for a
// critical pod (pkg/kubelet/preemption/preemption.go
// HandleAdmissionFailure) or the scheduler's preemption deleting a
// victim (pkg/scheduler/framework/preemption/preemption.go
// prepareCandidate, v1.36.3); the simulator does both in the instant of
// the create. On a cluster the kill follows the create by the scheduler's
// and the kubelet's latencies, which are not the rule, and the kill's
// own rules (the grace to the SIGKILL, the exit, the pod gone) count
// from its start as a delete's do. So for an expectation about the kill
// of a pod that was running when another pod was created, with no action
// of its own since, the first step of a kill seen within the bound of a
// create's and a delete's reactions is the reaction the pod's windows
// count from (kept as a reaction check). Looked for once per create.
func (j *Judge) preemptedBy(ctx context.Context, sel timeline.Selector) error {
	c := j.created
	if c == nil || c.pod == sel.Pod || c.looked[sel.Pod] || !slices.Contains(killKinds, sel.Kind) {
		return nil
	}
	if r := j.react[sel.Pod]; r != nil && r.at >= c.at || !j.wasRunning(sel.Pod, c.at) {
		return nil
	}
	c.looked[sel.Pod] = true
	bound := j.obs.Reaction(driver.ActionCreate) + j.obs.Reaction(driver.ActionDelete)
	r := &reaction{action: driver.ActionDelete, at: c.at}
	after := timeline.Mark{At: c.at}
	first := func(events []timeline.Event) (timeline.Event, bool) {
		e, ok := firstReaction(events, sel.Pod, after, driver.ActionDelete)
		if !ok {
			return e, false
		}
		// The preemption says so: the kubelet's "Preempting" event, the
		// scheduler's "Preempted".
		for _, p := range events {
			if p.Pod == sel.Pod && p.Kind == timeline.KubeEvent && (p.Reason == "Preempting" || p.Reason == "Preempted") && after.Precedes(p) {
				return e, true
			}
		}
		return e, false
	}
	e, ok, err := j.awaitFirst(ctx, c.at+bound, first)
	if err != nil {
		return err
	}
	if !ok || e.At > c.at+bound {
		return nil
	}
	r.resolved, r.anchored, r.lag = true, true, e.At-c.at
	j.react[sel.Pod] = r
	j.made = append(j.made, timeline.Check{Pod: sel.Pod,
		What: fmt.Sprintf("reaction to the create of pod %q (a kill of pod %q: first Killing event, preStop hook or SIGTERM)", c.pod, sel.Pod),
		From: c.at, To: c.at + bound, Ref: c.at, ExpectTo: bound, Reaction: true, Observed: e.At, Seen: true, OK: true})
	return nil
}

// killKinds are the events of a container's kill and its end, and the
// pod gone.
var killKinds = []timeline.Kind{timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited, timeline.Deleted}
