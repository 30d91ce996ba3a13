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
	hog.Memory = &behavior.Usage{Quantity: resource.MustParse("256Mi"), After: 5 * time.Second}
	within := behavior.Default()
	within.Memory = &behavior.Usage{Quantity: resource.MustParse("64Mi"), After: 5 * time.Second}
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
			s.track("web", tc.pod)
			s.mu.Lock()
			s.record(timeline.Event{At: 50 * ms, Pod: "web", Kind: timeline.Admitted})
			s.record(timeline.Event{At: 1350 * ms, Pod: "web", Container: "app", Kind: timeline.Started})
			s.mu.Unlock()
			early, late := s.Margin(timeline.Selector{Pod: "web", Container: "app", Kind: tc.kind}, driver.ActionCreate)
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
			s.track("web", tc.pod)
			early, late := s.Margin(timeline.Selector{Pod: "web", Container: tc.container, Kind: timeline.Started}, "")
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
	tr := s.track("web", &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: corev1.PodSpec{Containers: []corev1.Container{c}}})
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
	s.onRuntimeExit("other", runtimeExit{At: s.start.Add(53 * time.Second), Status: 137})
	s.onRuntimeExit("abc", runtimeExit{At: s.start.Add(53 * time.Second), Status: 0})
	if k := kills(); len(k) != 0 {
		t.Fatalf("recorded %v for another container's exit or an exit 0", k)
	}
	s.onRuntimeExit("abc", runtimeExit{At: s.start.Add(53800 * time.Millisecond), Status: 137})
	if k := kills(); len(k) != 2 || k[0] != "53.8s SIGKILL" || k[1] != "53.8s Exited(137)" {
		t.Errorf("recorded %v, want SIGKILL and Exited(137) at 53.8s", k)
	}
}
