package steps_test

import "testing"

// features/language/eighty-sixth-drafts.feature: an OOM kill said a
// second off, or its window moved past it; a phase the pod never reached,
// or reached later than said; the spec's grace period for the one the
// delete stored; a toleration the API server did not give.
var eightySixthFalseCopies = []falseCopy{
	{"the OOM kill said a second early", 12,
		`is OOMKilled at 5s`, `is OOMKilled at 4s`, `OOMKilled`, nil},
	{"the OOM kill's window after it", 12,
		`is OOMKilled between 4.5s and 5.5s`, `is OOMKilled between 6s and 8s`, `OOMKilled`, nil},
	{"the OOM kill's deadline before it", 12,
		`of pod "cache" is OOMKilled within 6s`, `of pod "cache" is OOMKilled within 4s`, `OOMKilled`, nil},
	{"the phase it never reached", 12,
		`reaches phase "Failed"`, `reaches phase "Succeeded"`, `Succeeded`, nil},
	{"the phase reached by a time before it", 12,
		`enters phase "Failed" within 7s`, `enters phase "Failed" within 4s`, `Failed`, nil},
	{"the spec's grace period for the delete's", 37,
		`has deletionGracePeriodSeconds 5`, `has deletionGracePeriodSeconds 60`, `deletionGracePeriodSeconds 5`, nil},
	{"the phase of a failed container", 37,
		`reaches phase "Succeeded"`, `reaches phase "Failed"`, `Failed`, nil},
	{"the phase said reached at the delete", 37,
		`reaches phase "Succeeded" within 4s`, `reaches phase "Succeeded" within 0s`, `Succeeded`, nil},
	{"the plugin's 300 s said of the toleration the pod has", 58,
		`has toleration "node.kubernetes.io/not-ready:NoExecute" for 60s`, `has toleration "node.kubernetes.io/not-ready:NoExecute" for 300s`, `for 60s`, nil},
	{"the unreachable toleration said a second longer", 58,
		`has toleration "node.kubernetes.io/unreachable:NoExecute" for 300s`, `has toleration "node.kubernetes.io/unreachable:NoExecute" for 301s`, `for 300s`, nil},
	{"a taint the pod does not tolerate", 58,
		`has toleration "node.kubernetes.io/unreachable:NoExecute"`, `has toleration "node.kubernetes.io/memory-pressure:NoExecute"`, `memory-pressure`, nil},
}

func TestEightySixthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/eighty-sixth-drafts.feature", eightySixthFalseCopies)
}
