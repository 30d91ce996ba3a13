package suite

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/podlife/podlife/pkg/report"
)

// ProgressEnv names the file a suite appends one line to as each scenario
// finishes, whichever Ginkgo process ran it: hack/test-live.sh follows it
// with `tail -f` while Ginkgo runs. Ginkgo itself shows a parallel
// process's output only when the spec has ended, and then as a block for
// failures and a dot for passes, so a long live run would otherwise show
// only dots.
const ProgressEnv = "PODLIFE_PROGRESS"

// progressHeader starts the progress file; its count (every spec that
// will run: the scenarios and a suite's own tests) is what the lines'
// "[n/total]" count towards.
const progressHeader = "%s podlife: %d specs to run on %s, %d at a time; a line for each as it finishes"

var headerCount = regexp.MustCompile(`^\S+ podlife: (\d+) specs to run`)

// startProgress empties the progress file and writes its header: total
// specs to run on driverName, procs at a time.
func startProgress(path string, total, procs int, driverName string, now time.Time) error {
	line := fmt.Sprintf(progressHeader, now.Format("15:04:05"), total, driverName, procs)
	return os.WriteFile(path, []byte(line+"\n"), 0o644)
}

// addProgress appends a finished scenario's line to the progress file,
// numbered: "[n/total]". Parallel processes append to the same file; a
// lock on it (where the system has one) keeps their numbers apart.
func addProgress(path, text string, now time.Time) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := lockFile(f); err != nil {
		return err
	}
	defer func() { _ = unlockFile(f) }()
	data, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	lines := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	done, total := len(lines)+1, 0
	if len(data) == 0 {
		done = 1
	} else if m := headerCount.FindSubmatch(lines[0]); m != nil {
		total, _ = strconv.Atoi(string(m[1]))
		done = len(lines)
	}
	count := fmt.Sprintf("[%d/%d]", done, total)
	if total == 0 {
		count = fmt.Sprintf("[%d]", done)
	}
	_, err = fmt.Fprintf(f, "%s podlife: %s %s\n", now.Format("15:04:05"), count, text)
	return err
}

// progressText says how a spec ended, in one line: its outcome (passed,
// failed, skipped with the reason, passed on a second attempt), the
// scenario (feature:line and name) and its wall time, retries included;
// for a failure, its first line. A spec without a scenario's result (a
// suite's own test, or a scenario that timed out) is named by its text.
// ok is false for a spec that did not run (left out by a filter, or
// after an interrupt).
func progressText(sr types.SpecReport) (text string, ok bool) {
	res, have := resultOf(sr)
	wall := sr.RunTime.Round(time.Millisecond)
	if wall >= time.Second {
		wall = wall.Round(100 * time.Millisecond)
	}
	if !have {
		switch {
		case sr.State == types.SpecStatePassed:
			return fmt.Sprintf("passed %s (%s)", sr.FullText(), wall), true
		case sr.State == types.SpecStateSkipped && sr.Failure.Message != "":
			return fmt.Sprintf("skipped %s (%s): %s", sr.FullText(), wall, firstLine(sr.Failure.Message)), true
		case sr.State.Is(types.SpecStateFailureStates):
			// A timeout, an interrupt, a panic, or the catalogue did not
			// load: the scenario's result never came.
			return fmt.Sprintf("%s %s (%s): %s", strings.ToUpper(sr.State.String()), sr.FullText(), wall, firstLine(sr.Failure.Message)), true
		}
		return "", false
	}
	outcome := string(res.Status)
	retried := res.FirstAttempt != ""
	switch res.Status {
	case report.Passed:
		if retried {
			outcome = "passed on a second attempt"
		}
	case report.Failed:
		outcome = "FAILED"
		if retried {
			outcome = "FAILED, on a second attempt too"
		}
	}
	text = fmt.Sprintf("%s %s %s (%s)", outcome, res.ID(), res.Name, wall)
	switch {
	case res.Status == report.Skipped:
		text += ": " + res.Reason
	case res.Failure != nil:
		text += fmt.Sprintf(": line %d: %s", res.Failure.Line, firstLine(res.Failure.Message))
	}
	return text, true
}

// resultOf is podlife's result in a spec's report entries.
func resultOf(sr types.SpecReport) (report.Result, bool) {
	rs := Collect(types.Report{SpecReports: types.SpecReports{sr}})
	if len(rs) == 0 {
		return report.Result{}, false
	}
	return rs[0], true
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}
