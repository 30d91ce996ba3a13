// Package live runs podlife scenarios on a real kubelet: client-go against
// a cluster (by default a kind cluster podlife created), one namespace per
// scenario, pods from the scenario's YAML with podlife's agent image, and
// a timeline made from watches on pods and events and from the agents'
// log lines.
//
// Safety: every object the driver creates carries the label
// podlife.io/run=<run id> (and podlife.io/scenario); cleanup deletes only
// objects carrying it, also after a failure, a timeout or an interrupt.
// The driver refuses a cluster that is not a kind cluster podlife created
// (its nodes carry podlife.io/cluster) unless AllowAnyCluster is set, and
// says why.
//
// Time: the wall clock. The kubelet's and the API's delays are real, so
// every time expectation is widened by Tolerance: a base (1.5 s by
// default) plus the cluster's measured latency, the worse of its pod-start
// latency and the time from a delete to the pod gone for a process that
// exits at once, measured when the driver connects.
package live

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/printer"
)

// Labels on everything podlife creates in a cluster.
const (
	// LabelRun holds the run's id: cleanup deletes what carries it.
	LabelRun = "podlife.io/run"
	// LabelScenario holds the scenario's id.
	LabelScenario = "podlife.io/scenario"
)

// DefaultBaseTolerance is the base of the live tolerance, before the
// measured pod-start latency is added.
const DefaultBaseTolerance = 1500 * time.Millisecond

// Options configure the live driver.
type Options struct {
	// Kubeconfig is the kubeconfig file ("" for $KUBECONFIG or
	// ~/.kube/config); Context a context in it ("" for the current one).
	Kubeconfig string
	Context    string
	// AllowAnyCluster lets the driver use a cluster that is not a kind
	// cluster podlife created. Without it such a cluster is refused.
	AllowAnyCluster bool
	// RunID labels everything this run creates ("" for a new one).
	RunID string
	// Tolerance, when set, replaces the measured tolerance.
	Tolerance time.Duration
	// Calibration, when set, is the live windows' calibration measured
	// by another process of the run: the driver does not measure its own.
	Calibration *Calibration
	// BaseTolerance is added to the measured pod-start latency
	// (DefaultBaseTolerance when 0).
	BaseTolerance time.Duration
	// Images, when set, are the only images the cluster's nodes have
	// besides the agent (an offline cluster podlife loaded): a pod asking
	// for another makes its scenario skipped with the reason.
	Images []string
	// Parallel is how many scenarios will run at once; the pod-start
	// latency is measured with as many pods starting together.
	Parallel int
	// NodeRoute is how the driver reaches its nodes' root (shell.go):
	// RouteDocker ("" too), `docker exec` into a kind node's container, or
	// RouteAgent, the node agent's pods (nodeagent.go).
	NodeRoute string
	// AgentImage is the node agent's image (behavior.Image when "").
	AgentImage string
	// NoDocker forbids docker: the driver takes the cluster as one podlife
	// did not create, a kind cluster of this machine too (its nodes' kind
	// providerID is not read), so it needs AllowAnyCluster, reaches its
	// nodes through the node agent only, and cuts no node's power. It
	// makes a kind cluster look like a foreign one, for a test
	// (--no-docker, PODLIFE_NO_DOCKER=1).
	NoDocker bool
	// AllowForeignPods lets the pool lease a node that runs pods other
	// than podlife's and DaemonSets' (refused otherwise: a pressure
	// scenario would evict them, a kubelet restart disturb them).
	AllowForeignPods bool
	// Log receives progress lines (nil for none).
	Log io.Writer
}

// Driver is the live driver. It connects on its first use.
type Driver struct {
	// A real kubelet runs any pod the API server admits, as written: the
	// API server's own answer is the check, and nothing is assumed.
	driver.Plain
	opt   Options
	runID string

	once    sync.Once
	err     error
	cs      kubernetes.Interface
	rest    *rest.Config
	info    ClusterInfo
	tol     time.Duration
	latency time.Duration
	// cal is the calibration of the live windows (zero when
	// Options.Tolerance was given: the windows then use the tolerance).
	cal Calibration
	// exits follows the container runtime's exit events on the nodes.
	exits *runtimeExits
	// notices follows the kubelets' logs: when each noticed an exit.
	notices *kubeletNotices
	// pool is the nodes node-level scenarios lease (pool.go).
	pool []string
	// ops is how the driver reaches its nodes' containers (upgrade.go):
	// nil for its shell's.
	ops nodeOps
	// shell runs commands on its nodes (shell.go): the route connect
	// chose.
	shell nodeShell
	// followed are the nodes the driver follows and its node agent runs
	// on: the scenarios' node, the pool's, the skewed ones.
	followed []string
	// awaitKubelet waits for a node's kubelet back after a start or
	// restart (pool.go's awaitKubelet; a test's).
	awaitKubelet func(ctx context.Context, d *Driver, node string, since metav1.Time, limit time.Duration, after string) error
	// printOpts are the printer rules of the cluster's API server: STATUS
	// rows of the timeline are printed by podlife's port of its printer.
	printOpts printer.Options
	// skewed are the nodes whose kubelet is older than the control plane,
	// by minor version ("1.34"): a scenario tagged @kubelet:1.34 runs its
	// pods on that node (cluster.KubeletLabel).
	skewed map[string]skewedNode
	// fillRate is the rate (bytes/s) at which memory was last filled on
	// a leased node.
	fillMu   sync.Mutex
	fillRate float64
	// reap waits for the namespaces of finished scenarios to go.
	reap reaper
}

// ClusterInfo is what the driver learned about the cluster it connected to.
type ClusterInfo struct {
	Server  string
	Context string
	// Kind is the kind cluster's name when the nodes are kind nodes.
	Kind string
	// Podlife is set when podlife created the cluster.
	Podlife bool
	// Node is the node scenarios run on; KubeletVersion its kubelet's.
	Node           string
	KubeletVersion string
	// ControlPlane is the API server's version.
	ControlPlane string
	// Kubelets lists the other kubelet versions the cluster has nodes of
	// (skewed nodes), as "v1.34.4 (node)".
	Kubelets []string
}

// skewedNode is a node of an older kubelet.
type skewedNode struct {
	name, version string
}

var _ driver.Driver = (*Driver)(nil)

// New returns a live driver; it connects when first used.
func New(opt Options) *Driver {
	if opt.BaseTolerance == 0 {
		opt.BaseTolerance = DefaultBaseTolerance
	}
	id := opt.RunID
	if id == "" {
		id = NewRunID()
	}
	return &Driver{opt: opt, runID: id, printOpts: printer.Current}
}

// NewRunID makes a run id: the time and a few random letters, valid as a
// label value.
func NewRunID() string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	return time.Now().UTC().Format("20060102-150405") + "-" + hex.EncodeToString(b)
}

// RunID is the id this run's objects are labelled with.
func (d *Driver) RunID() string { return d.runID }

// Name is "live".
func (d *Driver) Name() string { return "live" }

// Capabilities: what a live cluster can do beyond pods: static pods (on a
// kind cluster of this machine; elsewhere the scenario is skipped when it
// writes one); with a node pool (kind workers labelled podlife.io/pool),
// memory pressure, kubelet configuration, kubelet restarts and upgrades
// (among the releases of the cluster's nodes), cordon and drain on a node
// the scenario leases (a scenario of several nodes leases
// as many, up to the pool's size). Nodes cannot be created or resized, kubelet
// profiles are whatever the cluster runs, time is the wall clock. It
// connects first: the pool is what the cluster has.
func (d *Driver) Capabilities() driver.Capabilities {
	caps := driver.NewCapabilities(driver.StaticPods)
	if d.connect(context.Background()) == nil && len(d.pool) > 0 && reachesNodes(d) {
		caps[driver.NodePressure] = true
		caps[driver.KubeletRestart] = true
		caps[driver.KubeletUpgrade] = true
		caps[driver.NodeLifecycle] = true
		// A power cut stops a kind node's container from outside, through
		// docker on this machine (power.go); nothing on a node, the agent
		// neither, can.
		if d.info.Kind != "" {
			caps[driver.NodeReboot] = true
			caps[driver.NodeCrash] = true
		}
		// A scenario's declared nodes are pool nodes it leases, as many as
		// it declares (up to the pool's size), each standing in for its
		// declared node where its CPU allows (lease.fits); its pods are
		// kept on them by name, and the scheduler's messages count them
		// alone (fitmsg.go).
		caps[driver.CreateNodes] = true
	}
	return caps
}

// WhyNot says, in a skipped scenario's reason, why a live cluster lacks c.
func (d *Driver) WhyNot(c driver.Capability) string {
	pooled := d.connect(context.Background()) == nil && len(d.pool) > 0
	switch {
	case pooled && !reachesNodes(d) && c != driver.NodeDelete && c != driver.KubeletProfiles && c != driver.ExactTime && c != driver.NodeJoin && c != driver.ClusterOfItsNodes && c != driver.NodeShutdown:
		return "the cluster at " + d.info.Server + " is not a kind cluster of this machine, whose nodes podlife reaches through docker: run with --node-route agent (PODLIFE_NODE_ROUTE=agent) to reach its pool's nodes through podlife's node agent (docs/node-agent.md)"
	case pooled && (c == driver.NodeReboot || c == driver.NodeCrash):
		return "a power cut stops a kind node's container through docker on this machine, and the cluster at " + d.info.Server + " is not a kind cluster of this machine (or docker is forbidden): nothing on a node, the node agent neither, can cut its power"
	}
	switch c {
	case driver.CreateNodes:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife does not add nodes to a cluster, and a scenario's declared nodes are pool nodes it leases, standing in for the declared ones where their CPU allows"
	case driver.NodePressure:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife does not drive a node other scenarios share into pressure"
	case driver.NodeLifecycle:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife does not stop the kubelet of, cordon or drain a node other scenarios share"
	case driver.KubeletRestart:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife does not restart the kubelet of a node other scenarios share"
	case driver.NodeReboot, driver.NodeCrash:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife does not stop the container of a node other scenarios share"
	case driver.NodeDelete:
		return "a pool node's Node object carries the pool's labels, taints and lease, which a kubelet registering it again would not bring back: podlife does not delete nodes on a cluster"
	case driver.KubeletUpgrade:
		return "the cluster has no pool of kind nodes (labelled " + cluster.PoolLabel + ") for a scenario to lease: podlife swaps the kubelet binary of a node of its own only, never of one other scenarios share"
	case driver.KubeletProfiles:
		return "the kubelet's version and configuration are the cluster's own"
	case driver.ExactTime:
		return "time on a live cluster is the wall clock, known within the tolerance only"
	case driver.NodeJoin:
		return nodeJoinWhyNot
	case driver.NodeShutdown:
		return nodeShutdownWhyNot
	case driver.ClusterOfItsNodes:
		return "a live cluster keeps its control-plane node, Ready, beside a scenario's nodes: they are never the whole cluster"
	}
	return ""
}

// Tolerance is the margin of every time expectation: the base plus the
// measured pod-start latency (or Options.Tolerance).
func (d *Driver) Tolerance() time.Duration {
	if d.opt.Tolerance > 0 {
		return d.opt.Tolerance
	}
	if d.tol == 0 {
		return d.opt.BaseTolerance
	}
	return d.tol
}

// Calibration is what the driver measured when it connected (zero when it
// was given a tolerance and no calibration).
func (d *Driver) Calibration() Calibration { return d.cal }

// Latency is the measured pod-start latency (0 before it is measured or
// when Options.Tolerance was given).
func (d *Driver) Latency() time.Duration { return d.latency }

// Info connects if needed and describes the cluster.
func (d *Driver) Info(ctx context.Context) (ClusterInfo, error) {
	err := d.connect(ctx)
	return d.info, err
}

// Clientset connects if needed and returns the client.
func (d *Driver) Clientset(ctx context.Context) (kubernetes.Interface, error) {
	if err := d.connect(ctx); err != nil {
		return nil, err
	}
	return d.cs, nil
}

func (d *Driver) logf(format string, args ...any) {
	if d.opt.Log != nil {
		fmt.Fprintf(d.opt.Log, "%s podlife: %s\n", time.Now().Format("15:04:05"), fmt.Sprintf(format, args...))
	}
}

// debugf writes a trace line when PODLIFE_DEBUG=1.
func (d *Driver) debugf(format string, args ...any) {
	if os.Getenv("PODLIFE_DEBUG") == "1" {
		fmt.Fprintf(os.Stderr, "%s podlife debug: %s\n", time.Now().Format("15:04:05.000"), fmt.Sprintf(format, args...))
	}
}

func (d *Driver) connect(ctx context.Context) error {
	d.once.Do(func() { d.err = d.doConnect(ctx) })
	return d.err
}

func (d *Driver) doConnect(ctx context.Context) error {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	if d.opt.Kubeconfig != "" {
		rules.ExplicitPath = d.opt.Kubeconfig
	}
	cc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: d.opt.Context})
	raw, err := cc.RawConfig()
	if err != nil {
		return fmt.Errorf("reading the kubeconfig: %w", err)
	}
	cfg, err := cc.ClientConfig()
	if err != nil {
		return fmt.Errorf("reading the kubeconfig: %w", err)
	}
	cfg.QPS, cfg.Burst = 50, 100
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return err
	}
	d.cs, d.rest = cs, cfg
	d.info.Server = cfg.Host
	d.info.Context = raw.CurrentContext
	if d.opt.Context != "" {
		d.info.Context = d.opt.Context
	}
	if err := d.identify(ctx); err != nil {
		return err
	}
	d.printOpts = printer.Current
	if v, err := cs.Discovery().ServerVersion(); err == nil {
		d.info.ControlPlane = v.GitVersion
		if m, ok := minorNumber(v.GitVersion); ok {
			d.printOpts = printer.ForMinor(m)
		}
	}
	// The runtime's exit events outlive the connect call: they follow the
	// node for the whole run, and end with the node's container.
	followed := append([]string{d.info.Node}, d.pool...)
	for _, minor := range slices.Sorted(maps.Keys(d.skewed)) {
		followed = append(followed, d.skewed[minor].name)
	}
	d.followed = followed
	if err := chooseRoute(ctx, d, followed); err != nil {
		return err
	}
	d.exits = watchRuntimeExits(context.WithoutCancel(ctx), followShell(d), followed, d.logf)
	d.notices = watchKubeletNotices(context.WithoutCancel(ctx), followShell(d), followed, d.logf)
	if d.opt.Calibration != nil {
		d.cal = *d.opt.Calibration
	}
	if d.opt.Tolerance > 0 {
		d.tol = d.opt.Tolerance
		return nil
	}
	cal, err := d.calibrate(ctx)
	if err != nil {
		return fmt.Errorf("measuring the pod-start latency: %w", err)
	}
	d.cal = cal
	lat := max(cal.Start, cal.Gone)
	d.latency = lat
	d.tol = d.opt.BaseTolerance + lat.Round(100*time.Millisecond)
	d.logf("latency %s: tolerance ±%s (base %s) for state checks; live windows: the kubelet's reaction to a create within %s, to a delete within %s; API transitions up to %s late; exits from the container runtime: %v",
		lat.Round(time.Millisecond), d.tol, d.opt.BaseTolerance, cal.reactionBound(driver.ActionCreate).Round(time.Millisecond),
		cal.reactionBound(driver.ActionDelete).Round(time.Millisecond), cal.apiLate().Round(time.Millisecond), d.exits.Live())
	return nil
}

var kindProviderID = regexp.MustCompile(`^kind://[^/]+/([^/]+)/`)

// identify finds the node scenarios run on and decides whether the
// cluster may be used: a kind cluster podlife created (every node labelled
// podlife.io/cluster=<kind cluster name>), or any cluster when allowed.
func (d *Driver) identify(ctx context.Context) error {
	// A node that just came up may still be tainted not-ready for a few
	// seconds.
	var nodes *corev1.NodeList
	deadline := time.Now().Add(90 * time.Second)
	for {
		var err error
		nodes, err = d.cs.CoreV1().Nodes().List(ctx, metav1.ListOptions{})
		if err != nil {
			return fmt.Errorf("listing the nodes of %s: %w", d.info.Server, err)
		}
		schedulable := false
		for _, n := range nodes.Items {
			schedulable = schedulable || (!n.Spec.Unschedulable && !hasNoSchedule(n))
		}
		if schedulable || time.Now().After(deadline) {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	if len(nodes.Items) == 0 {
		return fmt.Errorf("the cluster at %s has no nodes", d.info.Server)
	}
	podlife := true
	var why []string
	if d.opt.NoDocker {
		podlife = false
		why = append(why, "docker is not to be used (--no-docker, PODLIFE_NO_DOCKER=1), so the cluster is taken as one podlife did not create")
	}
	for _, n := range nodes.Items {
		m := kindProviderID.FindStringSubmatch(n.Spec.ProviderID)
		if d.opt.NoDocker {
			continue
		}
		if m == nil {
			podlife = false
			why = append(why, fmt.Sprintf("node %s is not a kind node (providerID %q)", n.Name, n.Spec.ProviderID))
			continue
		}
		d.info.Kind = m[1]
		if v := n.Labels[cluster.Label]; v == "" || v != m[1] || !strings.HasPrefix(v, cluster.NamePrefix) {
			podlife = false
			why = append(why, fmt.Sprintf("node %s of kind cluster %q lacks the label %s=%s that podlife puts on the clusters it creates", n.Name, m[1], cluster.Label, m[1]))
		}
	}
	d.info.Podlife = podlife
	if !podlife && !d.opt.AllowAnyCluster {
		return fmt.Errorf("refusing to run on the cluster of context %q (%s): it is not a kind cluster podlife created: %s. "+
			"Pass --allow-any-cluster (PODLIFE_ALLOW_ANY_CLUSTER=1; `KUBECONFIG=… make test-live` does) to run there anyway: "+
			"podlife then creates only namespaces labelled %s=<run id>, with their pods, and deletes only what carries that label",
			d.info.Context, d.info.Server, strings.Join(why, "; "), LabelRun)
	}
	// The node scenarios run on: the first one pods may be scheduled to.
	sort.Slice(nodes.Items, func(i, j int) bool { return nodes.Items[i].Name < nodes.Items[j].Name })
	d.skewed = map[string]skewedNode{}
	for _, n := range nodes.Items {
		if minor := n.Labels[cluster.KubeletLabel]; minor != "" {
			if _, dup := d.skewed[minor]; !dup {
				d.skewed[minor] = skewedNode{name: n.Name, version: n.Status.NodeInfo.KubeletVersion}
				d.info.Kubelets = append(d.info.Kubelets, fmt.Sprintf("%s (%s)", n.Status.NodeInfo.KubeletVersion, n.Name))
			}
		}
	}
	for _, n := range nodes.Items {
		if n.Spec.Unschedulable || hasNoSchedule(n) {
			continue
		}
		d.info.Node, d.info.KubeletVersion = n.Name, n.Status.NodeInfo.KubeletVersion
		break
	}
	if d.info.Node == "" {
		return fmt.Errorf("no node of %s accepts pods (all are cordoned or tainted NoSchedule)", d.info.Server)
	}
	d.pool = poolNodes(nodes.Items)
	return nil
}

func hasNoSchedule(n corev1.Node) bool {
	for _, t := range n.Spec.Taints {
		if t.Effect == corev1.TaintEffectNoSchedule || t.Effect == corev1.TaintEffectNoExecute {
			return true
		}
	}
	return false
}

// minor is "1.36" of "v1.36.3" (or of "1.36").
func minor(v string) string {
	v = strings.TrimPrefix(v, "v")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return v
	}
	return parts[0] + "." + parts[1]
}

// minorNumber is 36 of "v1.36.3" (or of "1.36").
func minorNumber(v string) (int, bool) {
	m, err := strconv.Atoi(strings.TrimPrefix(minor(v), "1."))
	return m, err == nil
}

// Start connects if needed and opens a session in a new namespace.
func (d *Driver) Start(ctx context.Context, sc driver.Scenario) (driver.Session, error) {
	if err := d.connect(ctx); err != nil {
		return nil, err
	}
	if cp := sc.ControlPlaneVersion; cp != "" && minor(cp) != minor(d.info.ControlPlane) {
		return nil, driver.Unsupported("the scenario needs control plane %s (@control-plane), and the cluster's is %s (make test-live-versions brings up clusters of other releases)", minor(cp), d.info.ControlPlane)
	}
	home, err := d.kubeletNode(sc.KubeletVersion)
	if err != nil {
		return nil, err
	}
	return d.newSession(ctx, sc, home)
}

// kubeletNode is the node a scenario of kubelet want runs its pods on:
// the cluster's node when its kubelet is of that minor version, else a
// skewed node of that version (its kubelet older than the control plane).
func (d *Driver) kubeletNode(want string) (skewedNode, error) {
	if want == "" || minor(want) == minor(d.info.KubeletVersion) {
		return skewedNode{name: d.info.Node, version: d.info.KubeletVersion}, nil
	}
	if n, ok := d.skewed[minor(want)]; ok {
		return n, nil
	}
	have := []string{d.info.KubeletVersion}
	for _, k := range slices.Sorted(maps.Keys(d.skewed)) {
		have = append(have, d.skewed[k].version)
	}
	return skewedNode{}, driver.Unsupported("the scenario needs kubelet %s, and the cluster's nodes run kubelet %s (make test-live adds nodes of kubelets 1.33–1.35, KUBELET_VERSIONS; older ones need a cluster of their own version, make test-live-versions)",
		minor(want), strings.Join(have, ", "))
}

// namespaceName makes a namespace name from the scenario id.
func namespaceName(id string) string {
	b := make([]byte, 3)
	_, _ = rand.Read(b)
	base := "podlife-" + strings.Trim(regexp.MustCompile(`[^a-z0-9-]+`).ReplaceAllString(strings.ToLower(id), "-"), "-")
	if len(base) > 55 {
		base = strings.TrimRight(base[:55], "-")
	}
	return base + "-" + hex.EncodeToString(b)
}

// ensureNamespace creates a labelled namespace.
func (d *Driver) ensureNamespace(ctx context.Context, name string, labels map[string]string) error {
	_, err := d.cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels}}, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		return fmt.Errorf("namespace %s exists already", name)
	}
	return err
}

func (d *Driver) labels(scenario string) map[string]string {
	l := map[string]string{LabelRun: d.runID}
	if scenario != "" {
		l[LabelScenario] = scenario
	}
	return l
}

// envDuration reads a duration from the environment (0 when unset).
func envDuration(name string) (time.Duration, error) {
	v := os.Getenv(name)
	if v == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return 0, fmt.Errorf("%s=%q: %w", name, v, err)
	}
	return d, nil
}
