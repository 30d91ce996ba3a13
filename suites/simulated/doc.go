// Package simulated holds the Ginkgo suite that runs the scenario catalogue
// on the simulator (see simulated_suite_test.go).
package simulated
