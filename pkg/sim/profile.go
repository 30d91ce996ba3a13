package sim

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// DefaultKubeletVersion is the kubelet the simulator models unless a
// scenario asks for another.
const DefaultKubeletVersion = "1.36"

// Profile holds the kubelet behaviours that changed between releases, one
// switch per change recorded in lifecycle-facts.md. A profile exists for a
// minor version only where its differences are modelled.
type Profile struct {
	// Version is "1.36", "1.27", ...
	Version string
	Minor   int
}

// profiles lists the modelled kubelet versions.
var profiles = map[string]Profile{
	"1.36": {Version: "1.36", Minor: 36},
	// 1.10 with ExperimentalCriticalPodAnnotation on: seed 002 (profile_nodes.go).
	"1.10": {Version: "1.10", Minor: 10},
}

// KubeletVersions lists the modelled kubelet versions, oldest first.
func KubeletVersions() []string {
	var vs []string
	for v := range profiles {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return minorOf(vs[i]) < minorOf(vs[j]) })
	return vs
}

func minorOf(v string) int {
	_, m, _ := strings.Cut(v, ".")
	n, _ := strconv.Atoi(m)
	return n
}

// ProfileFor returns the profile of a kubelet version ("1.36", "v1.36.3"
// and "1.36.0" all name 1.36); the empty string is the default.
func ProfileFor(version string) (Profile, error) {
	if version == "" {
		version = DefaultKubeletVersion
	}
	v := strings.TrimPrefix(version, "v")
	if parts := strings.Split(v, "."); len(parts) > 2 {
		v = parts[0] + "." + parts[1]
	}
	p, ok := profiles[v]
	if !ok {
		return Profile{}, fmt.Errorf("kubelet version %q is not modelled by the simulator (modelled: %s)", version, strings.Join(KubeletVersions(), ", "))
	}
	return p, nil
}
