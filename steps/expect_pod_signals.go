package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// A pod's signals (issue 36, 7.7): the kubelet signals a pod by its
// containers; a pod receives SIGTERM when the first of them does. With a
// replica set's pod by its order (rspods.go): `the second pod of replica
// set "web" receives SIGTERM before the first pod of replica set "web"`.

func podSignalExpectations() []Def {
	const f = "signals and hooks"
	return []Def{
		phrase(f, `^the pod "([^"]*)" receives (SIG\S+)$`, `Then the pod "web" receives SIGTERM`,
			s2(func(pod string, sig sigKind) Step { return &podSignal{pod: pod, sig: sig} })).with(signalSlot("SIGTERM")),
		phrase(f, `^the pod "([^"]*)" receives (SIG\S+) at (\S+)$`, `Then the pod "web" receives SIGTERM at 0s`,
			s3(func(pod string, sig sigKind, at string) Step { return &podSignal{pod: pod, sig: sig, lo: at, hi: at} })).with(signalSlot("SIGTERM")),
		phrase(f, `^the pod "([^"]*)" receives (SIG\S+) within (\S+)$`, `Then the pod "web" receives SIGTERM within 1s`,
			s3(func(pod string, sig sigKind, d string) Step { return &podSignal{pod: pod, sig: sig, lo: "0s", hi: d} })).with(signalSlot("SIGTERM")),
		phrase(f, `^the pod "([^"]*)" receives (SIG\S+) between (\S+) and (\S+)$`, `Then the pod "web" receives SIGKILL between 4s and 6s`,
			s4(func(pod string, sig sigKind, a, b string) Step { return &podSignal{pod: pod, sig: sig, lo: a, hi: b} })).with(signalSlot("SIGKILL")),
		phrase(f, `^the pod "([^"]*)" receives (SIG\S+) before the pod "([^"]*)"$`, `Then the pod "web-2" receives SIGTERM before the pod "web-1"`,
			s3(func(pod string, sig sigKind, later string) Step { return &podSignal{pod: pod, sig: sig, before: later} })).with(signalSlot("SIGTERM")),
	}
}

// podSignalSel selects a signal sent to any container of the pod: its
// one container's, when it has one (so that a cluster judges it by that
// container's observers), else any.
func podSignalSel(pl *Plan, pod string, sig sigKind) (timeline.Selector, error) {
	p, err := pl.mustPod(pod)
	if err != nil {
		return timeline.Selector{}, err
	}
	sel := timeline.Selector{Pod: p.name, Kind: timeline.Kind(sig)}
	if cs := p.pod.Spec.Containers; len(cs) == 1 && len(p.pod.Spec.InitContainers) == 0 {
		sel.Container = cs[0].Name
	} else {
		sel.AnyContainer = true
	}
	return sel, nil
}

// Then the pod "web" receives SIGTERM: one of its containers does
// (untimed); at T, within D, between A and B: the first signal to any of
// its containers at or after t=0, as a container's; before the pod
// "other": the pod receives it (untimed) and the other does not before
// it: after it or not at all (as `is evicted before` orders two pods).
type podSignal struct {
	pod    string
	sig    sigKind
	lo, hi string
	before string
	// Declare's: the bounds, when timed, and the selectors.
	from, to   time.Duration
	sel, later timeline.Selector
}

func (s *podSignal) Declare(pl *Plan) (err error) {
	if s.sel, err = podSignalSel(pl, s.pod, s.sig); err != nil {
		return err
	}
	if s.before != "" {
		if s.later, err = podSignalSel(pl, s.before, s.sig); err != nil {
			return err
		}
		if s.before == s.pod {
			return inputErr("a pod does not receive %s before itself", s.sig)
		}
	}
	if s.hi != "" {
		s.from, s.to, err = window(s.lo, s.hi)
	}
	return err
}

func (s *podSignal) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if s.hi != "" {
		return st.expectIn(ctx, s.sel, s.from, s.to)
	}
	what := fmt.Sprintf("%s sent to a container of pod %q", s.sig, s.pod)
	if s.before == "" {
		return st.expectUntimed(ctx, s.sel, what, nil)
	}
	return expectBefore(ctx, st, s.sel, s.later, what)
}

// expectBefore checks that what first selects came (untimed) and that
// what later selects, if it came, came after it: the order `in this
// order` checks (ties and a cluster's precision included).
func expectBefore(ctx context.Context, st *State, first, later timeline.Selector, what string) error {
	if err := st.expectUntimed(ctx, first, what, nil); err != nil {
		return err
	}
	events := st.clk().events()
	if _, ok := timeline.Chosen(events, st.clock.t0, later); !ok {
		return nil
	}
	return timeline.ExpectOrderUntimed(events, st.clock.t0, st.order(), []timeline.Selector{first, later})
}
