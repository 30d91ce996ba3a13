package suite

import (
	"strings"
	"testing"

	"github.com/onsi/ginkgo/v2/types"
)

func TestNotRunCountsWhatTheEndLeftOut(t *testing.T) {
	it := func(s types.SpecState, msg string) types.SpecReport {
		return types.SpecReport{LeafNodeType: types.NodeTypeIt, State: s, Failure: types.Failure{Message: msg}}
	}
	ended := []types.SpecReport{
		it(types.SpecStatePassed, ""),
		it(types.SpecStateFailed, "expected …"),
		it(types.SpecStateSkipped, "the driver cannot cut a node's power"),
		it(types.SpecStateTimedout, "the suite's time limit"),
		{LeafNodeType: types.NodeTypeReportAfterSuite, State: types.SpecStatePassed},
	}
	cases := []struct {
		name     string
		willRun  int
		specs    []types.SpecReport
		want     int
		wantLine bool
	}{
		{"a whole run: every selected spec ended", 4, ended, 0, false},
		{"a run cut off by its time limit: 3 never started", 7, ended, 3, true},
		{"specs left out by a filter are not counted as cut off", 4, append(ended, it(types.SpecStateSkipped, "")), 0, false},
		{"specs Ginkgo skipped after an interrupt did not run", 6, append(ended, it(types.SpecStateSkipped, ""), it(types.SpecStateSkipped, "")), 2, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := types.Report{SpecReports: c.specs}
			r.PreRunStats.SpecsThatWillRun = c.willRun
			if got := notRun(r); got != c.want {
				t.Fatalf("notRun = %d, want %d", got, c.want)
			}
			line := notRunLine(r)
			if (line != "") != c.wantLine {
				t.Fatalf("line %q, want one: %v", line, c.wantLine)
			}
			if c.wantLine && !strings.Contains(line, "did not run") {
				t.Fatalf("line %q does not say the specs did not run", line)
			}
		})
	}
}
