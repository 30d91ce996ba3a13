// Package examples holds two small modules that use podlife as a library,
// each with a go.mod of its own that replaces podlife with this checkout:
//
//   - godog: podlife's steps, and one of the suite's own, in a godog suite
//     (pkg/podlife InitializeScenario);
//   - ginkgo: a feature folder as a Ginkgo suite on the simulator
//     (pkg/podlife DefineSuite).
//
// Nested modules are not part of the main module's ./..., so
// TestExamples, here, builds and runs each with go test: make test runs
// them.
package examples
