package steps

import (
	"errors"

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
	if !st.KeepGoing {
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
