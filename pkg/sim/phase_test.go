package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
)

func running(name string) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}, Started: ptr(true)}
}

func exited(name string, code int32) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: code}}}
}

func waiting(name, reason string) corev1.ContainerStatus {
	return corev1.ContainerStatus{Name: name, State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: reason}}}
}

func backingOff(name string, lastCode int32) corev1.ContainerStatus {
	cs := waiting(name, "CrashLoopBackOff")
	cs.LastTerminationState.Terminated = &corev1.ContainerStateTerminated{ExitCode: lastCode}
	return cs
}

// TestGetPhase pins getPhase (pkg/kubelet/kubelet_pods.go, 1.36).
func TestGetPhase(t *testing.T) {
	one := []corev1.Container{agent("app")}
	two := []corev1.Container{agent("app"), agent("second")}
	initC := []corev1.Container{agent("init")}
	side := []corev1.Container{sidecar(agent("proxy"))}
	cases := []struct {
		name       string
		policy     corev1.RestartPolicy
		init       []corev1.Container
		containers []corev1.Container
		statuses   []corev1.ContainerStatus
		terminal   bool
		started    bool
		// gateOff is a kubelet without ContainerRestartRules (before 1.35).
		gateOff bool
		want    corev1.PodPhase
	}{
		{name: "no statuses yet: Pending", containers: one, want: corev1.PodPending},
		{name: "a running container: Running", containers: one, statuses: []corev1.ContainerStatus{running("app")}, want: corev1.PodRunning},
		{name: "a second container still waiting keeps the pod Pending", containers: two,
			statuses: []corev1.ContainerStatus{running("app"), waiting("second", "ErrImagePull")}, want: corev1.PodPending},
		{name: "CrashLoopBackOff has a last termination: Running", containers: one,
			statuses: []corev1.ContainerStatus{backingOff("app", 1)}, want: corev1.PodRunning},
		{name: "Always, all exited: Running (restarting)", containers: one, statuses: []corev1.ContainerStatus{exited("app", 1)}, want: corev1.PodRunning},
		{name: "Never, exited 0: Succeeded", policy: corev1.RestartPolicyNever, containers: one, statuses: []corev1.ContainerStatus{exited("app", 0)}, want: corev1.PodSucceeded},
		{name: "Never, exited 1: Failed", policy: corev1.RestartPolicyNever, containers: one, statuses: []corev1.ContainerStatus{exited("app", 1)}, want: corev1.PodFailed},
		{name: "OnFailure, exited 1: Running (will restart)", policy: corev1.RestartPolicyOnFailure, containers: one, statuses: []corev1.ContainerStatus{exited("app", 1)}, want: corev1.PodRunning},
		{name: "OnFailure, exited 0: Succeeded", policy: corev1.RestartPolicyOnFailure, containers: one, statuses: []corev1.ContainerStatus{exited("app", 0)}, want: corev1.PodSucceeded},
		{name: "terminal pod, Always, exited 143: Failed", containers: one, statuses: []corev1.ContainerStatus{exited("app", 143)}, terminal: true, want: corev1.PodFailed},
		{name: "terminal pod, Always, exited 0: Succeeded", containers: one, statuses: []corev1.ContainerStatus{exited("app", 0)}, terminal: true, want: corev1.PodSucceeded},
		{name: "a running regular init container: Pending", init: initC, containers: one,
			statuses: []corev1.ContainerStatus{running("init"), waiting("app", "PodInitializing")}, want: corev1.PodPending},
		{name: "a failed init container with Never: Failed", policy: corev1.RestartPolicyNever, init: initC, containers: one,
			statuses: []corev1.ContainerStatus{exited("init", 1), waiting("app", "PodInitializing")}, want: corev1.PodFailed},
		{name: "a failed init container with Always restarts: Pending", init: initC, containers: one,
			statuses: []corev1.ContainerStatus{backingOff("init", 1), waiting("app", "PodInitializing")}, want: corev1.PodPending},
		{name: "terminated sidecars are ignored: main exited 0 with Never is Succeeded", policy: corev1.RestartPolicyNever, init: side, containers: one,
			statuses: []corev1.ContainerStatus{exited("proxy", 137), exited("app", 0)}, want: corev1.PodSucceeded},
		{name: "a running sidecar counts as running", init: side, containers: one,
			statuses: []corev1.ContainerStatus{running("proxy"), exited("app", 0)}, policy: corev1.RestartPolicyNever, want: corev1.PodRunning},
		{name: "a sidecar not yet started keeps an uninitialized pod Pending", init: side, containers: one,
			statuses: []corev1.ContainerStatus{{Name: "proxy", State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}, Started: ptr(false)}, waiting("app", "PodInitializing")},
			want:     corev1.PodPending},
		{name: "a restarting sidecar does not send an initialized pod back to Pending (1.33+)", init: side, containers: one, started: true,
			statuses: []corev1.ContainerStatus{{Name: "proxy", State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}, Started: ptr(false)}, running("app")},
			want:     corev1.PodRunning},
		{name: "a per-container Never overrides the pod's Always", containers: []corev1.Container{func() corev1.Container {
			c := agent("app")
			c.RestartPolicy = ptr(corev1.ContainerRestartPolicyNever)
			return c
		}()}, statuses: []corev1.ContainerStatus{exited("app", 2)}, want: corev1.PodFailed},
		{name: "a kubelet without ContainerRestartRules (1.34) reads the pod's Always, not the container's Never a 1.35+ API server kept", gateOff: true,
			containers: []corev1.Container{func() corev1.Container {
				c := agent("app")
				c.RestartPolicy = ptr(corev1.ContainerRestartPolicyNever)
				return c
			}()}, statuses: []corev1.ContainerStatus{exited("app", 2)}, want: corev1.PodRunning},
		{name: "without ContainerRestartRules a sidecar still counts as one", gateOff: true, init: side, containers: one,
			statuses: []corev1.ContainerStatus{running("proxy"), exited("app", 0)}, policy: corev1.RestartPolicyNever, want: corev1.PodRunning},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := podOf("web", 30, tc.init, tc.containers...)
			p.Spec.RestartPolicy = tc.policy
			if p.Spec.RestartPolicy == "" {
				p.Spec.RestartPolicy = corev1.RestartPolicyAlways
			}
			if got := getPhase(p, tc.statuses, tc.terminal, tc.started, !tc.gateOff); got != tc.want {
				t.Errorf("getPhase = %s, want %s", got, tc.want)
			}
		})
	}
}

// TestDeletedWhilePending pins TerminatePod (status_manager.go,
// v1.36.3): a pod deleted before its containers started ends Failed; once
// the pod has initialized (no init containers, e2e "Should transition to
// Failed phase a pod which is deleted while pending"), a container that
// never ran is ContainerStatusUnknown (137); before (an init container
// still running), the containers keep waiting (hasPodInitialized).
func TestDeletedWhilePending(t *testing.T) {
	never := agent("app")
	never.Image, never.Args, never.ImagePullPolicy = "example.com/absent:v1", nil, corev1.PullNever
	cases := []struct {
		name string
		pod  *corev1.Pod
		// want is the app's state in the last status: a terminated reason
		// or a waiting one.
		terminated, waiting string
	}{
		{name: "no init containers, the image never pulled", pod: podOf("web", 30, nil, never), terminated: "ContainerStatusUnknown"},
		{name: "an init container still running", pod: podOf("web", 30, []corev1.Container{agent("init", exitAfter(0, 60e9))}, agent("app")), waiting: "PodInitializing"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			if err := s.CreatePod(tc.pod); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(10e9, nil)
			if ph := s.Pod("web").Status.Phase; ph != corev1.PodPending {
				t.Fatalf("phase %s before the delete, want Pending", ph)
			}
			// The object keeps the last status the kubelet wrote before
			// its final delete removed it from the API.
			obj := s.Pod("web")
			if err := s.DeletePod("web", deleteOpts()); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Hour)
			if s.Pod("web") != nil {
				t.Fatal("the kubelet did not delete the pod")
			}
			last := obj.Status
			if last.Phase != corev1.PodFailed {
				t.Errorf("last phase before the final delete %s, want Failed", last.Phase)
			}
			for _, cs := range last.ContainerStatuses {
				switch {
				case tc.terminated != "" && (cs.State.Terminated == nil || cs.State.Terminated.Reason != tc.terminated || cs.State.Terminated.ExitCode != 137):
					t.Errorf("container %s: %+v, want terminated %s 137", cs.Name, cs.State, tc.terminated)
				case tc.waiting != "" && (cs.State.Waiting == nil || cs.State.Waiting.Reason != tc.waiting):
					t.Errorf("container %s: %+v, want waiting %s", cs.Name, cs.State, tc.waiting)
				}
			}
			for _, cs := range last.InitContainerStatuses {
				if cs.State.Terminated == nil {
					t.Errorf("init container %s: %+v, want terminated", cs.Name, cs.State)
				}
			}
		})
	}
}

// TestAnyRegularStatusStarted pins HasAnyRegularContainerStarted, the
// "initialized" of getPhase up to 1.32 (v1.32.9): a regular container
// counts only while its status is running or terminated, not while it
// waits in back-off; 1.33+ asks the runtime instead (anyMainStarted).
func TestAnyRegularStatusStarted(t *testing.T) {
	p := podOf("web", 30, []corev1.Container{sidecar(agent("mesh"))}, agent("app"))
	for _, tc := range []struct {
		name     string
		statuses []corev1.ContainerStatus
		want     bool
	}{
		{"the app running", []corev1.ContainerStatus{running("mesh"), running("app")}, true},
		{"the app exited", []corev1.ContainerStatus{exited("app", 1)}, true},
		{"the app waiting in back-off after an exit", []corev1.ContainerStatus{running("mesh"), backingOff("app", 1)}, false},
		{"only the sidecar running", []corev1.ContainerStatus{running("mesh")}, false},
	} {
		if got := anyRegularStatusStarted(&p.Spec, tc.statuses); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
