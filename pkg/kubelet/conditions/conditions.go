// Package conditions orders a pod's conditions as they follow from one
// another, for the drivers that record a status write's changes: the
// simulator and the live observer record them in that order, since
// docs/language.md promises that of two events at one instant the cause
// comes first, and the API's list (Ready before ContainersReady,
// generateAPIPodStatus in pkg/kubelet/kubelet_pods.go, v1.36.3) is not an
// order of events.
package conditions

import corev1 "k8s.io/api/core/v1"

// Rank places a condition among those it derives from (pkg/kubelet/status
// generate.go, v1.36.3): Initialized follows the init containers,
// ContainersReady the containers' readiness, Ready ContainersReady and
// the readiness gates. The kubelet's own come in that order; the others
// (DisruptionTarget, a readiness gate's) after them.
func Rank(t corev1.PodConditionType) int {
	switch t {
	case corev1.PodScheduled:
		return 0
	case corev1.PodReadyToStartContainers:
		return 1
	case corev1.PodInitialized:
		return 2
	case corev1.ContainersReady:
		return 3
	case corev1.PodReady:
		return 4
	}
	return 5
}

// Stage says which of a pod's containers a condition follows from, so
// that a write's changes are recorded cause first: Before the containers
// (PodScheduled, PodReadyToStartContainers: the sandbox's), AfterInit
// (Initialized, which follows the init containers), AfterAll (the others:
// ContainersReady follows the regular containers, Ready ContainersReady).
func Stage(t corev1.PodConditionType) int {
	switch r := Rank(t); {
	case r < Rank(corev1.PodInitialized):
		return Before
	case r == Rank(corev1.PodInitialized):
		return AfterInit
	}
	return AfterAll
}

// The stages of Stage.
const (
	Before = iota
	AfterInit
	AfterAll
)
