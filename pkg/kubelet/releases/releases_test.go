package releases

import (
	"slices"
	"testing"
)

// TestMinor pins which versions name a modelled kubelet: 1.N, with or
// without a v and a patch, from 1.27 to the default, and 1.10 (seed
// 002's kubelet); the empty version is the default.
func TestMinor(t *testing.T) {
	cases := []struct {
		version string
		want    int
		ok      bool
	}{
		{"1.27", 27, true},
		{"v1.36.3", 36, true},
		{"1.30.0", 30, true},
		{"", 36, true},
		{"1.10", 10, true},
		{"1.26", 0, false},
		{"1.37", 0, false},
		{"2.0", 0, false},
		{"latest", 0, false},
	}
	for _, c := range cases {
		got, err := Minor(c.version)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("Minor(%q) = %d, %v; want %d, ok %v", c.version, got, err, c.want, c.ok)
		}
	}
	vs := Modelled()
	if want := []string{"1.10", "1.27", "1.28", "1.29", "1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36"}; !slices.Equal(vs, want) {
		t.Errorf("Modelled() = %v", vs)
	}
}
