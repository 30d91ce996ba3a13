package steps

import "testing"

// fortyNinthDrafts are the steps issue 38's held-out sets 49 to 51 wrote,
// undefined then, as written (keyword left out; `Job "x"` and `StatefulSet
// "x"`, kubectl's kind names, said `job "x"` and `stateful set "x"`, which
// the language takes in other steps), each with the phrase it restates,
// which it parses to the same step as ("": a phrase of its own,
// steps/expect_wordings49.go, whose meaning the false copies of
// features/language/forty-ninth-drafts.feature show).
var fortyNinthDrafts = []struct{ draft, canonical string }{
	{`the job "crunch" is Complete within 10s`, `the job "crunch" has condition "Complete" "True" within 10s`},
	{`the job "render" is Complete within 30s`, `the job "render" has condition "Complete" "True" within 30s`},
	{`the job "render" is Failed within 1m`, `the job "render" has condition "Failed" "True" within 1m`},
	{`the job "crunch" is Complete`, `the job "crunch" has condition "Complete" "True"`},
	{`the job "index" is Complete between 19s and 23s`, ``},
	{`the job "index" is not Complete before 19s`, ``},
	{`the job "render" is not Complete before 6s`, ``},
	{`the job "render" is never Failed`, `the job "render" never fails`},
	{`the job "render" is never Complete`, ``},
	{`at most 2 pods of job "crunch" are running at any time`, ``},
	{`at most 2 pods of job "render" are running at any time`, `at most 2 pods of job "render" are running at all times`},
	{`the stateful set "store" is created`, ``},
	{`the daemon set "shipper" is created`, ``},
	{`1 pod of job "render" is Failed within 3s`, `the job "render" has 1 failed pod within 3s`},
	{`1 pod of job "render" is Failed`, `the job "render" has 1 failed pod`},
	{`3 pods of job "crunch" are Succeeded within 10s`, `the job "crunch" has 3 succeeded pods within 10s`},
	{`stateful set "ledger" is created`, `the stateful set "ledger" is created`},
	{`pod "store-1" is created after pod "store-0" is Ready`, ``},
	{`pod "store-2" is created after pod "store-1" is Ready`, ``},
	{`pod "store-1" is not created before pod "store-0" is Ready`, ``},
	{`pod "ledger-1" is never created`, `the pod "ledger-1" is never created`},
	{`pods are created in order "store-0", "store-1", "store-2"`, `the pods are created in this order: "store-0", "store-1", "store-2"`},
	{`container "db" keeps running`, `container "db" runs forever`},
	{`container "book" keeps running`, `container "book" runs forever`},
	{`the pod "ghost" has event "Failed" with message containing "Failed to pull image"`, `an event "Failed" with message containing "Failed to pull image" is recorded for pod "ghost"`},
	{`the pod "ghost" has event "BackOff" with message containing "Back-off pulling image"`, `an event "BackOff" with message containing "Back-off pulling image" is recorded for pod "ghost"`},
	{`the pod "worker" has event "Killing" with message containing "failed liveness probe, will be restarted"`, `an event "Killing" with message containing "failed liveness probe, will be restarted" is recorded for pod "worker"`},
	{`the pod "worker" has event "Unhealthy" with message containing "Liveness probe failed"`, `an event "Unhealthy" with message containing "Liveness probe failed" is recorded for pod "worker"`},
}

// TestFortyNinthDraftsAreTheirPhrases: each draft is one phrase and
// parses; one that restates a phrase parses to the step that phrase
// parses to.
func TestFortyNinthDraftsAreTheirPhrases(t *testing.T) { checkRestatements(t, fortyNinthDrafts) }
