package sim

import (
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestDaemonPodTolerations pins util.AddOrUpdateDaemonPodTolerations
// (pkg/controller/daemon/util/daemonset_util.go, v1.36.3): the
// tolerations the DaemonSet controller gives its pods.
func TestDaemonPodTolerations(t *testing.T) {
	t.Parallel()
	base := []string{
		"node.kubernetes.io/not-ready:NoExecute", "node.kubernetes.io/unreachable:NoExecute",
		"node.kubernetes.io/disk-pressure:NoSchedule", "node.kubernetes.io/memory-pressure:NoSchedule",
		"node.kubernetes.io/pid-pressure:NoSchedule", "node.kubernetes.io/unschedulable:NoSchedule",
	}
	for _, tc := range []struct {
		name string
		spec corev1.PodSpec
		want []string
	}{
		{"node problems and node conditions, each Exists and without tolerationSeconds", corev1.PodSpec{}, base},
		{"a pod on the host's network tolerates network-unavailable too", corev1.PodSpec{HostNetwork: true},
			append(slices.Clone(base), "node.kubernetes.io/network-unavailable:NoSchedule")},
		{"the template's own not-ready toleration of 300 s is replaced (same key and effect)", corev1.PodSpec{Tolerations: []corev1.Toleration{
			{Key: corev1.TaintNodeNotReady, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))}}}, base},
		{"a toleration of the user's own taint is kept", corev1.PodSpec{Tolerations: []corev1.Toleration{
			{Key: "dedicated", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule}}},
			append([]string{"dedicated:NoSchedule"}, base...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := tc.spec
			daemonPodTolerations(&spec)
			var got []string
			for _, tol := range spec.Tolerations {
				if tol.TolerationSeconds != nil || tol.Operator != corev1.TolerationOpExists {
					t.Errorf("toleration %v has seconds or is not Exists", tol)
				}
				got = append(got, tol.Key+":"+string(tol.Effect))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("tolerations %v, want %v", got, tc.want)
			}
		})
	}
}

// TestNodeShouldRunDaemonPod pins NodeShouldRunDaemonPod and its
// predicates (pkg/controller/daemon/daemon_controller.go, v1.36.3).
func TestNodeShouldRunDaemonPod(t *testing.T) {
	t.Parallel()
	taint := func(key string, e corev1.TaintEffect) corev1.Taint {
		return corev1.Taint{Key: key, Value: "x", Effect: e}
	}
	for _, tc := range []struct {
		name       string
		node       corev1.Node
		tpl        corev1.PodSpec
		run, keeps bool
	}{
		{"an untainted node runs it", corev1.Node{}, corev1.PodSpec{}, true, true},
		{"a cordoned node runs it: the unschedulable taint is tolerated",
			corev1.Node{Spec: corev1.NodeSpec{Unschedulable: true, Taints: []corev1.Taint{{Key: corev1.TaintNodeUnschedulable, Effect: corev1.TaintEffectNoSchedule}}}}, corev1.PodSpec{}, true, true},
		{"a not-ready node runs it: the NoExecute taint is tolerated",
			corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{{Key: corev1.TaintNodeNotReady, Effect: corev1.TaintEffectNoExecute}}}}, corev1.PodSpec{}, true, true},
		{"a node under memory pressure runs it",
			corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{{Key: corev1.TaintNodeMemoryPressure, Effect: corev1.TaintEffectNoSchedule}}}}, corev1.PodSpec{}, true, true},
		{"a user's NoSchedule taint: no new pod, the running one kept",
			corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{taint("dedicated", corev1.TaintEffectNoSchedule)}}}, corev1.PodSpec{}, false, true},
		{"a user's NoExecute taint: neither",
			corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{taint("dedicated", corev1.TaintEffectNoExecute)}}}, corev1.PodSpec{}, false, false},
		{"a user's taint the template tolerates",
			corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{taint("dedicated", corev1.TaintEffectNoSchedule)}}},
			corev1.PodSpec{Tolerations: []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpExists}}}, true, true},
		{"a PreferNoSchedule taint is no predicate's", corev1.Node{Spec: corev1.NodeSpec{Taints: []corev1.Taint{taint("dedicated", corev1.TaintEffectPreferNoSchedule)}}}, corev1.PodSpec{}, true, true},
		{"a node selector the node does not match: neither", corev1.Node{}, corev1.PodSpec{NodeSelector: map[string]string{"disk": "ssd"}}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := tc.node
			n.Name = "worker-1"
			d := &daemonSet{template: &corev1.Pod{Spec: tc.tpl}}
			run, keeps := d.shouldRun(&n)
			if run != tc.run || keeps != tc.keeps {
				t.Errorf("shouldRun = %v, %v; want %v, %v", run, keeps, tc.run, tc.keeps)
			}
		})
	}
}

// TestDrainFilterDaemonSetPods pins kubectl drain's daemonSetFilter
// (k8s.io/kubectl/pkg/drain/filters.go, v0.36.3) with
// --ignore-daemonsets, which the drain step implies.
func TestDrainFilterDaemonSetPods(t *testing.T) {
	t.Parallel()
	ds := func(name string, phase corev1.PodPhase) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p"}, Status: corev1.PodStatus{Phase: phase}}
		p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(&appsv1.DaemonSet{ObjectMeta: metav1.ObjectMeta{Name: name, UID: "u"}}, appsv1.SchemeGroupVersion.WithKind("DaemonSet"))}
		return p
	}
	exists := func(name string) bool { return name == "node-exporter" }
	for _, tc := range []struct {
		name  string
		pod   *corev1.Pod
		force bool
		evict bool
		why   string
	}{
		{"a running DaemonSet pod is skipped", ds("node-exporter", corev1.PodRunning), false, false, ""},
		{"skipped with --force too", ds("node-exporter", corev1.PodRunning), true, false, ""},
		{"a finished DaemonSet pod is evicted", ds("node-exporter", corev1.PodSucceeded), false, true, ""},
		{"an orphan (its DaemonSet gone) stops the drain", ds("gone", corev1.PodRunning), false, false, `daemonsets.apps "gone" not found`},
		{"an orphan is evicted with --force", ds("gone", corev1.PodRunning), true, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			evict, why := drainFilter(tc.pod, DrainOptions{Force: tc.force, GracePeriodSeconds: -1}, exists)
			if evict != tc.evict || why != tc.why {
				t.Errorf("drainFilter = %v, %q; want %v, %q", evict, why, tc.evict, tc.why)
			}
		})
	}
}

// dsSim is a simulator of two nodes and a DaemonSet "exporter" of c
// (an agent by default), run for 10 s.
func dsSim(t *testing.T, c ...corev1.Container) *Simulator {
	t.Helper()
	s := newSim(t, "")
	n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-2"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110"),
	}}}
	if err := s.AddNode(n); err != nil {
		t.Fatal(err)
	}
	if len(c) == 0 {
		c = []corev1.Container{agent("app")}
	}
	if err := s.AddDaemonSet("exporter", podOf("", 30, nil, c...)); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, func() bool { return false })
	return s
}

// dsPodsOn are the DaemonSet's pods by node, not being deleted.
func dsPodsOn(s *Simulator) map[string][]string {
	pods, _, _ := s.DaemonSetPods("exporter")
	out := map[string][]string{}
	for _, p := range pods {
		if p.DeletionTimestamp == nil {
			out[p.Spec.NodeName] = append(out[p.Spec.NodeName], p.Name)
		}
	}
	return out
}

// TestDaemonSetController pins syncDaemonSet's manage and
// podsShouldBeOnNode (daemon_controller.go, v1.36.3) as the simulator
// runs them.
func TestDaemonSetController(t *testing.T) {
	t.Parallel()
	t.Run("one pod on each node, bound by the scheduler to the node its affinity names", func(t *testing.T) {
		s := dsSim(t)
		on := dsPodsOn(s)
		if len(on["worker-1"]) != 1 || len(on["worker-2"]) != 1 {
			t.Fatalf("pods by node %v", on)
		}
		p := s.Pod(on["worker-2"][0])
		if p.Status.Phase != corev1.PodRunning || targetNode(p) != "worker-2" {
			t.Errorf("pod %s: %s, target %q", p.Name, p.Status.Phase, targetNode(p))
		}
		if !strings.HasPrefix(p.Name, "exporter-") {
			t.Errorf("name %q is not generated from exporter-", p.Name)
		}
	})
	t.Run("a pod deleted is put back once it is gone, on its node", func(t *testing.T) {
		s := dsSim(t, agent("app", ignoreTerm))
		old := dsPodsOn(s)["worker-1"][0]
		if err := s.DeletePod(old, metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		// While the old one terminates (30 s: it ignores SIGTERM) it still
		// counts for its node: no replacement yet.
		s.RunUntil(s.Now()+20*time.Second, func() bool { return false })
		if got := len(dsPodsOn(s)["worker-1"]); got != 0 || s.Pod(old) == nil {
			t.Errorf("%d pods not being deleted on worker-1 while the old one terminates", got)
		}
		s.RunUntil(s.Now()+20*time.Second, func() bool { return false })
		on := dsPodsOn(s)["worker-1"]
		if len(on) != 1 || on[0] == old {
			t.Fatalf("pods on worker-1 after the delete: %v (old %s)", on, old)
		}
		_, created, _ := s.DaemonSetPods("exporter")
		if len(created) != 3 {
			t.Errorf("created %v, want 3 pods", created)
		}
	})
	t.Run("a node tainted NoExecute by the user loses its pod; a cordon does not", func(t *testing.T) {
		s := dsSim(t)
		if err := s.CordonNode("worker-1"); err != nil {
			t.Fatal(err)
		}
		if err := s.TaintNode("worker-2", corev1.Taint{Key: "dedicated", Value: "x", Effect: corev1.TaintEffectNoExecute}, false); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+40*time.Second, func() bool { return false })
		on := dsPodsOn(s)
		if len(on["worker-1"]) != 1 || len(on["worker-2"]) != 0 {
			t.Errorf("pods by node %v; want one on the cordoned worker-1, none on worker-2", on)
		}
	})
	t.Run("a drain leaves the DaemonSet's pod and completes", func(t *testing.T) {
		s := dsSim(t)
		before := dsPodsOn(s)["worker-1"]
		if err := s.DrainNode("worker-1", DrainOptions{GracePeriodSeconds: -1}); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+40*time.Second, func() bool { return false })
		st, _ := s.Drain("worker-1")
		if !st.Done || st.Err != "" || len(st.Evicts) != 0 {
			t.Errorf("drain %+v", st)
		}
		if after := dsPodsOn(s)["worker-1"]; !slices.Equal(before, after) {
			t.Errorf("pods on worker-1 %v before the drain, %v after", before, after)
		}
	})
}
