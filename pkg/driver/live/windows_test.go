package live

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestMarginCauses pins the live margins whose width comes from the
// kubelet's own cause of an event rather than from the observer.
func TestMarginCauses(t *testing.T) {
	const ms = time.Millisecond
	agentPod := func(b behavior.Behavior, limit string, deadline *int64) *corev1.Pod {
		c := corev1.Container{Name: "app", Image: behavior.Image, Args: b.Args()}
		if limit != "" {
			c.Resources.Limits = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(limit)}
		}
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"},
			Spec: corev1.PodSpec{ActiveDeadlineSeconds: deadline, Containers: []corev1.Container{c}}}
	}
	ten := int64(10)
	hog := behavior.Default()
	hog.Memory = []behavior.Usage{{Quantity: resource.MustParse("256Mi"), After: 5 * time.Second}}
	within := behavior.Default()
	within.Memory = []behavior.Usage{{Quantity: resource.MustParse("64Mi"), After: 5 * time.Second}}
	for _, tc := range []struct {
		name      string
		pod       *corev1.Pod
		kind      timeline.Kind
		wantEarly time.Duration
		wantLate  time.Duration
	}{
		// At 50 MiB/s (no fill measured yet), 128Mi take 2.56 s; the
		// margin allows twice that, for a busier moment.
		{"an OOM kill waits for the limit's worth of memory to fault in", agentPod(hog, "128Mi", nil), timeline.Exited, 250 * ms, precision + hop + 2*2560*ms},
		{"memory within the limit adds nothing to an exit", agentPod(within, "128Mi", nil), timeline.Exited, 250 * ms, precision + hop},
		{"without a limit nothing is killed for memory", agentPod(hog, "", nil), timeline.Exited, 250 * ms, precision + hop},
		{"activeDeadlineSeconds counts from startTime, set before the container started (1.3 s here)", agentPod(behavior.Default(), "", &ten), timeline.SIGTERM, 250*ms + 1300*ms, precision + hop + relist},
		{"a kill without a deadline counts from the container's start", agentPod(behavior.Default(), "", nil), timeline.SIGTERM, 250 * ms, precision + hop + relist},
		{"an exec preStop hook's process starts after the runtime's exec", func() *corev1.Pod {
			p := agentPod(behavior.Default(), "", nil)
			p.Spec.Containers[0].Lifecycle = &corev1.Lifecycle{PreStop: &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"sleep", "2"}}}}
			return p
		}(), timeline.PreStopStarted, 250 * ms, precision + hop + relist + execHop},
		{"a start the kubelet makes after a relist waits on the runtime too", agentPod(behavior.Default(), "", nil), timeline.Started, 250 * ms, precision + hop + relist + startHop},
		// Calibrated at 1 GiB/s: 128Mi take 125 ms.
		{"calibrated: an OOM kill waits for the limit at the run's fill rate", agentPod(hog, "128Mi", nil), timeline.Exited, 250 * ms, precision + hop + 2*125*ms},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			if strings.HasPrefix(tc.name, "calibrated") {
				s.d.cal.Fill = 1 << 30
			}
			s.obs.track("web", tc.pod)
			s.mu.Lock()
			s.record(timeline.Event{At: 50 * ms, Pod: "web", Kind: timeline.Admitted})
			s.record(timeline.Event{At: 1350 * ms, Pod: "web", Container: "app", Kind: timeline.Started})
			s.mu.Unlock()
			early, late := s.win.Margin(timeline.Selector{Pod: "web", Container: "app", Kind: tc.kind}, driver.ActionCreate)
			if early != tc.wantEarly || late != tc.wantLate {
				t.Errorf("margin = -%s +%s, want -%s +%s", early, late, tc.wantEarly, tc.wantLate)
			}
		})
	}
}

// TestStartGatedBySidecarStartupProbe: a container after a sidecar with a
// startupProbe starts at that probe's first success, which the real
// kubelet's worker sees up to a period after the initial delay (CI,
// 2026-11-26: the app started 0.88 s after the 5 s delay on a 1 s
// period); the sidecar's own start, and a pod without such a probe, are
// not widened.
func TestStartGatedBySidecarStartupProbe(t *testing.T) {
	const ms = time.Millisecond
	always := corev1.ContainerRestartPolicyAlways
	pod := func(probe *corev1.Probe, restart *corev1.ContainerRestartPolicy) *corev1.Pod {
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{
			InitContainers: []corev1.Container{{Name: "mesh", Image: behavior.Image, RestartPolicy: restart, StartupProbe: probe}},
			Containers:     []corev1.Container{{Name: "app", Image: behavior.Image}},
		}}
	}
	startup := func(period int32) *corev1.Probe {
		return &corev1.Probe{InitialDelaySeconds: 5, PeriodSeconds: period,
			ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"true"}}}}
	}
	for _, tc := range []struct {
		name      string
		pod       *corev1.Pod
		container string
		want      time.Duration
	}{
		{"the app waits for the sidecar's probe: a period more", pod(startup(1), &always), "app", precision + hop + time.Second},
		{"the default period is the API server's 10 s", pod(startup(0), &always), "app", precision + hop + 10*time.Second},
		{"the sidecar's own start is not held by its probe", pod(startup(1), &always), "mesh", precision + hop},
		{"an init container that is not a sidecar gates by its exit, not a probe", pod(startup(1), nil), "app", precision + hop},
		{"a sidecar without a startupProbe holds nothing back", pod(nil, &always), "app", precision + hop},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			s.obs.track("web", tc.pod)
			early, late := s.win.Margin(timeline.Selector{Pod: "web", Container: tc.container, Kind: timeline.Started}, "")
			if early != 250*ms || late != tc.want {
				t.Errorf("margin = -%s +%s, want -%s +%s", early, late, 250*ms, tc.want)
			}
		})
	}
}

// TestRuntimeExitSeenAtOnce: an agent killed after SIGTERM (it cannot log
// its end) is recorded killed when the runtime's exit event arrives, at
// the runtime's time, without waiting for the API's status; another
// container's exit, or an exit not by a kill, records nothing.
func TestRuntimeExitSeenAtOnce(t *testing.T) {
	s := testSession(t)
	c := corev1.Container{Name: "app", Image: behavior.Image, Args: behavior.Default().Args()}
	tr := s.obs.track("web", &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{Containers: []corev1.Container{c}}})
	in := &instTrack{id: "containerd://abc", started: true, sigterm: s.start.Add(50 * time.Second), lastLine: s.start.Add(52 * time.Second), attached: make(chan struct{})}
	tr.ctrs["app"].insts[in.id] = in
	tr.ctrs["app"].order = []string{in.id}
	kills := func() (out []string) {
		for _, e := range s.rec.snapshot(-1) {
			if e.Kind == timeline.SIGKILL || e.Kind == timeline.Exited {
				out = append(out, timeline.FormatOffset(e.At)+" "+e.Label())
			}
		}
		return out
	}
	s.obs.onRuntimeExit("other", runtimeExit{At: s.start.Add(53 * time.Second), Status: 137})
	s.obs.onRuntimeExit("abc", runtimeExit{At: s.start.Add(53 * time.Second), Status: 0})
	if k := kills(); len(k) != 0 {
		t.Fatalf("recorded %v for another container's exit or an exit 0", k)
	}
	s.obs.onRuntimeExit("abc", runtimeExit{At: s.start.Add(53800 * time.Millisecond), Status: 137})
	if k := kills(); len(k) != 2 || k[0] != "53.8s SIGKILL" || k[1] != "53.8s Exited(137)" {
		t.Errorf("recorded %v, want SIGKILL and Exited(137) at 53.8s", k)
	}
}

// TestUnobserved pins what a cluster cannot see, so that an expectation
// about it is a skip with a reason: signals of image containers whose
// SIGTERM does not follow the Killing event at once, the end of a hook
// the kubelet runs itself or runs in an image container, and the end of
// a sidecar's sleep preStop (its SIGTERM waits for the main containers).
func TestUnobserved(t *testing.T) {
	always := corev1.ContainerRestartPolicyAlways
	sleepHook := &corev1.LifecycleHandler{Sleep: &corev1.SleepAction{Seconds: 1}}
	execHook := &corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: []string{"true"}}}
	image := func(lc *corev1.Lifecycle) corev1.Container {
		return corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Lifecycle: lc}
	}
	agentC := func(name string, lc *corev1.Lifecycle) corev1.Container {
		return corev1.Container{Name: name, Image: behavior.Image, Lifecycle: lc}
	}
	pod := func(init []corev1.Container, cs ...corev1.Container) *corev1.Pod {
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{InitContainers: init, Containers: cs}}
	}
	sidecar := agentC("proxy", &corev1.Lifecycle{PreStop: sleepHook})
	sidecar.RestartPolicy = &always
	for _, tc := range []struct {
		name      string
		pod       *corev1.Pod
		container string
		kind      timeline.Kind
		unseen    bool
	}{
		{"an image container without a preStop: SIGTERM is its Killing event", pod(nil, image(nil)), "app", timeline.SIGTERM, false},
		{"an image container with a preStop: its SIGTERM is not seen", pod(nil, image(&corev1.Lifecycle{PreStop: execHook})), "app", timeline.SIGTERM, true},
		{"the end of an image container's exec preStop is not seen", pod(nil, image(&corev1.Lifecycle{PreStop: execHook})), "app", timeline.PreStopDone, true},
		{"the agent's SIGTERM is seen", pod(nil, agentC("app", nil)), "app", timeline.SIGTERM, false},
		{"the end of a sleep postStart is not seen, even in the agent", pod(nil, agentC("app", &corev1.Lifecycle{PostStart: sleepHook})), "app", timeline.PostStartDone, true},
		{"the end of an exec postStart the agent serves is seen", pod(nil, agentC("app", &corev1.Lifecycle{PostStart: execHook})), "app", timeline.PostStartDone, false},
		{"a regular container's sleep preStop ends at its SIGTERM", pod(nil, agentC("app", &corev1.Lifecycle{PreStop: sleepHook})), "app", timeline.PreStopDone, false},
		{"a sidecar's sleep preStop end is not seen", pod([]corev1.Container{sidecar}, agentC("app", nil)), "proxy", timeline.PreStopDone, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			s.obs.track("web", tc.pod)
			why := s.win.Unobserved(timeline.Selector{Pod: "web", Container: tc.container, Kind: tc.kind})
			if (why != "") != tc.unseen {
				t.Errorf("Unobserved = %q, want unseen %v", why, tc.unseen)
			}
		})
	}
}
