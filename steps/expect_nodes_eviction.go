package steps

import (
	"context"
	"fmt"
	"strings"

	"github.com/podlife/podlife/pkg/timeline"
)

func evictionExpectations() []Def {
	const f = "eviction expectations"
	return []Def{
		phrase(f, `^the pod "([^"]*)" is evicted$`, `Then the pod "batch" is evicted`,
			s1(func(pod string) Step { return podEvicted{pod: pod} })),
		phrase(f, `^the pod "([^"]*)" is not evicted$`, `Then the pod "etcd" is not evicted`,
			s1(func(pod string) Step { return podNotEvicted{pod: pod} })),
		phrase(f, `^the pod "([^"]*)" is never evicted$`, `Then the pod "etcd" is never evicted`,
			s1(func(pod string) Step { return podNotEvicted{pod: pod} })),
		phrase(f, `^the pods are evicted in this order: (.+)$`, `Then the pods are evicted in this order: "best-effort", "burstable"`, parseEvictionOrder),
		phrase(f, `^the pod "([^"]*)" is evicted before the pod "([^"]*)"$`, `Then the pod "burstable" is evicted before the pod "guaranteed"`,
			s2(func(first, later string) Step { return podEvictedBefore{first, later} })),
		phrase(f, `^the pod "([^"]*)" is evicted with message containing "([^"]*)"$`, `Then the pod "batch" is evicted with message containing "memory"`,
			s2(func(pod, part string) Step { return podEvicted{pod: pod, part: part, withMessage: true} })),
	}
}

// evictedSel selects a pod's eviction: when the API shows it Failed with
// reason Evicted (the Evicted event for a static pod).
func evictedSel(pod string) timeline.Selector {
	return timeline.Selector{Pod: pod, Kind: timeline.Evicted}
}

// podEvictedWithin is `the pod "x" is evicted within D` (expect_pods.go
// hands it here): an event predicate, counted at or after t=0.
func podEvictedWithin(ctx context.Context, st *State, name, d string) error {
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
	w.From = st.clock.t0.At // an event predicate: any occurrence at or after t=0
	if err := st.waitFor(ctx, w.To, sel); err != nil {
		return err
	}
	judge := func() error { return timeline.ExpectIn(st.clk().events(), st.clock.t0, w, sel) }
	err = st.lookAhead(ctx, judge(), sel, judge)
	if m, ok := err.(*timeline.Verdict); ok {
		m.Expected = fmt.Sprintf("pod %q evicted within %s%s", name, d, w.Note())
		m.Observed += "; " + describePod(st.Session.View().Pod(name))
	}
	return st.recordCheck(sel, w, evictedThroughAPI(st, name, err))
}

// evictedThroughAPI adds to a missing eviction of pod that the pod was
// evicted through the API (a drain's eviction read as `is evicted`: issue
// 38's held-out set 28): the phrase is the kubelet's eviction, as dsl.md
// says, and the failure says which eviction the pod had and the phrase
// for it.
func evictedThroughAPI(st *State, pod string, err error) error {
	m, ok := err.(*timeline.Verdict)
	if !ok || m.Kind != timeline.Missing {
		return err
	}
	if api, ok := timeline.EvictedThroughAPI(st.clk().events(), pod); ok {
		m.Observed += fmt.Sprintf("; the pod was evicted through the API %s (a drain's eviction or an eviction request: DisruptionTarget, EvictionByEvictionAPI), which `is evicted` does not mean: it is the kubelet's eviction under node pressure; to check an API eviction, say `the eviction of pod %q is accepted`", st.clk().describeOccurrence(api), pod)
	}
	return err
}

// Then the pod "batch" is evicted: untimed, an eviction at any time of the
// scenario (the first at or after t=0, else the first).
//
// Then the pod "batch" is evicted with message containing "memory":
// untimed; the chosen eviction's message (the pod's status message; the
// event's for a static pod).
type podEvicted struct {
	pod, part   string
	withMessage bool
}

func (s podEvicted) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podEvicted) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if !s.withMessage {
		return evictedThroughAPI(st, s.pod, st.expectUntimed(ctx, evictedSel(s.pod), fmt.Sprintf("pod %q evicted", s.pod), nil))
	}
	return evictedThroughAPI(st, s.pod, st.expectUntimed(ctx, evictedSel(s.pod), fmt.Sprintf("pod %q evicted with a message containing %q", s.pod, s.part),
		func(e timeline.Event) bool { return strings.Contains(e.Message, s.part) }))
}

// Then the pod "etcd" is not evicted: never, the scenario run to the end
// of its activity.
type podNotEvicted struct{ pod string }

func (s podNotEvicted) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.pod)
	return err
}

func (s podNotEvicted) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	if _, _, err := st.settle(ctx); err != nil {
		return err
	}
	// An admission rejection under pressure also reports reason Evicted;
	// it is not an eviction (docs/language.md).
	if err := timeline.ExpectNever(st.clk().events(), st.clock.t0, evictedSel(s.pod)); err != nil {
		m := err.(*timeline.Verdict)
		m.Expected = fmt.Sprintf("pod %q never evicted", s.pod)
		return m
	}
	return nil
}

// Then the pods are evicted in this order: "best-effort", "burstable" —
// untimed: the evictions chosen (each pod's first at or after t=0, else
// its first) come in that order.
type podsEvictedInOrder struct{ pods []string }

func parseEvictionOrder(c []string, _ Arg) (Step, error) {
	names, err := quoted(c[0])
	if err != nil {
		return nil, err
	}
	if len(names) < 2 {
		return nil, inputErr("an order needs at least two pods")
	}
	return podsEvictedInOrder{names}, nil
}

func (s podsEvictedInOrder) Declare(pl *Plan) error {
	for _, n := range s.pods {
		if _, err := pl.mustPod(n); err != nil {
			return err
		}
	}
	return nil
}

func (s podsEvictedInOrder) Run(ctx context.Context, st *State) error {
	var sels []timeline.Selector
	for _, n := range s.pods {
		sels = append(sels, evictedSel(n))
	}
	if err := st.awaitUntimed(ctx, sels...); err != nil {
		return err
	}
	return timeline.ExpectOrderUntimed(st.clk().events(), st.clock.t0, st.order(), sels)
}

// Then the pod "burstable" is evicted before the pod "guaranteed":
// untimed, the first pod is evicted (its eviction chosen as `is evicted`
// chooses it), and the other is not evicted before it: evicted after it,
// or not at all (the eviction manager, having relieved the pressure with
// the first, may never get to it). Two pods evicted in one instant are
// ordered by the simulator's causal sequence.
type podEvictedBefore struct{ first, later string }

func (s podEvictedBefore) Declare(pl *Plan) error {
	for _, n := range []string{s.first, s.later} {
		if _, err := pl.mustPod(n); err != nil {
			return err
		}
	}
	if s.first == s.later {
		return inputErr("a pod is not evicted before itself")
	}
	return nil
}

func (s podEvictedBefore) Run(ctx context.Context, st *State) error {
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The other's eviction, if it has come, is ordered as `evicted in
	// this order` orders two (ties and the cluster's precision included).
	return expectBefore(ctx, st, evictedSel(s.first), evictedSel(s.later), fmt.Sprintf("pod %q evicted", s.first))
}
