package steps_test

import (
	"strings"
	"testing"
)

// TestTimelineTableTimeColumn: the time column of a timeline table is
// `at`, and first drafts head it `time` (blind set 21), `t` or `when`:
// those read as `at`; a table without any of them is refused, naming the
// columns.
func TestTimelineTableTimeColumn(t *testing.T) {
	const scenario = `Feature: f
  Scenario: s
    Given a pod "web"
    When the pod "web" is created
    Then the timeline of pod "web" is:
      | HEAD | container | event   |
      | 0s   | app       | Started |
`
	for _, tc := range []struct{ head, fail string }{
		{"at", ""},
		{"time", ""},
		{"Time", ""},
		{"t", ""},
		{"when", ""},
		{"offset", `no "at" column`},
	} {
		t.Run(tc.head, func(t *testing.T) {
			errs := lintErrors(t, "table.feature", strings.Replace(scenario, "HEAD", tc.head, 1))
			switch {
			case tc.fail == "" && len(errs) > 0:
				t.Fatalf("want the table taken, got %v", errs)
			case tc.fail != "" && (len(errs) != 1 || !strings.Contains(errs[0], tc.fail)):
				t.Fatalf("want one error naming %q, got %v", tc.fail, errs)
			}
		})
	}
}
