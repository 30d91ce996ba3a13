// Package simulated runs the whole scenario catalogue on the built-in
// simulator, one Ginkgo spec per scenario.
package simulated

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/suite"
)

func TestSimulated(t *testing.T) {
	RegisterFailHandler(Fail)
	if err := suite.ChdirModuleRoot(); err != nil {
		t.Fatal(err)
	}
	RunSpecs(t, "podlife: the catalogue on the simulator")
}

var _ = suite.Define(suite.Config{
	Driver:    func() driver.Driver { return simdriver.New() },
	Features:  []string{"features"},
	ReportDir: "reports/sim",
})
