package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/jstemmer/go-junit-report/v2/junit"
)

// ResultsFile holds a run's results, machine-readable, in its report
// folder: `podlife report --diff` and the other drivers' pages read it.
const ResultsFile = "results.json"

// Files names what Write puts in a report folder, for the line that says
// where the reports are.
const Files = "index.html, summary.md, coverage.yaml, junit.xml, cucumber.json, results.json"

// Write writes the reports of a run into dir: results.json, junit.xml and
// cucumber.json from this run's results; index.html, summary.md and
// coverage.yaml from them together with the latest results of the other
// drivers found next to dir (reports/live beside reports/sim), so that
// the matrix has a column per driver. Results are sorted first, so the
// files do not depend on run order.
func Write(dir string, results []Result) error {
	Sort(results)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating the report folder: %w", err)
	}
	raw, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		return fmt.Errorf("writing results: %w", err)
	}
	if results == nil {
		raw = []byte("[]")
	}
	if err := os.WriteFile(filepath.Join(dir, ResultsFile), append(raw, '\n'), 0o644); err != nil {
		return err
	}
	var jbuf bytes.Buffer
	suites := JUnit(results)
	if err := suites.WriteXML(&jbuf); err != nil {
		return fmt.Errorf("writing JUnit: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "junit.xml"), jbuf.Bytes(), 0o644); err != nil {
		return err
	}
	cuke, err := Cucumber(results)
	if err != nil {
		return fmt.Errorf("writing Cucumber JSON: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cucumber.json"), cuke, 0o644); err != nil {
		return err
	}

	all := append(append([]Result(nil), results...), siblings(dir, results)...)
	Sort(all)
	title := pageTitle(dir)
	var page bytes.Buffer
	if err := Index(&page, title, all); err != nil {
		return fmt.Errorf("writing index.html: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "index.html"), page.Bytes(), 0o644); err != nil {
		return err
	}
	var md bytes.Buffer
	SummaryMarkdown(&md, title, all)
	if err := os.WriteFile(filepath.Join(dir, "summary.md"), md.Bytes(), 0o644); err != nil {
		return err
	}
	cov, err := CoverageYAML(Coverage(all))
	if err != nil {
		return fmt.Errorf("writing coverage.yaml: %w", err)
	}
	return os.WriteFile(filepath.Join(dir, "coverage.yaml"), cov, 0o644)
}

// ReadResults reads the results a run left in its report folder.
func ReadResults(dir string) ([]Result, error) {
	raw, err := os.ReadFile(filepath.Join(dir, ResultsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no %s: not a podlife report folder, or written before results were kept", dir, ResultsFile)
	}
	if err != nil {
		return nil, err
	}
	var out []Result
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, ResultsFile), err)
	}
	return out, nil
}

// siblings are the latest results of the other drivers: every folder next
// to dir holding results.json, for drivers this run does not have (the
// first folder, by name, for each driver). Unreadable folders are not this
// run's business and are passed over.
func siblings(dir string, mine []Result) []Result {
	have := map[string]bool{}
	for _, r := range mine {
		have[r.Driver] = true
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	entries, err := os.ReadDir(filepath.Dir(abs))
	if err != nil {
		return nil
	}
	var out []Result
	taken := map[string]bool{}
	for _, e := range entries {
		other := filepath.Join(filepath.Dir(abs), e.Name())
		if !e.IsDir() || other == abs {
			continue
		}
		rs, err := ReadResults(other)
		if err != nil {
			continue
		}
		found := map[string]bool{}
		for _, r := range rs {
			if !have[r.Driver] && !taken[r.Driver] {
				out = append(out, r)
				found[r.Driver] = true
			}
		}
		for d := range found {
			taken[d] = true
		}
	}
	return out
}

// JUnit builds the JUnit document: one testsuite per feature file, one
// testcase per scenario and driver, classname the feature path, skips with
// their reason, failures with the expectation and the observed timeline.
func JUnit(results []Result) junit.Testsuites {
	var suites junit.Testsuites
	byFeature := map[string]int{}
	for _, r := range results {
		i, ok := byFeature[r.Feature]
		if !ok {
			i = len(suites.Suites)
			byFeature[r.Feature] = i
			suites.AddSuite(junit.Testsuite{Name: r.Feature, ID: i, Package: r.FeatureName})
		}
		tc := junit.Testcase{
			Name:      fmt.Sprintf("%s [%s] (line %d)", r.Name, r.Driver, r.Line),
			Classname: r.Feature,
			Time:      fmt.Sprintf("%.3f", r.Wall.Seconds()),
		}
		switch r.Status {
		case Skipped:
			tc.Skipped = &junit.Result{Message: r.Reason}
		case Interrupted:
			// JUnit has no such outcome, and a cut-off scenario found
			// nothing wrong: a skip, whose message says it was interrupted
			// and where.
			msg := "interrupted"
			var data string
			if in := r.Interruption; in != nil {
				msg = in.String()
				data = in.Error
			}
			tc.Skipped = &junit.Result{Message: msg, Type: "interrupted", Data: data}
		case Errored:
			tc.Error = &junit.Result{Message: r.Reason, Type: "infrastructure", Data: r.Explain()}
		case Failed:
			// The message is the expectation against what was observed; the
			// body adds the place and the timeline.
			msg := "failed"
			if f := r.Failure; f != nil {
				msg = fmt.Sprintf("%s:%d: %s: %s", r.Feature, f.Line, f.Step, strings.Join(strings.Fields(f.Message), " "))
			}
			if n := r.FailedSteps(); n > 1 {
				msg += fmt.Sprintf(" (and %d more failed expectation(s), see the steps)", n-1)
			}
			tc.Failure = &junit.Result{Message: msg, Type: "expectation", Data: r.Explain()}
		}
		if len(r.Notes) > 0 {
			tc.SystemOut = &junit.Output{Data: strings.Join(r.Notes, "\n")}
		}
		// AddTestcase keeps the suite's counters right; the suite is a copy
		// in the slice, so update it there.
		s := suites.Suites[i]
		s.AddTestcase(tc)
		suites.Suites[i] = s
	}
	// The suites' times and the top-level counters are sums.
	wall := map[string]float64{}
	for _, r := range results {
		wall[r.Feature] += r.Wall.Seconds()
	}
	suites.Tests, suites.Failures, suites.Errors, suites.Skipped = 0, 0, 0, 0
	for i, s := range suites.Suites {
		suites.Suites[i].Time = fmt.Sprintf("%.3f", wall[s.Name])
		suites.Tests += s.Tests
		suites.Failures += s.Failures
		suites.Errors += s.Errors
		suites.Skipped += s.Skipped
	}
	return suites
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// Cucumber merges the per-scenario Cucumber JSON that godog wrote into one
// document: one feature per file, its scenarios in line order, the
// timeline attached to each (godog's attachment on the last step). The
// features' comments are left out: godog saw every other scenario of the
// file commented out (each runs alone), and listed those lines as
// comments.
func Cucumber(results []Result) ([]byte, error) {
	type feature = map[string]any
	var order []string
	byURI := map[string]feature{}
	for _, r := range results {
		if len(r.Cucumber) == 0 {
			continue
		}
		var fs []feature
		if err := json.Unmarshal(r.Cucumber, &fs); err != nil {
			return nil, fmt.Errorf("%s: %w", r.ID(), err)
		}
		for _, f := range fs {
			delete(f, "comments")
			uri, _ := f["uri"].(string)
			elems, _ := f["elements"].([]any)
			have, ok := byURI[uri]
			if !ok {
				order = append(order, uri)
				byURI[uri] = f
				continue
			}
			prev, _ := have["elements"].([]any)
			have["elements"] = append(prev, elems...)
		}
	}
	out := make([]feature, 0, len(order))
	for _, uri := range order {
		out = append(out, byURI[uri])
	}
	return json.MarshalIndent(out, "", "  ")
}
