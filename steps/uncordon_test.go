package steps_test

import "testing"

// `When node "x" is uncordoned` (features/disruptions/drain.feature): the
// pod that waited is bound once the node takes pods again; a copy that
// cordons the node again instead leaves it Pending, and the taint stays.
var uncordonFalseCopies = []falseCopy{
	{"the node cordoned again instead", 97,
		`node "worker-1" is uncordoned`, `node "worker-1" is cordoned`, `Running`, []int{107, 108}},
	{"the taint said to stay", 97,
		`has no taint "node.kubernetes.io/unschedulable:NoSchedule" within 5s`, `has taint "node.kubernetes.io/unschedulable:NoSchedule" within 5s`, `taint`, nil},
}

func TestUncordonCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/disruptions/drain.feature", uncordonFalseCopies)
}
