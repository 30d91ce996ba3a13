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

// podSignalSel selects a signal sent to any container of the pod.
func podSignalSel(pod string, sig sigKind) timeline.Selector {
	return timeline.Selector{Pod: pod, Kind: timeline.Kind(sig), AnyContainer: true}
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
	// Declare's: the bounds, when timed.
	from, to time.Duration
}

func (s *podSignal) Declare(pl *Plan) (err error) {
	if _, err := pl.mustPod(s.pod); err != nil {
		return err
	}
	if s.before != "" {
		if _, err := pl.mustPod(s.before); err != nil {
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
	sel := podSignalSel(s.pod, s.sig)
	if s.hi != "" {
		return st.expectIn(ctx, sel, s.from, s.to)
	}
	what := fmt.Sprintf("%s sent to a container of pod %q", s.sig, s.pod)
	if s.before == "" {
		return st.expectUntimed(ctx, sel, what, nil)
	}
	return expectBefore(ctx, st, sel, podSignalSel(s.before, s.sig), what)
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
