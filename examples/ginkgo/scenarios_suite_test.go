// Package scenarios runs our feature folder as a Ginkgo suite: one spec
// per scenario (per example row of an outline), labelled with its tags,
// on podlife's simulator. podlife writes its reports (index.html,
// summary.md, junit.xml, …) to reports/sim when the suite ends
// (PODLIFE_REPORT_DIR elsewhere).
//
//	go test ./...                                  # or: ginkgo -p
//	ginkgo --label-filter '!slow'                  # tags are labels
package scenarios

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/podlife/podlife/pkg/podlife"
)

var _ = podlife.DefineSuite(podlife.SuiteOptions{
	Driver:   podlife.Simulator(),
	Features: []string{"features"},
})

func TestScenarios(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "our batch pods on podlife's simulator")
}
