package runner

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/podlife/podlife/pkg/driver"
)

// Meta is what a scenario's tags ask of the run.
type Meta struct {
	// Only is "sim" or "live" for @sim / @live.
	Only           string
	Needs          []driver.Capability
	KubeletVersion string
	// ControlPlaneVersion is @control-plane:1.N: the API server's,
	// scheduler's and printer's version when it matters to the scenario.
	ControlPlaneVersion string
}

// LatestMinor is the newest Kubernetes minor version podlife knows.
const LatestMinor = 36

var kubeletTag = regexp.MustCompile(`^1\.(\d+)$`)

// ReadTags interprets the tags (without '@'): @sim, @live, @needs:<cap>,
// @kubelet:<1.N>, @control-plane:<1.N>. Other tags are free (areas, @seed:, @upstream:,
// @behavior:, @slow, …). An unknown capability or version is an error.
func ReadTags(tags []string) (Meta, error) {
	var m Meta
	for _, t := range tags {
		switch {
		case t == "sim" || t == "live":
			if m.Only != "" && m.Only != t {
				return m, fmt.Errorf("tagged both @sim and @live")
			}
			m.Only = t
		case strings.HasPrefix(t, "needs:"):
			c, err := driver.ParseCapability(strings.TrimPrefix(t, "needs:"))
			if err != nil {
				return m, fmt.Errorf("tag @%s: %w", t, err)
			}
			m.Needs = append(m.Needs, c)
		case strings.HasPrefix(t, "kubelet:"), strings.HasPrefix(t, "control-plane:"):
			what, v, _ := strings.Cut(t, ":")
			mm := kubeletTag.FindStringSubmatch(v)
			if mm == nil {
				return m, fmt.Errorf("tag @%s: the %s version is 1.N (e.g. @%s:1.27)", t, what, what)
			}
			if n, _ := strconv.Atoi(mm[1]); n < 1 || n > LatestMinor {
				return m, fmt.Errorf("tag @%s: Kubernetes has no release %s (known: 1.1 to 1.%d)", t, v, LatestMinor)
			}
			field := &m.KubeletVersion
			if what == "control-plane" {
				field = &m.ControlPlaneVersion
			}
			if *field != "" && *field != v {
				return m, fmt.Errorf("tagged with two %s versions, %s and %s", what, *field, v)
			}
			*field = v
		}
	}
	if k, cp := m.KubeletVersion, m.ControlPlaneVersion; k != "" && cp != "" {
		kn, _ := strconv.Atoi(strings.TrimPrefix(k, "1."))
		cn, _ := strconv.Atoi(strings.TrimPrefix(cp, "1."))
		if kn > cn || cn-kn > 3 {
			return m, fmt.Errorf("tags @kubelet:%s and @control-plane:%s: outside Kubernetes' version skew policy (a kubelet is at most three minor versions older than its API server, never newer)", k, cp)
		}
	}
	return m, nil
}

// SkipReason is why the driver does not run the scenario, or "".
func (m Meta) SkipReason(d driver.Driver) string {
	if m.Only != "" && m.Only != d.Name() {
		return fmt.Sprintf("tagged @%s: runs on the %s driver only", m.Only, m.Only)
	}
	caps := d.Capabilities()
	for _, c := range m.Needs {
		if !caps.Has(c) {
			has := "it has none"
			if len(caps) > 0 {
				has = fmt.Sprintf("it has: %s", caps)
			}
			reason := fmt.Sprintf("needs capability %s, which the %s driver lacks (%s)", c, d.Name(), has)
			if e, ok := d.(driver.Explainer); ok {
				if why := e.WhyNot(c); why != "" {
					reason += ": " + why
				}
			}
			return reason
		}
	}
	return ""
}

// Filter is a compiled --tags expression: Ginkgo's label-filter syntax
// over the scenario's tags without '@' (`termination && !slow`,
// `seed:003 || sidecars`).
type Filter func(tags []string) bool

// ParseFilter compiles a tag expression; "" selects everything.
func ParseFilter(expr string) (Filter, error) {
	if strings.TrimSpace(expr) == "" {
		return func([]string) bool { return true }, nil
	}
	if ours, ok := fromCucumber(expr); ok {
		return nil, fmt.Errorf("--tags %q: this is a Cucumber tag expression (godog's syntax); podlife takes Ginkgo's label syntax: --tags '%s'", expr, ours)
	}
	f, err := types.ParseLabelFilter(strings.ReplaceAll(expr, "@", ""))
	if err != nil {
		return nil, fmt.Errorf("--tags %q: %s", expr, plain(err.Error()))
	}
	return Filter(f), nil
}

// fromCucumber translates a Cucumber tag expression (godog's --tags:
// `@a and not @b`, `@a && ~@b`) into Ginkgo's label syntax. Ginkgo takes
// `a and not b` for one label with spaces, which no tag can be, and `~b`
// for a label named so: such an expression selected no scenario, and
// said nothing of why.
func fromCucumber(expr string) (string, bool) {
	spaced := strings.NewReplacer("(", " ( ", ")", " ) ").Replace(expr)
	var out []string
	cucumber := false
	for _, w := range strings.Fields(spaced) {
		switch strings.ToLower(w) {
		case "and":
			w, cucumber = "&&", true
		case "or":
			w, cucumber = "||", true
		case "not":
			w, cucumber = "!", true
		default:
			if rest, ok := strings.CutPrefix(w, "~"); ok {
				w, cucumber = "!"+rest, true
			}
		}
		out = append(out, strings.ReplaceAll(w, "@", ""))
	}
	if !cucumber {
		return "", false
	}
	s := strings.Join(out, " ")
	s = strings.NewReplacer("! ", "!", "( ", "(", " )", ")").Replace(s)
	return s, true
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// plain strips terminal colours and keeps the first lines of a message.
func plain(s string) string {
	s = ansi.ReplaceAllString(s, "")
	var out []string
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "Learn more") || strings.HasPrefix(l, "http") {
			continue
		}
		out = append(out, l)
	}
	return strings.Join(out, ": ")
}

// Select keeps the scenarios the filter accepts.
func Select(scs []*Scenario, f Filter) []*Scenario {
	var out []*Scenario
	for _, s := range scs {
		if f(s.Tags) {
			out = append(out, s)
		}
	}
	return out
}
