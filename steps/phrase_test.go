package steps

import (
	"context"
	"fmt"
)

// runPhrase runs one step of a scenario's text on the context's State as
// the runner does: matched and parsed by the registry, declared, run.
// The tests that drive a State of their own (a fake session) go through
// it, so they take the path every scenario takes.
func runPhrase(ctx context.Context, text string) error {
	for _, d := range Definitions() {
		if !d.Pattern.MatchString(text) {
			continue
		}
		s, err := d.Parse(text, Arg{})
		if err != nil {
			return err
		}
		st := From(ctx)
		if err := s.Declare(st.Plan); err != nil {
			return err
		}
		return s.Run(ctx, st)
	}
	return fmt.Errorf("no phrase matches %q", text)
}
