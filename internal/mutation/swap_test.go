package mutation

import (
	"testing"

	"github.com/podlife/podlife/steps"
)

// TestSwapKeepsEachRole: an order's two containers are exchanged with the
// role each is named by, so that the mutant still lints (a sidecar's name
// after `the app container` is an error at lint, no mutant).
func TestSwapKeepsEachRole(t *testing.T) {
	cases := []struct{ text, want string }{
		{`the sidecar "log-shipper" receives SIGTERM after the app container "app" has exited`,
			`the app container "app" receives SIGTERM after the sidecar "log-shipper" has exited`},
		{`container "app" starts after init container "wait-for-db" is ready`,
			`init container "wait-for-db" starts after container "app" is ready`},
		{`container "b" of pod "web" stops after container "a"`,
			`container "a" of pod "web" stops after container "b"`},
	}
	for _, c := range cases {
		n := 0
		for _, d := range steps.Definitions() {
			sub := d.Pattern.FindStringSubmatchIndex(c.text)
			if sub == nil {
				continue
			}
			n++
			ph, ok := phraseFor(d.Shown().String())
			if !ok {
				t.Fatalf("%s: no mutation entry", c.text)
			}
			var got []string
			for _, o := range ph.Ops {
				if o.Kind == swap {
					got, _ = o.apply(stepCtx{text: c.text, sub: sub})
				}
			}
			if len(got) != 1 || got[0] != c.want {
				t.Errorf("%s: swapped %q, want %q", c.text, got, c.want)
			}
		}
		if n != 1 {
			t.Errorf("%s: %d phrases match", c.text, n)
		}
	}
}
