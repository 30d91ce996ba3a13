package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/runner"
)

// update rewrites the golden files: it runs testdata/*.feature on the
// simulator into testdata/results.json (the goldens' input), then renders
// the goldens from it. Review the diff before committing.
var update = flag.Bool("update", false, "rerun testdata/*.feature on the simulator into testdata/results.json and rewrite the golden files")

const fixture = "testdata/results.json"

// runFeatures runs feature files on the simulator, in catalogue order.
func runFeatures(t *testing.T, paths ...string) []report.Result {
	t.Helper()
	_, scs, problems := runner.Load(paths)
	if len(problems) > 0 {
		t.Fatalf("loading %v: %v", paths, problems)
	}
	var out []report.Result
	for _, sc := range scs {
		out = append(out, runner.Run(context.Background(), sc, runner.Options{Driver: simdriver.New(), Seed: 1}))
	}
	return out
}

// loadFixture reads the goldens' input; with -update it first writes it
// anew, without what changes from run to run (wall time, godog's
// durations in the Cucumber JSON).
func loadFixture(t *testing.T) []report.Result {
	t.Helper()
	if *update {
		rs := runFeatures(t, "testdata/incident.feature", "testdata/false.feature")
		for i := range rs {
			rs[i].Wall, rs[i].Cucumber = 0, nil
		}
		raw, err := json.MarshalIndent(rs, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fixture, append(raw, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatalf("%v (go test ./pkg/report -update writes it)", err)
	}
	var rs []report.Result
	if err := json.Unmarshal(raw, &rs); err != nil {
		t.Fatal(err)
	}
	report.Sort(rs)
	// false.feature sorts before incident.feature.
	if len(rs) != 2 || rs[0].Status != report.Failed || rs[1].Status != report.Passed {
		t.Fatalf("%s should hold the failing scenario, then the passing incident", fixture)
	}
	return rs
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./pkg/report -update writes it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs from the golden file (-want +got); if the change is meant, go test ./pkg/report -update and review the diff:\n%s", path, diff)
	}
}

// TestGoldenCharts pins the SVG chart of the seed incident (preStop spans,
// SIGTERM, SIGKILL, exits, the pod gone) and of a failed expectation
// (drawn in red on the app's lane).
func TestGoldenCharts(t *testing.T) {
	rs := loadFixture(t)
	for i, name := range []string{"false-expectation.svg", "incident.svg"} {
		var b bytes.Buffer
		if err := report.ChartSVG(&b, rs[i]); err != nil {
			t.Fatal(err)
		}
		golden(t, name, b.Bytes())
	}
}

// TestGoldenPage pins the page of the same two scenarios: the matrix, the
// Gherkin, the pods and the charts.
func TestGoldenPage(t *testing.T) {
	rs := loadFixture(t)
	var b bytes.Buffer
	if err := report.Index(&b, "podlife report: golden", rs); err != nil {
		t.Fatal(err)
	}
	golden(t, "index.html", b.Bytes())
}

// TestGoldenTerminalTimeline pins what `podlife timeline` prints for the
// incident: it must read as the incident does.
func TestGoldenTerminalTimeline(t *testing.T) {
	rs := loadFixture(t)
	golden(t, "incident.txt", []byte(rs[1].Lifecycle(false)))
}

// TestGoldenFailure pins the console's failure block of the false
// expectation: where it failed, expected against observed, the rule
// behind it with its docs/fidelity.md row, the timed checks, and the
// focused timeline with its annotations and the line that says what it
// left out; and, under -v, the same with the whole timeline.
func TestGoldenFailure(t *testing.T) {
	rs := loadFixture(t)
	golden(t, "false-expectation.txt", []byte(rs[0].Explain()))
	golden(t, "false-expectation-v.txt", []byte(rs[0].ExplainAll()))
}
