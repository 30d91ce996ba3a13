package live

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/runner"
)

// TestNodeShutdownNeverClaimed: whatever the cluster (no pool, a foreign
// one through the agent, a kind cluster of this machine), the live driver
// does not claim node-shutdown, and says why: logind's inhibitor lock and
// PrepareForShutdown signal, which podlife does not drive in a kind node.
// A session asked all the same, and a Setup that configures the shutdown
// grace periods, answer ErrUnsupported with that reason, never a pass.
func TestNodeShutdownNeverClaimed(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kind  string
		pool  []string
		agent bool
	}{
		{name: "no pool"},
		{name: "foreign, agent route", pool: []string{"pool-1"}, agent: true},
		{name: "foreign, docker route", pool: []string{"pool-1"}},
		{name: "kind of this machine", kind: "podlife-abc", pool: []string{"pool-1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cs := fake.NewClientset()
			d := New(Options{RunID: "r1", AllowAnyCluster: true})
			d.once.Do(func() {})
			d.cs, d.pool, d.info.Kind, d.info.Server = cs, tc.pool, tc.kind, "https://10.0.0.1:6443"
			if tc.agent {
				d.shell = newFakeKubelets().shell(cs)
			}
			if _, had := d.Capabilities()[driver.NodeShutdown]; had {
				t.Errorf("node-shutdown claimed")
			}
			if why := d.WhyNot(driver.NodeShutdown); why != nodeShutdownWhyNot {
				t.Errorf("WhyNot(node-shutdown) = %q, want %q", why, nodeShutdownWhyNot)
			}
		})
	}
	for _, want := range []string{"systemd-logind", "inhibitor lock", "PrepareForShutdown", "D-Bus"} {
		if !strings.Contains(nodeShutdownWhyNot, want) {
			t.Errorf("the reason does not say %q: %s", want, nodeShutdownWhyNot)
		}
	}
	err := (&nodeShutdown{}).ShutdownNode(context.Background(), "worker-1")
	if !errors.Is(err, driver.ErrUnsupported) || !strings.Contains(err.Error(), "PrepareForShutdown") {
		t.Errorf("ShutdownNode: %v", err)
	}
	s := &session{scene: &scene{}}
	err = s.Configure(context.Background(), driver.Setup{Shutdown: &driver.Shutdown{GracePeriod: 30e9}})
	if !errors.Is(err, driver.ErrUnsupported) || !strings.Contains(err.Error(), "PrepareForShutdown") {
		t.Errorf("Configure with a shutdown grace period: %v", err)
	}
}

// TestGracefulShutdownScenariosSkippedOnKind: every scenario of
// features/nodes/graceful-shutdown.feature is skipped on a kind cluster
// with a pool (the live driver's fullest configuration), with the reason.
func TestGracefulShutdownScenariosSkippedOnKind(t *testing.T) {
	const path = "../../../features/nodes/graceful-shutdown.feature"
	content, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, scs, problems := runner.ParseFeature(path, content)
	if len(problems) > 0 || len(scs) == 0 {
		t.Fatalf("%d scenarios, problems %v", len(scs), problems)
	}
	d := New(Options{RunID: "r1", AllowAnyCluster: true})
	d.once.Do(func() {})
	d.cs, d.pool, d.info.Kind, d.info.Server = fake.NewClientset(), []string{"pool-1"}, "podlife-abc", "https://10.0.0.1:6443"
	for _, sc := range scs {
		m, err := runner.ReadTags(sc.Tags)
		if err != nil {
			t.Fatal(err)
		}
		if why := m.SkipReason(d); !strings.Contains(why, "needs capability node-shutdown") || !strings.Contains(why, "PrepareForShutdown") {
			t.Errorf("line %d: skip reason %q", sc.Line, why)
		}
	}
}
