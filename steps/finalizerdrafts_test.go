package steps_test

import "testing"

// The phrase of held-out set 41 (features/termination/finalizers.feature):
// a pod's finalizer removed by the scenario. Each scenario there passes on
// the simulator; a copy with one step made false fails at that step (or,
// for an action made another, at the expectations it falsifies).

const finalizerScenarios = "../features/termination/finalizers.feature"

var finalizerFalseCopies = []falseCopy{
	// The finalizer never removed: the pod stays Terminating.
	{"a pod whose finalizer was not removed said gone", 17,
		`the finalizer "example.com/cleanup" is removed from the pod "web"`, `1s passes`, `gone`, []int{33}},
	// Two finalizers, one removed: the other still holds it.
	{"a pod with a finalizer left said gone", 17,
		`finalizers: [example.com/cleanup]`, `finalizers: [example.com/cleanup, example.com/audit]`, `gone`, []int{33}},
	// A finalizer the pod does not carry: an error at the step.
	{"a finalizer the pod does not carry removed", 17,
		`the finalizer "example.com/cleanup" is removed from the pod "web"`, `the finalizer "example.com/audit" is removed from the pod "web"`, `does not carry the finalizer "example.com/audit"`, nil},
	// No finalizer at all: nothing holds the pod, which is gone at once.
	{"a pod without a finalizer said held", 17,
		`finalizers: [example.com/cleanup]`, `finalizers: []`, `gone`, []int{30, 31}},
	// The removal left out before the delete: the delete is held.
	{"a delete held by a finalizer not removed said to go at once", 36,
		`the finalizer "example.com/cleanup" is removed from pod "web"`, `1s passes`, `gone`, []int{52}},
}

func TestFinalizerPhraseCanFail(t *testing.T) {
	checkFalseCopies(t, finalizerScenarios, finalizerFalseCopies)
}

// TestFinalizerScenariosPass: the scenarios as written pass.
func TestFinalizerScenariosPass(t *testing.T) {
	checkScenariosPass(t, finalizerScenarios, 2)
}
