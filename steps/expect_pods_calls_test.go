package steps

import "context"

// The tests call some expectations by their slots, as the old step
// functions were called: each builds the typed step and runs it as the
// runner does, declared first.

func declareAndRun(ctx context.Context, s Step) error {
	st := From(ctx)
	if err := s.Declare(st.Plan); err != nil {
		return err
	}
	return s.Run(ctx, st)
}

// podIsNow is `the pod "name" is <state>`.
func podIsNow(ctx context.Context, name, state string) error {
	return declareAndRun(ctx, thePodIs{podNamed{name}, state, false})
}

// podIsWithin is `the pod "name" is <state> within <d>`.
func podIsWithin(ctx context.Context, name, state, d string) error {
	ps, err := slotValue[heldState](state)
	if err != nil {
		return err
	}
	span, err := slotValue[writtenSpan](d)
	if err != nil {
		return err
	}
	return declareAndRun(ctx, thePodIsWithin{podNamed{name}, ps.podState, span})
}
