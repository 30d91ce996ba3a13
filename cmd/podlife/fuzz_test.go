package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/podlife/podlife/internal/deadline"
)

// problemLine is a line of stderr after bad input: a problem at a place
// of the feature folder, the count, or podlife's own one-line complaint.
var problemLine = regexp.MustCompile(`^(.*/f\.feature(:\d+)?: .+|\d+ problem\(s\); nothing was run|podlife: .+)$`)

// FuzzCLI writes any text as the feature of a fresh folder and runs
// `podlife lint` and `podlife run` on the folder, as a user would: each
// ends in time with exit 0, 1 or 2; lint and run agree on bad input (2);
// after bad input every line of stderr is a problem at a line of the
// file (or podlife's one-line complaint), and nothing ran. The corpus
// under testdata/fuzz/FuzzCLI holds the crashers found so far.
func FuzzCLI(f *testing.F) {
	for _, name := range []string{"phrases.feature", "fail.feature", "versions.feature", "bad/quantity.feature", "bad/syntax.feature"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, content []byte) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "f.feature"), content, 0o644); err != nil {
			t.Fatal(err)
		}
		deadline.Run(t, deadline.PerInput, "podlife lint and run", func() {
			lint, _, lintErr := runCLI("lint", dir)
			code, out, errOut := runCLI("run", "--report", filepath.Join(dir, "reports"), dir)
			for _, c := range []int{lint, code} {
				if c < 0 || c > 2 {
					t.Errorf("exit %d", c)
				}
			}
			if (lint == 2) != (code == 2) {
				t.Errorf("lint exits %d, run %d\nlint:\n%s\nrun:\n%s%s", lint, code, lintErr, out, errOut)
			}
			if code == 2 {
				if strings.Contains(out, "passed") {
					t.Errorf("bad input, and scenarios ran:\n%s", out)
				}
				for _, l := range strings.Split(strings.TrimRight(errOut, "\n"), "\n") {
					if !problemLine.MatchString(l) {
						t.Errorf("stderr line %q is not a problem at file:line\n%s", l, errOut)
					}
				}
			}
		})
	})
}
