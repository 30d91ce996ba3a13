package sim

import (
	"fmt"
	"math/rand"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// TestResourceSumsMatchThePods: the sums kept as pods come and go — the
// scheduler cache's per node, the kubelet's over its active pods — equal
// the sums over the pods themselves at every instant of a churning
// cluster: pods created (some too big to fit, some preempting), run to
// completion, deleted, evicted under memory pressure.
func TestResourceSumsMatchThePods(t *testing.T) {
	s, err := New(Config{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetEvictionConfig(hardEviction(t, "memory.available<500Mi")); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPriorityClass(&schedulingv1.PriorityClass{ObjectMeta: metav1.ObjectMeta{Name: "high"}, Value: 1000}); err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 3; i++ {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("worker-%d", i)}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
			corev1.ResourceCPU: resource.MustParse("2"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("10"),
		}}}
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewSource(3))
	var names []string
	checks := 0
	for step := range 300 {
		switch {
		case step == 200:
			if err := s.NodePressure("worker-1", MemoryPressure); err != nil {
				t.Fatal(err)
			}
		case rng.Intn(3) > 0 || len(names) == 0:
			c := agent("app", func(b *behavior.Behavior) {
				b.Memory = []behavior.Usage{{Quantity: resource.MustParse(fmt.Sprintf("%dMi", 10+rng.Intn(200))), After: time.Second}}
				if rng.Intn(3) == 0 {
					b.Exit = &behavior.Exit{After: time.Duration(1+rng.Intn(20)) * time.Second}
				}
			})
			c.Resources.Requests = corev1.ResourceList{
				corev1.ResourceCPU:    resource.MustParse(fmt.Sprintf("%dm", 100+rng.Intn(900))),
				corev1.ResourceMemory: resource.MustParse(fmt.Sprintf("%dMi", 64+rng.Intn(512))),
			}
			p := podOf(fmt.Sprintf("pod-%d", step), int64(rng.Intn(5)), nil, c)
			if rng.Intn(2) == 0 {
				p.Spec.RestartPolicy = corev1.RestartPolicyNever
			}
			if rng.Intn(8) == 0 {
				p.Spec.PriorityClassName = "high"
			}
			if err := s.CreatePod(p); err != nil {
				t.Fatal(err)
			}
			names = append(names, p.Name)
		default:
			_ = s.DeletePod(names[rng.Intn(len(names))], metav1.DeleteOptions{})
		}
		// The cache learns of a write through the scheduler's watch, later
		// in the instant: the sums hold between instants, not before the
		// first one after an input.
		input := true
		s.RunUntil(s.Now()+time.Duration(rng.Intn(3000))*time.Millisecond, func() bool {
			if input {
				input = false
				return false
			}
			checkResourceSums(t, s)
			checks++
			return false
		})
	}
	s.Settle(time.Hour)
	checkResourceSums(t, s)
	if checks < 300 {
		t.Fatalf("checked %d instants, want 300 or more", checks)
	}
}

// checkResourceSums compares the kept sums with sums over the pods.
func checkResourceSums(t *testing.T, s *Simulator) {
	t.Helper()
	for _, k := range s.nodes {
		node := k.node.Name
		pods, nonZeroCPU, nonZeroMem := 0, int64(0), int64(0)
		requested := corev1.ResourceList{}
		for _, e := range s.api.pods {
			if p := e.pod; p.Spec.NodeName == node && holdsResources(p) {
				pods++
				addList(requested, podRequests(p))
				cpu, mem := nonZeroRequests(p)
				nonZeroCPU += cpu
				nonZeroMem += mem
			}
		}
		got := s.sched.cache.byName[node]
		want, cached := corev1.ResourceList{}, corev1.ResourceList{}
		for i, r := range fitResources {
			want[r] = *resource.NewQuantity(fitAmount(i, requested[r]), resource.DecimalSI)
			cached[r] = *resource.NewQuantity(got.requested[i], resource.DecimalSI)
		}
		if got.pods != pods || got.nonZeroCPU != nonZeroCPU || got.nonZeroMem != nonZeroMem || !sameQuantities(cached, want) {
			t.Fatalf("%v: scheduler cache of %s: %d pods, %v, non-zero %d/%d; the pods: %d, %v, %d/%d", s.Now(), node,
				got.pods, cached, got.nonZeroCPU, got.nonZeroMem, pods, want, nonZeroCPU, nonZeroMem)
		}
		active := k.activePods()
		admitted := corev1.ResourceList{}
		for _, w := range active {
			addList(admitted, podRequests(w.pod))
		}
		if k.active.pods != len(active) || !sameQuantities(k.active.requests, admitted) {
			t.Fatalf("%v: kubelet %s counts %d active pods requesting %v; its workers: %d requesting %v", s.Now(), node,
				k.active.pods, k.active.requests, len(active), admitted)
		}
	}
}

// sameQuantities compares two resource lists by value, a missing resource
// counting as zero.
func sameQuantities(a, b corev1.ResourceList) bool {
	for _, l := range []corev1.ResourceList{a, b} {
		for n := range l {
			x, y := a[n], b[n]
			if x.Cmp(y) != 0 {
				return false
			}
		}
	}
	return true
}

// TestNumFeasibleNodesToFind: upstream's adaptive rule at the sizes its
// documentation tabulates.
func TestNumFeasibleNodesToFind(t *testing.T) {
	for _, c := range []struct{ nodes, want int }{
		{1, 1}, {50, 50}, {99, 99}, {100, 100}, {500, 230}, {1000, 420}, {5000, 500}, {10000, 500}, {50000, 2500},
	} {
		if got := numFeasibleNodesToFind(c.nodes); got != c.want {
			t.Errorf("numFeasibleNodesToFind(%d) = %d, want %d", c.nodes, got, c.want)
		}
	}
}

// TestFitsIsTheFilters: the scheduling cycle's quick check says a node
// fits exactly when the filters in turn pass it, for nodes cordoned,
// tainted, labelled, full of pods or short of cpu or memory, and pods
// with and without tolerations, selectors and requests.
func TestFitsIsTheFilters(t *testing.T) {
	s, err := New(Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewSource(5))
	sc := s.sched
	for i := range 60 {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("n-%d", i), Labels: map[string]string{"zone": fmt.Sprint("z", i%3)}},
			Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
				corev1.ResourceCPU: resource.MustParse(fmt.Sprintf("%dm", 500+rng.Intn(2000))), corev1.ResourceMemory: resource.MustParse(fmt.Sprintf("%dMi", 256+rng.Intn(2048))),
				corev1.ResourcePods: resource.MustParse(fmt.Sprint(rng.Intn(4))),
			}}}
		n.Spec.Unschedulable = rng.Intn(5) == 0
		if rng.Intn(5) == 0 {
			n.Spec.Taints = []corev1.Taint{{Key: "dedicated", Value: "x", Effect: []corev1.TaintEffect{corev1.TaintEffectNoSchedule, corev1.TaintEffectPreferNoSchedule, corev1.TaintEffectNoExecute}[rng.Intn(3)]}}
		}
		if err := s.AddNode(n); err != nil {
			t.Fatal(err)
		}
	}
	s.Settle(time.Second)
	for _, ni := range sc.cache.list {
		ni.pods = rng.Intn(3)
		ni.requested[0], ni.requested[1] = int64(rng.Intn(1500)), int64(rng.Intn(1500))<<20
	}
	seen := map[bool]int{}
	for i := range 200 {
		p := podOf(fmt.Sprintf("p-%d", i), 30, nil, agent("app"))
		if rng.Intn(2) == 0 {
			p.Spec.Containers[0].Resources.Requests = corev1.ResourceList{
				corev1.ResourceCPU: resource.MustParse(fmt.Sprintf("%dm", rng.Intn(1000))), corev1.ResourceMemory: resource.MustParse(fmt.Sprintf("%dMi", rng.Intn(1000))),
			}
		}
		if rng.Intn(3) == 0 {
			p.Spec.Tolerations = []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpExists}}
		}
		if rng.Intn(3) == 0 {
			p.Spec.NodeSelector = map[string]string{"zone": "z1"}
		}
		fit := newPodFit(p)
		for _, ni := range sc.cache.list {
			want := sc.filter(fit, ni, nil).plugin == ""
			if got := sc.fits(fit, ni); got != want {
				t.Fatalf("pod %d on %s (cordoned %v, taints %v, %d pods): fits %v, the filters %v", i, ni.node.Name, ni.node.Spec.Unschedulable, ni.node.Spec.Taints, ni.pods, got, want)
			}
			seen[want]++
		}
	}
	if seen[true] == 0 || seen[false] == 0 {
		t.Fatalf("every node fitted or none did: %v", seen)
	}
}

// TestScoreMemo: a node's remembered score is the one its arithmetic
// gives for the sums of the cycle, as pods of several sizes come and go.
func TestScoreMemo(t *testing.T) {
	s, err := New(Config{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddNode(scaleNode("n-0")); err != nil {
		t.Fatal(err)
	}
	s.Settle(time.Second)
	sc, ni := s.sched, s.sched.cache.list[0]
	rng := rand.New(rand.NewSource(7))
	for range 500 {
		if rng.Intn(2) == 0 {
			ni.nonZeroCPU, ni.nonZeroMem = int64(rng.Intn(3))*100, int64(rng.Intn(3))<<28
		}
		fit := &podFit{nonZeroCPU: int64(rng.Intn(3)) * 100, nonZeroMem: int64(rng.Intn(3)) << 28}
		want := resourceScore(fit.nonZeroCPU+ni.nonZeroCPU, fit.nonZeroMem+ni.nonZeroMem, ni.allocMilliCPU, ni.allocMemory)
		if got := sc.score(fit, ni); got != want {
			t.Fatalf("score %d, its arithmetic %d (pod %d/%d on %d/%d)", got, want, fit.nonZeroCPU, fit.nonZeroMem, ni.nonZeroCPU, ni.nonZeroMem)
		}
	}
}
