package steps_test

import "testing"

// In-place pod resize (features/resize/resize.feature; held-out set 36's
// `the cpu limit of container "worker" of pod "tuner" is resized to 1`).
// Each scenario passes on the simulator; a copy with one step made false
// fails at that step (or, for a declaration or an action made another,
// at the expectations it falsifies).

const resizeFeature = "../features/resize/resize.feature"

var resizeFalseCopies = []falseCopy{
	// The action: a resize the API server rejects fails the step with
	// its message, when no step expects the rejection.
	{"a cpu limit resized below its request", 17,
		`the cpu limit of container "worker" of pod "tuner" is resized to 1`, `the cpu limit of container "worker" of pod "tuner" is resized to 100m`,
		`must be less than or equal to cpu limit of 100m`, nil},
	{"a Guaranteed container's memory limit resized alone (its QoS class would change)", 48,
		`the memory request and limit of container "db" of pod "ledger" is resized to 512Mi`, `the memory limit of container "db" of pod "ledger" is resized to 512Mi`,
		`Pod QOS Class may not change as a result of resizing`, nil},
	// The container's status resources: read at the current time, and
	// within D.
	{"the limit said resized before the resize", 17,
		`container "worker" of pod "tuner" has cpu limit 500m`, `container "worker" of pod "tuner" has cpu limit 1`, `cpu limit 500m`, nil},
	{"the cpu limit said another value after the resize", 17,
		`container "worker" of pod "tuner" has cpu limit 1 within 5s`, `container "worker" of pod "tuner" has cpu limit 2 within 5s`, `cpu limit 1`, nil},
	{"the memory limit said changed by a cpu resize", 17,
		`container "worker" of pod "tuner" has memory limit 256Mi`, `container "worker" of pod "tuner" has memory limit 512Mi`, `memory limit 256Mi`, nil},
	{"the memory request said unchanged by the resize", 48,
		`container "db" of pod "ledger" has memory request 512Mi`, `container "db" of pod "ledger" has memory request 256Mi`, `memory request 512Mi`, nil},
	// The resize policy decides the restart.
	{"a RestartContainer cpu policy restarts the container", 17,
		`restartPolicy: NotRequired`, `restartPolicy: RestartContainer`, `got Restarted`, []int{42, 43}},
	{"the resized container said never restarted", 48,
		`container "metrics" of pod "ledger" is never restarted`, `container "db" of pod "ledger" is never restarted`, `got Restarted`, nil},
	// The API server's PodResizeValidator (1.36) refuses a resize beyond
	// the node's whole allocatable; one that fits is accepted and
	// allocated.
	{"a resize beyond the node said refused for memory", 87,
		`cpu, requested: 8000"`, `memory, requested: 8000"`, `allocatable resources: memory`, nil},
	{"a resize that fits said refused", 87,
		`cpu: "8"`, `cpu: "2"`, `rejected`, []int{111, 113, 114}},
	// A Deferred resize waits for room: allocated once a pod leaves.
	{"a Deferred resize said allocated with the node still full", 140,
		`When the pod "hog" is deleted`, `When 30 seconds pass`, `cpu limit 1`, []int{168, 169, 170}},
	// The API server's rejection, expected.
	{"the rejection said to have another message", 118,
		`is rejected with message containing "Pod QOS Class may not change as a result of resizing"`, `is rejected with message containing "must be less than or equal to"`, `Pod QOS Class may not change`, nil},
	{"a resize that keeps the QoS class said rejected", 118,
		`the memory limit of container "db" of pod "ledger" is resized to 512Mi`, `the memory request and limit of container "db" of pod "ledger" is resized to 512Mi`,
		`accepted`, []int{134, 136}},
}

func TestResizePhrasesCanFail(t *testing.T) {
	checkFalseCopies(t, resizeFeature, resizeFalseCopies)
}

// TestResizeScenariosPass: the scenarios as written pass.
func TestResizeScenariosPass(t *testing.T) {
	checkScenariosPass(t, resizeFeature, 5)
}
