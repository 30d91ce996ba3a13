package steps

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

func podExpectations() []Def {
	const f = "pod expectations"
	const ctr = `^container "([^"]*)"(?: of pod "([^"]*)")? `
	return []Def{
		def(f, `^the pod "([^"]*)" is (`+strings.Join(nowStates, "|")+`)$`, `Then the pod "web" is Running`, podIsNow).with(stateSlot("Running", nowStates)),
		def(f, `^the pod "([^"]*)" is not (`+strings.Join(notStates, "|")+`)$`, `Then the pod "web" is not Ready`, podIsNotNow).with(stateSlot("Ready", notStates)),
		def(f, `^the pod "([^"]*)" is (\S+) within (\S+)$`, `Then the pod "web" is Running within 10s`, podIsWithin).with(stateSlot("Running", podStates)),
		def(f, `^the pod "([^"]*)" is (\S+) between (\S+) and (\S+)$`, `Then the pod "web" is gone between 6s and 8s`, podIsBetween).with(stateSlot("gone", podStates)),
		def(f, `^the pod "([^"]*)" is not (\S+) after (\S+)$`, `Then the pod "web" is not gone after 4s`, podIsNotAfter).with(stateSlot("gone", podStates)),
		def(f, `^the pod "([^"]*)" phase is "([^"]*)"$`, `Then the pod "web" phase is "Succeeded"`, podPhaseIs).with(slot("phase", "Succeeded", phases...)),
		def(f, `^the pod "([^"]*)" phase is "([^"]*)" within (\S+)$`, `Then the pod "web" phase is "Running" within 5s`, podPhaseWithin).with(slot("phase", "Running", withinPhases...)),
		def(f, `^the pod "([^"]*)" has reason "([^"]*)"$`, `Then the pod "web" has reason "DeadlineExceeded"`, podHasReason),
		def(f, `^the pod "([^"]*)" has condition "([^"]*)" "([^"]*)"(?: with reason "([^"]*)")?$`, `Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"`, podHasCondition).
			with(openSlot("condition", "Ready", podConditionTypes...), slot("status", "False", conditionStatuses...)),
		def(f, `^the pod "([^"]*)" has no condition "([^"]*)"$`, `Then the pod "web" has no condition "PodReadyToStartContainers"`, podHasNoCondition).
			with(openSlot("condition", "PodReadyToStartContainers", podConditionTypes...)),
		def(f, `^the pod "([^"]*)" has QoS class "([^"]*)"$`, `Then the pod "web" has QoS class "Burstable"`, podHasQoS).with(slot("QoS class", "Burstable", qosClasses...)),
		def(f, `^the pod "([^"]*)" has (\S+) restarts?$`, `Then the pod "web" has 2 restarts`, showsRestarts),
		def(f, ctr+`has restarted (\S+) times?$`, `Then container "app" of pod "web" has restarted 3 times`, containerRestarted),
		def(f, ctr+`is waiting with reason "([^"]*)"$`, `Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"`, containerWaiting),
		def(f, ctr+`terminated with reason "([^"]*)" and exit code (\S+)$`, `Then container "app" of pod "web" terminated with reason "OOMKilled" and exit code 137`, containerTerminated),
	}
}

// Then the pod "web" is Running within 10s: true at some time up to t0+D,
// before t=0 included.
func podIsWithin(ctx context.Context, name, state, d string) error {
	st := From(ctx)
	if state == "evicted" {
		return st.podEvictedWithin(ctx, name, d)
	}
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.heldWithin(ctx, fmt.Sprintf("pod %q", name), name, ps, d, dur)
}

// Then the pod "web" is gone between 6s and 8s: the first time it became
// so at or after t=0 lies in the window.
func podIsBetween(ctx context.Context, name, state, a, b string) error {
	st := From(ctx)
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	lo, hi, err := window(a, b)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	if ps.name == "gone" {
		// Its transition is the Deleted event, which a cluster checks
		// from the pod's last container's end (expectGone).
		return st.expectIn(ctx, ps.of(name), lo, hi)
	}
	return st.becameBetween(ctx, name, ps, a, b, lo, hi)
}

// Then the pod "web" is not gone after 4s: the state does not hold at t0+T.
func podIsNotAfter(ctx context.Context, name, state, d string) error {
	st := From(ctx)
	ps, err := parsePodState(state)
	if err != nil {
		return err
	}
	dur, err := parseDuration(d)
	if err != nil {
		return err
	}
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	at := st.t0.At + dur
	if _, ok := st.liveWindows(); ok {
		// On a cluster the state is checked at the earliest moment its
		// window allows for it (an eviction manager's pass, the reaction
		// to an action): "not yet at D" must hold where "at D" could.
		w, err := st.window(ctx, ps.of(name), dur, dur)
		if err != nil {
			return err
		}
		at = min(at, w.From)
	}
	if at >= st.Session.Now() {
		if _, _, err := st.Session.RunUntil(ctx, at, nil); err != nil {
			return err
		}
	}
	st.decided(at, dur)
	// The timeline answers for a moment already past as for the present.
	if ps.heldAt(st.events(), name, at) {
		return &timeline.Mismatch{
			Expected: fmt.Sprintf("pod %q not %s at %s", name, state, d),
			Observed: fmt.Sprintf("%s at %s", state, d),
		}
	}
	return nil
}

// check runs a state check of an existing pod at the current time; on a
// cluster it polls for up to the tolerance before failing.
func (st *State) check(ctx context.Context, name string, f func(p *corev1.Pod) error) error {
	return st.checkPod(ctx, name, func(p *corev1.Pod) error {
		if p == nil {
			return &timeline.Mismatch{Expected: fmt.Sprintf("pod %q to exist", name), Observed: "the pod is gone"}
		}
		return f(p)
	})
}

// checkPod is check for a state a pod gone may be in: f gets nil then.
// The state read is the one after every event of the current instant.
func (st *State) checkPod(ctx context.Context, name string, f func(p *corev1.Pod) error) error {
	if live, err := st.livePod(ctx, name); !live {
		return err
	}
	return st.readState(ctx, func(v driver.View) error { return f(v.Pod(name)) })
}

// Then the pod "web" is Running: a state check at the current time.
func podIsNow(ctx context.Context, name, state string) error {
	return From(ctx).podStateNow(ctx, name, state, false)
}

// Then the pod "web" is not Ready: a state check at the current time. For
// Ready the pod must exist (as `not ready` of a container); for the other
// states, a pod gone is not in them.
func podIsNotNow(ctx context.Context, name, state string) error {
	return From(ctx).podStateNow(ctx, name, state, true)
}

func (st *State) podStateNow(ctx context.Context, name, state string, not bool) error {
	if not && state == "Ready" {
		state, not = "NotReady", false
	}
	ps, err := parsePodState(state, nowStates...)
	if err != nil {
		return err
	}
	what := state
	if not {
		what = "not " + state
	}
	return st.checkPod(ctx, name, func(p *corev1.Pod) error {
		if ps.now(p) != not {
			return nil
		}
		return &timeline.Verdict{
			Kind:     timeline.WrongState,
			Expected: fmt.Sprintf("pod %q %s", name, what),
			Observed: fmt.Sprintf("%s: %s", st.readAt(), describePod(p)),
			Read:     true, ReadAt: st.cur,
		}
	})
}

// withinPhases are the phases `phase is "P" within D` waits for.
var withinPhases = []string{"Pending", "Running", "Succeeded", "Failed"}

// Then the pod "web" phase is "Running" within 5s: as `is Running within
// 5s`, a state that holds at some time up to t0+D, before t=0 included.
func podPhaseWithin(ctx context.Context, name, phase, d string) error {
	if err := oneOf("phase", phase, withinPhases...); err != nil {
		return err
	}
	return podIsWithin(ctx, name, phase, d)
}

// Then the pod "web" phase is "Succeeded"
func podPhaseIs(ctx context.Context, name, phase string) error {
	if err := oneOf("phase", phase, phases...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if string(p.Status.Phase) != phase {
			return &timeline.Mismatch{Expected: "phase " + phase, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has reason "DeadlineExceeded": status.reason, now.
func podHasReason(ctx context.Context, name, reason string) error {
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if p.Status.Reason != reason {
			return &timeline.Mismatch{Expected: "reason " + reason, Observed: describePod(p)}
		}
		return nil
	})
}

// Then the pod "web" has condition "Ready" "False" with reason "ContainersNotReady"
func podHasCondition(ctx context.Context, name, ctype, status, reason string) error {
	if err := oneOf("condition status", status, conditionStatuses...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		exp := fmt.Sprintf("condition %s=%s", ctype, status)
		if reason != "" {
			exp += " with reason " + reason
		}
		for _, c := range p.Status.Conditions {
			if string(c.Type) != ctype {
				continue
			}
			if string(c.Status) != status || (reason != "" && c.Reason != reason) {
				return &timeline.Mismatch{Expected: exp, Observed: fmt.Sprintf("condition %s=%s reason %q message %q", c.Type, c.Status, c.Reason, c.Message)}
			}
			return nil
		}
		var have []string
		for _, c := range p.Status.Conditions {
			have = append(have, string(c.Type))
		}
		return &timeline.Mismatch{Expected: exp, Observed: "no such condition (has " + strings.Join(have, ", ") + ")"}
	})
}

// Then the pod "web" has no condition "PodReadyToStartContainers": a
// condition the cluster's version does not set (PodReadyToStartContainers
// before 1.29) or that nobody set yet.
func podHasNoCondition(ctx context.Context, name, ctype string) error {
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		for _, c := range p.Status.Conditions {
			if string(c.Type) == ctype {
				return &timeline.Mismatch{Expected: "no condition " + ctype, Observed: fmt.Sprintf("condition %s=%s reason %q", c.Type, c.Status, c.Reason)}
			}
		}
		return nil
	})
}

// Then the pod "web" has QoS class "Burstable"
func podHasQoS(ctx context.Context, name, qos string) error {
	if err := oneOf("QoS class", qos, qosClasses...); err != nil {
		return err
	}
	return From(ctx).check(ctx, name, func(p *corev1.Pod) error {
		if string(p.Status.QOSClass) != qos {
			return &timeline.Mismatch{Expected: "QoS class " + qos, Observed: "QoS class " + string(p.Status.QOSClass)}
		}
		return nil
	})
}

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

// checkContainer resolves the container and checks its status.
func checkContainer(ctx context.Context, cname, pname string, f func(cs *corev1.ContainerStatus, p *corev1.Pod) error) error {
	st := From(ctx)
	p, c, err := st.Plan.mustContainer(cname, pname)
	if err != nil {
		return err
	}
	return st.check(ctx, p.name, func(pod *corev1.Pod) error {
		cs := containerStatus(pod, c.Name)
		if cs == nil {
			return &timeline.Mismatch{Expected: fmt.Sprintf("a status for container %q", c.Name), Observed: describePod(pod)}
		}
		return f(cs, pod)
	})
}

// Then container "app" of pod "web" has restarted 3 times
func containerRestarted(ctx context.Context, cname, pname, n string) error {
	want, err := parseCount(n)
	if err != nil {
		return err
	}
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if int(cs.RestartCount) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("restartCount %d for container %q", want, cname), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" is waiting with reason "CrashLoopBackOff"
func containerWaiting(ctx context.Context, cname, pname, reason string) error {
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		if cs.State.Waiting == nil || cs.State.Waiting.Reason != reason {
			return &timeline.Mismatch{Expected: fmt.Sprintf("container %q waiting with reason %s", cname, reason), Observed: describePod(p)}
		}
		return nil
	})
}

// Then container "app" of pod "web" terminated with reason "OOMKilled" and
// exit code 137: its current state, or its last state when it was
// restarted since.
func containerTerminated(ctx context.Context, cname, pname, reason, code string) error {
	want, err := parseExitCode(code)
	if err != nil {
		return err
	}
	return checkContainer(ctx, cname, pname, func(cs *corev1.ContainerStatus, p *corev1.Pod) error {
		t := cs.State.Terminated
		if t == nil {
			t = cs.LastTerminationState.Terminated
		}
		if t == nil || t.Reason != reason || int(t.ExitCode) != want {
			return &timeline.Mismatch{Expected: fmt.Sprintf("container %q terminated with reason %s and exit code %d", cname, reason, want), Observed: describePod(p)}
		}
		return nil
	})
}
