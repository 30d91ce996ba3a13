package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"

	"github.com/podlife/podlife/pkg/driver"
)

var _ driver.PodFinalizerRemover = (*session)(nil)

// RemoveFinalizer is a controller's patch of a pod's metadata.finalizers
// that drops one: the pod read, a JSON merge patch of the list without
// it that carries the resourceVersion read, so that a write in between
// (the kubelet's status, another finalizer's controller) is a Conflict,
// read again and retried (retry.RetryOnConflict). The API server removes
// the pod in that update if its deletion is over and no finalizer is
// left (the generic store's ShouldDeleteDuringUpdate). A finalizer the
// pod does not carry is an error, as on the simulator.
func (s *podUpdates) RemoveFinalizer(ctx context.Context, pod, finalizer string) error {
	s.mu.Lock()
	t, known := s.pods[pod]
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("pod %q was not created", pod)
	}
	pods := s.d.cs.CoreV1().Pods(s.ns)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := pods.Get(ctx, t.api, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if !slices.Contains(cur.Finalizers, finalizer) {
			if len(cur.Finalizers) == 0 {
				return fmt.Errorf("pod %q carries no finalizer (its metadata.finalizers is empty): there is no %q to remove", pod, finalizer)
			}
			return fmt.Errorf("pod %q does not carry the finalizer %q (its metadata.finalizers: %s)", pod, finalizer, strings.Join(cur.Finalizers, ", "))
		}
		left := slices.DeleteFunc(slices.Clone(cur.Finalizers), func(f string) bool { return f == finalizer })
		patch, err := finalizersPatch(left, cur.ResourceVersion)
		if err != nil {
			return err
		}
		_, err = pods.Patch(ctx, t.api, types.MergePatchType, patch, metav1.PatchOptions{})
		return err
	})
}

// finalizersPatch is the merge patch that sets metadata.finalizers to
// left (none: the field removed), on the condition that the pod is still
// at resourceVersion rv ("" for none).
func finalizersPatch(left []string, rv string) ([]byte, error) {
	meta := map[string]any{"finalizers": nil}
	if len(left) > 0 {
		meta["finalizers"] = left
	}
	if rv != "" {
		meta["resourceVersion"] = rv
	}
	return json.Marshal(map[string]any{"metadata": meta})
}

// liftFinalizers removes every finalizer of the pods in namespace ns that
// carry every label of selector, after cleanup has deleted them: a pod of
// a scenario's that a finalizer still holds (a step that never removed
// it, a run interrupted before that step) would stay Terminating, and
// keep its namespace Terminating, for ever. The API server removes each
// such pod as the update empties its list, its deletion being over (the
// generic store's ShouldDeleteDuringUpdate, after the delete with grace 0
// cleanup made); one still in its grace goes at the kubelet's final
// delete. The patch carries no resourceVersion: whatever the list has
// become (a Job's controller lifting its tracking finalizer meanwhile),
// it is emptied. Pods without the labels keep theirs.
func liftFinalizers(ctx context.Context, cs kubernetes.Interface, ns, selector string) error {
	list, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil {
		return ignoreNotFound(err)
	}
	patch, err := finalizersPatch(nil, "")
	if err != nil {
		return err
	}
	var errs []error
	for _, p := range list.Items {
		if len(p.Finalizers) == 0 {
			continue
		}
		_, err := cs.CoreV1().Pods(ns).Patch(ctx, p.Name, types.MergePatchType, patch, metav1.PatchOptions{})
		if ignoreNotFound(err) != nil {
			errs = append(errs, fmt.Errorf("removing the finalizers %s of pod %s/%s: %w", strings.Join(p.Finalizers, ", "), ns, p.Name, err))
		}
	}
	return errors.Join(errs...)
}
