package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/jstemmer/go-junit-report/v2/junit"
)

// Write writes the reports of a run into dir: junit.xml and cucumber.json.
// Results are sorted first, so the files do not depend on run order.
func Write(dir string, results []Result) error {
	Sort(results)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("creating the report folder: %w", err)
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
	return os.WriteFile(filepath.Join(dir, "cucumber.json"), cuke, 0o644)
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
		case Failed:
			msg := "failed"
			if r.Failure != nil {
				msg = firstLine(r.Failure.Message)
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
	suites.Tests, suites.Failures, suites.Skipped = 0, 0, 0
	for i, s := range suites.Suites {
		suites.Suites[i].Time = fmt.Sprintf("%.3f", wall[s.Name])
		suites.Tests += s.Tests
		suites.Failures += s.Failures
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
// document: one feature per file, its scenarios in line order.
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
