package steps

import (
	"context"
	"fmt"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// Phrases in the words of issue 38's ninth held-out set (first drafts
// written from the README and docs/language.md alone): `container "app"
// is not ready after 30s` (a startup probe that has not passed), as the
// pod's `is not Ready after T` says it, and `the pod "crasher" shows 3
// restarts within 1m`, kubectl's RESTARTS as `has 3 restarts within 1m`
// reads it, and two pods' deletions in order.
func draftTenWordings() []Def {
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		phrase("pod expectations", ctr+`is not ready after (\S+)$`, `Then container "app" of pod "web" is not ready after 30s`,
			s3(func(c, pod string, d writtenSpan) Step { return containerNotReadyAfter{containerNamed{c, pod}, d} })),
		phrase("pod expectations", `^the pod "([^"]*)" shows (\S+) restarts? within (\S+)$`, `Then the pod "web" shows 3 restarts within 1m`,
			s3(func(pod string, n Count, d writtenSpan) Step { return &podRestartsWithin{pod: pod, n: n, d: d} })),
		phrase("pod expectations", `^the pod "([^"]*)" is (deleted|gone) before the pod "([^"]*)"$`, `Then the pod "fast" is deleted before the pod "patient"`,
			s3(func(pod, what, later string) Step { return &podEndsBefore{pod: pod, what: what, later: later} })).
			with(slot("deleted or gone", "deleted", "deleted", "gone")),
	}
}

// Then the pod "fast" is deleted before the pod "patient": its deletion
// is requested (by a step, a controller, the taint manager: its
// deletionTimestamp set) at or after t=0, and the other's, if it comes,
// comes after it, as `receives SIGTERM before the pod` orders two pods;
// `gone before`: the objects' removals. A tenth trial's first draft
// (issue 38) ordered two pods a NotReady node's taint deletes.
type podEndsBefore struct {
	pod, what, later string
	first, then      timeline.Selector
}

func (s *podEndsBefore) Declare(pl *Plan) error {
	kind := timeline.DeleteRequested
	if s.what == "gone" {
		kind = timeline.Deleted
	}
	a, b, err := podPair(pl, s.pod, s.later, s.what)
	if err != nil {
		return err
	}
	s.first, s.then = timeline.Selector{Pod: a, Kind: kind}, timeline.Selector{Pod: b, Kind: kind}
	return nil
}

// podPair resolves the two pods an order phrase names (`the pod "a" is
// <what> before the pod "b"`), which must be two.
func podPair(pl *Plan, first, later, what string) (string, string, error) {
	a, err := pl.mustPod(first)
	if err != nil {
		return "", "", err
	}
	b, err := pl.mustPod(later)
	if err != nil {
		return "", "", err
	}
	if a.name == b.name {
		return "", "", inputErr("a pod is not %s before itself", what)
	}
	return a.name, b.name, nil
}

func (s *podEndsBefore) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	return expectBefore(ctx, st, s.first, s.then, fmt.Sprintf("pod %q %s", s.pod, s.what))
}

// Then container "app" of pod "web" is not ready after 30s: the
// container was not ready at t0+D, read on its Ready and NotReady events
// as the pod's `is not Ready after T` reads the pod's (docs/language.md,
// Time: `not … after T` reads one instant); on a cluster at the earliest
// moment the window of `becomes ready at D` allows, never before t=0.
type containerNotReadyAfter struct {
	containerNamed
	d writtenSpan
}

func (s containerNotReadyAfter) Declare(pl *Plan) error {
	_, err := pl.containerEvent(s.container, s.pod, timeline.Ready)
	return err
}

func (s containerNotReadyAfter) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	sel, _ := st.Plan.containerEvent(s.container, s.pod, timeline.Ready) // checked by Declare
	w, err := st.window(ctx, sel, s.d.d, s.d.d)
	if err != nil {
		return err
	}
	at := max(min(st.clock.t0.At+s.d.d, w.From), st.clock.t0.At)
	if at >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	st.clk().decided(at, s.d.d)
	if readyAt(st.clk().events(), sel, at) {
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("container %q of pod %q not ready at %s", sel.Container, sel.Pod, s.d.text),
			Observed: fmt.Sprintf("ready at %s", s.d.text),
			Read:     true, ReadAt: at,
		}
	}
	return nil
}

// readyAt tells whether the container sel names was ready at at, as
// `stays ready` reads its timeline (ctrHold: ready from a Ready to a
// NotReady or an exit).
func readyAt(events []timeline.Event, sel timeline.Selector, at time.Duration) bool {
	h := ctrHold{state: "ready"}
	for _, e := range events {
		if e.At > at {
			break
		}
		if e.Pod == sel.Pod && e.Container == sel.Container {
			h.apply(e)
		}
	}
	return h.holds()
}
