package runner

import (
	"strings"

	messages "github.com/cucumber/messages/go/v21"
)

// isolate returns the feature's text with every other scenario, and every
// other example row of this scenario's outline, turned into comments.
// Lines keep their numbers, so godog reports the file's own lines and the
// Cucumber JSON names the file without a `:line` suffix. (godog's
// `file:line` selects a whole outline, never a single example row.)
func isolate(sc *Scenario) []byte {
	f := sc.Feature
	lines := strings.Split(string(f.Content), "\n")
	comment := func(from, to int) { // 1-based, inclusive
		for i := from; i <= to && i <= len(lines); i++ {
			if i >= 1 && !strings.HasPrefix(strings.TrimSpace(lines[i-1]), "#") {
				lines[i-1] = "#" + lines[i-1]
			}
		}
	}
	type span struct {
		sc    *messages.Scenario
		start int
	}
	var spans []span
	var boundaries []int // lines where a rule begins
	// tagged is where a keyword's block begins: its first tag, or the
	// first of the tag lines above it, blank and comment lines between
	// (a bare "@" is a tag line the AST keeps no tag for).
	tagged := func(line int, tags []*messages.Tag) int {
		start := line
		for l := line - 1; l >= 1; l-- {
			t := strings.TrimSpace(lines[l-1])
			if strings.HasPrefix(t, "@") {
				start = l
			} else if t != "" && !strings.HasPrefix(t, "#") {
				break
			}
		}
		for _, t := range tags {
			start = min(start, int(t.Location.Line))
		}
		return start
	}
	addScenario := func(s *messages.Scenario) {
		spans = append(spans, span{s, tagged(int(s.Location.Line), s.Tags)})
	}
	for _, c := range f.Doc.Feature.Children {
		switch {
		case c.Scenario != nil:
			addScenario(c.Scenario)
		case c.Rule != nil:
			boundaries = append(boundaries, tagged(int(c.Rule.Location.Line), c.Rule.Tags))
			for _, rc := range c.Rule.Children {
				if rc.Scenario != nil {
					addScenario(rc.Scenario)
				}
			}
		}
	}
	end := func(start int) int {
		next := len(lines) + 1
		for _, s := range spans {
			if s.start > start && s.start < next {
				next = s.start
			}
		}
		for _, b := range boundaries {
			if b > start && b < next {
				next = b
			}
		}
		return next - 1
	}
	for _, s := range spans {
		if s.sc.Id != sc.Pickle.AstNodeIds[0] {
			comment(s.start, end(s.start))
			continue
		}
		if len(sc.Pickle.AstNodeIds) < 2 {
			continue
		}
		for _, ex := range s.sc.Examples {
			for _, row := range ex.TableBody {
				if row.Id != sc.Pickle.AstNodeIds[1] {
					l := int(row.Location.Line)
					comment(l, l)
				}
			}
		}
	}
	return []byte(strings.Join(lines, "\n"))
}
