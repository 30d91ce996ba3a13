package live

import (
	"strings"
	"testing"
)

// TestImageList: --images and PODLIFE_IMAGES name an offline cluster's
// images, separated by commas; blanks around them and empty items are no
// image.
func TestImageList(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"busybox:1.36", []string{"busybox:1.36"}},
		{" busybox:1.36 , nginx:1.27,,", []string{"busybox:1.36", "nginx:1.27"}},
	} {
		if got := ImageList(tc.in); strings.Join(got, "|") != strings.Join(tc.want, "|") || len(got) != len(tc.want) {
			t.Errorf("ImageList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
