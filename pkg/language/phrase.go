package language

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"

	"github.com/podlife/podlife/steps"
)

// Phrase is one phrase of the registry as the reference shows it.
type Phrase struct {
	Family string
	// Template is the phrase with its slots named: `the pod "<pod>" is
	// deleted with grace period <grace period>`; optional parts are in
	// square brackets, alternatives separated by `|`.
	Template string
	// Example is the registry's example, keyword, table and doc string
	// included.
	Example string
	Slots   []Slot
}

// Slot is one capture of a phrase.
type Slot struct {
	// Name is the slot's name in the template, without its brackets.
	Name string
	// Example is the slot's value in the example ("" when the example
	// leaves an optional part out).
	Example string
	// Label names what the slot takes; Accepts says it (Markdown).
	Label, Accepts string
	// Shared: the reference describes the slot's kind once, in its
	// Slots table, since several phrases take it.
	Shared bool
	kind   *kind
}

// token is a piece of a rendered pattern.
type token struct {
	text string // literal text, or a structural mark: "[", "]", "(", "|", ")"
	cap  int    // > 0: the capture with this index
	mark bool   // text is a structural mark
	sub  *syntax.Regexp
}

// phraseOf renders one registry definition.
func phraseOf(d steps.Def) (Phrase, error) {
	pattern := d.Shown()
	re, err := syntax.Parse(pattern.String(), syntax.Perl)
	if err != nil {
		return Phrase{}, err
	}
	var toks []token
	flatten(re, &toks)
	text := exampleText(d.Example)
	m := pattern.FindStringSubmatch(text)
	if m == nil {
		return Phrase{}, fmt.Errorf("%s: the example %q does not match", pattern, text)
	}
	p := Phrase{Family: d.Family, Example: d.Example}
	names := map[int]string{}
	for i, t := range toks {
		if t.cap == 0 {
			continue
		}
		before, after := context(toks, i, names)
		r, ok := ruleFor(before, after, t.sub)
		if !ok {
			return Phrase{}, fmt.Errorf("%s: no rule names the capture %d (%s) between %q and %q: add one to pkg/language/slots.go",
				pattern, t.cap, t.sub, before, after)
		}
		names[t.cap] = r.name
		s := Slot{Name: r.name, Example: m[t.cap], Label: r.kind.label, Accepts: r.kind.accepts, kind: r.kind}
		if values, finite := enumerate(t.sub); finite && len(values) > 1 {
			// The pattern lists the values itself.
			s.Accepts, s.kind = codeList(values), nil
		}
		if p.Slots, err = addSlot(p.Slots, s); err != nil {
			return Phrase{}, fmt.Errorf("%s: %v", pattern, err)
		}
	}
	p.Template = render(toks, names)
	return p, nil
}

// addSlot adds a slot, or fills in the example of a slot of the same
// name that alternatives of the phrase share (`for container "<container>"
// of pod "<pod>"` or `for pod "<pod>"`): the example fills one of them at
// most. Two slots of one name that the example both fills are two
// different things, which a rule must name apart.
func addSlot(slots []Slot, s Slot) ([]Slot, error) {
	for i := range slots {
		if slots[i].Name != s.Name {
			continue
		}
		if slots[i].Example != "" && s.Example != "" {
			return nil, fmt.Errorf("two slots are named <%s>: add a rule to pkg/language/slots.go that names them apart", s.Name)
		}
		if slots[i].Example == "" {
			slots[i].Example = s.Example
		}
		return slots, nil
	}
	return append(slots, s), nil
}

// exampleText is the step text of an example: its first line without the
// keyword.
func exampleText(example string) string { return steps.ExampleText(example) }

// flatten turns a parsed pattern into tokens. A capture of plain text
// (`( exactly)?`) is text: it has no value to name.
func flatten(re *syntax.Regexp, out *[]token) {
	switch re.Op {
	case syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText, syntax.OpEmptyMatch:
	case syntax.OpLiteral:
		*out = append(*out, token{text: string(re.Rune)})
	case syntax.OpConcat:
		for _, s := range re.Sub {
			flatten(s, out)
		}
	case syntax.OpCapture:
		if s, ok := literal(re.Sub[0]); ok {
			*out = append(*out, token{text: s})
			return
		}
		*out = append(*out, token{cap: re.Cap, sub: re.Sub[0]})
	case syntax.OpQuest:
		*out = append(*out, token{text: "[", mark: true})
		flatten(re.Sub[0], out)
		*out = append(*out, token{text: "]", mark: true})
	case syntax.OpAlternate:
		*out = append(*out, token{text: "(", mark: true})
		for i, s := range re.Sub {
			if i > 0 {
				*out = append(*out, token{text: "|", mark: true})
			}
			flatten(s, out)
		}
		*out = append(*out, token{text: ")", mark: true})
	default:
		// A character class or repetition outside a capture: show it as
		// the pattern writes it.
		*out = append(*out, token{text: re.String()})
	}
}

// literal is the text of a pattern that matches one string only.
func literal(re *syntax.Regexp) (string, bool) {
	values, finite := enumerate(re)
	if !finite || len(values) != 1 {
		return "", false
	}
	return values[0], true
}

// enumerate lists the strings a pattern matches when they are few.
func enumerate(re *syntax.Regexp) ([]string, bool) {
	const most = 64
	switch re.Op {
	case syntax.OpEmptyMatch, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpBeginText, syntax.OpEndText:
		return []string{""}, true
	case syntax.OpLiteral:
		if re.Flags&syntax.FoldCase != 0 {
			return nil, false
		}
		return []string{string(re.Rune)}, true
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune); i += 2 {
			for r := re.Rune[i]; r <= re.Rune[i+1]; r++ {
				if len(out) == most {
					return nil, false
				}
				out = append(out, string(r))
			}
		}
		return out, true
	case syntax.OpCapture:
		return enumerate(re.Sub[0])
	case syntax.OpQuest:
		sub, ok := enumerate(re.Sub[0])
		if !ok {
			return nil, false
		}
		return append([]string{""}, sub...), true
	case syntax.OpConcat:
		out := []string{""}
		for _, s := range re.Sub {
			sub, ok := enumerate(s)
			if !ok || len(out)*len(sub) > most {
				return nil, false
			}
			var next []string
			for _, a := range out {
				for _, b := range sub {
					next = append(next, a+b)
				}
			}
			out = next
		}
		return out, true
	case syntax.OpAlternate:
		var out []string
		for _, s := range re.Sub {
			sub, ok := enumerate(s)
			if !ok || len(out)+len(sub) > most {
				return nil, false
			}
			out = append(out, sub...)
		}
		return out, true
	}
	return nil, false
}

// context is the plain text before and after token i (earlier captures
// shown by their names, structural marks left out), for the rules.
func context(toks []token, i int, names map[int]string) (before, after string) {
	var b strings.Builder
	for _, t := range toks[:i] {
		switch {
		case t.cap > 0:
			b.WriteString("<" + names[t.cap] + ">")
		case !t.mark:
			b.WriteString(t.text)
		}
	}
	var a strings.Builder
	for _, t := range toks[i+1:] {
		if t.cap > 0 {
			break
		}
		if !t.mark {
			a.WriteString(t.text)
		}
	}
	return b.String(), a.String()
}

var spaces = regexp.MustCompile(` +`)

// render writes the tokens, captures by their names. A space that
// opens an optional part goes before its bracket: `is [exactly]:`.
func render(toks []token, names map[int]string) string {
	var b strings.Builder
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.cap > 0:
			b.WriteString("<" + names[t.cap] + ">")
		case t.mark && t.text == "]" && strings.HasSuffix(b.String(), " "):
			// A space that closes an optional part goes after its
			// bracket: `[init] container`.
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-1] + "] ")
		case t.mark && (t.text == "[" || t.text == "(" || t.text == "|"):
			b.WriteString(t.text)
			// The space after the mark is written before it.
			if i+1 < len(toks) && !toks[i+1].mark && toks[i+1].cap == 0 && strings.HasPrefix(toks[i+1].text, " ") {
				s := b.String()
				b.Reset()
				b.WriteString(s[:len(s)-1] + " " + t.text)
				toks[i+1].text = toks[i+1].text[1:]
			}
		default:
			b.WriteString(t.text)
		}
	}
	return strings.TrimSpace(spaces.ReplaceAllString(b.String(), " "))
}

// codeList writes values as `a`, `b` and `c`.
func codeList(values []string) string {
	var out []string
	for _, v := range values {
		out = append(out, "`"+v+"`")
	}
	switch len(out) {
	case 0:
		return ""
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}
