package sim

import (
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/validation"
)

// SetPodCondition sets a condition of a pod's status as a controller does,
// by a patch of the pod's status subresource (a load balancer controller
// setting its readiness gate's condition). The API server stores it; the
// kubelet, which keeps the conditions it does not own as the API has them
// (generateAPIPodStatus, pkg/kubelet/kubelet_pods.go), hears of the change
// through its watch and reconciles the pod's Ready condition with it.
//
// The condition's lastTransitionTime is kept while its status does not
// change, else set to now, as controllers do (the API server itself does
// not set it).
func (s *Simulator) SetPodCondition(name string, c corev1.PodCondition) error {
	p := s.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	if isMirrorPod(p) {
		return fmt.Errorf("pod %q is a mirror pod: its status is its kubelet's", name)
	}
	if kubeletOwned(c.Type) {
		return fmt.Errorf("condition %s of pod %q is the kubelet's own", c.Type, name)
	}
	// ValidatePodStatusUpdate: a condition type is a qualified name, its
	// status one of three.
	if errs := validation.IsQualifiedName(string(c.Type)); len(errs) > 0 {
		return fmt.Errorf("condition type %q: %s", c.Type, strings.Join(errs, "; "))
	}
	switch c.Status {
	case corev1.ConditionTrue, corev1.ConditionFalse, corev1.ConditionUnknown:
	default:
		return fmt.Errorf("condition %s: status %q is not True, False or Unknown", c.Type, c.Status)
	}
	st := p.Status
	c.LastTransitionTime = transitionTime(&st, c, s.wall(s.now))
	setPodCondition(&st, c) // a new list: the stored one is shared
	s.api.updatePodStatus(name, p.UID, st)
	if k := s.byNode[p.Spec.NodeName]; k != nil && !k.down {
		s.soon(func() { k.podStatusChanged(p) })
	}
	return nil
}

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
