package live

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// rootedShell is the route onto rooted nodes (noderecord_test.go) that
// a session's node-side calls take, counting its commands.
type rootedShell struct {
	r    *rootedNodes
	cmds []string
}

func (s *rootedShell) Exec(_ context.Context, node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	s.cmds = append(s.cmds, node+": "+strings.Join(append([]string{cmd}, args...), " "))
	return s.r.exec(node, in, cmd, args...)
}

func (s *rootedShell) Stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error {
	return s.r.stream(ctx, node, out, cmd, args...)
}

// TestRemoveStaticPod: a step's removal takes off the node the manifest
// the scenario wrote and the run's record of it, through the route the
// write took, so that the node is as the run found it (its snapshot
// compares equal, no record is left for a sweep to undo) and the
// session's close removes nothing again; a manifest the scenario did not
// write, or removed already, is an error and nothing is run.
func TestRemoveStaticPod(t *testing.T) {
	r := newRootedNodes(t, "pool-1")
	d := rootedDriver(t, r, []string{"pool-1"}, map[string]bool{"pool-1": true})
	ctx := context.Background()
	if err := snapshotNode(ctx, d, "pool-1"); err != nil {
		t.Fatal(err)
	}
	s := testSession(t)
	s.d = d
	s.nodeAlias["worker-1"] = "pool-1"
	file := s.kube.manifestName("agent")
	// The manifest as StaticPod writes it.
	if b, err := r.exec("pool-1", strings.NewReader("kind: Pod\n"), "sh", "-c", manifestSh("r1", file)); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	s.manifests = append(s.manifests, nodeFile{node: "pool-1", file: file})
	sh := &rootedShell{r: r}
	d.shell = sh

	if err := s.RemoveStaticPod(ctx, "worker-1", "agent"); err != nil {
		t.Fatalf("removing the manifest: %v", err)
	}
	want := "pool-1: sh -c rm -f /etc/kubernetes/manifests/podlife-r1-podlife-t-agent.yaml && rm -f /var/lib/podlife/records/r1.manifest.podlife-r1-podlife-t-agent.yaml"
	if len(sh.cmds) != 1 || sh.cmds[0] != want {
		t.Errorf("ran %q, want %q", sh.cmds, want)
	}
	if _, err := os.Stat(r.path("pool-1", manifestDir+"/"+file)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the manifest is still on the node (%v)", err)
	}
	if err := compareSnapshot(ctx, d, "pool-1"); err != nil {
		t.Errorf("the node is not as the run found it: %v", err)
	}
	if did, err := undoRecorded(ctx, d, "pool-1"); err != nil || len(did) > 0 {
		t.Errorf("a sweep finds records to undo: %v, %v", did, err)
	}

	sh.cmds = nil
	for _, c := range []struct{ node, pod, want string }{
		{"worker-1", "agent", "removed it already"},
		{"worker-1", "web", `wrote no manifest for it on node "worker-1"`},
		{"worker-2", "agent", `node "worker-2" is not on the live cluster`},
	} {
		if err := s.RemoveStaticPod(ctx, c.node, c.pod); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RemoveStaticPod(%q, %q): %v, want %q", c.node, c.pod, err, c.want)
		}
	}
	if err := s.RemoveStaticPod(ctx, "worker-2", "agent"); !errors.Is(err, driver.ErrUnsupported) {
		t.Errorf("a node not on the cluster: %v, want unsupported", err)
	}
	if err := s.kube.removeManifests(ctx); err != nil {
		t.Fatal(err)
	}
	if len(sh.cmds) > 0 {
		t.Errorf("ran %q after the removal, want nothing: the close removes what the scenario left only", sh.cmds)
	}
}

// TestRemoveStaticPodFailedKeepsTheManifest: a removal whose command
// fails leaves the manifest the session's to remove at its close.
func TestRemoveStaticPodFailedKeepsTheManifest(t *testing.T) {
	s := testSession(t)
	s.nodeAlias["worker-1"] = "pool-1"
	file := s.kube.manifestName("agent")
	s.manifests = append(s.manifests, nodeFile{node: "pool-1", file: file})
	f := &failingShell{}
	s.d.shell = f
	if err := s.RemoveStaticPod(context.Background(), "worker-1", "agent"); err == nil || !strings.Contains(err.Error(), "removing static pod \"agent\"'s manifest") {
		t.Fatalf("error %v", err)
	}
	f.n = 0
	_ = s.kube.removeManifests(context.Background())
	if f.n != 1 {
		t.Errorf("the close ran %d commands, want the manifest's removal again", f.n)
	}
}

type failingShell struct{ n int }

func (f *failingShell) Exec(context.Context, string, io.Reader, string, ...string) ([]byte, error) {
	f.n++
	return []byte("rm: cannot remove"), errors.New("exit status 1")
}

func (f *failingShell) Stream(context.Context, string, io.Writer, string, ...string) error {
	return errors.New("not followed")
}

// TestRemovedManifestWidensTheMirrorPodsDeletion: once a step removed a
// static pod's manifest, the mirror pod's deletion may come up to a
// housekeeping period later than a deleted pod's (the kubelet deletes
// the orphan at its next housekeeping); nothing else is widened.
func TestRemovedManifestWidensTheMirrorPodsDeletion(t *testing.T) {
	s := testSession(t)
	s.manifests = []nodeFile{{node: "pool-1", file: s.kube.manifestName("agent")}}
	gone := timeline.Selector{Pod: "agent", Kind: timeline.Deleted}
	margins := func() (agentGone, webGone, agentKill time.Duration) {
		_, agentGone = s.win.Margin(gone, driver.ActionDelete)
		_, webGone = s.win.Margin(timeline.Selector{Pod: "web", Kind: timeline.Deleted}, driver.ActionDelete)
		_, agentKill = s.win.Margin(timeline.Selector{Pod: "agent", Container: "app", Kind: timeline.SIGKILL}, driver.ActionDelete)
		return
	}
	a0, w0, k0 := margins()
	if a0 != w0 {
		t.Fatalf("before the removal the mirror pod's deletion is judged %s late, a pod's %s", a0, w0)
	}
	s.manifests[0].removed = true
	a1, w1, k1 := margins()
	if a1 != a0+periods.Housekeeping {
		t.Errorf("after the removal the mirror pod's deletion may be %s late, want %s (+ the housekeeping period)", a1, a0+periods.Housekeeping)
	}
	if w1 != w0 || k1 != k0 {
		t.Errorf("widened too: another pod's deletion %s → %s, the container's SIGKILL %s → %s", w0, w1, k0, k1)
	}
}
