package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/cucumber/godog"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's sixth held-out set (first drafts
// written from the README and docs/language.md alone).
//
// An event that does not happen before a time: `container "log-shipper"
// does not receive SIGTERM before 5s`, `container "app" is not restarted
// before 30s`, `container "app" does not start before 20s`, `container
// "app" does not exit before 10s`. The first occurrence at or after t=0
// is not earlier than t0+D (or there is none): the phrase of `at D`'s
// window with its lower bound only, so that on a cluster it is judged by
// the window the judge gives an event expected at D (never earlier than
// D by more than the observer's precision). It waits until that bound,
// not beyond, and decides there: the current time moves to it.
func draftSevenWordings() []Def {
	const f = "signals and hooks"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	notBefore := func(kind timeline.Kind) parser {
		return s3(func(c, p, d string) Step { return &ctrEventNotBefore{ctr: ctrOfPod{c, p}, kind: kind, d: d} })
	}
	return []Def{
		phrase(f, ctr+`does not receive (SIG\S+) before (\S+)$`, `Then container "sidecar" does not receive SIGTERM before 5s`,
			s4(func(c, p string, sig sigKind, d string) Step {
				return &ctrEventNotBefore{ctr: ctrOfPod{c, p}, kind: timeline.Kind(sig), d: d}
			})).with(signalSlot("SIGTERM")),
		phrase(f, ctr+`(?:is not restarted|does not restart) before (\S+)$`, `Then container "app" is not restarted before 30s`, notBefore(timeline.Restarted)),
		phrase(f, ctr+`(?:does not start|is not started) before (\S+)$`, `Then container "app" does not start before 20s`, notBefore(timeline.Started)),
		phrase(f, ctr+`does not exit before (\S+)$`, `Then container "app" does not exit before 10s`, notBefore(timeline.Exited)),
	}
}

// draftSevenAliases are the meanings of phrases the language already
// had, said as the sixth held-out set's authors said them: `the PDB "x"
// allows 1 disruption`, `a node "worker-1" with 4 CPU and 8Gi memory` (110
// pods, the default's), `the job "x" fails with reason "R" within D` (its
// condition Failed True), `the node reports MemoryPressure within 10s`
// (its condition True), `the pod "web" has 1 restart within 70s` (a pod of
// one container: that container's restart count), `a pod "x" with
// priority class "c":` (its spec.priorityClassName), `container "app"
// hangs after 60s` (every liveness and readiness probe it has fails from
// then on).
func draftSevenAliases() []Def {
	return []Def{
		phrase("cluster", `^a node "([^"]*)" with (\S+) CPUs? and (\S+) memory$`, `Given a node "worker-1" with 4 CPU and 8Gi memory`,
			s3(func(name string, cpu, mem resource.Quantity) Step {
				return aNode{name: name, sized: true, cpu: cpu, mem: mem, pods: resource.MustParse("110")}
			})),
		phrase("pods", `^a pod "([^"]*)" with priority class "([^"]*)"$`, `Given a pod "critical" with priority class "system-node-critical"`,
			s2(func(name, class string) Step { return aPod{name: name, podFields: podFields{priorityClass: class}} })),
		phrase("pods", `^a pod "([^"]*)" with priority class "([^"]*)":$`, "Given a pod \"critical\" with priority class \"system-node-critical\":\n  \"\"\"yaml\n  spec: ...\n  \"\"\"",
			withDoc(func(c []string, doc *godog.DocString) (Step, error) {
				return aPod{name: c[0], podFields: podFields{priorityClass: c[1]}, doc: doc}, nil
			})),
		phrase("behaviour", `^container "([^"]*)"(?: of pod "([^"]*)")? hangs after (\S+)$`, `Given container "app" of pod "web" hangs after 60s`,
			s3(func(cname, pname string, after time.Duration) Step {
				return hangsAfter{ctr: shapedCtr{cname, pname}, after: after}
			})),
		phrase("pod expectations", `^the pod "([^"]*)" has (\S+) restarts? within (\S+)$`, `Then the pod "web" has 1 restart within 70s`,
			s3(func(pod string, n Count, d writtenSpan) Step { return &podRestartsWithin{pod: pod, n: n, d: d} })),
		phrase("node expectations", `^node "([^"]*)" reports (\w+)(?: within (\S+))?$`, `Then node "worker-1" reports MemoryPressure within 10s`,
			s3(func(node, ctype, within string) Step {
				return nodeCondition{node: node, ctype: ctype, status: "True", within: within}
			})).with(openSlot("condition", "MemoryPressure", nodeConditionTypes...)),
		phrase("workloads", `^the job "([^"]*)" fails(?: with reason "([^"]*)")? within (\S+)$`, `Then the job "batch" fails with reason "BackoffLimitExceeded" within 1m`,
			func(c []string, a Arg) (Step, error) {
				return parseObjectCondition("job")([]string{c[0], "Failed", "True", c[1], c[2]}, a)
			}),
		phrase("disruptions", `^the PDB "([^"]*)" allows (\S+) disruptions?$`, `Then the PDB "web" allows 1 disruption`,
			s2(func(name string, n Count) Step { return pdbHas{name: name, field: "disruptionsAllowed", want: n} })),
	}
}

// Given container "app" hangs after 60s: the process stops answering, so
// each of its liveness and readiness probes (it must have one) fails from
// D after each start on, as `fails its liveness probe after D` and `fails
// its readiness probe after D` together.
type hangsAfter struct {
	declaration
	ctr   shapedCtr
	after time.Duration
}

func (s hangsAfter) Declare(pl *Plan) error {
	_, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod)
	if err != nil {
		return err
	}
	if c.LivenessProbe == nil && c.ReadinessProbe == nil {
		return inputErr("container %q has no liveness or readiness probe for a hang to fail: give it one in the pod's YAML", c.Name)
	}
	for _, k := range []failingProbe{"liveness", "readiness"} {
		if k == "liveness" && c.LivenessProbe == nil || k == "readiness" && c.ReadinessProbe == nil {
			continue
		}
		if err := (failsProbeAfter{ctr: s.ctr, kind: k, after: s.after}).Declare(pl); err != nil {
			return err
		}
	}
	return nil
}

// Then the pod "web" has 1 restart within 70s: `the pod "web" has 1
// restart` (kubectl's RESTARTS) at some time up to t0+D, read as the
// other columns by a deadline are (polledWithin). With atLeast (`shows at
// least 1 restart within 30s`, expect_wordings22.go) the count is at least
// N then.
type podRestartsWithin struct {
	pod     string
	n       Count
	d       writtenSpan
	atLeast bool
}

func (s *podRestartsWithin) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s *podRestartsWithin) Run(ctx context.Context, st *State) error {
	p, _ := st.Plan.mustPod(s.pod) // checked by Declare
	what := "showing " + times(int(s.n), "restart")
	if s.atLeast {
		what = "showing at least " + times(int(s.n), "restart")
	}
	return polledWithin(ctx, st, p.name, s.d, what, func(v driver.View) (bool, string) {
		cols, found := columns(v, p.name)
		if s.atLeast {
			return found && restartsAtLeast(cols, s.n), "RESTARTS " + cols.Restarts
		}
		return found && showsRestarts(cols, s.n), "RESTARTS " + cols.Restarts
	})
}

// ctrEventNotBefore: the container's event kind does not come in [t0,
// t0+d): its first occurrence at or after t=0 is at t0+d or later, or
// there is none by then.
type ctrEventNotBefore struct {
	ctr  ctrOfPod
	kind timeline.Kind
	d    string
	// Declare's: the event and the bound.
	sel timeline.Selector
	dur time.Duration
}

func (s *ctrEventNotBefore) Declare(pl *Plan) (err error) {
	if s.sel, err = s.ctr.event(pl, s.kind); err != nil {
		return err
	}
	s.dur, err = parseDuration(s.d)
	return err
}

func (s *ctrEventNotBefore) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The window of the event expected at D: its lower bound is the
	// earliest an occurrence the rule allows may be seen.
	w, err := st.window(ctx, s.sel, s.dur, s.dur)
	if err != nil {
		return err
	}
	if err := st.waitFor(ctx, w.From, s.sel); err != nil {
		return err
	}
	exp := fmt.Sprintf("no %s before %s%s", s.sel.Describe(), timeline.FormatOffset(s.dur), w.Note())
	e, ok := timeline.First(st.clk().events(), st.from(s.sel.Pod), s.sel)
	if ok && e.At < w.From {
		v := &timeline.Verdict{Kind: timeline.Early, Expected: exp,
			Observed: fmt.Sprintf("%s at %s", s.sel.Describe(), timeline.FormatOffset(e.At-st.clock.t0.At)), Window: &w, Event: &e}
		// The check of a failure: the event came before the window of
		// one expected at D. One that held keeps no check, as `never`
		// keeps none: it awaited no event.
		c := w.Check("no "+checkWhat(s.sel)+" before "+timeline.FormatOffset(s.dur), s.sel)
		c.Line, c.Step, c.Observed, c.Seen, c.Verdict = st.stepLine, st.stepText, e.At, true, v
		st.Checks = append(st.Checks, c)
		st.clk().decided(e.At, max(0, e.At-w.Ref))
		return v
	}
	st.clk().decided(w.From, s.dur)
	return nil
}

// restartsAtLeast says whether the RESTARTS column counts n or more.
func restartsAtLeast(c printer.Columns, n Count) bool {
	var got int
	if _, err := fmt.Sscan(c.Restarts, &got); err != nil {
		return false
	}
	return got >= int(n)
}
