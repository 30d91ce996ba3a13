package suite

import (
	"slices"
	"testing"
)

// TestFeaturePathsFollowTheEnvironment: the suite and the live suite's
// differential report read the same paths, PODLIFE_FEATURES's when set.
func TestFeaturePathsFollowTheEnvironment(t *testing.T) {
	t.Setenv("PODLIFE_FEATURES", "")
	if got := FeaturePaths([]string{"features"}); !slices.Equal(got, []string{"features"}) {
		t.Errorf("unset: %q, want the default", got)
	}
	t.Setenv("PODLIFE_FEATURES", "/work/heldout-33  /work/exp/a.feature")
	if got := FeaturePaths([]string{"features"}); !slices.Equal(got, []string{"/work/heldout-33", "/work/exp/a.feature"}) {
		t.Errorf("set: %q", got)
	}
}
