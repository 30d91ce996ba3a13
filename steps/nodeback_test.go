package steps_test

import "testing"

// features/nodes/node-back.feature: a node back said still lost, its pod
// still not ready or restarted; a pod deleted meanwhile said killed
// without its grace, or failed before its kubelet came back.
var nodeBackFalseCopies = []falseCopy{
	{"the node said still Unknown once back", 15,
		`node "worker-1" has condition "Ready" "True"`, `node "worker-1" has condition "Ready" "Unknown"`, `Unknown`, nil},
	{"the pod said still not ready once its node is back", 15,
		`the pod "web" has condition "Ready" "True"`, `the pod "web" has condition "Ready" "False"`, `False`, nil},
	{"the container said restarted by the return", 15,
		`has restart count 0`, `has restart count 1`, `restartCount 1`, nil},
	{"the deleted pod said killed at once", 30,
		`exits with code 143`, `exits with code 137`, `137`, nil},
	{"the deleted pod said already failed while its node was lost", 30,
		`phase is "Running"`, `phase is "Failed"`, `Failed`, nil},
}

func TestNodeBackCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/nodes/node-back.feature", nodeBackFalseCopies)
}
