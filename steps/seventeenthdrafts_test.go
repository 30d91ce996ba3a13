package steps_test

import (
	"strings"
	"testing"

	"github.com/podlife/podlife/steps"
)

// The phrases of issue 38's seventeenth held-out set
// (features/language/seventeenth-drafts.feature): each scenario there
// passes on the simulator; a copy with one step made false fails at that
// step.

const seventeenthDrafts = "../features/language/seventeenth-drafts.feature"

var seventeenthFalseCopies = []falseCopy{
	// A running pod force deleted: the API stores it with its
	// deletionTimestamp before it removes it (STATUS Terminating), and the
	// kubelet runs its preStop hook with the grace of 1 s it kills with.
	{"a running pod force deleted said never Terminating", 10,
		`the pod "stuck" becomes Succeeded`, `1s pass`, `STATUS Terminating at 0s`, []int{33, 34, 35}},
	{"a completed pod said never to show Completed", 10,
		`the pod "stuck" is never Terminating`, `the pod "stuck" never shows status "Completed"`, `STATUS Completed at 0s`, nil},
	// A sidecar that ignores SIGTERM is killed at the grace period's end.
	{"a sidecar that ignores SIGTERM said never SIGKILLed", 38,
		`container "logger" of pod "web" takes 2s to exit after SIGTERM`, `container "logger" of pod "web" ignores SIGTERM`, `SIGKILL of container "logger" of pod "web" at 30s`, []int{54, 55, 57, 58}},
	{"a deleted pod said to send no SIGTERM", 38,
		`no container receives SIGKILL`, `no container receives SIGTERM`, `SIGTERM of container "app" of pod "web" at 0s`, nil},
	{"a deleted pod's containers said to get no SIGTERM before 30s", 38,
		`no container of pod "web" receives SIGKILL before 30s`, `no container of pod "web" receives SIGTERM before 30s`, `no SIGTERM of pod "web" before 30s`, nil},
	{"a deleted pod said never to receive SIGTERM", 38,
		`the pod "web" never receives SIGKILL`, `the pod "web" never receives SIGTERM`, `SIGTERM of container "app" of pod "web" at 0s`, nil},
	// A priority class that may preempt: the low-priority pod is.
	{"a preempted pod said never to receive SIGTERM", 61,
		`a priority class "polite" with value 1000 and preemptionPolicy Never`, `a priority class "polite" with value 1000`, `SIGTERM of container "app" of pod "batch" at 0s`, []int{86, 87, 88, 89}},
	// The limit is the container's: lower, the small writer goes too;
	// a request is no limit.
	{"a pod over a lower ephemeral-storage limit said not evicted", 92,
		`a pod "small-writer" with an ephemeral-storage limit of 500Mi`, `a pod "small-writer" with an ephemeral-storage limit of 200Mi`, `Evicted`, []int{103}},
	{"a pod with an ephemeral-storage request said evicted as if limited", 92,
		`a pod "big-writer" with ephemeral-storage limit 500Mi`, `a pod "big-writer" with ephemeral-storage request 500Mi`, `evicted with a message containing`, []int{102}},
	{"an eviction said to mention another resource", 92,
		`the pod "big-writer" gets evicted with a message mentioning "ephemeral local storage usage exceeds the total limit of containers 500Mi"`, `the pod "big-writer" gets evicted with a message mentioning "memory"`, `"memory"`, nil},
	{"two restarts said to come within 5s", 107,
		`container "app" has restarted at least 2 times within 1m`, `container "app" has restarted at least 2 times within 5s`, `within 5s`, nil},
	// Without its memory limit the pod is BestEffort.
	{"a pod without its memory limit said Burstable", 107,
		`a pod "cache" with a memory limit of 256Mi`, `a pod "cache"`, `expected QoS class Burstable`, []int{112}},
}

func TestSeventeenthDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, seventeenthDrafts, seventeenthFalseCopies)
}

// TestSeventeenthDraftScenariosPass: the scenarios as written pass.
func TestSeventeenthDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, seventeenthDrafts, 5)
}

// TestResourceShorthandRefusesWhatItCannotBuild: a resource or a quantity
// the API server would not take is an input error at the step's line, not
// an undefined step; a preStop hook said not to run needs the hook; a
// scenario-wide `no container receives` needs a pod.
func TestResourceShorthandRefusesWhatItCannotBuild(t *testing.T) {
	cases := []struct{ step, want string }{
		{`Given a pod "x" with a memory limit of lots`, `x.feature:3: "lots" is not a quantity`},
		{`Given a pod "x" with a gpu limit of 1`, `x.feature:3: resource "gpu" is not one of memory, cpu, ephemeral-storage`},
		{`Given a pod "x" with memory request -1Gi`, `x.feature:3: quantity -1Gi is negative`},
	}
	for _, tc := range cases {
		t.Run(tc.step, func(t *testing.T) {
			got := lintErrors(t, "x.feature", "Feature: f\n  Scenario: s\n    "+tc.step+"\n", "note:", "warning:")
			if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
				t.Errorf("lint: %q, want one problem starting %q", got, tc.want)
			}
		})
	}
	for _, tc := range []struct{ text, want string }{
		{"    Given a pod \"x\"\n    Then container \"app\" does not run its preStop hook\n", `x.feature:4: container "app" has no preStop hook`},
		{"    Given a cluster\n    Then no container receives SIGKILL\n", `x.feature:4: no pod is declared`},
	} {
		got := lintErrors(t, "x.feature", "Feature: f\n  Scenario: s\n"+tc.text, "note:", "warning:")
		if len(got) != 1 || !strings.HasPrefix(got[0], tc.want) {
			t.Errorf("lint: %q, want one problem starting %q", got, tc.want)
		}
	}
}

// TestSeventeenthDraftsAsWritten: each step of issue 38's seventeenth
// held-out set that was undefined, as its author wrote it, is one phrase
// of the vocabulary now.
func TestSeventeenthDraftsAsWritten(t *testing.T) {
	for _, text := range []string{
		`no container receives SIGKILL`,
		`no container of pod "x" receives SIGKILL`,
		`no container of pod "x" receives SIGTERM`,
		`the pod "batch" never receives SIGTERM`,
		`the pod "x" never receives SIGKILL`,
		`the pod "x" receives SIGTERM within 5s`,
		`the pod "stuck" is never Terminating`,
		`container "app" does not run its preStop hook`,
		`the preStop hook of container "app" never runs`,
		`the preStop hook of container "app" is never run`,
		`the preStop hook of container "app" is not run`,
		`the preStop hook of container "app" does not run`,
		`a pod "small-writer" with an ephemeral-storage limit of 500Mi`,
		`a pod "x" with a memory request of 128Mi`,
		`a pod "x" with cpu limit 500m`,
		`container "app" has restarted at least 2 times within 1m`,
		`the pod "cache" gets evicted with a message mentioning "memory"`,
	} {
		n := 0
		for _, d := range steps.Definitions() {
			if d.Pattern.MatchString(text) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%q matches %d phrases, want 1", text, n)
		}
	}
}
