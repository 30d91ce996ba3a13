package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/timeline"
)

// Shift is how far a timed check's expectation is moved, either way, to
// tell whether the check resolves anything: a check that would pass with
// its window 1 s earlier or later does not tell a kubelet that is 1 s off
// from one that is not. See timeline.Check.Resolves.
const Shift = time.Second

// shiftText is Shift as the reports write it: "1 s".
var shiftText = fmt.Sprintf("%g s", Shift.Seconds())

// ExactDriver reports whether a driver's time is exact, by its name as
// results carry it: the simulator's virtual time is; a cluster's wall
// clock, known within the driver's tolerance, is not. The retry and
// resolution lines are about the drivers that are not exact.
func ExactDriver(name string) bool { return name == "sim" }

// resolutionText says, for a timed check (timeline.Check.Timed), whether
// the same expectation shifted by Shift either way would have failed:
// "resolves 1 s", or which shift it would pass with ("would also pass
// 1 s later"; "would pass" for a failed check). It is "" for a check
// that is not timed.
func resolutionText(ck timeline.Check) string {
	if !ck.Timed() {
		return ""
	}
	if ck.Resolves(Shift) {
		return "resolves " + shiftText
	}
	in := func(lo, hi time.Duration) bool { return ck.Observed >= lo && ck.Observed <= hi }
	var ways []string
	if in(ck.From-Shift, ck.To-Shift) {
		ways = append(ways, "earlier")
	}
	if in(ck.From+Shift, ck.To+Shift) {
		ways = append(ways, "later")
	}
	verb := "would also pass"
	if !ck.OK {
		verb = "would pass"
	}
	return fmt.Sprintf("%s %s %s", verb, shiftText, strings.Join(ways, " or "))
}

// withResolution appends a check's resolution text to what is said of
// it, after sep; unchanged for a check that is not timed.
func withResolution(text, sep string, ck timeline.Check) string {
	if r := resolutionText(ck); r != "" {
		return text + sep + r
	}
	return text
}

// ResolutionLine is the figure a run on a driver that is not exact ends
// with: "timed checks that reject a 1 s shift both ways: R of T", over
// every result's checks (timeline.Resolution). A result keeps the checks
// of the attempt it reports, so a scenario run again counts its second
// attempt only.
func ResolutionLine(results []Result) string {
	var checks []timeline.Check
	for _, r := range results {
		checks = append(checks, r.Checks...)
	}
	n, of := timeline.Resolution(checks, Shift)
	return fmt.Sprintf("timed checks that reject a %s shift both ways: %d of %d", shiftText, n, of)
}

// Retried are the results whose scenario was run a second time.
func Retried(results []Result) []Result {
	var out []Result
	for _, r := range results {
		if r.FirstAttempt != "" {
			out = append(out, r)
		}
	}
	return out
}

// RetryLine says how many scenarios needed a second attempt, and which:
// "2 scenarios needed a second attempt (1 passed on it, 1 failed again):
// a.feature:8, b.feature:20"; "no scenario was run a second time" when
// none was.
func RetryLine(results []Result) string {
	retried := Retried(results)
	if len(retried) == 0 {
		return "no scenario was run a second time"
	}
	var ids, then []string
	c := Count(retried)
	for _, r := range retried {
		ids = append(ids, r.ID())
	}
	if c.Passed > 0 {
		then = append(then, fmt.Sprintf("%d passed on it", c.Passed))
	}
	if c.Failed > 0 {
		then = append(then, fmt.Sprintf("%d failed again", c.Failed))
	}
	if c.Skipped > 0 {
		then = append(then, fmt.Sprintf("%d skipped", c.Skipped))
	}
	noun := "scenarios"
	if len(retried) == 1 {
		noun = "scenario"
	}
	return fmt.Sprintf("%d %s needed a second attempt (%s): %s", len(retried), noun, strings.Join(then, ", "), strings.Join(ids, ", "))
}

// RunLines are the lines a run's console summary says just before its
// count line, the resolution figure last: for results of a driver that
// is not exact (a live cluster's, which runs a failed scenario again),
// the retry line and the resolution line; for an exact driver's, the
// retry line only if some scenario was run again, and nothing else.
func RunLines(results []Result) []string {
	var inexact []Result
	for _, r := range results {
		if !ExactDriver(r.Driver) {
			inexact = append(inexact, r)
		}
	}
	var out []string
	if l := ErrorLine(results); l != "" {
		out = append(out, l)
	}
	if len(inexact) > 0 || len(Retried(results)) > 0 {
		out = append(out, RetryLine(results))
	}
	if len(inexact) > 0 {
		out = append(out, ResolutionLine(inexact))
	}
	return out
}

// ErrorLine says how many of the failed scenarios are infrastructure
// errors, and which ("" when none): the cluster broke under them, no
// expectation was found false.
func ErrorLine(results []Result) string {
	var ids []string
	for _, r := range results {
		if r.Status == Errored {
			ids = append(ids, r.ID())
		}
	}
	if len(ids) == 0 {
		return ""
	}
	return fmt.Sprintf("%d of the failed broke on the cluster, not on an expectation (infrastructure errors): %s", len(ids), strings.Join(ids, " "))
}

// OverRetryBudget says, when more than percent of the scenarios that ran
// (passed or failed, not skipped) needed a second attempt, how many and
// which; "" within the budget. A suite that retries can hide a flaky
// rule behind green: the budget makes a run whose verdicts needed many
// second attempts fail though each passed on its second.
func OverRetryBudget(results []Result, percent float64) string {
	retried := Retried(results)
	c := Count(results)
	ran := c.Passed + c.Failed
	if len(retried) == 0 || ran == 0 || float64(len(retried))*100 <= percent*float64(ran) {
		return ""
	}
	ids := make([]string, 0, len(retried))
	for _, r := range retried {
		ids = append(ids, r.ID())
	}
	return fmt.Sprintf("%d of %d scenarios run (%.1f %%) needed a second attempt, over the budget of %g %%: %s",
		len(retried), ran, float64(len(retried))*100/float64(ran), percent, strings.Join(ids, ", "))
}
