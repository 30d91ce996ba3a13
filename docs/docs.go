// Package docs holds podlife's documentation pages. The binary carries
// fidelity.md, the table of the kubelet's behaviours the simulator
// models, so that a failure can name the rule behind the expectation
// that failed wherever podlife runs (a user's own folder has no docs/).
package docs

import _ "embed"

//go:embed fidelity.md
var fidelity string

// Fidelity is docs/fidelity.md as the binary was built with it.
func Fidelity() string { return fidelity }
