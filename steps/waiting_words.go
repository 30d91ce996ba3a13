package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// What issue 38's sixteenth held-out batch lacked: a container's waiting
// message (seven times in one draft: `container "app" is waiting with
// reason "CrashLoopBackOff" and message containing "back-off 20s" at
// 22s`), the text in which the kubelet says how long the crash-loop
// back-off holds the restart (kuberuntime_manager.go doBackOff,
// v1.36.3: "back-off %s restarting failed container=%s pod=%s", the
// back-off's current step), and kubectl's STATUS column named first
// without a time or with `within` (hinted `at`, another meaning).
func waitingWords() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? is waiting with `
	const reason = `reason "?([^" ]+)"? and (?:a )?message containing "([^"]*)"`
	const message = `(?:a )?message containing "([^"]*)"`
	column := `^the (?:STATUS column|kubectl STATUS) of (?:the )?pod "([^"]*)" is "?([^" ]+)"?`
	return []Def{
		phrase(f, ctr+reason+`$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s"`,
			s4(func(c, pod, r, text string) Step { return waitingSaying{containerNamed{c, pod}, r, text} })),
		phrase(f, ctr+reason+` at (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 20s" at 25s`,
			s5(func(c, pod, r, text string, at writtenSpan) Step {
				return readAtInstant{waitingSaying{containerNamed{c, pod}, r, text}, at}
			})),
		phrase(f, ctr+reason+` within (\S+)$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff" and message containing "back-off 10s" within 5s`,
			s5(func(c, pod, r, text string, d writtenSpan) Step {
				return waitingSayingWithin{waitingSaying{containerNamed{c, pod}, r, text}, d}
			})),
		phrase(f, ctr+message+`$`, `Then container "app" of pod "web" is waiting with message containing "back-off 10s"`,
			s3(func(c, pod, text string) Step { return waitingSaying{containerNamed{c, pod}, "", text} })),
		phrase(f, ctr+message+` at (\S+)$`, `Then container "app" of pod "web" is waiting with message containing "back-off 20s" at 25s`,
			s4(func(c, pod, text string, at writtenSpan) Step {
				return readAtInstant{waitingSaying{containerNamed{c, pod}, "", text}, at}
			})),
		phrase(f, ctr+message+` within (\S+)$`, `Then container "app" of pod "web" is waiting with message containing "back-off 10s" within 5s`,
			s4(func(c, pod, text string, d writtenSpan) Step {
				return waitingSayingWithin{waitingSaying{containerNamed{c, pod}, "", text}, d}
			})),
		phrase("kubectl columns", column+`$`, `Then the STATUS column of pod "web" is "Running"`,
			s2(func(pod string, status kubectlStatus) Step { return thePodShowsStatus{podNamed{pod}, string(status)} })).
			with(statusSlot("Running")),
		phrase("kubectl columns", column+` within (\S+)$`, `Then the STATUS column of pod "web" is "Running" within 10s`,
			s3(func(pod string, status kubectlStatus, d writtenSpan) Step {
				return thePodShowsStatusWithin{podNamed{pod}, string(status), d}
			})).with(statusSlot("Running")),
	}
}

// waitingSaying is `container "c" is waiting [with reason "R"] and
// message containing "M"`: the container's current waiting state, whose
// message has M in it (and whose reason is R, when given).
type waitingSaying struct {
	containerNamed
	reason, text string
}

func (s waitingSaying) holds(cs *corev1.ContainerStatus) (bool, string) {
	w := cs.State.Waiting
	if w == nil {
		return false, "not waiting"
	}
	seen := fmt.Sprintf("waiting with reason %s and message %q", w.Reason, w.Message)
	return (s.reason == "" || w.Reason == s.reason) && strings.Contains(w.Message, s.text), seen
}

func (s waitingSaying) what() string {
	if s.reason == "" {
		return fmt.Sprintf("container %q waiting with message containing %q", s.container, s.text)
	}
	return fmt.Sprintf("container %q waiting with reason %s and message containing %q", s.container, s.reason, s.text)
}

func (s waitingSaying) Run(ctx context.Context, st *State) error {
	return s.checkStatus(ctx, st, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if ok, seen := s.holds(cs); !ok {
			return &timeline.Verdict{Kind: timeline.WrongState, Expected: s.what(), Observed: seen}
		}
		return nil
	})
}

// waitingSayingWithin is the same state shown at some time up to t0+D
// (polledWithin, as `is waiting with reason "R" within D`).
type waitingSayingWithin struct {
	waitingSaying
	d writtenSpan
}

func (s waitingSayingWithin) Run(ctx context.Context, st *State) error {
	p, c, _ := st.Plan.mustContainer(s.container, s.pod) // checked by Declare
	return polledWithin(ctx, st, p.name, s.d, s.what(), func(v driver.View) (bool, string) {
		pod := v.Pod(p.name)
		if pod == nil {
			return false, "the pod gone"
		}
		if cs := containerStatus(pod, c.Name); cs != nil {
			return s.holds(cs)
		}
		return false, describePod(pod)
	})
}
