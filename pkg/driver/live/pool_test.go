package live

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/evictionapi"
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
	}{
		{"a quantity moves by what the real node has beyond the declared one", "500Mi", "15008Mi"},
		{"the kubelet's default threshold", "100Mi", "14608Mi"},
		{"a percentage is of the declared node's memory", "10%", "15327Mi"}, // 819.2Mi declared
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := l.translate(declared(t, c.val))
			if err != nil {
				t.Fatalf("translate(%q) error %v", c.val, err)
			}
			if q := mustBytes(t, got.String()) / mi; q != mustBytes(t, c.want)/mi {
				t.Errorf("translate(%q) = %s (%dMi), want %s", c.val, got, q, c.want)
			}
			if n := mustBytes(t, got.String()); n%1024 != 0 {
				t.Errorf("translate(%q) = %s, not whole Ki", c.val, got)
			}
		})
	}
	// Same usage, same verdict: a scenario's pods using U cross the
	// declared threshold exactly when the real node crosses its own.
	real, _ := l.translate(declared(t, "500Mi"))
	thr := mustBytes(t, real.String())
	for _, use := range []int64{7600 * mi, 7700 * mi, 7800 * mi} {
		declaredBelow := 8192*mi-use < 500*mi
		realBelow := l.capacity-(l.baseline+use) < thr
		if declaredBelow != realBelow {
			t.Errorf("use %dMi: declared node below threshold %v, real node %v", use/mi, declaredBelow, realBelow)
		}
	}
	// A node that the declared one does not fit in.
	small := &lease{node: "pool-2", capacity: 4096 * mi, baseline: 300 * mi, declared: 8192 * mi}
	if got, err := small.translate(declared(t, "100Mi")); err == nil {
		t.Errorf("a declared node larger than the machine: translate = %s, want an error", got)
	}
}

// declared is the value of a declared memory.available threshold.
func declared(t *testing.T, val string) evictionapi.Value {
	t.Helper()
	th, err := evictionapi.ParseStatement(evictionapi.SignalMemoryAvailable, val)
	if err != nil || th == nil {
		t.Fatalf("memory.available<%s: %v", val, err)
	}
	return th.Value
}

func mustBytes(t *testing.T, s string) int64 {
	t.Helper()
	q, err := resource.ParseQuantity(s)
	if err != nil {
		t.Fatal(err)
	}
	return q.Value()
}

// TestNeedsPool: what makes a scenario lease a node before it starts.
func TestNeedsPool(t *testing.T) {
	for _, c := range []struct {
		tags []string
		want bool
	}{
		{[]string{"eviction", "needs:node-pressure"}, true},
		{[]string{"@needs:kubelet-restart"}, true},
		// A reboot or a crash stops the node's container: the 09:43 run
		// skipped every reboot scenario when these two were missing here.
		{[]string{"@nodes", "@needs:node-reboot"}, true},
		{[]string{"@needs:node-crash"}, true},
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
	s := assemble(&scene{leases: []*lease{{node: "pool-2"}}})
	p := &corev1.Pod{Spec: corev1.PodSpec{NodeSelector: map[string]string{"disk": "ssd"}}}
	if err := s.pool.placeOnLease(p); err != nil {
		t.Fatal(err)
	}
	if got := keptOn(p.Spec); !slices.Equal(got, []string{"pool-2"}) || p.Spec.NodeSelector["disk"] != "ssd" {
		t.Errorf("kept on %v, selector %v", got, p.Spec.NodeSelector)
	}
	if len(p.Spec.Tolerations) != 1 || p.Spec.Tolerations[0].Key != cluster.PoolTaint {
		t.Errorf("tolerations %v", p.Spec.Tolerations)
	}
	named := &corev1.Pod{Spec: corev1.PodSpec{NodeName: "pool-2"}}
	if err := s.pool.placeOnLease(named); err != nil {
		t.Fatal(err)
	}
	if named.Spec.NodeSelector != nil {
		t.Errorf("a pod bound by name got a selector: %v", named.Spec.NodeSelector)
	}
	// A node declared with more CPU than the machine's leaves its pods
	// 1900m where the declared node has 4000m: pods that fit in both, or
	// in neither, are placed; a sum between the two is not.
	s.leases[0].cpu = cpuGap{declared: 4000, avail: 1900, why: "the scenario's node has 4 CPU"}
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
		if err := s.pool.placeOnLease(p); (err == nil) != tc.fits {
			t.Errorf("a pod requesting %q: %v, want placed %v", tc.cpu, err, tc.fits)
		}
	}
	s.leases[0].asked = 0
	if err := s.pool.placeOnLease(asking("1500m")); err != nil {
		t.Fatal(err)
	}
	if err := s.pool.placeOnLease(asking("1")); err == nil {
		t.Error("pods requesting 2500m, admitted by a 4-CPU node and not by this one, were placed")
	}
}

// TestPlaceOnLeases: a pod of a scenario of several nodes is kept to the
// leased nodes while the scheduler chooses among them: its hostname
// selector and affinity name the cluster's nodes, and every term of its
// required affinity (ORed) is joined by each leased node's name, one
// term per node (the API server takes one value in a field requirement:
// a pod with two was refused on kind, 2026-11-29).
func TestPlaceOnLeases(t *testing.T) {
	s := assemble(&scene{leases: []*lease{{node: "pool-1"}, {node: "pool-2"}},
		nodeAlias: map[string]string{"worker-1": "pool-1", "worker-2": "pool-2"}})
	named := func(n string) corev1.NodeSelectorRequirement {
		return corev1.NodeSelectorRequirement{Key: metav1.ObjectNameField, Operator: corev1.NodeSelectorOpIn, Values: []string{n}}
	}
	plain := &corev1.Pod{}
	if err := s.pool.placeOnLease(plain); err != nil {
		t.Fatal(err)
	}
	want := []corev1.NodeSelectorTerm{{MatchFields: []corev1.NodeSelectorRequirement{named("pool-1")}}, {MatchFields: []corev1.NodeSelectorRequirement{named("pool-2")}}}
	terms := plain.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	if !equality.Semantic.DeepEqual(terms, want) {
		t.Errorf("a pod with no affinity: terms %+v, want %+v", terms, want)
	}
	if plain.Spec.NodeSelector != nil {
		t.Errorf("a pod of several leased nodes got a hostname selector: %v", plain.Spec.NodeSelector)
	}
	notIn := corev1.NodeSelectorRequirement{Key: corev1.LabelHostname, Operator: corev1.NodeSelectorOpNotIn, Values: []string{"worker-1"}}
	zone := corev1.NodeSelectorRequirement{Key: "zone", Operator: corev1.NodeSelectorOpIn, Values: []string{"a"}}
	aff := &corev1.Pod{Spec: corev1.PodSpec{
		NodeSelector: map[string]string{corev1.LabelHostname: "worker-2"},
		Affinity: &corev1.Affinity{NodeAffinity: &corev1.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &corev1.NodeSelector{
			NodeSelectorTerms: []corev1.NodeSelectorTerm{{MatchExpressions: []corev1.NodeSelectorRequirement{notIn}}, {MatchExpressions: []corev1.NodeSelectorRequirement{zone}}}}}}}}
	if err := s.pool.placeOnLease(aff); err != nil {
		t.Fatal(err)
	}
	if got := aff.Spec.NodeSelector[corev1.LabelHostname]; got != "pool-2" {
		t.Errorf("hostname selector %q, want the cluster's pool-2", got)
	}
	notInPool := *notIn.DeepCopy()
	notInPool.Values = []string{"pool-1"}
	want = nil
	for _, e := range []corev1.NodeSelectorRequirement{notInPool, zone} {
		for _, n := range []string{"pool-1", "pool-2"} {
			want = append(want, corev1.NodeSelectorTerm{MatchExpressions: []corev1.NodeSelectorRequirement{e}, MatchFields: []corev1.NodeSelectorRequirement{named(n)}})
		}
	}
	terms = aff.Spec.Affinity.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms
	if !equality.Semantic.DeepEqual(terms, want) {
		t.Errorf("terms\n %+v\nwant each of the pod's terms once per leased node, by name:\n %+v", terms, want)
	}
}

// keptOn is the nodes a pod is kept on by name (keepOn), in the order
// of its terms; nil unless every term of its required node affinity
// names one.
func keptOn(spec corev1.PodSpec) []string {
	a := spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return nil
	}
	var nodes []string
	for _, term := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		named := ""
		for _, f := range term.MatchFields {
			if f.Key == metav1.ObjectNameField && f.Operator == corev1.NodeSelectorOpIn && len(f.Values) == 1 {
				named = f.Values[0]
			}
		}
		if named == "" {
			return nil
		}
		if !slices.Contains(nodes, named) {
			nodes = append(nodes, named)
		}
	}
	return nodes
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
	s.leases = []*lease{{node: "pool-1", since: time.Now().Truncate(time.Second)}}
	s.nodeAlias["worker-1"] = "pool-1"
	ev := func(uid string, at time.Time, count int32) *corev1.Event {
		return &corev1.Event{ObjectMeta: metav1.ObjectMeta{UID: types.UID(uid)}, InvolvedObject: corev1.ObjectReference{Kind: "Node", Name: "pool-1"},
			Reason: "NodeHasInsufficientMemory", Count: count, LastTimestamp: metav1.NewTime(at)}
	}
	s.obs.onNodeEvent(ev("old", s.leases[0].since.Add(-time.Minute), 3))
	s.obs.onNodeEvent(ev("new", s.leases[0].since.Add(time.Second), 1))
	s.obs.onNodeEvent(ev("old", s.leases[0].since.Add(2*time.Second), 4)) // the old one again, now
	var got []string
	for _, e := range s.rec.snapshot(-1) {
		got = append(got, e.Pod+" "+e.Reason)
	}
	if len(got) != 2 || got[0] != "node/worker-1 NodeHasInsufficientMemory" {
		t.Errorf("recorded %v, want the new event and the old one's fourth occurrence", got)
	}
}

// TestAcquireInPoolOrder: a scenario of several nodes waits for each
// pool node in turn and takes no other meanwhile (two such scenarios
// cannot hold one each and wait for ever); a scenario of one node takes
// any free node.
func TestAcquireInPoolOrder(t *testing.T) {
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	node := func(name, holder string) *corev1.Node {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{}},
			Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}}}
		if holder != "" {
			n.Annotations[AnnotationLease] = holder
		}
		return n
	}
	d.cs = fake.NewClientset(node("pool-1", "r1/other"), node("pool-2", ""))
	d.pool = []string{"pool-1", "pool-2"}
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if got, err := d.acquire(ctx, "r1/me", "pool-1"); err == nil {
		t.Fatalf("took %s while pool-1 was held", got)
	}
	n, err := d.cs.CoreV1().Nodes().Get(context.Background(), "pool-2", metav1.GetOptions{})
	if err != nil || n.Annotations[AnnotationLease] != "" {
		t.Fatalf("pool-2 was leased while waiting for pool-1: %v %v", n.Annotations, err)
	}
	got, err := d.acquire(context.Background(), "r1/me", "")
	if err != nil || got != "pool-2" {
		t.Fatalf("any free node: got %q, %v", got, err)
	}
}

// TestAcquireAllAtOnce: a scenario of several nodes takes any n free
// pool nodes together, whichever they are (the ordered lease would wait
// for the held pool-1); with fewer free it holds none while it waits and
// reports nil once its wait is over, for the ordered lease to take over;
// a node reserved for another scenario is not free; a node taken by
// another scenario between the look and the lease gives back the ones
// already leased.
func TestAcquireAllAtOnce(t *testing.T) {
	node := func(name, lease, reserved string) *corev1.Node {
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{}, Labels: map[string]string{cluster.PoolLabel: "true"}},
			Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}}}
		if lease != "" {
			n.Annotations[AnnotationLease] = lease
		}
		if reserved != "" {
			n.Annotations[AnnotationReserved] = fmt.Sprintf("%s@%d", reserved, time.Now().Unix())
		}
		return n
	}
	bg := context.Background()
	leases := func(d *Driver) map[string]string {
		got := map[string]string{}
		for _, name := range d.pool {
			n, err := d.cs.CoreV1().Nodes().Get(bg, name, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			got[name] = n.Annotations[AnnotationLease]
		}
		return got
	}
	newDriver := func(nodes ...*corev1.Node) *Driver {
		d := New(Options{RunID: "r1", Tolerance: time.Second})
		cs := fake.NewClientset()
		for _, n := range nodes {
			if _, err := cs.CoreV1().Nodes().Create(bg, n, metav1.CreateOptions{}); err != nil {
				t.Fatal(err)
			}
			d.pool = append(d.pool, n.Name)
		}
		d.cs = cs
		return d
	}

	d := newDriver(node("pool-1", "r1/other", ""), node("pool-2", "", ""), node("pool-3", "", ""))
	got, err := acquireAll(bg, d, "r1/me", 2, 5*time.Second)
	if err != nil || !slices.Equal(got, []string{"pool-2", "pool-3"}) {
		t.Fatalf("two of three free: got %v, %v; want pool-2 and pool-3 at once", got, err)
	}
	if l := leases(d); l["pool-2"] != "r1/me" || l["pool-3"] != "r1/me" || l["pool-1"] != "r1/other" {
		t.Errorf("leases after: %v", l)
	}

	// A list that fails (a rate limit near the wait's end) is no answer:
	// the wait goes on.
	d = newDriver(node("pool-1", "", ""), node("pool-2", "", ""))
	failed := false
	d.cs.(*fake.Clientset).PrependReactor("list", "nodes", func(k8stesting.Action) (bool, runtime.Object, error) {
		if failed {
			return false, nil, nil
		}
		failed = true
		return true, nil, errors.New("client rate limiter Wait returned an error")
	})
	if got, err := acquireAll(bg, d, "r1/me", 2, 5*time.Second); err != nil || len(got) != 2 || !failed {
		t.Fatalf("after a failed list: got %v, %v (failed %v); want both nodes on the next look", got, err, failed)
	}

	d = newDriver(node("pool-1", "r1/other", ""), node("pool-2", "", ""), node("pool-3", "", "r1/third"))
	got, err = acquireAll(bg, d, "r1/me", 2, 1500*time.Millisecond)
	if err != nil || got != nil {
		t.Fatalf("one free, one held, one reserved for another: got %v, %v; want none, no error", got, err)
	}
	if l := leases(d); l["pool-2"] != "" || l["pool-3"] != "" {
		t.Errorf("held a node while waiting: %v", l)
	}

	d = newDriver(node("pool-1", "", ""), node("pool-2", "", ""))
	taken := false
	d.cs.(*fake.Clientset).PrependReactor("update", "nodes", func(a k8stesting.Action) (bool, runtime.Object, error) {
		u := a.(k8stesting.UpdateAction).GetObject().(*corev1.Node)
		if u.Name != "pool-2" || taken {
			return false, nil, nil
		}
		taken = true // another scenario leased it after the look
		other := u.DeepCopy()
		other.Annotations = map[string]string{AnnotationLease: "r1/other"}
		if err := d.cs.(*fake.Clientset).Tracker().Update(corev1.SchemeGroupVersion.WithResource("nodes"), other, ""); err != nil {
			t.Error(err)
		}
		return true, nil, apierrors.NewConflict(schema.GroupResource{Resource: "nodes"}, u.Name, errors.New("taken"))
	})
	got, err = acquireAll(bg, d, "r1/me", 2, 1500*time.Millisecond)
	if err != nil || got != nil || !taken {
		t.Fatalf("after a lost race: got %v, %v (race %v); want none", got, err, taken)
	}
	if l := leases(d); l["pool-1"] != "" || l["pool-2"] != "r1/other" {
		t.Errorf("after a lost race: %v; want pool-1 given back", l)
	}
}

// TestKeptConfiguration: a lease reuses the kubelet configuration a pool
// node keeps only when this run wrote it and the node's own memory use
// has not moved by more than keptDrift; it then computes with the
// baseline the configuration was written for, so that the same declared
// node gives the same file. A node under pressure or not Ready is not
// settled: its kubelet starts afresh.
func TestKeptConfiguration(t *testing.T) {
	const mi = 1 << 20
	for _, c := range []struct {
		name     string
		kept     string
		baseline int64
		want     int64
		ok       bool
	}{
		{"none kept", "", 900 * mi, 0, false},
		{"kept by another run", "r0/" + strconv.Itoa(900*mi), 900 * mi, 0, false},
		{"kept by this run, same use", "r1/" + strconv.Itoa(900*mi), 900 * mi, 900 * mi, true},
		{"kept, the use 20Mi higher", "r1/" + strconv.Itoa(900*mi), 920 * mi, 900 * mi, true},
		{"kept, the use 20Mi lower", "r1/" + strconv.Itoa(900*mi), 880 * mi, 900 * mi, true},
		{"kept, the use 40Mi higher", "r1/" + strconv.Itoa(900*mi), 940 * mi, 0, false},
		{"kept, garbled", "r1/lots", 900 * mi, 0, false},
	} {
		s := testSession(t)
		n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1", Annotations: map[string]string{}}}
		if c.kept != "" {
			n.Annotations[AnnotationKept] = c.kept
		}
		s.d.cs = fake.NewClientset(n)
		got, ok := s.kube.keptFor(context.Background(), &lease{node: "pool-1", baseline: c.baseline})
		if got != c.want || ok != c.ok {
			t.Errorf("%s: keptFor = %d, %v; want %d, %v", c.name, got, ok, c.want, c.ok)
		}
	}
	ready := corev1.NodeCondition{Type: corev1.NodeReady, Status: corev1.ConditionTrue}
	for _, c := range []struct {
		name  string
		conds []corev1.NodeCondition
		want  bool
	}{
		{"ready", []corev1.NodeCondition{ready, {Type: corev1.NodeMemoryPressure, Status: corev1.ConditionFalse}}, true},
		{"memory pressure", []corev1.NodeCondition{ready, {Type: corev1.NodeMemoryPressure, Status: corev1.ConditionTrue}}, false},
		{"PID pressure", []corev1.NodeCondition{ready, {Type: corev1.NodePIDPressure, Status: corev1.ConditionTrue}}, false},
		{"not ready", []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionUnknown}}, false},
	} {
		d := New(Options{RunID: "r1", Tolerance: time.Second})
		d.cs = fake.NewClientset(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1"}, Status: corev1.NodeStatus{Conditions: c.conds}})
		if got := d.settled(context.Background(), "pool-1"); got != c.want {
			t.Errorf("%s: settled = %v; want %v", c.name, got, c.want)
		}
	}
}

// TestAcquireFromABrokenPool: when every pool node a scenario may lease
// is marked broken (its restore failed, or its container died), waiting
// would bring none back: the lease fails at once as an infrastructure
// fault, not after the lease wait as a failed scenario.
func TestAcquireFromABrokenPool(t *testing.T) {
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	node := func(name, holder string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{AnnotationLease: holder}},
			Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionFalse}}}}
	}
	d.cs = fake.NewClientset(node("pool-1", "broken/r1/a"), node("pool-2", "broken/r1/b"))
	d.pool = []string{"pool-1", "pool-2"}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := d.acquire(ctx, "r1/me", "")
	if !errors.Is(err, driver.ErrInfrastructure) || ctx.Err() != nil {
		t.Fatalf("a pool of broken nodes: %v (after the wait: %v); want an infrastructure fault at once", err, ctx.Err())
	}
	// One node still serving: the scenario waits for it.
	d.cs = fake.NewClientset(node("pool-1", "broken/r1/a"), node("pool-2", "r1/other"))
	ctx2, cancel2 := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel2()
	if _, err := d.acquire(ctx2, "r1/me", ""); errors.Is(err, driver.ErrInfrastructure) {
		t.Fatalf("a pool with a node held by another scenario: %v; want a wait", err)
	}
}

// TestRampMemory: an agent's declared memory begins to fault in three
// times the measured fill time before its time, and no later than at the
// slowest rate seen when pods fill at once (at most from the start), so
// that it is all in use then; not memory due before the pods have
// statistics (the kubelet would evict a pod without any first), and not
// memory that reaches a limit, whose OOM kill would come on the way up.
func TestRampMemory(t *testing.T) {
	s := testSession(t)
	s.d.noteFill(100<<20, time.Second) // 100 MiB/s here
	agentWith := func(args ...string) (*corev1.Pod, *corev1.Container) {
		p := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image, Args: args}}}}
		return p, &p.Spec.Containers[0]
	}
	for _, c := range []struct {
		name  string
		args  []string
		limit string
		pod   string
		want  time.Duration
	}{
		{"1Gi due at 90s: at 20 MB/s, slower than 3 × 10.24 s, + 2 s before", []string{"--memory=1Gi", "--memory-after=90s"}, "", "", 55690 * time.Millisecond},
		{"3Gi due at 30s: from the start", []string{"--memory=3Gi", "--memory-after=30s"}, "", "", 30 * time.Second},
		{"due within the pods' first statistics", []string{"--memory=950Mi", "--memory-after=5s"}, "", "", 0},
		{"due at the start", []string{"--memory=1Gi"}, "", "", 0},
		{"under its limit", []string{"--memory=1Gi", "--memory-after=90s"}, "2Gi", "", 55690 * time.Millisecond},
		{"100Mi due at 60s: at 20 MB/s + 2 s before", []string{"--memory=100Mi", "--memory-after=60s"}, "", "", 7240 * time.Millisecond},
		{"up to its limit", []string{"--memory=1Gi", "--memory-after=60s"}, "1Gi", "", 0},
		{"over the pod's limit", []string{"--memory=1Gi", "--memory-after=60s"}, "", "512Mi", 0},
		{"no memory", []string{"--exit-after=5s"}, "", "", 0},
	} {
		p, ctr := agentWith(c.args...)
		if c.limit != "" {
			ctr.Resources.Limits = corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(c.limit)}
		}
		if c.pod != "" {
			p.Spec.Resources = &corev1.ResourceRequirements{Limits: corev1.ResourceList{corev1.ResourceMemory: resource.MustParse(c.pod)}}
		}
		s.rampMemory(p, ctr)
		b, err := behavior.Parse(ctr.Args)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got time.Duration
		if len(b.Memory) > 0 {
			got = b.Memory[0].Ramp
		}
		if got.Round(10*time.Millisecond) != c.want {
			t.Errorf("%s: ramp %s; want %s", c.name, got, c.want)
		}
	}
	// Usage that grows: each rise ramped by its own bytes, within the
	// time since the point before; a fall not at all.
	for _, c := range []struct {
		name string
		args []string
		want []time.Duration
	}{
		{"200Mi at 30s, then 1Gi at 90s: 200Mi at 20 MB/s + 2 s, then the 824Mi more likewise",
			[]string{"--memory=200Mi", "--memory-after=30s", "--memory-then=1Gi@90s"}, []time.Duration{12490 * time.Millisecond, 45200 * time.Millisecond}},
		{"the second rise bounded by the time since the first point", []string{"--memory=100Mi", "--memory-after=60s", "--memory-then=3Gi@70s"}, []time.Duration{7240 * time.Millisecond, 10 * time.Second}},
		{"a fall", []string{"--memory=1Gi", "--memory-after=90s", "--memory-then=100Mi@120s"}, []time.Duration{55690 * time.Millisecond, 0}},
		{"a first point within the first statistics, a later one not", []string{"--memory=100Mi", "--memory-after=5s", "--memory-then=200Mi@60s"}, []time.Duration{0, 7240 * time.Millisecond}},
	} {
		p, ctr := agentWith(c.args...)
		s.rampMemory(p, ctr)
		b, err := behavior.Parse(ctr.Args)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var got []time.Duration
		for _, u := range b.Memory {
			got = append(got, u.Ramp.Round(10*time.Millisecond))
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: ramps %v; want %v", c.name, got, c.want)
		}
	}
	// Measured slower than the slowest assumed: three measured fills.
	s.d.noteFill(10<<20, time.Second)
	p, ctr := agentWith("--memory=1Gi", "--memory-after=10m")
	s.rampMemory(p, ctr)
	if b, _ := behavior.Parse(ctr.Args); b.Memory[0].Ramp.Round(10*time.Millisecond) != 309200*time.Millisecond {
		t.Errorf("1Gi at 10 MiB/s measured: ramp %s; want 3 × 102.4 s + 2 s", b.Memory[0].Ramp)
	}
}

// TestReservedForTheScenarioThatWaits: a scenario of several nodes that
// waits for a held pool node reserves it; freed, the node goes to that
// scenario, not to the next scenario of one node; a wait that ends
// unserved takes its reservation back; a reservation older than the
// lease wait is void.
func TestReservedForTheScenarioThatWaits(t *testing.T) {
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	ready := []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}
	d.cs = fake.NewClientset(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1", Annotations: map[string]string{AnnotationLease: "r1/other"}},
		Status: corev1.NodeStatus{Conditions: ready}})
	d.pool = []string{"pool-1"}
	bg := context.Background()
	annotations := func() map[string]string {
		n, err := d.cs.CoreV1().Nodes().Get(bg, "pool-1", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return n.Annotations
	}
	type got struct {
		node string
		err  error
	}
	done := make(chan got, 1)
	go func() {
		node, err := d.acquire(bg, "r1/two-nodes", "pool-1")
		done <- got{node, err}
	}()
	for deadline := time.Now().Add(3 * time.Second); !strings.HasPrefix(annotations()[AnnotationReserved], "r1/two-nodes@"); {
		if time.Now().After(deadline) {
			t.Fatalf("waiting for a held node, the scenario did not reserve it: %v", annotations())
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := d.setLease(bg, "pool-1", ""); err != nil { // the other scenario is done
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(bg, 300*time.Millisecond)
	defer cancel()
	if node, err := d.acquire(ctx, "r1/one-node", ""); err == nil {
		t.Fatalf("a scenario of one node took %s, reserved for another", node)
	}
	r := <-done
	if r.err != nil || r.node != "pool-1" {
		t.Fatalf("the scenario it was reserved for: %q, %v", r.node, r.err)
	}
	if a := annotations(); a[AnnotationReserved] != "" || a[AnnotationLease] != "r1/two-nodes" {
		t.Errorf("leased: %v; want the lease and no reservation", a)
	}

	// A wait that ends unserved takes its reservation back.
	ctx2, cancel2 := context.WithTimeout(bg, 1500*time.Millisecond)
	defer cancel2()
	if _, err := d.acquire(ctx2, "r1/three-nodes", "pool-1"); err == nil {
		t.Fatal("took a held node")
	}
	if a := annotations(); a[AnnotationReserved] != "" {
		t.Errorf("a wait that ended left its reservation: %v", a)
	}
	old := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Annotations: map[string]string{AnnotationReserved: fmt.Sprintf("r1/gone@%d", time.Now().Add(-leaseWait-time.Minute).Unix())}}}
	if h := reservedFor(old, time.Now()); h != "" {
		t.Errorf("a reservation older than the lease wait holds for %q", h)
	}
}

// TestHostMemoryIsShared: scenarios that fill a node's memory take the
// declared node's worth of the host's memory before their pods start; one
// that does not fit beside the others waits, and gets it once they give
// theirs back; one larger than the host is skipped.
func TestHostMemoryIsShared(t *testing.T) {
	total, err := cluster.Meminfo("MemTotal")
	if err != nil || total <= hostMemoryReserve+2<<30 {
		t.Skipf("this machine's memory (%d, %v) leaves no budget to share", total, err)
	}
	budget := total - hostMemoryReserve
	a, b := testSession(t), testSession(t)
	b.ns = "podlife-u"
	b.d = a.d
	a.d.cs = fake.NewClientset(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1"}})
	a.d.pool = []string{"pool-1"}
	la, lb := &lease{node: "pool-1"}, &lease{node: "pool-1"}
	if err := a.kube.takeMemory(context.Background(), la, budget/2+1); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel()
	if err := b.kube.takeMemory(ctx, lb, budget/2+1); err == nil {
		t.Fatal("two fills of more than half the budget were both taken")
	}
	if err := a.d.dropMemory(context.Background(), "r1/"+a.ns); err != nil {
		t.Fatal(err)
	}
	if err := b.kube.takeMemory(context.Background(), lb, budget/2+1); err != nil {
		t.Fatalf("once the first gave its memory back: %v", err)
	}
	n, _ := a.d.cs.CoreV1().Nodes().Get(context.Background(), "pool-1", metav1.GetOptions{})
	if got := parseHostMemory(n.Annotations[AnnotationHostMemory]); len(got) != 1 || got["r1/podlife-u"] != budget/2+1 {
		t.Errorf("taken: %v; want the second scenario's alone", got)
	}
	if err := a.kube.takeMemory(context.Background(), &lease{node: "pool-1"}, total); !errors.Is(err, driver.ErrUnsupported) {
		t.Errorf("a node larger than the host: %v; want a skip", err)
	}
}

// TestBackAfterRestart: a restarted kubelet's node takes the scenario's
// pods once it is Ready by a heartbeat since the restart and the
// node-lifecycle controller has lifted its not-ready taint.
func TestBackAfterRestart(t *testing.T) {
	since := metav1.NewTime(time.Date(2026, 11, 29, 7, 0, 0, 0, time.UTC))
	node := func(status corev1.ConditionStatus, beat time.Duration, taints ...string) *corev1.Node {
		n := &corev1.Node{Status: corev1.NodeStatus{Conditions: []corev1.NodeCondition{{Type: corev1.NodeReady, Status: status, LastHeartbeatTime: metav1.NewTime(since.Add(beat))}}}}
		for _, k := range taints {
			n.Spec.Taints = append(n.Spec.Taints, corev1.Taint{Key: k, Effect: corev1.TaintEffectNoSchedule})
		}
		return n
	}
	for _, tc := range []struct {
		name string
		n    *corev1.Node
		want bool
	}{
		{"Ready since the restart, untainted", node(corev1.ConditionTrue, time.Second), true},
		{"Ready by a heartbeat before the restart", node(corev1.ConditionTrue, -time.Second), false},
		{"NotReady", node(corev1.ConditionFalse, time.Second), false},
		{"Ready, the not-ready taint not yet lifted", node(corev1.ConditionTrue, time.Second, corev1.TaintNodeNotReady), false},
		{"Ready, the unreachable taint not yet lifted", node(corev1.ConditionTrue, time.Second, corev1.TaintNodeUnreachable), false},
		{"Ready, the pool's own taint", node(corev1.ConditionTrue, time.Second, "podlife.io/pool"), true},
	} {
		if got := backAfterRestart(tc.n, since); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestOrderedLeaseSkipsBrokenNodes: the ordered lease of several nodes
// waits for the pool's first nodes in service, not for a broken one no
// wait brings back (a held node is in service: it comes back).
func TestOrderedLeaseSkipsBrokenNodes(t *testing.T) {
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	node := func(name, lease string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{AnnotationLease: lease}}}
	}
	d.cs = fake.NewClientset(node("pool-1", "broken/r1/podlife-up-68"), node("pool-2", "r1/other"), node("pool-3", ""))
	d.pool = []string{"pool-1", "pool-2", "pool-3"}
	got, err := inService(context.Background(), d)
	if err != nil || !slices.Equal(got, []string{"pool-2", "pool-3"}) {
		t.Errorf("in service: %v, %v; want pool-2 and pool-3", got, err)
	}
}

// TestLeaseRefusesANodeOfOthers: a pool node that runs another's pod (not
// podlife's, not a DaemonSet's, not a static pod's mirror) is refused as
// the cluster's error, before anything of it is changed, unless
// AllowForeignPods; the cluster's own DaemonSets, mirror pods and
// podlife's pods are no reason to refuse.
func TestLeaseRefusesANodeOfOthers(t *testing.T) {
	pod := func(ns, name string, mod func(*corev1.Pod)) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name}, Spec: corev1.PodSpec{NodeName: "pool-1"},
			Status: corev1.PodStatus{Phase: corev1.PodRunning}}
		if mod != nil {
			mod(p)
		}
		return p
	}
	ours := []runtime.Object{
		pod("kube-system", "kube-proxy-x", func(p *corev1.Pod) {
			p.OwnerReferences = []metav1.OwnerReference{{Kind: "DaemonSet", Name: "kube-proxy"}}
		}),
		pod("kube-system", "etcd-pool-1", func(p *corev1.Pod) {
			p.Annotations = map[string]string{corev1.MirrorPodAnnotationKey: "x"}
		}),
		pod("podlife-other", "web", func(p *corev1.Pod) { p.Labels = map[string]string{LabelRun: "r0"} }),
		pod("shop", "done", func(p *corev1.Pod) { p.Status.Phase = corev1.PodSucceeded }),
	}
	for _, tc := range []struct {
		name   string
		allow  bool
		objs   []runtime.Object
		refuse bool
	}{
		{"the cluster's and podlife's pods only", false, ours, false},
		{"another's pod", false, append(slices.Clone(ours), pod("shop", "cart", nil)), true},
		{"another's pod, allowed", true, append(slices.Clone(ours), pod("shop", "cart", nil)), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := testSession(t)
			s.d.opt.AllowForeignPods = tc.allow
			s.d.cs = fake.NewClientset(tc.objs...)
			s.d.ops = newFakeNodes(t, s.d.cs.(*fake.Clientset), map[string]string{"pool-1": "v1.36.3"})
			var err error
			if tc.refuse {
				// The whole lease: refused before it measures the node.
				err = s.pool.leased1(context.Background(), "pool-1")
			} else {
				r, rerr := residentsOf(context.Background(), s.d.cs, "pool-1")
				if rerr != nil {
					t.Fatal(rerr)
				}
				err = strangersRefused(s.d, "pool-1", r)
			}
			refused := err != nil && strings.Contains(err.Error(), "not podlife's")
			if refused != tc.refuse {
				t.Fatalf("leased1: %v; want refused %v", err, tc.refuse)
			}
			if refused && (!errors.Is(err, driver.ErrInfrastructure) || !strings.Contains(err.Error(), "shop/cart")) {
				t.Errorf("the refusal %v: want an infrastructure fault naming shop/cart", err)
			}
		})
	}
}
