package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func podExpectations() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, `^the pod "([^"]*)" is (`+strings.Join(nowStates, "|")+`)$`, `Then the pod "web" is Running`, podIsNow).with(stateSlot("Running", nowStates)),
		def(f, `^the pod "([^"]*)" is not (`+strings.Join(notStates, "|")+`)$`, `Then the pod "web" is not Ready`, podIsNotNow).with(stateSlot("Ready", notStates)),
		def(f, `^the pod "([^"]*)" is (\S+) within (\S+)$`, `Then the pod "web" is Running within 10s`, podIsWithin).with(stateSlot("Running", podStates)),
		def(f, `^the pod "([^"]*)" is (\S+) between (\S+) and (\S+)$`, `Then the pod "web" is gone between 6s and 8s`, podIsBetween).with(stateSlot("gone", podStates)),
		def(f, `^the pod "([^"]*)" is not (\S+) after (\S+)$`, `Then the pod "web" is not gone after 4s`, podIsNotAfter).with(stateSlot("gone", podStates)),
		def(f, `^the pod "([^"]*)" phase is "([^"]*)"$`, `Then the pod "web" phase is "Succeeded"`, podPhaseIs).with(slot("phase", "Succeeded", phases...)),
		def(f, `^the pod "([^"]*)" phase is "([^"]*)" within (\S+)$`, `Then the pod "web" phase is "Running" within 5s`, podPhaseWithin).with(slot("phase", "Running", withinPhases...)),
		def(f, `^the pod "([^"]*)" has reason "([^"]*)"$`, `Then the pod "web" has reason "DeadlineExceeded"`, podHasReason),
		def(f, `^the pod "([^"]*)" has condition "([^"]*)" "([^"]*)"(?: with reason "([^"]*)")?$`, `Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"`, podHasCondition).
			with(openSlot("condition", "Ready", podConditionTypes...), slot("status", "False", conditionStatuses...)),
		def(f, `^the pod "([^"]*)" has no condition "([^"]*)"$`, `Then the pod "web" has no condition "PodReadyToStartContainers"`, podHasNoCondition).
			with(openSlot("condition", "PodReadyToStartContainers", podConditionTypes...)),
		def(f, `^the pod "([^"]*)" has QoS class "([^"]*)"$`, `Then the pod "web" has QoS class "Burstable"`, podHasQoS).with(slot("QoS class", "Burstable", qosClasses...)),
		def(f, `^the pod "([^"]*)" has (\S+) restarts?$`, `Then the pod "web" has 2 restarts`, showsRestarts),
		def(f, ctr+`has restarted (\S+) times?$`, `Then container "app" of pod "web" has restarted 3 times`, containerRestarted),
		def(f, ctr+`is waiting with reason "([^"]*)"$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"`, containerWaiting),
		def(f, ctr+`terminated with reason "([^"]*)" and exit code (\S+)$`, `Then container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137`, containerTerminated),
	}
}

// podState is a state a pod can be in: now tells whether it holds in the
// current object, history selects the timeline events that make it hold.
type podState struct {
	name    string
	now     func(p *corev1.Pod) bool
	history timeline.Selector
}

func parsePodState(s string, allowed ...string) (podState, error) {
	if len(allowed) == 0 {
		allowed = podStates
	}
	if err := oneOf("pod state", s, allowed...); err != nil {
		return podState{}, err
	}
	switch s {
	case "Running", "Pending", "Succeeded", "Failed":
		phase := corev1.PodPhase(s)
		return podState{s, func(p *corev1.Pod) bool { return p != nil && p.Status.Phase == phase },
			timeline.Selector{Kind: timeline.Phase, Reason: s}}, nil
	case "Ready":
		return podState{s, func(p *corev1.Pod) bool { return conditionIs(p, corev1.PodReady, corev1.ConditionTrue) },
			timeline.Selector{Kind: timeline.Condition, Reason: "Ready", Status: "True"}}, nil
	case "NotReady":
		return podState{s, func(p *corev1.Pod) bool { return p != nil && !conditionIs(p, corev1.PodReady, corev1.ConditionTrue) },
			timeline.Selector{Kind: timeline.Condition, Reason: "Ready", Status: "False"}}, nil
	case "scheduled":
		return podState{s, func(p *corev1.Pod) bool { return p != nil && p.Spec.NodeName != "" },
			timeline.Selector{Kind: timeline.Scheduled}}, nil
	case "evicted": // an event predicate (expect_nodes.go, podEvictedWithin)
		return podState{s, func(*corev1.Pod) bool { return false }, timeline.Selector{Kind: timeline.Evicted}}, nil
	case "Terminating":
		return podState{s, func(p *corev1.Pod) bool {
			return p != nil && p.DeletionTimestamp != nil && p.Status.Phase != corev1.PodSucceeded && p.Status.Phase != corev1.PodFailed
		}, timeline.Selector{Kind: timeline.DeleteRequested}}, nil
	}
	return podState{"gone", func(p *corev1.Pod) bool { return p == nil }, timeline.Selector{Kind: timeline.Deleted}}, nil
}

func conditionIs(p *corev1.Pod, t corev1.PodConditionType, s corev1.ConditionStatus) bool {
	if p == nil {
		return false
	}
	for _, c := range p.Status.Conditions {
		if c.Type == t {
			return c.Status == s
		}
	}
	return false
}

func (ps podState) of(pod string) timeline.Selector {
	sel := ps.history
	sel.Pod = pod
	return sel
}

// Then the pod "web" is Running within 10s: true at some time up to t0+D,
// before t=0 included.
func podIsWithin(ctx context.Context, name, state, d string) error {
	st := From(ctx)
	if state == "evicted" {
		return st.podEvictedWithin(ctx, name, d)
	}
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.heldWithin(ctx, fmt.Sprintf("pod %q", name), name, ps, d, dur)
}

// Then the pod "web" is gone between 6s and 8s: the first time it became
// so at or after t=0 lies in the window.
func podIsBetween(ctx context.Context, name, state, a, b string) error {
	st := From(ctx)
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	lo, hi, err := window(a, b)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	if ps.name == "gone" {
		// Its transition is the Deleted event, which a cluster checks
		// from the pod's last container's end (expectGone).
		return st.expectIn(ctx, ps.of(name), lo, hi)
	}
	return st.becameBetween(ctx, name, ps, a, b, lo, hi)
}

// becameBetween is `is S between A and B` of a state: the first time the
// pod became S at or after t=0 (a transition into it: a state it was in
// at t=0 does not count) lies in the window.
func (st *State) becameBetween(ctx context.Context, name string, ps podState, a, b string, lo, hi time.Duration) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	sel := ps.of(name)
	w, err := st.window(ctx, sel, lo, hi)
	if err != nil {
		return err
	}
	first := func(events []timeline.Event) (timeline.Event, bool) {
		for _, e := range ps.transitions(events, name) {
			if st.t0.Precedes(e) {
				return e, true
			}
		}
		return timeline.Event{}, false
	}
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := first(v.Timeline())
		return ok
	}); err != nil {
		return err
	}
	exp := fmt.Sprintf("pod %q %s between %s and %s%s", name, ps.name, a, b, w.Note())
	e, ok := first(st.events())
	if !ok {
		st.runOnUntil(ctx, w.To, func(events []timeline.Event) bool {
			_, ok := first(events)
			return ok
		})
		e, ok = first(st.events())
	}
	switch {
	case !ok:
		obs := fmt.Sprintf("it did not become %s at or after t=0", ps.name)
		if ps.heldAt(st.events(), name, st.t0.At) {
			obs += " (it already was at t=0)"
		}
		return st.keepWindowCheck(sel, ps.name, w, nil, &timeline.Mismatch{Expected: exp, Observed: obs})
	case !w.Contains(e.At):
		return st.keepWindowCheck(sel, ps.name, w, &e, &timeline.Mismatch{Expected: exp,
			Observed: fmt.Sprintf("it became %s at %s", ps.name, timeline.FormatOffset(e.At-st.t0.At))})
	}
	return st.keepWindowCheck(sel, ps.name, w, &e, nil)
}

// Then the pod "web" is not gone after 4s: the state does not hold at t0+T.
func podIsNotAfter(ctx context.Context, name, state, d string) error {
	st := From(ctx)
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	at := st.t0.At + dur
	if _, ok := st.liveWindows(); ok {
		// On a cluster the state is checked at the earliest moment its
		// window allows for it (an eviction manager's pass, the reaction
		// to an action): "not yet at D" must hold where "at D" could.
		w, err := st.window(ctx, ps.of(name), dur, dur)
		if err != nil {
			return err
		}
		at = min(at, w.From)
	}
	if at >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	st.decided(at, dur)
	// The timeline answers for a moment already past as for the present.
	if ps.heldAt(st.events(), name, at) {
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("pod %q not %s at %s", name, state, d),
			Observed: fmt.Sprintf("%s at %s", state, d),
		}
	}
	return nil
}

// forever is a time after every event.
const forever = time.Duration(1<<63 - 1)

// podTrack is a pod's state as its timeline tells it, event by event: a
// pod is in no state before it is created (not even gone).
type podTrack struct {
	exists, deleted, deleting, evicted, scheduled bool
	phase                                         string
	ready                                         bool
}

func (t *podTrack) apply(e timeline.Event) {
	switch e.Kind {
	case timeline.PodCreated:
		*t = podTrack{exists: true, phase: "Pending", evicted: t.evicted}
	case timeline.Deleted:
		t.exists, t.deleted = false, true
	case timeline.DeleteRequested:
		t.deleting = true
	case timeline.Evicted:
		t.evicted = true
	case timeline.Scheduled:
		t.scheduled = true
	case timeline.Phase:
		t.phase = e.Reason
	case timeline.Condition:
		if e.Reason == "Ready" {
			t.ready = e.Status == "True"
		}
	}
}

func (t podTrack) holds(state string) bool {
	switch state {
	case "evicted":
		return t.evicted
	case "gone":
		return t.deleted && !t.exists
	case "Ready":
		return t.exists && t.ready
	case "NotReady":
		return t.exists && !t.ready
	case "scheduled":
		return t.exists && t.scheduled
	case "Terminating":
		return t.exists && t.deleting && t.phase != "Succeeded" && t.phase != "Failed"
	}
	return t.exists && t.phase == state
}

// podEvents are a pod's own events (not its containers').
func podEvents(events []timeline.Event, pod string, f func(timeline.Event) bool) {
	for _, e := range events {
		if e.Pod == pod && e.Container == "" && !f(e) {
			return
		}
	}
}

// trackAt replays the pod's timeline up to at, every event of that
// instant included.
func trackAt(events []timeline.Event, pod string, at time.Duration) podTrack {
	var t podTrack
	podEvents(events, pod, func(e timeline.Event) bool {
		if e.At > at {
			return false
		}
		t.apply(e)
		return true
	})
	return t
}

// heldAt tells whether the state held at at (after every event of that
// instant).
func (ps podState) heldAt(events []timeline.Event, pod string, at time.Duration) bool {
	return trackAt(events, pod, at).holds(ps.name)
}

// firstHeld is the first time, up to deadline, that the state held: after
// an event of the pod's timeline (a state the API showed only within one
// instant counts: a watch sees it). ok is false when it never did.
func (ps podState) firstHeld(events []timeline.Event, pod string, deadline time.Duration) (at timeline.Event, ok bool) {
	var t podTrack
	podEvents(events, pod, func(e timeline.Event) bool {
		if e.At > deadline {
			return false
		}
		t.apply(e)
		if t.holds(ps.name) {
			at, ok = e, true
			return false
		}
		return true
	})
	return at, ok
}

// transitions are the events of the pod's timeline at which the state
// began to hold, in order.
func (ps podState) transitions(events []timeline.Event, pod string) []timeline.Event {
	var t podTrack
	var out []timeline.Event
	podEvents(events, pod, func(e timeline.Event) bool {
		was := t.holds(ps.name)
		t.apply(e)
		if !was && t.holds(ps.name) {
			out = append(out, e)
		}
		return true
	})
	return out
}

// check runs a state check of an existing pod at the current time; on a
// cluster it polls for up to the tolerance before failing.
func (st *State) check(ctx context.Context, name string, f func(p *corev1.Pod) error) error {
	return st.checkPod(ctx, name, func(p *corev1.Pod) error {
		if p == nil {
			return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q to exist", name), Observed: "the pod is gone"}
		}
		return f(p)
	})
}

// checkPod is check for a state a pod gone may be in: f gets nil then.
// The state read is the one after every event of the current instant.
func (st *State) checkPod(ctx context.Context, name string, f func(p *corev1.Pod) error) error {
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.readState(ctx, func(v driver.View) error { return f(v.Pod(name)) })
}

// Then the pod "web" is Running: a state check at the current time.
func podIsNow(ctx context.Context, name, state string) error {
	return From(ctx).podStateNow(ctx, name, state, false)
}

// Then the pod "web" is not Ready: a state check at the current time. For
// Ready the pod must exist (as `not ready` of a container); for the other
// states, a pod gone is not in them.
func podIsNotNow(ctx context.Context, name, state string) error {
	return From(ctx).podStateNow(ctx, name, state, true)
}

func (st *State) podStateNow(ctx context.Context, name, state string, not bool) error {
	if not && state == "Ready" {
		state, not = "NotReady", false
	}
	ps, err := parsePodState(state, nowStates...)
	if err != nil {
		return err
	}
	what := state
	if not {
		what = "not " + state
	}
	return st.checkPod(ctx, name, func(p *corev1.Pod) error {
		if ps.now(p) != not {
			return nil
		}
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q %s", name, what),
			Observed: fmt.Sprintf("%s: %s", st.readAt(), describePod(p)),
			Read:     true, ReadAt: st.cur,
		}
	})
}

// withinPhases are the phases `phase is "P" within D` waits for.
var withinPhases = []string{"Pending", "Running", "Succeeded", "Failed"}

// Then the pod "web" phase is "Running" within 5s: as `is Running within
// 5s`, a state that holds at some time up to t0+D, before t=0 included.
func podPhaseWithin(ctx context.Context, name, phase, d string) error {
	if err := oneOf("phase", phase, withinPhases...); err != nil {
		return err
	}
	return podIsWithin(ctx, name, phase, d)
}

// Then the pod "web" phase is "Succeeded"
func podPhaseIs(ctx context.Context, name, phase string) error {
	if err := oneOf("phase", phase, phases...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if string(p.Status.Phase) != phase {
			return &timeline.Mismatch{Expected: "phase " + phase, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has reason "DeadlineExceeded": status.reason, now.
func podHasReason(ctx context.Context, name, reason string) error {
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if p.Status.Reason != reason {
			return &timeline.Mismatch{Expected: "reason " + reason, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"
func podHasCondition(ctx context.Context, name, ctype, status, reason string) error {
	if err := oneOf("condition status", status, conditionStatuses...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		exp := fmt.Sprintf("condition %s=%s", ctype, status)
		if reason != "" {
			exp += " with reason " + reason
		}
		for _, c := range p.Status.Conditions {
			if string(c.Type) != ctype {
				continue
			}
			if string(c.Status) != status || (reason != "" && c.Reason != reason) {
				return &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("condition %s=%s reason %q message %q", c.Type, c.Status, c.Reason, c.Message)}
			}
			return nil
		}
		var have []string
		for _, c := range p.Status.Conditions {
			have = append(have, string(c.Type))
		}
		return &timeline.Mismatch{Expected: exp, Observed: "no such condition (has " + strings.Join(have, ", ") + ")"}
	})
}

// Then the pod "web" has no condition "PodReadyToStartContainers": a
// condition the cluster's version does not set (PodReadyToStartContainers
// before 1.29) or that nobody set yet.
func podHasNoCondition(ctx context.Context, name, ctype string) error {
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		for _, c := range p.Status.Conditions {
			if string(c.Type) == ctype {
				return &timeline.Mismatch{Expected: "no condition " + ctype, Observed: fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)}
			}
		}
		return nil
	})
}

// Then the pod "web" has QoS class "Burstable"
func podHasQoS(ctx context.Context, name, qos string) error {
	if err := oneOf("QoS class", qos, qosClasses...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if string(p.Status.QOSClass) != qos {
			return &timeline.Mismatch{Expected: "QoS class " + qos, Observed: "QoS class " + string(p.Status.QOSClass)}
		}
		return nil
	})
}

// containerStatus finds a container's status in the API object.
func containerStatus(p *corev1.Pod, name string) *corev1.ContainerStatus {
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for i := range list {
			if list[i].Name == name {
				return &list[i]
			}
		}
	}
	return nil
}

// checkContainer resolves the container and checks its status.
func checkContainer(ctx context.Context, cname, pname string, f func(cs *corev1.ContainerStatus, p *corev1.Pod) error) error {
	st := From(ctx)
	p, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	return st.check(ctx, p.name, func(pod *corev1.Pod) error {
		cs := containerStatus(pod, c.Name)
		if cs == nil {
			return &timeline.Mismatch{Expected: fmt.Sprintf("a status for container %q", c.Name), Observed: describePod(pod)}
		}
		return f(cs, pod)
	})
}

// Then container "app" of pod "web" has restarted 3 times
func containerRestarted(ctx context.Context, cname, pname, n string) error {
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if int(cs.RestartCount) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("restartCount %d for container %q", want, cname), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"
func containerWaiting(ctx context.Context, cname, pname, reason string) error {
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.State.Waiting == nil || cs.State.Waiting.Reason != reason {
			return &timeline.Mismatch{Expected: fmt.Sprintf("container %q waiting with reason %s", cname, reason), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" terminated with reason "OOMKilled" and
// exit code 137: its current state, or its last state when it was
// restarted since.
func containerTerminated(ctx context.Context, cname, pname, reason, code string) error {
	want, err := parseExitCode(code)
	if err != nil {
		return err
	}
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		t := cs.State.Terminated
		if t == nil {
			t = cs.LastTerminationState.Terminated
		}
		if t == nil || t.Reason != reason || int(t.ExitCode) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("container %q terminated with reason %s and exit code %d", cname, reason, want), Observed: describePod(p)}
		}
		return nil
	})
}

// heldWithin is `… within D` of a pod's state: true at some time up to
// t0+D, before t=0 included; on a cluster in the state's live window.
// Whether it was is read on the timeline up to the deadline, never on the
// pod as it stands wherever an earlier step ran the session to (docs/
// language.md, "within D": nothing earlier extends the deadline). The
// check is kept with its window; what names the pod in a failure.
func (st *State) heldWithin(ctx context.Context, what, name string, ps podState, d string, dur time.Duration) error {
	sel := ps.of(name)
	w, err := st.window(ctx, sel, 0, dur)
	if err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, w.To, func(v driver.View) bool {
		_, ok := ps.firstHeld(v.Timeline(), name, w.To)
		return ok
	}); err != nil {
		return err
	}
	// A state may hold before t=0: the window starts at the beginning.
	w.From = 0
	if planted("within-reads-now") {
		// The bug of main at e147e0a: held once seen, wherever the
		// session stands.
		if e, ok := ps.firstHeld(st.events(), name, forever); ok {
			e.At = min(e.At, w.To)
			return st.keepWindowCheck(sel, ps.name, w, &e, nil)
		}
	}
	if e, ok := ps.firstHeld(st.events(), name, w.To); ok {
		if causedState(ps.name) {
			if c, cw, late := st.lateCause(ctx, w, name, e); late {
				cw.From = w.From
				return st.keepWindowCheck(sel, ps.name, cw, &c, &timeline.Mismatch{
					Expected: fmt.Sprintf("%s %s within %s%s, its cause by then", what, ps.name, d, w.Note()),
					Observed: fmt.Sprintf("%s at %s, after container %q %s at %s", ps.name, timeline.FormatOffset(e.At-st.t0.At),
						c.Container, strings.ToLower(string(c.Kind)), timeline.FormatOffset(c.At-st.t0.At)),
				})
			}
		}
		return st.keepWindowCheck(sel, ps.name, w, &e, nil)
	}
	obs := fmt.Sprintf("not by %s: %s", timeline.FormatOffset(w.To-st.t0.At), describePodAt(st.events(), name, w.To))
	var later *timeline.Event
	st.runOnUntil(ctx, w.To, func(events []timeline.Event) bool {
		_, ok := ps.firstHeld(events, name, forever)
		return ok
	})
	if e, ok := ps.firstHeld(st.events(), name, forever); ok {
		later = &e
		obs += fmt.Sprintf("; it was %s from %s", ps.name, timeline.FormatOffset(e.At-st.t0.At))
	}
	return st.keepWindowCheck(sel, ps.name, w, later, &timeline.Mismatch{
		Expected: fmt.Sprintf("%s %s within %s%s", what, ps.name, d, w.Note()),
		Observed: obs,
	})
}

// causedState: a pod state a container's start or exit brings about (its
// phase, its removal), checked on a cluster by that cause (lateCause).
func causedState(state string) bool {
	switch state {
	case "Running", "Succeeded", "Failed", "gone":
		return true
	}
	return false
}

// describePodAt is what a pod's timeline says of it at an instant: its
// phase and readiness, or that it is gone or not created yet.
func describePodAt(events []timeline.Event, pod string, at time.Duration) string {
	t := trackAt(events, pod, at)
	switch {
	case t.deleted && !t.exists:
		return "the pod was gone"
	case !t.exists:
		return "the pod was not created yet"
	}
	s := "phase " + t.phase
	if t.ready {
		s += ", Ready"
	} else {
		s += ", not Ready"
	}
	if t.deleting {
		s += ", deleting"
	}
	return s
}
