package steps_test

import "testing"

// features/language/eighty-second-drafts.feature: a node's condition
// never taken fails on a copy naming the status the node took (its
// pressure) or the one it had from the start (DiskPressure False).
var eightySecondFalseCopies = []falseCopy{
	{"the pressure it took said never taken", 10,
		`never has condition "DiskPressure" "True"`, `never has condition "MemoryPressure" "True"`, `MemoryPressure=True`, nil},
	{"the status it had from the start said never had", 10,
		`never has condition "PIDPressure" "True"`, `never has condition "PIDPressure" "False"`, `PIDPressure=False`, nil},
	// Read right after the drop, before the eviction manager's pass, the
	// node has no pressure yet: the timeline's later change fails it.
	{"the pressure said never to come, read before it came", 10,
		`has condition "MemoryPressure" "True" within 30s`, `never has condition "MemoryPressure" "True"`, `never`, nil},
	// A node's events: another kind of pressure's event, a count it did
	// not reach, the event it had said absent, a message it lacks.
	{"the disk's event said recorded", 22,
		`an event "NodeHasInsufficientMemory" is recorded for node "worker-1"`, `an event "NodeHasDiskPressure" is recorded for node "worker-1"`, `NodeHasDiskPressure`, nil},
	{"the threshold event said recorded five times", 22,
		`an event "EvictionThresholdMet" is recorded for node "worker-1" within 30s`, `an event "EvictionThresholdMet" is recorded for node "worker-1" 5 times within 30s`, `5 times`, nil},
	{"the memory event said absent", 22,
		`no event "NodeHasDiskPressure" is recorded for node "worker-1"`, `no event "NodeHasInsufficientMemory" is recorded for node "worker-1"`, `NodeHasInsufficientMemory`, nil},
	{"a message the event lacks", 22,
		`with message containing "memory"`, `with message containing "disk"`, `disk`, nil},
}

func TestEightySecondDraftsCanFail(t *testing.T) {
	checkFalseCopies(t, "../features/language/eighty-second-drafts.feature", eightySecondFalseCopies)
}
