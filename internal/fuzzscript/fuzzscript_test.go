package fuzzscript

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// fakeGo is a `go` that plays go test -fuzz for hack/fuzz.sh: each call
// is counted in calls, and MODE says what the run does.
const fakeGo = `#!/usr/bin/env bash
set -eu
echo x >> "$STATE/calls"
n=$(wc -l < "$STATE/calls")
pkg=${@: -1}
name=$(printf '%s' "$5" | tr -d '^$')
case $MODE in
pass) exit 0 ;;
crash)
	mkdir -p "$pkg/testdata/fuzz/$name"
	echo 'go test fuzz v1' > "$pkg/testdata/fuzz/$name/crasher$n"
	exit 1 ;;
race-once) [ "$n" -gt 1 ] || { echo 'context deadline exceeded'; exit 1; } ;;
race-always) echo 'context deadline exceeded'; exit 1 ;;
esac
`

// TestFuzzScript: what hack/fuzz.sh makes of each kind of run, and how
// many times it runs the fuzzer.
func TestFuzzScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	_, file, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(file), "..", "..", "hack", "fuzz.sh")
	cases := []struct {
		mode  string
		fails bool
		calls int
	}{
		{"pass", false, 1},
		{"crash", true, 1},       // a kept input fails at once
		{"race-once", false, 2},  // the coordinator's race, then a clean run
		{"race-always", true, 2}, // twice without an input: not the race alone
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			dir, state := t.TempDir(), t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "pkg"), 0o755); err != nil {
				t.Fatal(err)
			}
			goBin := filepath.Join(state, "go")
			if err := os.WriteFile(goBin, []byte(fakeGo), 0o755); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command("bash", script, "5s", "pkg:FuzzThing")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GO="+goBin, "MODE="+c.mode, "STATE="+state)
			out, err := cmd.CombinedOutput()
			if failed := err != nil; failed != c.fails {
				t.Fatalf("failed %v, want %v:\n%s", failed, c.fails, out)
			}
			calls, _ := os.ReadFile(filepath.Join(state, "calls"))
			if n := strings.Count(string(calls), "x"); n != c.calls {
				t.Fatalf("the fuzzer ran %d times, want %d:\n%s", n, c.calls, out)
			}
		})
	}
}
