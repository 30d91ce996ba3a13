// Package cluster creates, loads and deletes the kind clusters podlife
// runs its live suite on, through kind's Go library
// (sigs.k8s.io/kind/pkg/cluster) and Docker.
//
// A cluster podlife creates is named podlife-<id> and its nodes carry the
// label podlife.io/cluster=<name>: that is how the live driver tells a
// cluster it may use freely from one it must refuse without
// --allow-any-cluster.
package cluster

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"text/template"
	"time"

	"sigs.k8s.io/kind/pkg/cluster"
	"sigs.k8s.io/kind/pkg/cluster/nodes"
	"sigs.k8s.io/kind/pkg/cluster/nodeutils"
	"sigs.k8s.io/kind/pkg/exec"
	kindlog "sigs.k8s.io/kind/pkg/log"
)

// Label is the node label that marks a cluster podlife created; its value
// is the cluster's name.
const Label = "podlife.io/cluster"

// NamePrefix starts the name of every cluster podlife creates.
const NamePrefix = "podlife-"

// Config is what the kind config template (suites/live/kind-config.yaml)
// is filled with.
type Config struct {
	// Name is the cluster's name, the value of the node label.
	Name string
	// Image is the node image of the control plane and the pool (each
	// skewed node has its own).
	Image string
	// MemoryAvailableHard is the kubelet's hard eviction threshold for
	// memory.available ("19Gi"): the node's memory less the budget podlife
	// gives its pods, since a kind node sees the whole host's memory.
	MemoryAvailableHard string
	// MemoryBudget is that budget, for the record ("4Gi").
	MemoryBudget string
	// HostMemory is the host's memory ("23Gi").
	HostMemory string
	// CgroupV1 is set on a cgroup v1 host: Kubernetes 1.35+ refuses it
	// unless failCgroupV1 is false.
	CgroupV1 bool
	// PoolNodes is how many worker nodes node-level scenarios lease, one
	// scenario at a time each (0: none, and such scenarios are skipped).
	PoolNodes int
	// KubeletNodes are workers whose kubelet is older than the control
	// plane (hack/kind-kubelet-image.sh): a scenario tagged with that
	// kubelet's minor version runs its pods on one.
	KubeletNodes []KubeletNode
}

// KubeletNode is a skewed node: its minor version ("1.34") and the node
// image whose kubelet is of that release.
type KubeletNode struct {
	Minor string
	Image string
}

// ParseKubeletNodes reads "1.34=IMAGE,1.35=IMAGE" (PODLIFE_KUBELET_NODES,
// which hack/test-live.sh sets from the images it built).
func ParseKubeletNodes(v string) ([]KubeletNode, error) {
	var out []KubeletNode
	seen := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		minor, image, ok := strings.Cut(part, "=")
		var maj, min int
		if !ok || image == "" {
			return nil, fmt.Errorf("kubelet node %q: want MINOR=IMAGE (1.34=podlife.local/kind-node:v1.36.3-kubelet-v1.34.4)", part)
		}
		if n, err := fmt.Sscanf(minor, "%d.%d", &maj, &min); err != nil || n != 2 || fmt.Sprintf("%d.%d", maj, min) != minor {
			return nil, fmt.Errorf("kubelet node %q: the version is a minor version such as 1.34", part)
		}
		if seen[minor] {
			return nil, fmt.Errorf("kubelet node %q: a second node of kubelet %s", part, minor)
		}
		seen[minor] = true
		out = append(out, KubeletNode{Minor: minor, Image: image})
	}
	return out, nil
}

// Pool numbers the pool's nodes, for the template's range.
func (c Config) Pool() []int {
	out := make([]int, c.PoolNodes)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// PoolLabel marks a node of the pool: node-level scenarios lease such a
// node for themselves. PoolTaint (NoSchedule, same key) keeps every other
// pod off it.
const (
	PoolLabel = "podlife.io/pool"
	PoolTaint = "podlife.io/pool"
)

// KubeletLabel marks a skewed node with its kubelet's minor version
// ("1.34"); KubeletTaint (NoSchedule, same key and value) keeps every pod
// off it but those of scenarios tagged with that version.
const (
	KubeletLabel = "podlife.io/kubelet"
	KubeletTaint = "podlife.io/kubelet"
)

// NewConfig measures this machine and fills a Config for a cluster
// named name, giving pods budget bytes of memory before the kubelet sees
// memory pressure.
func NewConfig(name string, budget int64) (Config, error) {
	total, err := hostMemory()
	if err != nil {
		return Config{}, err
	}
	if budget <= 0 || budget >= total {
		return Config{}, fmt.Errorf("a memory budget of %d bytes does not fit the host's %d", budget, total)
	}
	mi := int64(1 << 20)
	return Config{
		Name:                name,
		MemoryAvailableHard: fmt.Sprintf("%dMi", (total-budget)/mi),
		MemoryBudget:        fmt.Sprintf("%dMi", budget/mi),
		HostMemory:          fmt.Sprintf("%dMi", total/mi),
		CgroupV1:            cgroupV1(),
	}, nil
}

// Render fills the kind config template.
func (c Config) Render(tmpl []byte) ([]byte, error) {
	t, err := template.New("kind-config").Option("missingkey=error").Parse(string(tmpl))
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func hostMemory() (int64, error) { return Meminfo("MemTotal") }

// Meminfo reads a field of this machine's /proc/meminfo in bytes
// ("MemTotal", "MemAvailable"): the kind nodes are containers on it.
func Meminfo(field string) (int64, error) {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			var kb int64
			if _, err := fmt.Sscanf(strings.TrimSpace(rest), "%d kB", &kb); err != nil {
				return 0, err
			}
			return kb * 1024, nil
		}
	}
	return 0, fmt.Errorf("no %s in /proc/meminfo", field)
}

func cgroupV1() bool {
	_, err := os.Stat("/sys/fs/cgroup/cgroup.controllers")
	return err != nil
}

// Progress is kind's logger writing user-facing messages, with the time,
// to w.
type Progress struct {
	W       io.Writer
	Verbose bool
	mu      sync.Mutex
}

var _ kindlog.Logger = (*Progress)(nil)

func (p *Progress) line(prefix, msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	msg = strings.TrimSpace(msg)
	if msg == "" {
		return
	}
	fmt.Fprintf(p.W, "%s kind: %s%s\n", time.Now().Format("15:04:05"), prefix, msg)
}

// Warn implements kind's Logger.
func (p *Progress) Warn(m string) { p.line("warning: ", m) }

// Warnf implements kind's Logger.
func (p *Progress) Warnf(f string, a ...any) { p.Warn(fmt.Sprintf(f, a...)) }

// Error implements kind's Logger.
func (p *Progress) Error(m string) { p.line("error: ", m) }

// Errorf implements kind's Logger.
func (p *Progress) Errorf(f string, a ...any) { p.Error(fmt.Sprintf(f, a...)) }

// V implements kind's Logger: level 0 is shown, more only when verbose.
func (p *Progress) V(l kindlog.Level) kindlog.InfoLogger {
	return info{p: p, on: l == 0 || p.Verbose}
}

type info struct {
	p  *Progress
	on bool
}

func (i info) Info(m string) {
	if i.on {
		i.p.line("", m)
	}
}
func (i info) Infof(f string, a ...any) { i.Info(fmt.Sprintf(f, a...)) }
func (i info) Enabled() bool            { return i.on }

func provider(log kindlog.Logger) *cluster.Provider {
	if log == nil {
		log = kindlog.NoopLogger{}
	}
	return cluster.NewProvider(cluster.ProviderWithDocker(), cluster.ProviderWithLogger(log))
}

// Create creates the cluster from a rendered kind config, whose nodes
// name their images (Config.Image; kind's CreateWithNodeImage would give
// every node the same one, skewed nodes included), and writes its
// kubeconfig to kubeconfig. The host sysctls the kubelet changes are
// saved first, and the inotify limits raised (sysctl.go); Delete puts
// them back.
func Create(name string, config []byte, kubeconfig string, log kindlog.Logger) error {
	if !strings.HasPrefix(name, NamePrefix) {
		return fmt.Errorf("cluster name %q does not start with %q", name, NamePrefix)
	}
	saveSysctls(name)
	if err := raiseInotify(); err != nil {
		return err
	}
	err := provider(log).Create(name,
		cluster.CreateWithRawConfig(config),
		cluster.CreateWithKubeconfigPath(kubeconfig),
		cluster.CreateWithWaitForReady(3*time.Minute),
		cluster.CreateWithDisplayUsage(false),
		cluster.CreateWithDisplaySalutation(false),
	)
	if err != nil {
		return err
	}
	if err := untaintControlPlane(name); err != nil {
		return err
	}
	return freeKindnetCPU(name)
}

// freeKindnetCPU drops the CPU request of kind's network DaemonSet, where
// the node image has one (kindnet asks 100m on every node): a pool node declared with the
// machine's 2 CPU then leaves its pods all of it, as the declared node
// would, and admission and scheduling see the declared numbers. Its
// memory request stays and is given back by the lease's reservations.
func freeKindnetCPU(name string) error {
	ns, err := Nodes(name)
	if err != nil {
		return err
	}
	for _, n := range ns {
		if role, err := n.Role(); err != nil || role != "control-plane" {
			continue
		}
		for _, args := range [][]string{
			{"-n", "kube-system", "set", "resources", "daemonset", "kindnet", "--requests=cpu=0"},
			{"-n", "kube-system", "rollout", "status", "daemonset", "kindnet", "--timeout=3m"},
		} {
			var out bytes.Buffer
			cmd := n.Command("kubectl", append([]string{"--kubeconfig=/etc/kubernetes/admin.conf"}, args...)...)
			if err := cmd.SetStdout(&out).SetStderr(&out).Run(); err != nil {
				if strings.Contains(out.String(), "NotFound") {
					// podlife's offline node image has a static bridge
					// CNI instead of kindnet.
					return nil
				}
				return fmt.Errorf("dropping kindnet's CPU request (kubectl %s): %v: %s", strings.Join(args, " "), err, strings.TrimSpace(out.String()))
			}
		}
		return nil
	}
	return nil
}

// untaintControlPlane lets pods onto the control-plane node, where the
// pod-level scenarios run. kind removes kubeadm's control-plane taint
// only from a cluster without workers (kubeadminit's action); podlife's
// workers are its pool, so the control plane is where every other pod
// goes. Done as kind does it: kubectl inside the node, with the admin
// kubeconfig.
func untaintControlPlane(name string) error {
	ns, err := Nodes(name)
	if err != nil {
		return err
	}
	for _, n := range ns {
		role, err := n.Role()
		if err != nil || role != "control-plane" {
			continue
		}
		var out bytes.Buffer
		cmd := n.Command("kubectl", "--kubeconfig=/etc/kubernetes/admin.conf", "taint", "nodes", n.String(), "node-role.kubernetes.io/control-plane:NoSchedule-")
		if err := cmd.SetStdout(&out).SetStderr(&out).Run(); err != nil && !strings.Contains(out.String(), "not found") {
			return fmt.Errorf("removing the control-plane taint from %s: %v: %s", n.String(), err, strings.TrimSpace(out.String()))
		}
	}
	return nil
}

// Delete deletes a cluster podlife created (its name says so) and puts
// back the host sysctls its kubelet changed. A cluster that does not
// exist is not an error.
func Delete(name, kubeconfig string, log kindlog.Logger) error {
	if !strings.HasPrefix(name, NamePrefix) {
		return fmt.Errorf("refusing to delete cluster %q: podlife only deletes clusters it created (named %s…)", name, NamePrefix)
	}
	p := provider(log)
	names, err := p.List()
	if err != nil {
		return err
	}
	found, others := false, false
	for _, n := range names {
		found = found || n == name
		others = others || (n != name && strings.HasPrefix(n, NamePrefix))
	}
	if found {
		if err := p.Delete(name, kubeconfig); err != nil {
			return err
		}
	}
	return restoreSysctls(name, others)
}

// List lists the kind clusters on this machine's Docker.
func List() ([]string, error) { return provider(nil).List() }

// Nodes lists the cluster's node containers.
func Nodes(name string) ([]nodes.Node, error) { return provider(nil).ListInternalNodes(name) }

// LoadArchive imports a docker-archive into the containerd of every node
// of the cluster, as `kind load image-archive` does.
//
// The images named in pin are then pinned on every node (containerd's
// io.cri-containerd.pinned label, which a CRI reports as Image.Pinned
// where its containerd has the support, and the kubelet's image
// collection then never deletes: pkg/kubelet/images/image_gc_manager.go,
// freeSpace). The support reached containerd 1.6 after 1.6.20 (its
// release/1.6 pull requests 8720, June 2023, and 9382, November 2023,
// for a label set by ctr as here); kind's node image of 1.36 runs
// 1.6.20, which ignores the label (its images deleted on 2026-11-30); so each node also keeps an archive of those images and of its
// sandbox image (KeptImages), which RestoreImagesSh imports again where
// one went: the run's images are on no registry to pull again.
func LoadArchive(name, archive string, pin []string) error {
	ns, err := Nodes(name)
	if err != nil {
		return err
	}
	if len(ns) == 0 {
		return fmt.Errorf("cluster %q has no nodes", name)
	}
	for _, n := range ns {
		f, err := os.Open(archive)
		if err != nil {
			return err
		}
		err = nodeutils.LoadImageArchive(n, f)
		f.Close()
		if err != nil {
			return fmt.Errorf("loading %s into %s: %w", archive, n.String(), err)
		}
		// containerd names a Docker Hub image in full; one of the names
		// tried is the image's.
		script := ""
		for _, ref := range pin {
			script += fmt.Sprintf("for r in %[1]s docker.io/%[1]s docker.io/library/%[1]s; do ctr -n k8s.io images label $r io.cri-containerd.pinned=pinned >/dev/null 2>&1 && break; done || exit 1; ", ref)
		}
		if script != "" {
			var out bytes.Buffer
			if err := n.Command("sh", "-c", script).SetStdout(&out).SetStderr(&out).Run(); err != nil {
				return fmt.Errorf("pinning %v on %s: %w: %s", pin, n.String(), err, strings.TrimSpace(out.String()))
			}
		}
		var out bytes.Buffer
		if err := n.Command("sh", "-c", keepImagesSh(pin)).SetStdout(&out).SetStderr(&out).Run(); err != nil {
			return fmt.Errorf("keeping an archive of %v on %s: %w: %s", pin, n.String(), err, strings.TrimSpace(out.String()))
		}
	}
	return nil
}

// KeptImages is where a node keeps the archive of the images it cannot
// pull (LoadArchive), and the list of their names beside it (.refs).
const KeptImages = "/opt/podlife/images.tar"

// keepImagesSh exports, on a node, the images of refs and the sandbox
// image its containerd is configured with into KeptImages, under the
// names containerd gives them (a Docker Hub image in full), listed in
// KeptImages.refs.
func keepImagesSh(refs []string) string {
	return fmt.Sprintf(`set -e; mkdir -p %[1]s; names=""
sb=$(sed -n 's/^ *sandbox_image *= *"\(.*\)".*/\1/p' /etc/containerd/config.toml | head -n 1)
for ref in $sb %[2]s; do
	for r in $ref docker.io/$ref docker.io/library/$ref; do
		if ctr -n k8s.io images ls -q | grep -qxF "$r"; then names="$names $r"; break; fi
	done
done
case $(uname -m) in aarch64) arch=arm64;; *) arch=amd64;; esac
ctr -n k8s.io images export --platform linux/$arch %[3]s $names
echo $names | tr ' ' '\n' > %[3]s.refs`, filepath.Dir(KeptImages), strings.Join(refs, " "), KeptImages)
}

// RestoreImagesSh is a shell command that imports KeptImages again on a
// node where one of its images is gone (a leased node's kubelet deletes
// unused images to relieve the disk pressure a scenario made:
// eviction_manager.go reclaimNodeLevelResources), and prints "images
// restored" (ImagesRestored) when it did. A node without the archive is
// left as it is.
const RestoreImagesSh = `if [ -f ` + KeptImages + `.refs ]; then have=$(ctr -n k8s.io images ls -q); for r in $(cat ` + KeptImages + `.refs); do if ! echo "$have" | grep -qxF "$r"; then ctr -n k8s.io images import ` + KeptImages + ` >/dev/null && echo "` + ImagesRestored + `"; break; fi; done; fi`

// ImagesRestored is what RestoreImagesSh prints when it imported.
const ImagesRestored = "images restored"

// NodeExec runs a command in a node container, stdin from in.
func NodeExec(cluster, node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	c, err := nodeCommand(context.Background(), cluster, node, in != nil, cmd, args...)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	c.SetStdout(&out).SetStderr(&out)
	if in != nil {
		c.SetStdin(in)
	}
	err = c.Run()
	return out.Bytes(), err
}

// NodeStream runs a command in a node's container until ctx ends, sending
// its standard output to out.
func NodeStream(ctx context.Context, cluster, node string, out io.Writer, cmd string, args ...string) error {
	c, err := nodeCommand(ctx, cluster, node, false, cmd, args...)
	if err != nil {
		return err
	}
	return c.SetStdout(out).SetStderr(io.Discard).Run()
}

// nodeCommand is the command kind's docker provider runs in a node
// (nodes.Node Command: `docker exec --privileged [-i] <node> cmd args`),
// made without listing the cluster's nodes first. kind's list is a
// `docker ps` and a `docker inspect` of each node's role: nine processes
// before every command on a cluster of seven nodes, of which a live run
// had twelve to sixteen running at any moment (2026-12-02 15:25, load 60
// on 2 cores, the system's share of the CPU 49 %). A node of a kind
// cluster is its container, named after the cluster.
func nodeCommand(ctx context.Context, cluster, node string, stdin bool, cmd string, args ...string) (exec.Cmd, error) {
	if !strings.HasPrefix(node, cluster+"-") {
		return nil, fmt.Errorf("cluster %q has no node %q", cluster, node)
	}
	a := []string{"exec", "--privileged"}
	if stdin {
		a = append(a, "-i")
	}
	a = append(append(a, node, cmd), args...)
	return exec.CommandContext(ctx, "docker", a...), nil
}

// NodeState is a node container's state as the container engine reports
// it ("running", "exited", "paused", …): a node whose container is not
// running is not a node a scenario can use, whatever the API still says
// of it (the node controller marks it only after its grace period).
func NodeState(node string) (string, error) {
	lines, err := exec.OutputLines(exec.Command("docker", "inspect", "--format", "{{.State.Status}}", node))
	if err != nil {
		return "", fmt.Errorf("inspecting the container of node %s: %w", node, err)
	}
	if len(lines) == 0 {
		return "", fmt.Errorf("inspecting the container of node %s: no state", node)
	}
	return strings.TrimSpace(lines[0]), nil
}

// KillNode cuts a node's power: its container is killed at once (SIGKILL
// to the container's init, systemd, and so to the kubelet, containerd
// and every container of the node), with no shutdown of any kind.
func KillNode(node string) error {
	return docker("kill", node)
}

// StartNode starts a stopped node's container again: systemd boots it,
// containerd recovers its containers (their tasks are gone: it reports
// them exited, 255, Unknown) and the kubelet starts.
func StartNode(node string) error {
	return docker("start", node)
}

// docker runs a container engine command on a node's container.
func docker(verb, node string) error {
	if _, err := exec.OutputLines(exec.Command("docker", verb, node)); err != nil {
		return fmt.Errorf("docker %s %s: %w", verb, node, err)
	}
	return nil
}
