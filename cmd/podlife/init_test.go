package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// installPodlife installs the podlife command as the README says (go
// install ./cmd/podlife) into a folder of its own: -buildvcs=auto is the
// go command's default, which a GOFLAGS of the environment may change.
func installPodlife(t *testing.T) string {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build podlife with")
	}
	gobin := t.TempDir()
	cmd := exec.Command(gocmd, "install", "-buildvcs=auto", ".")
	cmd.Env = append(os.Environ(), "GOBIN="+gobin)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install: %v\n%s", err, out)
	}
	return filepath.Join(gobin, "podlife")
}

// podlifeIn runs the built podlife in a folder: its exit code, stdout and
// stderr.
func podlifeIn(t *testing.T, bin, dir string, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("podlife %s: %v", strings.Join(args, " "), err)
	}
	return code, out.String(), errOut.String()
}

// TestInitThenRun is the first minutes of a new user, with a built
// binary: podlife init writes a folder whose scenarios pass with a bare
// `podlife run` inside it, and a CI workflow that runs them and keeps the
// reports; a second init overwrites nothing; podlife version names the
// revision it was built from.
func TestInitThenRun(t *testing.T) {
	if testing.Short() {
		t.Skip("installs podlife")
	}
	bin := installPodlife(t)
	tmp := t.TempDir()
	code, out, errOut := podlifeIn(t, bin, tmp, "init", "demo")
	if code != 0 || !strings.Contains(out, "next: cd demo && podlife run") {
		t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
	}
	demo := filepath.Join(tmp, "demo")
	code, out, errOut = podlifeIn(t, bin, demo, "run")
	if code != 0 || lastLine(out) != "2 passed, 0 failed, 0 skipped" {
		t.Errorf("podlife run in the starter: exit %d, last line %q\n%s%s", code, lastLine(out), out, errOut)
	}
	if _, err := os.Stat(filepath.Join(demo, "reports", "sim", "junit.xml")); err != nil {
		t.Errorf("no reports where the workflow keeps them: %v", err)
	}

	wf := filepath.Join(demo, ".github", "workflows", "podlife.yml")
	raw, err := os.ReadFile(wf)
	if err != nil {
		t.Fatal(err)
	}
	var flow struct {
		Jobs map[string]struct {
			Steps []struct {
				Run  string            `json:"run"`
				Uses string            `json:"uses"`
				If   string            `json:"if"`
				With map[string]string `json:"with"`
			} `json:"steps"`
		} `json:"jobs"`
	}
	if err := yaml.Unmarshal(raw, &flow); err != nil {
		t.Fatalf("the workflow is not the YAML meant: %v\n%s", err, raw)
	}
	runs, kept := false, false
	for _, job := range flow.Jobs {
		for _, s := range job.Steps {
			runs = runs || strings.HasPrefix(s.Run, "podlife run")
			kept = kept || (strings.HasPrefix(s.Uses, "actions/upload-artifact@") && s.If == "always()" && s.With["path"] == "reports/")
		}
	}
	if !runs || !kept {
		t.Errorf("the workflow runs podlife run: %v; keeps reports/ whatever the outcome: %v\n%s", runs, kept, raw)
	}

	// Never overwrite: not the edited feature, and not the workflow either
	// while the feature is there (all or nothing).
	feature := filepath.Join(demo, "features", "pod-lifecycle.feature")
	if err := os.WriteFile(feature, []byte("# ours now\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(wf); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = podlifeIn(t, bin, tmp, "init", "demo")
	want := "podlife: init: " + filepath.Join("demo", "features", "pod-lifecycle.feature") + " exists already; nothing was written"
	if code != 2 || !strings.HasPrefix(errOut, want) || out != "" {
		t.Errorf("init over a starter: exit %d, stderr %q, want it to start %q; stdout %q", code, errOut, want, out)
	}
	if b, _ := os.ReadFile(feature); string(b) != "# ours now\n" {
		t.Errorf("init overwrote the feature file: %q", b)
	}
	if _, err := os.Stat(wf); err == nil {
		t.Errorf("init wrote the workflow while refusing")
	}

	code, out, _ = podlifeIn(t, bin, tmp, "version")
	first, _, _ := strings.Cut(out, "\n")
	if code != 0 {
		t.Fatalf("version: exit %d", code)
	}
	head, clone := gitHead(t)
	switch {
	case head == "":
		t.Logf("no git: version says %q", first)
	case clone && !strings.Contains(first, "revision "+head[:12]):
		t.Errorf("version of a binary built in a clone at %s: %q", head[:12], first)
	case !clone && !strings.Contains(first, "no revision:"):
		// The go command stamps no revision in a git worktree.
		t.Errorf("version of a binary built in a worktree: %q, want it to say why it has no revision", first)
	}
}

// gitHead is the checkout's commit, and whether the checkout is a clone
// (its .git a folder) rather than a worktree of one; "" without git.
func gitHead(t *testing.T) (string, bool) {
	out, err := exec.Command("git", "rev-parse", "HEAD", "--git-dir", "--git-common-dir").Output()
	if err != nil {
		return "", false
	}
	f := strings.Fields(string(out))
	if len(f) != 3 {
		return "", false
	}
	gitDir, _ := filepath.Abs(f[1])
	common, _ := filepath.Abs(f[2])
	return f[0], gitDir == common
}
