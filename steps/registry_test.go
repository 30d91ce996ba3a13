package steps

import (
	"strings"
	"testing"
)

// TestExamplesMatchOnePhrase: each phrase's example (what `podlife steps`
// prints) matches its own pattern and no other, so no step of the
// vocabulary is ambiguous on the texts we document.
func TestExamplesMatchOnePhrase(t *testing.T) {
	defs := Definitions()
	for i, d := range defs {
		if d.Example == "" {
			t.Errorf("%s: no example", d.Pattern)
			continue
		}
		// An example may carry its keyword and its table or doc string.
		text, _, _ := strings.Cut(d.Example, "\n")
		for _, kw := range []string{"Given ", "When ", "Then ", "And ", "But "} {
			text = strings.TrimPrefix(text, kw)
		}
		d.Example = text
		var hits []string
		for j, o := range defs {
			if o.Pattern.MatchString(d.Example) {
				hits = append(hits, o.Pattern.String())
				if j != i && len(hits) > 1 {
					t.Errorf("example %q matches %v", d.Example, hits)
				}
			}
		}
		if !d.Pattern.MatchString(d.Example) {
			t.Errorf("example %q does not match its own pattern %s", d.Example, d.Pattern)
		}
	}
}
