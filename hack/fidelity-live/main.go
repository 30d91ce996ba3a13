// Command fidelity-live writes the "live" column of docs/fidelity.md from
// a live run's results: for each behaviour, how its scenarios fared on the
// real kubelet.
//
//	go run ./hack/fidelity-live [-kubelet v1.36.3] [-date 2026-11-21] reports/live [reports/live-1.34 …] docs/fidelity.md
//
// A behaviour whose scenarios all passed live is "confirmed", and the
// column says how sharply: "resolves 1 s" when every timed check of its
// scenarios would have failed had its expectation been a second earlier
// or later, else "within ±N s" (the widest half-window of those that
// would not), and the intervals between precisely observed events checked
// at ±0.25 s; one with a failure "differs" (the section "Live differences"
// says how); one none of whose scenarios ran live says why. Rows of other
// tables are left as they are.
package main

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/report"
)

func main() {
	kubelet := flag.String("kubelet", "", "the live kubelet's version, for the column")
	date := flag.String("date", "", "the run's date, for the column")
	flag.Parse()
	if flag.NArg() < 2 {
		fmt.Fprintln(os.Stderr, "usage: fidelity-live [-kubelet V] [-date D] REPORT_DIR... FIDELITY_MD")
		os.Exit(2)
	}
	// Several runs (make test-live's, make test-live-versions' clusters):
	// a scenario one run skipped and another ran counts as run.
	var results []report.Result
	at := map[string]int{}
	for _, dir := range flag.Args()[:flag.NArg()-1] {
		rs, err := report.ReadResults(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, r := range rs {
			key := fmt.Sprintf("%s:%d", r.Feature, r.Line)
			i, seen := at[key]
			switch {
			case !seen:
				at[key] = len(results)
				results = append(results, r)
			case results[i].Status == report.Skipped && r.Status != report.Skipped:
				results[i] = r
			}
		}
	}
	type tally struct {
		passed, failed, skipped int
		reasons                 []string
		failures                []string
		// timed checks of the passed scenarios, those resolving 1 s, the
		// widest half-window of the others; intervals checked at ±0.25 s.
		timed, resolving int
		widest           time.Duration
		intervals        int
		// kubelets are the versions the passed scenarios ran under (a
		// skewed node's kubelet is older than the cluster's).
		kubelets []string
	}
	by := map[string]*tally{}
	for _, r := range results {
		for _, tag := range r.Tags {
			id, ok := strings.CutPrefix(tag, "behavior:")
			if !ok {
				continue
			}
			t := by[id]
			if t == nil {
				t = &tally{}
				by[id] = t
			}
			switch r.Status {
			case report.Passed:
				t.passed++
				if r.Kubelet != "" {
					k := r.Kubelet
					if r.ControlPlane != "" && r.ControlPlane != r.Kubelet {
						k += " under " + r.ControlPlane
					}
					t.kubelets = append(t.kubelets, k)
				}
				for _, c := range r.Checks {
					if c.Interval && c.OK && c.To-c.From <= 500*time.Millisecond {
						t.intervals++
					}
					if !c.Timed() {
						continue
					}
					t.timed++
					if c.Resolves(time.Second) {
						t.resolving++
					} else {
						t.widest = max(t.widest, (c.To-c.From)/2)
					}
				}
			case report.Failed:
				t.failed++
				t.failures = append(t.failures, fmt.Sprintf("%s:%d", r.Feature, r.Line))
			default:
				t.skipped++
				t.reasons = append(t.reasons, shortReason(r.Reason))
			}
		}
	}
	where := "live run"
	if *kubelet != "" {
		where = "kubelet " + *kubelet + " (kind)"
	}
	if *date != "" {
		where += ", " + *date
	}
	fidelity := flag.Arg(flag.NArg() - 1)
	doc, err := os.ReadFile(fidelity)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	// A row's first cell is its anchor and its id (pkg/fidelity), kept as
	// it is.
	row := regexp.MustCompile(`^\| ((?:<a id="[^"]*"></a>)?([a-z][a-z0-9-]*)) \|(.*)\| ([^|]*) \|$`)
	lines := strings.Split(string(doc), "\n")
	changed := 0
	for i, l := range lines {
		m := row.FindStringSubmatch(l)
		if m == nil || strings.Count(l, "|") != 6 {
			continue
		}
		t := by[m[2]]
		var col string
		switch {
		case t == nil:
			continue
		case t.failed > 0:
			col = fmt.Sprintf("**differs**: %d of %d scenario(s) failed live, %s (%s); see Live differences", t.failed, t.passed+t.failed, where, strings.Join(t.failures, ", "))
		case t.passed > 0:
			col = fmt.Sprintf("confirmed: %d scenario(s) passed, %s", t.passed, where)
			if ks := uniq(t.kubelets); len(ks) > 1 || (len(ks) == 1 && *kubelet != "" && ks[0] != *kubelet) {
				col += " (on kubelets " + strings.Join(ks, ", ") + ")"
			}
			switch {
			case t.timed == 0:
				col += "; no timed check"
			case t.resolving == t.timed:
				col += fmt.Sprintf("; resolves 1 s (%d timed checks)", t.timed)
			default:
				col += fmt.Sprintf("; within ±%.1f s (%d of %d timed checks resolve 1 s)", t.widest.Seconds(), t.resolving, t.timed)
			}
			if t.intervals > 0 {
				col += fmt.Sprintf("; %d interval(s) at ±0.25 s", t.intervals)
			}
			if t.skipped > 0 {
				col += fmt.Sprintf("; %d not run live (%s)", t.skipped, strings.Join(uniq(t.reasons), "; "))
			}
		default:
			col = "not run live: " + strings.Join(uniq(t.reasons), "; ")
		}
		lines[i] = fmt.Sprintf("| %s |%s| %s |", m[1], m[3], col)
		changed++
	}
	if err := os.WriteFile(fidelity, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d rows updated from %d results\n", changed, len(results))
}

// shortReason keeps a skip reason's gist.
func shortReason(r string) string {
	r = strings.TrimPrefix(r, "not supported by this driver: ")
	if i := strings.Index(r, ", which the live driver lacks"); i > 0 {
		r = r[:i]
	}
	if i := strings.Index(r, " ("); i > 0 && len(r) > 80 {
		r = r[:i]
	}
	if len(r) > 120 {
		r = r[:117] + "…"
	}
	return strings.ReplaceAll(r, "|", "/")
}

func uniq(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}
