// Package streaming is a suite for pkg/suite's TestProgressStreams, run
// with `go tool ginkgo --procs=2`: one scenario on the simulator, and a
// spec that waits for that scenario's line in the progress file. Were the
// lines written when the suite ends rather than as each scenario does,
// the waiting spec would time out.
package streaming

import (
	"os"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/podlife/podlife/pkg/driver"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/suite"
)

func TestStreaming(t *testing.T) {
	RegisterFailHandler(Fail)
	if err := suite.ChdirModuleRoot(); err != nil {
		t.Fatal(err)
	}
	RunSpecs(t, "podlife: the progress file streams")
}

var _ = suite.Define(suite.Config{
	Driver:   func() driver.Driver { return simdriver.New() },
	Features: []string{"pkg/suite/testdata/streaming/first.feature"},
})

var _ = It("sees the scenario's line while the suite still runs", func() {
	Eventually(func() (string, error) {
		b, err := os.ReadFile(os.Getenv(suite.ProgressEnv))
		return string(b), err
	}).WithTimeout(2 * time.Minute).WithPolling(50 * time.Millisecond).
		Should(ContainSubstring("passed pkg/suite/testdata/streaming/first.feature:7 SIGKILL at the end of the grace period"))
})
