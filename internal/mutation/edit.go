package mutation

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/pkg/timeline"
)

// stepCtx is one pickle step being mutated.
type stepCtx struct {
	text  string
	sub   []int // the pattern's submatch indices in text
	facts *Facts
	line  int
	by    time.Duration // how far a shift goes
}

func (s stepCtx) group(g int) (string, bool) {
	if 2*g+1 >= len(s.sub) || s.sub[2*g] < 0 {
		return "", false
	}
	return s.text[s.sub[2*g]:s.sub[2*g+1]], true
}

func (s stepCtx) captures() []string {
	out := make([]string, len(s.sub)/2)
	for g := range out {
		out[g], _ = s.group(g)
	}
	return out
}

// with returns the text with the groups replaced.
func (s stepCtx) with(repl map[int]string) string {
	gs := make([]int, 0, len(repl))
	for g := range repl {
		gs = append(gs, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(gs)))
	t := s.text
	for _, g := range gs {
		t = t[:s.sub[2*g]] + repl[g] + t[s.sub[2*g+1]:]
	}
	return t
}

// roleRef is how a step names a container before its name: by its role
// (`the sidecar "`, `init container "`, `the app container "`) or as
// `container "`.
var roleRef = regexp.MustCompile(`(?:(?:the )?(?:init |sidecar |app |main )container |(?:the )?sidecar |container )"$`)

// swapped is the step with the containers of groups a and b exchanged,
// each with the role the step names it by: `the sidecar "x" receives
// SIGTERM after the app container "y" has exited` becomes `the app
// container "y" receives SIGTERM after the sidecar "x" has exited`.
func (s stepCtx) swapped(a, b int) string {
	lo, hi := a, b
	if s.sub[2*lo] > s.sub[2*hi] {
		lo, hi = hi, lo
	}
	span := func(g int) (int, int) {
		start, end := s.sub[2*g], s.sub[2*g+1]
		if m := roleRef.FindStringIndex(s.text[:start]); m != nil {
			return m[0], end
		}
		return start, end
	}
	l0, l1 := span(lo)
	h0, h1 := span(hi)
	if l1 > h0 {
		return s.with(map[int]string{a: s.text[s.sub[2*b]:s.sub[2*b+1]], b: s.text[s.sub[2*a]:s.sub[2*a+1]]})
	}
	return s.text[:l0] + s.text[h0:h1] + s.text[l1:h0] + s.text[l0:l1] + s.text[h1:]
}

// apply makes the op's mutated texts of the step, or says why it made
// none ("" when the op does not concern the step: an optional part left
// out).
func (o Op) apply(s stepCtx) ([]string, string) {
	for _, g := range o.Groups {
		if _, ok := s.group(g); !ok {
			return nil, ""
		}
	}
	if o.When != nil && !o.When(s.captures()) {
		return nil, ""
	}
	g := func(i int) string { v, _ := s.group(o.Groups[i]); return v }
	var out []string
	switch o.Kind {
	case at:
		d, err := time.ParseDuration(g(0))
		if err != nil {
			return nil, fmt.Sprintf("%q is not a duration", g(0))
		}
		for _, by := range []time.Duration{-s.by, s.by} {
			if d+by >= 0 {
				out = append(out, s.with(map[int]string{o.Groups[0]: FormatDuration(d + by)}))
			}
		}
	case window:
		lo, err1 := time.ParseDuration(g(0))
		hi, err2 := time.ParseDuration(g(1))
		if err1 != nil || err2 != nil {
			return nil, "a bound is not a duration"
		}
		for _, by := range []time.Duration{-s.by, s.by} {
			if lo+by >= 0 {
				out = append(out, s.with(map[int]string{o.Groups[0]: FormatDuration(lo + by), o.Groups[1]: FormatDuration(hi + by)}))
			}
		}
	case list:
		items, seps := splitList(g(0))
		for i, it := range items {
			d, err := time.ParseDuration(it)
			if err != nil {
				return nil, fmt.Sprintf("%q is not a duration", it)
			}
			for _, by := range []time.Duration{-s.by, s.by} {
				if d+by < 0 {
					continue
				}
				cp := append([]string(nil), items...)
				cp[i] = FormatDuration(d + by)
				out = append(out, s.with(map[int]string{o.Groups[0]: joinList(cp, seps)}))
			}
		}
	case deadline:
		d, skip := s.deadline(g(0))
		if skip != "" {
			return nil, skip
		}
		out = append(out, s.with(map[int]string{o.Groups[0]: FormatDuration(d)}))
	case count:
		for _, by := range []int{-1, 1} {
			if v := addToInt(g(0), by); v != "" {
				out = append(out, s.withNoun(o.Groups[0], v))
			}
		}
	case atLeast, atMost:
		by := 1
		if o.Kind == atMost {
			by = -1
		}
		if v := addToInt(g(0), by); v != "" {
			out = append(out, s.withNoun(o.Groups[0], v))
		}
	case ready:
		a, b, ok := strings.Cut(g(0), "/")
		n, err1 := strconv.Atoi(a)
		total, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Sprintf("%q is not READY's a/b", g(0))
		}
		for _, by := range []int{-1, 1} {
			if n+by >= 0 && n+by <= total {
				out = append(out, s.with(map[int]string{o.Groups[0]: fmt.Sprintf("%d/%d", n+by, total)}))
			}
		}
	case reverse:
		names := quoted.FindAllString(g(0), -1)
		if len(names) < 2 {
			return nil, "fewer than two names: no order to reverse"
		}
		rev := make([]string, len(names))
		for i, n := range names {
			rev[len(names)-1-i] = n
		}
		out = append(out, s.with(map[int]string{o.Groups[0]: strings.Join(rev, ", ")}))
	case swap:
		a, b := g(0), g(1)
		if a == b {
			return nil, "the same container twice: nothing to swap"
		}
		out = append(out, s.swapped(o.Groups[0], o.Groups[1]))
	case negate:
		out = o.Rewrite(s.captures())
	case value:
		v := o.Swap(g(0))
		if v == "" || v == g(0) {
			return nil, fmt.Sprintf("no value to swap %q for", g(0))
		}
		out = append(out, s.with(map[int]string{o.Groups[0]: v}))
	}
	return out, ""
}

var quoted = regexp.MustCompile(`"[^"]*"`)

// deadline is the Deadline mutant's D: one second before what the
// original run observed for the step (its check), or before the deadline
// itself if the observation lay beyond it (a verdict that should not have
// passed), never below 0.
func (s stepCtx) deadline(written string) (time.Duration, string) {
	d, err := time.ParseDuration(written)
	if err != nil {
		return 0, fmt.Sprintf("%q is not a duration", written)
	}
	if s.facts == nil {
		return 0, "no run of the original scenario to take its observation from"
	}
	obs, skip := s.observed()
	if skip != "" {
		return 0, skip
	}
	if obs <= 0 {
		return 0, fmt.Sprintf("observed at %s, at or before t=0 (a state that already held): no earlier deadline", timeline.FormatOffset(obs))
	}
	nd := max(min(obs, d)-s.by, 0)
	if nd >= d {
		return 0, "a deadline of 0: nothing earlier"
	}
	return nd, ""
}

// observed is when the original run saw what the step awaits, from t=0:
// its check's observation, or, for a step that keeps none (a node's
// condition or taint), the first time the original's timeline shows the
// state at or after the step's t=0.
func (s stepCtx) observed() (time.Duration, string) {
	if c, ok := checkAt(s.facts.Original.Checks, s.line); ok {
		if !c.Seen {
			return 0, "the step's check observed nothing"
		}
		return c.Observed - c.Ref, ""
	}
	q, _, ok := stateOf(s.text, s.facts.onlyPod(), s.facts.onlyNode())
	if !ok {
		return 0, "the step keeps no check and reads no state the timeline shows: what it observed is not known"
	}
	t0, err := s.facts.T0(s.line)
	if err != nil {
		return 0, "the step keeps no check, and its t=0 is not known: " + err.Error()
	}
	at, ok := firstHeldFrom(s.facts.Original.Timeline, q, t0)
	if !ok {
		return 0, "the step keeps no check, and the timeline never shows its state from t=0 on"
	}
	return at - t0, ""
}

// checkAt is the step's own timed check: not a live reaction's, not an
// interval's.
func checkAt(checks []timeline.Check, line int) (timeline.Check, bool) {
	for _, c := range checks {
		if c.Line == line && !c.Reaction && !c.Interval {
			return c, true
		}
	}
	return timeline.Check{}, false
}

// withNoun replaces a count and keeps the noun after it agreeing: `1
// time`, `0 times`.
func (s stepCtx) withNoun(g int, v string) string {
	t := s.with(map[int]string{g: v})
	end := s.sub[2*g] + len(v)
	rest := t[end:]
	for _, noun := range []string{"time", "restart", "pod", "disruption"} {
		for _, form := range []string{noun + "s", noun} {
			if strings.HasPrefix(rest, " "+form) && (len(rest) == len(form)+1 || rest[len(form)+1] == ' ') {
				want := noun + "s"
				if v == "1" {
					want = noun
				}
				return t[:end] + " " + want + rest[len(form)+1:]
			}
		}
	}
	return t
}

// addToInt adds by to a whole number written in text; "" if it is not
// one or the result is negative.
func addToInt(v string, by int) string {
	n, err := strconv.Atoi(v)
	if err != nil || n+by < 0 {
		return ""
	}
	return strconv.Itoa(n + by)
}

var listSep = regexp.MustCompile(`\s*,\s*|\s+and\s+`)

// splitList splits `0s, 5s and 10s` into its items and separators.
func splitList(s string) (items, seps []string) {
	idx := listSep.FindAllStringIndex(s, -1)
	prev := 0
	for _, m := range idx {
		items = append(items, s[prev:m[0]])
		seps = append(seps, s[m[0]:m[1]])
		prev = m[1]
	}
	return append(items, s[prev:]), seps
}

func joinList(items, seps []string) string {
	var b strings.Builder
	for i, it := range items {
		b.WriteString(it)
		if i < len(seps) {
			b.WriteString(seps[i])
		}
	}
	return b.String()
}

// FormatDuration writes a duration as a scenario would: 3s, 2.5s, 500ms.
func FormatDuration(d time.Duration) string {
	if d%time.Second == 0 {
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	}
	if d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

// rowEdit is a table row rewritten.
type rowEdit struct {
	line int
	text string // without its indentation
}

// tableRowShifts shifts the `at` cell of each row of a timeline table, a
// second each way. The row keeps its text but for that cell, unless the
// cell is an outline's placeholder: then the row is written again from
// the pickle's cells (the placeholders substituted).
func tableRowShifts(ps *messages.PickleStep, ast *messages.Step, lines []string, by time.Duration) ([]rowEdit, string) {
	if ps.Argument == nil || ps.Argument.DataTable == nil || ast == nil || ast.DataTable == nil {
		return nil, "no table"
	}
	prow, arow := ps.Argument.DataTable.Rows, ast.DataTable.Rows
	if len(prow) != len(arow) || len(prow) < 2 {
		return nil, "no rows"
	}
	col := -1
	for i, c := range prow[0].Cells {
		if strings.TrimSpace(c.Value) == "at" {
			col = i
		}
	}
	if col < 0 {
		return nil, "the table has no `at` column"
	}
	var out []rowEdit
	for r := 1; r < len(prow); r++ {
		cells := prow[r].Cells
		if col >= len(cells) {
			continue
		}
		d, err := time.ParseDuration(strings.TrimSpace(cells[col].Value))
		if err != nil {
			continue
		}
		line := int(arow[r].Location.Line)
		for _, delta := range []time.Duration{-by, by} {
			if d+delta < 0 {
				continue
			}
			now := FormatDuration(d + delta)
			text, ok := replaceCell(strings.TrimLeft(lines[line-1], " \t"), col, cells[col].Value, now)
			if !ok {
				vals := make([]string, len(cells))
				for i, c := range cells {
					vals[i] = escapeCell(c.Value)
				}
				vals[col] = now
				text = "| " + strings.Join(vals, " | ") + " |"
			}
			out = append(out, rowEdit{line: line, text: text})
		}
	}
	return out, ""
}

// replaceCell replaces the text of the row's cell col, if it reads was,
// keeping the row's spacing.
func replaceCell(row string, col int, was, now string) (string, bool) {
	// Cells are separated by | not escaped by a backslash.
	var bars []int
	for i := 0; i < len(row); i++ {
		switch row[i] {
		case '\\':
			i++
		case '|':
			bars = append(bars, i)
		}
	}
	if col+1 >= len(bars) {
		return "", false
	}
	cell := row[bars[col]+1 : bars[col+1]]
	if strings.TrimSpace(cell) != was {
		return "", false
	}
	lead := cell[:len(cell)-len(strings.TrimLeft(cell, " \t"))]
	trail := cell[len(strings.TrimRight(cell, " \t")):]
	if pad := len(was) - len(now); pad > 0 {
		trail += strings.Repeat(" ", pad)
	} else if len(trail) > 1 && -pad < len(trail) {
		trail = trail[-pad:]
	}
	return row[:bars[col]+1] + lead + now + trail + row[bars[col+1]:], true
}

// escapeCell writes a cell's value as Gherkin reads it back.
func escapeCell(v string) string {
	return strings.NewReplacer(`\`, `\\`, "|", `\|`, "\n", `\n`).Replace(v)
}
