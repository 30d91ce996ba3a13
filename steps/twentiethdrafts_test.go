package steps_test

import "testing"

// The phrases of issue 38's held-out set 25
// (features/language/twentieth-drafts.feature): a node labelled, or a
// label taken off it, while the scenario runs. Each scenario there
// passes on the simulator; a copy with one step made false fails at that
// step (or, for an action made another, at the expectations it falsifies).

const twentiethDrafts = "../features/language/twentieth-drafts.feature"

var twentiethFalseCopies = []falseCopy{
	// The node labelled with a value the pod does not select: it stays
	// unschedulable.
	{"a node labelled with another value than the pod selects", 8,
		`the node "worker-1" is labelled "disktype=ssd"`, `the node "worker-1" is labelled "disktype=hdd"`, `scheduled`, []int{27, 28}},
	{"a pod waiting on its nodeSelector said Running", 8,
		`the pod "db" is Pending`, `the pod "db" is Running`, `Running`, nil},
	// A label that makes the node match: the pod is scheduled.
	{"the label the pod selects added", 31,
		`the label "zone=a" is added to node "worker-1"`, `the label "disktype=ssd" is added to node "worker-1"`, `Pending`, []int{46}},
	{"the node declared with the label the pod selects", 31,
		`a node "worker-1" with label "disktype=hdd"`, `a node "worker-1" with label "disktype=ssd"`, `Pending`, []int{46, 47}},
	// The scheduler's queueing hint skips the pod: no second attempt.
	{"an unschedulable pod said tried again for a label it does not select", 31,
		`an event "FailedScheduling" is recorded for pod "db" 1 time`, `an event "FailedScheduling" is recorded for pod "db" 2 times`, `2 times`, nil},
	// A label removed by key=value with another value than the node's.
	{"a label removed with another value than the node's", 50,
		`the label "disktype" is removed from node "worker-1"`, `the label "disktype=hdd" is removed from node "worker-1"`, `disktype=ssd`, nil},
	{"a label that was never there removed", 50,
		`the label "disktype" is removed from node "worker-1"`, `the label "zone" is removed from node "worker-1"`, `no label "zone"`, nil},
	// IgnoredDuringExecution: the pod is not evicted.
	{"a pod said gone once its node's label is removed", 50,
		`the pod "db" stays Running for 1m`, `the pod "db" is gone within 1m`, `gone`, nil},
}

func TestTwentiethDraftPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, twentiethDrafts, twentiethFalseCopies)
}

// TestTwentiethDraftScenariosPass: the scenarios as written pass.
func TestTwentiethDraftScenariosPass(t *testing.T) {
	checkScenariosPass(t, twentiethDrafts, 3)
}
