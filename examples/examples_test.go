package examples

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestExamples builds, vets and runs each example module with go test, as
// a user would from its folder. Their go.sum files are complete (the
// go command may not change them: -mod=readonly), so the run needs
// nothing but the module cache the main module's build already filled.
func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("the example modules are built and run without -short")
	}
	statSources(t)
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	// What each run prints when its scenarios ran and passed.
	ran := map[string]string{"godog": "--- PASS: TestFeatures/the_preStop_hook_delays_SIGTERM", "ginkgo": "Ran 3 of 3 Specs"}
	for _, dir := range []string{"godog", "ginkgo"} {
		t.Run(dir, func(t *testing.T) {
			env := []string{"GOWORK=off", "GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=readonly"),
				// The Ginkgo example's reports go to a temporary folder,
				// not into the tree.
				"PODLIFE_REPORT_DIR=" + t.TempDir()}
			for _, kv := range os.Environ() {
				// A run's PODLIFE_TAGS or PODLIFE_FEATURES is not the
				// example's.
				if !strings.HasPrefix(kv, "PODLIFE_") && !strings.HasPrefix(kv, "GOFLAGS=") {
					env = append(env, kv)
				}
			}
			for _, args := range [][]string{{"vet", "./..."}, {"test", "-count=1", "-v", "./..."}} {
				cmd := exec.Command(goTool, args...)
				cmd.Dir = dir
				cmd.Env = env
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("go %s in examples/%s: %v\n%s", strings.Join(args, " "), dir, err, out)
				}
				if args[0] == "test" && !strings.Contains(string(out), ran[dir]) {
					t.Errorf("go test in examples/%s did not print %q:\n%s", dir, ran[dir], out)
				}
			}
		})
	}
}

// statSources stats every Go file and module file of the main module. The
// go command caches a test's result keyed by the files the test itself
// opened or stated; the example builds run in child processes, which it
// does not see, so without this a change that needs a new go.sum line in
// the examples (a new import in pkg/driver/live) kept an old "ok" on the
// machine that made it and failed only on a clean one.
func statSources(t *testing.T) {
	t.Helper()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "node_modules", "reports":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") || d.Name() == "go.mod" || d.Name() == "go.sum" {
			_, err = os.Stat(path)
		}
		return err
	})
	if err != nil {
		t.Fatalf("listing the module's sources: %v", err)
	}
}
