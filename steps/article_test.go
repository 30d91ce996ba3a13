package steps

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// theNounInText is `the pod "`, `the job "`, … in a step's text.
var theNounInText = regexp.MustCompile(`\bthe (?:pod|job|deployment|replica set|daemon set|stateful set) "`)

// outsideQuotes are the matches of re in text that are not inside a
// quoted name.
func outsideQuotes(re *regexp.Regexp, text string) [][]int {
	var out [][]int
	for _, m := range re.FindAllStringIndex(text, -1) {
		if strings.Count(text[:m[0]], `"`)%2 == 0 {
			out = append(out, m)
		}
	}
	return out
}

// matching are the indexes of the phrases text matches.
func matching(defs []Def, text string) []int {
	var out []int
	for i, d := range defs {
		if d.Pattern.MatchString(text) {
			out = append(out, i)
		}
	}
	return out
}

// sameStep says whether two texts of phrase d parse to one step: the
// same captures, as the phrase reads them, and the same step.
func sameStep(d Def, a, b string) error {
	ca, cb := d.captures(d.Pattern.FindStringSubmatch(a)[1:]), d.captures(d.Pattern.FindStringSubmatch(b)[1:])
	if !slices.Equal(ca, cb) {
		return fmt.Errorf("captures %q, want %q", cb, ca)
	}
	sa, erra := d.Parse(a, Arg{})
	sb, errb := d.Parse(b, Arg{})
	if fmt.Sprint(erra) != fmt.Sprint(errb) {
		return fmt.Errorf("parse error %v, want %v", errb, erra)
	}
	if fa, fb := deep(reflect.ValueOf(sa)), deep(reflect.ValueOf(sb)); fa != fb {
		return fmt.Errorf("step %s, want %s", fb, fa)
	}
	return nil
}

// TestTheMayBeLeftOut: every phrase that names a pod (a job, a
// deployment, a replica set, a daemon set, a stateful set) with `the pod
// "x"` accepts its example with that `the` left out, each one and all of
// them, as the same step; the shortened example matches no other phrase.
func TestTheMayBeLeftOut(t *testing.T) {
	checked := checkRespelled(t, theNounInPattern, theNounInText, func(m string) string { return strings.TrimPrefix(m, "the ") })
	if checked < 150 {
		t.Errorf("%d shortened examples checked: fewer phrases name a pod than the registry has", checked)
	}
}

// checkRespelled checks every phrase whose pattern (as shown) inPattern
// matches: its example with each match of inText outside quotes written
// as respell says, one at a time and all together, matches that phrase
// alone and parses to the same step. It returns how many it checked. An
// example whose words are an alternative inText does not match (`kubectl
// shows pod "web" READY "1/2" at 20s`, no article) is left out.
func checkRespelled(t *testing.T, inPattern, inText *regexp.Regexp, respell func(match string) string) int {
	t.Helper()
	defs := Definitions()
	checked := 0
	for i, d := range defs {
		if !inPattern.MatchString(d.Shown().String()) {
			continue
		}
		text := ExampleText(d.Example)
		refs := outsideQuotes(inText, text)
		var variants []string
		all := text
		for k := len(refs) - 1; k >= 0; k-- {
			at, end := refs[k][0], refs[k][1]
			variants = append(variants, text[:at]+respell(text[at:end])+text[end:])
			all = all[:at] + respell(all[at:end]) + all[end:]
		}
		if len(refs) > 1 {
			variants = append(variants, all)
		}
		for _, v := range variants {
			if hits := matching(defs, v); !slices.Equal(hits, []int{i}) {
				t.Errorf("%q (from %q) matches phrases %v, want only %s", v, text, patternsOf(defs, hits), d.Pattern)
				continue
			}
			if err := sameStep(d, text, v); err != nil {
				t.Errorf("%q (from %q): %v", v, text, err)
			}
			checked++
		}
	}
	return checked
}

func patternsOf(defs []Def, idx []int) []string {
	var out []string
	for _, i := range idx {
		out = append(out, defs[i].Pattern.String())
	}
	return out
}

// TestPodStatesInAnyCase: every phrase that takes a pod state (a phase,
// a state `never` takes) reads each value its slot lists in lower case,
// and in upper case, as that value: the same phrase, and no other, the
// same step. NotReady may be written `not ready` where the phrase takes
// words apart (`becomes not ready`, `stays not ready`).
func TestPodStatesInAnyCase(t *testing.T) {
	defs := Definitions()
	checked := 0
	for i, d := range defs {
		text := ExampleText(d.Example)
		for _, s := range d.Slots {
			if !stateSlots[s.Name] {
				continue
			}
			if !slices.ContainsFunc(d.states, func(c stateCapture) bool { return slices.Equal(c.values, s.Values) }) {
				t.Errorf("%s: slot %q is read as written: no capture holds its example %q", d.Example, s.Name, s.Example)
				continue
			}
			at := strings.Index(text, s.Example)
			for _, v := range s.Values {
				canon := text[:at] + v + text[at+len(s.Example):]
				spellings := []string{strings.ToLower(v), strings.ToUpper(v)}
				if v == "NotReady" && strings.Contains(d.Pattern.String(), "(?i:not ready)") {
					spellings = append(spellings, "not ready", "Not Ready")
				}
				for _, w := range spellings {
					variant := text[:at] + w + text[at+len(s.Example):]
					if hits := matching(defs, variant); !slices.Equal(hits, []int{i}) {
						t.Errorf("%q matches phrases %v, want only %s", variant, patternsOf(defs, hits), d.Pattern)
						continue
					}
					if err := sameStep(d, canon, variant); err != nil {
						t.Errorf("%q: %v", variant, err)
					}
					checked++
				}
			}
		}
	}
	if checked < 200 {
		t.Errorf("%d spellings checked: fewer phrases take a pod state than the registry has", checked)
	}
}

// TestContainerStatesKeepTheirCase: a container's states are their
// phrases' own words; the pod states' any case leaves them as they were.
func TestContainerStatesKeepTheirCase(t *testing.T) {
	defs := Definitions()
	for _, text := range []string{`container "app" is running`, `container "app" of pod "web" is ready`, `container "app" stays running for 5s`} {
		if hits := matching(defs, text); len(hits) != 1 || defs[hits[0]].states != nil {
			t.Errorf("%q matches %v, want one phrase of a container", text, patternsOf(defs, hits))
		}
	}
	for _, text := range []string{`container "app" is Running`, `container "app" of pod "web" is READY`, `container "app" stays Running for 5s`} {
		if hits := matching(defs, text); len(hits) != 0 {
			t.Errorf("%q matches %v, want none", text, patternsOf(defs, hits))
		}
	}
}

// deep writes a value out, through its pointers, a function as its code:
// two steps parsed alike write alike.
func deep(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Invalid:
		return "nil"
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "nil"
		}
		return "&" + deep(v.Elem())
	case reflect.Func:
		return fmt.Sprintf("func %#x", v.Pointer())
	case reflect.Struct:
		var b strings.Builder
		b.WriteString(v.Type().String() + "{")
		for i := 0; i < v.NumField(); i++ {
			b.WriteString(v.Type().Field(i).Name + ":" + deep(v.Field(i)) + " ")
		}
		return b.String() + "}"
	case reflect.Slice, reflect.Array:
		var b strings.Builder
		b.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			b.WriteString(deep(v.Index(i)) + " ")
		}
		return b.String() + "]"
	case reflect.Map:
		keys := v.MapKeys()
		var parts []string
		for _, k := range keys {
			parts = append(parts, deep(k)+":"+deep(v.MapIndex(k)))
		}
		slices.Sort(parts)
		return "map[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprintf("%#v", v)
}
