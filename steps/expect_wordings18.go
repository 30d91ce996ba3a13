package steps

import (
	"context"
	"fmt"

	"github.com/podlife/podlife/pkg/timeline"
)

// draftEighteenWordings are the phrases issue 38's held-out sets 23 and
// 25 reached for: a pod never in a state (`the pod "web" is never
// Ready`: the hint was the state check `is not Ready`, the current time
// only), an event said not recorded as an event is said recorded.
func draftEighteenWordings() []Def {
	const f = "pod expectations"
	return []Def{
		phrase(f, `^the pod "([^"]*)" is never (Ready|Running|Succeeded|Failed|scheduled)$`, `Then the pod "web" is never Ready`,
			s2(func(pod, state string) Step { return neverInState{podNamed{pod}, state} })).
			with(slot("never state", "Ready", "Ready", "Running", "Succeeded", "Failed", "scheduled")),
		phrase(f, `^the pod "([^"]*)" never becomes (Ready|Running|Succeeded|Failed)$`, `Then the pod "web" never becomes Ready`,
			s2(func(pod, state string) Step { return neverInState{podNamed{pod}, state} })).
			with(slot("never state", "Ready", "Ready", "Running", "Succeeded", "Failed")),
		phrase("events", `^an event "([^"]*)" is not recorded`+about+`$`, `Then an event "BackOff" is not recorded for container "proxy"`,
			func(c []string, _ Arg) (Step, error) { return &noEvent{reason: c[0], about: eventAboutOf(c[1:])}, nil }).with(eventSlot("BackOff")),
	}
}

// neverInState: Then the pod "web" is never Ready (never becomes Running):
// the state never came in the whole scenario, before t=0 included, run
// to the end of its activity as `never` is: no event of the pod's
// timeline that brings it about (its Ready condition True, its phase).
// A pod starts Pending and NotReady, so those have no `never` form.
type neverInState struct {
	podNamed
	state string
}

// neverStates are the states `is never` and `never becomes` take.
var neverStates = []string{"Ready", "Running", "Succeeded", "Failed", "scheduled"}

func (s neverInState) Declare(pl *Plan) error {
	if _, err := parsePodState(s.state, neverStates...); err != nil {
		return err
	}
	return s.podNamed.Declare(pl)
}

func (s neverInState) Run(ctx context.Context, st *State) error {
	ps, err := parsePodState(s.state, neverStates...)
	if err != nil {
		return err
	}
	return neverIn(ctx, st, s.pod, ps, s.state)
}

// neverIn: the event that brings the pod's state about (ps's history)
// never came in the whole scenario, run to the end of its activity as
// `never` is; a failure names the first one as what, at its time.
func neverIn(ctx context.Context, st *State, pod string, ps podState, what string) error {
	p, _ := st.Plan.mustPod(pod) // checked by Declare
	sel := ps.of(p.name)
	if err := st.observable(sel); err != nil {
		return err
	}
	err := expectNever(ctx, st, sel)
	if v, ok := err.(*timeline.Verdict); ok && v.Event != nil {
		v.Expected = fmt.Sprintf("pod %q never %s, to the end of the activity", p.name, ps.name)
		v.Observed = fmt.Sprintf("%s at %s", what, timeline.FormatOffset(v.Event.At-st.clock.t0.At))
	}
	return err
}
