// Package releases names the kubelet releases podlife models: the
// default one, the list a scenario may ask for with @kubelet, and the
// parsing of a version into its minor. The simulator (pkg/sim) holds a
// profile of behaviours for each; the CLI, the language reference and
// `podlife version` need only the names, and read them here rather than
// import the simulator (internal/designrules: only pkg/driver/sim imports
// pkg/sim).
//
// The package imports only the standard library, so every layer may use
// it.
package releases

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Default is the kubelet the simulator models unless a scenario asks for
// another.
const Default = "1.36"

// oldestModelled is the oldest kubelet the termination rules are checked
// against (lifecycle-facts.md read v1.27.0's killContainer).
const oldestModelled = 27

// legacyMinors are older profiles kept to reproduce an incident: 1.10, the
// kubelet of seed 002, run with ExperimentalCriticalPodAnnotation on.
var legacyMinors = []int{10}

// Modelled lists the modelled kubelet versions, oldest first.
func Modelled() []string {
	var vs []string
	for _, m := range legacyMinors {
		vs = append(vs, fmt.Sprintf("1.%d", m))
	}
	for m := oldestModelled; m <= minorOf(Default); m++ {
		vs = append(vs, fmt.Sprintf("1.%d", m))
	}
	sort.Slice(vs, func(i, j int) bool { return minorOf(vs[i]) < minorOf(vs[j]) })
	return vs
}

func minorOf(v string) int {
	_, m, _ := strings.Cut(v, ".")
	n, _ := strconv.Atoi(m)
	return n
}

// Minor is the minor of a modelled version: 1.27, v1.27 and v1.27.3 all
// name 1.27, "" the default. It errs on a version not of the form 1.N
// and on one not modelled.
func Minor(version string) (int, error) {
	if version == "" {
		version = Default
	}
	v := strings.TrimPrefix(version, "v")
	parts := strings.Split(v, ".")
	if len(parts) < 2 || parts[0] != "1" {
		return 0, fmt.Errorf("kubelet version %q is not of the form 1.N", version)
	}
	m, err := strconv.Atoi(parts[1])
	if err != nil || (m < oldestModelled && !slices.Contains(legacyMinors, m)) || m > minorOf(Default) {
		return 0, fmt.Errorf("kubelet version %q is not modelled by the simulator (modelled: %s)", version, strings.Join(Modelled(), ", "))
	}
	return m, nil
}
