package steps_test

import (
	"strings"
	"testing"
)

// features/language/ninety-first-drafts.feature: workloads and budgets
// declared by their manifests alone, and a sidecar's signals denied; a
// copy naming another count than the manifest's, the other answer of the
// budget, or a bound past the sidecar's SIGTERM, fails at its step.
var ninetyFirstFalseCopies = []falseCopy{
	{"the refused eviction said accepted", 10,
		`is refused with 429`, `is accepted`, `429`, nil},
	{"a disruption the budget does not allow", 10,
		`allows 0 disruptions`, `allows 1 disruption`, `disruptionsAllowed`, nil},
	{"the manifest's three replicas said four", 10,
		`has 3 ready pods`, `has 4 ready pods`, `4`, nil},
	{"the allowed eviction said refused", 45,
		`is accepted`, `is refused with 429`, `201`, nil},
	{"the budget's pods said three", 45,
		`has expectedPods 2`, `has expectedPods 3`, `expectedPods`, nil},
	{"the stateful set's two replicas said three", 75,
		`has 2 ready pods`, `has 3 ready pods`, `3`, nil},
	{"no signal said for a second past the sidecar's SIGTERM", 94,
		`receives no signal before 4s`, `receives no signal before 5s`, `SIGTERM`, nil},
	{"no signal said, the other wording, a second past it", 94,
		`is not signalled within 4s`, `is not signalled within 5s`, `SIGTERM`, nil},
}

func TestNinetyFirstDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-first-drafts.feature", ninetyFirstFalseCopies)
}

// A budget's manifest is read as the budget phrases read theirs: one of
// minAvailable and maxUnavailable, a selector of matchLabels; lint says
// what else it has at its line.
func TestBudgetManifestProblemsAtTheirLines(t *testing.T) {
	const src = `Feature: x
  Scenario: y
    Given a replica set "web" of 2 pods
    And a pod disruption budget "web":
      """yaml
      spec:
%s
      """
`
	cases := []struct{ spec, want string }{
		{"        minAvailable: 1\n        maxUnavailable: 1\n        selector:\n          matchLabels: {app: web}", "not both"},
		{"        minAvailable: 1", "matchLabels"},
		{"        selector:\n          matchLabels: {app: web}", "neither minAvailable nor maxUnavailable"},
		{"        minAvailable: 1\n        selector:\n          matchLabels: {app: web}\n        unhealthyPodEvictionPolicy: Sometimes", "x.feature:10: unhealthyPodEvictionPolicy"},
		{"        minAvailable: 1\n        selector:\n          matchLabels: {app: web}", ""},
	}
	for _, c := range cases {
		got := strings.Join(lintErrors(t, "x.feature", strings.Replace(src, "%s", c.spec, 1), "note:", "warning:"), "\n")
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("with\n%s\nlint said %q, want %q", c.spec, got, c.want)
		}
	}
}
