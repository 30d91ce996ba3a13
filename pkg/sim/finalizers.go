package sim

import (
	"fmt"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// A pod's metadata.finalizers, as a client declares and removes them.
//
// What the API server does with a pod that carries finalizers is in
// api.go: a delete persists deletionTimestamp and the grace period
// whatever the finalizers (the pod strategy's CheckGracefulDelete, then
// updateForGracefulDeletionAndFinalizers); the kubelet's final delete
// (grace 0, status_manager.go syncPod once canBeDeleted) leaves the pod
// stored, Terminating, while a finalizer is left (removeUnlessFinalized);
// the update that removes the last one removes the pod
// (ShouldDeleteDuringUpdate, removeFinalizer).

// RemovePodFinalizer is a client's patch of a pod's metadata.finalizers
// that drops finalizer, as the controller that put it there does once its
// clean-up is done. The store's Update
// (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go,
// v1.36.3) removes a pod left with no finalizer whose deletion is over
// (ShouldDeleteDuringUpdate: deletionTimestamp set, deletionGracePeriodSeconds
// 0, which the kubelet's final delete wrote); a pod still in its grace
// period, or not being deleted, only loses the finalizer (a MODIFIED
// event) and goes, if deleted, at the kubelet's final delete. A finalizer
// the pod does not carry is an error: the step meant another, or a
// removal made twice.
func (s *Simulator) RemovePodFinalizer(name, finalizer string) error {
	p := s.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	if !slices.Contains(p.Finalizers, finalizer) {
		if len(p.Finalizers) == 0 {
			return fmt.Errorf("pod %q carries no finalizer (its metadata.finalizers is empty): there is no %q to remove", name, finalizer)
		}
		return fmt.Errorf("pod %q does not carry the finalizer %q (its metadata.finalizers: %s)", name, finalizer, strings.Join(p.Finalizers, ", "))
	}
	s.api.removeFinalizer(p, finalizer)
	return nil
}

// validateFinalizers is the finalizers' part of the pod's metadata
// validation at create (ValidateObjectMeta, pkg/apis/core/validation/
// validation.go, v1.36.3): each a qualified name
// (ValidateFinalizerName, k8s.io/apimachinery/pkg/api/validation/
// objectmeta.go), and one without a prefix a standard one
// (validateKubeFinalizerName, helper.IsStandardFinalizerName);
// orphan and foregroundDeletion never together (ValidateFinalizers).
func validateFinalizers(p *corev1.Pod) field.ErrorList {
	if len(p.Finalizers) == 0 {
		return nil
	}
	var errs field.ErrorList
	path := field.NewPath("metadata", "finalizers")
	for i, f := range p.Finalizers {
		for _, msg := range validation.IsQualifiedName(f) {
			errs = append(errs, field.Invalid(path, f, msg))
		}
		if !strings.Contains(f, "/") && !standardFinalizer(f) {
			errs = append(errs, field.Invalid(path.Index(i), f, "name is neither a standard finalizer name nor is it fully qualified"))
		}
	}
	if slices.Contains(p.Finalizers, metav1.FinalizerOrphanDependents) && slices.Contains(p.Finalizers, metav1.FinalizerDeleteDependents) {
		errs = append(errs, field.Invalid(path, p.Finalizers, fmt.Sprintf("finalizer %s and %s cannot be both set", metav1.FinalizerOrphanDependents, metav1.FinalizerDeleteDependents)))
	}
	return errs
}

// standardFinalizer is helper.IsStandardFinalizerName
// (pkg/apis/core/helper/helpers.go): "kubernetes", "orphan",
// "foregroundDeletion".
func standardFinalizer(f string) bool {
	return f == string(corev1.FinalizerKubernetes) || f == metav1.FinalizerOrphanDependents || f == metav1.FinalizerDeleteDependents
}
