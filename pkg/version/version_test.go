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
