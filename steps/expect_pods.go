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
		phrase(f, `^the pod "([^"]*)" is (`+strings.Join(nowStates, "|")+`)$`, `Then the pod "web" is Running`,
			s2(func(pod, state string) Step { return thePodIs{podNamed{pod}, state, false} })).with(stateSlot("Running", nowStates)),
		phrase(f, `^the pod "([^"]*)" is not (`+strings.Join(notStates, "|")+`)$`, `Then the pod "web" is not Ready`,
			s2(func(pod, state string) Step { return thePodIs{podNamed{pod}, state, true} })).with(stateSlot("Ready", notStates)),
		phrase(f, `^the pod "([^"]*)" is (\S+) within (\S+)$`, `Then the pod "web" is Running within 10s`,
			s3(podIsWithin)).with(stateSlot("Running", podStates)), // `is deleted within D` too (expect_wordings56.go)
		phrase(f, `^the pod "([^"]*)" is (\S+) between (\S+) and (\S+)$`, `Then the pod "web" is gone between 6s and 8s`,
			s4(podIsBetween)).with(stateSlot("gone", podStates)), // and `is deleted between A and B` (expect_wordings56.go)
		phrase(f, `^the pod "([^"]*)" is (\S+) at (\S+)$`, `Then the pod "web" is gone at 7s`,
			s3(func(pod string, state withinState, at writtenSpan) Step {
				return podIsBetween(pod, state, at, at)
			})).with(stateSlot("gone", podStates)),
		phrase(f, `^the pod "([^"]*)" is not (\S+) after (\S+)$`, `Then the pod "web" is not gone after 4s`,
			s3(func(pod string, state heldState, d writtenSpan) Step {
				return thePodIsNotAfter{podNamed{pod}, state.podState, d}
			})).with(stateSlot("gone", podStates)),
		phrase(f, `^the pod "([^"]*)" is not (\S+) before (\S+)$`, `Then the pod "web" is not Ready before 5s`,
			s3(func(pod string, state heldState, d writtenSpan) Step {
				return thePodIsNotBefore{podNamed{pod}, state.podState, d}
			})).with(stateSlot("Ready", podStates)),
		phrase(f, `^the pod "([^"]*)" phase is "?([^" ]*)"?$`, `Then the pod "web" phase is "Succeeded"`,
			s2(func(pod, phase string) Step { return thePodPhase{podNamed{pod}, phase} })).with(slot("phase", "Succeeded", phases...)),
		phrase(f, `^the pod "([^"]*)" phase is "?([^" ]*)"? within (\S+)$`, `Then the pod "web" phase is "Running" within 5s`,
			s3(func(pod string, phase heldPhase, d writtenSpan) Step {
				return thePodIsWithin{podNamed{pod}, phase.podState, d, false}
			})).with(slot("phase", "Running", withinPhases...)),
		phrase(f, `^the pod "([^"]*)" has reason "([^"]*)"$`, `Then the pod "web" has reason "DeadlineExceeded"`,
			s2(func(pod, reason string) Step { return thePodReason{podNamed{pod}, reason} })),
		phrase(f, `^the pod "([^"]*)" (?:status reason is|has status reason) "?([^" ]+)"?$`, `Then the pod "web" status reason is DeadlineExceeded`,
			s2(func(pod, reason string) Step { return thePodReason{podNamed{pod}, reason} })),
		phrase(f, `^the pod "([^"]*)" has condition "?([^" ]*)"? "?([^" ]*)"?(?: with reason "?([^" ]*)"?)?$`, `Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"`,
			s4(func(pod, ctype, status, reason string) Step {
				return thePodCondition{podNamed{pod}, ctype, status, reason}
			})).
			with(openSlot("condition", "Ready", podConditionTypes...), slot("status", "False", conditionStatuses...)).withDefault("False", "True"),
		phrase(f, `^the pod "([^"]*)" has no condition "([^"]*)"$`, `Then the pod "web" has no condition "PodReadyToStartContainers"`,
			s2(func(pod, ctype string) Step { return thePodNoCondition{podNamed{pod}, ctype} })).
			with(openSlot("condition", "PodReadyToStartContainers", podConditionTypes...)),
		phrase(f, `^the pod "([^"]*)" has QoS class "?([^" ]*)"?$`, `Then the pod "web" has QoS class "Burstable"`,
			s2(func(pod, qos string) Step { return thePodQoS{podNamed{pod}, qos} })).with(slot("QoS class", "Burstable", qosClasses...)),
		phrase(f, `^the pod "([^"]*)" has (\S+) restarts?$`, `Then the pod "web" has 2 restarts`,
			s2(func(pod string, n Count) Step { return thePodShowsRestarts{podNamed{pod}, n} })),
		phrase(f, ctr+`has restarted (\S+) times?$`, `Then container "app" of pod "web" has restarted 3 times`,
			s3(func(c, pod string, n Count) Step { return containerRestartCount{containerNamed{c, pod}, n} })),
		phrase(f, ctr+`is waiting with reason "([^"]*)"$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"`,
			s3(func(c, pod, reason string) Step {
				return containerWaitingWith{containerNamed{c, pod}, reason, "", messageContains}
			})),
		phrase(f, ctr+`terminated with reason "([^"]*)" and exit code (\S+)$`, `Then container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137`,
			s4(func(c, pod, reason string, code ExitCode) Step {
				return containerTerminatedWith{containerNamed{c, pod}, reason, &code}
			})),
	}
}

// podNamed is embedded by the checks whose pod is all they declare: it
// must be declared.
type podNamed struct{ pod string }

func (n podNamed) Declare(pl *Plan) error {
	_, err := pl.mustPod(n.pod)
	return err
}

// containerNamed is podNamed for `container "app" [of pod "web"]`.
type containerNamed struct{ container, pod string }

func (n containerNamed) Declare(pl *Plan) error {
	_, _, err := pl.mustContainer(n.container, n.pod)
	return err
}

// writtenSpan is a duration slot that keeps its text: the messages quote
// the step as written ("within 1m", not "within 1m0s").
type writtenSpan struct {
	d    time.Duration
	text string
}

func (s *writtenSpan) set(v string) error {
	d, err := parseDuration(v)
	*s = writtenSpan{d, v}
	return err
}

// heldState is the state slot of `is S within D` (between, not … after).
type heldState struct{ podState }

func (s *heldState) set(v string) (err error) {
	s.podState, err = parsePodState(v)
	return err
}

// heldPhase is the slot of `phase is "P" within D`: a value refused is
// refused as a phase (the phases it waits for), one taken is the pod
// state of that name.
type heldPhase struct{ podState }

func (s *heldPhase) set(v string) error {
	if err := oneOf("phase", v, withinPhases...); err != nil {
		return err
	}
	s.podState, _ = parsePodState(v) // every phase is a state
	return nil
}

// Then the pod "web" is Running within 10s: true at some time up to t0+D,
// before t=0 included. Then the pod "web" phase is "Running" within 5s
// is the same check, its slot named a phase.
type thePodIsWithin struct {
	podNamed
	state podState
	d     writtenSpan
	// comes: `becomes S within D`, the state from t=0 (heldWithinFrom).
	comes bool
}

func (s thePodIsWithin) Run(ctx context.Context, st *State) error {
	if s.state.name == "evicted" {
		return podEvictedWithin(ctx, st, s.pod, s.d.text)
	}
	if err := st.ready(ctx); err != nil {
		return err
	}
	return heldWithinFrom(ctx, st, fmt.Sprintf("pod %q", s.pod), s.pod, s.state, s.d.text, s.d.d, s.comes)
}

// podWindow is a pod and a window [A, B] from t=0: `is gone between 6s
// and 8s`, `shows status "Error" at 1s`.
type podWindow struct {
	podNamed
	a, b writtenSpan
}

func (s podWindow) Declare(pl *Plan) error {
	if _, _, err := window(s.a.text, s.b.text); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

// Then the pod "web" is gone between 6s and 8s: the first time it became
// so at or after t=0 lies in the window.
type thePodIsBetween struct {
	podWindow
	state podState
}

func (s thePodIsBetween) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if s.state.name == "gone" {
		// Its transition is the Deleted event, which a cluster checks
		// from the pod's last container's end (expectGone).
		return st.expectIn(ctx, s.state.of(s.pod), s.a.d, s.b.d)
	}
	return becameBetween(ctx, st, s.pod, s.state, s.a.text, s.b.text, s.a.d, s.b.d)
}

// Then the pod "web" is not gone after 4s: the state does not hold at t0+T.
type thePodIsNotAfter struct {
	podNamed
	state podState
	d     writtenSpan
}

func (s thePodIsNotAfter) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	name, ps := s.pod, s.state
	at := st.clock.t0.At + s.d.d
	// The state is checked at the earliest moment its window allows for
	// it (on a cluster an eviction manager's pass, the reaction to an
	// action): "not yet at D" must hold where "at D" could.
	w, err := st.window(ctx, ps.of(name), s.d.d, s.d.d)
	if err != nil {
		return err
	}
	// Never before t=0 itself, though: what the pod was before the
	// action (a window opened early by a request's round trip, 0.75 s
	// before a delete) says nothing of after it, and read there `not
	// Terminating after 0s` held right after a delete.
	at = max(min(at, w.From), st.clock.t0.At)
	if at >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	st.clk().decided(at, s.d.d)
	// The timeline answers for a moment already past as for the present.
	if ps.heldAt(st.clk().events(), name, at) {
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q not %s at %s", name, ps.name, s.d.text),
			Observed: fmt.Sprintf("%s at %s", ps.name, s.d.text),
			Read:     true, ReadAt: at,
		}
	}
	return nil
}

// check runs a state check of an existing pod at the current time; on a
// cluster it polls for up to the tolerance before failing.
func (st *State) check(ctx context.Context, name string, f func(p *corev1.Pod) error) error {
	return st.checkPod(ctx, name, func(p *corev1.Pod) error {
		if p == nil {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("pod %q to exist", name), Observed: "the pod is gone"}
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
	return st.clk().readState(ctx, func(v driver.View) error { return f(v.Pod(name)) })
}

// Then the pod "web" is Running, and Then the pod "web" is not Ready: a
// state check at the current time. For not Ready the pod must exist (as
// `not ready` of a container); for the other states, a pod gone is not
// in them.
type thePodIs struct {
	podNamed
	state string
	not   bool
}

// resolved reads `not Ready` as NotReady.
func (s thePodIs) resolved() (podState, bool, error) {
	state, not := s.state, s.not
	if not && state == "Ready" {
		state, not = "NotReady", false
	}
	ps, err := parsePodState(state, nowStates...)
	return ps, not, err
}

func (s thePodIs) Declare(pl *Plan) error {
	if _, _, err := s.resolved(); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodIs) Run(ctx context.Context, st *State) error {
	ps, not, _ := s.resolved()
	what := ps.name
	if not {
		what = "not " + ps.name
	}
	return st.checkPod(ctx, s.pod, func(p *corev1.Pod) error {
		if ps.now(p) != not {
			return nil
		}
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q %s", s.pod, what),
			Observed: fmt.Sprintf("%s: %s", st.clk().readAt(), describePod(p)),
			Read:     true, ReadAt: st.clock.cur,
		}
	})
}

// withinPhases are the phases `phase is "P" within D` waits for.
var withinPhases = []string{"Pending", "Running", "Succeeded", "Failed"}

// Then the pod "web" phase is "Succeeded"
type thePodPhase struct {
	podNamed
	phase string
}

func (s thePodPhase) Declare(pl *Plan) error {
	if err := oneOf("phase", s.phase, phases...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodPhase) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if string(p.Status.Phase) != s.phase {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: "phase " + s.phase, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has reason "DeadlineExceeded": status.reason, now.
type thePodReason struct {
	podNamed
	reason string
}

func (s thePodReason) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if p.Status.Reason != s.reason {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: "reason " + s.reason, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"
type thePodCondition struct {
	podNamed
	ctype, status, reason string
}

func (s thePodCondition) Declare(pl *Plan) error {
	if err := oneOf("condition status", s.status, conditionStatuses...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodCondition) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		exp := fmt.Sprintf("condition %s=%s", s.ctype, s.status)
		if s.reason != "" {
			exp += " with reason " + s.reason
		}
		for _, c := range p.Status.Conditions {
			if string(c.Type) != s.ctype {
				continue
			}
			if string(c.Status) != s.status || (s.reason != "" && c.Reason != s.reason) {
				return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp,
					Observed: fmt.Sprintf("condition %s=%s reason %q message %q", c.Type, c.Status, c.Reason, c.Message)}
			}
			return nil
		}
		var have []string
		for _, c := range p.Status.Conditions {
			have = append(have, string(c.Type))
		}
		return &timeline.Verdict{Kind: timeline.WrongState, Expected: exp, Observed: "no such condition (has " + strings.Join(have, ", ") + ")"}
	})
}

// Then the pod "web" has no condition "PodReadyToStartContainers": a
// condition the cluster's version does not set (PodReadyToStartContainers
// before 1.29) or that nobody set yet.
type thePodNoCondition struct {
	podNamed
	ctype string
}

func (s thePodNoCondition) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		for _, c := range p.Status.Conditions {
			if string(c.Type) == s.ctype {
				return &timeline.Verdict{Kind: timeline.WrongState, Expected: "no condition " + s.ctype,
					Observed: fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)}
			}
		}
		return nil
	})
}

// Then the pod "web" has QoS class "Burstable"
type thePodQoS struct {
	podNamed
	qos string
}

func (s thePodQoS) Declare(pl *Plan) error {
	if err := oneOf("QoS class", s.qos, qosClasses...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s thePodQoS) Run(ctx context.Context, st *State) error {
	return st.check(ctx, s.pod, func(p *corev1.Pod) error {
		if string(p.Status.QOSClass) != s.qos {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: "QoS class " + s.qos, Observed: "QoS class " + string(p.Status.QOSClass)}
		}
		return nil
	})
}
