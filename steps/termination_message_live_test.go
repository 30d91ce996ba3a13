package steps

import (
	"context"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestTerminationMessageOnACluster: on a cluster the expectation reads
// the message from the container's status as the driver's View shows it
// (the API's object): the terminated state, else the last one after a
// restart. A message from the log holds the agent's own JSON lines around
// what the container printed: `contains` holds, `is` the printed line
// alone does not; a container still running has none to read.
func TestTerminationMessageOnACluster(t *testing.T) {
	const tail = `{"t":"2026-11-30T08:00:00.000Z","ev":"start","pid":1,"argv":["--print=\u003c27 bytes\u003e"]}` + "\n" +
		"connection refused: db:5432\n" +
		`{"t":"2026-11-30T08:00:02.000Z","ev":"exit","code":1,"msg":"exit after 2s"}` + "\n"
	terminated := &corev1.ContainerStateTerminated{ExitCode: 1, Reason: "Error", Message: tail}
	pod := func(cs corev1.ContainerStatus, phase corev1.PodPhase) *corev1.Pod {
		cs.Name = "app"
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"},
			Spec:   corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}},
			Status: corev1.PodStatus{Phase: phase, ContainerStatuses: []corev1.ContainerStatus{cs}}}
	}
	exited := pod(corev1.ContainerStatus{State: corev1.ContainerState{Terminated: terminated}}, corev1.PodFailed)
	restarted := pod(corev1.ContainerStatus{State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}},
		LastTerminationState: corev1.ContainerState{Terminated: terminated}, RestartCount: 1}, corev1.PodRunning)
	running := pod(corev1.ContainerStatus{State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}}, corev1.PodRunning)
	for _, tc := range []struct {
		name string
		pod  *corev1.Pod
		step terminationMessage
		want string // "" passes; else what the failure says
	}{
		{"the printed line is in the message", exited, terminationMessage{how: messageContains, text: "connection refused: db:5432"}, ""},
		{"the printed line is not the whole message", exited, terminationMessage{how: messageIs, text: "connection refused: db:5432\n"}, `message "{\"t\"`},
		{"a message is not empty", exited, terminationMessage{how: messageEmpty}, "exit code 1, reason Error"},
		{"the last state's message after a restart", restarted, terminationMessage{how: messageContains, text: "connection refused: db:5432"}, ""},
		{"a container still running has no message yet", running, terminationMessage{how: messageEmpty}, `no terminated state of container "app"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := &liveFake{now: 0, pod: tc.pod}
			st := actedOn(f, driver.ActionCreate, "web")
			st.Plan.pods[0].pod = tc.pod
			tc.step.containerNamed = containerNamed{"app", "web"}
			err := tc.step.Run(context.Background(), st)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("failed: %v", err)
			case tc.want != "" && err == nil:
				t.Fatalf("held, want a failure saying %q", tc.want)
			case tc.want != "":
				v, ok := timeline.AsVerdict(err)
				if !ok || !strings.Contains(v.Observed, tc.want) {
					t.Fatalf("failed with %v, want it to say %q", err, tc.want)
				}
			}
		})
	}
}
