package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// newSim is a simulator with the default node of docs/language.md.
func newSim(t *testing.T, version string) *Simulator {
	t.Helper()
	return newSeededSim(t, version, 1)
}

// newSeededSim is newSim with another seed.
func newSeededSim(t *testing.T, version string, seed int64) *Simulator {
	t.Helper()
	s, err := New(Config{Seed: seed, KubeletVersion: version})
	if err != nil {
		t.Fatal(err)
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}}}
	if err := s.AddNode(node); err != nil {
		t.Fatal(err)
	}
	return s
}

// agent is an agent container shaped by mutators.
func agent(name string, muts ...func(*behavior.Behavior)) corev1.Container {
	b := behavior.Default()
	for _, m := range muts {
		m(&b)
	}
	return corev1.Container{Name: name, Image: behavior.Image, Args: b.Args()}
}

func ignoreTerm(b *behavior.Behavior) { b.Term.Ignore = true }

func termDelay(d time.Duration) func(*behavior.Behavior) {
	return func(b *behavior.Behavior) { b.Term.Delay = d }
}

func exitAfter(code int, d time.Duration) func(*behavior.Behavior) {
	return func(b *behavior.Behavior) { b.Exit = &behavior.Exit{Code: code, After: d} }
}

func withPreStop(c corev1.Container, h corev1.LifecycleHandler) corev1.Container {
	c.Lifecycle = &corev1.Lifecycle{PreStop: &h}
	return c
}

func execHook(cmd ...string) corev1.LifecycleHandler {
	return corev1.LifecycleHandler{Exec: &corev1.ExecAction{Command: cmd}}
}

func sidecar(c corev1.Container) corev1.Container {
	always := corev1.ContainerRestartPolicyAlways
	c.RestartPolicy = &always
	return c
}

func podOf(name string, grace int64, init []corev1.Container, cs ...corev1.Container) *corev1.Pod {
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.PodSpec{
		TerminationGracePeriodSeconds: &grace, InitContainers: init, Containers: cs,
	}}
}

func ptr[T any](v T) *T { return &v }

// start creates the pod and runs until it is Running.
func start(t *testing.T, s *Simulator, p *corev1.Pod) {
	t.Helper()
	if err := s.CreatePod(p); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.RunUntil(s.Now(), func() bool { return s.Pod(p.Name).Status.Phase == corev1.PodRunning }); !ok {
		t.Fatalf("pod %s did not start: %+v", p.Name, s.Pod(p.Name).Status)
	}
}

// transcript renders the selected kinds of events after t0 as
// "3s app SIGTERM" lines, the way the cases write their expectations.
func transcript(s *Simulator, t0 time.Duration, kinds ...timeline.Kind) []string {
	keep := map[timeline.Kind]bool{}
	for _, k := range kinds {
		keep[k] = true
	}
	var out []string
	for _, e := range s.Timeline() {
		if e.At < t0 || !keep[e.Kind] {
			continue
		}
		who := e.Container
		if who == "" {
			who = "-"
		}
		out = append(out, fmt.Sprintf("%s %s %s", timeline.FormatOffset(e.At-t0), who, e.Label()))
	}
	return out
}

var killKinds = []timeline.Kind{timeline.PreStopStarted, timeline.PreStopDone, timeline.SIGTERM, timeline.SIGKILL, timeline.Exited, timeline.Deleted}

func diffLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("timeline differs\n got:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

type behaviorT = behavior.Behavior

func intOrString(n int) intstr.IntOrString { return intstr.FromInt32(int32(n)) }

func deleteOpts() metav1.DeleteOptions { return metav1.DeleteOptions{} }
