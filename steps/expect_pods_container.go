package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
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

// Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff":
// the container's current waiting state; with text, its message holds
// it too (`and message containing "back-off 20s"`, waiting_words.go),
// and a reason "" is any reason.
type containerWaitingWith struct {
	containerNamed
	reason, text string
	// how the message is compared: it contains text, or begins with it
	// (`and message "back-off 40s"`, how an author quotes the kubelet's
	// sentence).
	how messageMatch
}

func (s containerWaitingWith) holds(cs *corev1.ContainerStatus, p *corev1.Pod) (bool, string) {
	w := cs.State.Waiting
	if w == nil {
		return false, describePod(p)
	}
	seen := "waiting with reason " + w.Reason
	if s.text != "" {
		seen += fmt.Sprintf(" and message %q", w.Message)
	}
	return (s.reason == "" || w.Reason == s.reason) && s.how.matches(w.Message, s.text), seen
}

func (s containerWaitingWith) what() string {
	what := fmt.Sprintf("container %q waiting", s.container)
	if s.reason != "" {
		what += " with reason " + s.reason
	}
	if s.text != "" {
		what += fmt.Sprintf(" with %s %q", s.how.words(), s.text)
	}
	return what
}

func (s containerWaitingWith) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if ok, seen := s.holds(cs, p); !ok {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: s.what(), Observed: seen}
		}
		return nil
	})
}

// waitingWithin is the same state shown at some time up to t0+D
// (polledWithin).
type waitingWithin struct {
	containerWaitingWith
	d writtenSpan
}

func (s waitingWithin) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	return polledWithin(ctx, st, p.name, s.d, s.what(), s.inView(p.name, c.Name))
}

// inView says whether the container waits so in a view, and what it saw.
func (s containerWaitingWith) inView(pod, ctr string) func(driver.View) (bool, string) {
	return func(v driver.View) (bool, string) {
		p := v.Pod(pod)
		if p == nil {
			return false, "the pod gone"
		}
		if cs := containerStatus(p, ctr); cs != nil {
			return s.holds(cs, p)
		}
		return false, describePod(p)
	}
}

// waitingComing is the same state's coming in a window (polledComing):
// `is waiting with reason "CrashLoopBackOff" and message containing
// "back-off 20s" between 0s and 3s after its 2nd exit`.
type waitingComing struct {
	containerWaitingWith
	a, b writtenSpan
}

func (s waitingComing) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	return polledComing(ctx, st, p.name, s.a, s.b, s.what(), s.inView(p.name, c.Name))
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
