package live

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/podlife/podlife/pkg/agent"
	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/printer"
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
	s := assemble(&scene{d: d, ns: "podlife-t", start: time.Now(), ctx: ctx, cancel: cancel, changed: make(chan struct{}),
		pods: map[string]*podTrack{}, counts: map[string]int32{},
		nodeAlias: map[string]string{}, classes: map[string]string{}, printOpts: d.printOpts})
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
	s.obs.onAgentLine(tr, c, in, string(raw), l)
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
	tr := s.obs.track("web", pod)
	running := pod.DeepCopy()
	running.ResourceVersion = "2"
	running.Status = corev1.PodStatus{Phase: corev1.PodRunning, StartTime: &metav1.Time{Time: s.start},
		ContainerStatuses: []corev1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1", Ready: true,
			State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}}}
	s.mu.Lock()
	s.obs.observe(tr, running, s.start.Add(100*time.Millisecond), false)
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
	s.obs.inferKill(tr, tr.ctrs["app"], in, "test")
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
	s.obs.track("web", pod)
	ev := func(reason, msg string, count int32) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "web." + reason, UID: types.UID("e-" + reason)},
			InvolvedObject: corev1.ObjectReference{Kind: "Pod", Name: "web", UID: "u1", FieldPath: "spec.containers{app}"},
			Reason:         reason, Message: msg, Count: count, Type: "Warning"}
	}
	s.obs.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 1))
	s.obs.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 3))
	s.obs.onEvent(ev("Unhealthy", "Liveness probe failed: liveness false", 3)) // the same again
	s.obs.onEvent(ev("BackOff", "Back-off restarting failed container app in pod web", 1))
	s.obs.onEvent(ev("BackOff", `Back-off pulling image "x"`, 1))
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

// TestBudgetEventsAreRecorded: the disruption controller's events on a
// budget are on the timeline under "pdb/<name>", as on the simulator,
// each occurrence once; a ReplicaSet's under "replicaset/<name>"
// (workloads.go); events on other kinds of object are not.
func TestBudgetEventsAreRecorded(t *testing.T) {
	s := testSession(t)
	ev := func(kind, name, reason string, count int32) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: name + "." + reason, UID: types.UID("e-" + kind + name + reason)},
			InvolvedObject: corev1.ObjectReference{Kind: kind, Name: name, Namespace: s.ns},
			Reason:         reason, Message: "m", Count: count, Type: "Normal"}
	}
	s.obs.onEvent(ev("PodDisruptionBudget", "web", "NoPods", 1))
	s.obs.onEvent(ev("PodDisruptionBudget", "web", "NoPods", 2))
	s.obs.onEvent(ev("PodDisruptionBudget", "web", "NoPods", 2)) // the same again
	s.obs.onEvent(ev("ReplicaSet", "web", "SuccessfulCreate", 1))
	s.obs.onEvent(ev("Service", "web", "Type", 1))
	tl := s.rec.snapshot(-1)
	if n := timeline.Count(tl, timeline.Selector{Pod: "pdb/web", Kind: timeline.KubeEvent, Reason: "NoPods"}); n != 2 {
		t.Errorf("NoPods on pdb/web %d times, want 2:\n%s", n, timelineText(tl, "pdb/web"))
	}
	if n := timeline.Count(tl, timeline.Selector{Pod: "replicaset/web", Kind: timeline.KubeEvent, Reason: "SuccessfulCreate"}); n != 1 {
		t.Errorf("a replica set's event recorded %d times, want 1", n)
	}
	if n := timeline.Count(tl, timeline.Selector{Kind: timeline.KubeEvent, Reason: "Type", AnyContainer: true}); n != 0 {
		t.Errorf("a service's event recorded %d times", n)
	}
}

// TestOfflineClusterSkipsWhatItCannotRun: images it does not have, and
// pulls from a registry.
func TestOfflineClusterSkipsWhatItCannotRun(t *testing.T) {
	s := testSession(t)
	s.d.opt.Images = []string{"busybox:1.36"}
	cases := []struct {
		c      corev1.Container
		shaped bool // behaviour steps gave it a behaviour (an annotation)
		skip   string
	}{
		{c: corev1.Container{Name: "a", Image: behavior.Image, Ports: []corev1.ContainerPort{{ContainerPort: 9090}}}},
		{c: corev1.Container{Name: "b", Image: "docker.io/library/busybox:1.36"}},
		{c: corev1.Container{Name: "c", Image: behavior.UnpullableImage}},
		{c: corev1.Container{Name: "d", Image: "nginx:1.27"}, skip: "does not have"},
		{c: corev1.Container{Name: "e", Image: "busybox"}, skip: "registry"},
		{c: corev1.Container{Name: "f", Image: behavior.Image, ImagePullPolicy: corev1.PullAlways}, skip: "registry"},
		// dsl.md, "Defaults": a behaviour step on an image container
		// makes the scenario skipped on a cluster, with the reason.
		{c: corev1.Container{Name: "g", Image: "busybox:1.36", Command: []string{"sleep", "30"}}, shaped: true, skip: "runs image busybox:1.36, which a cluster runs as written"},
	}
	for _, c := range cases {
		p := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{c.c}}}
		if c.shaped {
			p.Annotations = map[string]string{behavior.Annotation(c.c.Name): behavior.EncodeAnnotation(behavior.Default())}
		}
		err := s.prepareContainers(p)
		switch {
		case c.skip == "" && err != nil:
			t.Errorf("%s: %v", c.c.Name, err)
		case c.skip != "" && (!errors.Is(err, driver.ErrUnsupported) || !strings.Contains(err.Error(), c.skip)):
			t.Errorf("%s: %v, want a skip about %q", c.c.Name, err, c.skip)
		}
		if c.c.Name == "a" && (len(p.Spec.Containers[0].Env) != 1 || p.Spec.Containers[0].Env[0].Value != "9090") {
			t.Errorf("the agent is not told its ports: %v", p.Spec.Containers[0].Env)
		}
	}
}

// TestAgentAnsweredProbesFailAtTheAnswer: a probe the agent answers fails
// when the agent says so, not when the kubelet's Unhealthy event arrives.
func TestAgentAnsweredProbesFailAtTheAnswer(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image,
			LivenessProbe:  &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand("liveness")}}},
			ReadinessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{TCPSocket: &corev1.TCPSocketAction{}}},
		}}}}
	tr := s.obs.track("web", pod)
	c := tr.ctrs["app"]
	in := &instTrack{id: "c1", attached: make(chan struct{})}
	c.insts["c1"], c.order = in, []string{"c1"}
	s.line(t, "web", "app", 30*time.Second, agent.Line{Ev: agent.EvProbe, Kind: "liveness", OK: new(bool), Via: "exec"})
	unhealthy := &corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "u", UID: "e1"}, Reason: "Unhealthy", Count: 1,
		InvolvedObject: corev1.ObjectReference{Kind: "Pod", Name: "web", UID: "u1", FieldPath: "spec.containers{app}"}}
	unhealthy.Message = "Liveness probe failed: liveness false"
	s.obs.onEvent(unhealthy)
	ready := unhealthy.DeepCopy()
	ready.UID, ready.Message = "e2", "Readiness probe failed: dial tcp: connection refused"
	s.obs.onEvent(ready)
	tl := s.rec.snapshot(-1)
	live := timeline.Selector{Pod: "web", Container: "app", Kind: timeline.ProbeFailed, Reason: "liveness"}
	if n := timeline.Count(tl, live); n != 1 {
		t.Errorf("ProbeFailed(liveness) %d times, want 1 (from the agent's line)", n)
	}
	if e, _ := timeline.First(tl, timeline.Beginning, live); e.At != 30*time.Second {
		t.Errorf("ProbeFailed(liveness) at %s, want 30s", e.At)
	}
	if n := timeline.Count(tl, timeline.Selector{Pod: "web", Container: "app", Kind: timeline.ProbeFailed, Reason: "readiness"}); n != 1 {
		t.Errorf("a TCP probe's failure, which the agent cannot see, comes from the event: %d", n)
	}
}

// TestExecProbeAnswersFromTheAgentsCommand: an exec probe whose command
// the agent serves (false here) is answered at each of its lines' ends,
// so its worker's phase is measured as the agent's own probe command's;
// a hook's exec of the same program is not a probe's answer.
func TestExecProbeAnswersFromTheAgentsCommand(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image,
			StartupProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"false"}}}},
			Lifecycle:    &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "1"}}}},
		}}}}
	tr := s.obs.track("web", pod)
	c := tr.ctrs["app"]
	in := &instTrack{id: "c1", attached: make(chan struct{})}
	c.insts["c1"], c.order = in, []string{"c1"}
	one := 1
	for _, at := range []time.Duration{1300 * time.Millisecond, 2300 * time.Millisecond} {
		s.line(t, "web", "app", at-time.Millisecond, agent.Line{Ev: agent.EvExec, Phase: "start", Argv: []string{"false"}})
		s.line(t, "web", "app", at, agent.Line{Ev: agent.EvExec, Phase: "end", Argv: []string{"false"}, Code: &one})
	}
	s.line(t, "web", "app", 3*time.Second, agent.Line{Ev: agent.EvExec, Phase: "end", Argv: []string{"sleep", "1"}, Code: new(int)})
	// A probe command that takes its time ends where no answer was: its
	// timeout may have come first.
	tr2 := s.obs.track("slow", &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image,
		LivenessProbe: &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "10"}}}, TimeoutSeconds: 1}}}}})
	c2 := tr2.ctrs["app"]
	c2.insts["c2"], c2.order = &instTrack{id: "c2", attached: make(chan struct{})}, []string{"c2"}
	s.line(t, "slow", "app", 15*time.Second, agent.Line{Ev: agent.EvExec, Phase: "end", Argv: []string{"sleep", "10"}, Code: new(int)})
	if got := s.win.ProbeAnswers(timeline.Selector{Pod: "slow", Container: "app"}, "liveness"); len(got) != 0 {
		t.Errorf("a sleep 10 probe's end taken for its answer: %v", got)
	}
	got := s.win.ProbeAnswers(timeline.Selector{Pod: "web", Container: "app"}, "startup")
	if want := []time.Duration{1300 * time.Millisecond, 2300 * time.Millisecond}; !slices.Equal(got, want) {
		t.Errorf("the startup probe's answers: %v, want %v", got, want)
	}
}

// TestMirrorPodRecreated: a static pod is followed under its scenario
// name through its mirror pods; deleting one is its end (Deleted) and the
// kubelet's new one is PodCreated with its phase again, while the
// containers run on: nothing stops or restarts.
func TestMirrorPodRecreated(t *testing.T) {
	s := testSession(t)
	spec := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "etcd", Namespace: s.ns},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: "registry.example/etcd:1"}}}}
	tr := s.obs.track("etcd", spec)
	tr.api, tr.static = "etcd-node-1", true
	mirror := func(uid types.UID, rv string) *corev1.Pod {
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "etcd-node-1", Namespace: s.ns, UID: uid, ResourceVersion: rv},
			Spec: corev1.PodSpec{NodeName: "node-1", Containers: spec.Spec.Containers},
			Status: corev1.PodStatus{Phase: corev1.PodRunning, StartTime: &metav1.Time{Time: s.start},
				Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue}},
				ContainerStatuses: []corev1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1", Ready: true,
					State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}}}}
	}
	first := mirror("m1", "1")
	s.obs.onPod(first, false)
	deleting := first.DeepCopy()
	deleting.ResourceVersion = "2"
	deleting.DeletionTimestamp = &metav1.Time{Time: s.start.Add(time.Second)}
	grace := int64(30)
	deleting.DeletionGracePeriodSeconds = &grace
	s.obs.onPod(deleting, false)
	s.obs.onPod(deleting, true)
	if _, ok := s.View().(*view).pods["etcd"]; ok {
		t.Errorf("the view still has the deleted mirror pod")
	}
	s.obs.onPod(mirror("m2", "3"), false)
	// An event about the static pod (its own UID, not a mirror's) is the
	// scenario pod's.
	s.obs.onEvent(&corev1.Event{ObjectMeta: metav1.ObjectMeta{Name: "e1", UID: "e1"}, Count: 1, Reason: "Pulled",
		InvolvedObject: corev1.ObjectReference{Kind: "Pod", Name: "etcd-node-1", UID: "static-uid", FieldPath: "spec.containers{app}"}})

	// The watch's events are stamped when they arrive (time.Now): their
	// order is the point, not their milliseconds.
	var lines []string
	for _, l := range strings.Split(timelineText(s.View().Timeline(), "etcd"), "\n") {
		_, rest, _ := strings.Cut(l, " ")
		lines = append(lines, rest)
	}
	got := strings.Join(lines, "\n")
	want := strings.Join([]string{
		"app Created", "app Started", "- Admitted", "app Ready", "- Phase(Running)", "- Status(Running)",
		"- DeleteRequested(30s)", "- Status(Terminating)", "- Deleted",
		"- PodCreated", "- Phase(Running)", "- Status(Running)",
	}, "\n")
	if got != want {
		t.Errorf("timeline:\n%s\nwant:\n%s", got, want)
	}
	var pulled bool
	for _, e := range s.View().Timeline() {
		pulled = pulled || (e.Kind == timeline.KubeEvent && e.Reason == "Pulled" && e.Pod == "etcd")
	}
	if !pulled {
		t.Errorf("the static pod's event is not in its timeline")
	}
	if p := s.View().Pod("etcd"); p == nil || p.UID != "m2" {
		t.Errorf("the view's etcd is %v, want the new mirror pod", p)
	}
}

// TestRejectedUnderPressureIsNotAnEviction: the eviction manager's admit
// handler refuses a BestEffort pod under MemoryPressure with the reason
// Evicted; the kubelet's rejectPod message tells it from an eviction
// (seen live 2026-11-25: the pod was taken for evicted).
func TestRejectedUnderPressureIsNotAnEviction(t *testing.T) {
	for _, c := range []struct {
		name, message string
		want          timeline.Kind
	}{
		{"refused at admission", "Pod was rejected: The node had condition: [MemoryPressure]. ", timeline.Rejected},
		{"evicted after running", "The node was low on resource: memory. ", timeline.Evicted},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := testSession(t)
			spec := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns},
				Spec: corev1.PodSpec{NodeName: "node-1", Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
			s.obs.track("web", spec)
			p := spec.DeepCopy()
			p.UID, p.ResourceVersion = "u1", "1"
			p.Status = corev1.PodStatus{Phase: corev1.PodFailed, Reason: "Evicted", Message: c.message, StartTime: &metav1.Time{Time: s.start}}
			s.obs.onPod(p, false)
			var kinds []timeline.Kind
			for _, e := range s.View().Timeline() {
				if e.Kind == timeline.Rejected || e.Kind == timeline.Evicted {
					kinds = append(kinds, e.Kind)
				}
			}
			if len(kinds) != 1 || kinds[0] != c.want {
				t.Errorf("recorded %v, want %v", kinds, c.want)
			}
		})
	}
}

// TestRejectedAfterAStartTime: a real kubelet that had just restarted
// wrote a status with startTime (Admitted) before the rejection's Failed
// status, 9.4 s later (v1.36.3, admission.feature:173): the rejection is
// still recorded, once, and a pod that ran is not "rejected" by a later
// Failed status.
func TestRejectedAfterAStartTime(t *testing.T) {
	s := testSession(t)
	spec := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns},
		Spec: corev1.PodSpec{NodeName: "node-1", Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	s.obs.track("web", spec)
	p := spec.DeepCopy()
	p.UID, p.ResourceVersion = "u1", "1"
	p.Status = corev1.PodStatus{Phase: corev1.PodPending, StartTime: &metav1.Time{Time: s.start}}
	s.obs.onPod(p, false)
	p = p.DeepCopy()
	p.ResourceVersion = "2"
	p.Status.Phase, p.Status.Reason, p.Status.Message = corev1.PodFailed, "OutOfcpu", "Pod was rejected: Node didn't have enough resource: cpu, requested: 3000, used: 0, capacity: 2000"
	s.obs.onPod(p, false)
	s.obs.onPod(p, false)
	var kinds []string
	for _, e := range s.View().Timeline() {
		if e.Kind == timeline.Rejected || e.Kind == timeline.Admitted {
			kinds = append(kinds, e.Label())
		}
	}
	if strings.Join(kinds, ",") != "Admitted,Rejected(OutOfcpu)" {
		t.Errorf("recorded %v, want Admitted then Rejected(OutOfcpu)", kinds)
	}
}

// TestFlushWaitsForTheStartLine: a scenario's recorded timeline waits for
// the start line of an agent whose log was attached late (behind a
// postStart), and no longer than flushWait for one that never comes.
func TestFlushWaitsForTheStartLine(t *testing.T) {
	s := testSession(t)
	s.obs.track("web", &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}})
	s.mu.Lock()
	in := &instTrack{id: "containerd://a", followed: true, attached: make(chan struct{})}
	c := s.pods["web"].ctrs["app"]
	c.insts[in.id] = in
	c.order = append(c.order, in.id)
	s.mu.Unlock()
	go func() {
		time.Sleep(300 * time.Millisecond)
		s.mu.Lock()
		s.obs.started(s.pods["web"], c, in, time.Now())
		s.mu.Unlock()
	}()
	began := time.Now()
	s.Flush(context.Background())
	if took := time.Since(began); took < 250*time.Millisecond || took > flushWait {
		t.Fatalf("Flush returned after %s: want it to wait for the start line (0.3 s)", took)
	}
	s.mu.Lock()
	in2 := &instTrack{id: "containerd://b", followed: true, attached: make(chan struct{})}
	c.insts[in2.id] = in2
	s.mu.Unlock()
	began = time.Now()
	s.Flush(context.Background())
	if took := time.Since(began); took < flushWait || took > flushWait+time.Second {
		t.Fatalf("Flush with a start line that never comes returned after %s, want %s", took, flushWait)
	}
}

// TestViewsBetweenReadsThePast: the pods as observed at a time, and after
// each change up to another, for a state check that reads the current
// time after an untimed expectation ran the session past it. A version
// counts from its delivery; a pod gone is absent from then on.
func TestViewsBetweenReadsThePast(t *testing.T) {
	const ms = time.Millisecond
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	tr := s.obs.track("web", pod)
	version := func(rv string, phase corev1.PodPhase) *corev1.Pod {
		p := pod.DeepCopy()
		p.ResourceVersion, p.Status.Phase = rv, phase
		return p
	}
	s.mu.Lock()
	s.obs.observe(tr, version("2", corev1.PodPending), s.start.Add(100*ms), false)
	s.obs.observe(tr, version("3", corev1.PodRunning), s.start.Add(900*ms), false)
	s.obs.observe(tr, version("4", corev1.PodSucceeded), s.start.Add(3000*ms), false)
	s.obs.observe(tr, version("4", corev1.PodSucceeded), s.start.Add(5000*ms), true)
	s.mu.Unlock()

	phases := func(from, to time.Duration) string {
		var out []string
		for _, v := range s.ViewsBetween(from, to) {
			if p := v.Pod("web"); p != nil {
				out = append(out, string(p.Status.Phase))
			} else {
				out = append(out, "gone")
			}
		}
		return strings.Join(out, " ")
	}
	for _, tc := range []struct {
		name     string
		from, to time.Duration
		want     string
	}{
		{"before the first delivery the pod is not seen", 0, 50 * ms, "gone"},
		{"the version delivered before from, then each change", 500 * ms, 3500 * ms, "Pending Running Succeeded"},
		{"a change after to is not read", 1000 * ms, 2999 * ms, "Running"},
		{"the deletion makes the pod absent", 4000 * ms, 6000 * ms, "Succeeded gone"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := phases(tc.from, tc.to); got != tc.want {
				t.Errorf("phases between %s and %s = %q, want %q", tc.from, tc.to, got, tc.want)
			}
		})
	}
	// Each view of the past says when it stood (driver.Dated), so that a
	// state found in it is timed: at from, then at each change.
	var at []time.Duration
	for _, v := range s.ViewsBetween(500*ms, 3500*ms) {
		at = append(at, v.(driver.Dated).At())
	}
	if want := []time.Duration{500 * ms, 900 * ms, 3000 * ms}; !slices.Equal(at, want) {
		t.Errorf("the views between 500ms and 3.5s stood at %v, want %v", at, want)
	}
	// A view of the past prints the pod as it was, not as the API shows it now.
	views := s.ViewsBetween(1000*ms, 1000*ms)
	if c, ok := views[0].(driver.PodPrinter).PrintPod("web"); !ok || c.Status != "Running" {
		t.Errorf("STATUS of the past view = %q (%v), want Running", c.Status, ok)
	}
}

// TestSkewedScenarioPrintsWithItsRelease: a scenario that names kubelet
// 1.34 alone means a 1.34 cluster; on a skewed node under a 1.36 API
// server its STATUS column follows 1.34's printer (a pod with a completed
// and a failed container and one running: Completed, where 1.35+ shows
// the failed one's Error); a scenario naming its control plane keeps the
// API server's.
func TestSkewedScenarioPrintsWithItsRelease(t *testing.T) {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", UID: "u1", ResourceVersion: "2"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "first"}, {Name: "second"}, {Name: "third"}}},
		Status: corev1.PodStatus{Phase: corev1.PodRunning, ContainerStatuses: []corev1.ContainerStatus{
			{Name: "first", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 0, Reason: "Completed"}}},
			{Name: "second", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 1, Reason: "Error"}}},
			{Name: "third", State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{}}},
		}}}
	for _, tc := range []struct {
		name string
		sc   driver.Scenario
		want string
	}{
		{"@kubelet:1.34 alone: 1.34's printer", driver.Scenario{KubeletVersion: "1.34"}, "Completed"},
		{"@kubelet:1.34 @control-plane:1.36: the API server's", driver.Scenario{KubeletVersion: "1.34", ControlPlaneVersion: "1.36"}, "Error"},
		{"no release named: the API server's", driver.Scenario{}, "Error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			s.printOpts = scenarioPrinter(printer.ForMinor(36), tc.sc)
			tr := s.obs.track("web", pod)
			s.mu.Lock()
			s.obs.observe(tr, pod, s.start.Add(time.Second), false)
			s.mu.Unlock()
			got := ""
			for _, e := range s.rec.snapshot(-1) {
				if e.Kind == timeline.Status {
					got = e.Reason
				}
			}
			if got != tc.want {
				t.Errorf("STATUS %q, want %q", got, tc.want)
			}
		})
	}
}

// TestCreateAnswerOlderThanTheWatch: a kubelet that rejects a pod within
// milliseconds writes Failed before the create's answer (Pending) is
// handled; the watch's later version must not be replaced by the answer.
func TestCreateAnswerOlderThanTheWatch(t *testing.T) {
	s := testSession(t)
	cs := fake.NewClientset()
	s.d.cs = cs
	cs.PrependReactor("create", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		p := a.(k8stesting.CreateAction).GetObject().(*corev1.Pod).DeepCopy()
		p.UID, p.ResourceVersion = "u1", "1"
		p.Status.Phase = corev1.PodPending
		rejected := p.DeepCopy()
		rejected.ResourceVersion = "3"
		rejected.Status = corev1.PodStatus{Phase: corev1.PodFailed, Reason: "OutOfmemory", Message: "Pod was rejected: no room"}
		s.obs.onPod(rejected, false)
		return true, p, nil
	})
	if err := s.Apply(context.Background(), &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "big"}}); err != nil {
		t.Fatal(err)
	}
	if got := s.podsNow()["big"]; got == nil || got.Status.Phase != corev1.PodFailed {
		t.Fatalf("the pod after the create: %v, want the watch's Failed", got)
	}
	for _, e := range s.rec.snapshot(s.at(time.Now())) {
		if e.Pod == "big" && e.Kind == timeline.Phase && e.Reason == string(corev1.PodPending) {
			t.Errorf("the timeline went back to Pending after Failed: %+v", e)
		}
	}
}

// TestSidecarSIGTERMAtTheGracesEndIsWithoutTurn: a sidecar's SIGTERM seen
// when the deletion's grace has run out (to the observers' precision) is
// marked timeline.WithoutTurn, as the simulator marks a sidecar whose wait
// for its turn ran out (behaviour sidecar-grace-end-concurrent); one
// before, which followed the main containers, and a main container's are
// not.
func TestSidecarSIGTERMAtTheGracesEndIsWithoutTurn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		ctr    string
		at     time.Duration
		marked bool
	}{
		{"the sidecar at the grace's end", "proxy", 11020 * time.Millisecond, true},
		{"the sidecar just before it, within the precision", "proxy", 10900 * time.Millisecond, true},
		{"the sidecar after the main container, inside the grace", "proxy", 5 * time.Second, false},
		{"a main container", "app", 11020 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			always := corev1.ContainerRestartPolicyAlways
			grace := int64(10)
			pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
				Spec: corev1.PodSpec{TerminationGracePeriodSeconds: &grace,
					InitContainers: []corev1.Container{{Name: "proxy", Image: behavior.Image, RestartPolicy: &always}},
					Containers:     []corev1.Container{{Name: "app", Image: behavior.Image}}}}
			tr := s.obs.track("web", pod)
			running := pod.DeepCopy()
			running.ResourceVersion = "2"
			running.Status = corev1.PodStatus{Phase: corev1.PodRunning, StartTime: &metav1.Time{Time: s.start},
				InitContainerStatuses: []corev1.ContainerStatus{{Name: "proxy", ContainerID: "containerd://c0",
					State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}},
				ContainerStatuses: []corev1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1",
					State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}}}
			deleting := running.DeepCopy()
			deleting.ResourceVersion = "3"
			deleting.DeletionTimestamp = &metav1.Time{Time: s.start.Add(11 * time.Second)}
			deleting.DeletionGracePeriodSeconds = &grace
			s.mu.Lock()
			s.obs.observe(tr, running, s.start.Add(100*time.Millisecond), false)
			s.obs.observe(tr, deleting, s.start.Add(time.Second), false)
			s.mu.Unlock()
			s.line(t, "web", tc.ctr, 50*time.Millisecond, agent.Line{Ev: agent.EvStart, PID: 1})
			s.line(t, "web", tc.ctr, tc.at, agent.Line{Ev: agent.EvSignal, Sig: "SIGTERM"})
			var got []timeline.Event
			for _, e := range s.rec.snapshot(-1) {
				if e.Kind == timeline.SIGTERM {
					got = append(got, e)
				}
			}
			if len(got) != 1 || got[0].Container != tc.ctr || (got[0].Message == timeline.WithoutTurn) != tc.marked {
				t.Errorf("SIGTERMs %v, want one of %s, marked %v", got, tc.ctr, tc.marked)
			}
		})
	}
}

// TestOneUpdateRecordedInCausalOrder: the changes of one status update
// are one instant, recorded as the simulator records a status write: the
// sandbox's condition, the container's readiness, then ContainersReady
// before Ready, though the API lists Ready first (held-out set 41's table
// row ContainersReady then Ready failed on kind at 23:38, 2026-11-30).
func TestOneUpdateRecordedInCausalOrder(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	tr := s.obs.track("web", pod)
	up := pod.DeepCopy()
	up.ResourceVersion = "2"
	cond := func(t corev1.PodConditionType) corev1.PodCondition {
		return corev1.PodCondition{Type: t, Status: corev1.ConditionTrue}
	}
	up.Status = corev1.PodStatus{Phase: corev1.PodRunning, StartTime: &metav1.Time{Time: s.start},
		// The API's order (generateAPIPodStatus).
		Conditions: []corev1.PodCondition{cond(corev1.PodReadyToStartContainers), cond(corev1.PodInitialized), cond(corev1.PodReady), cond(corev1.ContainersReady), cond(corev1.PodScheduled)},
		ContainerStatuses: []corev1.ContainerStatus{{Name: "app", ContainerID: "containerd://c1", Ready: true,
			State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.Time{Time: s.start}}}}}}
	s.mu.Lock()
	s.obs.observe(tr, up, s.start.Add(100*time.Millisecond), false)
	s.mu.Unlock()
	var order []string
	for _, e := range s.rec.snapshot(-1) {
		if e.Pod == "web" && (e.Kind == timeline.Condition || e.Kind == timeline.Ready || e.Kind == timeline.SandboxReady) {
			order = append(order, e.Label())
		}
	}
	want := []string{"Condition(PodScheduled=True)", "SandboxReady", "Condition(PodReadyToStartContainers=True)", "Condition(Initialized=True)", "Ready", "Condition(ContainersReady=True)", "Condition(Ready=True)"}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Errorf("recorded\n  %s\nwant\n  %s", strings.Join(order, " "), strings.Join(want, " "))
	}
}
