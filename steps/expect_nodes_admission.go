package steps

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func admissionExpectations() []Def {
	const f = "admission and scheduling"
	return []Def{
		phrase(f, `^the pod "([^"]*)" is rejected with reason "([^"]*)"$`, `Then the pod "web" is rejected with reason "OutOfmemory"`,
			s2(func(pod, reason string) Step { return podRejected{pod: pod, reason: reason} })),
		phrase(f, `^the pod "([^"]*)" stays (\S+) with reason "([^"]*)"$`, `Then the pod "web" stays Pending with reason "Unschedulable"`,
			s3(func(pod string, phase stayingPhase, reason string) Step {
				return podStaysWithReason{pod: pod, phase: string(phase), reason: reason}
			})).
			with(slot("phase", "Pending", withinPhases...)),
		phrase(f, `^the pod "([^"]*)" is scheduled (?:on|to) node "([^"]*)"$`, `Then the pod "web" is scheduled on node "worker-2"`,
			s2(func(pod, node string) Step { return podScheduledOn{pod: pod, node: node} })),
		phrase(f, `^the pod "([^"]*)" is scheduled (?:on|to) node "([^"]*)" within (\S+)$`, `Then the pod "web" is scheduled on node "worker-2" within 10s`,
			s3(func(pod, node string, d writtenSpan) Step {
				return podScheduledWithin{podScheduledOn{pod: pod, node: node}, d}
			})),
		phrase(f, `^the pod "([^"]*)" is nominated to node "([^"]*)"$`, `Then the pod "high" is nominated to node "worker-1"`,
			s2(func(pod, node string) Step { return podNominated{pod: pod, node: node} })),
		phrase(f, `^the pod "([^"]*)" has priority (\S+)$`, `Then the pod "agent" has priority 2000001000`,
			s2(func(pod string, v priorityValue) Step { return podHasPriority{pod: pod, priority: int64(v)} })),
		phrase(f, `^an event "([^"]*)" for pod "([^"]*)" says "([^"]*)"$`, `Then an event "FailedScheduling" for pod "big" says "0/1 nodes are available: 1 Insufficient cpu."`,
			s3(func(reason, pod, text string) Step { return &eventSays{reason: reason, pod: pod, text: text} })).
			with(eventSlot("FailedScheduling")),
	}
}

// Then an event "FailedScheduling" for pod "big" says "…": some event of
// that reason about the pod (at any time of the scenario) has a message
// containing the text.
type eventSays struct {
	reason, pod, text string
	// sel and what are the event the step looks for, as Declare found it.
	sel  timeline.Selector
	what string
}

func (s *eventSays) Declare(pl *Plan) error {
	var err error
	s.sel, s.what, err = pl.eventSelector(s.reason, "", "", s.pod)
	return err
}

func (s *eventSays) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	sel := s.sel
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool {
		for _, e := range v.Timeline() {
			if sel.Matches(e) && strings.Contains(e.Message, s.text) {
				return true
			}
		}
		return false
	}); err != nil {
		return err
	}
	var seen []string
	for _, e := range st.clk().events() {
		if sel.Matches(e) {
			if strings.Contains(e.Message, s.text) {
				return nil
			}
			seen = append(seen, fmt.Sprintf("%q", e.Message))
		}
	}
	exp := fmt.Sprintf("%s saying %q", s.what, s.text)
	if len(seen) == 0 {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: "no such event"}
	}
	return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: strings.Join(seen, "; ")}
}

// priorityValue is a pod priority, a 32-bit integer.
type priorityValue int64

func (p *priorityValue) set(s string) error {
	v, err := strconv.ParseInt(s, 10, 32)
	if err != nil {
		return inputErr("priority %q is not a 32-bit integer", s)
	}
	*p = priorityValue(v)
	return nil
}

// Then the pod "agent" has priority 2000001000: spec.priority as the
// Priority admission plugin resolved it.
type podHasPriority struct {
	pod      string
	priority int64
}

func (s podHasPriority) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podHasPriority) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if p.Spec.Priority == nil || int64(*p.Spec.Priority) != s.priority {
			got := "none"
			if p.Spec.Priority != nil {
				got = strconv.Itoa(int(*p.Spec.Priority))
			}
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("pod %q with priority %d", s.pod, s.priority), Observed: "priority " + got}
		}
		return nil
	})
}

// Then the pod "web" is rejected with reason "OutOfmemory": the kubelet's
// admission rejected it (at any time of the scenario): phase Failed, the
// reason, the message "Pod was rejected: …", and no container ever ran.
type podRejected struct{ pod, reason string }

func (s podRejected) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podRejected) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	name, reason := s.pod, s.reason
	sel := timeline.Selector{Pod: name, Kind: timeline.Rejected}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool {
		_, ok := timeline.First(v.Timeline(), timeline.Beginning, sel)
		return ok
	}); err != nil {
		return err
	}
	exp := fmt.Sprintf("pod %q rejected with reason %s", name, reason)
	e, ok := timeline.First(st.clk().events(), timeline.Beginning, sel)
	if !ok {
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: "not rejected: " + describePod(st.Session.View().Pod(name))}
	}
	if e.Reason != reason {
		// A rejection came, not the one expected.
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp, Observed: fmt.Sprintf("rejected with reason %s: %s", e.Reason, e.Message), Event: &e}
	}
	p := st.Session.View().Pod(name)
	if p == nil {
		return nil // deleted since: the rejection stands
	}
	switch {
	case p.Status.Phase != corev1.PodFailed || p.Status.Reason != reason:
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp + " (phase Failed)", Observed: describePod(p), Event: &e}
	case !strings.HasPrefix(p.Status.Message, "Pod was rejected: "):
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp + ` (message "Pod was rejected: …")`, Observed: fmt.Sprintf("message %q", p.Status.Message), Event: &e}
	case len(p.Status.ContainerStatuses) > 0:
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp + " (no container statuses)", Observed: describePod(p), Event: &e}
	}
	return nil
}

// stayingPhase is the phase a pod stays in, one of withinPhases.
type stayingPhase string

func (p *stayingPhase) set(s string) error {
	*p = stayingPhase(s)
	return oneOf("phase", s, withinPhases...)
}

// Then the pod "web" stays Pending with reason "Unschedulable": the
// scenario run to the end of its activity, the pod never left the phase
// since t=0 and shows the reason: its PodScheduled condition's, its
// status reason, or a container's waiting reason.
type podStaysWithReason struct{ pod, phase, reason string }

func (s podStaysWithReason) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podStaysWithReason) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	name, phase, reason := s.pod, s.phase, s.reason
	exp := fmt.Sprintf("pod %q %s with reason %s throughout", name, phase, reason)
	for _, e := range st.clk().events() {
		if e.Pod == name && st.clock.t0.Precedes(e) && e.Kind == timeline.Phase && e.Reason != phase {
			return &timeline.Verdict{Kind: timeline.Unexpected, Expected: exp, Observed: fmt.Sprintf("phase %s at %s", e.Reason, timeline.FormatOffset(e.At-st.clock.t0.At)), Event: &e}
		}
	}
	p := st.Session.View().Pod(name)
	if p == nil {
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: "the pod is gone"}
	}
	if string(p.Status.Phase) != phase {
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: describePod(p)}
	}
	reasons := []string{p.Status.Reason}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status != corev1.ConditionTrue {
			reasons = append(reasons, c.Reason)
		}
	}
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for _, cs := range list {
			if cs.State.Waiting != nil {
				reasons = append(reasons, cs.State.Waiting.Reason)
			}
		}
	}
	for _, r := range reasons {
		if r == reason {
			return nil
		}
	}
	return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: describePod(p) + scheduledMessage(p)}
}

func scheduledMessage(p *corev1.Pod) string {
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status != corev1.ConditionTrue {
			return fmt.Sprintf(", PodScheduled=%s %s: %s", c.Status, c.Reason, c.Message)
		}
	}
	return ""
}

// Then the pod "web" is scheduled on node "worker-2": bound to that node
// (waiting, to the end of the scenario's activity at most, for a binding).
type podScheduledOn struct{ pod, node string }

func (s podScheduledOn) Declare(pl *Plan) error {
	if _, err := pl.mustPod(s.pod); err != nil {
		return err
	}
	_, err := pl.node(s.node)
	return err
}

func (s podScheduledOn) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	name, node := s.pod, s.node
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.clk().limit, func(v driver.View) bool {
		p := v.Pod(name)
		return p == nil || p.Spec.NodeName != ""
	}); err != nil {
		return err
	}
	p := st.Session.View().Pod(name)
	if p == nil || p.Spec.NodeName != node {
		// Never bound is a binding missing; bound elsewhere, a state.
		kind, where := timeline.Missing, "not scheduled"
		if p == nil {
			where = "the pod is gone"
		} else if p.Spec.NodeName != "" {
			kind, where = timeline.WrongState, "scheduled on node "+p.Spec.NodeName
		} else {
			where += scheduledMessage(p)
		}
		return &timeline.Verdict{Kind: kind, Expected: fmt.Sprintf("pod %q scheduled on node %q", name, node), Observed: where}
	}
	return nil
}

// Then the pod "web" is scheduled on node "worker-2" within 10s: bound
// at some time up to t0+D (a state, as `within` reads states: before t=0
// included), to that node.
type podScheduledWithin struct {
	podScheduledOn
	d writtenSpan
}

func (s podScheduledWithin) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	ps, _ := parsePodState("scheduled", "scheduled")
	if err := heldWithin(ctx, st, fmt.Sprintf("pod %q", s.pod), s.pod, ps, s.d.text, s.d.d); err != nil {
		return err
	}
	return s.podScheduledOn.Run(ctx, st)
}

// Then the pod "high" is nominated to node "worker-1": its
// status.nominatedNodeName now (set by preemption, cleared at binding).
type podNominated struct{ pod, node string }

func (s podNominated) Declare(pl *Plan) error {
	if _, err := pl.node(s.node); err != nil {
		return err
	}
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podNominated) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if p.Status.NominatedNodeName != s.node {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("pod %q nominated to node %q", s.pod, s.node),
				Observed: fmt.Sprintf("nominatedNodeName %q, %s%s", p.Status.NominatedNodeName, describePod(p), scheduledMessage(p))}
		}
		return nil
	})
}
