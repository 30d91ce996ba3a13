package errlist

import (
	"errors"
	"fmt"
	"testing"
)

type lineErr struct{ line int }

func (e *lineErr) Error() string { return fmt.Sprint(e.line) }

// TestAll: joined errors of the type, at any depth and wrapped, in order;
// others left out.
func TestAll(t *testing.T) {
	err := errors.Join(&lineErr{3}, errors.New("other"), errors.Join(fmt.Errorf("at: %w", &lineErr{7}), &lineErr{9}))
	got := All[*lineErr](err)
	if len(got) != 3 || got[0].line != 3 || got[1].line != 7 || got[2].line != 9 {
		t.Errorf("All = %v, want 3, 7, 9", got)
	}
	if All[*lineErr](nil) != nil || All[*lineErr](errors.New("x")) != nil {
		t.Error("no such error: want nil")
	}
}
