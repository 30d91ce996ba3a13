package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// When container "app" of pod "web" is restarted 3 times: waits until its
// restartCount reaches N; t=0 moves to the N-th restart.
type restartedTimes struct {
	cname, pname string
	n            Count
}

// restarts selects the container's restarts.
func (s restartedTimes) restarts(pl *Plan) (timeline.Selector, error) {
	p, c, err := pl.mustContainer(s.cname, s.pname)
	if err != nil {
		return timeline.Selector{}, err
	}
	return timeline.Selector{Pod: p.name, Container: c.Name, Kind: timeline.Restarted}, nil
}

func (s restartedTimes) Declare(pl *Plan) error {
	_, err := s.restarts(pl)
	return err
}

func (s restartedTimes) Run(ctx context.Context, st *State) error {
	sel, _ := s.restarts(st.Plan)
	want := int(s.n)
	if err := st.ready(ctx); err != nil {
		return err
	}
	_, ok, err := st.Session.RunUntil(ctx, st.Session.Now()+WaitLimit, func(v driver.View) bool {
		return timeline.Count(v.Timeline(), sel) >= want
	})
	if err != nil {
		return err
	}
	if !ok {
		return &timeline.Verdict{
			Kind:     timeline.Missing,
			Expected: fmt.Sprintf("container %q restarted %s within %s", sel.Container, times(want, "time"), WaitLimit),
			Observed: describePod(st.Session.View().Pod(sel.Pod)),
		}
	}
	seen := 0
	for _, e := range st.clk().events() {
		if sel.Matches(e) {
			if seen++; seen == want {
				st.clk().moveT0(timeline.Before(e))
				st.observedT0(sel.Pod)
			}
		}
	}
	return nil
}

// When the pod "web" becomes Ready: t=0 moves to the transition, which may
// lie in the past.
type podBecomes struct {
	name  string
	state becomeState
}

// becomeState is a state `becomes` waits for.
type becomeState struct{ podState }

func (b *becomeState) set(s string) error {
	ps, err := parsePodState(s, becomeStates...)
	b.podState = ps
	return err
}

func (s podBecomes) Declare(pl *Plan) error {
	_, err := pl.mustPod(s.name)
	return err
}

func (s podBecomes) Run(ctx context.Context, st *State) error {
	name, ps := s.name, s.state.podState
	if err := st.ready(ctx); err != nil {
		return err
	}
	// The transition (docs/language.md, Time: "t=0"): the latest one at
	// or before the current time (the one that made the state hold then,
	// or, since left, the last before it), else the first after it,
	// waited for. What a step ran the session on to past the current time
	// is not known here yet.
	before := func(events []timeline.Event) (timeline.Event, bool) {
		var last timeline.Event
		found := false
		for _, e := range ps.transitions(events, name) {
			if e.At > st.clock.cur {
				break
			}
			last, found = e, true
		}
		return last, found
	}
	after := func(events []timeline.Event) (timeline.Event, bool) {
		for _, e := range ps.transitions(events, name) {
			if e.At > st.clock.cur {
				return e, true
			}
		}
		return timeline.Event{}, false
	}
	// The current time stands after every event of its instant.
	if err := st.clk().toCurrent(ctx); err != nil {
		return err
	}
	e, found := before(st.clk().events())
	if !found {
		_, _, err := st.Session.RunUntil(ctx, max(st.clock.cur, st.Session.Now())+WaitLimit, func(v driver.View) bool {
			_, ok := after(v.Timeline())
			return ok
		})
		if err != nil {
			return err
		}
		if e, found = after(st.clk().events()); !found || e.At > st.clock.cur+WaitLimit && st.clk().exact {
			v := &timeline.Verdict{
				Kind:     timeline.Missing,
				Expected: fmt.Sprintf("pod %q to become %s within %s", name, ps.name, WaitLimit),
				Observed: describePod(st.Session.View().Pod(name)),
			}
			if found {
				v.Kind, v.Event = timeline.Late, &e
			}
			return v
		}
	}
	// The moment of the transition: what happened in that instant, its
	// causes included (a container's start, its exit), is at t=0, not
	// before it.
	mark := timeline.Mark{At: e.At}
	// The current time is the transition's (after every event of its
	// instant), or the last action's when the transition came before it:
	// an exact session goes back there, so that the next action comes
	// from there.
	st.clk().moveT0(mark)
	if st.stepType == Action {
		if err := st.clk().toCurrent(ctx); err != nil {
			return fmt.Errorf("going back to the transition at %s: %w", timeline.FormatOffset(mark.At), err)
		}
	}
	st.becameObserved(name, ps, mark)
	return nil
}

// describePod is a pod's state in one line, for failure messages.
func describePod(p *corev1.Pod) string {
	if p == nil {
		return "the pod is gone"
	}
	parts := []string{"phase " + string(p.Status.Phase)}
	if p.Status.Reason != "" {
		parts = append(parts, "reason "+p.Status.Reason)
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodReady {
			parts = append(parts, fmt.Sprintf("Ready=%s", c.Status))
		}
	}
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for _, cs := range list {
			s := ""
			switch {
			case cs.State.Running != nil:
				s = "running"
			case cs.State.Terminated != nil:
				s = fmt.Sprintf("terminated %s (%d)", cs.State.Terminated.Reason, cs.State.Terminated.ExitCode)
			case cs.State.Waiting != nil:
				s = "waiting " + cs.State.Waiting.Reason
			}
			if cs.RestartCount > 0 {
				s += fmt.Sprintf(", %d restarts", cs.RestartCount)
			}
			parts = append(parts, fmt.Sprintf("%s %s", cs.Name, s))
		}
	}
	if p.DeletionTimestamp != nil {
		parts = append(parts, "being deleted")
	}
	return strings.Join(parts, ", ")
}
