package runner

import (
	"strings"
	"testing"
)

// TestCucumberTagsHint: a Cucumber tag expression (godog's --tags) is
// refused with the same selection in Ginkgo's label syntax, which must
// itself parse and select what the Cucumber one meant; an expression in
// podlife's own syntax, tags that merely contain the words included, is
// not touched.
func TestCucumberTagsHint(t *testing.T) {
	cases := []struct {
		expr, want string
		// in and out are tag sets the expression must select and not.
		in, out []string
	}{
		{"@a and not @b", "a && !b", []string{"a"}, []string{"a", "b"}},
		{"@termination and not @slow", "termination && !slow", []string{"termination"}, []string{"termination", "slow"}},
		{"not @slow", "!slow", []string{"termination"}, []string{"slow"}},
		{"@a or @b", "a || b", []string{"b"}, []string{"c"}},
		{"@a AND @b", "a && b", []string{"a", "b"}, []string{"a"}},
		{"(@a or @b) and not @c", "(a || b) && !c", []string{"b"}, []string{"b", "c"}},
		{"@a && ~@b", "a && !b", []string{"a"}, []string{"a", "b"}},
		{"~@slow", "!slow", []string{"a"}, []string{"slow"}},
	}
	for _, tc := range cases {
		t.Run(tc.expr, func(t *testing.T) {
			_, err := ParseFilter(tc.expr)
			hint := "podlife takes Ginkgo's label syntax: --tags '" + tc.want + "'"
			if err == nil || !strings.Contains(err.Error(), hint) || !strings.Contains(err.Error(), "Cucumber tag expression") {
				t.Fatalf("error %v, want one with %q", err, hint)
			}
			f, err := ParseFilter(tc.want)
			if err != nil {
				t.Fatalf("the hint does not parse: %v", err)
			}
			if !f(tc.in) || f(tc.out) {
				t.Errorf("the hint %q selects %v: %v, %v: %v", tc.want, tc.in, f(tc.in), tc.out, f(tc.out))
			}
		})
	}
	for _, ours := range []string{"termination && !slow", "seed:003 || sidecars", "@a,@b", "@android && !band", "notready"} {
		if _, err := ParseFilter(ours); err != nil {
			t.Errorf("%q: %v", ours, err)
		}
	}
}
