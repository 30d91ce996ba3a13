// Package runner turns feature files into scenario runs: it parses the
// catalogue once, selects scenarios by tag expression, runs each pickle
// alone through godog on a driver, and checks scenarios without running
// them (lint). The Ginkgo suites and the podlife CLI share it.
package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	gherkin "github.com/cucumber/gherkin/go/v26"
	messages "github.com/cucumber/messages/go/v21"

	"github.com/podlife/podlife/pkg/bounded"
)

// Feature is a parsed feature file.
type Feature struct {
	Path    string // as found, slash-separated
	Content []byte
	Doc     *messages.GherkinDocument
}

// Scenario is one pickle: a scenario, or one example row of an outline.
type Scenario struct {
	Feature *Feature
	Pickle  *messages.Pickle
	// Line is the scenario's line, or the example row's for an outline.
	Line int
	// ScenarioLine is the Scenario: keyword's line.
	ScenarioLine int
	Name         string
	// Tags are the pickle's tags without the leading '@'.
	Tags []string
	// StepLines and DocLines give, per pickle step, its line and the line
	// of its doc string's opening delimiter (0 without one).
	StepLines []int
	DocLines  []int
	Keywords  []string
}

// ID is "path:line".
func (s *Scenario) ID() string { return fmt.Sprintf("%s:%d", s.Feature.Path, s.Line) }

// Problem is bad input at a place in a file.
type Problem struct {
	File string
	Line int
	Msg  string
}

func (p Problem) Error() string {
	if p.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Msg)
	}
	return fmt.Sprintf("%s: %s", p.File, p.Msg)
}

// Load parses the feature files under paths (files, or folders searched
// for *.feature). Every file that does not parse is a Problem; the others
// are returned.
func Load(paths []string) ([]*Feature, []*Scenario, []Problem) {
	var files []string
	var problems []Problem
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			problems = append(problems, Problem{File: p, Msg: err.Error()})
			continue
		}
		if !info.IsDir() {
			files = append(files, p)
			continue
		}
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".feature") {
				files = append(files, path)
			}
			return nil
		})
	}
	sort.Strings(files)
	var features []*Feature
	var scenarios []*Scenario
	for _, path := range files {
		f, scs, probs := parse(filepath.ToSlash(path))
		problems = append(problems, probs...)
		if f != nil {
			features = append(features, f)
			scenarios = append(scenarios, scs...)
		}
	}
	return features, scenarios, problems
}

var gherkinErr = regexp.MustCompile(`\((\d+):(\d+)\): (.*)`)

func parse(path string) (*Feature, []*Scenario, []Problem) {
	content, err := bounded.ReadFile(path, bounded.MaxFile)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, []Problem{{File: path, Msg: err.Error()}}
	}
	return ParseFeature(path, content)
}

// commentHint explains the Gherkin error at line n when the line before
// it starts with "#": in a scenario's description such a line (a wrapped
// "#123") is a comment, which ends the description, and the text after it
// is then unexpected.
func commentHint(content []byte, n int) string {
	lines := strings.Split(string(content), "\n")
	if n < 2 || n > len(lines) {
		return ""
	}
	prev := strings.TrimSpace(lines[n-2])
	if !strings.HasPrefix(prev, "#") || strings.HasPrefix(prev, "# language:") {
		return ""
	}
	return fmt.Sprintf(" (line %d starts with \"#\", which makes it a comment and ends the description above it: reword it so that no line starts with \"#\")", n-1)
}

// MaxDocString is the size limit of a doc string: the Gherkin parser
// takes time quadratic in a doc string's size (a 1.5 MB manifest inline:
// half a minute), where the same manifest in a file takes milliseconds.
const MaxDocString = 32 << 10

// ParseFeature parses one feature's content. A UTF-8 byte-order mark is
// skipped. Text the Gherkin parser would misread is a problem at its
// line, found before it parses: a line with a control character (a
// vertical tab, which Gherkin and Go's strings disagree on), text that is
// not UTF-8, a doc string larger than MaxDocString.
func ParseFeature(path string, content []byte) (*Feature, []*Scenario, []Problem) {
	content = bytes.TrimPrefix(content, []byte("\ufeff"))
	if probs := screen(path, content); len(probs) > 0 {
		return nil, nil, probs
	}
	ids := &messages.Incrementing{}
	doc, err := gherkin.ParseGherkinDocument(bytes.NewReader(content), ids.NewId)
	if err != nil {
		var probs []Problem
		for _, line := range strings.Split(err.Error(), "\n") {
			if m := gherkinErr.FindStringSubmatch(line); m != nil {
				n, _ := strconv.Atoi(m[1])
				// "Unexpected end of file" is on the line after the last:
				// point at the last.
				n = min(n, bytes.Count(content, []byte("\n"))+1)
				probs = append(probs, Problem{File: path, Line: n, Msg: "Gherkin: " + m[3] + commentHint(content, n)})
			}
		}
		if len(probs) == 0 {
			probs = []Problem{{File: path, Msg: "Gherkin: " + err.Error()}}
		}
		return nil, nil, probs
	}
	if doc.Feature == nil {
		return nil, nil, []Problem{{File: path, Msg: "no Feature: in the file"}}
	}
	f := &Feature{Path: path, Content: content, Doc: doc}
	idx := index(doc)
	var scenarios []*Scenario
	for _, p := range gherkin.Pickles(*doc, path, ids.NewId) {
		sc := &Scenario{Feature: f, Pickle: p, Name: p.Name}
		sc.ScenarioLine = idx.lines[p.AstNodeIds[0]]
		sc.Line = sc.ScenarioLine
		if len(p.AstNodeIds) > 1 {
			sc.Line = idx.lines[p.AstNodeIds[1]]
		}
		for _, t := range p.Tags {
			sc.Tags = append(sc.Tags, strings.TrimPrefix(t.Name, "@"))
		}
		for _, s := range p.Steps {
			sc.StepLines = append(sc.StepLines, idx.lines[s.AstNodeIds[0]])
			sc.DocLines = append(sc.DocLines, idx.docLines[s.AstNodeIds[0]])
			sc.Keywords = append(sc.Keywords, idx.keywords[s.AstNodeIds[0]])
		}
		scenarios = append(scenarios, sc)
	}
	return f, scenarios, nil
}

// screen finds, line by line, what the Gherkin parser must not be given:
// control characters but tab and CR, text that is not UTF-8, and doc
// strings beyond MaxDocString (delimited as Gherkin does: a line starting
// with \"\"\" or ```, closed by the same).
func screen(path string, content []byte) []Problem {
	var probs []Problem
	open, openLine, size := "", 0, 0
	for i, line := range bytes.Split(content, []byte("\n")) {
		n := i + 1
		if !utf8.Valid(line) {
			probs = append(probs, Problem{File: path, Line: n, Msg: "the line is not UTF-8 text (save the file as UTF-8)"})
			continue
		}
		for _, r := range string(line) {
			if r != '\t' && r != '\r' && (unicode.IsControl(r) || r == '\u2028' || r == '\u2029') {
				probs = append(probs, Problem{File: path, Line: n, Msg: fmt.Sprintf("control character %U in the line (only tabs and spaces are taken as blanks)", r)})
				break
			}
		}
		t := strings.TrimLeft(string(line), " \t")
		switch {
		case open == "" && (strings.HasPrefix(t, `"""`) || strings.HasPrefix(t, "```")):
			open, openLine, size = t[:3], n, 0
		case open != "" && strings.HasPrefix(t, open):
			if size > MaxDocString {
				probs = append(probs, Problem{File: path, Line: openLine, Msg: fmt.Sprintf(
					"the doc string is %d KiB, more than the %d KiB podlife takes inline: put the manifest in a file beside the feature and declare the pod with `Given a pod \"web\" from \"web.yaml\"`",
					size>>10, MaxDocString>>10)})
			}
			open = ""
		case open != "":
			size += len(line) + 1
		}
	}
	if open != "" && size > MaxDocString {
		probs = append(probs, Problem{File: path, Line: openLine, Msg: fmt.Sprintf("the doc string is never closed (%s) and runs %d KiB to the end of the file", open, size>>10)})
	}
	return probs
}

// astIndex maps AST node ids to what the pickles lost: lines, doc string
// lines and keywords.
type astIndex struct {
	lines    map[string]int
	docLines map[string]int
	keywords map[string]string
}

func index(doc *messages.GherkinDocument) astIndex {
	idx := astIndex{lines: map[string]int{}, docLines: map[string]int{}, keywords: map[string]string{}}
	addSteps := func(steps []*messages.Step) {
		for _, s := range steps {
			idx.lines[s.Id] = int(s.Location.Line)
			idx.keywords[s.Id] = strings.TrimSpace(s.Keyword)
			if s.DocString != nil {
				idx.docLines[s.Id] = int(s.DocString.Location.Line)
			}
		}
	}
	addScenario := func(sc *messages.Scenario) {
		idx.lines[sc.Id] = int(sc.Location.Line)
		addSteps(sc.Steps)
		for _, ex := range sc.Examples {
			for _, row := range ex.TableBody {
				idx.lines[row.Id] = int(row.Location.Line)
			}
		}
	}
	for _, c := range doc.Feature.Children {
		switch {
		case c.Background != nil:
			addSteps(c.Background.Steps)
		case c.Scenario != nil:
			addScenario(c.Scenario)
		case c.Rule != nil:
			for _, rc := range c.Rule.Children {
				if rc.Background != nil {
					addSteps(rc.Background.Steps)
				}
				if rc.Scenario != nil {
					addScenario(rc.Scenario)
				}
			}
		}
	}
	return idx
}
