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

func nodeExpectations() []Def {
	const f = "node expectations"
	return []Def{
		phrase(f, `^node "([^"]*)" has condition "([^"]*)" "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has condition "MemoryPressure" "True" within 10s`,
			s4(func(node, ctype, status, within string) Step {
				return nodeCondition{node: node, ctype: ctype, status: status, within: within}
			})).
			with(openSlot("condition", "MemoryPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)).withDefault("True", "True"),
		phrase(f, `^node "([^"]*)" has condition "([^"]*)" "([^"]*)" between (\S+) and (\S+)$`, `Then node "worker-1" has condition "MemoryPressure" "True" between 10s and 20s`,
			s5(func(node, ctype, status, lo, hi string) Step {
				return &nodeConditionBetween{node: node, ctype: ctype, status: status, lo: lo, hi: hi}
			})).
			with(openSlot("condition", "MemoryPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)).withDefault("True", "True"),
		phrase(f, `^node "([^"]*)" never has condition "([^"]*)" "([^"]*)"$`, `Then node "worker-1" never has condition "DiskPressure" "True"`,
			s3(func(node, ctype, status string) Step {
				return &nodeNeverCondition{now: nodeCondition{node: node, ctype: ctype, status: status, absent: true}}
			})).
			with(openSlot("condition", "DiskPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)).withDefault("True", "True"),
		phrase(f, `^node "([^"]*)" has taint "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule" within 10s`,
			s3(func(node string, t nodeTaint, within string) Step {
				return nodeHasTaint{node: node, taint: t, within: within}
			})),
		// `within D`: gone by t0+D (issue 38's set 71: the pressure taint
		// taken off once the pressure ends).
		phrase(f, `^node "([^"]*)" has no taint "([^"]*)"(?: within (\S+))?$`, `Then node "worker-1" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"`,
			s3(func(node string, t nodeTaint, within string) Step {
				return nodeHasTaint{node: node, taint: t, within: within, absent: true}
			})),
	}
}

// nodeCheck declares a check of a node's state, with the window's bound
// as written ("": none). The bound is read after the node is checked, as
// it always was, so it stays text in the steps.
func (pl *Plan) nodeCheck(name, within string) (time.Duration, error) {
	if _, err := pl.node(name); err != nil {
		return 0, err
	}
	if within == "" {
		return 0, nil
	}
	return parseDuration(within)
}

// checkNode runs a state check on a node at the current time; with a
// window, it waits up to t0+D for it to hold (a state predicate: before
// t=0 counts if it still holds... the node's state is read as it is).
func checkNode(ctx context.Context, st *State, name, within string, what string, f func(n *corev1.Node) string) error {
	d, err := st.Plan.nodeCheck(name, within)
	if err != nil {
		return err
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	exp := fmt.Sprintf("node %q %s", name, what)
	if within == "" && st.clk().exact {
		// A state check reads the current time, which an untimed
		// expectation did not move (dsl.md, Time: "current time").
		sess, err := st.clk().present(ctx)
		if err != nil {
			return err
		}
		n := sess.View().Node(name)
		if n == nil {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: "the node does not exist"}
		}
		if last := f(n); last != "" {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: st.clk().readAt() + ": " + last, Read: true, ReadAt: st.clock.cur}
		}
		return nil
	}
	sess := st.Session
	if within != "" {
		// Whether it held up to the deadline is read as the session runs
		// there, not where an earlier step ran it to: on the simulator
		// from t=0 (the node at t=0 stands for the time before).
		var err error
		if sess, err = st.clk().sessionFrom(ctx, st.clock.t0.At); err != nil {
			return err
		}
	}
	late := st.clk().tol
	// A node's condition or taint follows the eviction manager's pass
	// and the kubelet's node status update on a cluster: the judge's
	// margin for what a node action brings about is the tolerance of a
	// state read of the node too (none on the simulator).
	_, m := st.judge().Margin(timeline.Selector{Pod: nodeTimelineName(name), Kind: timeline.Condition}, driver.ActionNode)
	late = max(late, m)
	deadline := sess.Now() + late
	if within != "" {
		deadline = max(st.clock.t0.At+d+late, sess.Now())
		if st.clk().exact {
			deadline = st.clock.t0.At + d
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
			st.clk().decided(at, at-st.clock.t0.At)
		} else {
			st.clk().decided(deadline, d)
		}
	}
	if err != nil || ok {
		return err
	}
	if within != "" {
		// The state did not come by the deadline.
		return &timeline.Verdict{Kind: timeline.Missing, Expected: exp + " within " + within, Observed: last}
	}
	return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: last}
}

// Then node "worker-1" has condition "MemoryPressure" "True"
//
// Then node "worker-1" does not have condition "DiskPressure" "True" (has
// no condition): the condition's status is not that one at the current
// time (a node without the condition has no status for it), read as the
// positive is: exactly on the simulator, in the present on a cluster
// (polled for up to the tolerance, as `has no taint`).
type nodeCondition struct {
	node, ctype, status, within string
	absent                      bool
	// reason, message: the condition's, when said (nodecondition_words.go):
	// its reason as written, its message as it begins; status "" then
	// takes any status.
	reason, message string
}

func (s nodeCondition) Declare(pl *Plan) error {
	if s.status != "" || s.reason == "" && s.message == "" {
		if err := oneOf("condition status", s.status, conditionStatuses...); err != nil {
			return err
		}
	}
	_, err := pl.nodeCheck(s.node, s.within)
	return err
}

func (s nodeCondition) Run(ctx context.Context, st *State) error {
	if s.absent {
		return checkNode(ctx, st, s.node, "", fmt.Sprintf("without condition %s=%s", s.ctype, s.status), func(n *corev1.Node) string {
			for _, c := range n.Status.Conditions {
				if string(c.Type) == s.ctype && string(c.Status) == s.status {
					return fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)
				}
			}
			return ""
		})
	}
	return checkNode(ctx, st, s.node, s.within, "with condition "+s.said(), func(n *corev1.Node) string {
		var have []string
		for _, c := range n.Status.Conditions {
			if string(c.Type) == s.ctype {
				if (s.status == "" || string(c.Status) == s.status) && (s.reason == "" || c.Reason == s.reason) && strings.HasPrefix(c.Message, s.message) {
					return ""
				}
				if s.message != "" {
					return fmt.Sprintf("condition %s=%s reason %q message %q", c.Type, c.Status, c.Reason, c.Message)
				}
				return fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)
			}
			have = append(have, string(c.Type))
		}
		return "no such condition (has " + strings.Join(have, ", ") + ")"
	})
}

// said is the condition as the step says it.
func (s nodeCondition) said() string {
	out := s.ctype
	if s.status != "" {
		out += "=" + s.status
	}
	if s.reason != "" {
		out += fmt.Sprintf(" reason %q", s.reason)
	}
	if s.message != "" {
		out += fmt.Sprintf(" message beginning %q", s.message)
	}
	return out
}

// Then node "worker-1" has condition "MemoryPressure" "True" between 10s
// and 20s: the condition's coming, as a pod state's `between` is (the
// first time it took that status at or after t=0, from the node's
// timeline), lies in [A, B]; a status that came before t=0 and still
// holds did not come in the window.
type nodeConditionBetween struct {
	node, ctype, status, lo, hi string
	sel                         timeline.Selector
	from, to                    time.Duration
}

func (s *nodeConditionBetween) Declare(pl *Plan) (err error) {
	if err := oneOf("condition status", s.status, conditionStatuses...); err != nil {
		return err
	}
	if _, err := pl.node(s.node); err != nil {
		return err
	}
	s.sel = timeline.Selector{Pod: nodeTimelineName(s.node), Kind: timeline.Condition, Reason: s.ctype, Status: s.status}
	s.from, s.to, err = window(s.lo, s.hi)
	return err
}

func (s *nodeConditionBetween) Run(ctx context.Context, st *State) error {
	return st.expectIn(ctx, s.sel, s.from, s.to)
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

// Then node "worker-1" has taint "node.kubernetes.io/memory-pressure:NoSchedule" [within D]
//
// Then node "worker-1" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"
type nodeHasTaint struct {
	node   string
	taint  nodeTaint
	within string
	absent bool
}

func (s nodeHasTaint) Declare(pl *Plan) error {
	_, err := pl.nodeCheck(s.node, s.within)
	return err
}

func (s nodeHasTaint) Run(ctx context.Context, st *State) error {
	what := "with taint " + s.taint.text
	if s.absent {
		what = "without taint " + s.taint.text
	}
	return checkNode(ctx, st, s.node, s.within, what, func(n *corev1.Node) string {
		if hasTaint(n, s.taint.Taint) != s.absent {
			return ""
		}
		return taintsOf(n)
	})
}
