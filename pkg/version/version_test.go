package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

// TestFromBuildInfo: podlife's version whether it is the main module (the
// podlife command) or a dependency (a program using the library, its
// module replaced by a local checkout).
func TestFromBuildInfo(t *testing.T) {
	deps := []*debug.Module{
		{Path: "k8s.io/api", Version: "v0.36.3"},
		{Path: "k8s.io/client-go", Version: "v0.36.3"},
	}
	main := fromBuildInfo(Info{Version: "(devel)"}, &debug.BuildInfo{
		Main: debug.Module{Path: Module, Version: "v0.4.0"},
		Deps: deps,
		Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "2e9f6ce0123456789"}, {Key: "vcs.time", Value: "2026-11-24T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
		},
	})
	if main.Version != "v0.4.0" || main.Revision != "2e9f6ce0123456789" || !main.Modified || main.Libraries["k8s.io/api"] != "v0.36.3" {
		t.Errorf("main module: %+v", main)
	}
	lib := fromBuildInfo(Info{Version: "(devel)"}, &debug.BuildInfo{
		Main:     debug.Module{Path: "example.com/mine", Version: "(devel)"},
		Deps:     append(deps, &debug.Module{Path: Module, Version: "v0.0.0-00010101000000-000000000000", Replace: &debug.Module{Path: "../.."}}),
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "ffff"}},
	})
	if lib.Version != "v0.0.0-00010101000000-000000000000" || lib.Replaced != "../.." || lib.Revision != "" {
		t.Errorf("dependency: %+v", lib)
	}
}

// TestGet: the simulator's Kubernetes version and default profile are
// 1.36, and the text says so.
func TestGet(t *testing.T) {
	i := Get()
	if i.Module != Module || i.Version == "" || i.Kubernetes != "1.36" || i.DefaultKubelet != "1.36" {
		t.Errorf("%+v", i)
	}
	s := i.String()
	for _, want := range []string{"podlife ", "simulator: Kubernetes 1.36; default kubelet profile 1.36; kubelet profiles 1.10, 1.27,", "built with go"} {
		if !strings.Contains(s, want) {
			t.Errorf("version text lacks %q:\n%s", want, s)
		}
	}
}

// TestVersionLine: the first line of `podlife version` from the build
// information a binary carries: a release, a clone's pseudo-version with
// its revision (and whether the tree had uncommitted changes), a library
// use, and a build that knows no revision, which says why.
func TestVersionLine(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: "2026-11-29T05:28:14Z"}, {Key: "vcs.modified", Value: modified}}
	}
	cases := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"a release", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.4.0"}},
			"podlife v0.4.0"},
		{"go install in a clean clone", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20261129052814-02fbe8efee76"},
			Settings: vcs("02fbe8efee766dba8cb0fe51c38e2c23c3e0a2e5", "false")},
			"podlife v0.0.0-20261129052814-02fbe8efee76 (revision 02fbe8efee76 of 2026-11-29T05:28:14Z)"},
		{"go install with uncommitted changes", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "v0.0.0-20261129052814-02fbe8efee76+dirty"},
			Settings: vcs("02fbe8efee766dba8cb0fe51c38e2c23c3e0a2e5", "true")},
			"podlife v0.0.0-20261129052814-02fbe8efee76+dirty (revision 02fbe8efee76 of 2026-11-29T05:28:14Z, with uncommitted changes)"},
		{"go run, or -buildvcs=false", debug.BuildInfo{Main: debug.Module{Path: Module, Version: "(devel)"}},
			"podlife (devel) (no revision: go run, go test, -buildvcs=false and a git worktree build without one; go install ./cmd/podlife in a clone stamps it)"},
		{"a library, replaced", debug.BuildInfo{Main: debug.Module{Path: "example.com/mine", Version: "(devel)"},
			Deps: []*debug.Module{{Path: Module, Version: "v0.0.0-00010101000000-000000000000", Replace: &debug.Module{Path: "../.."}}}},
			"podlife v0.0.0-00010101000000-000000000000 (replaced by ../..)"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, _, _ := strings.Cut(fromBuildInfo(Info{Version: "(devel)"}, &tc.bi).String(), "\n")
			if got != tc.want {
				t.Errorf("\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}
