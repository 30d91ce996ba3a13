package sim

import (
	"fmt"
	"testing"
)

// TestNewUID: UIDs are fmt's "00000000-0000-4000-8000-%012d" of a count.
func TestNewUID(t *testing.T) {
	e := newEnv(1)
	for i := 1; i <= 1234; i++ {
		if got, want := e.newUID(), fmt.Sprintf("00000000-0000-4000-8000-%012d", i); got != want {
			t.Fatalf("uid %d: %q, want %q", i, got, want)
		}
	}
}
