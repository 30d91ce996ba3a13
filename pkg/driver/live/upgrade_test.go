package live

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes/fake"

	"github.com/podlife/podlife/pkg/driver"
)

// fakeNodes is nodeOps over directories: each node's container is a
// directory, its kubelet a shell script that prints its version. The
// kubelet scripts (kubeletArgs) run in a real sh with their paths moved
// into the node's directory; other commands (restoreNode's pressure
// cleanup) are recorded and succeed. A restart records itself and writes
// the version of the binary now in place into the node's status, as a
// kubelet reports it.
type fakeNodes struct {
	t    *testing.T
	root string
	cs   *fake.Clientset
	mu   sync.Mutex
	// restarts counts each node's kubelet restarts.
	restarts map[string]int
	// failStream, failRestart make the next copy from a node, or the next
	// restart of a node, fail.
	failStream, failRestart map[string]bool
}

func newFakeNodes(t *testing.T, cs *fake.Clientset, kubelets map[string]string) *fakeNodes {
	t.Helper()
	f := &fakeNodes{t: t, root: t.TempDir(), cs: cs, restarts: map[string]int{}, failStream: map[string]bool{}, failRestart: map[string]bool{}}
	for node, version := range kubelets {
		f.writeKubelet(node, kubeletBinary, version)
	}
	return f
}

// path is where a node's file lives in the fake.
func (f *fakeNodes) path(node, p string) string { return filepath.Join(f.root, node, p) }

// writeKubelet puts a kubelet of version at p on node.
func (f *fakeNodes) writeKubelet(node, p, version string) {
	f.t.Helper()
	dst := f.path(node, p)
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		f.t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte("#!/bin/sh\necho \"Kubernetes "+version+"\"\n"), 0o755); err != nil {
		f.t.Fatal(err)
	}
}

// version is what the kubelet at p on node reports ("" when absent).
func (f *fakeNodes) version(node, p string) string {
	out, err := exec.Command(f.path(node, p), "--version").Output()
	if err != nil {
		return ""
	}
	return reportedVersion(out)
}

func (f *fakeNodes) exists(node, p string) bool {
	_, err := os.Stat(f.path(node, p))
	return err == nil
}

func (f *fakeNodes) exec(node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	if cmd == "sh" && len(args) == 2 && strings.HasPrefix(args[1], "if [ -f "+snapshotDir) {
		return []byte("none\n--\n"), nil // readSnapshotSh: these fakes keep no snapshot
	}
	if cmd != "sh" || len(args) < 6 || args[3] != kubeletBinary {
		return nil, nil // restoreNode's own script: nothing to undo here
	}
	moved := append([]string{}, args...)
	for i := 3; i < 6; i++ {
		moved[i] = f.path(node, args[i])
	}
	c := exec.Command("sh", moved...)
	if in != nil {
		c.Stdin = in
	}
	return c.CombinedOutput()
}

func (f *fakeNodes) stream(_ context.Context, node string, out io.Writer, cmd string, args ...string) error {
	f.mu.Lock()
	fail := f.failStream[node]
	f.failStream[node] = false
	f.mu.Unlock()
	if fail {
		return errors.New("the node's container went away")
	}
	if cmd != "cat" || len(args) != 1 {
		return fmt.Errorf("fake: cannot stream %s %v", cmd, args)
	}
	b, err := os.ReadFile(f.path(node, args[0]))
	if err != nil {
		return err
	}
	_, err = io.Copy(out, bytes.NewReader(b))
	return err
}

func (f *fakeNodes) restartKubelet(ctx context.Context, node string) error {
	f.mu.Lock()
	fail := f.failRestart[node]
	f.failRestart[node] = false
	f.restarts[node]++
	f.mu.Unlock()
	if fail {
		return driver.Infrastructure("the kubelet of %s did not report Ready within 2m of its restart", node)
	}
	n, err := f.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil {
		return err
	}
	n.Status.NodeInfo.KubeletVersion = f.version(node, kubeletBinary)
	_, err = f.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
	return err
}

// upgradeSession is a session of a 1.35 scenario that upgrades its
// kubelet, on a cluster of 1.36 with skewed nodes of 1.34 and 1.35, that
// holds pool node pool-1 (as worker-1) and has not yet brought it to 1.35.
func upgradeSession(t *testing.T) (*session, *fakeNodes) {
	t.Helper()
	s := testSession(t)
	ready := []corev1.NodeCondition{{Type: corev1.NodeReady, Status: corev1.ConditionTrue}}
	pool := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1", Annotations: map[string]string{AnnotationLease: "r1/podlife-t"}},
		Status: corev1.NodeStatus{Conditions: ready, NodeInfo: corev1.NodeSystemInfo{KubeletVersion: "v1.36.3"}}}
	cs := fake.NewClientset(pool)
	s.d.cs = cs
	s.d.info = ClusterInfo{Node: "cp", KubeletVersion: "v1.36.3", ControlPlane: "v1.36.3"}
	s.d.pool = []string{"pool-1"}
	s.d.skewed = map[string]skewedNode{"1.34": {"skew-34", "v1.34.4"}, "1.35": {"skew-35", "v1.35.4"}}
	s.home = s.d.skewed["1.35"]
	s.sc = driver.Scenario{Tags: []string{"@needs:kubelet-upgrade", "@kubelet:1.35"}, KubeletVersion: "1.35"}
	f := newFakeNodes(t, cs, map[string]string{"pool-1": "v1.36.3", "skew-34": "v1.34.4", "skew-35": "v1.35.4", "cp": "v1.36.3"})
	s.d.ops = f
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	return s, f
}

// TestKubeletSwappedForTheLease: the pool node runs the scenario's
// kubelet (the skewed node's binary) while leased, its own kept beside
// it; the upgrade puts the named release's binary in place (its own for
// the cluster's, a skewed node's for an older one) and restarts the
// kubelet; the release puts its own back and restarts it. The skewed
// nodes are only read.
func TestKubeletSwappedForTheLease(t *testing.T) {
	for _, tc := range []struct {
		name, home, to string
	}{
		{"1.35 to 1.36: the node's own kubelet back", "1.35", "1.36"},
		{"1.34 to 1.35: the 1.35 node's kubelet", "1.34", "1.35"},
		{"1.34 to 1.36, a minor skipped", "1.34", "1.36"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := upgradeSession(t)
			ctx := context.Background()
			s.home = s.d.skewed[tc.home]
			l := s.leases[0]
			if err := s.kube.putKubelet(ctx, l, s.home.version); err != nil {
				t.Fatal(err)
			}
			if got := f.version("pool-1", kubeletBinary); got != s.home.version {
				t.Fatalf("leased: the pool node's kubelet is %q, want the skewed node's %s", got, s.home.version)
			}
			if got := f.version("pool-1", kubeletKept); got != "v1.36.3" || !l.dirty.Load() || f.restarts["pool-1"] != 1 {
				t.Fatalf("leased: kept %q, dirty %v, %d restarts; want its own v1.36.3 kept, the lease dirty, one restart", got, l.dirty.Load(), f.restarts["pool-1"])
			}
			if err := s.UpgradeKubelet(ctx, "worker-1", tc.to); err != nil {
				t.Fatal(err)
			}
			if got := f.version("pool-1", kubeletBinary); minor(got) != tc.to || minor(l.kubelet) != tc.to || f.restarts["pool-1"] != 2 {
				t.Fatalf("upgraded: kubelet %q (lease says %q), %d restarts; want %s after a second restart", got, l.kubelet, f.restarts["pool-1"], tc.to)
			}
			if err := s.pool.release(ctx); err != nil {
				t.Fatal(err)
			}
			if got := f.version("pool-1", kubeletBinary); got != "v1.36.3" || f.exists("pool-1", kubeletKept) || f.exists("pool-1", kubeletNew) || f.restarts["pool-1"] != 3 {
				t.Errorf("released: kubelet %q, kept copy left %v, new copy left %v, %d restarts; want its own v1.36.3 alone after a third restart",
					got, f.exists("pool-1", kubeletKept), f.exists("pool-1", kubeletNew), f.restarts["pool-1"])
			}
			for _, n := range []string{"skew-34", "skew-35", "cp"} {
				if f.restarts[n] != 0 || f.exists(n, kubeletKept) {
					t.Errorf("node %s was changed", n)
				}
			}
		})
	}
}

// TestUpgradeKubeletRefusesOnKind: the upgrades the simulator refuses are
// refused here alike (errors); a release no node of the cluster runs is
// skipped; a node the scenario did not lease is never touched.
func TestUpgradeKubeletRefusesOnKind(t *testing.T) {
	for _, tc := range []struct {
		name, node, to, why string
		unsupported         bool
		// without is a skewed node's release the cluster lacks.
		without string
	}{
		{"the same release is a restart", "worker-1", "1.35", "the same release again is a restart", false, ""},
		{"a downgrade", "worker-1", "1.34", "is a downgrade", false, ""},
		{"newer than the control plane", "worker-1", "1.37", "version skew policy", false, ""},
		{"a release the cluster has no kubelet of", "worker-1", "1.35", "has no kubelet 1.35", true, "1.35"},
		{"a node the scenario did not lease", "worker-2", "1.36", "not a node the scenario leased", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, f := upgradeSession(t)
			ctx := context.Background()
			lease := "v1.35.4"
			if tc.without != "" {
				lease = "v1.34.4"
			}
			if err := s.kube.putKubelet(ctx, s.leases[0], lease); err != nil {
				t.Fatal(err)
			}
			delete(s.d.skewed, tc.without)
			err := s.UpgradeKubelet(ctx, tc.node, tc.to)
			switch {
			case err == nil:
				t.Fatal("upgraded")
			case tc.unsupported != errors.Is(err, driver.ErrUnsupported):
				t.Fatalf("%v: unsupported %v, want %v", err, errors.Is(err, driver.ErrUnsupported), tc.unsupported)
			case !strings.Contains(err.Error(), tc.why):
				t.Fatalf("%v: want it to say %q", err, tc.why)
			}
			if f.restarts["pool-1"] != 1 || f.version("pool-1", kubeletBinary) != lease {
				t.Errorf("a refused upgrade changed the kubelet: %d restarts, %s", f.restarts["pool-1"], f.version("pool-1", kubeletBinary))
			}
		})
	}
}

// TestNeedsPoolForAnUpgrade: a scenario that upgrades its kubelet leases
// a node; one of an older kubelet that does not is refused a pool node,
// whose kubelet is the cluster's.
func TestNeedsPoolForAnUpgrade(t *testing.T) {
	if !needsPool([]string{"@needs:kubelet-upgrade"}) {
		t.Error("a kubelet upgrade does not lease a node")
	}
	s, _ := upgradeSession(t)
	s.leases = nil
	s.sc.Tags = []string{"@needs:kubelet-restart"}
	if err := s.pool.leaseNodes(context.Background(), 1); !errors.Is(err, driver.ErrUnsupported) || !strings.Contains(err.Error(), "the pool's nodes run the cluster's kubelet") {
		t.Errorf("a 1.35 scenario that restarts its kubelet: %v; want a skip", err)
	}
}
