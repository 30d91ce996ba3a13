package live

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/component-helpers/scheduling/corev1/nodeaffinity"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// dsNodes are the nodes of names a DaemonSet's template lets its
// controller run a pod on (NodeShouldRunDaemonPod's node affinity
// predicate: nodeaffinity.GetRequiredNodeAffinity(pod).Match).
func dsNodes(t *testing.T, spec corev1.PodSpec, names ...string) []string {
	t.Helper()
	var out []string
	for _, n := range names {
		node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: n, Labels: map[string]string{corev1.LabelHostname: n}}}
		ok, err := nodeaffinity.GetRequiredNodeAffinity(&corev1.Pod{Spec: spec}).Match(node)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			out = append(out, n)
		}
	}
	return out
}

// TestDaemonSetKeptOnTheScenariosNodes: a scenario's DaemonSet is the
// run's (labelled, in its namespace, selecting podlife's labels) and its
// template lets the controller run pods only on the cluster's nodes that
// stand for the scenario's: never on another node of a shared cluster,
// leased or not; on leased nodes it tolerates the pool's taint.
func TestDaemonSetKeptOnTheScenariosNodes(t *testing.T) {
	all := []string{"kind-control-plane", "kind-worker", "pool-1", "pool-2"}
	t.Run("no lease: the node the scenario's node stands for", func(t *testing.T) {
		s := testSession(t)
		s.sc.ID = "ds-1"
		s.nodeAlias["worker-1"] = "kind-worker"
		ctx := context.Background()
		if err := s.CreateDaemonSet(ctx, "node-exporter", agentTemplate(), []string{"worker-1"}); err != nil {
			t.Fatal(err)
		}
		ds, err := s.d.cs.AppsV1().DaemonSets(s.ns).Get(ctx, "node-exporter", metav1.GetOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for what, l := range map[string]map[string]string{"daemon set": ds.Labels, "template": ds.Spec.Template.Labels, "selector": ds.Spec.Selector.MatchLabels} {
			if l[LabelRun] != "r1" || l[LabelScenario] != "ds-1" {
				t.Errorf("%s labels %v", what, l)
			}
		}
		if ds.Spec.Selector.MatchLabels["app"] != "node-exporter" {
			t.Errorf("selector %v", ds.Spec.Selector.MatchLabels)
		}
		if got := dsNodes(t, ds.Spec.Template.Spec, all...); !slices.Equal(got, []string{"kind-worker"}) {
			t.Errorf("runs on %v, want only kind-worker", got)
		}
		if err := s.CreateDaemonSet(ctx, "node-exporter", agentTemplate(), []string{"worker-1"}); err == nil {
			t.Error("a second daemon set of the same name was accepted")
		}
	})
	t.Run("leased nodes: those of its nodes, tolerating the pool's taint", func(t *testing.T) {
		s := testSession(t)
		s.leases = []*lease{{node: "pool-1"}, {node: "pool-2"}}
		s.nodeAlias["worker-1"], s.nodeAlias["worker-2"] = "pool-1", "pool-2"
		ctx := context.Background()
		if err := s.CreateDaemonSet(ctx, "every", agentTemplate(), []string{"worker-1", "worker-2"}); err != nil {
			t.Fatal(err)
		}
		if err := s.CreateDaemonSet(ctx, "one", agentTemplate(), []string{"worker-2"}); err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string][]string{"every": {"pool-1", "pool-2"}, "one": {"pool-2"}} {
			ds, err := s.d.cs.AppsV1().DaemonSets(s.ns).Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if got := dsNodes(t, ds.Spec.Template.Spec, all...); !slices.Equal(got, want) {
				t.Errorf("%s runs on %v, want %v", name, got, want)
			}
			tolerates := false
			for _, tol := range ds.Spec.Template.Spec.Tolerations {
				tolerates = tolerates || tol.Key == cluster.PoolTaint
			}
			if !tolerates {
				t.Errorf("%s does not tolerate the pool's taint: %v", name, ds.Spec.Template.Spec.Tolerations)
			}
		}
	})
	t.Run("a node the cluster does not have: unsupported", func(t *testing.T) {
		s := testSession(t)
		err := s.CreateDaemonSet(context.Background(), "x", agentTemplate(), []string{"worker-9"})
		if !errors.Is(err, driver.ErrUnsupported) {
			t.Errorf("error %v, want unsupported", err)
		}
	})
	t.Run("its pods are the scenario's from their first sighting", func(t *testing.T) {
		s := testSession(t)
		s.wl.daemonSets = []*ownedPods{{name: "node-exporter", uid: "u-ds"}}
		s.obs.onPod(ownedPod("node-exporter-1", "DaemonSet", "node-exporter", "u-ds", nil), false)
		s.obs.onPod(ownedPod("node-exporter-x", "DaemonSet", "node-exporter", "u-another", nil), false)
		s.obs.onPod(ownedPod("kube-proxy-1", "DaemonSet", "kube-proxy", "u-kp", nil), false)
		_, created, ok := s.DaemonSetPods("node-exporter")
		if !ok || strings.Join(created, ",") != "node-exporter-1" {
			t.Errorf("daemon set pods %v, %v", created, ok)
		}
	})
}
