package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"text/template"

	"github.com/podlife/podlife/pkg/version"
)

// starter is what `podlife init` writes: a feature file that passes, and
// a CI workflow (a template: the podlife and Go versions are this
// binary's).
//
//go:embed starter
var starter embed.FS

// starterFiles maps each starter file to where init writes it.
func starterFiles() [][2]string {
	return [][2]string{
		{"starter/features/pod-lifecycle.feature", "features/pod-lifecycle.feature"},
		{"starter/podlife.yml", ".github/workflows/podlife.yml"},
	}
}

// cmdInit writes a starter folder: a team begins from scenarios that pass
// and a CI job that runs them, rather than from an empty file. It never
// overwrites: if any of its files exists, it writes none.
func cmdInit(args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("podlife init", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintf(stderr, "usage: podlife init [DIR]\n\n"+
			"Writes into DIR (default: the current folder, made if missing)\n"+
			"  features/pod-lifecycle.feature  two scenarios that pass on the simulator\n"+
			"  .github/workflows/podlife.yml   a CI job that runs them and keeps the reports\n"+
			"and never overwrites a file.\n")
	}
	pos, err := parseInterleaved(flags, args)
	if err != nil {
		return err
	}
	if len(pos) > 1 {
		return fmt.Errorf("init: one folder at most (got %s)", strings.Join(pos, " "))
	}
	dir := "."
	if len(pos) == 1 {
		dir = pos[0]
	}
	files, err := renderStarter()
	if err != nil {
		return err
	}
	var exist []string
	for _, f := range files {
		p := filepath.Join(dir, f.path)
		switch _, err := os.Lstat(p); {
		case err == nil:
			exist = append(exist, p)
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("init: %w", err)
		}
	}
	switch len(exist) {
	case 0:
	case 1:
		return fmt.Errorf("init: %s exists already; nothing was written (podlife init never overwrites: move it, or init another folder)", exist[0])
	default:
		return fmt.Errorf("init: %s exist already; nothing was written (podlife init never overwrites: move them, or init another folder)", strings.Join(exist, ", "))
	}
	for _, f := range files {
		p := filepath.Join(dir, f.path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return fmt.Errorf("init: %w", err)
		}
		// O_EXCL: a file that appeared since the check is not overwritten.
		out, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err != nil {
			return fmt.Errorf("init: %w", err)
		}
		_, werr := out.Write(f.data)
		if cerr := out.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("init: %w", werr)
		}
		fmt.Fprintf(stdout, "wrote %s (%s)\n", p, f.what)
	}
	next := "podlife run"
	if filepath.Clean(dir) != "." {
		next = "cd " + dir + " && podlife run"
	}
	fmt.Fprintf(stdout, "next: %s   (the scenarios on the simulator; `podlife steps` lists every phrase)\n", next)
	return nil
}

type starterFile struct {
	path, what string
	data       []byte
}

// renderStarter reads the starter files and fills in the workflow's
// versions.
func renderStarter() ([]starterFile, error) {
	whats := map[string]string{
		"features/pod-lifecycle.feature": "two scenarios: a preStop hook inside the grace period, a crash loop's back-off",
		".github/workflows/podlife.yml":  "CI: podlife run on every push and pull request, the reports kept",
	}
	var out []starterFile
	for _, f := range starterFiles() {
		raw, err := starter.ReadFile(f[0])
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(f[0], ".yml") {
			t, err := template.New(f[0]).Parse(string(raw))
			if err != nil {
				return nil, err
			}
			var b bytes.Buffer
			if err := t.Execute(&b, workflowValues(version.Get())); err != nil {
				return nil, err
			}
			raw = b.Bytes()
		}
		out = append(out, starterFile{f[1], whats[f[1]], raw})
	}
	return out, nil
}

// workflowValues pins the workflow's podlife to this binary's version
// when it is one the module proxy can serve (a release, or a clean
// checkout's pseudo-version), so that CI runs what passed here.
func workflowValues(info version.Info) map[string]string {
	v, pin := "latest", "this podlife was built without a version the module proxy serves: pin a release here"
	if strings.HasPrefix(info.Version, "v") && !strings.Contains(info.Version, "+") && info.Replaced == "" {
		v, pin = info.Version, "the version of the podlife that wrote this file"
	}
	// setup-go takes a release line ("1.26"); a development toolchain
	// has none, and the go.mod podlife needs is 1.26.
	goVersion := "1.26"
	if v, ok := strings.CutPrefix(runtime.Version(), "go"); ok {
		if parts := strings.SplitN(v, ".", 3); len(parts) >= 2 {
			goVersion = parts[0] + "." + parts[1]
		}
	}
	return map[string]string{"Go": goVersion, "Package": version.Module + "/cmd/podlife", "Version": v, "Pin": pin}
}
