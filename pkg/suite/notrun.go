package suite

import (
	"fmt"

	"github.com/onsi/ginkgo/v2/types"
)

// notRun is how many of the specs the suite set out to run never ran:
// a suite cut off by its time limit (Ginkgo's --timeout, LIVE_TIMEOUT)
// or an interrupt reports only the specs that ended, so its count line
// alone would read as a smaller, complete run (stop 55's CI: 267 counted
// of 519 selected). A spec skipped with a reason (a driver's skip) ran;
// one skipped without a reason was left out by a filter or by the end.
func notRun(r types.Report) int {
	ran := 0
	for _, sr := range r.SpecReports {
		if sr.LeafNodeType != types.NodeTypeIt {
			continue
		}
		if sr.State == types.SpecStatePending || (sr.State == types.SpecStateSkipped && sr.Failure.Message == "") {
			continue
		}
		ran++
	}
	if n := r.PreRunStats.SpecsThatWillRun - ran; n > 0 {
		return n
	}
	return 0
}

// notRunLine says, before the count line, that the count is of a part.
func notRunLine(r types.Report) string {
	n := notRun(r)
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("\n%d of the %d specs selected did not run: the suite ended before them (its time limit, Ginkgo's --timeout or LIVE_TIMEOUT, or an interrupt); the count below is of those that ran\n", n, r.PreRunStats.SpecsThatWillRun)
}
