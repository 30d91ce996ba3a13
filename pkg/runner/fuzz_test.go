package runner

import (
	"bytes"
	"testing"

	"github.com/podlife/podlife/internal/deadline"
	simdriver "github.com/podlife/podlife/pkg/driver/sim"
)

// FuzzLoadFeature: any text loads to scenarios or to problems at lines of
// the text; every scenario isolates to a text that parses to exactly that
// scenario again; lint (every step called in a dry run: captures,
// tables, manifests) reports problems at lines of the text. Never a panic
// or a hang (deadline.PerInput). The corpus under testdata/fuzz holds catalogue features.
func FuzzLoadFeature(f *testing.F) {
	f.Add([]byte("Feature: f\n  Scenario: s\n    Given a pod \"web\"\n    When the pod \"web\" is deleted\n    Then container \"app\" receives SIGKILL at 30s\n"))
	f.Add([]byte("Feature: f\n  Scenario Outline: o\n    Given a pod \"web\" with terminationGracePeriodSeconds <g>\n    Examples:\n      | g |\n      | 1 |\n      | 5 |\n"))
	f.Add([]byte("Feature: f\n  Rule: r\n    Scenario: s\n      Given a pod \"web\":\n        \"\"\"yaml\n        spec:\n          containers:\n          - name: app\n        \"\"\"\n      Then the timeline of pod \"web\" is:\n        | at | container | event |\n        | 0s | app | Started |\n"))
	d := simdriver.New()
	f.Fuzz(func(t *testing.T, content []byte) {
		deadline.Run(t, deadline.PerInput, "loading and linting the feature", func() {
			lines := bytes.Count(content, []byte("\n")) + 1
			_, scs, problems := ParseFeature("f.feature", content)
			for _, p := range problems {
				if p.Line < 0 || p.Line > lines {
					t.Errorf("problem at line %d of %d: %v", p.Line, lines, p)
				}
			}
			for _, sc := range scs {
				_, again, problems := ParseFeature("f.feature", isolate(sc))
				if len(problems) > 0 || len(again) != 1 || again[0].Line != sc.Line || len(again[0].Pickle.Steps) != len(sc.Pickle.Steps) {
					t.Errorf("isolating the scenario at line %d: %d scenarios, problems %v", sc.Line, len(again), problems)
				}
			}
			for _, p := range Lint(scs, d) {
				if p.Line < 1 || p.Line > lines {
					t.Errorf("lint problem at line %d of %d: %v", p.Line, lines, p)
				}
			}
		})
	})
}
