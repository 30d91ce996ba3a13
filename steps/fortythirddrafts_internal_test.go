package steps

import (
	"slices"
	"testing"
)

// fortyThirdDrafts are the steps issue 38's held-out set 45 wrote that
// were undefined only for the article (`pod "x"` for `the pod "x"`) or a
// pod state in lower case, as written (keyword left out), each with the
// phrase's own spelling; then the conventions' examples in
// docs/language.md.
var fortyThirdDrafts = []struct{ draft, canonical string }{
	{`the pod "node-agent" is running`, `the pod "node-agent" is Running`},
	{`pod "batch-job" is evicted within 20s`, `the pod "batch-job" is evicted within 20s`},
	{`pod "node-agent" is never evicted`, `the pod "node-agent" is never evicted`},
	{`pod "sweeper" is evicted within 20s`, `the pod "sweeper" is evicted within 20s`},
	{`pod "indexer" is never evicted`, `the pod "indexer" is never evicted`},
	{`the pod "catalog" is running`, `the pod "catalog" is Running`},
	{`pod "catalog" shows 1 restart`, `the pod "catalog" shows 1 restart`},
	{`pod "pricing" shows 3 restarts within 120s`, `the pod "pricing" shows 3 restarts within 120s`},
	{`pod "pricing" shows status "CrashLoopBackOff"`, `the pod "pricing" shows status "CrashLoopBackOff"`},
	{`pod "scratch" is evicted within 20s`, `the pod "scratch" is evicted within 20s`},
	{`pod "scratch" is evicted before pod "cache"`, `the pod "scratch" is evicted before the pod "cache"`},
	{`pod "payments" is never evicted`, `the pod "payments" is never evicted`},
	{`pod "cache" is evicted within 40s`, `the pod "cache" is evicted within 40s`},
	{`the pod "report-builder" is running`, `the pod "report-builder" is Running`},
	{`pod "checkout" is Pending`, `the pod "checkout" is Pending`},
	{`pod "checkout" is running within 15s`, `the pod "checkout" is Running within 15s`},
	{`the pod "first-come" is running`, `the pod "first-come" is Running`},
	{`pod "second-come" is still Pending at 60s`, `the pod "second-come" is still Pending at 60s`},
	{`pod "ledger" becomes Ready between 75s and 90s`, `the pod "ledger" becomes Ready between 75s and 90s`},
	{`pod "ledger" shows 0 restarts`, `the pod "ledger" shows 0 restarts`},
	{`pod "invoices" shows 1 restart`, `the pod "invoices" shows 1 restart`},
	{`pod "invoices" never becomes Ready`, `the pod "invoices" never becomes Ready`},
	// The conventions' examples.
	{`kubectl shows pod "web" as Running`, `kubectl shows the pod "web" as Running`},
	{`job "nightly" fails within 2m`, `the job "nightly" fails within 2m`},
	{`the pod "web" is never terminating`, `the pod "web" is never Terminating`},
	{`the pod "web" becomes not ready at 6s`, `the pod "web" becomes NotReady at 6s`},
	{`pod "web" becomes ready within 10s`, `the pod "web" becomes Ready within 10s`},
	{`pod "web" is not ready`, `the pod "web" is not Ready`},
	{`pod "web" is notready`, `the pod "web" is NotReady`},
	{`pod "web" is pending at 60s`, `the pod "web" is Pending at 60s`},
	{`pod "web" is succeeded between 5s and 8s`, `the pod "web" is Succeeded between 5s and 8s`},
	{`pod "web" stays not ready for 5s`, `the pod "web" stays NotReady for 5s`},
	{`pod "web" phase is "failed" within 5s`, `the pod "web" phase is "Failed" within 5s`},
	{`pod "a" is ready before pod "b"`, `the pod "a" is Ready before the pod "b"`},
	{`2 pods of replica set "web" are ready`, `2 pods of replica set "web" are Ready`},
	{`deployment "api" has 2 ready replicas`, `the deployment "api" has 2 ready replicas`},
	{`stateful set "db" has 3 ready pods within 1m`, `the stateful set "db" has 3 ready pods within 1m`},
	{`daemon set "agent" has 1 pod on node "worker-2"`, `the daemon set "agent" has 1 pod on node "worker-2"`},
	{`replica set "web" has created 3 pods`, `the replica set "web" has created 3 pods`},
}

// TestFortyThirdDraftsAreTheirPhrases: each draft is one phrase, the one
// its canonical spelling is, and parses to the same step.
func TestFortyThirdDraftsAreTheirPhrases(t *testing.T) {
	defs := Definitions()
	for _, c := range fortyThirdDrafts {
		want := matching(defs, c.canonical)
		if len(want) != 1 {
			t.Errorf("%q matches %v, want one phrase", c.canonical, patternsOf(defs, want))
			continue
		}
		if got := matching(defs, c.draft); !slices.Equal(got, want) {
			t.Errorf("%q matches %v, want %s", c.draft, patternsOf(defs, got), defs[want[0]].Pattern)
			continue
		}
		if err := sameStep(defs[want[0]], c.canonical, c.draft); err != nil {
			t.Errorf("%q: %v", c.draft, err)
		}
	}
}
