package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/podlife/podlife/pkg/report"
)

// cmdReport compares two runs' report folders (`--diff A B`): it prints
// the scenarios whose timelines differ and writes a page of them. It
// reports whether any scenario diverged.
func cmdReport(args []string, stdout, stderr io.Writer) (bool, error) {
	fs := flag.NewFlagSet("podlife report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	diff := fs.Bool("diff", false, "compare the runs in two report folders (reports/sim reports/live)")
	tol := fs.Duration("tolerance", report.DefaultTolerance, "how far two runs' event times may differ")
	out := fs.String("out", "", "the diff page (default: diff/index.html next to the first folder, e.g. reports/diff/index.html)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: podlife report --diff [--tolerance 1.5s] [--out FILE] DIR_A DIR_B\n")
		fs.PrintDefaults()
	}
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return false, errBadInput
	}
	if !*diff || len(pos) != 2 {
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
