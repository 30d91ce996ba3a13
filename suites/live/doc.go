// Package live will hold the Ginkgo suite that runs the catalogue on a real
// kubelet in a kind cluster through pkg/driver/live. The live driver is not
// built yet: until it is, `podlife run --driver live` says so and no live
// scenario is reported as run.
package live
