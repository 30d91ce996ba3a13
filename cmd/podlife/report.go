package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/podlife/podlife/pkg/report"
)

// cmdReport compares two runs' report folders (`--diff A B`): it prints
// the scenarios whose timelines differ and writes a page of them, a
// difference the list of explained divergences covers shown as explained.
// It reports whether any scenario diverged in a way the list does not
// explain. Runs with no scenario compared are an error.
func cmdReport(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := flag.NewFlagSet("podlife report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	diff := fs.Bool("diff", false, "compare the runs in two report folders (reports/sim reports/live)")
	tol := fs.Duration("tolerance", report.DefaultTolerance, "how far two runs' event times may differ")
	out := fs.String("out", "", "the diff page (default: diff/index.html next to the first folder, e.g. reports/diff/index.html)")
	explained := fs.String("explained", report.ExplainedFile, "the list of explained divergences (none if the default is absent)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: podlife report --diff [--tolerance 1.5s] [--out FILE] [--explained FILE] DIR_A DIR_B\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return false, err
	}
	if !*diff || len(pos) != 2 {
		fs.Usage()
		return false, fmt.Errorf("report: want --diff and two report folders, e.g. podlife report --diff reports/sim reports/live")
	}
	if *tol < 0 {
		return false, fmt.Errorf("report: --tolerance %s is negative", *tol)
	}
	var list []report.Explanation
	listNote := fmt.Sprintf("explained divergences: none (no %s)", *explained)
	switch l, err := report.ReadExplanations(*explained); {
	case errors.Is(err, os.ErrNotExist) && !flagSet(fs, "explained"):
	case err != nil:
		return false, fmt.Errorf("report: %w", err)
	default:
		list, listNote = l, fmt.Sprintf("explained divergences: %d in %s", len(l), *explained)
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

// flagSet tells whether the flag was given on the command line.
func flagSet(set *flag.FlagSet, name string) bool {
	given := false
	set.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
