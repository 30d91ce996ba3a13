package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// SummaryFile is written next to a suite's reports: the failures, the
// skips and, last, the count line.
const SummaryFile = "summary.txt"

// DiffFolder holds a live run's differential report inside its report
// folder, and SimResultsFile there the simulator's results it was made
// against (so that `podlife report --merge` can join the parts' reports).
const (
	DiffFolder     = "diff"
	SimResultsFile = "sim-results.json"
	// ToleranceFile keeps the tolerance the report was made with (a
	// cluster's is calibrated), as a Go duration.
	ToleranceFile = "tolerance.txt"
)

// SummaryText is summary.txt: every failure explained, the skips, the
// retried scenarios, extra (a live run's differential report), where the
// reports are, then the run's lines (RunLines: how many scenarios needed
// a second attempt and, on a driver that is not exact, the resolution
// figure) and, last, the count line.
func SummaryText(results []Result, extra, where string) string {
	var b strings.Builder
	Summary(&b, results, false)
	b.WriteString(extra)
	if g := Glance(results); len(g) > 0 {
		fmt.Fprintf(&b, "\nfailed, a line each:\n")
		for _, l := range g {
			b.WriteString("  " + l + "\n")
		}
	}
	fmt.Fprintf(&b, "\nreports: %s\n", where)
	for _, l := range RunLines(results) {
		b.WriteString(l + "\n")
	}
	b.WriteString(Count(results).Line() + "\n")
	return b.String()
}

// WriteDifferential writes the differential report of a live run's
// results against the simulator's of the same scenarios (Diff: outcome,
// order and timing of the lifecycle events, the differences the list
// explains marked as such) into dir/diff: diff.txt, index.html, the
// simulator's results and the tolerance. It returns the report's summary,
// for the text before the count line.
func WriteDifferential(dir string, sim, live []Result, tol time.Duration, explained []Explanation) (string, error) {
	d := Diff("sim", sim, "live", live, tol)
	d.Explain(explained)
	out := filepath.Join(dir, DiffFolder)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", fmt.Errorf("writing the differential report: %w", err)
	}
	var text, page bytes.Buffer
	d.Text(&text)
	if err := d.HTML(&page); err != nil {
		return "", fmt.Errorf("writing the differential report: %w", err)
	}
	raw, err := json.MarshalIndent(sim, "", " ")
	if err != nil {
		return "", fmt.Errorf("writing the differential report: %w", err)
	}
	for name, b := range map[string][]byte{"diff.txt": text.Bytes(), "index.html": page.Bytes(), SimResultsFile: raw, ToleranceFile: []byte(tol.String() + "\n")} {
		if err := os.WriteFile(filepath.Join(out, name), b, 0o644); err != nil {
			return "", err
		}
	}
	return fmt.Sprintf("\ndifferential report: simulator against live, %d scenario(s) compared, %d diverged, %d explained, %d not compared: %s/diff.txt, %s/index.html\n",
		d.Compared, len(d.Diverged), len(d.Explained), len(d.NotCompared), out, out), nil
}

// ReadDifferential reads what a live run's differential report was made
// from: the simulator's results and the tolerance; a folder without one
// gives none (ok false).
func ReadDifferential(dir string) (sim []Result, tol time.Duration, ok bool, err error) {
	p := filepath.Join(dir, DiffFolder, SimResultsFile)
	raw, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	if err := json.Unmarshal(raw, &sim); err != nil {
		return nil, 0, false, fmt.Errorf("%s: %w", p, err)
	}
	tp := filepath.Join(dir, DiffFolder, ToleranceFile)
	switch b, err := os.ReadFile(tp); {
	case errors.Is(err, fs.ErrNotExist):
		tol = DefaultTolerance // written before the tolerance was kept
	case err != nil:
		return nil, 0, false, err
	default:
		if tol, err = time.ParseDuration(strings.TrimSpace(string(b))); err != nil {
			return nil, 0, false, fmt.Errorf("%s: %w", tp, err)
		}
	}
	return sim, tol, true, nil
}
