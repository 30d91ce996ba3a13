// Package shutdown checks, with podlife's steps in a godog suite of its
// own, that our web pods shut down inside their grace period. A step of
// the suite's own ("… has drained as our web pods must") sits beside
// podlife's, written with podlife's phrases.
package shutdown

import (
	"fmt"
	"os"
	"testing"

	"github.com/cucumber/godog"

	"github.com/podlife/podlife/pkg/podlife"
)

func TestFeatures(t *testing.T) {
	// Each scenario gets a simulator of its own; podlife writes the
	// timeline of a failed scenario, and why one was skipped, to stderr.
	opt := podlife.Options{Driver: podlife.Simulator(), Log: os.Stderr}
	suite := godog.TestSuite{
		Name: "shutdown",
		ScenarioInitializer: func(sc *godog.ScenarioContext) {
			podlife.InitializeScenario(sc, opt)
			initializeOurSteps(sc)
		},
		Options: &godog.Options{Format: "pretty", Paths: []string{"features"}, Strict: true, TestingT: t},
	}
	if suite.Run() != 0 {
		t.Fatal("the scenarios failed")
	}
}

// initializeOurSteps adds the suite's own steps: what "drained as our web
// pods must" means, in podlife's phrases.
func initializeOurSteps(sc *godog.ScenarioContext) {
	sc.Step(`^the pod "([^"]*)" has drained as our web pods must$`, func(pod string) godog.Steps {
		return godog.Steps{
			fmt.Sprintf(`container "app" of pod %q never receives SIGKILL`, pod),
			fmt.Sprintf(`the pod %q is gone within 10s`, pod),
			fmt.Sprintf(`no event "FailedPreStopHook" is recorded for pod %q`, pod),
		}
	})
}
