package live

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/driver"
)

// labelledPool is a session holding pool-1 (the scenario's worker-1),
// whose labels are the pool's and kind's own.
func labelledPool(t *testing.T) *session {
	t.Helper()
	s := testSession(t)
	s.d.cs = fake.NewClientset(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1",
		Labels: map[string]string{"kubernetes.io/hostname": "pool-1", "podlife.io/pool": "true", "disktype": "hdd"}}})
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	return s
}

func poolNode(t *testing.T, s *session) *corev1.Node {
	t.Helper()
	n, err := s.d.cs.CoreV1().Nodes().Get(context.Background(), "pool-1", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestLabelNodeIsRestored: a scenario's labels are written on its leased
// node with their old values recorded in the same update; the restore
// puts every changed key back as the run found it (a value overwritten,
// a label added, a label removed) and drops the record.
func TestLabelNodeIsRestored(t *testing.T) {
	s := labelledPool(t)
	bg := context.Background()
	found := maps.Clone(poolNode(t, s).Labels)
	for _, c := range []struct {
		key, value string
		remove     bool
	}{
		{"disktype", "ssd", false}, // overwritten
		{"zone", "a", false},       // added
		{"zone", "b", false},       // changed again: the record keeps the first old value
		{"disktype", "", true},     // removed after its change
	} {
		if err := s.LabelNode(bg, "worker-1", c.key, c.value, c.remove); err != nil {
			t.Fatalf("%+v: %v", c, err)
		}
	}
	n := poolNode(t, s)
	if got := n.Labels; got["zone"] != "b" || got["disktype"] != "" || got["podlife.io/pool"] != "true" {
		t.Errorf("labels after the scenario's changes: %v", got)
	}
	if a := n.Annotations[AnnotationLabels]; !strings.HasPrefix(a, "r1/podlife-t ") || !strings.Contains(a, `"disktype":"hdd"`) || !strings.Contains(a, `"zone":null`) {
		t.Errorf("record %q: want the scenario's and each key's first old value", a)
	}
	if err := s.LabelNode(bg, "worker-1", "disktype", "", true); err == nil || !strings.Contains(err.Error(), `no label "disktype"`) {
		t.Errorf("a label removed twice: %v", err)
	}

	if err := restoreLabels(bg, s.d, "pool-1"); err != nil {
		t.Fatal(err)
	}
	n = poolNode(t, s)
	if !maps.Equal(n.Labels, found) {
		t.Errorf("restored labels %v; want %v", n.Labels, found)
	}
	if _, ok := n.Annotations[AnnotationLabels]; ok {
		t.Errorf("the record outlived the restore: %v", n.Annotations)
	}
}

// TestRestoreLabelsLeavesOtherRuns: a record of another run is that
// run's to restore (its sweep); one of this run's other scenario, left by
// an interrupt, is this run's sweep's.
func TestRestoreLabelsLeavesOtherRuns(t *testing.T) {
	node := func(holder string) *corev1.Node {
		return &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1", Labels: map[string]string{"disktype": "ssd"},
			Annotations: map[string]string{AnnotationLabels: holder + ` {"disktype":"hdd"}`}}}
	}
	for _, c := range []struct {
		holder string
		want   string
	}{
		{"r2/podlife-x", "ssd"},
		{"r1/podlife-other", "hdd"},
	} {
		n := node(c.holder)
		if _, err := unlabel(n, "r1"); err != nil {
			t.Fatal(err)
		}
		if n.Labels["disktype"] != c.want {
			t.Errorf("record of %s, restored by r1: disktype=%s; want %s", c.holder, n.Labels["disktype"], c.want)
		}
	}
	// And a scenario does not label a node another's record is on.
	if _, err := relabel(node("r2/podlife-x"), "r1/podlife-t", "zone", "a", false); err == nil {
		t.Error("labelled a node whose labels another scenario changed and did not restore")
	}
}

// TestLabelNodeRefusesClusterLabels: Kubernetes' own labels and the
// pool's are never changed (skipped), nor is a node the scenario did not
// lease.
func TestLabelNodeRefusesClusterLabels(t *testing.T) {
	s := labelledPool(t)
	bg := context.Background()
	for _, key := range []string{"kubernetes.io/hostname", "node.kubernetes.io/exclude-from-external-load-balancers", "node-role.kubernetes.io/control-plane", "topology.kubernetes.io/zone", "podlife.io/pool"} {
		err := s.LabelNode(bg, "worker-1", key, "x", false)
		if !errors.Is(err, driver.ErrUnsupported) {
			t.Errorf("%s: %v; want a refusal", key, err)
		}
	}
	if got := poolNode(t, s).Labels; got["kubernetes.io/hostname"] != "pool-1" || got["podlife.io/pool"] != "true" {
		t.Errorf("labels changed: %v", got)
	}
	for _, key := range []string{"disktype", "example.com/tier", "kubernetes.io.example.com/x"} {
		if err := labelForbidden(key); err != nil {
			t.Errorf("%s refused: %v", key, err)
		}
	}
	s.leases = nil
	if err := s.LabelNode(bg, "worker-1", "disktype", "ssd", false); !errors.Is(err, driver.ErrUnsupported) {
		t.Errorf("a node the scenario shares: %v; want a skip", err)
	}
}

// TestRestoreNodeRestoresLabels: the release's and the sweep's restore
// (restoreNode) puts the labels back first, before what it does on the
// node's container.
func TestRestoreNodeRestoresLabels(t *testing.T) {
	s := labelledPool(t)
	bg := context.Background()
	if err := s.LabelNode(bg, "worker-1", "disktype", "ssd", false); err != nil {
		t.Fatal(err)
	}
	_ = s.d.restoreNode(bg, "pool-1", "r1-podlife-t", true, nil) // no node to exec on here
	if got := poolNode(t, s).Labels["disktype"]; got != "hdd" {
		t.Errorf("disktype=%s after restoreNode; want hdd", got)
	}
}

// TestDeclaredLabels: the labels every declared node has are the
// cluster node's own; the others are the scenario's.
func TestDeclaredLabels(t *testing.T) {
	n := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{corev1.LabelHostname: "worker-1", corev1.LabelOSStable: "linux", "disktype": "ssd"}}}
	if got := declaredLabels(n); len(got) != 1 || got["disktype"] != "ssd" {
		t.Errorf("declared labels %v; want disktype=ssd alone", got)
	}
}
