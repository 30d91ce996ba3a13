package steps

import (
	"context"
	"errors"
	"reflect"

	"github.com/cucumber/godog"
)

// A failed expectation does not hide the ones after it (docs/language.md,
// "When an expectation fails"): godog ends a scenario at its first failed
// step, so when the runner asks for it (State.KeepGoing) an expectation's
// failure is kept on the State instead of being returned, the later
// expectations run, and the next action or setup step is skipped, which
// makes godog skip the rest. The runner reports the kept failure as the
// step's and fails the scenario.

// StepFailure returns the failure kept for the step that just ran, and
// forgets it.
func (st *State) StepFailure() error {
	err := st.kept
	st.kept = nil
	return err
}

// Failed reports whether an expectation has failed since the last action.
func (st *State) Failed() bool { return st.failedBlock }

// keepGoing runs a step under the rule above.
func (st *State) keepGoing(run func() error) error {
	if !st.KeepGoing || st.DryRun {
		return run()
	}
	if st.stepType != Outcome {
		if st.failedBlock {
			return godog.ErrSkip
		}
		return run()
	}
	err := run()
	if err == nil || errors.Is(err, godog.ErrSkip) {
		return err
	}
	st.kept, st.failedBlock = err, true
	return nil
}

// keepGoingFn wraps a step function of the old form (its signature kept,
// for godog's reflection) with the rule above. Functions that do not
// take a context first and return an error are left as they are.
func keepGoingFn(fn any) any {
	v := reflect.ValueOf(fn)
	t := v.Type()
	if t.Kind() != reflect.Func || t.NumIn() == 0 || t.In(0) != contextType || t.NumOut() != 1 || t.Out(0) != errorType {
		return fn
	}
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		st, _ := args[0].Interface().(context.Context).Value(ctxKey{}).(*State)
		if st == nil {
			return v.Call(args)
		}
		var out []reflect.Value
		err := st.keepGoing(func() error {
			out = v.Call(args)
			e, _ := out[0].Interface().(error)
			return e
		})
		if err == nil {
			return []reflect.Value{reflect.Zero(errorType)}
		}
		return []reflect.Value{reflect.ValueOf(&err).Elem()}
	}).Interface()
}

var (
	errorType   = reflect.TypeOf((*error)(nil)).Elem()
	contextType = reflect.TypeOf((*context.Context)(nil)).Elem()
)
