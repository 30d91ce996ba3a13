package live

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// testSession is a session without a cluster: the driver's client is a
// fake, and the test feeds it pod versions, events and agent lines.
func testSession(t *testing.T) *session {
	t.Helper()
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	d.cs = fake.NewClientset()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	s := &session{d: d, ns: "podlife-t", start: time.Now(), ctx: ctx, cancel: cancel, changed: make(chan struct{}),
		pods: map[string]*podTrack{}, events: map[string]*corev1.Event{}, counts: map[string]int32{},
		nodeAlias: map[string]string{}, classes: map[string]string{}}
	return s
}

func (s *session) line(t *testing.T, pod, ctr string, at time.Duration, l agent.Line) {
	t.Helper()
	tr := s.pods[pod]
	c := tr.ctrs[ctr]
	var in *instTrack
	for _, id := range c.order {
		in = c.insts[id]
	}
	l.T = s.start.Add(at)
	raw, _ := json.Marshal(l)
	s.onAgentLine(tr, c, in, string(raw), l)
}

func timelineText(events []timeline.Event, pod string) string {
	var out []string
	for _, e := range events {
		if e.Pod == pod && e.Kind != timeline.Condition && e.Kind != timeline.KubeEvent {
			who := "-"
			if e.Container != "" {
				who = e.Container
			}
			out = append(out, timeline.FormatOffset(e.At)+" "+who+" "+e.Label())
		}
	}
	return strings.Join(out, "\n")
}

// TestAgentLinesMakeTheKillSequence: a preStop hook, a SIGTERM the agent
// ignores, heartbeats, then silence and a 137: the timeline of the
// simulator's kinds, SIGKILL half a heartbeat after the last line.
func TestAgentLinesMakeTheKillSequence(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image,
			Lifecycle: &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sh", "-c", "sleep 3"}}}}}}}}
	tr := s.track("web", pod)
	running := pod.DeepCopy()
	running.ResourceVersion = "2"
	running.Status = corev1.PodStatus{Phase: corev1.PodRunning, StartTime: &metav1.Time{Time: s.start},
		ContainerStatuses: []corev1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1", Ready: true,
			State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}}}
	s.mu.Lock()
	s.observe(tr, running, s.start.Add(100*time.Millisecond), false)
	s.mu.Unlock()

	s.line(t, "web", "app", 50*time.Millisecond, agent.Line{Ev: agent.EvStart, PID: 1})
	s.line(t, "web", "app", time.Second, agent.Line{Ev: agent.EvExec, Phase: "start", Argv: []string{"sh", "-c", "sleep 3"}})
	s.line(t, "web", "app", 4*time.Second, agent.Line{Ev: agent.EvExec, Phase: "end", Argv: []string{"sh", "-c", "sleep 3"}, Code: new(int)})
	s.line(t, "web", "app", 4010*time.Millisecond, agent.Line{Ev: agent.EvSignal, Sig: "SIGTERM", Msg: "ignored"})
	for at := 4060 * time.Millisecond; at <= 11*time.Second; at += agent.HeartbeatPeriod {
		s.line(t, "web", "app", at, agent.Line{Ev: agent.EvAlive})
	}
	s.mu.Lock()
	in := tr.ctrs["app"].insts["containerd://c1"]
	s.inferKill(tr, tr.ctrs["app"], in, "test")
	s.mu.Unlock()

	got := timelineText(s.rec.snapshot(-1), "web")
	for _, w := range []string{"0.05s app Created", "0.05s app Started", "1s app PreStopStarted", "4s app PreStopDone",
		"4.01s app SIGTERM", "10.985s app SIGKILL", "10.985s app Exited(137)", "0.1s - Status(Running)"} {
		if !strings.Contains(got, w) {
			t.Errorf("timeline lacks %q:\n%s", w, got)
		}
	}
	// A line read twice (a reconnected stream) counts once.
	s.line(t, "web", "app", 4010*time.Millisecond, agent.Line{Ev: agent.EvSignal, Sig: "SIGTERM", Msg: "ignored"})
	if n := strings.Count(timelineText(s.rec.snapshot(-1), "web"), "SIGTERM"); n != 1 {
		t.Errorf("%d SIGTERMs after a line was read twice", n)
	}
}

// TestEventsAreCountedPerOccurrence: an aggregated event's count going up
// adds entries; Unhealthy is a ProbeFailed, a crash-loop BackOff a BackOff.
func TestEventsAreCountedPerOccurrence(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	s.track("web", pod)
	ev := func(reason, msg string, count int32) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "web." + reason, UID: types.UID("e-" + reason)},
			InvolvedObject: corev1.ObjectReference{Kind: "Pod", Name: "web", UID: "u1", FieldPath: "spec.containers{app}"},
			Reason:         reason, Message: msg, Count: count, Type: "Warning"}
	}
	s.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 1))
	s.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 3))
	s.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 3)) // the same again
	s.onEvent(ev("BackOff", "Back-off restarting failed container app in pod web", 1))
	s.onEvent(ev("BackOff", `Back-off pulling image "x"`, 1))
	tl := s.rec.snapshot(-1)
	if n := timeline.Count(tl, timeline.Selector{Kind: timeline.KubeEvent, Reason: "Unhealthy", AnyContainer: true}); n != 3 {
		t.Errorf("Unhealthy counted %d times, want 3", n)
	}
	if n := timeline.Count(tl, timeline.Selector{Pod: "web", Container: "app", Kind: timeline.ProbeFailed, Reason: "liveness"}); n != 3 {
		t.Errorf("ProbeFailed(liveness) %d times, want 3", n)
	}
	if n := timeline.Count(tl, timeline.Selector{Pod: "web", Container: "app", Kind: timeline.BackOff}); n != 1 {
		t.Errorf("BackOff %d times, want 1 (an image pull back-off is not a crash-loop back-off)", n)
	}
}

// TestOfflineClusterSkipsWhatItCannotRun: images it does not have, and
// pulls from a registry.
func TestOfflineClusterSkipsWhatItCannotRun(t *testing.T) {
	s := testSession(t)
	s.d.opt.Images = []string{"busybox:1.36"}
	cases := []struct {
		c    corev1.Container
		skip string
	}{
		{corev1.Container{Name: "a", Image: behavior.Image, Ports: []corev1.ContainerPort{{ContainerPort: 9090}}}, ""},
		{corev1.Container{Name: "b", Image: "docker.io/library/busybox:1.36"}, ""},
		{corev1.Container{Name: "c", Image: behavior.UnpullableImage}, ""},
		{corev1.Container{Name: "d", Image: "nginx:1.27"}, "does not have"},
		{corev1.Container{Name: "e", Image: "busybox"}, "registry"},
		{corev1.Container{Name: "f", Image: behavior.Image, ImagePullPolicy: corev1.PullAlways}, "registry"},
	}
	for _, c := range cases {
		p := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{c.c}}}
		err := s.prepareContainers(p)
		switch {
		case c.skip == "" && err != nil:
			t.Errorf("%s: %v", c.c.Name, err)
		case c.skip != "" && (err == nil || !strings.Contains(err.Error(), c.skip)):
			t.Errorf("%s: %v, want a skip about %q", c.c.Name, err, c.skip)
		}
		if c.c.Name == "a" && (len(p.Spec.Containers[0].Env) != 1 || p.Spec.Containers[0].Env[0].Value != "9090") {
			t.Errorf("the agent is not told its ports: %v", p.Spec.Containers[0].Env)
		}
	}
}
