package sim

import (
	"reflect"
	"slices"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestSameContainerStatusFields: sameContainerStatus compares every field
// of corev1.ContainerStatus, or requires it unset. A field added to the
// API type must be added there, then here.
func TestSameContainerStatusFields(t *testing.T) {
	known := []string{
		// compared
		"Name", "State", "LastTerminationState", "Ready", "RestartCount", "Image", "ImageID", "ContainerID", "Started",
		// unset by containerStatus (unsetByContainerStatus)
		"AllocatedResources", "Resources", "VolumeMounts", "User", "AllocatedResourcesStatus", "StopSignal",
	}
	var fields []string
	for f := range reflect.TypeFor[corev1.ContainerStatus]().Fields() {
		fields = append(fields, f.Name)
	}
	if !slices.Equal(fields, known) {
		t.Fatalf("corev1.ContainerStatus has the fields %v; sameContainerStatus knows %v", fields, known)
	}
	started := true
	a := corev1.ContainerStatus{Name: "a", Started: &started, State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}}
	if !sameContainerStatus(a, a) {
		t.Fatal("a status differs from itself")
	}
	b := a
	b.State.Running = &corev1.ContainerStateRunning{}
	if sameContainerStatus(a, b) {
		t.Fatal("two running states are the same object")
	}
	b = a
	b.VolumeMounts = []corev1.VolumeMountStatus{}
	if sameContainerStatus(a, b) {
		t.Fatal("a field containerStatus does not set was ignored")
	}
}

// TestCondListsShare: a list equal to one shared before is that one; a
// list that differs, even in a slot another list holds, is a copy of its
// own, never the slot's.
func TestCondListsShare(t *testing.T) {
	at := func(sec int64) metav1.Time { return metav1.NewTime(time.Unix(sec, 0)) }
	list := func(ready corev1.ConditionStatus, sec int64) []corev1.PodCondition {
		return []corev1.PodCondition{
			{Type: corev1.PodInitialized, Status: corev1.ConditionTrue, LastTransitionTime: at(1)},
			{Type: corev1.PodReady, Status: ready, LastTransitionTime: at(sec)},
		}
	}
	var cl condLists
	a := cl.share(list(corev1.ConditionTrue, 5))
	if b := cl.share(list(corev1.ConditionTrue, 5)); &b[0] != &a[0] {
		t.Errorf("an equal list was copied, not shared")
	}
	buf := list(corev1.ConditionTrue, 5)
	if c := cl.share(buf); &c[0] == &buf[0] {
		t.Errorf("share returned the caller's list, which the caller may reuse")
	}
	// Every list of another second or status, whatever slot it takes,
	// comes back equal to itself.
	for sec := int64(0); sec < 500; sec++ {
		for _, st := range []corev1.ConditionStatus{corev1.ConditionTrue, corev1.ConditionFalse} {
			want := list(st, sec)
			if got := cl.share(list(st, sec)); !slices.Equal(got, want) {
				t.Fatalf("share(%s at %d) = %+v", st, sec, got)
			}
		}
	}
}
