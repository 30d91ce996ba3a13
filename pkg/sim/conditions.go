package sim

import (
	corev1 "k8s.io/api/core/v1"
)

// The kubelet's side of pod conditions other components write (readiness
// gates): HandlePodReconcile (pkg/kubelet/kubelet.go) and the status
// manager's readiness reconcile (pkg/kubelet/status/status_manager.go,
// v1.36.3). A client sets such a condition through the Simulator
// (SetPodCondition, sim.go).

// podStatusChanged is HandlePodReconcile (pkg/kubelet/kubelet.go) for a
// status someone else wrote: the pod worker syncs when the pod's Ready
// condition no longer says what its readiness gates and containers make
// it (status.NeedToReconcilePodReadiness, pkg/kubelet/status/generate.go).
func (k *kubelet) podStatusChanged(p *corev1.Pod) {
	w := k.workers[p.UID]
	if w == nil || k.api.pod(p.Name) != p {
		return
	}
	if k.status.needsReadinessReconcile(w.pod, &p.Status) {
		w.queueSync()
	}
}

// needsReadinessReconcile is NeedToReconcilePodReadiness: the pod has
// readiness gates and a Ready condition whose status or message differs
// from the one GeneratePodReadyCondition makes of st.
func (m *statusManager) needsReadinessReconcile(pod *corev1.Pod, st *corev1.PodStatus) bool {
	if len(pod.Spec.ReadinessGates) == 0 {
		return false
	}
	var cur *corev1.PodCondition
	for i := range st.Conditions {
		if st.Conditions[i].Type == corev1.PodReady {
			cur = &st.Conditions[i]
		}
	}
	if cur == nil {
		return false
	}
	if len(st.InitContainerStatuses) != len(pod.Spec.InitContainers) {
		return true // no status of the kubelet's yet to compare with: a sync writes one
	}
	want := m.readyCondition(pod, m.containersReadyCondition(pod, st), st.Conditions)
	return cur.Status != want.Status || cur.Message != want.Message
}
