package sim

import (
	"time"

	corev1 "k8s.io/api/core/v1"
)

// Kubelet-initiated kills: eviction and the critical-pod admission
// preemption send the pod worker a SyncPodKill with a grace override and a
// status function (pkg/kubelet/pod_workers.go killPodNow, KillPodOptions;
// kubelet.go SyncTerminatingPod applies podStatusFn to the status it
// publishes before killing).

// killStatus is what the status function writes: phase Failed, a reason,
// a message and, when set, a condition (DisruptionTarget).
type killStatus struct {
	reason, message string
	condition       *corev1.PodCondition
	at              time.Duration
}

// apply is the status manager's cached status merged into a
// freshly generated one (generateAPIPodStatus): the kill's phase, reason
// and message hold while the recomputed phase is not Succeeded; the
// DisruptionTarget condition is always carried over. A pod whose
// containers all exited 0 is recomputed Succeeded and loses the reason
// (lifecycle-facts §9.5, edge case).
func (ks *killStatus) apply(e *env, st *corev1.PodStatus) {
	if ks == nil {
		return
	}
	if ks.condition != nil {
		c := *ks.condition
		c.LastTransitionTime = e.wall(ks.at)
		setPodCondition(st, c)
	}
	if st.Phase == corev1.PodSucceeded {
		return
	}
	st.Phase = corev1.PodFailed
	st.Reason, st.Message = ks.reason, ks.message
}
