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
			// A fallback says only what no other phrase says (Matches).
			if o.Pattern.MatchString(d.Example) && (!o.fallback || j == i) {
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

// TestSlotValuesMatchTheirPhraseOnly: a slot's example is in its phrase's
// example, and the example with any of the slot's values in its place
// still matches that phrase and no other (what `podlife steps` lists is
// accepted, and unambiguous).
func TestSlotValuesMatchTheirPhraseOnly(t *testing.T) {
	defs := Definitions()
	for i, d := range defs {
		text, _, _ := strings.Cut(d.Example, "\n")
		for _, kw := range []string{"Given ", "When ", "Then "} {
			text = strings.TrimPrefix(text, kw)
		}
		for _, s := range d.Slots {
			if len(s.Values) == 0 {
				t.Errorf("%s: slot %q lists no values", d.Example, s.Name)
			}
			if !s.Open && !contains(s.Values, s.Example) {
				t.Errorf("%s: slot %q's example %q is not one of its values", d.Example, s.Name, s.Example)
			}
			at := strings.Index(text, s.Example)
			if at < 0 {
				t.Errorf("%s: slot %q's example %q is not in the phrase's example", d.Example, s.Name, s.Example)
				continue
			}
			for _, v := range s.Values {
				variant := text[:at] + v + text[at+len(s.Example):]
				for j, o := range defs {
					if o.fallback && i != j {
						continue // it says only what no other phrase says
					}
					if m := o.Pattern.MatchString(variant); m != (i == j) {
						t.Errorf("%q (slot %q) matches %s: %v", variant, s.Name, o.Pattern, m)
					}
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
