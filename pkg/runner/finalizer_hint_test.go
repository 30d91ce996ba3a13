package runner

import (
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
)

// finalizerDrafts: held-out set 41's step for a pod's finalizer, undefined
// then with the hint `the label "example.com/cleanup" is removed from the
// node` (another meaning), is one phrase now, in both its forms, and its
// own hint; the lint line of that set is no longer a problem.
var finalizerDrafts = []struct{ kind, step string }{
	{"When", `the finalizer "example.com/cleanup" is removed from the pod "keeper"`},
	{"When", `the finalizer "example.com/cleanup" is removed from pod "keeper"`},
}

func TestFinalizerDraftsAreTheirPhrases(t *testing.T) {
	t.Parallel()
	checkDraftsAreTheirPhrases(t, finalizerDrafts)
}

// TestLintRefusesAFinalizerThePodDoesNotCarry: a finalizer removed from a
// pod that does not carry it (another name, none declared, removed twice)
// is a problem at the step's line, saying the pod's finalizers.
func TestLintRefusesAFinalizerThePodDoesNotCarry(t *testing.T) {
	t.Parallel()
	const feature = `Feature: finalizers
  Scenario: three removals the pods do not allow
    Given a pod "keeper":
      """yaml
      metadata:
        finalizers: [example.com/cleanup]
      spec:
        containers:
        - name: app
      """
    And a pod "plain"
    When the pod "keeper" is deleted
    And the finalizer "example.com/audit" is removed from the pod "keeper"
    And the finalizer "example.com/cleanup" is removed from pod "plain"
    And the finalizer "example.com/cleanup" is removed from the pod "keeper"
    And the finalizer "example.com/cleanup" is removed from the pod "keeper"
`
	_, scs, problems := ParseFeature("f.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	got := Lint(scs, simdriver.New())
	want := []string{
		`f.feature:13: pod "keeper" does not carry the finalizer "example.com/audit" (its metadata.finalizers: example.com/cleanup)`,
		`f.feature:14: pod "plain" carries no finalizer: declare it in the pod's YAML, ` + "`metadata.finalizers: [example.com/cleanup]`",
		`f.feature:16: the finalizer "example.com/cleanup" of pod "keeper" is removed twice: an earlier step removed it`,
	}
	if len(got) != len(want) {
		t.Fatalf("problems: %v, want %d", got, len(want))
	}
	for i, p := range got {
		if !strings.HasPrefix(p.Error(), want[i]) {
			t.Errorf("problem %d = %q, want prefix %q", i, p.Error(), want[i])
		}
	}
}
