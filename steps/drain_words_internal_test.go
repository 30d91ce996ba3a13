package steps

import (
	"testing"
	"time"
)

// TestDrainWordsFlags: each option said in words is the kubectl drain
// flag of the same name.
func TestDrainWordsFlags(t *testing.T) {
	for _, c := range []struct {
		words string
		want  drainFlags
	}{
		{"with grace period 5s", drainFlags{GracePeriodSeconds: 5}},
		{"with grace period 5s and timeout 30s", drainFlags{GracePeriodSeconds: 5, Timeout: 30 * time.Second}},
		{"with timeout 2m", drainFlags{GracePeriodSeconds: -1, Timeout: 2 * time.Minute}},
		{"ignoring DaemonSets and forcing bare pods", drainFlags{GracePeriodSeconds: -1, Force: true}},
		{"ignoring daemon sets, forcing bare pods, and deleting emptyDir data", drainFlags{GracePeriodSeconds: -1, Force: true, DeleteEmptyDirData: true}},
	} {
		got, err := drainWordsFlags(c.words)
		if err != nil {
			t.Errorf("%q: %v", c.words, err)
			continue
		}
		if got != c.want {
			t.Errorf("%q: %+v, want %+v", c.words, got, c.want)
		}
	}
}
