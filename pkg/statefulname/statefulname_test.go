package statefulname

import "testing"

// TestOrdinal: a pod's ordinal is the whole number after its set's name
// and a dash, as the controller wrote it; any other name is not the set's.
func TestOrdinal(t *testing.T) {
	for _, c := range []struct {
		set, pod string
		want     int
	}{
		{"quorum", "quorum-0", 0},
		{"quorum", "quorum-12", 12},
		{"quorum", Pod("quorum", 3), 3},
		{"quorum", "quorum-01", -1}, // not how the controller writes 1
		{"quorum", "quorum--1", -1},
		{"quorum", "quorum-x", -1},
		{"quorum", "quorum", -1},
		{"quorum", "other-0", -1},
		{"web", "web-a-0", -1},
	} {
		if got := Ordinal(c.set, c.pod); got != c.want {
			t.Errorf("Ordinal(%q, %q) = %d, want %d", c.set, c.pod, got, c.want)
		}
	}
}
