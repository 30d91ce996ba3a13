package steps

import (
	"reflect"
	"testing"
)

// fortySixthDrafts are the steps issue 38's held-out sets 46 to 48 wrote,
// undefined then, as written (keyword left out), each with the phrase it
// restates, which it parses to the same step as ("": a phrase of its own,
// steps/expect_wordings46.go, whose meaning the false copies of
// features/language/forty-sixth-drafts.feature show).
var fortySixthDrafts = []struct{ draft, canonical string }{
	{`container "filler" exits with code 137 within 5s`, ``},
	{`container "job" exits with code 0 within 6s`, ``},
	{`container "flaky" exits with code 1 within 5s`, ``},
	{`container "filler" terminated with reason "OOMKilled"`, ``},
	{`container "job" terminated with reason "Completed"`, ``},
	{`container "writer" terminated with reason "Error"`, ``},
	{`the pod "once" shows STATUS "Completed"`, `the pod "once" shows status "Completed"`},
	{`the pod "reporter" shows STATUS "Error"`, `the pod "reporter" shows status "Error"`},
	{`the pod "leaky" shows STATUS "OOMKilled" within 5s`, `the pod "leaky" shows status "OOMKilled" within 5s`},
	{`the pod "leaky" shows STATUS "CrashLoopBackOff" within 40s`, `the pod "leaky" shows status "CrashLoopBackOff" within 40s`},
	{`the pod "web" shows STATUS "Terminating" at 0s`, `the pod "web" shows status "Terminating" at 0s`},
	{`the pod "web" shows STATUS "Error" between 1s and 2s`, `the pod "web" shows status "Error" between 1s and 2s`},
	{`the pod "once" shows RESTARTS 0`, `the pod "once" shows 0 restarts`},
	{`the pod "cache" shows RESTARTS 1`, `the pod "cache" shows 1 restart`},
	{`the pod "leaky" shows RESTARTS 2 within 60s`, `the pod "leaky" shows 2 restarts within 60s`},
	{`2 pods of deployment "billing" are Ready`, `the deployment "billing" has 2 ready pods`},
	{`3 pods of deployment "catalog" are Ready`, `the deployment "catalog" has 3 ready pods`},
	{`3 pods of deployment "cart" are Ready within 1m`, `the deployment "cart" has 3 ready pods within 1m`},
	{`a PodDisruptionBudget "cart-pdb" with minAvailable 2 for deployment "cart"`, ``},
	{`a PodDisruptionBudget "billing-pdb" with maxUnavailable 0 for deployment "billing"`, ``},
	{`the pod "quick" is marked for deletion between 75s and 90s`, ``},
	{`the pod "ledger" is marked for deletion between 340s and 360s`, ``},
	{`the pod "probe" is marked for deletion within 5s`, ``},
	{`the pod "visitor" is marked for deletion at 20s`, ``},
	{`the pod "ledger" is not marked for deletion at 300s`, `the pod "ledger" is not Terminating before 300s`},
	{`the pod "patient" is not marked for deletion at 90s`, `the pod "patient" is not Terminating before 90s`},
	{`the pod "anchor" is never marked for deletion within 600s`, `the pod "anchor" is not Terminating before 600s`},
	{`the pod "resident" is never marked for deletion`, `the pod "resident" is never deleted`},
	{`the deployment "catalog" is rolled out`, `the deployment "catalog" is restarted`},
	{`at least 3 pods of deployment "catalog" are Ready throughout the rollout`, `at least 3 pods of deployment "catalog" are Ready at all times`},
	{`at least 2 pods of deployment "cart" are Ready throughout the drain`, `at least 2 pods of deployment "cart" are Ready at all times`},
	{`at least 2 pods of deployment "cart" are Ready throughout the scenario`, `at least 2 pods of deployment "cart" are Ready at all times`},
	{`at most 4 pods of deployment "catalog" exist throughout the rollout`, `at most 4 pods of deployment "catalog" are alive at all times`},
	{`at most 5 pods of deployment "media" exist throughout the rollout`, `at most 5 pods of deployment "media" are alive at all times`},
	{`at most 4 pods of deployment "catalog" exist at all times`, `at most 4 pods of deployment "catalog" are alive at all times`},
	{`at most 4 pods of deployment "web" are active throughout the rollout`, `at most 4 pods of deployment "web" are active at all times`},
	{`at most 1 pod of deployment "web" is unavailable throughout`, `at most 1 pod of deployment "web" is unavailable at all times`},
	{`at least 2 pods of replica set "web" are Ready throughout the drain`, `at least 2 pods of replica set "web" are Ready at all times`},
}

// TestFortySixthDraftsAreTheirPhrases: each draft is one phrase and
// parses; one that restates a phrase parses to the step that phrase
// parses to.
func TestFortySixthDraftsAreTheirPhrases(t *testing.T) { checkRestatements(t, fortySixthDrafts) }

// checkRestatements: each draft is one phrase and parses; one with a
// canonical text (a phrase it restates) parses to the step that text
// parses to.
func checkRestatements(t *testing.T, drafts []struct{ draft, canonical string }) {
	t.Helper()
	defs := Definitions()
	one := func(text string) (Step, bool) {
		m := matching(defs, text)
		if len(m) != 1 {
			t.Errorf("%q matches %v, want one phrase", text, patternsOf(defs, m))
			return nil, false
		}
		s, err := defs[m[0]].Parse(text, Arg{})
		if err != nil {
			t.Errorf("%q: %v", text, err)
			return nil, false
		}
		return s, true
	}
	for _, c := range drafts {
		got, ok := one(c.draft)
		if !ok || c.canonical == "" {
			continue
		}
		want, ok := one(c.canonical)
		if !ok {
			continue
		}
		if g, w := deep(reflect.ValueOf(got)), deep(reflect.ValueOf(want)); g != w {
			t.Errorf("%q is %s, want %q's %s", c.draft, g, c.canonical, w)
		}
	}
}
