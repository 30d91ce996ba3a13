package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/podlife/podlife/pkg/report"
	"github.com/podlife/podlife/pkg/shard"
)

// cmdReport works on runs' report folders: `--diff A B` compares two
// runs, `--merge DIR...` joins the reports of a run's shards, `--walls
// DIR` records a run's wall times for --shard. It reports whether the
// runs diverged (--diff) or a scenario failed (--merge).
func cmdReport(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := flag.NewFlagSet("podlife report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	diff := fs.Bool("diff", false, "compare the runs in two report folders (reports/sim reports/live)")
	merge := fs.Bool("merge", false, "join the report folders of a run's shards (podlife run --shard i/n) into one (--out, default reports/merged)")
	walls := fs.Bool("walls", false, "record the wall times of the run in a report folder for --shard (--out, default "+shard.DefaultFile+"; the file's other records kept)")
	tol := fs.Duration("tolerance", report.DefaultTolerance, "how far two runs' event times may differ (--merge: the largest the parts used, unless given)")
	out := fs.String("out", "", "--diff: the diff page (default: diff/index.html next to the first folder, e.g. reports/diff/index.html); --merge: the folder; --walls: the file")
	explained := fs.String("explained", report.ExplainedFile, "the list of explained divergences (none if the default is absent)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: podlife report --diff [--tolerance 1.5s] [--out FILE] [--explained FILE] DIR_A DIR_B\n"+
			"       podlife report --merge [--out DIR] DIR...\n"+
			"       podlife report --walls [--out FILE] DIR\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return false, err
	}
	var list []report.Explanation
	listNote := fmt.Sprintf("explained divergences: none (no %s)", *explained)
	switch l, err := report.ReadExplanations(*explained); {
	case errors.Is(err, os.ErrNotExist) && !flagGiven(fs, "explained"):
	case err != nil:
		return false, fmt.Errorf("report: %w", err)
	default:
		list, listNote = l, fmt.Sprintf("explained divergences: %d in %s", len(l), *explained)
	}
	switch {
	case *merge && !*diff && !*walls:
		if len(pos) == 0 {
			fs.Usage()
			return false, fmt.Errorf("report --merge: name the shards' report folders")
		}
		var given *time.Duration
		if flagGiven(fs, "tolerance") {
			given = tol
		}
		return mergeReports(pos, orString(*out, "reports/merged"), given, list, stdout)
	case *walls && !*diff && !*merge:
		if len(pos) != 1 {
			fs.Usage()
			return false, fmt.Errorf("report --walls: name one report folder")
		}
		return false, recordWalls(pos[0], orString(*out, shard.DefaultFile), stdout)
	}
	if !*diff || *merge || *walls || len(pos) != 2 {
		fs.Usage()
		return false, fmt.Errorf("report: want --diff and two report folders, e.g. podlife report --diff reports/sim reports/live")
	}
	if *tol < 0 {
		return false, fmt.Errorf("report: --tolerance %s is negative", *tol)
	}
	a, err := report.ReadResults(pos[0])
	if err != nil {
		return false, err
	}
	b, err := report.ReadResults(pos[1])
	if err != nil {
		return false, err
	}
	la, lb := runLabel(pos[0], a), runLabel(pos[1], b)
	if la == lb {
		la, lb = pos[0], pos[1]
	}
	d := report.Diff(la, a, lb, b, *tol)
	switch {
	case d.Common == 0:
		return false, fmt.Errorf("report: %s and %s have no scenario in common (%d and %d scenario(s)): nothing to compare", pos[0], pos[1], len(a), len(b))
	case d.Compared == 0:
		return false, fmt.Errorf("report: none of the %d scenario(s) %s and %s have in common ran on both (skipped): nothing compared", d.Common, pos[0], pos[1])
	}
	d.Explain(list)
	fmt.Fprintln(stdout, listNote)
	d.Text(stdout)
	if *out == "" {
		*out = filepath.Join(filepath.Dir(filepath.Clean(pos[0])), "diff", "index.html")
	}
	var page bytes.Buffer
	if err := d.HTML(&page); err != nil {
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err != nil {
		return false, err
	}
	if err := os.WriteFile(*out, page.Bytes(), 0o644); err != nil {
		return false, err
	}
	fmt.Fprintf(stdout, "\ndiff page: %s\n", *out)
	return len(d.Diverged) > 0, nil
}

// runLabel names a run by its driver when it has one, else by its folder.
func runLabel(dir string, rs []report.Result) string {
	if ds := report.Drivers(rs); len(ds) == 1 {
		return ds[0]
	}
	return dir
}
