package steps_test

import (
	"strings"
	"testing"
)

// The phrases of issue 38's held-out set 24
// (features/language/nineteenth-drafts.feature): a Job's
// activeDeadlineSeconds. Each scenario there holds on the simulator, and
// each false copy fails at its step.

const nineteenthDrafts = "../features/language/nineteenth-drafts.feature"

var nineteenthFalseCopies = []falseCopy{
	// The next step reads the time this one leaves: 19s, before the
	// deadline's FailureTarget.
	{"a Job said failed by its deadline before the deadline", 16,
		`the job "forever" fails with reason "DeadlineExceeded" within 30s`, `the job "forever" fails with reason "DeadlineExceeded" within 19s`, `Failed=True and reason DeadlineExceeded`, []int{28, 29}},
	{"a Job failed by its deadline said failed by its backoff limit", 16,
		`the job "forever" fails with reason "DeadlineExceeded" within 30s`, `the job "forever" fails with reason "BackoffLimitExceeded" within 30s`, `reason BackoffLimitExceeded`, nil},
	// `within`, not `at`: on a cluster the deadline counts from the
	// Job's startTime, the whole second the API keeps (the SIGTERM came
	// at 19.1 s on kind, 2026-11-30 10:09), which `at 20s`'s window does
	// not allow for.
	{"the deadline's SIGTERM said sooner", 16,
		`the first pod of job "forever" receives SIGTERM within 20s`, `the first pod of job "forever" receives SIGTERM within 19s`, `within 19s`, nil},
	{"a Job failed by its deadline said to keep its pod active", 16,
		`the job "forever" has 0 active pods`, `the job "forever" has 1 active pod`, `1 active`, nil},
	{"a Job failed by its deadline said to have no failed pod", 16,
		`the job "forever" has 1 failed pod`, `the job "forever" has 0 failed pods`, `0 failed`, nil},
	// The Job's Failed condition waits for its pod's end (30s).
	{"a Job said failed by its deadline before its pod terminated", 37,
		`the job "slow" exceeds its deadline within 31s`, `the job "slow" exceeds its deadline within 30s`, `Failed=True and reason DeadlineExceeded`, nil},
	{"a pod killed by a Job's deadline said gone before its grace", 37,
		`the job "slow" has 1 terminating pod at 25s`, `the job "slow" has 0 terminating pods at 25s`, `0 terminating`, nil},
	// A pod that would run past the deadline: the Job fails at it.
	{"a Job whose pod outlives the deadline said never to fail", 56,
		`container "app" exits with code 0 after 5s`, `container "app" exits with code 0 after 25s`, `never Failed`, []int{70, 69, 71}},
	// The untimed forms wait to the end of the activity.
	{"a Job that completed said to exceed its deadline", 56,
		`the job "quick" never fails`, `the job "quick" exceeds its deadline`, `Failed with reason DeadlineExceeded, to the end of the activity`, nil},
	{"a Job that completed said to fail", 56,
		`the job "quick" never fails`, `the job "quick" fails`, `Complete=True`, nil},
	{"a Job failed by its deadline said failed by its backoff limit, untimed", 16,
		`the job "forever" exceeds its deadline`, `the job "forever" fails with reason "BackoffLimitExceeded"`, `FailureTarget=True (DeadlineExceeded`, nil},
}

func TestNineteenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, nineteenthDrafts, nineteenthFalseCopies)
}

// TestNineteenthDraftScenariosPass: the scenarios as written pass.
func TestNineteenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, nineteenthDrafts, 3)
}

// TestUnmodelledJobFieldsRefusedByLint: the Job fields the simulator
// does not model are refused when the step is declared, at their line
// (they were refused only when the Job was created, at the When step);
// activeDeadlineSeconds and ttlSecondsAfterFinished (modelled since
// held-out set 40) are not.
func TestUnmodelledJobFieldsRefusedByLint(t *testing.T) {
	job := func(field string) string {
		return "Feature: f\n  Scenario: s\n    Given a job \"b\":\n      \"\"\"yaml\n      spec:\n        backoffLimit: 1\n        " + field +
			"\n      \"\"\"\n    When the job \"b\" is created\n    Then the job \"b\" has 1 active pod\n"
	}
	for _, tc := range []struct{ field, want string }{
		{"ttlSecondsAfterFinished: 5", ""},
		{"ttlSecondsAfterFinished: 0", ""},
		{"suspend: true", "f.feature:7: job \"b\": spec.suspend is not modelled"},
		{"completionMode: Indexed", "f.feature:7: job \"b\": spec.completionMode is not modelled"},
		{"activeDeadlineSeconds: 20", ""},
		{"suspend: false", ""},
	} {
		got := lintErrors(t, "f.feature", job(tc.field), "note:", "warning:")
		if tc.want == "" && len(got) > 0 || tc.want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.want)) {
			t.Errorf("%s: lint says %q, want %q", tc.field, got, tc.want)
		}
	}
}
