package report

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// ExplainedFile is the repository's list of explained divergences, from
// the module root.
const ExplainedFile = "docs/divergences.yaml"

// Explanation is one entry of the list of explained divergences: a
// difference between two runs of a scenario (the simulator and a real
// kubelet) that is understood, with the Kubernetes source that explains
// it. A diff shows a difference an entry matches as explained, and only
// unexplained ones make it fail.
type Explanation struct {
	// Scenario is a feature path and line
	// ("features/restarts/restarts.feature:52"), or a behaviour tag
	// ("@behavior:crashloop-backoff") for every scenario that carries it.
	Scenario string `json:"scenario"`
	// Kind is the difference's kind: outcome, events, order or timing.
	Kind string `json:"kind"`
	// Text is a regular expression (RE2) the difference's text matches.
	Text string `json:"text"`
	// Explanation says why the runs differ, Source where in Kubernetes
	// that is decided: a file and a function.
	Explanation string `json:"explanation"`
	Source      string `json:"source"`

	text *regexp.Regexp
}

// explanationList is the file's shape.
type explanationList struct {
	Divergences []Explanation `json:"divergences"`
}

var (
	scenarioRef = regexp.MustCompile(`^(@behavior:[a-z0-9][a-z0-9-]*|[^\s:]+\.feature:[1-9][0-9]*)$`)
	// sourceRef asks for a Go file and what follows it (the function).
	sourceRef        = regexp.MustCompile(`[\w./-]+\.go\s+\S`)
	differenceKinds  = []string{"outcome", "events", "order", "timing"}
	errNoExplanation = errors.New("no explanation")
)

// ReadExplanations reads a list of explained divergences.
func ReadExplanations(path string) ([]Explanation, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	list, err := ParseExplanations(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return list, nil
}

// ParseExplanations decodes a list strictly (an unknown or repeated field
// is an error) and checks every entry: a scenario reference, a kind, a
// regular expression, an explanation and its source.
func ParseExplanations(raw []byte) ([]Explanation, error) {
	var f explanationList
	if err := yaml.UnmarshalStrict(raw, &f); err != nil {
		return nil, err
	}
	var problems []string
	seen := map[[3]string]int{}
	for i := range f.Divergences {
		e := &f.Divergences[i]
		bad := func(format string, args ...any) {
			problems = append(problems, fmt.Sprintf("entry %d (%s): %s", i+1, e.Scenario, fmt.Sprintf(format, args...)))
		}
		if !scenarioRef.MatchString(e.Scenario) {
			bad("scenario %q: want a feature path and line (features/x/y.feature:12) or a behaviour tag (@behavior:id)", e.Scenario)
		}
		if !slices.Contains(differenceKinds, e.Kind) {
			bad("kind %q: want one of %s", e.Kind, strings.Join(differenceKinds, ", "))
		}
		if strings.TrimSpace(e.Text) == "" {
			bad("no text: a regular expression the difference's text matches")
		} else if re, err := regexp.Compile(e.Text); err != nil {
			bad("text: %v", err)
		} else {
			e.text = re
		}
		if strings.TrimSpace(e.Explanation) == "" {
			bad("%v: say why the runs differ", errNoExplanation)
		}
		if !sourceRef.MatchString(e.Source) {
			bad("source %q: want the Kubernetes file and function that explain it (pkg/kubelet/pod_workers.go completeWork)", e.Source)
		}
		k := [3]string{e.Scenario, e.Kind, e.Text}
		if j, dup := seen[k]; dup {
			bad("the same scenario, kind and text as entry %d", j)
		}
		seen[k] = i + 1
	}
	if len(problems) > 0 {
		return nil, errors.New(strings.Join(problems, "; "))
	}
	return f.Divergences, nil
}

// explains tells whether the entry explains a difference of a scenario.
func (e *Explanation) explains(sd *ScenarioDiff, df Difference) bool {
	if e.Kind != df.Kind || e.text == nil || !e.text.MatchString(df.Text) {
		return false
	}
	if tag, ok := strings.CutPrefix(e.Scenario, "@"); ok {
		for _, r := range []*Result{sd.A, sd.B} {
			if r != nil && slices.Contains(r.Tags, tag) {
				return true
			}
		}
		return false
	}
	// A place is the catalogue's, from the module root; a run from a clone
	// elsewhere names the same scenario by its absolute path.
	return sd.ID == e.Scenario || strings.HasSuffix(sd.ID, "/"+e.Scenario)
}

// Explain marks each difference the first entry of list that matches it
// explains, and moves the scenarios whose differences are all explained
// from Diverged to Explained. Entries that explained nothing are kept in
// Unused: a list that names differences no run shows any more says so.
func (d *DiffReport) Explain(list []Explanation) {
	used := make([]bool, len(list))
	var diverged []ScenarioDiff
	for _, sd := range d.Diverged {
		all := true
		for i := range sd.Differences {
			df := &sd.Differences[i]
			for j := range list {
				if list[j].explains(&sd, *df) {
					e := list[j]
					df.Explained, used[j] = &e, true
					break
				}
			}
			all = all && df.Explained != nil
		}
		if all {
			d.Explained = append(d.Explained, sd)
		} else {
			diverged = append(diverged, sd)
		}
	}
	d.Diverged = diverged
	d.Unused = nil
	for j, u := range used {
		if !u {
			d.Unused = append(d.Unused, list[j])
		}
	}
}
