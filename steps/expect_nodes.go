package steps

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func nodeExpectations() []Def {
	const f = "node expectations"
	return []Def{
		def(f, `^node "([^"]*)" has condition "([^"]*)" "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has condition "MemoryPressure" "True"`, nodeHasCondition).
			with(openSlot("condition", "MemoryPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)),
		def(f, `^node "([^"]*)" has taint "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule"`, nodeHasTaint),
		def(f, `^node "([^"]*)" has no taint "([^"]*)"$`, `Then node "worker-1" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"`, nodeHasNoTaint),
	}
}

// checkNode runs a state check on a node at the current time; with a
// window, it waits up to t0+D for it to hold (a state predicate: before
// t=0 counts if it still holds... the node's state is read as it is).
func (st *State) checkNode(ctx context.Context, name, within string, what string, f func(n *corev1.Node) string) error {
	if _, err := st.Plan.node(name); err != nil {
		return err
	}
	var d time.Duration
	if within != "" {
		var err error
		if d, err = parseDuration(within); err != nil {
			return err
		}
	}
	if st.DryRun {
		return nil
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	exp := fmt.Sprintf("node %q %s", name, what)
	if within == "" && st.exact() {
		// A state check reads the current time, which an untimed
		// expectation did not move (dsl.md, Time: "current time").
		sess, err := st.present(ctx)
		if err != nil {
			return err
		}
		n := sess.View().Node(name)
		if n == nil {
			return &timeline.Mismatch{Expected: exp, Observed: "the node does not exist"}
		}
		if last := f(n); last != "" {
			return &timeline.Mismatch{Expected: exp, Observed: st.readAt() + ": " + last}
		}
		return nil
	}
	sess := st.Session
	if within != "" {
		// Whether it held up to the deadline is read as the session runs
		// there, not where an earlier step ran it to: on the simulator
		// from t=0 (the node at t=0 stands for the time before).
		var err error
		if sess, err = st.sessionFrom(ctx, st.t0.At); err != nil {
			return err
		}
	}
	late := st.tol()
	if w, ok := st.liveWindows(); ok {
		// A node's condition or taint follows the eviction manager's
		// pass and the kubelet's node status update on a cluster: the
		// driver's window for what a node action brings about is the
		// tolerance of a state read of the node too.
		_, m := w.Margin(timeline.Selector{Pod: nodeTimelineName(name), Kind: timeline.Condition}, driver.ActionNode)
		late = max(late, m)
	}
	deadline := sess.Now() + late
	if within != "" {
		deadline = max(st.t0.At+d+late, sess.Now())
		if st.exact() {
			deadline = st.t0.At + d
		}
	}
	var last string
	at, ok, err := sess.RunUntil(ctx, deadline, func(v driver.View) bool {
		n := v.Node(name)
		if n == nil {
			last = "the node does not exist"
			return false
		}
		last = f(n)
		return last == ""
	})
	if within != "" {
		// A timed expectation moves the current time.
		if ok {
			st.decided(at, at-st.t0.At)
		} else {
			st.decided(deadline, d)
		}
	}
	if err != nil || ok {
		return err
	}
	if within != "" {
		exp += " within " + within
	}
	return &timeline.Mismatch{Expected: exp, Observed: last}
}

// Then node "worker-1" has condition "MemoryPressure" "True"
func nodeHasCondition(ctx context.Context, name, ctype, status, within string) error {
	if err := oneOf("condition status", status, conditionStatuses...); err != nil {
		return err
	}
	return From(ctx).checkNode(ctx, name, within, fmt.Sprintf("with condition %s=%s", ctype, status), func(n *corev1.Node) string {
		var have []string
		for _, c := range n.Status.Conditions {
			if string(c.Type) == ctype {
				if string(c.Status) == status {
					return ""
				}
				return fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)
			}
			have = append(have, string(c.Type))
		}
		return "no such condition (has " + strings.Join(have, ", ") + ")"
	})
}

func taintsOf(n *corev1.Node) string {
	var ts []string
	for _, t := range n.Spec.Taints {
		ts = append(ts, taintLabel(t))
	}
	if len(ts) == 0 {
		return "no taints"
	}
	return "taints " + strings.Join(ts, ", ")
}

func taintLabel(t corev1.Taint) string {
	s := t.Key
	if t.Value != "" {
		s += "=" + t.Value
	}
	return s + ":" + string(t.Effect)
}

func hasTaint(n *corev1.Node, want corev1.Taint) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == want.Key && t.Value == want.Value && t.Effect == want.Effect {
			return true
		}
	}
	return false
}

// Then node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule"
func nodeHasTaint(ctx context.Context, name, taint, within string) error {
	t, err := parseTaint(taint)
	if err != nil {
		return err
	}
	return From(ctx).checkNode(ctx, name, within, "with taint "+taint, func(n *corev1.Node) string {
		if hasTaint(n, t) {
			return ""
		}
		return taintsOf(n)
	})
}

// Then node "worker-1" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"
func nodeHasNoTaint(ctx context.Context, name, taint string) error {
	t, err := parseTaint(taint)
	if err != nil {
		return err
	}
	return From(ctx).checkNode(ctx, name, "", "without taint "+taint, func(n *corev1.Node) string {
		if !hasTaint(n, t) {
			return ""
		}
		return taintsOf(n)
	})
}

func evictionExpectations() []Def {
	const f = "eviction expectations"
	return []Def{
		def(f, `^the pod "([^"]*)" is evicted$`, `Then the pod "batch" is evicted`, podEvicted),
		def(f, `^the pod "([^"]*)" is not evicted$`, `Then the pod "etcd" is not evicted`, podNotEvicted),
		def(f, `^the pods are evicted in this order: (.+)$`, `Then the pods are evicted in this order: "best-effort", "burstable"`, podsEvictedInOrder),
		def(f, `^the pod "([^"]*)" is evicted with message containing "([^"]*)"$`, `Then the pod "batch" is evicted with message containing "memory"`, podEvictedWithMessage),
	}
}

// evictedSel selects a pod's eviction: when the API shows it Failed with
// reason Evicted (the Evicted event for a static pod).
func evictedSel(pod string) timeline.Selector {
	return timeline.Selector{Pod: pod, Kind: timeline.Evicted}
}

// podEvictedWithin is `the pod "x" is evicted within D` (expect_pods.go
// hands it here): an event predicate, counted at or after t=0.
func (st *State) podEvictedWithin(ctx context.Context, name, d string) error {
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	sel := evictedSel(name)
	w, err := st.window(ctx, sel, 0, dur)
	if err != nil {
		return err
	}
	w.From = st.t0.At // an event predicate: any occurrence at or after t=0
	if err := st.waitFor(ctx, w.To, sel); err != nil {
		return err
	}
	err = st.lookAhead(ctx, timeline.ExpectIn(st.events(), st.t0, w, sel), sel)
	if m, ok := err.(*timeline.Mismatch); ok {
		m.Expected = fmt.Sprintf("pod %q evicted within %s%s", name, d, w.Note())
		m.Observed += "; " + describePod(st.Session.View().Pod(name))
	}
	return st.recordCheck(sel, w, err)
}

// Then the pod "etcd" is not evicted: never, the scenario run to the end
// of its activity.
func podNotEvicted(ctx context.Context, name string) error {
	st := From(ctx)
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	// An admission rejection under pressure also reports reason Evicted;
	// it is not an eviction (docs/language.md).
	if err := timeline.ExpectNever(st.events(), st.t0, evictedSel(name)); err != nil {
		m := err.(*timeline.Mismatch)
		m.Expected = fmt.Sprintf("pod %q never evicted", name)
		return m
	}
	return nil
}

// Then the pods are evicted in this order: "best-effort", "burstable" —
// untimed: the evictions chosen (each pod's first at or after t=0, else
// its first) come in that order.
func podsEvictedInOrder(ctx context.Context, list string) error {
	st := From(ctx)
	names, err := quoted(list)
	if err != nil {
		return err
	}
	if len(names) < 2 {
		return inputErr("an order needs at least two pods")
	}
	var sels []timeline.Selector
	for _, n := range names {
		if _, err := st.Plan.mustPod(n); err != nil {
			return err
		}
		sels = append(sels, evictedSel(n))
	}
	if st.DryRun {
		return nil
	}
	if err := st.awaitUntimed(ctx, sels...); err != nil {
		return err
	}
	return timeline.ExpectOrderUntimed(st.events(), st.t0, st.order(), sels)
}

// Then the pod "batch" is evicted with message containing "memory":
// untimed; the chosen eviction's message (the pod's status message; the
// event's for a static pod).
func podEvictedWithMessage(ctx context.Context, name, part string) error {
	st := From(ctx)
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.expectUntimed(ctx, evictedSel(name), fmt.Sprintf("pod %q evicted with a message containing %q", name, part),
		func(e timeline.Event) bool { return strings.Contains(e.Message, part) })
}

// Then the pod "batch" is evicted: untimed, an eviction at any time of the
// scenario (the first at or after t=0, else the first).
func podEvicted(ctx context.Context, name string) error {
	st := From(ctx)
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.expectUntimed(ctx, evictedSel(name), fmt.Sprintf("pod %q evicted", name), nil)
}

func admissionExpectations() []Def {
	const f = "admission and scheduling"
	return []Def{
		def(f, `^the pod "([^"]*)" is rejected with reason "([^"]*)"$`, `Then the pod "web" is rejected with reason "OutOfmemory"`, podRejected),
		def(f, `^the pod "([^"]*)" stays (\S+) with reason "([^"]*)"$`, `Then the pod "web" stays Pending with reason "Unschedulable"`, podStaysWithReason).with(slot("phase", "Pending", withinPhases...)),
		def(f, `^the pod "([^"]*)" is scheduled (?:on|to) node "([^"]*)"$`, `Then the pod "web" is scheduled on node "worker-2"`, podScheduledOn),
		def(f, `^the pod "([^"]*)" is nominated to node "([^"]*)"$`, `Then the pod "high" is nominated to node "worker-1"`, podNominated),
		def(f, `^the pod "([^"]*)" has priority (\S+)$`, `Then the pod "agent" has priority 2000001000`, podHasPriority),
		def(f, `^an event "([^"]*)" for pod "([^"]*)" says "([^"]*)"$`, `Then an event "FailedScheduling" for pod "big" says "0/1 nodes are available: 1 Insufficient cpu."`, eventSays).with(eventSlot("FailedScheduling")),
	}
}

// Then an event "FailedScheduling" for pod "big" says "…": some event of
// that reason about the pod (at any time of the scenario) has a message
// containing the text.
func eventSays(ctx context.Context, reason, pod, text string) error {
	st := From(ctx)
	sel, what, err := st.Plan.eventSelector(reason, "", "", pod)
	if err != nil || st.DryRun {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.settleLimit(), func(v driver.View) bool {
		for _, e := range v.Timeline() {
			if sel.Matches(e) && strings.Contains(e.Message, text) {
				return true
			}
		}
		return false
	}); err != nil {
		return err
	}
	var seen []string
	for _, e := range st.events() {
		if sel.Matches(e) {
			if strings.Contains(e.Message, text) {
				return nil
			}
			seen = append(seen, fmt.Sprintf("%q", e.Message))
		}
	}
	if len(seen) == 0 {
		return &timeline.Mismatch{Expected: fmt.Sprintf("%s saying %q", what, text), Observed: "no such event"}
	}
	return &timeline.Mismatch{Expected: fmt.Sprintf("%s saying %q", what, text), Observed: strings.Join(seen, "; ")}
}

// Then the pod "agent" has priority 2000001000: spec.priority as the
// Priority admission plugin resolved it.
func podHasPriority(ctx context.Context, name, value string) error {
	want, err := strconv.ParseInt(value, 10, 32)
	if err != nil {
		return inputErr("priority %q is not a 32-bit integer", value)
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if p.Spec.Priority == nil || int64(*p.Spec.Priority) != want {
			got := "none"
			if p.Spec.Priority != nil {
				got = strconv.Itoa(int(*p.Spec.Priority))
			}
			return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q with priority %d", name, want), Observed: "priority " + got}
		}
		return nil
	})
}

// Then the pod "web" is rejected with reason "OutOfmemory": the kubelet's
// admission rejected it (at any time of the scenario): phase Failed, the
// reason, the message "Pod was rejected: …", and no container ever ran.
func podRejected(ctx context.Context, name, reason string) error {
	st := From(ctx)
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	sel := timeline.Selector{Pod: name, Kind: timeline.Rejected}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.settleLimit(), func(v driver.View) bool {
		_, ok := timeline.First(v.Timeline(), timeline.Beginning, sel)
		return ok
	}); err != nil {
		return err
	}
	exp := fmt.Sprintf("pod %q rejected with reason %s", name, reason)
	e, ok := timeline.First(st.events(), timeline.Beginning, sel)
	if !ok {
		return &timeline.Mismatch{Expected: exp, Observed: "not rejected: " + describePod(st.Session.View().Pod(name))}
	}
	if e.Reason != reason {
		return &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("rejected with reason %s: %s", e.Reason, e.Message)}
	}
	p := st.Session.View().Pod(name)
	if p == nil {
		return nil // deleted since: the rejection stands
	}
	switch {
	case p.Status.Phase != corev1.PodFailed || p.Status.Reason != reason:
		return &timeline.Mismatch{Expected: exp + " (phase Failed)", Observed: describePod(p)}
	case !strings.HasPrefix(p.Status.Message, "Pod was rejected: "):
		return &timeline.Mismatch{Expected: exp + ` (message "Pod was rejected: …")`, Observed: fmt.Sprintf("message %q", p.Status.Message)}
	case len(p.Status.ContainerStatuses) > 0:
		return &timeline.Mismatch{Expected: exp + " (no container statuses)", Observed: describePod(p)}
	}
	return nil
}

// Then the pod "web" stays Pending with reason "Unschedulable": the
// scenario run to the end of its activity, the pod never left the phase
// since t=0 and shows the reason: its PodScheduled condition's, its
// status reason, or a container's waiting reason.
func podStaysWithReason(ctx context.Context, name, phase, reason string) error {
	st := From(ctx)
	if err := oneOf("phase", phase, withinPhases...); err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	exp := fmt.Sprintf("pod %q %s with reason %s throughout", name, phase, reason)
	for _, e := range st.events() {
		if e.Pod == name && st.t0.Precedes(e) && e.Kind == timeline.Phase && e.Reason != phase {
			return &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("phase %s at %s", e.Reason, timeline.FormatOffset(e.At-st.t0.At))}
		}
	}
	p := st.Session.View().Pod(name)
	if p == nil {
		return &timeline.Mismatch{Expected: exp, Observed: "the pod is gone"}
	}
	if string(p.Status.Phase) != phase {
		return &timeline.Mismatch{Expected: exp, Observed: describePod(p)}
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
	return &timeline.Mismatch{Expected: exp, Observed: describePod(p) + scheduledMessage(p)}
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
func podScheduledOn(ctx context.Context, name, node string) error {
	st := From(ctx)
	if _, err := st.Plan.mustPod(name); err != nil {
		return err
	}
	if _, err := st.Plan.node(node); err != nil || st.DryRun {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	if _, _, err := st.Session.RunUntil(ctx, st.Session.Now()+st.settleLimit(), func(v driver.View) bool {
		p := v.Pod(name)
		return p == nil || p.Spec.NodeName != ""
	}); err != nil {
		return err
	}
	p := st.Session.View().Pod(name)
	if p == nil || p.Spec.NodeName != node {
		where := "not scheduled"
		if p == nil {
			where = "the pod is gone"
		} else if p.Spec.NodeName != "" {
			where = "scheduled on node " + p.Spec.NodeName
		} else {
			where += scheduledMessage(p)
		}
		return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q scheduled on node %q", name, node), Observed: where}
	}
	return nil
}

// Then the pod "high" is nominated to node "worker-1": its
// status.nominatedNodeName now (set by preemption, cleared at binding).
func podNominated(ctx context.Context, name, node string) error {
	st := From(ctx)
	if _, err := st.Plan.node(node); err != nil {
		return err
	}
	return st.check(ctx, name, func(p *corev1.Pod) error {
		if p.Status.NominatedNodeName != node {
			return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q nominated to node %q", name, node),
				Observed: fmt.Sprintf("nominatedNodeName %q, %s%s", p.Status.NominatedNodeName, describePod(p), scheduledMessage(p))}
		}
		return nil
	})
}
