package steps

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's eleventh held-out set (first drafts
// written from the README and docs/language.md alone): a pod's condition
// by a deadline (`the pod "web" has condition "Initialized" "True" within
// 3s`), at a time and in a window, as a pod's state is read; a container
// never OOMKilled.
func draftElevenWordings() []Def {
	const f = "pod expectations"
	const cond = `^the pod "([^"]*)" has condition "?([^" ]*)"? "?([^" ]*)"?(?: with reason "?([^" ]*)"?)? `
	slots := func(d Def) Def {
		return d.with(openSlot("condition", "Initialized", podConditionTypes...), slot("status", "True", conditionStatuses...)).withDefault("True", "True")
	}
	return []Def{
		slots(phrase(f, cond+`within (\S+)$`, `Then the pod "web" has condition "Initialized" "True" within 3s`,
			s5(func(pod, ctype, status, reason string, d writtenSpan) Step {
				return podConditionTimed{status, thePodIsWithin{podNamed{pod}, conditionState(ctype, status, reason), d, false}}
			}))),
		slots(phrase(f, cond+`at (\S+)$`, `Then the pod "web" has condition "Initialized" "True" at 0s`,
			s5(func(pod, ctype, status, reason string, at writtenSpan) Step {
				return podConditionTimed{status, thePodIsBetween{podWindow{podNamed{pod}, at, at}, conditionState(ctype, status, reason)}}
			}))),
		slots(phrase(f, cond+`between (\S+) and (\S+)$`, `Then the pod "web" has condition "Initialized" "True" between 0s and 5s`,
			func(c []string, _ Arg) (Step, error) {
				a, err := slotValue[writtenSpan](c[4])
				if err != nil {
					return nil, err
				}
				b, err := slotValue[writtenSpan](c[5])
				if err != nil {
					return nil, err
				}
				return podConditionTimed{c[2], thePodIsBetween{podWindow{podNamed{c[0]}, a, b}, conditionState(c[1], c[2], c[3])}}, nil
			})),
		// The negative of `is OOMKilled` (`container "app" was never
		// OOMKilled`).
		phrase("signals and hooks", `^container "([^"]*)"(?: of pod "([^"]*)")? (?:is never|was never|is not) OOMKilled$`, `Then container "app" is never OOMKilled`,
			s2(func(c, p string) Step { return &neverOOMKilled{oomKilled{ctr: ctrOfPod{c, p}}} })),
	}
}

// Then container "app" is never OOMKilled (was never, is not): no exit of
// the container the runtime reports as OOMKilled in the whole scenario,
// run to the end of its activity, as `never receives` reads its signal;
// its other exits are allowed.
type neverOOMKilled struct{ oomKilled }

func (s *neverOOMKilled) Run(ctx context.Context, st *State) error {
	err := expectNever(ctx, st, s.sel)
	if m, ok := err.(*timeline.Verdict); ok {
		m.Expected = fmt.Sprintf("container %q never OOMKilled", s.sel.Container)
		m.Observed = "OOMKilled: " + m.Observed
	}
	return err
}

// podConditionTimed is a pod's condition read as a pod's state (`has
// condition "C" "S" within D`, `at T`, `between A and B`): within D, true
// at some instant up to t0+D, before t=0 included (heldWithin); at T and
// between A and B, the first time it took that status (and reason) at or
// after t=0 comes at t0+T, in [t0+A, t0+B] (becameBetween), as `is S at
// T` and `between` read a pod's state. It is read on the condition's
// changes the timeline records (a change of status; on both drivers from
// the pod's status: pkg/kubelet/status/status_manager.go, v1.36.3,
// writes a condition's lastTransitionTime only when its status changes).
type podConditionTimed struct {
	status string
	Step
}

func (s podConditionTimed) Declare(pl *Plan) error {
	if err := oneOf("condition status", s.status, conditionStatuses...); err != nil {
		return err
	}
	return s.Step.Declare(pl)
}

func (s podConditionTimed) Run(ctx context.Context, st *State) error { return s.Step.Run(ctx, st) }

// podCondition is a pod's condition as a state: its type, its status,
// and the reason it must have ("": any).
type podCondition struct{ ctype, status, reason string }

// conditionState is the pod state `has condition "C" "S" [with reason
// "R"]`: its name says it, and the podTrack reads the condition it
// carries.
func conditionState(ctype, status, reason string) podState {
	name := "condition " + ctype + "=" + status
	if reason != "" {
		name += " with reason " + reason
	}
	c := podCondition{ctype, status, reason}
	return podState{name, func(p *corev1.Pod) bool {
		if p == nil {
			return false
		}
		for _, pc := range p.Status.Conditions {
			if string(pc.Type) == c.ctype {
				return string(pc.Status) == c.status && (c.reason == "" || pc.Reason == c.reason)
			}
		}
		return false
	}, timeline.Selector{Kind: timeline.Condition, Reason: ctype, Status: status}, &c, ""}
}

// conditionReason is the reason a Condition event's Message begins with
// ("Reason" or "Reason: message", as both drivers record it).
func conditionReason(msg string) string {
	r, _, _ := strings.Cut(msg, ": ")
	return r
}

// podsCount is a count of a job's pods, where `no` (or `zero`) is 0
// (`the job "x" has no active pods`, issue 38's eleventh held-out set).
type podsCount Count

func (c *podsCount) set(s string) error {
	if s == "no" || s == "zero" {
		*c = 0
		return nil
	}
	n, err := parseCount(s)
	*c = podsCount(n)
	return err
}

// Given container "app" of pod "web" runs forever (never exits on its
// own): what a container with no exit step does already, an agent
// container running until it is signalled (behavior.Default, no Exit),
// said. A step that gives the container an exit of its own (`exits with
// code C after D`, `runs to completion after D`, an exit of one start),
// or an image whose command the simulator runs to an end (`sleep N`),
// contradicts it: an error at the later step's line. Its signals still
// end it (`exits with code C on SIGTERM` does not contradict it).
type runsForever struct {
	declaration
	ctr shapedCtr
}

func (s runsForever) Declare(pl *Plan) error {
	p, c, err := pl.shapeTarget(s.ctr.container, s.ctr.pod)
	if err != nil {
		return err
	}
	if p.created {
		return inputErr("pod %q is created already: behaviour steps come before its creation", p.name)
	}
	if p.forever == nil {
		p.forever = map[string]bool{}
	}
	p.forever[c.Name] = true
	return p.foreverKept(c.Name)
}

// foreverKept is the error of a container said to run forever that
// exits on its own.
func (p *podDecl) foreverKept(name string) error {
	if !p.forever[name] {
		return nil
	}
	b, ok := p.beh[name]
	if !ok {
		if b, ok = p.imageBeh[name]; !ok {
			if c := p.container(name); c != nil {
				base, _ := behavior.ForImage(c.Command, c.Args)
				b = &base
			}
		}
	}
	if b != nil && (b.Exit != nil || len(b.Attempts) > 0) {
		return inputErr("container %q is said to run forever, and to exit on its own: one of the two steps", name)
	}
	return nil
}

// describeAt is what the pod's timeline says of it at an instant, in the
// state's terms: a condition's status (and reason) for a condition, else
// describePodAt's phase and readiness.
func (ps podState) describeAt(events []timeline.Event, pod string, at time.Duration) string {
	if ps.name == mirrorState {
		if t := trackAt(events, pod, at); !t.exists || !t.inAPI {
			return "no mirror pod in the API"
		}
	}
	if ps.column != "" {
		t := trackAt(events, pod, at)
		if !t.exists || t.status == "" {
			return "STATUS none (the pod did not exist)"
		}
		return "STATUS " + t.status
	}
	c := ps.cond
	if c == nil {
		return describePodAt(events, pod, at)
	}
	t := trackAt(events, pod, at)
	e, seen := t.conds[c.ctype]
	switch {
	case !t.exists:
		return describePodAt(events, pod, at)
	case !seen:
		return "no condition " + c.ctype
	}
	d := "condition " + c.ctype + "=" + e.Status
	if r := conditionReason(e.Message); r != "" {
		d += " with reason " + r
	}
	return d
}
