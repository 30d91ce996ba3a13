package sim

import (
	"reflect"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestShutdownGroups: migrateConfig's two groups, groupByPriority's
// placement and the kubelet's validation of the two fields
// (pkg/kubelet/nodeshutdown/nodeshutdown_manager.go; validation.go).
func TestShutdownGroups(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name               string
		requested, critics time.Duration
		want               []shutdownGroup
	}{
		{"0 is the feature off (managerStub)", 0, 0, nil},
		{"30s with 10s: 20s below SystemCriticalPriority, 10s from it", 30 * time.Second, 10 * time.Second,
			[]shutdownGroup{{0, 20}, {SystemCriticalPriority, 10}}},
		{"30s alone: the critical pods get 0s", 30 * time.Second, 0, []shutdownGroup{{0, 30}, {SystemCriticalPriority, 0}}},
		{"whole seconds", 2500 * time.Millisecond, time.Second, []shutdownGroup{{0, 1}, {SystemCriticalPriority, 1}}},
	} {
		if got := shutdownGroups(c.requested, c.critics); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	groups := shutdownGroups(30*time.Second, 10*time.Second)
	pod := func(name string, prio *int32) *podWorker {
		return &podWorker{pod: &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: corev1.PodSpec{Priority: prio}}}
	}
	ws := []*podWorker{
		pod("none", nil), pod("negative", ptr(int32(-10))), pod("user", ptr(int32(1000000000))),
		pod("cluster-critical", ptr(int32(SystemCriticalPriority))), pod("node-critical", ptr(int32(SystemCriticalPriority+1000))),
	}
	var got [][]string
	for _, g := range groupByPriority(groups, ws) {
		var names []string
		for _, w := range g {
			names = append(names, w.pod.Name)
		}
		got = append(got, names)
	}
	want := [][]string{{"none", "negative", "user"}, {"cluster-critical", "node-critical"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("groupByPriority: %v, want %v", got, want)
	}
	for _, c := range []struct {
		requested, critical time.Duration
		err                 string
	}{
		{30 * time.Second, 10 * time.Second, ""},
		{0, 0, ""},
		{10 * time.Second, 30 * time.Second, "must be <= shutdownGracePeriod"},
		{500 * time.Millisecond, 0, "must be either zero or otherwise >= 1 sec"},
		{0, 10 * time.Second, "must be <= shutdownGracePeriod"},
	} {
		err := validateShutdown(c.requested, c.critical)
		if (err == nil) != (c.err == "") || (err != nil && !strings.Contains(err.Error(), c.err)) {
			t.Errorf("validateShutdown(%s, %s) = %v, want %q", c.requested, c.critical, err, c.err)
		}
	}
}

// shutdownSim is a simulator of one node whose kubelet has the given
// shutdown grace periods.
func shutdownSim(t *testing.T, requested, critical time.Duration) *Simulator {
	t.Helper()
	s, err := New(Config{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetShutdownConfig(requested, critical); err != nil {
		t.Fatal(err)
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}}}
	if err := s.AddNode(node); err != nil {
		t.Fatal(err)
	}
	if err := s.SetShutdownConfig(requested, critical); err == nil {
		t.Fatal("the shutdown configuration set after the first node")
	}
	return s
}

// TestGracefulShutdownPowerGoesAtRelease: the kubelet releases its
// inhibitor lock when the last group is done, not at the end of
// shutdownGracePeriod: pods that stop at SIGTERM let the power go at
// once, an empty critical group is not waited for. While it shuts down
// the node is Ready=False and a new pod is rejected (NodeShutdown).
func TestGracefulShutdownPowerGoesAtRelease(t *testing.T) {
	t.Parallel()
	s := shutdownSim(t, 30*time.Second, 10*time.Second)
	start(t, s, podOf("slow", 60, nil, agent("app", termDelay(4*time.Second))))
	start(t, s, podOf("quick", 60, nil, agent("app")))
	t0 := s.Now()
	if err := s.ShutdownNode("worker-1"); err != nil {
		t.Fatal(err)
	}
	if err := s.ShutdownNode("worker-1"); err == nil {
		t.Error("a second shutdown of a node shutting down")
	}
	k := s.byNode["worker-1"]
	s.RunUntil(t0+time.Second, nil)
	if k.off {
		t.Fatal("the power went before the slow pod stopped")
	}
	if c := nodeCondition(s.api.node("worker-1"), corev1.NodeReady); c.Status != corev1.ConditionFalse || c.Reason != "KubeletNotReady" || c.Message != "node is shutting down" {
		t.Errorf("Ready condition %+v, want False KubeletNotReady: node is shutting down", c)
	}
	late := podOf("late", 30, nil, agent("app"))
	late.Spec.NodeName = "worker-1"
	if err := s.CreatePod(late); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now(), nil)
	if st := s.Pod("late").Status; st.Phase != corev1.PodFailed || st.Reason != "NodeShutdown" || st.Message != "Pod was rejected: Pod was rejected as the node is shutting down." {
		t.Errorf("late: %s %s %q, want Failed NodeShutdown", st.Phase, st.Reason, st.Message)
	}
	s.RunUntil(t0+4*time.Second, nil)
	if !k.off {
		t.Errorf("the power did not go when the last pod stopped (4s)")
	}
	for _, name := range []string{"slow", "quick"} {
		st := s.Pod(name).Status
		if st.Phase != corev1.PodFailed || st.Reason != "Terminated" || st.Message != "Pod was terminated in response to imminent node shutdown." {
			t.Errorf("%s: %s %s %q", name, st.Phase, st.Reason, st.Message)
		}
	}
}

// TestShutdownWithoutGracePeriodIsAPowerCut: managerStub: no signal, the
// pods left Running in the API.
func TestShutdownWithoutGracePeriodIsAPowerCut(t *testing.T) {
	t.Parallel()
	s := shutdownSim(t, 0, 0)
	start(t, s, podOf("web", 30, nil, agent("app")))
	t0 := s.Now()
	if err := s.ShutdownNode("worker-1"); err != nil {
		t.Fatal(err)
	}
	if !s.byNode["worker-1"].off {
		t.Fatal("the power did not go at once")
	}
	s.RunUntil(t0+30*time.Second, nil)
	for _, e := range s.Timeline() {
		if e.Pod == "web" && (e.At >= t0 && (e.Kind == timeline.SIGTERM || e.Kind == timeline.SIGKILL) || e.At > t0 && e.Kind == timeline.Phase) {
			t.Errorf("after a shutdown without grace period: %s %s", e.Kind, e.Reason)
		}
	}
	if p := s.Pod("web"); p.Status.Phase != corev1.PodRunning {
		t.Errorf("phase %s, want Running (nobody writes it)", p.Status.Phase)
	}
	if err := s.ShutdownNode("worker-1"); err == nil {
		t.Error("a shutdown of a node off")
	}
}
