// Package version says which podlife a binary holds and what it models:
// the module's version from the build information, and the Kubernetes
// version and kubelet profiles of the simulator. `podlife version` prints
// it; pkg/podlife gives it to programs that use podlife as a library.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/podlife/podlife/pkg/kubelet/releases"
)

// Module is podlife's module path.
const Module = "github.com/podlife/podlife"

// Info is what a binary knows of its podlife.
type Info struct {
	// Module is podlife's module path.
	Module string `json:"module"`
	// Version is the module's version: a release (v1.2.0), a
	// pseudo-version, or "(devel)" for a binary built inside podlife's
	// own tree without a version stamp.
	Version string `json:"version"`
	// Replaced is set when a replace directive points the module
	// elsewhere (a local checkout).
	Replaced string `json:"replaced,omitempty"`
	// Revision, Time and Modified are the version control stamp of a
	// binary built in a checkout (go build stamps them; go run and go
	// test do not).
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	// Go is the toolchain that built the binary, with its platform.
	Go string `json:"go"`
	// Kubernetes is the release the simulator models (its kubelet, API
	// server, scheduler and controllers).
	Kubernetes string `json:"kubernetes"`
	// DefaultKubelet is the kubelet profile a scenario runs on unless it
	// asks for another (@kubelet:1.N, --kubelet-version).
	DefaultKubelet string `json:"defaultKubelet"`
	// KubeletProfiles are the kubelet versions the simulator models.
	KubeletProfiles []string `json:"kubeletProfiles"`
	// Libraries are the versions of the Kubernetes client libraries
	// built in (k8s.io/api, k8s.io/client-go), when the build
	// information has them.
	Libraries map[string]string `json:"libraries,omitempty"`
}

// Get reads the running binary's build information.
func Get() Info {
	info := Info{
		Module:          Module,
		Version:         "(devel)",
		Go:              runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
		Kubernetes:      releases.Default,
		DefaultKubelet:  releases.Default,
		KubeletProfiles: releases.Modelled(),
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	return fromBuildInfo(info, bi)
}

// fromBuildInfo fills in what the build information says: podlife is the
// main module (the podlife command, podlife's own tests) or a dependency
// (a program that uses it as a library).
func fromBuildInfo(info Info, bi *debug.BuildInfo) Info {
	mod := &bi.Main
	if mod.Path != Module {
		mod = nil
		for _, d := range bi.Deps {
			if d.Path == Module {
				mod = d
			}
		}
	}
	if mod != nil {
		if mod.Version != "" {
			info.Version = mod.Version
		}
		if r := mod.Replace; r != nil {
			info.Replaced = r.Path
			if r.Version != "" {
				info.Replaced += " " + r.Version
			}
		}
		if mod == &bi.Main {
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					info.Revision = s.Value
				case "vcs.time":
					info.Time = s.Value
				case "vcs.modified":
					info.Modified = s.Value == "true"
				}
			}
		}
	}
	for _, d := range bi.Deps {
		switch d.Path {
		case "k8s.io/api", "k8s.io/client-go":
			if info.Libraries == nil {
				info.Libraries = map[string]string{}
			}
			v := d.Version
			if d.Replace != nil && d.Replace.Version != "" {
				v = d.Replace.Version
			}
			info.Libraries[d.Path] = v
		}
	}
	return info
}

// String is what `podlife version` prints.
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "podlife %s", i.Version)
	var notes []string
	if i.Replaced != "" {
		notes = append(notes, "replaced by "+i.Replaced)
	}
	if i.Revision != "" {
		rev := i.Revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if i.Time != "" {
			rev += " of " + i.Time
		}
		if i.Modified {
			rev += ", with uncommitted changes"
		}
		notes = append(notes, "revision "+rev)
	}
	if i.Revision == "" && i.Replaced == "" && i.Version == "(devel)" {
		// Nothing says which source this is: say why, and how to get a
		// binary that knows.
		notes = append(notes, "no revision: go run, go test, -buildvcs=false and a git worktree build without one; "+
			"go install ./cmd/podlife in a clone stamps it")
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(notes, "; "))
	}
	fmt.Fprintf(&b, "\nsimulator: Kubernetes %s; default kubelet profile %s; kubelet profiles %s\n",
		i.Kubernetes, i.DefaultKubelet, strings.Join(i.KubeletProfiles, ", "))
	if len(i.Libraries) > 0 {
		var libs []string
		for _, p := range []string{"k8s.io/api", "k8s.io/client-go"} {
			if v, ok := i.Libraries[p]; ok {
				libs = append(libs, p+" "+v)
			}
		}
		fmt.Fprintf(&b, "Kubernetes libraries: %s\n", strings.Join(libs, ", "))
	}
	fmt.Fprintf(&b, "built with %s\n", i.Go)
	return b.String()
}
