package simulated

import (
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/podlife/podlife/pkg/fidelity"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// TestFidelityDocCoversTheCatalogue checks docs/fidelity.md against the
// catalogue: every @behavior: tag has a row, and every row a scenario.
func TestFidelityDocCoversTheCatalogue(t *testing.T) {
	doc, err := os.ReadFile("../../docs/fidelity.md")
	if err != nil {
		t.Fatal(err)
	}
	table, docProblems := fidelity.Parse(string(doc))
	for _, p := range docProblems {
		t.Error(p)
	}
	rows := map[string]bool{}
	for _, b := range table.Rows() {
		rows[b.ID] = true
	}
	_, scs, problems := runner.Load([]string{"../../features"})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	tagged := map[string]bool{}
	for _, sc := range scs {
		for _, tag := range sc.Tags {
			if id, ok := strings.CutPrefix(tag, "behavior:"); ok {
				tagged[id] = true
			}
		}
	}
	var missing, unused []string
	for id := range tagged {
		if !rows[id] {
			missing = append(missing, id)
		}
	}
	for id := range rows {
		if !tagged[id] {
			unused = append(unused, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(unused)
	if len(missing) > 0 {
		t.Errorf("behaviours tagged in features/ without a row in docs/fidelity.md: %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("rows of docs/fidelity.md no scenario covers: %v", unused)
	}
}

// TestExplainedDivergencesNameTheCatalogue checks docs/divergences.yaml:
// it decodes, and every entry names a scenario of the catalogue (by place
// or by a behaviour tag some scenario carries).
func TestExplainedDivergencesNameTheCatalogue(t *testing.T) {
	list, err := report.ReadExplanations("../../" + report.ExplainedFile)
	if err != nil {
		t.Fatal(err)
	}
	_, scs, problems := runner.Load([]string{"../../features"})
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	known := map[string]bool{}
	for _, sc := range scs {
		known[strings.TrimPrefix(sc.ID(), "../../")] = true
		for _, tag := range sc.Tags {
			if strings.HasPrefix(tag, "behavior:") {
				known["@"+tag] = true
			}
		}
	}
	for _, e := range list {
		if !known[e.Scenario] {
			t.Errorf("%s: %s names no scenario of features/ (a place that moved, or a tag no scenario carries)", report.ExplainedFile, e.Scenario)
		}
	}
}
