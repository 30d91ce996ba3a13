package live

import (
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// TestTranslateThreshold pins how a leased node is made to cross a
// declared node's memory.available threshold at the same usage:
// memory.available is capacity − working set (eviction helpers,
// makeSignalObservations), the real node's working set includes its own
// baseline, so the real threshold is declared + capacity − baseline −
// declared memory.
func TestTranslateThreshold(t *testing.T) {
	const mi = 1 << 20
	l := &lease{node: "pool-1", capacity: 23000 * mi, baseline: 300 * mi, declared: 8192 * mi}
	for _, c := range []struct {
		name, val, want string
		err             bool
	}{
		{"a quantity moves by what the real node has beyond the declared one", "500Mi", "15008Mi", false},
		{"the kubelet's default threshold", "100Mi", "14608Mi", false},
		{"a percentage is of the declared node's memory", "10%", "15327Mi", false}, // 819.2Mi declared
		{"not a quantity", "lots", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := l.translate(c.val)
			if (err != nil) != c.err {
				t.Fatalf("translate(%q) error %v", c.val, err)
			}
			if c.err {
				return
			}
			if q := mustBytes(t, got) / mi; q != mustBytes(t, c.want)/mi {
				t.Errorf("translate(%q) = %s (%dMi), want %s", c.val, got, q, c.want)
			}
		})
	}
	// Same usage, same verdict: a scenario's pods using U cross the
	// declared threshold exactly when the real node crosses its own.
	real, _ := l.translate("500Mi")
	thr := mustBytes(t, real)
	for _, use := range []int64{7600 * mi, 7700 * mi, 7800 * mi} {
		declaredBelow := 8192*mi-use < 500*mi
		realBelow := l.capacity-(l.baseline+use) < thr
		if declaredBelow != realBelow {
			t.Errorf("use %dMi: declared node below threshold %v, real node %v", use/mi, declaredBelow, realBelow)
		}
	}
}

func mustBytes(t *testing.T, s string) int64 {
	t.Helper()
	n, err := thresholdBytes(s, 0)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNeedsPool: what makes a scenario lease a node before it starts.
func TestNeedsPool(t *testing.T) {
	for _, c := range []struct {
		tags []string
		want bool
	}{
		{[]string{"eviction", "needs:node-pressure"}, true},
		{[]string{"@needs:kubelet-restart"}, true},
		{[]string{"needs:static-pods"}, false},
		{nil, false},
	} {
		if got := needsPool(c.tags); got != c.want {
			t.Errorf("needsPool(%v) = %v", c.tags, got)
		}
	}
}

// TestPlaceOnLease: a pod of a leasing scenario goes to the leased node,
// tolerating the pool's taint, and keeps its own selector terms.
func TestPlaceOnLease(t *testing.T) {
	s := &session{lease: &lease{node: "pool-2"}}
	p := &corev1.Pod{Spec: corev1.PodSpec{NodeSelector: map[string]string{"disk": "ssd"}}}
	if err := s.placeOnLease(p); err != nil {
		t.Fatal(err)
	}
	if p.Spec.NodeSelector[corev1.LabelHostname] != "pool-2" || p.Spec.NodeSelector["disk"] != "ssd" {
		t.Errorf("selector %v", p.Spec.NodeSelector)
	}
	if len(p.Spec.Tolerations) != 1 || p.Spec.Tolerations[0].Key != cluster.PoolTaint {
		t.Errorf("tolerations %v", p.Spec.Tolerations)
	}
	named := &corev1.Pod{Spec: corev1.PodSpec{NodeName: "pool-2"}}
	if err := s.placeOnLease(named); err != nil {
		t.Fatal(err)
	}
	if named.Spec.NodeSelector != nil {
		t.Errorf("a pod bound by name got a selector: %v", named.Spec.NodeSelector)
	}
	// A node declared with more CPU than the machine's leaves its pods
	// 1900m where the declared node has 4000m: pods that fit in both, or
	// in neither, are placed; a sum between the two is not.
	s.lease.cpu = cpuGap{declared: 4000, avail: 1900, why: "the scenario's node has 4 CPU"}
	asking := func(cpu string) *corev1.Pod {
		return &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Resources: corev1.ResourceRequirements{
			Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse(cpu)}}}}}}
	}
	for _, tc := range []struct {
		cpu  string
		fits bool
	}{
		{"", true},      // no request: CPU does not show
		{"5", true},     // more than the declared node has: refused on both
		{"1500m", true}, // 1500m of 1900m: admitted on both
		{"3", true},     // 4500m: past both, a critical pod preempts on both
		{"100m", true},  // still past both
	} {
		p := &corev1.Pod{}
		if tc.cpu != "" {
			p = asking(tc.cpu)
		}
		if err := s.placeOnLease(p); (err == nil) != tc.fits {
			t.Errorf("a pod requesting %q: %v, want placed %v", tc.cpu, err, tc.fits)
		}
	}
	s.lease.asked = 0
	if err := s.placeOnLease(asking("1500m")); err != nil {
		t.Fatal(err)
	}
	if err := s.placeOnLease(asking("1")); err == nil {
		t.Error("pods requesting 2500m, admitted by a 4-CPU node and not by this one, were placed")
	}
}

// TestPoolNodes: the pool is the nodes labelled so, in name order.
func TestPoolNodes(t *testing.T) {
	node := func(name string, pool bool) corev1.Node {
		n := corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: map[string]string{}}}
		if pool {
			n.Labels[cluster.PoolLabel] = "true"
		}
		return n
	}
	got := poolNodes([]corev1.Node{node("c-worker2", true), node("c-control-plane", false), node("c-worker", true)})
	if len(got) != 2 || got[0] != "c-worker" || got[1] != "c-worker2" {
		t.Errorf("pool %v", got)
	}
}

// TestViewNamesTheScenariosNodes: a pod scheduled or nominated to the
// leased node is seen on the scenario's node, as "scheduled on node
// worker-1" asks; the API object keeps the cluster's name.
func TestViewNamesTheScenariosNodes(t *testing.T) {
	s := testSession(t)
	s.nodeAlias["worker-1"] = "podlife-x-worker2"
	obj := &corev1.Pod{Spec: corev1.PodSpec{NodeName: "podlife-x-worker2"}, Status: corev1.PodStatus{NominatedNodeName: "podlife-x-worker2"}}
	other := &corev1.Pod{Spec: corev1.PodSpec{NodeName: "podlife-x-control-plane"}}
	s.pods["high"] = &podTrack{name: "high", obj: obj}
	s.pods["elsewhere"] = &podTrack{name: "elsewhere", obj: other}
	v := s.View()
	if p := v.Pod("high"); p.Spec.NodeName != "worker-1" || p.Status.NominatedNodeName != "worker-1" {
		t.Errorf("seen on %q, nominated to %q; want worker-1 for both", p.Spec.NodeName, p.Status.NominatedNodeName)
	}
	if obj.Spec.NodeName != "podlife-x-worker2" {
		t.Errorf("the API object was changed: %q", obj.Spec.NodeName)
	}
	if p := v.Pod("elsewhere"); p.Spec.NodeName != "podlife-x-control-plane" {
		t.Errorf("a node the scenario did not name is renamed: %q", p.Spec.NodeName)
	}
}

// TestNodeEventsOfTheLease: a leased node's Events from before the lease
// (earlier scenarios' restarts and pressure, listed when the watch
// starts) are not put on the scenario's timeline; later ones are, once
// per occurrence.
func TestNodeEventsOfTheLease(t *testing.T) {
	s := testSession(t)
	s.start = time.Now().Add(-time.Minute)
	s.lease = &lease{node: "pool-1", since: time.Now().Truncate(time.Second)}
	s.nodeAlias["worker-1"] = "pool-1"
	ev := func(uid string, at time.Time, count int32) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{UID: types.UID(uid)}, InvolvedObject: corev1.ObjectReference{Kind: "Node", Name: "pool-1"},
			Reason: "NodeHasInsufficientMemory", Count: count, LastTimestamp: metav1.NewTime(at)}
	}
	s.onNodeEvent(ev("old", s.lease.since.Add(-time.Minute), 3))
	s.onNodeEvent(ev("new", s.lease.since.Add(time.Second), 1))
	s.onNodeEvent(ev("old", s.lease.since.Add(2*time.Second), 4)) // the old one again, now
	var got []string
	for _, e := range s.rec.snapshot(-1) {
		got = append(got, e.Pod+" "+e.Reason)
	}
	if len(got) != 2 || got[0] != "node/worker-1 NodeHasInsufficientMemory" {
		t.Errorf("recorded %v, want the new event and the old one's fourth occurrence", got)
	}
}
