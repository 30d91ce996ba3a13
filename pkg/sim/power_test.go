package sim

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestNodeReboot pins what a pod shows after its node's power was cut
// and came back: each case names the kubelet (or containerd) behaviour.
func TestNodeReboot(t *testing.T) {
	t.Parallel()
	initThenApp := func(policy corev1.RestartPolicy) *corev1.Pod {
		p := podOf("web", 30, []corev1.Container{agent("init", exitAfter(0, time.Second))}, agent("app"))
		p.Spec.RestartPolicy = policy
		return p
	}
	cases := []struct {
		name string
		pod  *corev1.Pod
		// after the return: the phase, the app's restartCount and its
		// last (or current) terminated state, the init container's
		// starts in the whole run, and whether a sandbox was re-created.
		phase      corev1.PodPhase
		restarts   int32
		initStarts int
		sandbox    bool
	}{
		{"computePodActions with PodSandboxChanged: init containers again from the first, the container restarted (restartCount+1)",
			initThenApp(corev1.RestartPolicyAlways), corev1.PodRunning, 1, 2, true},
		{"OnFailure: the 255 containerd reports is a failure, restarted as with Always",
			initThenApp(corev1.RestartPolicyOnFailure), corev1.PodRunning, 1, 2, true},
		{"Never: no new sandbox for a pod that ran containers; containerd's 255 makes it Failed (getPhase)",
			initThenApp(corev1.RestartPolicyNever), corev1.PodFailed, 0, 1, false},
	}
	for _, c := range cases {
		s := newSim(t, "")
		if err := s.CreatePod(c.pod); err != nil {
			t.Fatal(err)
		}
		if _, ok := s.RunUntil(5*time.Second, func() bool { return s.Pod("web").Status.Phase == corev1.PodRunning }); !ok {
			t.Fatalf("%s: the pod did not start", c.name)
		}
		off := s.Now()
		if err := s.RebootNode("worker-1", 30*time.Second); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(off+time.Minute, nil)
		p := s.Pod("web")
		if p.Status.Phase != c.phase {
			t.Errorf("%s: phase %s, want %s", c.name, p.Status.Phase, c.phase)
		}
		var app corev1.ContainerStatus
		for _, cs := range p.Status.ContainerStatuses {
			if cs.Name == "app" {
				app = cs
			}
		}
		if app.RestartCount != c.restarts {
			t.Errorf("%s: app restartCount %d, want %d", c.name, app.RestartCount, c.restarts)
		}
		term := app.LastTerminationState.Terminated
		if c.restarts == 0 {
			term = app.State.Terminated
		}
		if term == nil || term.ExitCode != unknownExitCode || term.Reason != unknownExitReason {
			t.Errorf("%s: the container the reboot ended shows %+v, want 255/Unknown (containerd's recovery)", c.name, term)
		} else if got := term.FinishedAt.Sub(Epoch); got != off+30*time.Second {
			t.Errorf("%s: finishedAt %s, want the return (%s): containerd stamps its recovery", c.name, got, off+30*time.Second)
		}
		starts, changed := 0, false
		for _, e := range s.Timeline() {
			if e.Pod == "web" && e.Container == "init" && e.Kind == timeline.Started {
				starts++
			}
			if e.Pod == "web" && e.Kind == timeline.KubeEvent && e.Reason == "SandboxChanged" {
				changed = true
			}
		}
		if starts != c.initStarts {
			t.Errorf("%s: init started %d times, want %d", c.name, starts, c.initStarts)
		}
		if changed != c.sandbox {
			t.Errorf("%s: SandboxChanged recorded %v, want %v", c.name, changed, c.sandbox)
		}
	}
}

// TestPowerCutIsSilent: a power cut sends no signal and runs no preStop
// hook; nothing of the pod changes until the node returns.
func TestPowerCutIsSilent(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	start(t, s, podOf("web", 30, nil, withPreStop(agent("app"), execHook("sleep", "5"))))
	off := s.Now()
	if err := s.CrashNode("worker-1"); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(off+10*time.Minute, nil)
	if got := transcript(s, off, timeline.PreStopStarted, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited); len(got) != 0 {
		t.Errorf("a power cut was seen: %v", got)
	}
	p := s.Pod("web")
	if p == nil || p.DeletionTimestamp == nil || p.Status.Phase != corev1.PodRunning {
		t.Fatalf("the pod of a crashed node is not Terminating and Running (deleted by the taint manager, finished by no kubelet): %+v", p)
	}
	if err := s.RebootNode("worker-1", time.Second); err == nil {
		t.Error("a crashed node was rebooted")
	}
}

// TestOrphansCollected: pkg/controller/podgc gcOrphaned deletes the
// pods of a deleted node a quarantine after the first pass that sees it
// missing: 40 to 60 s after the deletion, whatever the loop's phase.
func TestOrphansCollected(t *testing.T) {
	t.Parallel()
	for seed := int64(1); seed <= 20; seed++ {
		s := newSeededSim(t, "", seed)
		start(t, s, podOf("web", 30, nil, agent("app")))
		if err := s.DeleteNode("worker-1"); err == nil {
			t.Fatal("a running node's object was deleted")
		}
		if err := s.CrashNode("worker-1"); err != nil {
			t.Fatal(err)
		}
		at := s.Now()
		if err := s.DeleteNode("worker-1"); err != nil {
			t.Fatal(err)
		}
		gone, ok := s.RunUntil(at+2*time.Minute, func() bool { return s.Pod("web") == nil })
		if !ok || gone-at <= quarantineTime || gone-at > quarantineTime+gcCheckPeriod {
			t.Errorf("seed %d: gone %v at %s after the deletion, want in (40s, 60s]", seed, ok, gone-at)
		}
		var reason string
		for _, e := range s.Timeline() {
			if e.Pod == "web" && e.Kind == timeline.Condition && e.Reason == string(corev1.DisruptionTarget) {
				reason = e.Message
			}
		}
		if reason == "" {
			t.Errorf("seed %d: no DisruptionTarget condition before the deletion", seed)
		}
	}
}
