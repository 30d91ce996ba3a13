package sim

import (
	"reflect"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
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
