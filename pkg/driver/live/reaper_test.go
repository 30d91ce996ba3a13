package live

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

// terminating is a fake cluster whose namespace deletions are accepted
// and then take their time: a namespace stays (Terminating) until gone
// is set, as the namespace controller keeps one for about 5 s on kind.
func terminating(gone *atomic.Bool, objs ...runtime.Object) *fake.Clientset {
	cs := fake.NewClientset(objs...)
	holdNamespaces(cs, gone)
	return cs
}

// holdNamespaces makes a fake cluster's namespace deletions take their
// time, as terminating does.
func holdNamespaces(cs *fake.Clientset, gone *atomic.Bool) {
	cs.PrependReactor("delete", "namespaces", func(k8stesting.Action) (bool, runtime.Object, error) {
		return true, nil, nil // accepted, not yet removed
	})
	cs.PrependReactor("get", "namespaces", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if gone.Load() {
			return true, nil, apierrors.NewNotFound(corev1.Resource("namespaces"), a.(k8stesting.GetAction).GetName())
		}
		return false, nil, nil
	})
}

// TestScenarioCleanupLeavesTheNamespaceWaitToTheReaper: a scenario that
// leased no node returns from its cleanup once its objects are deleted,
// not once its namespace is gone (deleteScenarioLater); the driver's
// Reaped then waits for the namespace, passes when it goes, and names it
// when it does not go within the bound — and so does SweepRun, which
// ends every run.
func TestScenarioCleanupLeavesTheNamespaceWaitToTheReaper(t *testing.T) {
	t.Parallel()
	run := map[string]string{LabelRun: "r1", LabelScenario: "sc"}
	objs := []runtime.Object{
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-sc-1", Labels: run}},
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "podlife-sc-1", Labels: run}},
	}

	t.Run("the namespace goes", func(t *testing.T) {
		var gone atomic.Bool
		d := New(Options{RunID: "r1"})
		d.cs = terminating(&gone, objs...)
		d.reap.wait = 5 * time.Second
		if err := d.deleteScenarioLater(context.Background(), "podlife-sc-1", "sc"); err != nil {
			t.Fatalf("deleting the scenario: %v", err)
		}
		// The cleanup returned with the namespace still there: the
		// scenario's wall time no longer holds the namespace controller's.
		if _, err := d.cs.CoreV1().Namespaces().Get(context.Background(), "podlife-sc-1", metav1.GetOptions{}); err != nil {
			t.Fatalf("the namespace should still be Terminating when the cleanup returns: %v", err)
		}
		deleted := false
		for _, a := range d.cs.(*fake.Clientset).Actions() {
			deleted = deleted || (a.GetVerb() == "delete-collection" && a.GetResource().Resource == "pods" && a.GetNamespace() == "podlife-sc-1")
		}
		if !deleted {
			t.Error("the scenario's pods were not deleted before the cleanup returned")
		}
		gone.Store(true)
		if err := d.Reaped(context.Background()); err != nil {
			t.Errorf("Reaped: %v", err)
		}
	})

	t.Run("the namespace stays", func(t *testing.T) {
		var gone atomic.Bool
		d := New(Options{RunID: "r1"})
		d.cs = terminating(&gone, objs...)
		d.reap.wait = 200 * time.Millisecond
		if err := d.deleteScenarioLater(context.Background(), "podlife-sc-1", "sc"); err != nil {
			t.Fatalf("deleting the scenario: %v", err)
		}
		err := d.Reaped(context.Background())
		if !errors.Is(err, errStuck) || !strings.Contains(err.Error(), "podlife-sc-1") {
			t.Fatalf("Reaped should name the namespace stuck in Terminating, got %v", err)
		}
		// Each stuck namespace is reported once.
		if err := d.Reaped(context.Background()); err != nil {
			t.Errorf("Reaped again: %v", err)
		}
	})
}

// TestLeasedNodesGoBackInTheBackground: a scenario that leased a pool
// node returns from its cleanup with its namespace still Terminating;
// the node stays leased to it until the namespace has gone, and is then
// given back (restored, the lease freed) before Reaped returns. A node
// that broke under the scenario is returned in the cleanup itself, so
// that the scenario is the error (TestKubeletRestoredAfterAFailedSwap and
// the live node-fault test cover that path).
func TestLeasedNodesGoBackInTheBackground(t *testing.T) {
	s, _ := upgradeSession(t)
	ctx := context.Background()
	cs := s.d.cs.(*fake.Clientset)
	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: s.ns,
		Labels: map[string]string{LabelRun: s.d.runID, LabelScenario: labelValue(s.sc.ID)}}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	var gone atomic.Bool
	holdNamespaces(cs, &gone)
	lease := func() string {
		n, err := cs.CoreV1().Nodes().Get(ctx, "pool-1", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return n.Annotations[AnnotationLease]
	}
	held := lease()
	closed := make(chan error, 1)
	go func() { closed <- s.Close(ctx) }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatalf("Close: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the cleanup of a scenario that leased a node waited for its namespace to go")
	}
	time.Sleep(1500 * time.Millisecond) // the namespace wait polls each second
	if got := lease(); got != held {
		t.Fatalf("the node's lease is %q before the scenario's namespace has gone; want %q", got, held)
	}
	gone.Store(true)
	if err := s.d.Reaped(ctx); err != nil {
		t.Fatalf("Reaped: %v", err)
	}
	if got := lease(); got != "" {
		t.Errorf("the node is still leased to %q once Reaped returned", got)
	}
}
