package steps_test

import "testing"

// features/language/ninety-fifth-drafts.feature: a crash loop's restart
// said in a window it does not come in, after its first exit and after
// its second; the node not under pressure said tainted.
var ninetyFifthFalseCopies = []falseCopy{
	{"the first restart said to wait", 11,
		`is restarted between 0s and 2s after its first exit`, `is restarted between 3s and 9s after its first exit`, `restart`, nil},
	{"the second restart said without its back-off", 11,
		`is restarted between 10s and 16s after its second exit`, `is restarted between 0s and 9s after its second exit`, `restart`, nil},
	{"the node without pressure said tainted", 24,
		`And node "worker-2" has no taint "node.kubernetes.io/memory-pressure:NoSchedule"`, `And node "worker-2" gets taint "node.kubernetes.io/memory-pressure:NoSchedule" between 0s and 60s`, `Taint`, nil},
}

func TestNinetyFifthDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/ninety-fifth-drafts.feature", ninetyFifthFalseCopies)
}
