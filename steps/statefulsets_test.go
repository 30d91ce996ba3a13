package steps_test

import "testing"

// The StatefulSet phrases (held-out set 35;
// features/workloads/statefulsets.feature): OrderedReady's creation one
// by one, Parallel's at once, a scale down from the highest ordinal one
// pod at a time, a deleted pod created again under its name. Each
// scenario passes on the simulator; a copy with one step made false
// fails at that step (or, for a declaration or an action made another,
// at the expectations it falsifies).

const stsFeature = "../features/workloads/statefulsets.feature"

var stsFalseCopies = []falseCopy{
	// OrderedReady: quorum-1 is created only once quorum-0 is Ready (3s).
	{"a second pod said to exist before the first is Ready", 13,
		`the stateful set "quorum" has 1 pod at 2s`, `the stateful set "quorum" has 2 pods at 2s`, `2 active pods`, nil},
	{"the order of two pods' Ready said the other way", 13,
		`the pod "quorum-0" is Ready before the pod "quorum-1"`, `the pod "quorum-1" is Ready before the pod "quorum-0"`, `quorum-1`, nil},
	{"three pods created one by one said Ready within 8s (they are at 9s)", 13,
		`the stateful set "quorum" has 3 ready pods within 15s`, `the stateful set "quorum" has 3 ready pods within 8s`, `3 ready pods`, nil},
	{"the behaviour of the set's container made slower", 13,
		`container "app" of stateful set "quorum" becomes ready after 3s`, `container "app" of stateful set "quorum" becomes ready after 6s`, `Ready`, []int{17, 21}},
	// Parallel: all three at once; OrderedReady would not.
	{"a Parallel set said OrderedReady", 24,
		`podManagementPolicy: Parallel`, `podManagementPolicy: OrderedReady`, `3 active pods`, []int{32, 33}},
	{"a Parallel set said to have four pods", 24,
		`the stateful set "quorum" has 3 pods within 2s`, `the stateful set "quorum" has 4 pods within 2s`, `4 active pods`, nil},
	// Scale down: quorum-2 first, quorum-1 once it is gone, quorum-0 kept.
	{"the kept pod said terminated", 36,
		`the pod "quorum-0" never receives SIGTERM`, `the pod "quorum-1" never receives SIGTERM`, `SIGTERM`, nil},
	{"the second pod said signalled before the first is gone", 36,
		`container "app" of pod "quorum-1" does not receive SIGTERM before 2s`, `container "app" of pod "quorum-1" does not receive SIGTERM before 3s`, `SIGTERM`, nil},
	{"a set scaled to 1 said to keep 2 pods", 36,
		`the stateful set "quorum" has 1 pod`, `the stateful set "quorum" has 2 pods`, `2 active pods`, nil},
	{"the set scaled to 2 instead", 36,
		`the stateful set "quorum" is scaled to 1`, `the stateful set "quorum" is scaled to 2`, `quorum-1`, []int{46, 48}},
	// A deleted pod comes back under its name.
	{"the set said to have created no new pod", 51,
		`the stateful set "quorum" has created 3 pods`, `the stateful set "quorum" has created 2 pods`, `created 2 pods`, nil},
	{"one ready pod said at 5s", 51,
		`the stateful set "quorum" has 2 ready pods at 5s`, `the stateful set "quorum" has 1 ready pod at 5s`, `1 ready pod`, nil},
	// minReadySeconds: each pod waits for the one before to be available.
	{"a set without minReadySeconds makes its second pod at once", 87,
		`minReadySeconds: 2`, `minReadySeconds: 0`, `1 active pod`, []int{96}},
	{"the second pod said made within 1s", 87,
		`the stateful set "quorum" has 1 pod at 1s`, `the stateful set "quorum" has 2 pods at 1s`, `2 active pods`, nil},
	{"three ready pods said at the end", 51,
		`the stateful set "quorum" has 2 ready pods`, `the stateful set "quorum" has 3 ready pods`, `3 ready pods`, nil},
}

func TestStatefulSetPhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, stsFeature, stsFalseCopies)
}

// TestStatefulSetScenariosPass: the scenarios as written pass.
func TestStatefulSetScenariosPass(t *testing.T) {
	checkScenariosPass(t, stsFeature, 6)
}
