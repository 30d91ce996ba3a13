package fidelity_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/podlife/podlife/docs"
	"github.com/podlife/podlife/pkg/fidelity"
)

// TestParse reads the rows of a behaviour table: their cells, their
// anchors, and the rows that are not rows of it.
func TestParse(t *testing.T) {
	const head = "# page\n\n| behaviour | rule | Kubernetes source | scenarios | live |\n| --- | --- | --- | --- | --- |\n"
	cases := []struct {
		name     string
		doc      string
		ids      []string
		anchors  []string
		problems []string
	}{
		{name: "an anchored row", doc: head + "| <a id=\"grace-floor\"></a>grace-floor | every stop gets 2 s | `kuberuntime_manager.go` killContainer | termination/grace.feature | confirmed |\n",
			ids: []string{"grace-floor"}, anchors: []string{"grace-floor"}},
		{name: "a row without its anchor", doc: head + "| grace-floor | r | s | f | l |\n", ids: []string{"grace-floor"}, anchors: []string{""}},
		{name: "the table ends at the first line that is not a row", doc: head + "| a | r | s | f | l |\n\n| b | r | s | f | l |\n", ids: []string{"a"}, anchors: []string{""}},
		{name: "a row of four cells", doc: head + "| a | r | s | f |\n", problems: []string{"docs/fidelity.md:5: 4 cells, want 5"}},
		{name: "a first cell that is no id", doc: head + "| Grace Floor | r | s | f | l |\n", problems: []string{`docs/fidelity.md:5: "Grace Floor" is not a behaviour id`}},
		{name: "an id twice", doc: head + "| a | r | s | f | l |\n| a | r2 | s | f | l |\n", ids: []string{"a"}, anchors: []string{""}, problems: []string{"docs/fidelity.md:6: behaviour a again (first at line 5)"}},
		{name: "no table", doc: "# page\n", problems: []string{"no table headed"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tab, problems := fidelity.Parse(tc.doc)
			var ids, anchors []string
			for _, b := range tab.Rows() {
				ids, anchors = append(ids, b.ID), append(anchors, b.Anchor)
			}
			if !slices.Equal(ids, tc.ids) || !slices.Equal(anchors, tc.anchors) {
				t.Errorf("ids %q, anchors %q; want %q, %q", ids, anchors, tc.ids, tc.anchors)
			}
			if len(problems) != len(tc.problems) {
				t.Fatalf("problems %q, want %q", problems, tc.problems)
			}
			for i, p := range problems {
				if !strings.Contains(p, tc.problems[i]) {
					t.Errorf("problem %q, want it to say %q", p, tc.problems[i])
				}
			}
		})
	}
	tab, _ := fidelity.Parse(head + "| <a id=\"grace-floor\"></a>grace-floor | every stop gets 2 s | `kuberuntime_manager.go` killContainer | termination/grace.feature | confirmed |\n")
	b, ok := tab.Lookup("grace-floor")
	if !ok || b.Rule != "every stop gets 2 s" || b.Source != "`kuberuntime_manager.go` killContainer" || b.Line != 5 ||
		b.Link() != "docs/fidelity.md#grace-floor" {
		t.Errorf("grace-floor: %+v (found %v)", b, ok)
	}
}

// heading is a Markdown heading; slug makes its anchor as GitHub does
// (lowercase, punctuation dropped, spaces as dashes).
var (
	heading = regexp.MustCompile(`(?m)^#+ (.*)$`)
	notSlug = regexp.MustCompile(`[^a-z0-9 _-]`)
)

// TestBuiltPageAnchorsEveryRow: the page the binary carries reads without
// a problem, and each row has the anchor a failure's link names (its id),
// which no heading's anchor shadows.
func TestBuiltPageAnchorsEveryRow(t *testing.T) {
	tab, problems := fidelity.Parse(docs.Fidelity())
	for _, p := range problems {
		t.Error(p)
	}
	if len(tab.Rows()) < 100 {
		t.Fatalf("%d behaviours read from docs/fidelity.md", len(tab.Rows()))
	}
	headings := map[string]string{}
	for _, m := range heading.FindAllStringSubmatch(docs.Fidelity(), -1) {
		headings[strings.ReplaceAll(notSlug.ReplaceAllString(strings.ToLower(m[1]), ""), " ", "-")] = m[1]
	}
	for _, b := range tab.Rows() {
		if b.Anchor != b.ID {
			t.Errorf("%s:%d: behaviour %s has no anchor of its name: write its first cell as %s", fidelity.Doc, b.Line, b.ID, fidelity.Cell(b.ID))
		}
		if h, ok := headings[b.ID]; ok {
			t.Errorf("%s:%d: the anchor %s is also the heading %q's", fidelity.Doc, b.Line, b.ID, h)
		}
	}
}
