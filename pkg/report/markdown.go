package report

import (
	"fmt"
	"io"
	"strings"
)

// SummaryMarkdown writes summary.md: the counts per area and driver, then
// every failure with its expected and observed lines, then the scenarios
// an interrupt cut off, then the skips with their reasons. It is what a
// CI job posts on a pull request, so it holds no timeline (the page has
// them) and nothing that changes between two runs of the same results.
func SummaryMarkdown(w io.Writer, title string, results []Result) {
	results = append([]Result(nil), results...)
	Sort(results)
	drivers := Drivers(results)
	fmt.Fprintf(w, "# %s\n\n", title)
	fmt.Fprintf(w, "| area | driver | passed | failed | skipped |\n| --- | --- | ---: | ---: | ---: |\n")
	var areas []string
	byArea := map[string]map[string][]Result{}
	for _, r := range results {
		a := Area(r.Feature)
		if byArea[a] == nil {
			byArea[a] = map[string][]Result{}
			areas = append(areas, a)
		}
		byArea[a][r.Driver] = append(byArea[a][r.Driver], r)
	}
	for _, a := range areas {
		for _, d := range drivers {
			if rs := byArea[a][d]; len(rs) > 0 {
				c := Count(rs)
				fmt.Fprintf(w, "| %s | %s | %d | %d | %d |\n", a, d, c.Passed, c.Failed, c.Skipped)
			}
		}
	}
	for _, d := range drivers {
		var rs []Result
		for _, r := range results {
			if r.Driver == d {
				rs = append(rs, r)
			}
		}
		c := Count(rs)
		fmt.Fprintf(w, "| **all** | %s | **%d** | **%d** | **%d** |\n", d, c.Passed, c.Failed, c.Skipped)
	}

	for _, d := range drivers {
		var rs []Result
		for _, r := range results {
			if r.Driver == d {
				rs = append(rs, r)
			}
		}
		runSection(w, d, rs)
	}

	var failed, skipped, interrupted, errored []Result
	for _, r := range results {
		switch r.Status {
		case Errored:
			errored = append(errored, r)
		case Failed:
			failed = append(failed, r)
		case Skipped:
			skipped = append(skipped, r)
		case Interrupted:
			interrupted = append(interrupted, r)
		}
	}
	if len(failed) > 0 {
		fmt.Fprintf(w, "\n## Failures\n")
		for _, r := range failed {
			fmt.Fprintf(w, "\n### %s — %s [%s]\n\n", r.ID(), mdEscape(r.Name), r.Driver)
			if f := r.Failure; f != nil {
				fmt.Fprintf(w, "`%s:%d`: %s\n\n```\n%s\n```\n", r.Feature, f.Line, mdEscape(f.Step), strings.TrimRight(f.Message, "\n"))
			}
			if steps := r.StepsText(); steps != "" {
				fmt.Fprintf(w, "\n```\n%s```\n", steps)
			}
			for _, ck := range r.Checks {
				if !ck.OK {
					observed := "not observed"
					if ck.Seen {
						observed = "observed " + fmtRel(ck.Observed, r.T0)
					}
					fmt.Fprintf(w, "\n- line %d: %s of %s %s\n", ck.Line, ck.What, who(ck.Pod, ck.Container), withResolution(expectedText(ck, r.T0)+", "+observed, "; ", ck))
				}
			}
		}
	}
	var retried []Result
	for _, r := range results {
		if r.FirstAttempt != "" {
			retried = append(retried, r)
		}
	}
	if len(retried) > 0 {
		fmt.Fprintf(w, "\n## Failed on a first attempt\n\nRun again, and counted by the second attempt.\n")
		for _, r := range retried {
			fmt.Fprintf(w, "\n### %s — %s [%s]: then %s\n\n```\n%s\n```\n", r.ID(), mdEscape(r.Name), r.Driver, r.Status, strings.TrimRight(r.FirstAttempt, "\n"))
		}
	}
	if len(errored) > 0 {
		fmt.Fprintf(w, "\n## Infrastructure errors\n\nThe cluster broke under these: no verdict, counted with the failed.\n\n")
		for _, r := range errored {
			fmt.Fprintf(w, "- %s — %s [%s]: %s\n", r.ID(), mdEscape(r.Name), r.Driver, mdEscape(r.Reason))
		}
	}
	if len(interrupted) > 0 {
		fmt.Fprintf(w, "\n## Interrupted\n\nCut off while running: neither passed nor failed, counted with the skipped.\n\n")
		for _, r := range interrupted {
			fmt.Fprintf(w, "- %s — %s [%s]: %s\n", r.ID(), mdEscape(r.Name), r.Driver, mdEscape(r.Reason))
		}
	}
	if len(skipped) > 0 {
		fmt.Fprintf(w, "\n## Skipped\n\n")
		for _, r := range skipped {
			fmt.Fprintf(w, "- %s — %s [%s]: %s\n", r.ID(), mdEscape(r.Name), r.Driver, mdEscape(r.Reason))
		}
	}
}

func who(pod, container string) string {
	if container != "" {
		return fmt.Sprintf("container %q", container)
	}
	if kind, name, ok := strings.Cut(pod, "/"); ok {
		return fmt.Sprintf("%s %q", kind, name) // an object's timeline: job/report
	}
	return fmt.Sprintf("pod %q", pod)
}

// mdEscape keeps a scenario's text from turning into Markdown markup.
func mdEscape(s string) string {
	r := strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "`", "\\`", "<", "&lt;")
	return r.Replace(s)
}

// runSection writes, for one driver's results, the lines its console
// summary ends with (RunLines: the retries and, for a driver that is not
// exact, the resolution figure) and every timed check of a driver that
// is not exact with whether a 1 s shift would have failed it.
func runSection(w io.Writer, driver string, results []Result) {
	lines := RunLines(results)
	if len(lines) == 0 {
		return
	}
	fmt.Fprintf(w, "\n## Retries and resolution on %s\n\n", driver)
	for _, l := range lines {
		fmt.Fprintf(w, "- %s\n", l)
	}
	if ExactDriver(driver) {
		return
	}
	var rows []string
	for _, r := range results {
		for _, ck := range r.Checks {
			if ck.Timed() {
				rows = append(rows, fmt.Sprintf("- `%s:%d` %s of %s %s, observed %s: %s", r.Feature, ck.Line, ck.What, who(ck.Pod, ck.Container),
					expectedText(ck, r.T0), fmtRel(ck.Observed, r.T0), resolutionText(ck)))
			}
		}
	}
	if len(rows) > 0 {
		fmt.Fprintf(w, "\n<details><summary>every timed check, against its expectation shifted %s either way</summary>\n\n%s\n\n</details>\n", shiftText, strings.Join(rows, "\n"))
	}
}
