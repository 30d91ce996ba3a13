package steps

import (
	"context"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/printer"
)

// Phrases of issue 38's held-out sets 72 to 76 (first drafts written
// from the README alone):
//   - no event in the first seconds (`no event "Unhealthy" is recorded
//     for pod "web" before 30s`, `… with message "Liveness probe failed"
//     is recorded for pod "web" within 120s`): the hint dropped the
//     bound, which made the check one of the whole scenario;
//   - a Job's failure at an instant or in a window (`the job "long"
//     fails with reason "DeadlineExceeded" at 30s`), hinted `within`,
//     which loses the window's beginning;
//   - kubectl get nodes' STATUS column (`the node "node-a" STATUS is
//     "Ready,SchedulingDisabled" within 1s`, four times in set 72; the
//     hint offered a pod's STATUS).
func draftSeventyTwoWordings() []Def {
	const f = "events"
	noEv := func(c []string, text string, contains bool, bound string) Step {
		return &eventNotBefore{ctrEventNotBefore: ctrEventNotBefore{d: bound}, reason: c[0], about: eventAboutOf(c[1:4]), text: text, contains: contains}
	}
	return []Def{
		phrase(f, `^no event "([^"]*)" is recorded`+about+` (?:before|within|in the first) (\S+)$`, `Then no event "Unhealthy" is recorded for pod "web" before 30s`,
			func(c []string, _ Arg) (Step, error) { return noEv(c, "", false, c[4]), nil }).with(eventSlot("Unhealthy")),
		phrase(f, `^no event "([^"]*)" with message (containing )?"([^"]*)" is recorded`+about+` (?:before|within|in the first) (\S+)$`, `Then no event "Unhealthy" with message "Liveness probe failed" is recorded for pod "web" within 120s`,
			func(c []string, _ Arg) (Step, error) {
				return noEv(append([]string{c[0]}, c[3:6]...), c[2], c[1] != "", c[6]), nil
			}).with(eventSlot("Unhealthy")),
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? takes (\S+) to start serving$`, `Given container "app" of pod "web" takes 42s to start serving`,
			s3(func(c, p string, d time.Duration) Step { return servesAfter{ctr: shapedCtr{c, p}, after: d} })),
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? (?:starts serving|answers (?:HTTP|requests|its probes)(?: only)?|becomes healthy) (?:after|from) (\S+)$`, `Given container "app" of pod "web" answers HTTP only after 42s`,
			s3(func(c, p string, d time.Duration) Step { return servesAfter{ctr: shapedCtr{c, p}, after: d} })),
		phrase("disruptions", `^the drain fails with (?:message containing |an error containing |message |error )?"([^"]*)"(?: within (\S+))?$`, `Then the drain fails with "cannot delete Pods that declare no controller" within 1s`,
			func(c []string, _ Arg) (Step, error) { return drainEndsAs(c[0], "within", c[1]) }),
		phrase("disruptions", `^the drain completes(?: (at|within) (\S+))?$`, `Then the drain completes within 35s`,
			func(c []string, _ Arg) (Step, error) { return drainEndsAs("", c[0], c[1]) }).
			with(slot("time bound", "within", "at", "within")),
		phrase("node expectations", `^node "([^"]*)" (?:STATUS is|status is|shows STATUS|shows status|shows) "?([A-Za-z,]+)"?(?: within (\S+))?$`, `Then node "worker-1" STATUS is "Ready,SchedulingDisabled" within 1s`,
			s3(func(node, status, within string) Step {
				return nodeStatusIs{node: node, status: status, within: within}
			})).
			with(openSlot("node STATUS", "Ready,SchedulingDisabled", "Ready", "NotReady", "Unknown", "Ready,SchedulingDisabled", "NotReady,SchedulingDisabled")),
		phrase("workloads", `^the job "([^"]*)" fails(?: with reason "([^"]*)")? (?:at (\S+)|between (\S+) and (\S+))$`, `Then the job "long" fails with reason "DeadlineExceeded" at 30s`,
			func(c []string, a Arg) (Step, error) {
				lo, hi := c[2], c[2]
				if lo == "" {
					lo, hi = c[3], c[4]
				}
				return s2(func(a, b writtenSpan) Step {
					return jobCondIn{objectCondition{kind: "job", name: c[0], cond: "Failed", status: "True", reason: c[1]}, a, b}
				})([]string{lo, hi}, a)
			}),
	}
}

// Then no event "Unhealthy" is recorded for pod "web" before 30s: no such
// event from t=0 up to t0+D, as `container "app" does not receive SIGTERM
// before D` judges its signal (ctrEventNotBefore): on a cluster, none
// before the window of one expected at D opens.
type eventNotBefore struct {
	ctrEventNotBefore
	reason, text string
	contains     bool
	about        eventAbout
}

func (s *eventNotBefore) Declare(pl *Plan) (err error) {
	if s.sel, _, err = s.about.selector(pl, s.reason); err != nil {
		return err
	}
	switch {
	case s.contains:
		s.sel.Contains = s.text
	case s.text != "":
		s.sel.Message = s.text
	}
	s.dur, err = parseDuration(s.d)
	return err
}

// Then node "worker-1" STATUS is "Ready,SchedulingDisabled": the column
// as `kubectl get nodes` prints it (printer.NodeStatus), read now or, with
// `within D`, at some time up to t0+D, as `node "x" has taint` reads a
// taint.
type nodeStatusIs struct{ node, status, within string }

func (s nodeStatusIs) Declare(pl *Plan) error {
	_, err := pl.nodeCheck(s.node, s.within)
	return err
}

func (s nodeStatusIs) Run(ctx context.Context, st *State) error {
	return checkNode(ctx, st, s.node, s.within, "with STATUS "+s.status, func(n *corev1.Node) string {
		if got := printer.NodeStatus(n); got != s.status {
			return "STATUS " + got
		}
		return ""
	})
}

// Given container "app" takes 42s to start serving (set 78, six times,
// also `answers HTTP only after 42s`; the hint offered `takes 42s to exit
// after SIGTERM`): every probe the container has fails until D after each
// start and passes from then on (`fails its <probe> probe until D` for
// each); a container without a probe gets a readiness probe that passes
// from D, as `becomes ready after D` gives it.
type servesAfter struct {
	declaration
	ctr   shapedCtr
	after time.Duration
}

func (s servesAfter) Declare(pl *Plan) error {
	_, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod)
	if err != nil {
		return err
	}
	var kinds []string
	for _, p := range []struct {
		kind  string
		probe *corev1.Probe
	}{{"startup", c.StartupProbe}, {"liveness", c.LivenessProbe}, {"readiness", c.ReadinessProbe}} {
		if p.probe != nil {
			kinds = append(kinds, p.kind)
		}
	}
	if len(kinds) == 0 {
		kinds = []string{"readiness"}
	}
	for _, k := range kinds {
		if err := passesProbeFrom(s.ctr.container, s.ctr.pod, k, s.after).Declare(pl); err != nil {
			return err
		}
	}
	return nil
}

// Then the drain fails with "cannot delete Pods that declare no
// controller" within 1s; the drain completes within 35s (set 72, five
// times; the hint offered a Job's failure, or `the drain of the node`,
// which a scenario of two nodes cannot say): the drain of the node the
// scenario drained, as `the drain of node "x" …` judges it. A scenario
// that drained no node, or more than one, is an error that says so.
type theDrain struct{ drainEnds }

func (s theDrain) Declare(pl *Plan) error {
	if s.bound >= 0 {
		return oneOf("time bound", s.boundKind, "at", "within")
	}
	return nil
}

func (s theDrain) Run(ctx context.Context, st *State) error {
	var nodes []string
	for _, n := range st.Plan.disr.drained {
		if !slices.Contains(nodes, n) {
			nodes = append(nodes, n)
		}
	}
	switch len(nodes) {
	case 0:
		return inputErr("`the drain` names the drain of an earlier step, and no node was drained before this one")
	case 1:
		s.node = nodes[0]
		return s.drainEnds.Run(ctx, st)
	}
	return inputErr("`the drain`: this scenario drained %d nodes (%s); say which: `the drain of node %q …`", len(nodes), strings.Join(nodes, ", "), nodes[len(nodes)-1])
}

// drainEndsAs is `the drain …` with its message ("" to complete) and its
// bound ("": untimed).
func drainEndsAs(text, word, bound string) (Step, error) {
	if bound == "" {
		return theDrain{drainEnds{errText: text, bound: -1}}, nil
	}
	d, err := parseDuration(bound)
	return theDrain{drainEnds{errText: text, bound: d, boundKind: word}}, err
}
