package report

import (
	"bytes"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// CoverageEntry is one behaviour in coverage.yaml: which scenarios check
// it and how they fared on each driver and Kubernetes version. Like
// Kubernetes' conformance.yaml, it is a list a person or a tool can read
// to see what is covered where; a behaviour's id is its @behavior: tag, or
// its feature area for a scenario without one.
type CoverageEntry struct {
	Behavior  string             `yaml:"behavior"`
	Area      string             `yaml:"area"`
	Status    []CoverageStatus   `yaml:"status"`
	Scenarios []CoverageScenario `yaml:"scenarios"`
}

// CoverageStatus is a behaviour's (or a scenario's) status on one driver
// and kubelet version: failed if any scenario failed, passed if any passed
// and none failed, skipped otherwise.
type CoverageStatus struct {
	Driver     string `yaml:"driver"`
	Kubernetes string `yaml:"kubernetes"`
	Status     Status `yaml:"status"`
	Reason     string `yaml:"reason,omitempty"`
}

// CoverageScenario is one scenario of a behaviour.
type CoverageScenario struct {
	ID       string           `yaml:"id"`
	Name     string           `yaml:"name"`
	Upstream []string         `yaml:"upstream,omitempty"`
	Results  []CoverageStatus `yaml:"results"`
}

// Coverage builds coverage.yaml's entries, sorted by behaviour id.
func Coverage(results []Result) []CoverageEntry {
	results = append([]Result(nil), results...)
	Sort(results)
	drivers := Drivers(results)
	rank := map[string]int{}
	for i, d := range drivers {
		rank[d] = i
	}
	type acc struct {
		entry CoverageEntry
		index map[string]int // scenario id -> position
	}
	byID := map[string]*acc{}
	for _, r := range results {
		var ids, upstream []string
		for _, t := range r.Tags {
			if id, ok := strings.CutPrefix(t, "behavior:"); ok {
				ids = append(ids, id)
			}
			if u, ok := strings.CutPrefix(t, "upstream:"); ok {
				upstream = append(upstream, u)
			}
		}
		if len(ids) == 0 {
			ids = []string{Area(r.Feature)}
		}
		st := CoverageStatus{Driver: r.Driver, Kubernetes: orDefault(r.KubeletVersion), Status: r.Status, Reason: r.Reason}
		for _, id := range ids {
			a := byID[id]
			if a == nil {
				a = &acc{entry: CoverageEntry{Behavior: id, Area: Area(r.Feature)}, index: map[string]int{}}
				byID[id] = a
			}
			i, ok := a.index[r.ID()]
			if !ok {
				i = len(a.entry.Scenarios)
				a.index[r.ID()] = i
				a.entry.Scenarios = append(a.entry.Scenarios, CoverageScenario{ID: r.ID(), Name: r.Name, Upstream: upstream})
			}
			a.entry.Scenarios[i].Results = append(a.entry.Scenarios[i].Results, st)
		}
	}
	var out []CoverageEntry
	for _, a := range byID {
		e := a.entry
		type key struct{ driver, kube string }
		var keys []key
		agg := map[key]Status{}
		for _, sc := range e.Scenarios {
			for _, st := range sc.Results {
				k := key{st.Driver, st.Kubernetes}
				prev, ok := agg[k]
				if !ok {
					keys = append(keys, k)
				}
				agg[k] = worse(prev, st.Status)
			}
		}
		sort.Slice(keys, func(i, j int) bool {
			if keys[i].driver != keys[j].driver {
				return rank[keys[i].driver] < rank[keys[j].driver]
			}
			return keys[i].kube < keys[j].kube
		})
		for _, k := range keys {
			e.Status = append(e.Status, CoverageStatus{Driver: k.driver, Kubernetes: k.kube, Status: agg[k]})
		}
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Behavior < out[j].Behavior })
	return out
}

// worse combines statuses: a failure wins, then a pass, then an
// interrupted run (which checked part of the scenario), then a skip.
func worse(a, b Status) Status {
	order := map[Status]int{"": 0, Skipped: 1, Interrupted: 2, Errored: 3, Passed: 4, Failed: 5}
	if order[b] > order[a] {
		return b
	}
	return a
}

// CoverageYAML renders the entries with a header saying what the file is.
func CoverageYAML(entries []CoverageEntry) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# podlife coverage: one entry per behaviour (@behavior: tag, or the feature area),\n" +
		"# its scenarios and their status per driver and Kubernetes (kubelet) version.\n" +
		"# \"default\" is the driver's default kubelet.\n")
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(entries); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
