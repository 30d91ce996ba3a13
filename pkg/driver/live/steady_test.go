package live

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestSteadyPods: what makes a pod steady, so that a scenario's activity
// can end without waiting out the limit: each case is a pod the catalogue
// leaves behind, and whether anything of it is still to come.
func TestSteadyPods(t *testing.T) {
	now := time.Now()
	started := now.Add(-time.Minute)
	agentArgs := func(b behavior.Behavior) []string { return b.Args() }
	exits := behavior.Default()
	exits.Exit = &behavior.Exit{Code: 1, After: 2 * time.Hour}
	readyLater := behavior.Default()
	in10m := 10 * time.Minute
	readyLater.ReadyAfter = &in10m
	readyBefore := behavior.Default()
	ago := 10 * time.Second
	readyBefore.ReadyAfter = &ago
	failsLiveness := behavior.Default()
	failsLiveness.FailLivenessAfter = &ago
	notReadyForGood := behavior.Default()
	notReadyForGood.FailReadinessAfter = &ago
	exec := func(cmd ...string) *corev1.Probe {
		return &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: cmd}}, TimeoutSeconds: 1}
	}
	type ctr struct {
		spec  corev1.Container
		agent bool
		ready bool
		state corev1.ContainerState
	}
	running := corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}
	agent := func(args []string) ctr {
		return ctr{spec: corev1.Container{Name: "app", Image: behavior.Image, Args: args}, agent: true, ready: true, state: running}
	}
	for _, c := range []struct {
		name string
		pod  func(*corev1.Pod)
		ctr  ctr
		want bool
	}{
		{"an agent that runs for ever", nil, agent(nil), true},
		{"an agent that will exit", nil, agent(agentArgs(exits)), false},
		{"an agent ready later, with a readiness probe", nil, func() ctr {
			x := agent(agentArgs(readyLater))
			x.spec.ReadinessProbe, x.ready = exec(behavior.ProbeCommand("readiness")...), false
			return x
		}(), false},
		{"an agent ready since, with a readiness probe", nil, func() ctr {
			x := agent(agentArgs(readyBefore))
			x.spec.ReadinessProbe = exec(behavior.ProbeCommand("readiness")...)
			return x
		}(), true},
		{"an agent failing its liveness probe", nil, func() ctr {
			x := agent(agentArgs(failsLiveness))
			x.spec.LivenessProbe = exec(behavior.ProbeCommand("liveness")...)
			return x
		}(), false},
		{"an agent failing a liveness probe it does not have", nil, agent(agentArgs(failsLiveness)), true},
		{"an agent not ready for good", nil, func() ctr {
			x := agent(agentArgs(notReadyForGood))
			x.spec.ReadinessProbe, x.ready = exec(behavior.ProbeCommand("readiness")...), false
			return x
		}(), true},
		{"a liveness probe of `false`", nil, func() ctr { x := agent(nil); x.spec.LivenessProbe = exec("false"); return x }(), false},
		{"a liveness probe of `true`", nil, func() ctr { x := agent(nil); x.spec.LivenessProbe = exec("true"); return x }(), true},
		{"a liveness probe of a command podlife does not know", nil, func() ctr { x := agent(nil); x.spec.LivenessProbe = exec("cat", "/tmp/healthy"); return x }(), false},
		{"an image's sleep infinity", nil, ctr{spec: corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "infinity"}}, ready: true, state: running}, true},
		{"an image's sleep 3600", nil, ctr{spec: corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}}, ready: true, state: running}, false},
		{"a container waiting", nil, func() ctr {
			x := agent(nil)
			x.state = corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "CrashLoopBackOff"}}
			return x
		}(), false},
		{"a pod being deleted", func(p *corev1.Pod) { p.DeletionTimestamp = &metav1.Time{Time: now} }, agent(nil), false},
		{"a pod with a deadline", func(p *corev1.Pod) { d := int64(3600); p.Spec.ActiveDeadlineSeconds = &d }, agent(nil), false},
		{"a pod unschedulable", func(p *corev1.Pod) {
			p.Status.Phase = corev1.PodPending
			p.Status.ContainerStatuses = nil
			p.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: corev1.PodReasonUnschedulable}}
		}, agent(nil), true},
		{"a pod unschedulable, nominated", func(p *corev1.Pod) {
			p.Status.Phase = corev1.PodPending
			p.Status.NominatedNodeName = "worker-1"
			p.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: corev1.PodReasonUnschedulable}}
		}, agent(nil), false},
		{"a pod whose init container failed", func(p *corev1.Pod) {
			p.Spec.InitContainers = []corev1.Container{{Name: "setup"}}
			p.Status.InitContainerStatuses = []corev1.ContainerStatus{{Name: "setup", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 1}}}}
		}, agent(nil), false},
		{"a pod held by an init container that runs for ever", func(p *corev1.Pod) {
			p.Status.Phase = corev1.PodPending
			// The tracked agent, "app", stands for the first init container.
			p.Spec.InitContainers = []corev1.Container{{Name: "app"}, {Name: "init-b"}}
			p.Status.InitContainerStatuses = []corev1.ContainerStatus{{Name: "app", State: running}, {Name: "init-b", State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "PodInitializing"}}}}
		}, agent(nil), true},
		{"a pod held by an init container that will exit", func(p *corev1.Pod) {
			p.Status.Phase = corev1.PodPending
			p.Spec.InitContainers = []corev1.Container{{Name: "app"}}
			p.Status.InitContainerStatuses = []corev1.ContainerStatus{{Name: "app", State: running}}
		}, agent(agentArgs(exits)), false},
		{"a pending pod, scheduled, nothing running", func(p *corev1.Pod) {
			p.Status.Phase = corev1.PodPending
			p.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "app", State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "ContainerCreating"}}}}
		}, agent(nil), false},
		{"a pod whose init container completed", func(p *corev1.Pod) {
			p.Spec.InitContainers = []corev1.Container{{Name: "setup"}}
			p.Status.InitContainerStatuses = []corev1.ContainerStatus{{Name: "setup", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 0}}}}
		}, agent(nil), true},
	} {
		spec := c.ctr.spec
		p := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{spec}}, Status: corev1.PodStatus{Phase: corev1.PodRunning,
			ContainerStatuses: []corev1.ContainerStatus{{Name: spec.Name, Ready: c.ctr.ready, State: c.ctr.state}}}}
		if c.pod != nil {
			c.pod(p)
		}
		tr := &podTrack{obj: p, ctrs: map[string]*ctrTrack{spec.Name: {name: spec.Name, spec: &spec, agent: c.ctr.agent,
			insts: map[string]*instTrack{"c1": {id: "c1", started: true, startedAt: started}}, order: []string{"c1"}}}}
		if got := tr.steady(now); got != c.want {
			t.Errorf("%s: steady = %v; want %v", c.name, got, c.want)
		}
	}
}

// TestSteadyQuiet: the quiet a session of steady pods waits, and none
// once a timer no pod shows may still act (a stopped kubelet, a NoExecute
// taint).
func TestSteadyQuiet(t *testing.T) {
	for _, c := range []struct {
		name   string
		leases []*lease
		want   time.Duration
		ok     bool
	}{
		{"pods only", nil, 5 * time.Second, true},
		{"a pool node", []*lease{{node: "pool-1"}}, 25 * time.Second, true},
		{"a pool node whose kubelet was stopped", []*lease{{node: "pool-1", notReady: true}}, 0, false},
		{"a pool node the scenario tainted NoExecute", []*lease{{node: "pool-1", taints: []corev1.Taint{{Key: "k", Effect: corev1.TaintEffectNoExecute}}}}, 0, false},
		{"a pool node the scenario tainted NoSchedule: no timer", []*lease{{node: "pool-1", taints: []corev1.Taint{{Key: "k", Effect: corev1.TaintEffectNoSchedule}}}}, 25 * time.Second, true},
	} {
		s := testSession(t)
		s.leases = c.leases
		if got, ok := s.steadyQuiet(); got != c.want || ok != c.ok {
			t.Errorf("%s: %s, %v; want %s, %v", c.name, got, ok, c.want, c.ok)
		}
	}
}

// TestRepeatedEventsAreNotNew: the scheduler's FailedScheduling again, as
// it was, is not something new for a steady scenario; another reason or
// message is.
func TestRepeatedEventsAreNotNew(t *testing.T) {
	var r recorder
	ev := func(at time.Duration, reason, msg string) timeline.Event {
		return timeline.Event{At: at, Pod: "web", Kind: timeline.KubeEvent, Reason: reason, Message: msg}
	}
	r.add(ev(time.Second, "FailedScheduling", "0/5 nodes are available"))
	r.add(ev(3*time.Second, "FailedScheduling", "0/5 nodes are available"))
	if n := r.kinds(); n != 1 {
		t.Errorf("an event repeated: %d kinds; want 1", n)
	}
	r.add(ev(4*time.Second, "FailedScheduling", "0/4 nodes are available"))
	r.add(ev(5*time.Second, "Scheduled", ""))
	if n := r.kinds(); n != 3 {
		t.Errorf("other messages and reasons: %d kinds; want 3", n)
	}
}
