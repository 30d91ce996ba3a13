package live

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// TestViewCarriesTheTerminationMessage: the pods a live session's View
// shows (now, and as of a time in the past) carry the termination
// message of the container's terminated state and of its last state as
// the API delivered them: the steps' expectation reads it there on both
// drivers.
func TestViewCarriesTheTerminationMessage(t *testing.T) {
	const ms = time.Millisecond
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	tr := s.obs.track("web", pod)
	exited := pod.DeepCopy()
	exited.ResourceVersion, exited.Status.Phase = "2", corev1.PodRunning
	exited.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "app", RestartCount: 1,
		State:                corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}},
		LastTerminationState: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 1, Reason: "Error", Message: "schema version mismatch"}}}}
	failed := exited.DeepCopy()
	failed.ResourceVersion, failed.Status.Phase = "3", corev1.PodFailed
	failed.Status.ContainerStatuses[0].State = corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 2, Reason: "Error", Message: "connection refused: db:5432\n"}}
	s.mu.Lock()
	s.obs.observe(tr, exited, s.start.Add(100*ms), false)
	s.obs.observe(tr, failed, s.start.Add(200*ms), false)
	s.mu.Unlock()

	cs := s.View().Pod("web").Status.ContainerStatuses[0]
	if got := cs.State.Terminated; got == nil || got.Message != "connection refused: db:5432\n" {
		t.Errorf("the view's terminated state: %+v, want the message %q", got, "connection refused: db:5432\n")
	}
	if got := cs.LastTerminationState.Terminated; got == nil || got.Message != "schema version mismatch" {
		t.Errorf("the view's last state: %+v, want the message %q", got, "schema version mismatch")
	}
	past := s.ViewsBetween(150*ms, 150*ms)[0].Pod("web").Status.ContainerStatuses[0]
	if got := past.LastTerminationState.Terminated; got == nil || got.Message != "schema version mismatch" || past.State.Terminated != nil {
		t.Errorf("the view as of 150ms: %+v, want the last state's message %q and no terminated state", past, "schema version mismatch")
	}
}
