package steps_test

import (
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/pkg/runner"
)

// lintErrors parses a feature and lints it against the simulator, as
// `podlife lint` does, keeping the problems that contain none of drop
// (such as "note:" or "warning:").
func lintErrors(t *testing.T, file, src string, drop ...string) []string {
	t.Helper()
	_, scs, problems := runner.ParseFeature(file, []byte(src))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	var got []string
next:
	for _, p := range runner.Lint(scs, simdriver.New()) {
		for _, d := range drop {
			if strings.Contains(p.Error(), d) {
				continue next
			}
		}
		got = append(got, p.Error())
	}
	return got
}
