package runner

import (
	"sort"
	"strings"

	messages "github.com/cucumber/messages/go/v21"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/report"
)

// Source is the scenario's Gherkin as a reader needs it to follow the
// report: the Background that runs before it, then the scenario itself (an
// outline keeps only this pickle's example row), dedented. Reports show it
// next to the timeline, so it is the file's own text, not a rendering of
// the pickle.
func Source(sc *Scenario) string {
	f := sc.Feature
	lines := strings.Split(strings.ReplaceAll(string(f.Content), "\r\n", "\n"), "\n")
	// Every block of the feature starts at its first tag or keyword; a
	// block ends where the next begins.
	type block struct {
		start int // 1-based
		bg    bool
		sc    *messages.Scenario
		rule  *messages.Rule
	}
	var blocks []block
	tagStart := func(line int, tags []*messages.Tag) int {
		for _, t := range tags {
			line = min(line, int(t.Location.Line))
		}
		return line
	}
	for _, c := range f.Doc.Feature.Children {
		switch {
		case c.Background != nil:
			blocks = append(blocks, block{start: int(c.Background.Location.Line), bg: true})
		case c.Scenario != nil:
			blocks = append(blocks, block{start: tagStart(int(c.Scenario.Location.Line), c.Scenario.Tags), sc: c.Scenario})
		case c.Rule != nil:
			blocks = append(blocks, block{start: tagStart(int(c.Rule.Location.Line), c.Rule.Tags), rule: c.Rule})
			for _, rc := range c.Rule.Children {
				switch {
				case rc.Background != nil:
					blocks = append(blocks, block{start: int(rc.Background.Location.Line), bg: true, rule: c.Rule})
				case rc.Scenario != nil:
					blocks = append(blocks, block{start: tagStart(int(rc.Scenario.Location.Line), rc.Scenario.Tags), sc: rc.Scenario, rule: c.Rule})
				}
			}
		}
	}
	sort.SliceStable(blocks, func(i, j int) bool { return blocks[i].start < blocks[j].start })
	end := func(i int) int {
		if i+1 < len(blocks) {
			return blocks[i+1].start - 1
		}
		return len(lines)
	}
	// The rule holding the scenario, if any: its Background applies too.
	var rule *messages.Rule
	for _, b := range blocks {
		if b.sc != nil && b.sc.Id == sc.Pickle.AstNodeIds[0] {
			rule = b.rule
		}
	}
	otherRows := map[int]bool{}
	var parts []string
	for i, b := range blocks {
		switch {
		case b.bg && (b.rule == nil || b.rule == rule):
		case b.sc != nil && b.sc.Id == sc.Pickle.AstNodeIds[0]:
			for _, ex := range b.sc.Examples {
				for _, row := range ex.TableBody {
					if len(sc.Pickle.AstNodeIds) > 1 && row.Id != sc.Pickle.AstNodeIds[1] {
						otherRows[int(row.Location.Line)] = true
					}
				}
			}
		default:
			continue
		}
		var kept []string
		for l := b.start; l <= end(i) && l <= len(lines); l++ {
			if !otherRows[l] {
				kept = append(kept, lines[l-1])
			}
		}
		parts = append(parts, dedent(kept))
	}
	return strings.Join(parts, "\n\n") + "\n"
}

// dedent removes the indentation all non-blank lines share, and blank
// lines at the end.
func dedent(lines []string) string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	indent := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		n := len(l) - len(strings.TrimLeft(l, " \t"))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= indent && indent > 0 {
			l = l[indent:]
		}
		out[i] = strings.TrimRight(l, " \t")
	}
	return strings.Join(out, "\n")
}

// prune drops empty maps (status: {}, resources: {}) at any depth: they
// are Go's zero values, not something the scenario said.
func prune(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			x = prune(x)
			if m, ok := x.(map[string]any); ok && len(m) == 0 {
				delete(v, k)
				continue
			}
			v[k] = x
		}
	case []any:
		for i, x := range v {
			v[i] = prune(x)
		}
	}
	return v
}

// manifestOf renders a pod as the driver received it, without the empty
// fields a Go struct carries and a reader would not have written
// (creationTimestamp: null, status: {}, resources: {}).
func manifestOf(pod *corev1.Pod) report.Manifest {
	p := pod.DeepCopy()
	p.APIVersion, p.Kind = "v1", "Pod"
	p.Status = corev1.PodStatus{}
	var m map[string]any
	if raw, err := yaml.Marshal(p); err == nil {
		_ = yaml.Unmarshal(raw, &m)
	}
	if meta, ok := m["metadata"].(map[string]any); ok && meta["creationTimestamp"] == nil {
		delete(meta, "creationTimestamp")
	}
	out, err := yaml.Marshal(prune(m))
	if err != nil {
		return report.Manifest{Name: pod.Name, YAML: "# cannot render: " + err.Error() + "\n"}
	}
	return report.Manifest{Name: pod.Name, YAML: string(out)}
}
