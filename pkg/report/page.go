package report

import (
	"embed"
	"fmt"
	"html/template"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/podlife/podlife/pkg/fidelity"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// templates are parsed once; they are read-only after that.
var templates = template.Must(template.New("report").Funcs(template.FuncMap{
	"px":  px,
	"inc": func(n int) int { return n + 1 },
	"sub": func(a, b float64) float64 { return a - b },
	// third is a third of the way from a to b: the steps of a break's
	// zigzag.
	"third": func(a, b float64) float64 { return (b - a) / 3 },
}).ParseFS(templateFiles, "templates/*.tmpl"))

// Area is the catalogue area a feature belongs to: the folder under
// features/ (features/termination/grace.feature is "termination"), or
// the feature's own folder for a file elsewhere.
func Area(feature string) string {
	parts := strings.Split(feature, "/")
	for i, p := range parts {
		if p == "features" && i+2 < len(parts) {
			return parts[i+1]
		}
	}
	if len(parts) > 1 {
		return parts[len(parts)-2]
	}
	return "."
}

// Drivers lists the drivers of results: "sim" first (the reference the
// others are compared with), then the others by name.
func Drivers(results []Result) []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range results {
		if !seen[r.Driver] {
			seen[r.Driver] = true
			out = append(out, r.Driver)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i] == "sim") != (out[j] == "sim") {
			return out[i] == "sim"
		}
		return out[i] < out[j]
	})
	return out
}

// scenarioRuns groups results by scenario (feature and line) in catalogue
// order, each with one result per driver (nil where a driver has none).
type scenarioRuns struct {
	key     scenarioKey
	first   *Result
	drivers []*Result
}

func groupScenarios(results []Result, drivers []string) []scenarioRuns {
	col := map[string]int{}
	for i, d := range drivers {
		col[d] = i
	}
	idx := map[scenarioKey]int{}
	var out []scenarioRuns
	for i := range results {
		r := &results[i]
		k := scenarioKey{r.Feature, r.Line}
		j, ok := idx[k]
		if !ok {
			j = len(out)
			idx[k] = j
			out = append(out, scenarioRuns{key: k, first: r, drivers: make([]*Result, len(drivers))})
		}
		out[j].drivers[col[r.Driver]] = r
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].key.feature != out[b].key.feature {
			return out[a].key.feature < out[b].key.feature
		}
		return out[a].key.line < out[b].key.line
	})
	return out
}

// The page's view model.
type pageView struct {
	Title   string
	Drivers []string
	Totals  []countView
	// Failures come first on the page: each failed run, with a link to
	// it, where it failed and why in a line or two.
	Failures []failureView
	Areas    []areaView
	Sections []sectionView
}

type failureView struct {
	Anchor, Name, ID, Driver string
	Line                     int
	Step, Message            string
	// More counts the run's other failed steps.
	More int
}

// shortMessage is a failure's message in at most two lines' worth.
func shortMessage(msg string) string {
	const limit = 220
	m := firstLines(msg, 2)
	if r := []rune(m); len(r) > limit {
		m = string(r[:limit-1]) + "…"
	}
	return m
}

type countView struct {
	Driver string
	Counts
	// Interrupted is how many of the skipped were cut off while running.
	Interrupted int
}

type areaView struct {
	Name string
	Rows []rowView
}

type rowView struct {
	ID, Anchor, Name string
	Cells            []cellView
}

type cellView struct {
	Driver, Status, Text, Title, Anchor string
	Diverged                            bool
}

type sectionView struct {
	ID, Anchor, Name, Feature string
	Tags                      []string
	Gherkin                   string
	Pods                      []Manifest
	Runs                      []runView
}

type runView struct {
	Driver, Anchor, Status string
	Reason                 string
	Failure                *Failure
	FailureFile            string
	// Rule is the kubelet's rule behind a failed expectation, as the
	// console says it (rule.go).
	Rule  string
	Notes []string
	// CheckList is every step with its outcome (checklist.go).
	CheckList   []checkItem
	Seed        int64
	Kubelet     string
	Chart       template.HTML
	Timeline    string
	Differences []Difference
}

// anchor is an HTML id for a scenario: letters, digits and dashes.
func anchor(feature string, line int, driver string) string {
	var b strings.Builder
	for _, r := range strings.TrimSuffix(feature, ".feature") {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	id := fmt.Sprintf("s-%s-%d", b.String(), line)
	if driver != "" {
		id += "-" + driver
	}
	return id
}

// Index writes the report page: the failed runs first, each linked to
// its place below with its failed step and message, then a matrix of scenarios by driver, grouped
// by area, then every scenario with its Gherkin, its pods and, per driver,
// its chart and timeline. When several drivers ran a scenario, the others
// are compared with the first (sim) and differing cells are marked
// diverged. The page is self-contained: inline styles, inline SVG, no
// script, no external address; <details> opens and closes offline.
func Index(w io.Writer, title string, results []Result) error {
	results = append([]Result(nil), results...)
	Sort(results)
	drivers := Drivers(results)
	v := pageView{Title: title, Drivers: drivers}
	for _, d := range drivers {
		var mine []Result
		for _, r := range results {
			if r.Driver == d {
				mine = append(mine, r)
			}
		}
		cv := countView{Driver: d, Counts: Count(mine)}
		for _, r := range mine {
			if r.Status == Interrupted {
				cv.Interrupted++
			}
		}
		v.Totals = append(v.Totals, cv)
	}
	areaIdx := map[string]int{}
	for _, sr := range groupScenarios(results, drivers) {
		first := sr.first
		row := rowView{ID: first.ID(), Anchor: anchor(first.Feature, first.Line, ""), Name: first.Name}
		sec := sectionView{ID: first.ID(), Anchor: row.Anchor, Name: first.Name, Feature: first.FeatureName,
			Tags: first.Tags, Gherkin: first.Gherkin}
		var ref *Result
		for i, r := range sr.drivers {
			cell := cellView{Driver: drivers[i]}
			if r == nil {
				cell.Status, cell.Text, cell.Title = "absent", "–", "not run on "+drivers[i]
				row.Cells = append(row.Cells, cell)
				continue
			}
			if len(sec.Pods) == 0 {
				sec.Pods = r.Pods
			}
			if sec.Gherkin == "" {
				sec.Gherkin = r.Gherkin
			}
			cell.Status, cell.Text, cell.Anchor = string(r.Status), string(r.Status), anchor(r.Feature, r.Line, r.Driver)
			switch {
			case r.Status == Skipped, r.Status == Interrupted, r.Status == Errored:
				cell.Title = r.Reason
			case r.Failure != nil:
				cell.Title = fmt.Sprintf("line %d: %s", r.Failure.Line, firstLine(r.Failure.Message))
			}
			if r.Status == Failed || r.Status == Errored {
				f := failureView{Anchor: cell.Anchor, Name: r.Name, ID: r.ID(), Driver: r.Driver, Line: r.Line, Step: r.Name}
				if r.Failure != nil {
					f.Line, f.Step, f.Message = r.Failure.Line, r.Failure.Step, shortMessage(r.Failure.Message)
				}
				f.More = max(r.FailedSteps()-1, 0)
				v.Failures = append(v.Failures, f)
			}
			rv := runView{Driver: r.Driver, Anchor: cell.Anchor, Status: string(r.Status), Reason: r.Reason, Failure: r.Failure,
				FailureFile: r.Feature, Notes: r.Notes, Seed: r.Seed, Kubelet: r.kubeletText()}
			if r.failedExpectation() {
				rv.Rule = strings.TrimRight(r.rulesText(fidelity.Built(), ""), "\n")
			}
			rv.CheckList = checkList(r)
			// Only runs that reached a verdict are compared: a skipped or
			// interrupted one did not see the scenario to its end.
			if ref == nil && r.Checked() {
				ref = r
			} else if ref != nil && r.Checked() {
				if diffs := compare(ref.Driver, ref, r.Driver, r, DefaultTolerance); len(diffs) > 0 {
					cell.Diverged, cell.Text = true, cell.Text+" · diverged"
					rv.Differences = diffs
				}
			}
			if r.Status != Skipped {
				chart, err := chartHTML(r, false)
				if err != nil {
					return fmt.Errorf("%s: chart: %w", r.ID(), err)
				}
				rv.Chart = chart
				rv.Timeline, _ = r.annotatedTimeline(true)
			}
			row.Cells = append(row.Cells, cell)
			sec.Runs = append(sec.Runs, rv)
		}
		area := Area(first.Feature)
		i, ok := areaIdx[area]
		if !ok {
			i = len(v.Areas)
			areaIdx[area] = i
			v.Areas = append(v.Areas, areaView{Name: area})
		}
		v.Areas[i].Rows = append(v.Areas[i].Rows, row)
		v.Sections = append(v.Sections, sec)
	}
	return templates.ExecuteTemplate(w, "index.html", v)
}

// pageTitle names a report folder's page.
func pageTitle(dir string) string {
	return "podlife report: " + path.Base(strings.ReplaceAll(dir, "\\", "/"))
}
