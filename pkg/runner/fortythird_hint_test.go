package runner

import (
	"strings"
	"testing"

	simdriver "github.com/podlife/podlife/pkg/driver/sim"
	"github.com/podlife/podlife/steps"
)

// fortyThirdDrafts: the steps held-out sets 43 to 45 wrote, undefined
// then, each an alias of a phrase the language had (its nearest phrase
// then): each is one phrase now, of its kind, and its own hint.
var fortyThirdDrafts = []struct{ kind, step string }{
	// exits at T with code N
	{"Then", `container "httpd" exits with code 137 at 8s`},
	{"Then", `container "server" exits with code 0 at 5s`},
	// is still running at T
	{"Then", `container "ui" is running at 5s`},
	{"Then", `container "web" is running at 9s`},
	// starts between T and T
	{"Then", `container "fetch-config" starts at 0s`},
	{"Then", `container "server" starts at 4s`},
	// restart count
	{"Then", `container "download" has restartCount 2 within 20s`},
	{"Then", `container "task" has restartCount 4 between 70s and 80s`},
	// the first time, the second time
	{"Given", `container "download" exits with code 1 after 2s on its first 2 runs`},
	// phase is "P" and has reason "R"
	{"Then", `the pod "scratch" phase is "Failed" with reason "Evicted"`},
}

// fortyThirdVariants are the same phrases in the other words they take,
// each one phrase of its kind (their hints are not asked to be
// themselves).
var fortyThirdVariants = []struct{ kind, step string }{
	{"Then", `container "worker" restartCount is 2`},
	{"Then", `container "worker" has restartCount at most 2`},
	{"Then", `container "worker" restartCount is at least 1`},
	{"Given", `container "indexer" exits with code 1 after 1s on its first 2 starts`},
	{"Given", `container "indexer" exits with code 1 after 1s on its first 1 start`},
	{"Given", `container "worker" exits with code 1 after 2s the first 2 times`},
	{"Then", `the pod "scratch" has phase Failed with reason Evicted`},
}

func TestFortyThirdDraftsAreTheirPhrases(t *testing.T) {
	t.Parallel()
	checkDraftsAreTheirPhrases(t, fortyThirdDrafts)
	defs := steps.Definitions()
	for _, c := range fortyThirdVariants {
		phrase := onePhrase(t, defs, c.kind, c.step)
		if phrase == nil {
			continue
		}
		if kw, _ := exampleLine(phrase.Example); kw != c.kind {
			t.Errorf("%s %s is a %s phrase", c.kind, c.step, kw)
		}
	}
}

// TestNextRunIsTheOtherStarts: held-out set 44's `on its next run`, after
// `on its first 2 runs`, meant every other start; its hint is the
// container's own exit, not the phrase of its first N starts.
func TestNextRunIsTheOtherStarts(t *testing.T) {
	t.Parallel()
	v := newVocabulary(steps.Definitions())
	for _, step := range []string{
		`container "download" exits with code 0 after 2s on its next run`,
		`container "download" exits with code 0 after 2s on its later starts`,
	} {
		if got, want := v.hint(step, stepKind("Given"), true, nil), `container "download" exits with code 0 after 2s`; got != want {
			t.Errorf("Given %s: hint %s, want %s", step, got, want)
		}
	}
}

// TestLintRefusesFirstStartsThatAreNone: `on its first N runs` with N
// below 1, or with a start another step gives too, is a problem at the
// step's line; the draft's combination (two failures, then the
// container's own exit) is none.
func TestLintRefusesFirstStartsThatAreNone(t *testing.T) {
	t.Parallel()
	const feature = `Feature: first starts
  Scenario: three ways to give the first starts
    Given a pod "a"
    And container "app" of pod "a" exits with code 1 after 2s on its first 0 runs
    And a pod "b"
    And container "app" of pod "b" exits with code 1 after 2s the second time
    And container "app" of pod "b" exits with code 1 after 2s on its first 2 runs
    And a pod "c"
    And container "app" of pod "c" exits with code 1 after 2s the first 12 times
    And container "app" of pod "c" runs to completion after 1s the 12th time
    And a pod "d"
    And container "app" of pod "d" exits with code 1 after 2s on its first 2 runs
    And container "app" of pod "d" exits with code 0 after 2s
    When the pods are created
`
	_, scs, problems := ParseFeature("f.feature", []byte(feature))
	if len(problems) > 0 {
		t.Fatal(problems)
	}
	got := Lint(scs, simdriver.New())
	want := []string{
		`f.feature:4: container "app": its first 0 starts are none: say at least 1`,
		`f.feature:7: container "app": its second start is given twice`,
		`f.feature:10: container "app": its 12th start is given twice`,
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
