package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/shard"
)

// mergeReports joins the report folders of a run's shards into out: the
// results, and from them every report a single run writes (JUnit,
// results.json, the page, the summary) and, where the parts ran on a
// cluster, the differential report against the simulator's results they
// kept. Parts that hold the same scenario on the same driver are not
// shards of one selection, and are refused. It reports whether a
// scenario failed.
func mergeReports(dirs []string, out string, tol *time.Duration, explained []report.Explanation, stdout io.Writer) (bool, error) {
	var all, live, sim []report.Result
	from := map[string]string{}
	diffs := 0
	var largest time.Duration
	for _, dir := range dirs {
		if filepath.Clean(dir) == filepath.Clean(out) {
			return false, fmt.Errorf("report --merge: %s is both a part and the merged folder (--out)", dir)
		}
		rs, err := report.ReadResults(dir)
		if err != nil {
			return false, fmt.Errorf("report --merge: %w", err)
		}
		for _, r := range rs {
			key := r.Driver + " " + r.ID()
			if other, dup := from[key]; dup {
				return false, fmt.Errorf("report --merge: %s (%s) is in both %s and %s: the parts overlap, so they are not shards of one selection", r.ID(), r.Driver, other, dir)
			}
			from[key] = dir
			if r.Driver == "live" {
				live = append(live, r)
			}
		}
		all = append(all, rs...)
		s, t, ok, err := report.ReadDifferential(dir)
		if err != nil {
			return false, fmt.Errorf("report --merge: %w", err)
		}
		if ok {
			diffs++
			sim = append(sim, s...)
			largest = max(largest, t)
		}
	}
	if err := report.Write(out, all); err != nil {
		return false, fmt.Errorf("report --merge: writing %s: %w", out, err)
	}
	extra := ""
	if diffs > 0 {
		if tol == nil {
			tol = &largest
		}
		if diffs < len(dirs) {
			extra = fmt.Sprintf("\ndifferential report: only %d of the %d parts had one; the merged one covers those\n", diffs, len(dirs))
		}
		text, err := report.WriteDifferential(out, sim, live, *tol, explained)
		if err != nil {
			return false, fmt.Errorf("report --merge: %w", err)
		}
		extra += text
	}
	text := report.SummaryText(all, extra, fmt.Sprintf("%s (%s), merged from %d part(s)", out, report.Files, len(dirs)))
	if err := os.WriteFile(filepath.Join(out, report.SummaryFile), []byte(text), 0o644); err != nil {
		return false, err
	}
	_, err := io.WriteString(stdout, text)
	return report.Count(all).Failed > 0, err
}

// recordWalls records the wall times of the scenarios a run ran, in the
// report folder dir, into the walls file out, keeping the file's records
// of scenarios the run did not run. Scenarios cut off or never started
// have no time worth keeping, nor those a run's time budget left out
// (their wall of 0 would have every later budget start them last thing).
func recordWalls(dir, out string, stdout io.Writer) error {
	rs, err := report.ReadResults(dir)
	if err != nil {
		return fmt.Errorf("report --walls: %w", err)
	}
	w, err := shard.Load(out, true)
	if err != nil {
		return fmt.Errorf("report --walls: %w", err)
	}
	n := 0
	for _, r := range rs {
		if r.Status == report.Interrupted || r.Reason == report.NotRunReason || strings.HasPrefix(r.Reason, report.NotStartedPrefix) {
			continue
		}
		w[r.ID()] = r.Wall
		n++
	}
	var b bytes.Buffer
	if err := w.Write(&b); err != nil {
		return err
	}
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("report --walls: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "recorded the wall times of %d scenario(s) of %s in %s (%d in all)\n", n, dir, out, len(w))
	return err
}

func orString(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
