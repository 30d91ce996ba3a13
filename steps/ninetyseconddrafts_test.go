package steps_test

import (
	"strings"
	"testing"
)

// features/language/ninety-second-drafts.feature: the answer to the last
// eviction said the other way, and its pod said killed otherwise; the
// second eviction's pod read as the first's.
var ninetySecondFalseCopies = []falseCopy{
	{"the accepted eviction said refused", 11,
		`Then the eviction is accepted`, `Then the eviction is refused with 429`, `429`, nil},
	{"the evicted pod said killed at the spec's grace", 11,
		`the evicted pod receives SIGKILL at 5s`, `the evicted pod receives SIGKILL at 30s`, `SIGKILL`, nil},
	{"the evicted pod said to keep its spec's grace", 11,
		`has deletionGracePeriodSeconds 5`, `has deletionGracePeriodSeconds 30`, `deletionGracePeriodSeconds 30`, nil},
	{"the refused eviction said accepted", 29,
		`Then the eviction is refused with status 429`, `Then the eviction is accepted`, `accepted`, nil},
	{"the refused eviction's pod said killed", 29,
		`the evicted pod never receives SIGTERM`, `the evicted pod receives SIGTERM within 1s`, `SIGTERM`, nil},
	{"the replacement said two new pods", 52,
		`And a replacement pod of deployment "gateway" is created within 2s`, `And 2 new pods of deployment "gateway" are created within 2s`, `2 new pods`, nil},
	{"the replacement's window said after it", 52,
		`is created between 0s and 2s`, `is created between 1s and 3s`, `before 1s`, nil},
	{"the first replacement counted again after the second eviction", 52,
		`Then 1 new pod of deployment "gateway" is created within 2s`, `Then 2 new pods of deployment "gateway" are created within 2s`, `2 new pods`, nil},
}

func TestNinetySecondDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-second-drafts.feature", ninetySecondFalseCopies)
}

// TestTheEvictionNamesAnEarlierRequest: `the eviction` and `the evicted
// pod` before any eviction was requested are bad input at their line.
func TestTheEvictionNamesAnEarlierRequest(t *testing.T) {
	for _, step := range []string{`Then the eviction is accepted`, `Then the evicted pod is gone within 5s`, `Then container "app" of the evicted pod receives SIGTERM`} {
		src := "Feature: x\n  Scenario: y\n    Given a pod \"web\"\n    " + step + "\n    When the eviction of pod \"web\" is requested\n"
		got := strings.Join(lintErrors(t, "x.feature", src, "note:", "warning:"), "\n")
		if !strings.Contains(got, "x.feature:4:") || !strings.Contains(got, "no eviction was requested before this step") {
			t.Errorf("%s before the request: lint said %q, want line 4 saying no eviction was requested before it", step, got)
		}
	}
}
