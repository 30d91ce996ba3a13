package live

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// A pool node's kubelet swapped for another release's binary, for the
// scenarios that upgrade a kubelet in place (@needs:kubelet-upgrade).
//
// A scenario of an older kubelet (@kubelet:1.35) that upgrades it leases a
// pool node, whose kubelet is the cluster's release, and runs it on the
// scenario's release for the lease: the binary of the skewed node of that
// release (the cluster's node image with that release's kubelet,
// hack/kind-kubelet-image.sh) replaces /usr/bin/kubelet in the node's
// container, the node's own kept beside it, and the kubelet restarts, as
// the skewed node's own kubelet once started with the same configuration.
// The upgrade puts the named release's binary in place the same way (the
// node's own kept copy for the cluster's release, a skewed node's for an
// older one) and restarts the kubelet. The skewed nodes are only read:
// other scenarios of their release run pods on them meanwhile.
//
// The kept copy marks a swapped kubelet: whenever it exists, a lease's
// release (restoreNode, after a failure too) and a sweep after an
// interrupt (SweepPool, `podlife cleanup`) put it back and restart the
// kubelet.

// Where the kubelet's binary is in a kind node's container (kind's node
// image builder puts it there, as hack/kind-kubelet-image.sh replaces it),
// the node's own kept while another release's runs, and a new one while
// it is written: a running kubelet's file cannot be written (ETXTBSY), it
// is renamed over instead.
const (
	kubeletBinary = "/usr/bin/kubelet"
	kubeletKept   = "/usr/bin/kubelet.podlife-orig"
	kubeletNew    = "/usr/bin/kubelet.podlife-new"
)

// nodeOps is what the driver does in a node's container: run a command,
// follow one's output, restart the kubelet and wait for it to serve
// again. shellOps does it through the driver's shell; the tests give a
// fake.
type nodeOps interface {
	exec(node string, in io.Reader, cmd string, args ...string) ([]byte, error)
	stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error
	restartKubelet(ctx context.Context, node string) error
}

// shellOps reaches the nodes through the driver's shell (shell.go).
type shellOps struct{ d *Driver }

func (k shellOps) exec(node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	return shellOf(k.d).Exec(context.Background(), node, in, cmd, args...)
}

func (k shellOps) stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error {
	return shellOf(k.d).Stream(ctx, node, out, cmd, args...)
}

func (k shellOps) restartKubelet(ctx context.Context, node string) error {
	return k.d.restartKubelet(ctx, node)
}

// opsOf is the driver's way into its nodes: its shell's unless a test set
// another.
func opsOf(d *Driver) nodeOps {
	if d.ops != nil {
		return d.ops
	}
	return shellOps{d}
}

// The scripts the swap runs in a node's container, their paths as
// arguments ($1 the kubelet's binary, $2 the kept copy, $3 the new one).
const (
	// putKubeletScript keeps the node's own binary (once: a kept copy is
	// always the node's own), writes the new one from standard input, or
	// from the kept copy when $4 is "kept", and prints its version
	// (`kubelet --version`: "Kubernetes v1.35.4").
	putKubeletScript = `set -e; [ -e "$2" ] || cp -p "$1" "$2"; rm -f "$3"; if [ "$4" = kept ]; then cp -p "$2" "$3"; else cat > "$3"; fi; chmod 0755 "$3"; "$3" --version`
	// swapKubeletScript renames the new binary over the kubelet's.
	swapKubeletScript = `set -e; mv -f "$3" "$1"`
	// restoreKubeletScript puts the node's own binary back when another
	// release's runs, and says so.
	restoreKubeletScript = `set -e; rm -f "$3"; if [ -e "$2" ]; then mv -f "$2" "$1"; echo restored; fi`
)

// kubeletArgs are the scripts' arguments after the script.
func kubeletArgs(script string, extra ...string) []string {
	return append([]string{"-c", script, "sh", kubeletBinary, kubeletKept, kubeletNew}, extra...)
}

// putKubelet makes release's kubelet the leased node's and restarts it,
// checked twice: the binary reports release before it is put in place,
// and the node reports it once its kubelet is back. The lease is marked
// dirty first: whatever happens next, its release restores the node's own
// kubelet.
func (s *nodeSide) putKubelet(ctx context.Context, l *lease, release string) error {
	ops := opsOf(s.d)
	src, kept, err := kubeletSource(s.d, release)
	if err != nil {
		return err
	}
	l.dirty.Store(true)
	var out []byte
	if kept {
		out, err = ops.exec(l.node, nil, "sh", kubeletArgs(putKubeletScript, "kept")...)
	} else {
		out, err = copyInto(ctx, ops, src, l.node)
	}
	if err != nil {
		return driver.Infrastructure("writing kubelet %s on node %s (from %s): %v: %s", release, l.node, src, err, strings.TrimSpace(string(out)))
	}
	if got := reportedVersion(out); minor(got) != minor(release) {
		return driver.Infrastructure("the kubelet binary copied from %s to node %s reports %q, not %s", src, l.node, strings.TrimSpace(string(out)), release)
	}
	if b, err := ops.exec(l.node, nil, "sh", kubeletArgs(swapKubeletScript)...); err != nil {
		return driver.Infrastructure("putting kubelet %s in place on node %s: %v: %s", release, l.node, err, strings.TrimSpace(string(b)))
	}
	if err := ops.restartKubelet(ctx, l.node); err != nil {
		return err
	}
	n, err := s.d.cs.CoreV1().Nodes().Get(ctx, l.node, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("reading node %s: %w", l.node, err)
	}
	if got := n.Status.NodeInfo.KubeletVersion; minor(got) != minor(release) {
		return driver.Infrastructure("node %s reports kubelet %s after its kubelet %s was put in place", l.node, got, release)
	}
	l.kubelet = n.Status.NodeInfo.KubeletVersion
	s.d.logf("%s: node %s runs kubelet %s", s.ns, l.node, l.kubelet)
	return nil
}

// kubeletSource is the node whose kubelet binary is release's: the leased
// node's own kept copy (kept) for the cluster's release, else the skewed
// node of that release. A release no node of the cluster runs cannot be
// had here.
func kubeletSource(d *Driver, release string) (node string, kept bool, err error) {
	if minor(release) == minor(d.info.KubeletVersion) {
		return "", true, nil
	}
	if n, ok := d.skewed[minor(release)]; ok {
		return n.name, false, nil
	}
	have := []string{d.info.KubeletVersion}
	for _, k := range slices.Sorted(maps.Keys(d.skewed)) {
		have = append(have, d.skewed[k].version)
	}
	return "", false, driver.Unsupported("the cluster has no kubelet %s to upgrade to: its nodes run kubelet %s", minor(release), strings.Join(have, ", "))
}

// copyInto streams from's kubelet binary into to's new one (putKubeletScript
// reading its standard input), and returns what the script printed.
func copyInto(ctx context.Context, ops nodeOps, from, to string) ([]byte, error) {
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := ops.stream(ctx, from, pw, "cat", kubeletBinary)
		pw.CloseWithError(err) // nil: the reader sees the end
		done <- err
	}()
	out, err := ops.exec(to, pr, "sh", kubeletArgs(putKubeletScript, "stdin")...)
	// A script that stopped reading early leaves the copy blocked on the
	// pipe: closing it ends the copy.
	_ = pr.Close()
	if serr := <-done; serr != nil && err == nil {
		err = fmt.Errorf("reading the kubelet of %s: %w", from, serr)
	}
	return out, err
}

// reportedVersion is the version `kubelet --version` printed last
// ("Kubernetes v1.35.4"), "" if none.
func reportedVersion(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) == 2 && f[0] == "Kubernetes" {
		return f[1]
	}
	return ""
}

// restoreKubelet puts a pool node's own kubelet binary back if another
// release's runs there, and says whether it did: the kubelet must then
// restart (restoreNode).
func restoreKubelet(d *Driver, node string) (bool, error) {
	b, err := opsOf(d).exec(node, nil, "sh", kubeletArgs(restoreKubeletScript)...)
	if err != nil {
		return false, fmt.Errorf("restoring the kubelet binary of node %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	return strings.Contains(string(b), "restored"), nil
}

// upgradesKubelet says whether a scenario's tags ask to upgrade a
// kubelet: one of an older kubelet then leases a pool node brought to its
// release instead of running on the skewed node.
func upgradesKubelet(tags []string) bool {
	return hasTag(tags, "needs:"+string(driver.KubeletUpgrade))
}

// UpgradeKubelet replaces the leased node's kubelet with release
// version's and restarts it, as the simulator does (pkg/sim
// UpgradeKubelet), its containers left running: the real kubelet decides
// which it keeps. Refused as the simulator refuses: the release it runs,
// an older one, one newer than the control plane; a release no node of
// the cluster runs is skipped.
func (s *nodeSide) UpgradeKubelet(ctx context.Context, node, version string) error {
	l, err := s.pool.leased(node, "upgrade the kubelet of", driver.KubeletUpgrade)
	if err != nil {
		return err
	}
	from := l.kubelet
	if from == "" {
		from = s.d.info.KubeletVersion
	}
	to, ok := minorNumber(version)
	cur, _ := minorNumber(from)
	cp, _ := minorNumber(s.d.info.ControlPlane)
	switch {
	case !ok:
		return fmt.Errorf("kubelet version %q is not of the form 1.N", version)
	case to > cp:
		return fmt.Errorf("a kubelet %s under a control plane %s is outside Kubernetes' version skew policy (a kubelet is never newer than its API server)", minor(version), minor(s.d.info.ControlPlane))
	case to == cur:
		return fmt.Errorf("the kubelet on node %q runs %s already: the same release again is a restart (`the kubelet on node %q restarts`)", node, from, node)
	case to < cur:
		return fmt.Errorf("kubelet %s to %s on node %q is a downgrade: Kubernetes documents kubelet upgrades only, and podlife runs none", minor(from), minor(version), node)
	}
	return s.putKubelet(ctx, l, version)
}
