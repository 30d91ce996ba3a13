package runner

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/podlife/podlife/steps"
)

// The nearest-phrase hint for an undefined step compares the step with
// each phrase's example and its variants: the example without each of its
// optional parts (`of pod "web"`, `with reason …`, the pattern's `(…)?`),
// and with each of a slot's values in the slot's place (`is Terminating`
// for `is Running`). The comparison is a weighted edit distance, word by
// word, in which
//
//   - names, durations and numbers are slots: any name matches any name,
//     a bare word matches a name that says it (`Ready` for `"Ready"`) at a
//     small cost, a number matches a duration at a quarter of a word;
//   - words compare by their spelling (`recieves` is nearly `receives`)
//     after a few synonyms (`gets` is `receives`, `secs` is `seconds`,
//     `be` is `is`), camel case split (terminationGracePeriodSeconds);
//     one time bound for another (`after` for `within`) costs less;
//   - the words every phrase has (the, pod, container, is, of, with) weigh
//     half a word, the fillers a user adds (now, should, still) less; a
//     negation (not, no, never) weighs two;
//   - a word of the phrase the step leaves out costs less than a word the
//     step adds.
//
// A phrase of the step's own keyword (Given, When, Then) is preferred.
// The suggestion is the phrase with the step's own names, durations and
// numbers in it where they fit one for one.

// nearest is the phrase closest to text, a step of type t.
func nearest(text string, t steps.StepType, defs []steps.Def) string {
	step := tokenize(text)
	best, bestCost := "", 0.0
	for _, d := range defs {
		kw, ex := exampleLine(d.Example)
		penalty := 0.0
		if kw != "" && kw != keywordOf(t) {
			penalty = 0.3
		}
		for _, v := range variants(ex, d.Pattern, d.Slots) {
			c := distance(step, tokenize(v)) + penalty
			if best == "" || c < bestCost-1e-9 {
				best, bestCost = v, c
			}
		}
	}
	return fillIn(best, text)
}

// exampleLine is an example's first line without its keyword.
func exampleLine(ex string) (keyword, text string) {
	text, _, _ = strings.Cut(ex, "\n")
	for _, kw := range []string{"Given", "When", "Then"} {
		if rest, ok := strings.CutPrefix(text, kw+" "); ok {
			return kw, rest
		}
	}
	return "", text
}

func keywordOf(t steps.StepType) string {
	switch t {
	case steps.Action:
		return "When"
	case steps.Outcome:
		return "Then"
	}
	return "Given"
}

// variants are the example, the example without each of its optional
// parts (`of pod "web"`, `with reason …`: the pattern's `(…)?`) and
// without all of them, and each of those with each of a slot's values in
// the slot's place.
func variants(ex string, pattern *regexp.Regexp, slots []steps.Slot) []string {
	bases := []string{ex}
	spans := optionalSpans(pattern, ex)
	for _, sp := range spans {
		bases = append(bases, cut(ex, [][2]int{sp}))
	}
	if len(spans) > 1 {
		bases = append(bases, cut(ex, spans))
	}
	var out []string
	for _, b := range bases {
		out = append(out, b)
		for _, s := range slots {
			at := wordIndex(b, s.Example)
			if at < 0 {
				continue
			}
			for _, v := range s.Values {
				if v != s.Example {
					out = append(out, b[:at]+v+b[at+len(s.Example):])
				}
			}
		}
	}
	return out
}

// optionalSpans are where the pattern's optional groups (`(…)?`) match in
// the example. Each such group is named in a copy of the pattern's source
// (regexp/syntax's String would do it, slowly, for the negated classes
// every phrase has).
func optionalSpans(pattern *regexp.Regexp, ex string) [][2]int {
	src := pattern.String()
	var opens []int // the source offset of each open group
	var named []int // the groups followed by ?
	inClass := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			opens = append(opens, i)
		case c == ')' && len(opens) > 0:
			open := opens[len(opens)-1]
			opens = opens[:len(opens)-1]
			if i+1 < len(src) && src[i+1] == '?' {
				named = append(named, open)
			}
		}
	}
	if len(named) == 0 {
		return nil
	}
	var b strings.Builder
	last := 0
	names := map[int]string{}
	for _, open := range named {
		names[open] = fmt.Sprintf("podlifeopt%d", len(names))
	}
	for i := 0; i < len(src); i++ {
		name, ok := names[i]
		if !ok {
			continue
		}
		b.WriteString(src[last:i])
		b.WriteString("(?P<" + name + ">")
		last = i + 1
		if strings.HasPrefix(src[i:], "(?:") {
			last = i + 3
		}
	}
	b.WriteString(src[last:])
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil
	}
	m := re.FindStringSubmatchIndex(ex)
	if m == nil {
		return nil
	}
	var spans [][2]int
	for _, open := range named {
		i := re.SubexpIndex(names[open])
		if lo, hi := m[2*i], m[2*i+1]; lo >= 0 && hi > lo {
			spans = append(spans, [2]int{lo, hi})
		}
	}
	return spans
}

// cut removes spans from s; a span inside another goes with it.
func cut(s string, spans [][2]int) string {
	keep := make([]bool, len(s))
	for i := range keep {
		keep[i] = true
	}
	for _, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			keep[i] = false
		}
	}
	var b strings.Builder
	for i := range s {
		if keep[i] {
			b.WriteByte(s[i])
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// wordIndex finds w in s where it is a whole word (quotes and the
// pattern's punctuation around it allowed).
func wordIndex(s, w string) int {
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return -1
		}
		i += from
		before, after := i == 0 || strings.ContainsRune(" \"", rune(s[i-1])), i+len(w) == len(s) || strings.ContainsRune(" \"<,:", rune(s[i+len(w)]))
		if before && after {
			return i
		}
		from = i + 1
	}
}

// token is a word of a step, lowercased, or a slot: a quoted name (its
// text kept, to compare with a bare word), a duration, a number.
type token struct {
	word string
	kind tokenKind
}

type tokenKind int

const (
	word tokenKind = iota
	name
	duration
	number
)

var (
	durationRE = regexp.MustCompile(`^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$`)
	numberRE   = regexp.MustCompile(`^\d+(\.\d+)?([kmgtpe]i?)?$`) // a count, a code, a quantity
)

// synonyms map words a user writes to the vocabulary's.
var synonyms = map[string]string{
	"gets": "receives", "get": "receives", "got": "receives", "receive": "receives", "received": "receives",
	"be": "is", "are": "is", "was": "is", "being": "is",
	"secs": "seconds", "sec": "second", "mins": "minutes", "min": "minute", "hrs": "hours", "hr": "hour",
	"msecs": "milliseconds", "ms": "milliseconds",
	"removed": "deleted", "in": "within", "by": "within",
}

// light are the words every phrase has; fillers are words a user adds;
// timeWords bound a time.
var (
	timeWords = map[string]bool{"at": true, "after": true, "within": true, "between": true, "before": true}
	light     = map[string]bool{"the": true, "pod": true, "container": true, "is": true, "of": true, "a": true, "an": true, "for": true,
		"on": true, "at": true, "to": true, "with": true, "after": true, "and": true, ":": true}
	fillers = map[string]bool{"now": true, "should": true, "will": true, "still": true, "already": true, "eventually": true,
		"then": true, "also": true, "finally": true, "just": true, "been": true}
)

func tokenize(s string) []token {
	var out []token
	// A step that ends in a colon has a doc string or a table: its colon
	// counts.
	colon := strings.HasSuffix(strings.TrimSpace(s), ":")
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			end := strings.IndexByte(s[1:], '"')
			if end < 0 {
				end = len(s) - 1
			}
			out = append(out, token{strings.ToLower(s[1 : end+1]), name})
			s = s[min(end+2, len(s)):]
			continue
		}
		end := strings.IndexAny(s, " \"")
		if end < 0 {
			end = len(s)
		}
		raw := strings.Trim(s[:end], ",:.;!?")
		s = s[end:]
		if w := strings.ToLower(raw); numberRE.MatchString(w) && !durationRE.MatchString(w) {
			out = append(out, token{w, number})
			continue
		} else if durationRE.MatchString(w) {
			out = append(out, token{w, duration})
			continue
		}
		for _, w := range splitCamel(raw) {
			w = strings.ToLower(w)
			if syn, ok := synonyms[w]; ok {
				w = syn
			}
			out = append(out, token{w, word})
		}
	}
	// `of pod "web"` after a container may be left out when a scenario
	// has one pod: compare without it.
	var kept []token
	for i := 0; i < len(out); i++ {
		if i+2 < len(out) && out[i].word == "of" && out[i+1].word == "pod" && out[i+2].kind == name {
			i += 2
			continue
		}
		kept = append(kept, out[i])
	}
	if colon {
		kept = append(kept, token{":", word})
	}
	return kept
}

// splitCamel splits a word written in camel case into its words:
// terminationGracePeriodSeconds, OOMKilled (OOM Killed), NotReady.
func splitCamel(w string) []string {
	var out []string
	r := []rune(w)
	start := 0
	isUpper := func(c rune) bool { return c >= 'A' && c <= 'Z' }
	isLower := func(c rune) bool { return c >= 'a' && c <= 'z' }
	for i := 1; i < len(r); i++ {
		if isUpper(r[i]) && (isLower(r[i-1]) || (isUpper(r[i-1]) && i+1 < len(r) && isLower(r[i+1]))) {
			out = append(out, string(r[start:i]))
			start = i
		}
	}
	if start < len(r) {
		out = append(out, string(r[start:]))
	}
	return out
}

// weight is how much a token counts. A negation turns a phrase's
// meaning around: adding or leaving one out costs most.
func weight(t token) float64 {
	switch {
	case t.kind == word && (t.word == "not" || t.word == "no" || t.word == "never"):
		return 2
	case t.kind != word, light[t.word]:
		return 0.5
	case fillers[t.word]:
		return 0.3
	}
	return 1
}

// substitution is the cost of reading a (the step's) as b (the phrase's).
func substitution(a, b token) float64 {
	w := max(weight(a), weight(b))
	switch {
	case a.kind == word && b.kind == word && timeWords[a.word] && timeWords[b.word] && a.word != b.word:
		return 0.4 // another time bound: the same kind of phrase
	case a.kind == word && b.kind == word:
		return w * (1 - similarity(a.word, b.word))
	case a.kind == b.kind:
		return 0
	case a.kind == word && b.kind == name && a.word == b.word:
		return 0.1 // the name without its quotes
	case (a.kind == number || a.kind == duration) && (b.kind == number || b.kind == duration):
		return 0.25
	case a.kind == word && b.kind == name:
		return 0.5
	}
	return 1
}

// similarity of two words by their spelling: 1 for the same, near 1 for
// a plural or a typo, 0 for unrelated words.
func similarity(a, b string) float64 {
	if a == b {
		return 1
	}
	if a+"s" == b || b+"s" == a {
		return 0.95
	}
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	s := 1 - float64(levenshtein(a, b))/float64(n)
	if s < 0.5 {
		return 0 // unrelated: a substitution costs as much as a new word
	}
	return s
}

// distance is the weighted edit distance from the step's tokens to a
// phrase's: a word the step adds costs its weight, a word of the phrase
// the step leaves out 60 % of its weight.
func distance(step, phrase []token) float64 {
	prev := make([]float64, len(phrase)+1)
	cur := make([]float64, len(phrase)+1)
	for j := 1; j <= len(phrase); j++ {
		prev[j] = prev[j-1] + 0.6*weight(phrase[j-1])
	}
	for i := 1; i <= len(step); i++ {
		cur[0] = prev[0] + weight(step[i-1])
		for j := 1; j <= len(phrase); j++ {
			cur[j] = min(prev[j]+weight(step[i-1]), cur[j-1]+0.6*weight(phrase[j-1]), prev[j-1]+substitution(step[i-1], phrase[j-1]))
		}
		prev, cur = cur, prev
	}
	return prev[len(phrase)]
}

// fillIn puts the step's quoted names, its durations and its numbers in
// the phrase, in order, each kind when the two have as many of it.
func fillIn(phrase, step string) string {
	quoted := regexp.MustCompile(`"[^"]*"`)
	if a, b := quoted.FindAllString(step, -1), quoted.FindAllString(phrase, -1); len(a) == len(b) && len(a) > 0 {
		i := 0
		phrase = quoted.ReplaceAllStringFunc(phrase, func(string) string { i++; return a[i-1] })
	}
	// Durations and numbers outside the quotes, word by word.
	bare := func(s string) []string { return strings.Fields(quoted.ReplaceAllString(s, `""`)) }
	words := strings.Split(phrase, " ")
	for _, kind := range []*regexp.Regexp{durationRE, regexp.MustCompile(`^\d+$`)} {
		var a []string
		for _, w := range bare(step) {
			if kind.MatchString(w) {
				a = append(a, w)
			}
		}
		var at []int
		inQuote := false
		for i, w := range words {
			if !inQuote && kind.MatchString(w) {
				at = append(at, i)
			}
			if strings.Count(w, `"`)%2 == 1 {
				inQuote = !inQuote
			}
		}
		if len(a) == len(at) {
			for k, i := range at {
				words[i] = a[k]
			}
		}
	}
	return strings.Join(words, " ")
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
