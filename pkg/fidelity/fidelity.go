// Package fidelity reads the table of behaviours of docs/fidelity.md:
// each row's behaviour id (the `@behavior:<id>` tags of the catalogue
// name it), the rule the simulator applies, the Kubernetes source it
// models, the scenarios that cover it and its live status; and the
// address of the row, which a failure prints next to the expectation
// that failed.
//
// A row is keyed by its first cell, the behaviour id, with an anchor of
// the same name before it, so that docs/fidelity.md#<id> leads to the
// row (Markdown gives anchors to headings only):
//
//	| <a id="sigkill-at-grace"></a>sigkill-at-grace | rule | source | scenarios | live |
package fidelity

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/podlife/podlife/docs"
)

// Doc is the page's path from the module root, as links name it.
const Doc = "docs/fidelity.md"

// header is the table's header row.
const header = "| behaviour | rule | Kubernetes source | scenarios | live |"

// Behavior is one row of the table.
type Behavior struct {
	ID        string
	Rule      string
	Source    string
	Scenarios string
	Live      string
	// Line is the row's line in the page (from 1).
	Line int
	// Anchor is the id of the row's anchor, "" when it has none.
	Anchor string
}

// Link is the row's address from the module root: docs/fidelity.md#<id>.
func (b Behavior) Link() string { return Doc + "#" + b.ID }

// Cell is a behaviour's first cell as the table writes it: its anchor,
// then its id.
func Cell(id string) string { return fmt.Sprintf(`<a id="%s"></a>%s`, id, id) }

// firstCell reads a first cell: an optional anchor, then the id.
var firstCell = regexp.MustCompile(`^(?:<a id="([^"]*)"></a>)?([a-z][a-z0-9-]*)$`)

// Table is the behaviours of a page, in its order.
type Table struct {
	rows []Behavior
	byID map[string]int
}

// Parse reads the behaviour table of a page: the rows under its header
// (the first table whose header is "| behaviour | rule | Kubernetes
// source | scenarios | live |") up to the first line that is not a row.
// A row with another number of cells, or a first cell that is not an
// id, is a problem; the rows read are returned with the problems.
func Parse(doc string) (Table, []string) {
	t := Table{byID: map[string]int{}}
	var problems []string
	lines := strings.Split(doc, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == header {
			start = i + 2 // after the delimiter row
			break
		}
	}
	if start < 0 {
		return t, []string{fmt.Sprintf("%s: no table headed %q", Doc, header)}
	}
	for i := start; i < len(lines) && strings.HasPrefix(lines[i], "|"); i++ {
		cells := splitRow(lines[i])
		if len(cells) != 5 {
			problems = append(problems, fmt.Sprintf("%s:%d: %d cells, want 5 (behaviour, rule, Kubernetes source, scenarios, live)", Doc, i+1, len(cells)))
			continue
		}
		m := firstCell.FindStringSubmatch(cells[0])
		if m == nil {
			problems = append(problems, fmt.Sprintf("%s:%d: %q is not a behaviour id (lowercase letters, digits and dashes)", Doc, i+1, cells[0]))
			continue
		}
		b := Behavior{ID: m[2], Anchor: m[1], Rule: cells[1], Source: cells[2], Scenarios: cells[3], Live: cells[4], Line: i + 1}
		if j, dup := t.byID[b.ID]; dup {
			problems = append(problems, fmt.Sprintf("%s:%d: behaviour %s again (first at line %d)", Doc, i+1, b.ID, t.rows[j].Line))
			continue
		}
		t.byID[b.ID] = len(t.rows)
		t.rows = append(t.rows, b)
	}
	return t, problems
}

// splitRow splits a table row into its cells, trimmed. A cell holds no
// "|": the table's cells escape none.
func splitRow(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimSuffix(strings.TrimPrefix(l, "|"), "|")
	cells := strings.Split(l, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// Rows are the behaviours in the page's order.
func (t Table) Rows() []Behavior { return t.rows }

// Lookup finds a behaviour by its id.
func (t Table) Lookup(id string) (Behavior, bool) {
	i, ok := t.byID[id]
	if !ok {
		return Behavior{}, false
	}
	return t.rows[i], true
}

// Built is the table of the page the binary was built with. It is
// read at each call: a failure asks once, and the page is a few
// thousand lines.
func Built() Table {
	t, _ := Parse(docs.Fidelity())
	return t
}
