package podlife

import (
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/suite"
)

// SuiteOptions configure a Ginkgo suite of scenarios.
type SuiteOptions struct {
	// Driver is where the scenarios run (the zero Driver: the simulator).
	Driver Driver
	// Features are feature files or folders (searched for *.feature),
	// relative to the folder the tests run in: the test's package folder
	// under go test and ginkgo.
	Features []string
	// ReportDir is where podlife writes its reports when the suite ends
	// (index.html, summary.md, junit.xml, cucumber.json, results.json,
	// coverage.yaml and summary.txt, whose last line counts the passed,
	// failed and skipped scenarios); default reports/<driver>.
	ReportDir string
	// Tags preselects scenarios with an expression over their tags
	// without '@', in Ginkgo's label-filter syntax ("termination &&
	// !slow"); Ginkgo's --label-filter works too, on the same labels.
	Tags string
	// Retries is how many times a failed scenario runs again (on a
	// cluster, against a flaky latency); the last attempt counts and the
	// reports keep the first failure.
	Retries int
}

// DefineSuite declares the suite, at the top level of a test file:
//
//	var _ = podlife.DefineSuite(podlife.SuiteOptions{Features: []string{"features"}})
//
// When Ginkgo builds its tree, the features are read and linted (a
// problem fails the suite with every file:line, and nothing runs), then
// each scenario, or each example row of an outline, becomes an It
// labelled with its tags: @serial and @disruptive ones run alone. A
// scenario that its driver cannot run is skipped with the reason; a
// failure says what was expected and what was observed, with the
// scenario's timeline. When the suite ends, podlife writes its reports to
// ReportDir.
//
// The environment overrides the options, as in podlife's own suites:
// PODLIFE_FEATURES (space-separated paths), PODLIFE_TAGS,
// PODLIFE_REPORT_DIR, and PODLIFE_SEED, the run's seed (1), from which
// each scenario's seed derives.
func DefineSuite(opt SuiteOptions) bool {
	d := opt.Driver.driver()
	dir := opt.ReportDir
	if dir == "" {
		dir = "reports/" + d.Name()
	}
	return suite.Define(suite.Config{
		Driver:    func() driver.Driver { return d },
		Features:  opt.Features,
		ReportDir: dir,
		Tags:      opt.Tags,
		Retries:   opt.Retries,
		Title:     "the scenarios",
	})
}
