package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's thirteenth held-out set (first
// drafts written from the README and docs/language.md alone): a
// workload's ready pods timed (`the deployment "api" has 2 ready replicas
// within 1m`), a node's condition denied (`the node "worker-1" does not
// have condition "DiskPressure" "True"`).
func draftThirteenWordings() []Def {
	const w = "workloads"
	// `the deployment "x" has N ready replicas` untimed is the
	// Deployment's status field (workloadExpectations); the ready pods
	// counted are the same once the controller has synced.
	const ready = `^the (deployment|replica set) "([^"]*)" has (\S+) ready `
	kinds := func(k string) Slot { return slot("workload", k, "deployment", "replica set") }
	readyIn := func(kind, name string, n podsCount, lo, hi writtenSpan, shape string) Step {
		return workloadPodsIn{workloadPods{kind: kind, name: name, want: Count(n), ready: true}, lo, hi, shape}
	}
	const failsHook = `^the postStart hook of container "([^"]*)"(?: of pod "([^"]*)")? (?:fails|failed)`
	const exits = ` (?:exits|exited) with code (\S+)$`
	return []Def{
		// The kubelet stopped: its node stops posting its status and the
		// node-lifecycle controller marks it NotReady, which is what
		// `node "x" becomes NotReady` does (nodeNotReady), the same step.
		phrase("node actions", `^the kubelet (?:on|of) node "([^"]*)" (?:stops|is stopped)$`, `When the kubelet on node "worker-1" stops`,
			s1(func(node string) Step { return nodeNotReady{node: node} })),
		// A plain pod on a node: the default pod (`a pod "web"`, one agent
		// container "app") bound there, as with a doc string.
		phrase("pods", `^a pod "([^"]*)" `+placedOn+` node "([^"]*)"$`, `Given a pod "web" on node "worker-1"`,
			s2(func(name, node string) Step { return aPod{name: name, podFields: podFields{node: node}} })),
		phrase("signals and hooks", failsHook+`$`, `Then the postStart hook of container "app" fails`,
			s2(func(c, p string) Step { return &postStartFails{ctr: ctrOfPod{c, p}} })),
		phrase("signals and hooks", failsHook+` within (\S+)$`, `Then the postStart hook of container "app" fails within 5s`,
			s3(func(c, p, d string) Step { return &postStartFails{ctr: ctrOfPod{c, p}, timed: true, lo: "0s", hi: d} })),
		phrase("signals and hooks", failsHook+` at (\S+)$`, `Then the postStart hook of container "app" fails at 3s`,
			s3(func(c, p, at string) Step { return &postStartFails{ctr: ctrOfPod{c, p}, timed: true, lo: at, hi: at} })),
		phrase("signals and hooks", failsHook+` between (\S+) and (\S+)$`, `Then the postStart hook of container "app" fails between 0s and 5s`,
			s4(func(c, p, a, b string) Step { return &postStartFails{ctr: ctrOfPod{c, p}, timed: true, lo: a, hi: b} })),
		phrase("signals and hooks", `^the pod "([^"]*)"`+exits, `Then the pod "web" exits with code 1`,
			s2(func(pod string, code ExitCode) Step { return &podExitsWithCode{pod: pod, code: code} })),
		phrase("node expectations", `^node "([^"]*)" (?:does not have|has no) condition "([^"]*)" "([^"]*)"$`, `Then node "worker-1" does not have condition "DiskPressure" "True"`,
			s3(func(node, ctype, status string) Step {
				return nodeCondition{node: node, ctype: ctype, status: status, absent: true}
			})).
			with(openSlot("condition", "DiskPressure", nodeConditionTypes...), slot("status", "True", conditionStatuses...)),
		phrase(w, ready+`pods?$`, `Then the deployment "api" has 2 ready pods`,
			s3(func(kind, name string, n podsCount) Step {
				return workloadPods{kind: kind, name: name, want: Count(n), ready: true}
			})).with(kinds("deployment")),
		phrase(w, `^the replica set "([^"]*)" has (\S+) ready replicas?$`, `Then the replica set "web" has 2 ready replicas`,
			s2(func(name string, n podsCount) Step {
				return workloadPods{kind: "replica set", name: name, want: Count(n), ready: true}
			})),
		phrase(w, ready+`(?:pods?|replicas?) within (\S+)$`, `Then the deployment "api" has 2 ready replicas within 1m`,
			s4(func(kind, name string, n podsCount, d writtenSpan) Step {
				return readyIn(kind, name, n, writtenSpan{0, "0s"}, d, "within "+d.text)
			})).with(kinds("deployment")),
		phrase(w, ready+`(?:pods?|replicas?) at (\S+)$`, `Then the replica set "web" has 1 ready pod at 10s`,
			s4(func(kind, name string, n podsCount, at writtenSpan) Step {
				return readyIn(kind, name, n, at, at, "at "+at.text)
			})).with(kinds("replica set")),
		phrase(w, ready+`(?:pods?|replicas?) between (\S+) and (\S+)$`, `Then the deployment "api" has 2 ready pods between 5s and 10s`,
			s5(func(kind, name string, n podsCount, a, b writtenSpan) Step {
				return readyIn(kind, name, n, a, b, "between "+a.text+" and "+b.text)
			})).with(kinds("deployment")),
	}
}

// Then the pod "web" exits with code 1 (exited); the third pod of job
// "migrate" exited with code 1 (of a deployment, of a replica set: the
// workload pod a bare pod's phrase takes, workloads_drafts.go): a pod's
// exit is its container's, where the pod has one container (init
// containers aside: they run to completion before it), as `container
// "c" of pod "p" exits with code C` for that container (untimed: the
// exit chosen as the untimed rule chooses it must have that code). A pod
// of several containers is an error naming them: which one's exit is
// meant is the container phrase's to say.
type podExitsWithCode struct {
	pod  string
	code ExitCode
	sel  timeline.Selector // Declare's: the exit of the pod's one container
}

func (s *podExitsWithCode) Declare(pl *Plan) error {
	p, err := pl.mustPod(s.pod)
	if err != nil {
		return err
	}
	cs := p.pod.Spec.Containers
	if len(cs) != 1 {
		var names []string
		for _, c := range cs {
			names = append(names, fmt.Sprintf("%q", c.Name))
		}
		return inputErr("pod %q has %d containers (%s): a pod's exit is one of its containers'; say which: container %s of pod %q exits with code %d", s.pod, len(cs), strings.Join(names, ", "), names[0], s.pod, int(s.code))
	}
	s.sel, err = pl.containerEvent(cs[0].Name, s.pod, timeline.Exited)
	return err
}

func (s *podExitsWithCode) Run(ctx context.Context, st *State) error {
	if ok, err := st.livePod(ctx, s.pod); !ok || err != nil {
		return err
	}
	want := int(s.code)
	return st.expectUntimed(ctx, s.sel, fmt.Sprintf("exit of pod %q (its container %q) with code %d", s.pod, s.sel.Container, want),
		func(e timeline.Event) bool { return e.Code == want })
}

// Then the postStart hook of container "app" fails (within 5s, at 0s,
// between 0s and 5s): the hook ended with an error, which the kubelet
// reports as the container's Warning event FailedPostStartHook before it
// kills the container (reason PostStartHookError): pkg/kubelet/kuberuntime
// kuberuntime_container.go startContainer, step 4, v1.36.3 (the
// simulator's syncRun.postStartDone). The event is the hook's failure on
// both drivers (a cluster's Event read from the API server, as `an event
// "FailedPostStartHook" is recorded for container "app"` reads it);
// untimed, some time in the scenario (the untimed rule); timed, its first
// occurrence at or after t=0 in the window. The container must have a
// postStart hook.
type postStartFails struct {
	ctr ctrOfPod
	// preStop: the preStop hook's failure, FailedPreStopHook (issue 38's
	// fourteenth held-out set), which the kubelet records when the exec
	// or HTTP hook returned an error and goes on killing the container
	// (kuberuntime_container.go executePreStopHook, v1.36.3; the
	// simulator's killer, pkg/sim/kill.go).
	preStop  bool
	timed    bool
	lo, hi   string
	sel      timeline.Selector
	from, to time.Duration
}

func (s *postStartFails) Declare(pl *Plan) (err error) {
	_, c, err := pl.mustContainer(s.ctr.name, s.ctr.pod)
	if err != nil {
		return err
	}
	hook, field, reason := s.hook()
	if c.Lifecycle == nil || (!s.preStop && c.Lifecycle.PostStart == nil) || (s.preStop && c.Lifecycle.PreStop == nil) {
		return inputErr("container %q has no %s hook: give it one in the pod's YAML (lifecycle.%s)", c.Name, hook, field)
	}
	if s.sel, _, err = pl.eventSelector(reason, s.ctr.name, s.ctr.pod, ""); err != nil {
		return err
	}
	if s.timed {
		s.from, s.to, err = window(s.lo, s.hi)
	}
	return err
}

func (s *postStartFails) Run(ctx context.Context, st *State) error {
	hook, _, reason := s.hook()
	what := fmt.Sprintf("the %s hook of container %q failed (event %s)", hook, s.sel.Container, reason)
	if !s.timed {
		return st.expectUntimed(ctx, s.sel, what, nil)
	}
	err := st.expectIn(ctx, s.sel, s.from, s.to)
	if v, ok := err.(*timeline.Verdict); ok {
		v.Expected = hook + " hook failed: " + v.Expected
	}
	return err
}

// hook is the hook's name, its field and the reason of its failure's
// event.
func (s *postStartFails) hook() (name, field, reason string) {
	if s.preStop {
		return "preStop", "preStop", "FailedPreStopHook"
	}
	return "postStart", "postStart", "FailedPostStartHook"
}
