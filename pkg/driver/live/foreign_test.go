package live

import (
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// nodeCaps are the capabilities of the node half.
var nodeCaps = []driver.Capability{driver.NodePressure, driver.KubeletRestart, driver.KubeletUpgrade, driver.NodeLifecycle, driver.CreateNodes}

// TestForeignClusterNodeHalfThroughTheAgent: on a cluster that is not a
// kind cluster of this machine, a pool reached through the node agent
// gives the node half (pressure, kubelet restarts and upgrades, NotReady,
// leased nodes), not the power cuts, which need docker, and say so; on
// the docker route such a cluster has none of it, and says to take the
// agent route; a kind cluster of this machine has all of it.
func TestForeignClusterNodeHalfThroughTheAgent(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kind  string
		agent bool
		nodes bool // the node half
		power bool
		why   string // WhyNot(NodeLifecycle) or, with nodes, WhyNot(NodeReboot), contains
	}{
		{name: "foreign, agent route", agent: true, nodes: true, why: "nothing on a node, the node agent neither, can cut its power"},
		{name: "foreign, docker route", why: "run with --node-route agent"},
		{name: "kind of this machine, docker route", kind: "podlife-abc", nodes: true, power: true},
		{name: "kind of this machine, agent route", kind: "podlife-abc", agent: true, nodes: true, power: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := fake.NewClientset()
			d := New(Options{RunID: "r1", AllowAnyCluster: true})
			d.once.Do(func() {}) // connected: the fake is the cluster
			d.cs, d.pool, d.info.Kind, d.info.Server = cs, []string{"pool-1"}, tc.kind, "https://10.0.0.1:6443"
			if tc.agent {
				d.shell = newFakeKubelets().shell(cs)
			}
			caps := d.Capabilities()
			for _, c := range nodeCaps {
				if caps[c] != tc.nodes {
					t.Errorf("%s: %v, want %v", c, caps[c], tc.nodes)
				}
			}
			for _, c := range []driver.Capability{driver.NodeReboot, driver.NodeCrash} {
				// Absent, not false: a skip lists the capabilities a driver
				// has by its keys (a key false was listed as had, live
				// 2026-11-29 20:34).
				if _, had := caps[c]; had != tc.power || caps[c] != tc.power {
					t.Errorf("%s: %v (key present %v), want %v", c, caps[c], had, tc.power)
				}
			}
			if tc.why == "" {
				return
			}
			c := driver.NodeLifecycle
			if tc.nodes {
				c = driver.NodeReboot
			}
			if why := d.WhyNot(c); !strings.Contains(why, tc.why) {
				t.Errorf("WhyNot(%s) = %q, want it to say %q", c, why, tc.why)
			}
		})
	}
}

// TestNoDockerTakesAKindClusterAsForeign: with NoDocker (--no-docker) a
// kind cluster podlife created is taken as one it did not create: refused
// without --allow-any-cluster, and, allowed, not a kind cluster of this
// machine (so no docker route, no power cuts).
func TestNoDockerTakesAKindClusterAsForeign(t *testing.T) {
	n := node("podlife-abc-control-plane", "kind://docker/podlife-abc/podlife-abc-control-plane", map[string]string{cluster.Label: "podlife-abc"})
	for _, tc := range []struct {
		noDocker, allowAny bool
		refused            bool
		kind               string
	}{
		{kind: "podlife-abc"},
		{noDocker: true, refused: true},
		{noDocker: true, allowAny: true},
	} {
		d := New(Options{RunID: "r1", NoDocker: tc.noDocker, AllowAnyCluster: tc.allowAny})
		d.cs = fake.NewClientset(n.DeepCopy())
		err := d.identify(context.Background())
		if tc.refused {
			if err == nil || !strings.Contains(err.Error(), "--no-docker") || !strings.Contains(err.Error(), "--allow-any-cluster") {
				t.Errorf("%+v: %v, want a refusal naming --no-docker and --allow-any-cluster", tc, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%+v: %v", tc, err)
			continue
		}
		if d.info.Kind != tc.kind || d.info.Podlife != !tc.noDocker {
			t.Errorf("%+v: kind %q, podlife's %v", tc, d.info.Kind, d.info.Podlife)
		}
	}
}

// TestSweepManifestsThroughTheAgent: a run's static pod manifests are
// removed through the node agent on the nodes it runs on, a cluster that
// is not a kind cluster of this machine too.
func TestSweepManifestsThroughTheAgent(t *testing.T) {
	cs := fake.NewClientset(nodeAgentPod("agent-cp", "cp", corev1.PodRunning), nodeAgentPod("agent-pool-1", "pool-1", corev1.PodRunning))
	d := New(Options{RunID: "r1", AllowAnyCluster: true})
	d.once.Do(func() {})
	d.cs, d.followed = cs, []string{"cp", "pool-1"}
	var removed []string
	d.shell = &agentShell{cs: cs, ns: agentNamespace("run-1"), pods: map[string]string{},
		exec: func(_ context.Context, _, pod string, argv []string, _ io.Reader, _ io.Writer) error {
			if cmd := strings.Join(argv[4:], " "); strings.Contains(cmd, "rm -f /etc/kubernetes/manifests/podlife-r1-") {
				removed = append(removed, pod)
			}
			return nil
		}}
	if err := d.SweepManifests(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"agent-cp", "agent-pool-1"}; !slices.Equal(removed, want) {
		t.Errorf("manifests removed through %v, want %v", removed, want)
	}
}
