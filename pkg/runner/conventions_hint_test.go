package runner

import (
	"testing"

	"github.com/podlife/podlife/steps"
)

// draftsOfTheConventions were first drafts (TestHintsFindThePhraseMeant)
// until issue 38's held-out set 45 made them phrases: `pod "x"` for `the
// pod "x"` (a job's, a deployment's), a pod's state in lower case. Each is
// now the phrase its spelling with the article and the state capitalised
// is, and parses as it does.
var draftsOfTheConventions = []struct{ kind, step, same string }{
	{"When", `the pod "api" is running`, `the pod "api" is Running`},
	{"When", `the pod "api" is ready`, `the pod "api" is Ready`},
	{"Then", `the pod "api" is ready`, `the pod "api" is Ready`},
	{"Then", `pod "api" is Running`, `the pod "api" is Running`},
	{"Given", `the pod "web" is running`, `the pod "web" is Running`},
	{"Then", `job "batch" has 1 active pod at 5s`, `the job "batch" has 1 active pod at 5s`},
	{"Then", `job "batch" has 3 failed pods between 10s and 20s`, `the job "batch" has 3 failed pods between 10s and 20s`},
	{"Then", `job "x" has no active pods`, `the job "x" has no active pods`},
	{"When", `deployment "api" becomes available`, `the deployment "api" becomes available`},
	{"Then", `pod "web" exits with code 3`, `the pod "web" exits with code 3`},
	{"Then", `job "batch" never has more than 3 active pods`, `the job "batch" never has more than 3 active pods`},
}

func TestDraftsOfTheConventionsAreTheirPhrases(t *testing.T) {
	t.Parallel()
	defs := steps.Definitions()
	one := func(text string) int {
		found := -1
		for i, d := range defs {
			if d.Matches(text) {
				if found >= 0 {
					t.Errorf("%q matches %s and %s", text, defs[found].Pattern, d.Pattern)
				}
				found = i
			}
		}
		return found
	}
	for _, c := range draftsOfTheConventions {
		i, j := one(c.step), one(c.same)
		if i < 0 || i != j {
			t.Errorf("%s %s: phrase %d, want %d, the phrase of %q", c.kind, c.step, i, j, c.same)
			continue
		}
		_, err := defs[i].Parse(c.step, steps.Arg{})
		_, want := defs[i].Parse(c.same, steps.Arg{})
		if (err == nil) != (want == nil) || err != nil && err.Error() != want.Error() {
			t.Errorf("%s %s: parses with %v, %q with %v", c.kind, c.step, err, c.same, want)
		}
	}
}
