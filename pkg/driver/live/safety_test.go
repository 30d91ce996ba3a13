package live

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

func node(name, providerID string, labels map[string]string) *corev1.Node {
	return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}, Spec: corev1.NodeSpec{ProviderID: providerID},
		Status: corev1.NodeStatus{NodeInfo: corev1.NodeSystemInfo{KubeletVersion: "v1.36.3"}}}
}

// TestRefusesClustersPodlifeDidNotCreate: only a kind cluster whose nodes
// carry podlife's label is used without --allow-any-cluster, and the
// refusal says why and what to do.
func TestRefusesClustersPodlifeDidNotCreate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name     string
		node     *corev1.Node
		allowAny bool
		refused  string
	}{
		{"a kind cluster podlife created", node("podlife-abc-control-plane", "kind://docker/podlife-abc/podlife-abc-control-plane", map[string]string{cluster.Label: "podlife-abc"}), false, ""},
		{"a cloud cluster", node("ip-10-0-0-1", "aws:///eu-west-1a/i-0123", nil), false, "is not a kind node"},
		{"a kind cluster someone else created", node("kind-control-plane", "kind://docker/kind/kind-control-plane", nil), false, "lacks the label podlife.io/cluster"},
		{"a label that names another cluster", node("dev-control-plane", "kind://docker/dev/dev-control-plane", map[string]string{cluster.Label: "podlife-abc"}), false, "lacks the label"},
		{"a cloud cluster, allowed", node("ip-10-0-0-1", "aws:///eu-west-1a/i-0123", nil), true, ""},
	}
	for _, c := range cases {
		d := New(Options{AllowAnyCluster: c.allowAny, RunID: "r1"})
		d.cs = fake.NewClientset(c.node)
		err := d.identify(context.Background())
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%s: refused: %v", c.name, err)
		case c.refused != "" && err == nil:
			t.Errorf("%s: accepted", c.name)
		case c.refused != "" && (!strings.Contains(err.Error(), c.refused) || !strings.Contains(err.Error(), "--allow-any-cluster")):
			t.Errorf("%s: the refusal does not say why (%q) and what to do: %v", c.name, c.refused, err)
		}
		if err == nil && d.info.Node != c.node.Name {
			t.Errorf("%s: runs on node %q", c.name, d.info.Node)
		}
	}
}

// TestSweepDeletesOnlyWhatCarriesTheRunLabel: foreign namespaces and
// pods, and another run's, are left alone.
func TestSweepDeletesOnlyWhatCarriesTheRunLabel(t *testing.T) {
	t.Parallel()
	run := map[string]string{LabelRun: "r1"}
	other := map[string]string{LabelRun: "r2"}
	objs := []runtime.Object{
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "foreign"}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "db", Namespace: "foreign"}},
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-a", Labels: run}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "podlife-a", Labels: run}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "intruder", Namespace: "podlife-a"}},
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-b", Labels: other}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "podlife-b", Labels: other}},
		&schedulingv1.PriorityClass{ObjectMeta: metav1.ObjectMeta{Name: "podlife-a-high", Labels: run}, Value: 10},
		&schedulingv1.PriorityClass{ObjectMeta: metav1.ObjectMeta{Name: "high"}, Value: 10},
		// Workloads: the run's go, a foreign one in the run's namespace
		// and another run's stay.
		&appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "podlife-a", Labels: run}},
		&appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "intruder", Namespace: "podlife-a"}},
		&appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "foreign"}},
		&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "batch", Namespace: "podlife-a", Labels: run}},
		&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "batch", Namespace: "podlife-b", Labels: other}},
		&appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum", Namespace: "podlife-a", Labels: run}},
		&appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum", Namespace: "podlife-b", Labels: other}},
		&appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "db", Namespace: "foreign"}},
	}
	cs := fake.NewClientset(objs...)
	if err := Sweep(context.Background(), cs, "r1"); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, ns := range []string{"foreign", "podlife-b"} {
		if _, err := cs.CoreV1().Namespaces().Get(ctx, ns, metav1.GetOptions{}); err != nil {
			t.Errorf("namespace %s: %v", ns, err)
		}
	}
	if _, err := cs.CoreV1().Pods("foreign").Get(ctx, "db", metav1.GetOptions{}); err != nil {
		t.Errorf("foreign pod: %v", err)
	}
	if _, err := cs.CoreV1().Namespaces().Get(ctx, "podlife-a", metav1.GetOptions{}); err == nil {
		t.Error("the run's namespace is still there")
	}
	if _, err := cs.SchedulingV1().PriorityClasses().Get(ctx, "high", metav1.GetOptions{}); err != nil {
		t.Errorf("foreign priority class: %v", err)
	}
	for _, a := range cs.Actions() {
		if a.GetVerb() == "delete" && a.GetResource().Resource == "namespaces" {
			if name := a.(interface{ GetName() string }).GetName(); name != "podlife-a" {
				t.Errorf("deleted namespace %s", name)
			}
		}
	}
	if _, err := cs.AppsV1().Deployments("foreign").Get(ctx, "web", metav1.GetOptions{}); err != nil {
		t.Errorf("foreign deployment: %v", err)
	}
	if _, err := cs.BatchV1().Jobs("podlife-b").Get(ctx, "batch", metav1.GetOptions{}); err != nil {
		t.Errorf("another run's job: %v", err)
	}
	if _, err := cs.AppsV1().StatefulSets("podlife-b").Get(ctx, "quorum", metav1.GetOptions{}); err != nil {
		t.Errorf("another run's stateful set: %v", err)
	}
	if _, err := cs.AppsV1().StatefulSets("foreign").Get(ctx, "db", metav1.GetOptions{}); err != nil {
		t.Errorf("foreign stateful set: %v", err)
	}
	// The fake does not carry out a delete-collection: the requests are
	// the proof, each in the run's namespace and by the run's label.
	collected := map[string]bool{}
	for _, a := range cs.Actions() {
		if a.GetVerb() != "delete-collection" {
			continue
		}
		if sel := a.(k8stesting.DeleteCollectionAction).GetListRestrictions().Labels.String(); sel != LabelRun+"=r1" {
			t.Errorf("%s deleted by %q", a.GetResource().Resource, sel)
		}
		if ns := a.GetNamespace(); ns != "podlife-a" && ns != "" {
			t.Errorf("%s deleted in namespace %s", a.GetResource().Resource, ns)
		}
		collected[a.GetNamespace()+"/"+a.GetResource().Resource] = true
	}
	for _, r := range []string{"podlife-a/deployments", "podlife-a/statefulsets", "podlife-a/jobs", "podlife-a/replicasets", "podlife-a/pods"} {
		if !collected[r] {
			t.Errorf("no delete-collection of %s", r)
		}
	}
	left, err := Leftovers(ctx, cs, "r1")
	if err != nil || len(left) != 0 {
		t.Errorf("leftovers %v, %v", left, err)
	}
	if err := Sweep(ctx, cs, ""); err == nil {
		t.Error("a sweep without a run id is accepted")
	}
}

// TestKubeletRestoredAfterAFailedSwap: a lease whose kubelet swap fails
// half-way (the copy broke off, the binary copied is another release's,
// the kubelet did not come back) goes back to the pool with its own
// kubelet, restarted, and nothing of the swap left on it.
func TestKubeletRestoredAfterAFailedSwap(t *testing.T) {
	for _, tc := range []struct {
		name    string
		breakIt func(f *fakeNodes)
	}{
		{"the copy from the skewed node broke off", func(f *fakeNodes) { f.failStream["skew-35"] = true }},
		{"the skewed node's binary is another release's", func(f *fakeNodes) { f.writeKubelet("skew-35", kubeletBinary, "v1.34.4") }},
		{"the kubelet did not come back after the swap", func(f *fakeNodes) { f.failRestart["pool-1"] = true }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := upgradeSession(t)
			ctx := context.Background()
			tc.breakIt(f)
			if err := s.kube.putKubelet(ctx, s.leases[0], "v1.35.4"); !errors.Is(err, driver.ErrInfrastructure) {
				t.Fatalf("the swap: %v; want an infrastructure fault", err)
			}
			restarts := f.restarts["pool-1"]
			if err := s.pool.release(ctx); err != nil {
				t.Fatal(err)
			}
			if got := f.version("pool-1", kubeletBinary); got != "v1.36.3" || f.exists("pool-1", kubeletKept) || f.exists("pool-1", kubeletNew) {
				t.Errorf("released: kubelet %q, kept copy left %v, new copy left %v; want its own alone", got, f.exists("pool-1", kubeletKept), f.exists("pool-1", kubeletNew))
			}
			if f.restarts["pool-1"] != restarts+1 {
				t.Errorf("released without restarting the kubelet (%d restarts, %d before)", f.restarts["pool-1"], restarts)
			}
			n, _ := s.d.cs.CoreV1().Nodes().Get(ctx, "pool-1", metav1.GetOptions{})
			if h := n.Annotations[AnnotationLease]; h != "" {
				t.Errorf("the node's lease is %q after its release", h)
			}
		})
	}
}

// TestSweepRestoresASwappedKubelet: after an interrupt (the process that
// swapped a pool node's kubelet is gone), the run's sweep finds the node
// it still holds, puts the node's own kubelet back and restarts it, and
// frees the lease; a node another run holds is left alone, swapped or not.
func TestSweepRestoresASwappedKubelet(t *testing.T) {
	ready := []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}
	held := func(name, holder string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: name, Annotations: map[string]string{AnnotationLease: holder}},
			Status: corev1.NodeStatus{Conditions: ready, NodeInfo: corev1.NodeSystemInfo{KubeletVersion: "v1.35.4"}}}
	}
	cs := fake.NewClientset(held("pool-1", "r1/podlife-t"), held("pool-2", "r2/podlife-u"))
	d := New(Options{RunID: "r1", Tolerance: time.Second})
	d.once.Do(func() {}) // connected: the fake is the cluster
	d.cs, d.pool = cs, []string{"pool-1", "pool-2"}
	f := newFakeNodes(t, cs, map[string]string{"pool-1": "v1.35.4", "pool-2": "v1.35.4"})
	for _, n := range d.pool {
		f.writeKubelet(n, kubeletKept, "v1.36.3") // swapped when the run was interrupted
	}
	d.ops = f
	ctx := context.Background()
	if err := d.SweepPool(ctx); err != nil {
		t.Fatal(err)
	}
	if got := f.version("pool-1", kubeletBinary); got != "v1.36.3" || f.exists("pool-1", kubeletKept) || f.restarts["pool-1"] != 1 {
		t.Errorf("the run's node: kubelet %q, kept copy left %v, %d restarts; want its own, restarted once", got, f.exists("pool-1", kubeletKept), f.restarts["pool-1"])
	}
	n, _ := cs.CoreV1().Nodes().Get(ctx, "pool-1", metav1.GetOptions{})
	if h := n.Annotations[AnnotationLease]; h != "" {
		t.Errorf("the run's node is still leased to %q", h)
	}
	if got := f.version("pool-2", kubeletBinary); got != "v1.35.4" || !f.exists("pool-2", kubeletKept) || f.restarts["pool-2"] != 0 {
		t.Errorf("another run's node was changed: kubelet %q, kept copy %v, %d restarts", got, f.exists("pool-2", kubeletKept), f.restarts["pool-2"])
	}
}
