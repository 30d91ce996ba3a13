package live

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/cache"
	utilexec "k8s.io/client-go/util/exec"
	"k8s.io/client-go/util/retry"
	resourcehelper "k8s.io/component-helpers/resource"
	statsapi "k8s.io/kubelet/pkg/apis/stats/v1alpha1"
	"sigs.k8s.io/yaml"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// The node pool: kind workers (labelled and tainted podlife.io/pool) that
// node-level scenarios lease one at a time. A scenario that changes a
// node — its kubelet's configuration, its memory, its taints, its
// kubelet's life — does it on a node nobody else uses, and the node goes
// back to the pool only as it was found.

// AnnotationLease holds the lease of a pool node: "<run id>/<namespace>"
// of the scenario that holds it. Taking it is an update with the node's
// resourceVersion, so two processes of a run (or two runs) cannot both
// win; a node whose restore failed keeps "broken/<why>" and is not leased
// again.
const AnnotationLease = "podlife.io/lease"

// AnnotationReserved holds a pool node for a scenario of several nodes
// that waits for it, "<holder>@<unix seconds>": once free, the node goes
// to that scenario and not to the next of one node, which would otherwise
// take it again and again while the scenario keeps its other nodes idle.
// A reservation older than the lease wait is void (its scenario has given
// up).
const AnnotationReserved = "podlife.io/reserved"

// AnnotationKept marks a pool node whose kubelet runs a configuration
// podlife wrote, kept between leases: "<run id>/<baseline bytes>", the
// node's own memory use the configuration was computed with. A lease
// that needs the same configuration restarts nothing; the run's end (and
// `podlife cleanup`) puts the original back.
const AnnotationKept = "podlife.io/kubelet-config"

// keptDrift is how far a node's own memory use may have moved since a
// kept configuration was computed for it and the configuration still
// serve: the node's use moves by more than that within a scenario.
const keptDrift = 32 << 20

// leaseWait bounds how long a scenario waits for a pool node.
const leaseWait = 15 * time.Minute

// allAtOnceWait is how long a scenario of several nodes waits for them to
// be free together before it leases them in the pool's order, reserving
// each as it waits (acquireAll): long enough for a scenario of one node
// to end (most take under a minute), short beside the ordered lease's
// waits it replaces.
const allAtOnceWait = 45 * time.Second

// kubeletConfig is where kind (kubeadm) writes the node's
// KubeletConfiguration; the original is kept beside it while a scenario
// has changed it, so that a cleanup after an interrupt can put it back.
const (
	kubeletConfig       = "/var/lib/kubelet/config.yaml"
	kubeletConfigBackup = "/var/lib/kubelet/config.yaml.podlife-orig"
)

// pressureDir holds the process group ids of the memory hogs podlife
// runs in a node's container (usage outside the pods), one file per
// session, named after the run.
const pressureDir = "/run/podlife-pressure"

// lease is a pool node held by a session, and what the session changed
// on it.
type lease struct {
	node string
	// capacity and baseline are the node's memory capacity and working
	// set when leased (bytes): the real node is made to behave as the
	// scenario's declared node by translating thresholds with them.
	capacity, baseline int64
	// configured is set once the kubelet's configuration was changed.
	configured bool
	// dirty is set when the kubelet must start afresh before the node
	// serves again: it saw pressure (whose condition outlives it by the
	// transition period, and whose eviction state only a restart
	// forgets), or the scenario stopped it.
	dirty atomic.Bool
	// taints are the taints the scenario added.
	taints []corev1.Taint
	// declared is the scenario's declared memory capacity (bytes),
	// declaredDisk its ephemeral storage, declaredPID its process-id
	// limit.
	declared, declaredDisk, declaredPID int64
	// host is what the host's shared disk and process ids were when the
	// kubelet was configured; diskThreshold and pidThreshold are the
	// translated thresholds that pressure actions go below (0: none);
	// hostToken is set while the session holds the host's token
	// (hostpressure.go).
	host                        hostUse
	diskThreshold, pidThreshold int64
	hostToken                   bool
	// memoryTaken is what the session took of the host's memory for
	// its node's fills (hostpressure.go).
	memoryTaken int64
	// eviction is the configuration the kubelet runs with (declared
	// values, before translation).
	eviction *driver.Eviction
	// fill is how long the last memory held took to fill.
	fill time.Duration
	// stopped is set while the scenario has the node's kubelet stopped,
	// notReady once it has stopped it at all.
	stopped, notReady bool
	// since is when the lease was taken (whole seconds, as Events'
	// lastTimestamp): the node's Events from before it are not the
	// scenario's.
	since time.Time
	// cpu is set when the node has less CPU for pods than the declared
	// node; asked sums the scenario's pods' requests so far.
	cpu   cpuGap
	asked int64
	// resident is what the node's own pods (kind's DaemonSets) take of
	// its pod slots and requests when leased.
	resident residents
	// unwatch stops following the node for the scenario's timeline.
	unwatch context.CancelFunc
	// cut is set while the scenario has the node's power cut (power.go).
	cut *powerCut
	// kubelet is the release of the kubelet podlife put in place of the
	// node's own (upgrade.go), "" while the node's own runs.
	kubelet string
}

// cpuGap is a leased node's shortfall of CPU: pods get avail
// millicores where the declared node has declared.
type cpuGap struct {
	declared, avail int64
	why             string
}

// residents are the pods bound to a node before a scenario's: their
// number and the sum of their requests.
type residents struct {
	pods        int64
	cpu, memory int64 // millicores, bytes
	// strangers are those that are neither podlife's (labelled with a
	// run), a DaemonSet's (kube-proxy, the CNI's: on every node), nor a
	// static pod's mirror: another's workload, which the node half must
	// not disturb.
	strangers []string
}

// residentsOf counts the pods running on node and what they request, as
// the kubelet's admission sums them (pkg/kubelet/lifecycle/predicate.go
// through the scheduler's NodeInfo, requests from
// k8s.io/component-helpers/resource PodRequests).
func residentsOf(ctx context.Context, cs kubernetes.Interface, node string) (residents, error) {
	list, err := cs.CoreV1().Pods("").List(ctx, metav1.ListOptions{FieldSelector: "spec.nodeName=" + node})
	if err != nil {
		return residents{}, fmt.Errorf("listing the pods of %s: %w", node, err)
	}
	var r residents
	for i := range list.Items {
		p := &list.Items[i]
		if p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
			continue
		}
		if stranger(p) {
			r.strangers = append(r.strangers, p.Namespace+"/"+p.Name)
		}
		req := resourcehelper.PodRequests(p, resourcehelper.PodResourcesOptions{})
		r.pods++
		r.cpu += req.Cpu().MilliValue()
		r.memory += req.Memory().Value()
	}
	return r, nil
}

// strangersRefused refuses a pool node that runs another's workload,
// unless the run allows it.
func strangersRefused(d *Driver, node string, r residents) error {
	if len(r.strangers) == 0 || d.opt.AllowForeignPods {
		return nil
	}
	return driver.Infrastructure("pool node %s runs pods that are not podlife's nor a DaemonSet's (%s): podlife leases only nodes its scenarios may disturb (--allow-foreign-pods to lease it anyway)", node, strings.Join(r.strangers, ", "))
}

// stranger says whether a pod on a pool node is another's workload.
func stranger(p *corev1.Pod) bool {
	if p.Labels[LabelRun] != "" {
		return false
	}
	if _, mirror := p.Annotations[corev1.MirrorPodAnnotationKey]; mirror {
		return false
	}
	for _, o := range p.OwnerReferences {
		if o.Kind == "DaemonSet" {
			return false
		}
	}
	return true
}

// noteFill keeps the rate at which memory was last filled on a leased
// node: the time a pod's agent takes to use its memory comes from it.
func (d *Driver) noteFill(bytes int64, took time.Duration) {
	if took <= 0 {
		return
	}
	d.fillMu.Lock()
	d.fillRate = float64(bytes) / took.Seconds()
	d.fillMu.Unlock()
}

// fillTime estimates how long using bytes of fresh memory takes here: at
// the last rate measured on a leased node, else the calibration's, or at
// 50 MB/s, the low end measured on these machines, before any.
func (d *Driver) fillTime(bytes int64) time.Duration {
	d.fillMu.Lock()
	rate := d.fillRate
	d.fillMu.Unlock()
	if rate <= 0 {
		rate = d.cal.Fill
	}
	if rate <= 0 {
		rate = 50 << 20
	}
	return time.Duration(float64(bytes) / rate * float64(time.Second))
}

// needsPool says whether a scenario's tags ask for what only a leased
// node gives.
func needsPool(tags []string) bool {
	for _, t := range tags {
		for _, c := range driver.NodeOfItsOwn() {
			if strings.TrimPrefix(t, "@") == "needs:"+string(c) {
				return true
			}
		}
	}
	return false
}

// acquire leases a free pool node for holder, waiting for one while all
// are held; with only set, that node and no other.
func (d *Driver) acquire(ctx context.Context, holder, only string) (string, error) {
	if len(d.pool) == 0 {
		return "", driver.Unsupported("%s", d.WhyNot(driver.NodePressure))
	}
	candidates := d.pool
	if only != "" {
		candidates = []string{only}
	}
	var got string
	t0 := time.Now()
	err := wait.PollUntilContextTimeout(ctx, time.Second, leaseWait, true, func(ctx context.Context) (bool, error) {
		var broken []string
		for _, name := range candidates {
			n, err := d.cs.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				return false, fmt.Errorf("reading pool node %s: %w", name, err)
			}
			if h := n.Annotations[AnnotationLease]; strings.HasPrefix(h, "broken/") {
				broken = append(broken, name+" ("+h+")")
			}
			if !freeFor(n, holder) {
				if only != "" && reservedFor(n, time.Now()) == "" && !strings.HasPrefix(n.Annotations[AnnotationLease], "broken/") {
					// Waiting for this node in particular: the next
					// to free it leaves it to this scenario.
					if n.Annotations == nil {
						n.Annotations = map[string]string{}
					}
					n.Annotations[AnnotationReserved] = fmt.Sprintf("%s@%d", holder, time.Now().Unix())
					_, _ = d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
				}
				continue
			}
			ok, err := take(ctx, d, n, holder)
			if err != nil {
				return false, err
			}
			if !ok {
				continue // another scenario took it first
			}
			got = name
			return true, nil
		}
		if len(broken) == len(candidates) {
			// Waiting would not bring one back.
			return false, driver.Infrastructure("every pool node this scenario may lease is out of service: %s", strings.Join(broken, ", "))
		}
		return false, nil
	})
	if err != nil {
		if only != "" {
			d.unreserve(context.WithoutCancel(ctx), only, holder)
		}
		return "", fmt.Errorf("waiting for a free node of the pool %v: %w", candidates, err)
	}
	d.logf("%s leased pool node %s after waiting %s", holder, got, time.Since(t0).Round(100*time.Millisecond))
	return got, nil
}

// freeFor says whether holder may lease a pool node now: not leased (nor
// broken), Ready, and not reserved for another scenario.
func freeFor(n *corev1.Node, holder string) bool {
	reserved := reservedFor(n, time.Now())
	return n.Annotations[AnnotationLease] == "" && nodeReady(n) && (reserved == "" || reserved == holder)
}

// take writes holder's lease on a free node read just before; false when
// another scenario wrote first.
func take(ctx context.Context, d *Driver, n *corev1.Node, holder string) (bool, error) {
	if n.Annotations == nil {
		n.Annotations = map[string]string{}
	}
	n.Annotations[AnnotationLease] = holder
	delete(n.Annotations, AnnotationReserved)
	if _, err := d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{}); err != nil {
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return false, fmt.Errorf("leasing pool node %s: %w", n.Name, err)
	}
	return true, nil
}

// acquireAll leases n free pool nodes at once for holder, all or none,
// waiting up to within for n to be free together. Holding none while it
// waits, it cannot deadlock with another scenario of several nodes; and
// it takes whichever nodes are free, where the ordered lease waits for
// the pool's first nodes while others stand idle (in the run of
// 2026-11-30 00:09 scenarios of two nodes waited up to 2 min 22 s for
// pool node 1 beside free ones). Nil, with no error, when n were not free
// together in time: the caller falls back to the ordered lease, which
// reserves, so that a scenario of several nodes is not starved by those
// of one.
func acquireAll(ctx context.Context, d *Driver, holder string, n int, within time.Duration) ([]string, error) {
	var got []string
	t0 := time.Now()
	err := wait.PollUntilContextTimeout(ctx, time.Second, within, true, func(ctx context.Context) (bool, error) {
		// One list a second, not a read of each node: the scenarios
		// waiting at once share their process's client rate limit, and
		// a read refused by it near the wait's end had failed a scenario
		// (eighth-drafts.feature:90, 2026-11-30 02:51). A failed list is
		// no answer: the wait goes on, and the ordered lease after it
		// reports what persists.
		list, err := d.cs.CoreV1().Nodes().List(ctx, metav1.ListOptions{LabelSelector: cluster.PoolLabel + "=true"})
		if err != nil {
			return false, nil
		}
		var free []*corev1.Node
		for i := range list.Items {
			node := &list.Items[i]
			if slices.Contains(d.pool, node.Name) && freeFor(node, holder) {
				free = append(free, node)
			}
		}
		slices.SortFunc(free, func(a, b *corev1.Node) int { return strings.Compare(a.Name, b.Name) })
		if len(free) < n {
			return false, nil
		}
		got = nil
		for _, node := range free[:n] {
			ok, err := take(ctx, d, node, holder)
			if err == nil && ok {
				got = append(got, node.Name)
				continue
			}
			// One was taken first: give back the others, and look again.
			for _, name := range got {
				if err := d.setLease(context.WithoutCancel(ctx), name, ""); err != nil {
					return false, fmt.Errorf("giving back pool node %s: %w", name, err)
				}
			}
			got = nil
			return false, err
		}
		return true, nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("waiting for %d free nodes of the pool %v: %w", n, d.pool, err)
		}
		if !wait.Interrupted(err) {
			return nil, err
		}
		return nil, nil
	}
	d.logf("%s leased pool nodes %s at once after waiting %s", holder, strings.Join(got, ", "), time.Since(t0).Round(100*time.Millisecond))
	return got, nil
}

// reservedFor is the holder a pool node is reserved for ("" when none,
// or when the reservation is void).
func reservedFor(n *corev1.Node, now time.Time) string {
	holder, at, ok := strings.Cut(n.Annotations[AnnotationReserved], "@")
	if !ok {
		return ""
	}
	sec, err := strconv.ParseInt(at, 10, 64)
	if err != nil || now.Sub(time.Unix(sec, 0)) > leaseWait {
		return ""
	}
	return holder
}

// unreserve drops holder's reservation of a node, if it still has one.
func (d *Driver) unreserve(ctx context.Context, node, holder string) {
	n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil || !strings.HasPrefix(n.Annotations[AnnotationReserved], holder+"@") {
		return
	}
	_ = d.setAnnotation(ctx, node, AnnotationReserved, "")
}

func nodeReady(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue
		}
	}
	return false
}

// leaseNodes leases n pool nodes for the session and measures them. One
// node is any free one. Several are any n free together, all or none
// (acquireAll); failing that, they are taken in the pool's order,
// waiting for each in turn, so that two scenarios that each want several
// cannot hold one each and wait for ever; a node leased before the scenario
// said how many it declares (a pressure scenario leases as it starts)
// goes back first, untouched.
func (s *nodePool) leaseNodes(ctx context.Context, n int) error {
	if len(s.leases) >= n {
		return nil
	}
	if s.home.name != s.d.info.Node && !upgradesKubelet(s.sc.Tags) {
		return driver.Unsupported("the scenario needs a node of its own, and the pool's nodes run the cluster's kubelet %s, not %s", s.d.info.KubeletVersion, s.home.version)
	}
	if n > len(s.d.pool) {
		return driver.Unsupported("the scenario declares %d nodes; the cluster's pool has %d for a scenario to lease", n, len(s.d.pool))
	}
	holder := s.d.runID + "/" + s.ns
	if n == 1 {
		node, err := s.d.acquire(ctx, holder, "")
		if err != nil {
			return err
		}
		return s.leased1(ctx, node)
	}
	if err := s.release(ctx); err != nil {
		return err
	}
	nodes, err := acquireAll(ctx, s.d, holder, n, allAtOnceWait)
	if err != nil {
		return err
	}
	for _, node := range nodes {
		if err := s.leased1(ctx, node); err != nil {
			return err
		}
	}
	if nodes != nil {
		return nil
	}
	order, err := inService(ctx, s.d)
	if err != nil {
		return err
	}
	if len(order) < n {
		return driver.Infrastructure("the scenario declares %d nodes; %d of the pool's %d are in service (%s)", n, len(order), len(s.d.pool), strings.Join(order, ", "))
	}
	for _, want := range order[:n] {
		node, err := s.d.acquire(ctx, holder, want)
		if err != nil {
			return err
		}
		if err := s.leased1(ctx, node); err != nil {
			return err
		}
	}
	return nil
}

// inService is the pool's nodes in its order, but for those marked
// broken: the ordered lease takes the first of these, where the pool's
// first nodes included a broken one that no wait would bring back (two
// scenarios errored so in the run of 2026-11-30 01:41, with four nodes
// in service).
func inService(ctx context.Context, d *Driver) ([]string, error) {
	var in []string
	for _, name := range d.pool {
		n, err := d.cs.CoreV1().Nodes().Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			return nil, fmt.Errorf("reading pool node %s: %w", name, err)
		}
		if !strings.HasPrefix(n.Annotations[AnnotationLease], "broken/") {
			in = append(in, name)
		}
	}
	return in, nil
}

// leased1 keeps a node just leased and measures it.
func (s *nodePool) leased1(ctx context.Context, node string) error {
	l := &lease{node: node, since: time.Now().Truncate(time.Second)}
	s.leases = append(s.leases, l)
	// The node as the run first found it, compared when the run gives
	// it back (noderecord.go).
	if err := snapshotNode(ctx, s.d, node); err != nil {
		return err
	}
	var err error
	if l.resident, err = residentsOf(ctx, s.d.cs, node); err != nil {
		return fmt.Errorf("measuring leased node %s: %w", node, err)
	}
	if err := strangersRefused(s.d, node, l.resident); err != nil {
		// Nothing of the node is changed yet: the scenario is the
		// cluster's error, and the node goes back untouched.
		return err
	}
	if s.home.name != s.d.info.Node {
		// A scenario of an older kubelet that upgrades it: the pool
		// node runs the scenario's release while leased (upgrade.go).
		if err := s.kube.putKubelet(ctx, l, s.home.version); err != nil {
			return err
		}
	}
	st, err := nodeStats(ctx, s.d.cs, node)
	if err != nil {
		return fmt.Errorf("measuring leased node %s: %w", node, err)
	}
	l.capacity, l.baseline = st.capacity, st.workingSet
	s.obs.watchNode(l)
	s.d.debugf("%s leased pool node %s (memory %dMi, %dMi in use by the node itself; its own %d pods request %dm CPU, %dMi)", s.ns, node, l.capacity>>20, l.baseline>>20, l.resident.pods, l.resident.cpu, l.resident.memory>>20)
	return nil
}

// nodeCPU is a node's CPU capacity in millicores.
func nodeCPU(ctx context.Context, cs kubernetes.Interface, node string) (int64, error) {
	n, err := cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil {
		return 0, err
	}
	return n.Status.Capacity.Cpu().MilliValue(), nil
}

// nodeMemory is what the kubelet's summary API says of a node's memory.
type nodeMemory struct {
	capacity, workingSet int64
}

// nodeStats reads the kubelet's summary (through the API server's node
// proxy): memory.available as the eviction manager computes it is
// capacity − working set of the node's root cgroup
// (pkg/kubelet/eviction/helpers.go, makeSignalObservations).
func nodeStats(ctx context.Context, cs kubernetes.Interface, node string) (nodeMemory, error) {
	sum, err := summary(ctx, cs, node)
	if err != nil {
		return nodeMemory{}, err
	}
	m := sum.Node.Memory
	if m == nil || m.AvailableBytes == nil || m.WorkingSetBytes == nil {
		return nodeMemory{}, fmt.Errorf("the kubelet's summary of %s has no node memory", node)
	}
	return nodeMemory{capacity: int64(*m.AvailableBytes + *m.WorkingSetBytes), workingSet: int64(*m.WorkingSetBytes)}, nil
}

// summary reads a node's kubelet summary (through the API server's node
// proxy): what its eviction manager observes.
func summary(ctx context.Context, cs kubernetes.Interface, node string) (*statsapi.Summary, error) {
	raw, err := cs.CoreV1().RESTClient().Get().AbsPath("/api/v1/nodes", node, "proxy", "stats", "summary").DoRaw(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the kubelet's summary of %s: %w", node, err)
	}
	var sum statsapi.Summary
	if err := json.Unmarshal(raw, &sum); err != nil {
		return nil, fmt.Errorf("reading the kubelet's summary of %s: %w", node, err)
	}
	return &sum, nil
}

// translate turns a declared memory.available threshold (500Mi, or 6% of
// a node of declared bytes, as the declared kubelet reckons it:
// GetThresholdQuantity) into the leased node's, whole Ki: the signal on
// the real node is capacity − (its own baseline + what the scenario uses),
// on the declared node declared − what the scenario uses, so the same use
// crosses the threshold on both when the real threshold is the declared
// one plus (capacity − baseline − declared).
func (l *lease) translate(v evictionapi.Value) (evictionapi.Value, error) {
	q := v.QuantityFor(l.declared)
	real := q.Value() + l.capacity - l.baseline - l.declared
	if real <= 0 {
		return evictionapi.Value{}, fmt.Errorf("threshold %s of a %dMi node does not fit node %s (%dMi, %dMi used by the node)", v, l.declared>>20, l.node, l.capacity>>20, l.baseline>>20)
	}
	return evictionapi.QuantityOf(*resource.NewQuantity(real>>10<<10, resource.BinarySI)), nil
}

// hasMemoryThreshold says whether a scenario's eviction configuration
// sets a memory.available threshold of its own.
func hasMemoryThreshold(e driver.Eviction) bool {
	_, hard := evictionapi.Lookup(e.Hard, evictionapi.SignalMemoryAvailable)
	_, soft := evictionapi.Lookup(e.Soft, evictionapi.SignalMemoryAvailable)
	return hard || soft
}

// translateAny translates a threshold on any signal podlife drives, and
// keeps the lowest translated disk and pid thresholds, which the pressure
// actions go below (below every threshold of the resource, as the
// simulator's half of the hard one is).
func (l *lease) translateAny(sig evictionapi.Signal, v evictionapi.Value) (evictionapi.Value, error) {
	if hostResource(sig) == "" {
		return l.translate(v)
	}
	out, err := l.translateHost(sig, v)
	if err != nil {
		return out, err
	}
	qty := out.QuantityFor(0)
	q := qty.Value()
	switch hostResource(sig) {
	case "disk":
		if l.diskThreshold == 0 || q < l.diskThreshold {
			l.diskThreshold = q
		}
	case "pid":
		if l.pidThreshold == 0 || q < l.pidThreshold {
			l.pidThreshold = q
		}
	}
	return out, nil
}

// configureKubelet makes the leased node's kubelet the declared node's
// (nil: the default node) and restarts it: the scenario's eviction
// configuration, its memory thresholds translated; the declared size
// through what the kubelet reserves (a size can only be lowered: a node
// larger than the machine is skipped); maxPods. Signals other than memory
// cannot be matched on a kind node (its disk and PIDs are the host's): a
// scenario that declares them is skipped. The disk thresholds stay the
// cluster's low safety values.
//
// What the declared node reserves for the system (its capacity less its
// allocatable) is reserved on top; its PID limit (0: the default) is what
// the pid thresholds are translated from.
func (s *nodeSide) configureKubelet(ctx context.Context, l *lease, e *driver.Eviction, n *corev1.Node, pidLimit int64, pressures []driver.Pressure) error {
	l.declared = defaultNodeMemory
	cpu, pods := resource.MustParse("4"), int64(110)
	var reservedMemory int64
	if n != nil {
		l.declared = n.Status.Capacity.Memory().Value()
		cpu, pods = *n.Status.Capacity.Cpu(), n.Status.Capacity.Pods().Value()
		// The CPU the declared node's pods get: its allocatable.
		if a, ok := n.Status.Allocatable[corev1.ResourceCPU]; ok {
			cpu = a
		}
		if a, ok := n.Status.Allocatable[corev1.ResourceMemory]; ok {
			reservedMemory = max(l.declared-a.Value(), 0)
		}
	}
	l.declaredPID = declaredMaxPID
	if pidLimit > 0 {
		l.declaredPID = pidLimit
	}
	if spare := l.capacity - l.baseline - l.declared; spare < 1<<30 {
		return driver.Unsupported("the scenario's node has %dMi of memory; a leased kind node has %dMi, %dMi of it in use by the node itself, and podlife keeps 1Gi of the machine spare", l.declared>>20, l.capacity>>20, l.baseline>>20)
	}
	// The kubelet's defaults when the scenario declares none: of
	// DefaultHard (pkg/kubelet/eviction/defaults_linux.go) only
	// memory.available<100Mi, the disk thresholds staying the cluster's;
	// 5m (pkg/kubelet/apis/config/v1beta1/defaults.go); 0. Soft thresholds
	// alone leave the kubelet's default hard ones.
	var decl driver.Eviction
	if e != nil {
		decl = *e
	}
	if decl.Hard == nil {
		// The kubelet's defaults: memory's, and the disk's when the
		// scenario will bring disk pressure (translated below; otherwise
		// the cluster's low safety values stay, the host's disk being
		// every node's).
		for _, t := range evictionapi.DefaultHard() {
			if t.Signal == evictionapi.SignalMemoryAvailable ||
				(hostResource(t.Signal) == "disk" && slices.Contains(pressures, driver.DiskPressure)) {
				decl.Hard = append(decl.Hard, t)
			}
		}
	}
	if decl.PressureTransitionPeriod == 0 {
		decl.PressureTransitionPeriod = evictionapi.DefaultPressureTransitionPeriod
	}
	if err := drivable(decl.Hard); err != nil {
		return err
	}
	if err := drivable(decl.Soft); err != nil {
		return err
	}
	for sig := range decl.MinimumReclaim {
		if err := drivable([]evictionapi.Threshold{{Signal: sig}}); err != nil {
			return err
		}
	}
	l.eviction = &decl
	l.declaredDisk = declaredDiskOf(n)
	if slices.Contains(pressures, driver.MemoryPressure) || (e != nil && hasMemoryThreshold(*e)) {
		// The node's memory will be filled, by a pressure action or by
		// its pods up to a threshold the scenario set: the declared node's
		// worth of the host's memory, taken before its pods start.
		if err := s.takeMemory(ctx, l, l.declared); err != nil {
			return err
		}
	}
	l.diskThreshold, l.pidThreshold = 0, 0
	shared := false
	for _, t := range append(append([]evictionapi.Threshold(nil), decl.Hard...), decl.Soft...) {
		shared = shared || hostResource(t.Signal) != ""
	}
	if shared {
		// Disk and process ids are every node's: one scenario at a time
		// brings them to a threshold, measured once it holds them.
		if err := s.takeHost(ctx, l); err != nil {
			return err
		}
		host, err := hostStats(ctx, s.d.cs, l.node)
		if err != nil {
			return err
		}
		l.host = host
		// Thresholds a headroom below the host's free disk and tasks
		// are for this scenario alone: left on an idle node, another
		// scenario's writes would take it below them (and its image
		// collection would delete the run's images).
		l.dirty.Store(true)
	}
	keptBaseline, kept := s.keptFor(ctx, l)
	if kept {
		// The same declared node on the same real one gives the same
		// configuration: computed with the baseline it was kept for.
		l.baseline = keptBaseline
	}
	raw, err := shellOf(s.d).Exec(ctx, l.node, nil, "sh", "-c", backupConfigSh(s.d.runID))
	if err != nil {
		return fmt.Errorf("reading the kubelet configuration of %s: %v: %s", l.node, err, strings.TrimSpace(string(raw)))
	}
	var cfg map[string]any
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		return fmt.Errorf("reading the kubelet configuration of %s: %w", l.node, err)
	}
	// The values are written as a KubeletConfiguration holds them
	// (evictionapi.Value.String), the memory thresholds translated to the
	// leased node.
	// The disk signals the scenario does not declare stay off, as on
	// every node of the cluster (suites/live/kind-config.yaml): another
	// scenario's disk fill is on this node's disk too.
	hard := map[string]any{"nodefs.available": "0%", "nodefs.inodesFree": "0%", "imagefs.available": "0%"}
	for _, t := range decl.Hard {
		v, err := l.translateAny(t.Signal, t.Value)
		if err != nil {
			return driver.Unsupported("%v", err)
		}
		hard[string(t.Signal)] = v.String()
	}
	cfg["evictionHard"] = hard
	delete(cfg, "evictionSoft")
	delete(cfg, "evictionSoftGracePeriod")
	if len(decl.Soft) > 0 {
		soft, grace := map[string]any{}, map[string]any{}
		for _, t := range decl.Soft {
			v, err := l.translateAny(t.Signal, t.Value)
			if err != nil {
				return driver.Unsupported("%v", err)
			}
			soft[string(t.Signal)], grace[string(t.Signal)] = v.String(), t.GracePeriod.String()
		}
		cfg["evictionSoft"], cfg["evictionSoftGracePeriod"] = soft, grace
	}
	// A minimum reclaim is an amount beyond the threshold: a quantity is
	// the same on both nodes, a percentage is of the declared node.
	delete(cfg, "evictionMinimumReclaim")
	if len(decl.MinimumReclaim) > 0 {
		mr := map[string]any{}
		for sig, v := range decl.MinimumReclaim {
			capacity := l.declared
			switch hostResource(sig) {
			case "disk":
				capacity = l.declaredDisk
			case "pid":
				capacity = l.declaredPID
			}
			mr[string(sig)] = evictionapi.QuantityOf(v.QuantityFor(capacity)).String()
		}
		cfg["evictionMinimumReclaim"] = mr
	}
	cfg["evictionPressureTransitionPeriod"] = decl.PressureTransitionPeriod.String()
	cfg["evictionMaxPodGracePeriod"] = decl.MaxPodGracePeriod
	// Allocatable is capacity − reserved − the hard memory threshold
	// (pkg/kubelet/cm/node_container_manager_linux.go,
	// GetNodeAllocatableAbsolute): reserving the node's own baseline
	// makes it the declared node's, declared − threshold, with the
	// translated threshold. CPU can only be reserved away.
	realCPU, err := nodeCPU(ctx, s.d.cs, l.node)
	if err != nil {
		return err
	}
	// The node's own pods (kind's DaemonSets) hold pod slots and
	// requests the declared node would not have: their requests come
	// back through smaller reservations, their slots through maxPods.
	res := l.resident
	switch c := cpu.MilliValue() + res.cpu; {
	case c > realCPU:
		// A node's CPU shows only through what pods request of it
		// (admission, scheduling): until the scenario's requests reach
		// the gap between what the real node leaves its pods and the
		// declared node, the scenario cannot tell the two apart.
		l.cpu = cpuGap{declared: cpu.MilliValue(), avail: realCPU - res.cpu,
			why: fmt.Sprintf("the scenario's node has %s CPU; a kind node has the machine's %dm, %dm of it requested by the node's own pods", cpu.String(), realCPU, res.cpu)}
		delete(cfg, "kubeReserved")
	case c < realCPU:
		cfg["kubeReserved"] = map[string]any{"cpu": fmt.Sprintf("%dm", realCPU-c)}
	default:
		delete(cfg, "kubeReserved")
	}
	cfg["systemReserved"] = map[string]any{"memory": fmt.Sprintf("%dKi", max(l.baseline-res.memory+reservedMemory, 0)>>10)}
	cfg["maxPods"] = pods + res.pods
	out, err := yaml.Marshal(cfg)
	if err != nil {
		return err
	}
	if kept {
		cur, err := shellOf(s.d).Exec(ctx, l.node, nil, "cat", kubeletConfig)
		if err == nil && string(cur) == string(out) {
			s.d.logf("%s: kubelet of %s already runs the declared node's configuration: not restarted", s.ns, l.node)
			return nil
		}
	}
	l.configured = true
	if b, err := shellOf(s.d).Exec(ctx, l.node, strings.NewReader(string(out)), "sh", "-c", "cat > "+kubeletConfig+".new && mv "+kubeletConfig+".new "+kubeletConfig); err != nil {
		return fmt.Errorf("writing the kubelet configuration of %s: %v: %s", l.node, err, strings.TrimSpace(string(b)))
	}
	s.d.debugf("%s: kubelet of %s configured: evictionHard %v, evictionSoft %v (declared %v / %v on a %dMi node)", s.ns, l.node, hard, cfg["evictionSoft"], decl.Hard, decl.Soft, l.declared>>20)
	if err := s.d.restartKubelet(ctx, l.node); err != nil {
		return err
	}
	return s.d.setAnnotation(ctx, l.node, AnnotationKept, fmt.Sprintf("%s/%d", s.d.runID, l.baseline))
}

// backupConfigSh keeps the kubelet's original configuration beside it
// (once: a kept copy is always the node's own), records it for run
// (noderecord.go), and prints it.
func backupConfigSh(run string) string {
	return fmt.Sprintf("test -e %[2]s || cp %[1]s %[2]s; %[3]s; cat %[2]s", kubeletConfig, kubeletConfigBackup, recordSh(run, recConfig, kubeletConfigBackup))
}

// keptFor reads a leased node's kept configuration: the baseline it was
// computed with, when this run wrote it and the node's own use has not
// moved by more than keptDrift since.
func (s *nodeSide) keptFor(ctx context.Context, l *lease) (int64, bool) {
	n, err := s.d.cs.CoreV1().Nodes().Get(ctx, l.node, metav1.GetOptions{})
	if err != nil {
		return 0, false
	}
	run, b, ok := strings.Cut(n.Annotations[AnnotationKept], "/")
	if !ok || run != s.d.runID {
		return 0, false
	}
	base, err := strconv.ParseInt(b, 10, 64)
	if err != nil || base-l.baseline > keptDrift || l.baseline-base > keptDrift {
		return 0, false
	}
	return base, true
}

// backAfterRestart says whether a node whose kubelet restarted at since
// can take the scenario's pods: Ready by a heartbeat since, and without
// the not-ready or unreachable taint the node-lifecycle controller put
// on it while the restarted kubelet reported NotReady (TaintNodesByCondition,
// doNoScheduleTaintingPass). Pods created while the taint stays are
// unschedulable and wait out the scheduler's back-off: a replica set's
// pods were scheduled 6 s after their nodes were Ready again, and the
// scenario's 20 s had nearly passed (drain.feature:13, 2026-11-29 07:26).
func backAfterRestart(n *corev1.Node, since metav1.Time) bool {
	for _, t := range n.Spec.Taints {
		if t.Key == corev1.TaintNodeNotReady || t.Key == corev1.TaintNodeUnreachable {
			return false
		}
	}
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NodeReady {
			return c.Status == corev1.ConditionTrue && !c.LastHeartbeatTime.Before(&since)
		}
	}
	return false
}

// restartKubelet restarts a node's kubelet through its container and
// waits until the API hears from it again and it takes pods.
func (d *Driver) restartKubelet(ctx context.Context, node string) error {
	t0 := time.Now()
	since := t0
	if a, ok := shellOf(d).(*agentShell); ok {
		// Through the agent the exec passes through the kubelet it
		// restarts: the agent waits for a new kubelet process, and the
		// API must hear from it since that process started.
		started, err := a.restartKubelet(ctx, node, 2*time.Minute)
		if err != nil {
			return err
		}
		since = started
	} else if b, err := shellOf(d).Exec(ctx, node, nil, "systemctl", "restart", "kubelet"); err != nil {
		return fmt.Errorf("restarting the kubelet of %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	if err := awaitOf(d)(ctx, d, node, metav1.NewTime(since.Truncate(time.Second)), 2*time.Minute, "its restart"); err != nil {
		return err
	}
	d.logf("kubelet of %s restarted in %s", node, time.Since(t0).Round(100*time.Millisecond))
	return nil
}

// awaitOf is the driver's wait for a kubelet back: awaitKubelet, unless a
// test set another.
func awaitOf(d *Driver) func(ctx context.Context, d *Driver, node string, since metav1.Time, limit time.Duration, after string) error {
	if d.awaitKubelet != nil {
		return d.awaitKubelet
	}
	return awaitKubelet
}

// startRunsKubelets starts again, through the node agent, every pool
// node's kubelet the run stopped (NodeNotReady) and did not start again
// (interrupted before the release): first in a sweep, since every
// command after it is an exec, which goes through the kubelet. On the
// docker route, nothing: its execs need no kubelet, and the pool's
// restore restarts it.
func startRunsKubelets(ctx context.Context, d *Driver) error {
	if _, ok := shellOf(d).(*agentShell); !ok {
		return nil
	}
	var errs []error
	for _, node := range d.pool {
		errs = append(errs, startStopped(ctx, d, node))
	}
	return errors.Join(errs...)
}

// startStopped starts again a kubelet the run stopped (NodeNotReady) and
// waits for it back. On the docker route, a restart; through the agent,
// node-serve's start, reached through the API server's pod proxy (an exec
// would need the stopped kubelet), which acts only where the run's stop
// is recorded on the node: a kubelet running, or stopped by no run of
// this one, is left as it is.
func startStopped(ctx context.Context, d *Driver, node string) error {
	a, ok := shellOf(d).(*agentShell)
	if !ok {
		return d.restartKubelet(ctx, node)
	}
	t0 := time.Now()
	started, p, err := a.startKubelet(ctx, node, d.runID)
	if err != nil {
		return err
	}
	if !started {
		return nil
	}
	if p.started.IsZero() {
		return fmt.Errorf("started the kubelet of %s again, and it has no start time (%+v)", node, p)
	}
	if err := awaitOf(d)(ctx, d, node, metav1.NewTime(p.started.Truncate(time.Second)), 2*time.Minute, "its start again"); err != nil {
		return err
	}
	d.logf("kubelet of %s, stopped by the run, started again in %s", node, time.Since(t0).Round(100*time.Millisecond))
	return nil
}

// awaitKubelet waits, up to limit, until a node's kubelet that started
// at since answers and its node takes pods again (backAfterRestart), and
// then for its first housekeepings.
func awaitKubelet(ctx context.Context, d *Driver, node string, since metav1.Time, limit time.Duration, after string) error {
	err := wait.PollUntilContextTimeout(ctx, 250*time.Millisecond, limit, true, func(ctx context.Context) (bool, error) {
		if _, err := d.cs.CoreV1().RESTClient().Get().AbsPath("/api/v1/nodes", node, "proxy", "healthz").DoRaw(ctx); err != nil {
			return false, nil
		}
		n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		return backAfterRestart(n, since), nil
	})
	if err != nil {
		return driver.Infrastructure("the kubelet of %s did not report Ready within %s of %s: %v", node, limit, after, err)
	}
	// Until its pod workers have synced the pods it knows (SyncKnownPods,
	// at the first housekeeping once its sources are ready, every
	// periods.Housekeeping (2 s): pkg/kubelet/kubelet.go syncLoopIteration,
	// HandlePodCleanups), a restarted kubelet holds back a terminal
	// status: CouldHaveRunningContainers is true for any pod, and the
	// status manager keeps the old phase (status_manager.go
	// mergePodStatus). A pod it rejected in that time showed Pending with
	// a startTime, and Failed only at the next 10 s batch sync
	// (periods.StatusSync): 8.4 and 9.4 s after the rejection Event,
	// admission.feature:30 and :173, 2026-11-25/26. So the scenario waits
	// for that housekeeping, seen in the kubelet's metrics (housekept).
	return awaitHousekeeping(ctx, d.cs.CoreV1().RESTClient(), node, housekeepingLimit)
}

// housekeepingLimit bounds the wait for a restarted kubelet's first
// housekeeping: two periods, what was waited for before it was observed,
// and a second for the metrics' reads.
const housekeepingLimit = 2*periods.Housekeeping + time.Second

// awaitHousekeeping waits until the node's kubelet shows in its metrics
// that its first housekeeping with its sources ready has run, or for
// limit: a kubelet whose metrics say nothing of it (an
// endpoint refused, a release without the metric) is taken as one that
// has had it by then.
func awaitHousekeeping(ctx context.Context, rc rest.Interface, node string, limit time.Duration) error {
	_ = wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, limit, true, func(ctx context.Context) (bool, error) {
		b, err := rc.Get().AbsPath("/api/v1/nodes", node, "proxy", "metrics").DoRaw(ctx)
		return err == nil && housekept(b), nil
	})
	return ctx.Err()
}

// housekept says whether a kubelet's metrics show its first
// HandlePodCleanups: kubelet_working_pods is set there and nowhere else
// (pkg/kubelet/kubelet_pods.go HandlePodCleanups, after SyncKnownPods,
// v1.36.3; since 1.27), so a new kubelet process exposes none of its
// series before it, and every combination of them after.
func housekept(metrics []byte) bool {
	return bytes.Contains(metrics, []byte("\nkubelet_working_pods{"))
}

// hold makes the leased node's own usage outside the pods amount to
// bytes (0 stops it): a process in the node's container that fills a
// buffer and keeps it, its process group's id kept in pressureDir so that
// a cleanup finds it.
func (s *nodeSide) hold(ctx context.Context, l *lease, bytes int64) error {
	file := pressureDir + "/" + s.d.runID + "-" + s.ns
	// dash's kill takes a process group as a negative pid, without "--".
	if bytes > 0 {
		unlock, err := fillLock(ctx, s.d.runID)
		if err != nil {
			return err
		}
		defer unlock()
		if free := hostAvailable(); free > 0 && bytes > free-2<<30 {
			return driver.Unsupported("the scenario would hold %dMi on node %s, and the host has %dMi available (podlife keeps 2Gi spare)", bytes>>20, l.node, free>>20)
		}
	}
	script := holdSh(s.d.runID, file, bytes)
	t0 := time.Now()
	if b, err := shellOf(s.d).Exec(ctx, l.node, nil, "sh", "-c", script); err != nil {
		return fmt.Errorf("holding %dMi on node %s: %v: %s", bytes>>20, l.node, err, strings.TrimSpace(string(b)))
	}
	if bytes > 0 {
		// These machines fault fresh memory in at 70–200 MB/s; a fill
		// slower than 10 MB/s is a fault.
		limit := max(time.Minute, time.Duration(bytes/(10<<20))*time.Second)
		err := wait.PollUntilContextTimeout(ctx, 100*time.Millisecond, limit, true, func(context.Context) (bool, error) {
			_, err := shellOf(s.d).Exec(ctx, l.node, nil, "test", "-f", file+".filled")
			return err == nil, nil
		})
		if err != nil {
			return fmt.Errorf("holding %dMi on node %s: not filled within %s: %w", bytes>>20, l.node, limit, err)
		}
		s.d.noteFill(bytes, time.Since(t0))
	}
	// In the run's log, not only in debug: a pressure that did not
	// come (memory.feature:142 on 2026-11-30 03:45: no MemoryPressure,
	// nothing evicted) left nothing to read there.
	s.d.logf("%s: node %s holds %dMi outside its pods (filled in %s)", s.ns, l.node, bytes>>20, time.Since(t0).Round(10*time.Millisecond))
	return nil
}

// holdSh stops what the session's file says holds memory, and, when
// bytes > 0, starts holding bytes, recorded for run (noderecord.go).
func holdSh(run, file string, bytes int64) string {
	// dash's kill takes a process group as a negative pid, without "--".
	script := fmt.Sprintf("if [ -f %[1]s ]; then kill -9 -$(cat %[1]s) 2>/dev/null; rm -f %[1]s %[1]s.filled; fi; %[2]s", file, unrecordSh(run, recHold, file))
	if bytes > 0 {
		// dd fills its one block from /dev/zero (every page touched) and
		// then blocks for ever writing it into a pipe: its reader takes
		// one byte, the sign that the block is full, and reads no more.
		script += fmt.Sprintf("; mkdir -p %[1]s; %[4]s; setsid sh -c 'dd if=/dev/zero bs=%[3]d count=1 iflag=fullblock 2>/dev/null | { head -c1 >/dev/null; touch %[2]s.filled; exec sleep infinity; }' >/dev/null 2>&1 & echo $! > %[2]s",
			pressureDir, file, bytes, recordSh(run, recHold, file))
	}
	return script
}

// hostAvailable is this machine's MemAvailable in bytes (0 if unknown).
func hostAvailable() int64 {
	n, _ := cluster.Meminfo("MemAvailable")
	return n
}

// release puts the leased node back as it was found — no pressure
// process, the original kubelet configuration (and a restarted kubelet,
// which also forgets the pressure it saw), the scenario's taints removed,
// the labels it changed put back (labels.go) — and frees the lease. The session's pods are gone already (Close deletes
// the namespace first). A node that cannot be restored keeps a lease
// saying why, and is not leased again.
func (s *nodePool) release(ctx context.Context) error {
	var errs []error
	for _, l := range s.leases {
		if l.unwatch != nil {
			l.unwatch()
		}
		if err := s.d.outOfService(l.node); err != nil {
			// The node broke under the scenario: nothing on it can be
			// restored, and it is not leased again.
			if lerr := s.d.setLease(ctx, l.node, "broken/"+s.d.runID+"/"+s.ns); lerr != nil {
				err = errors.Join(err, lerr)
			}
			errs = append(errs, err)
			continue
		}
		keep := !l.dirty.Load() && s.d.settled(ctx, l.node)
		err := s.d.restoreNode(ctx, l.node, s.d.runID+"-"+s.ns, keep, l.taints)
		holder := ""
		if err != nil {
			holder = "broken/" + s.d.runID + "/" + s.ns
		}
		if l.memoryTaken > 0 {
			if merr := s.d.dropMemory(ctx, s.d.runID+"/"+s.ns); merr != nil && err == nil {
				err = merr
			}
			l.memoryTaken = 0
		}
		if l.hostToken {
			if herr := s.d.dropHost(ctx, s.d.runID+"/"+s.ns); herr != nil && err == nil {
				err = herr
			}
			l.hostToken = false
		}
		if uerr := s.d.setLease(ctx, l.node, holder); uerr != nil && err == nil {
			err = uerr
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("returning pool node %s: %w", l.node, err))
		}
	}
	s.leases = nil
	return errors.Join(errs...)
}

// broken is the fault of a leased node that stopped under the scenario,
// if one did.
func (s *nodePool) broken() error {
	var errs []error
	for _, l := range s.leases {
		errs = append(errs, s.d.outOfService(l.node))
	}
	return errors.Join(errs...)
}

// leaseOn is the session's lease of a real node, if it holds one.
func (s *nodePool) leaseOn(real string) *lease {
	for _, l := range s.leases {
		if l.node == real {
			return l
		}
	}
	return nil
}

// outOfService says, for a node of a cluster podlife created, whether
// its container has stopped: an infrastructure fault, not a verdict on
// the scenario that held it.
func (d *Driver) outOfService(node string) error {
	if d.info.Kind == "" {
		return nil
	}
	state, err := cluster.NodeState(node)
	if err != nil {
		return driver.Infrastructure("pool node %s: %v", node, err)
	}
	if state != "running" {
		return driver.Infrastructure("pool node %s stopped during the scenario (its container is %s); the pool goes on without it", node, state)
	}
	return nil
}

// settled says whether a node's kubelet may serve the next lease as it
// is: Ready, and no pressure condition.
func (d *Driver) settled(ctx context.Context, node string) bool {
	n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	return err == nil && nodeReady(n) && !underPressure(n)
}

// underPressure says whether a node shows a pressure condition.
func underPressure(n *corev1.Node) bool {
	for _, c := range n.Status.Conditions {
		switch c.Type {
		case corev1.NodeMemoryPressure, corev1.NodeDiskPressure, corev1.NodePIDPressure:
			if c.Status == corev1.ConditionTrue {
				return true
			}
		}
	}
	return false
}

// restoreNode undoes what podlife did to a pool node: the node's own
// kubelet binary when another release's runs (upgrade.go), the pressure
// processes named by prefix, the given taints, the labels the run changed
// (labels.go), a cordon, and, unless
// keepConfig, the kubelet's configuration; the kubelet restarts unless
// keepConfig and its own binary ran (a node whose configuration or
// binary podlife changed, or whose kubelet it was told to start afresh).
func (d *Driver) restoreNode(ctx context.Context, node, prefix string, keepConfig bool, taints []corev1.Taint) error {
	// The labels the run changed first: an API write alone, which what
	// fails below on the node's container does not hold back.
	if err := restoreLabels(ctx, d, node); err != nil {
		return err
	}
	ops := opsOf(d)
	swapped, err := restoreKubelet(d, node)
	if err != nil {
		return err
	}
	keepConfig = keepConfig && !swapped
	restore := "if [ -f %[3]s ]; then mv %[3]s %[4]s; echo restored; fi; %[7]s; "
	if keepConfig {
		restore = ""
	}
	// The process groups podlife started, by their files; then a check
	// that no dd of podlife's is left (a node that still holds memory is
	// not returned). A process killed while it faults in gigabytes takes
	// seconds to go on these machines.
	// Each undone change's record goes with it (noderecord.go).
	script := fmt.Sprintf("rm -f %[5]s*; %[6]s*; for f in %[1]s/%[2]s*; do case \"$f\" in *.filled) rm -f \"$f\"; continue;; esac; [ -f \"$f\" ] || continue; kill -9 -$(cat \"$f\") 2>/dev/null; rm -f \"$f\" %[8]s/%[9]s.\"${f##*/}\"; done; "+
		restore+"i=0; while pgrep -f '^dd if=/dev/zero' >/dev/null && [ $i -lt 100 ]; do sleep 0.3; i=$((i+1)); done; if pgrep -f '^dd if=/dev/zero' >/dev/null; then echo 'a memory hog is still running 30 s after it was killed' >&2; exit 1; fi", pressureDir, prefix, kubeletConfigBackup, kubeletConfig, diskFill(prefix),
		unrecordSh(d.runID, recFill, diskFill(prefix)), unrecordSh(d.runID, recConfig, kubeletConfigBackup), recordDir, d.runID+"."+recHold)
	// Then the images the node cannot pull, if its kubelet deleted any.
	script += "; " + cluster.RestoreImagesSh
	b, err := ops.exec(node, nil, "sh", "-c", script)
	if err != nil {
		return fmt.Errorf("restoring node %s: %v: %s", node, err, strings.TrimSpace(string(b)))
	}
	if strings.Contains(string(b), cluster.ImagesRestored) {
		d.logf("%s: the kubelet of %s had deleted images no registry here has: imported again from %s", prefix, node, cluster.KeptImages)
	}
	if !keepConfig {
		if err := ops.restartKubelet(ctx, node); err != nil {
			return err
		}
		if err := d.setAnnotation(ctx, node, AnnotationKept, ""); err != nil {
			return err
		}
	}
	if len(taints) > 0 {
		if err := d.untaint(ctx, node, taints); err != nil {
			return err
		}
	}
	// A pool node is never cordoned at rest (the pool keeps other pods
	// off with its taint): one a scenario cordoned or drained, or an
	// interrupted one left so, is made schedulable again. The
	// node-lifecycle controller then removes the unschedulable taint it
	// added (pkg/controller/nodelifecycle/node_lifecycle_controller.go,
	// doNoScheduleTaintingPass).
	return d.uncordon(ctx, node)
}

// untaint removes taints podlife added to a node. The kubelet and the
// node controllers update the node all the while: a conflict is retried
// on the fresh object.
func (d *Driver) untaint(ctx context.Context, node string, taints []corev1.Taint) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return untaintOnce(ctx, d, node, taints)
	})
}

func untaintOnce(ctx context.Context, d *Driver, node string, taints []corev1.Taint) error {
	n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
	if err != nil {
		return err
	}
	var keep []corev1.Taint
	for _, t := range n.Spec.Taints {
		drop := false
		for _, x := range taints {
			drop = drop || (t.Key == x.Key && t.Effect == x.Effect)
		}
		if !drop {
			keep = append(keep, t)
		}
	}
	n.Spec.Taints = keep
	_, err = d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
	return err
}

// setLease writes a pool node's lease annotation ("" frees it).
func (d *Driver) setLease(ctx context.Context, node, holder string) error {
	return d.setAnnotation(ctx, node, AnnotationLease, holder)
}

// setAnnotation writes one of podlife's annotations of a node ("" removes
// it), on the fresh object after a conflict.
func (d *Driver) setAnnotation(ctx context.Context, node, key, value string) error {
	return wait.PollUntilContextTimeout(ctx, 200*time.Millisecond, 30*time.Second, true, func(ctx context.Context) (bool, error) {
		n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		if n.Annotations[key] == value {
			return true, nil
		}
		if value == "" {
			delete(n.Annotations, key)
		} else {
			if n.Annotations == nil {
				n.Annotations = map[string]string{}
			}
			n.Annotations[key] = value
		}
		_, err = d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		if apierrors.IsConflict(err) {
			return false, nil
		}
		return err == nil, err
	})
}

// SweepPool returns every pool node the run still holds or keeps
// configured, at the run's end and after an interrupt: pressure
// processes stopped, kubelet configuration restored and the kubelet
// restarted,
// taints other than the pool's own removed (a pool node has no other at
// rest but the node controllers' own), the labels the run changed put
// back from their record (labels.go), lease freed. A node that cannot be
// restored keeps its lease, marked broken.
func (d *Driver) SweepPool(ctx context.Context) error {
	if err := d.connect(ctx); err != nil {
		return err
	}
	var errs []string
	if err := startRunsKubelets(ctx, d); err != nil {
		errs = append(errs, err.Error())
	}
	if err := d.dropMemory(ctx, d.runID+"/"); err != nil {
		errs = append(errs, err.Error())
	}
	touched := map[string]bool{} // the nodes the API says the run held
	var changed []error          // nodes not as the run found them
	for _, node := range d.pool {
		n, err := d.cs.CoreV1().Nodes().Get(ctx, node, metav1.GetOptions{})
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		if strings.HasPrefix(n.Annotations[AnnotationHostPressure], d.runID+"/") {
			if err := d.setAnnotation(ctx, node, AnnotationHostPressure, ""); err != nil {
				errs = append(errs, err.Error())
			}
		}
		if strings.HasPrefix(n.Annotations[AnnotationReserved], d.runID+"/") {
			if err := d.setAnnotation(ctx, node, AnnotationReserved, ""); err != nil {
				errs = append(errs, err.Error())
			}
		}
		holder := n.Annotations[AnnotationLease]
		held := strings.HasPrefix(holder, d.runID+"/")
		if !held && !strings.HasPrefix(n.Annotations[AnnotationKept], d.runID+"/") && !cutBy(n, d.runID) {
			continue
		}
		touched[node] = true
		if cutBy(n, d.runID) {
			// A node whose power this run cut, interrupted before its
			// release: started again before anything else.
			if err := restorePower(ctx, d, node); err != nil {
				errs = append(errs, err.Error())
			}
		}
		if err := d.outOfService(node); err != nil {
			// Nothing on a stopped node can be restored; its lease says
			// it is broken, and the pool goes on without it.
			if !strings.HasPrefix(holder, "broken/") {
				if lerr := d.setLease(ctx, node, "broken/"+d.runID+"/stopped"); lerr != nil {
					errs = append(errs, lerr.Error())
				}
			}
			continue
		}
		// The node controllers' own taints (node.kubernetes.io/…) follow
		// the node's conditions and go with them.
		var extra []corev1.Taint
		for _, t := range n.Spec.Taints {
			if t.Key != cluster.PoolTaint && !strings.HasPrefix(t.Key, "node.kubernetes.io/") {
				extra = append(extra, t)
			}
		}
		err = d.restoreNode(ctx, node, d.runID+"-", false, extra)
		next := ""
		if err != nil {
			was := holder
			if was == "" {
				was = d.runID + "/kept"
			}
			next = "broken/" + strings.TrimPrefix(was, "broken/")
			errs = append(errs, err.Error())
		}
		if held || next != "" {
			if err := d.setLease(ctx, node, next); err != nil {
				errs = append(errs, err.Error())
			}
		}
	}
	{
		// What the run recorded on a node and did not undo (its process
		// interrupted, a node it no longer held by the API's account), and
		// then the node compared with the run's snapshot of it
		// (noderecord.go), on either route.
		for _, node := range d.pool {
			if d.outOfService(node) != nil {
				continue
			}
			did, err := undoRecorded(ctx, d, node)
			if len(did) > 0 {
				d.logf("node %s: undid what run %s recorded there: %s", node, d.runID, strings.Join(did, ", "))
			}
			if err == nil {
				err = compareSnapshot(ctx, d, node)
			}
			var exit utilexec.ExitError
			switch {
			case err == nil:
			case !touched[node] && !errors.As(err, &exit) && !errors.Is(err, driver.ErrInfrastructure):
				// Not reached (its kubelet, which an exec passes through,
				// stopped by another run), and not the run's by the API's
				// account: said, not failed.
				d.logf("node %s: run %s's records and snapshot not read: %v", node, d.runID, err)
			case errors.Is(err, ErrNodeChanged):
				// Kept as an error of its own, so that the run's end can
				// tell it (errors.Is): the strings below lose it.
				changed = append(changed, err)
			default:
				errs = append(errs, err.Error())
			}
		}
	}
	var err error
	if len(errs) > 0 {
		err = fmt.Errorf("returning the pool's nodes: %s", strings.Join(errs, "; "))
	}
	return errors.Join(append([]error{err}, changed...)...)
}

// poolNodes lists the pool's nodes of a node list, by name.
func poolNodes(nodes []corev1.Node) []string {
	var out []string
	for _, n := range nodes {
		if n.Labels[cluster.PoolLabel] == "true" {
			out = append(out, n.Name)
		}
	}
	sort.Strings(out)
	return out
}

// defaultNodeMemory is the memory of the scenarios' default node
// (docs/language.md), when a scenario leases a node before declaring one.
const defaultNodeMemory = 8 << 30

func hasTag(tags []string, tag string) bool {
	for _, t := range tags {
		if strings.TrimPrefix(t, "@") == tag {
			return true
		}
	}
	return false
}

// placeOnLease puts a pod on the leased nodes: by name when the scenario
// named its node (the alias is mapped already), else through the
// scheduler, kept to the leased nodes (the one's hostname, or an affinity
// term added to each of the pod's own), and tolerating the pool's taint
// that keeps every other pod off them.
func (s *nodePool) placeOnLease(p *corev1.Pod) error {
	on := s.leases
	if l := s.leaseOn(p.Spec.NodeName); l != nil {
		on = []*lease{l}
	}
	// A pod the scheduler places may land on any of them: each must be
	// able to stand in for its declared node.
	for _, l := range on {
		if err := l.fits(p); err != nil {
			return err
		}
	}
	if p.Spec.NodeName == "" {
		if len(s.leases) == 1 {
			pinTo(p, s.leases[0].node)
		} else {
			var reals []string
			for _, l := range s.leases {
				reals = append(reals, l.node)
			}
			s.mapHostnames(p)
			keepOn(p, reals)
		}
	}
	tolerate(p, cluster.PoolTaint)
	return nil
}

// placeOnSkewed puts a pod on the session's skewed node (a kubelet of the
// version the scenario asked for), tolerating the taint that keeps every
// other pod off it.
func (s *nodePool) placeOnSkewed(p *corev1.Pod) {
	if p.Spec.NodeName == "" {
		pinTo(p, s.home.name)
	}
	tolerate(p, cluster.KubeletTaint)
}

// pinTo keeps a pod the scheduler places to one node (keepOn).
func pinTo(p *corev1.Pod, node string) { keepOn(p, []string{node}) }

// tolerate lets a pod onto nodes tainted NoSchedule with key (podlife's
// pool and skewed nodes).
func tolerate(p *corev1.Pod, key string) {
	p.Spec.Tolerations = append(p.Spec.Tolerations, corev1.Toleration{
		Key: key, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule,
	})
}

// mapHostnames rewrites the scenario's node names in a pod's hostname
// selector and node affinity to the cluster's.
func (s *nodePool) mapHostnames(p *corev1.Pod) {
	if v, ok := p.Spec.NodeSelector[corev1.LabelHostname]; ok {
		if real, ok := s.nodeAlias[v]; ok {
			p.Spec.NodeSelector[corev1.LabelHostname] = real
		}
	}
	a := p.Spec.Affinity
	if a == nil || a.NodeAffinity == nil {
		return
	}
	mapReq := func(rs []corev1.NodeSelectorRequirement) {
		for i := range rs {
			if rs[i].Key != corev1.LabelHostname {
				continue
			}
			for j, v := range rs[i].Values {
				if real, ok := s.nodeAlias[v]; ok {
					rs[i].Values[j] = real
				}
			}
		}
	}
	if r := a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution; r != nil {
		for i := range r.NodeSelectorTerms {
			mapReq(r.NodeSelectorTerms[i].MatchExpressions)
		}
	}
	for i := range a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution {
		mapReq(a.NodeAffinity.PreferredDuringSchedulingIgnoredDuringExecution[i].Preference.MatchExpressions)
	}
}

// keepOn restricts a pod's scheduling to the given nodes: the terms of a
// required node affinity are ORed, so the restriction joins each of them
// (a pod with none gets one term of its own). It names the nodes by
// metadata.name, not by hostname label: on that field the scheduler's
// NodeAffinity PreFilter narrows the cycle to those nodes, so that the
// FailedScheduling message holds only what they say beside one count of
// the others (fitmsg.go), where a label would have each other node
// report whichever filter it failed first (another scenario's cordon or
// taint). The API server takes one value for a field requirement
// (ValidateNodeFieldSelectorRequirement), so each term becomes one term
// per node.
func keepOn(p *corev1.Pod, nodes []string) {
	if p.Spec.Affinity == nil {
		p.Spec.Affinity = &corev1.Affinity{}
	}
	if p.Spec.Affinity.NodeAffinity == nil {
		p.Spec.Affinity.NodeAffinity = &corev1.NodeAffinity{}
	}
	na := p.Spec.Affinity.NodeAffinity
	if na.RequiredDuringSchedulingIgnoredDuringExecution == nil || len(na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms) == 0 {
		na.RequiredDuringSchedulingIgnoredDuringExecution = &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{}}}
	}
	var terms []corev1.NodeSelectorTerm
	for _, t := range na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		for _, n := range nodes {
			t := *t.DeepCopy()
			t.MatchFields = append(t.MatchFields, corev1.NodeSelectorRequirement{Key: metav1.ObjectNameField, Operator: corev1.NodeSelectorOpIn, Values: []string{n}})
			terms = append(terms, t)
		}
	}
	na.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms = terms
}

// fits says why the leased node cannot be the declared one for the pod
// (nil when it can).
func (l *lease) fits(p *corev1.Pod) error {
	if l.cpu.why == "" {
		return nil
	}
	req := resourcehelper.PodRequests(p, resourcehelper.PodResourcesOptions{})
	r := req.Cpu().MilliValue()
	if r == 0 || r > l.cpu.declared {
		// Past the declared node's whole CPU it is refused on both.
		return nil
	}
	l.asked += r
	// The kubelet admits a pod when the requests of the pods it runs
	// plus the pod's fit allocatable (pkg/kubelet/lifecycle/predicate.go,
	// generalFilter). Up to what the real node leaves, both nodes admit;
	// past the declared CPU, neither does (a critical pod preempts on
	// both). Between the two they decide differently. The sum keeps pods
	// that have ended: a scenario whose pods come and go is judged on
	// more CPU than it holds.
	if l.asked <= l.cpu.avail || l.asked > l.cpu.declared {
		return nil
	}
	return driver.Unsupported("%s, and the scenario's pods request %dm with pod %q: the kubelets of the two would admit them differently", l.cpu.why, l.asked, p.Name)
}

// leased maps a scenario's node name to its lease, or says why the
// action cannot be done: without a lease, the tag (c) that gets one.
func (s *nodePool) leased(node, what string, c driver.Capability) (*lease, error) {
	if len(s.leases) == 0 {
		return nil, driver.Unsupported("the scenario would %s node %q, which other scenarios share; tag it @needs:%s so that it leases a node of its own", what, node, c)
	}
	real, ok := s.nodeAlias[node]
	if !ok {
		real = node
	}
	if l := s.leaseOn(real); l != nil {
		return l, nil
	}
	return nil, driver.Unsupported("node %q is not a node the scenario leased", node)
}

// NodePressure brings the leased node under memory pressure as the
// simulator does (pkg/sim NodePressure): usage outside the pods such that
// memory.available would be half the threshold with no pod using
// anything, here a process in the node's container holding the declared
// node's memory less half its threshold (the translated threshold
// accounts for what the real node is and uses). Disk and PID pressure
// would be the host's own: skipped.
func (s *nodeSide) NodePressure(ctx context.Context, node string, kind driver.Pressure) error {
	l, err := s.pool.leased(node, "bring "+string(kind)+" pressure on", driver.NodePressure)
	if err != nil {
		return err
	}
	if kind != driver.MemoryPressure {
		return s.hostPressure(ctx, l, kind)
	}
	e := l.eviction
	if e == nil {
		return driver.Unsupported("the leased node's kubelet was not configured for the scenario")
	}
	t, ok := evictionapi.Lookup(e.Hard, evictionapi.SignalMemoryAvailable)
	if !ok {
		t, ok = evictionapi.Lookup(e.Soft, evictionapi.SignalMemoryAvailable)
	}
	if !ok {
		return fmt.Errorf("the kubelet has no memory.available threshold: node %q cannot come under memory pressure", node)
	}
	threshold := t.Value.QuantityFor(l.declared)
	q := threshold.Value()
	t0 := time.Now()
	if _, err := s.podsMemory(ctx, l.node); err != nil {
		return err
	}
	if err := s.statsCaughtUp(ctx, l.node); err != nil {
		return err
	}
	s.d.logf("%s: memory pressure on %s: memory.available threshold %dMi of the declared node's %dMi; holding %dMi", s.ns, l.node, q>>20, l.declared>>20, (l.declared-q/2)>>20)
	err = s.hold(ctx, l, l.declared-q/2)
	l.fill = time.Since(t0)
	return err
}

// statsCaughtUp waits until the kubelet's own statistics show the pods'
// memory: the eviction manager ranks pods by the summary's working sets
// (pkg/kubelet/eviction/helpers.go, exceedMemoryRequests and memory),
// which cAdvisor refreshes every 10-15 s; a pass right after a pod
// filled its memory would rank it by what it used before. The simulator
// ranks by such samples too (pkg/sim/housekeeping.go).
func (s *nodeSide) statsCaughtUp(ctx context.Context, node string) error {
	want := map[string]int64{}
	s.mu.Lock()
	for _, t := range s.pods {
		if !t.on(node) {
			continue
		}
		for _, c := range t.ctrs {
			if !c.agent {
				continue
			}
			b, err := behavior.Parse(c.spec.Args)
			if err != nil || len(b.Memory) == 0 {
				continue
			}
			// The level due now of a running instance; before its first
			// point, that point's (waited for a minute at most, below).
			level := b.Memory[0].Quantity.Value()
			for _, in := range c.insts {
				if in.started && !in.finished && !in.startedAt.IsZero() {
					if due := b.MemoryAt(time.Since(in.startedAt)); due > 0 {
						level = due
					}
				}
			}
			want[t.api] += level
		}
	}
	s.mu.Unlock()
	if len(want) == 0 {
		return nil
	}
	// Best effort: a pod whose memory comes later (`after 60s`) is not
	// waited for past a minute.
	return s.statsShow(ctx, node, want, time.Minute, "memory", func(p statsapi.PodStats) *uint64 {
		if p.Memory == nil {
			return nil
		}
		return p.Memory.WorkingSetBytes
	})
}

// statsShow waits, within limit, until the kubelet's summary shows each
// pod of want using at least nine tenths of its bytes (of reads a pod's
// figure), as the eviction manager will rank them; best effort: past the
// limit the scenario goes on, and a debug line says so.
func (s *nodeSide) statsShow(ctx context.Context, node string, want map[string]int64, limit time.Duration, what string, of func(statsapi.PodStats) *uint64) error {
	err := wait.PollUntilContextTimeout(ctx, time.Second, limit, true, func(ctx context.Context) (bool, error) {
		sum, err := summary(ctx, s.d.cs, node)
		if err != nil {
			return false, nil
		}
		got := map[string]int64{}
		for _, p := range sum.Pods {
			if v := of(p); p.PodRef.Namespace == s.ns && v != nil {
				got[p.PodRef.Name] = int64(*v)
			}
		}
		for pod, n := range want {
			if got[pod] < n*9/10 {
				return false, nil
			}
		}
		return true, nil
	})
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		s.d.debugf("%s: the kubelet's statistics did not show the pods' %s within %s: %v", s.ns, what, limit, err)
	}
	return nil
}

// podsMemory waits until every running agent whose behaviour uses memory
// by now has it in use (its log says so), and returns what they use. On
// the simulator a pod's memory is in use the instant its behaviour says;
// here it faults in at 70–200 MB/s, and an eviction pass in between
// would rank the pods by half-filled usage.
func (s *nodeSide) podsMemory(ctx context.Context, node string) (int64, error) {
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var total int64
		pending := 0
		s.mu.Lock()
		for _, t := range s.pods {
			if !t.on(node) {
				continue
			}
			for _, c := range t.ctrs {
				if !c.agent {
					continue
				}
				b, err := behavior.Parse(c.spec.Args)
				if err != nil || len(b.Memory) == 0 {
					continue
				}
				for _, in := range c.insts {
					if !in.started || in.finished {
						continue
					}
					// The points due by now, each of which the agent
					// logs once it is in use.
					due := 0
					for _, u := range b.Memory {
						if time.Since(in.startedAt) >= u.After {
							due++
						}
					}
					if due == 0 {
						continue
					}
					if in.memoryLines < due {
						pending++
					}
					total += b.Memory[due-1].Quantity.Value()
				}
			}
		}
		ch := s.changed
		s.mu.Unlock()
		if pending == 0 {
			return total, nil
		}
		if time.Now().After(deadline) {
			return 0, fmt.Errorf("%d containers of the scenario did not have their memory in use within 2m", pending)
		}
		select {
		case <-ch:
		case <-time.After(250 * time.Millisecond):
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// NodeUsage sets the leased node's memory working set as the simulator
// does: the node's total, its pods' included, so the process outside the
// pods holds the total less what the pods use now (the kubelet's
// summary). Disk usage is the host's: skipped.
func (s *nodeSide) NodeUsage(ctx context.Context, node string, r corev1.ResourceName, total resource.Quantity) error {
	if r != corev1.ResourceMemory {
		return driver.Unsupported("a kind node's disk is the host's, which podlife does not fill")
	}
	l, err := s.pool.leased(node, "set the memory usage of", driver.NodePressure)
	if err != nil {
		return err
	}
	// What the pods use is what their behaviour asks (the kubelet's
	// summary lags by its housekeeping, 10-15 s).
	t0 := time.Now()
	pods, err := s.podsMemory(ctx, l.node)
	if err != nil {
		return err
	}
	err = s.hold(ctx, l, max(total.Value()-pods, 0))
	l.fill = time.Since(t0)
	return err
}

// RestartKubelet restarts the leased node's kubelet (systemd, in the
// node's container); containers keep running.
func (s *nodeSide) RestartKubelet(ctx context.Context, node string) error {
	l, err := s.pool.leased(node, "restart the kubelet of", driver.KubeletRestart)
	if err != nil {
		return err
	}
	return s.d.restartKubelet(ctx, l.node)
}

// NodeNotReady cuts the leased node off as the simulator does (its
// kubelet stops heartbeating and hears nothing more, its containers keep
// running): its kubelet is stopped, and the real node-lifecycle
// controller marks the node after its grace period
// (pkg/controller/nodelifecycle, monitorNodeHealth). The release starts
// the kubelet again.
func (s *nodeSide) NodeNotReady(ctx context.Context, node string) error {
	l, err := s.pool.leased(node, "stop the kubelet of", driver.NodeLifecycle)
	if err != nil {
		return err
	}
	if a, ok := shellOf(s.d).(*agentShell); ok {
		// Stopped through an exec, started again through node-serve
		// (startStopped), which needs no kubelet: never stopped when
		// node-serve does not answer.
		if _, err := a.kubeletState(ctx, l.node); err != nil {
			return driver.Infrastructure("not stopping the kubelet of %s: it could not be started again, the node agent's endpoint does not answer: %v", l.node, err)
		}
		l.stopped, l.notReady = true, true
		l.dirty.Store(true)
		return a.stopKubelet(ctx, l.node, s.d.runID, time.Minute)
	}
	l.stopped, l.notReady = true, true
	l.dirty.Store(true)
	if b, err := shellOf(s.d).Exec(ctx, l.node, nil, "systemctl", "stop", "kubelet"); err != nil {
		return fmt.Errorf("stopping the kubelet of %s: %v: %s", l.node, err, strings.TrimSpace(string(b)))
	}
	return nil
}

// NodeBack starts again the kubelet NodeNotReady stopped on the leased
// node: a new kubelet process, which adopts the containers that kept
// running, posts the node Ready, and syncs every pod it lists (the
// simulator's NodeBack). The lease stays notReady: the release checks the
// node as after any stop.
func (s *nodeSide) NodeBack(ctx context.Context, node string) error {
	l, err := s.pool.leased(node, "start the kubelet of", driver.NodeLifecycle)
	if err != nil {
		return err
	}
	if !l.stopped {
		return fmt.Errorf("the kubelet of %s was not stopped by the scenario: `node %q becomes NotReady` first", l.node, node)
	}
	l.stopped = false
	return startStopped(ctx, s.d, l.node)
}

// restartStopped starts a kubelet the scenario stopped, before its pods
// are deleted: a pod on a node whose kubelet is down stays Terminating.
func (s *nodeSide) restartStopped(ctx context.Context) error {
	var errs []error
	for _, l := range s.leases {
		if l.stopped {
			l.stopped = false
			errs = append(errs, startStopped(ctx, s.d, l.node))
		}
	}
	return errors.Join(errs...)
}

// TaintNode adds a taint to the leased node through the API, or removes
// it; the release removes what the scenario added.
func (s *nodeSide) TaintNode(ctx context.Context, node string, taint corev1.Taint, remove bool) error {
	l, err := s.pool.leased(node, "taint", driver.NodePressure)
	if err != nil {
		return err
	}
	real := l.node
	if remove {
		return s.d.untaint(ctx, real, []corev1.Taint{taint})
	}
	err = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := s.d.cs.CoreV1().Nodes().Get(ctx, real, metav1.GetOptions{})
		if err != nil {
			return err
		}
		n.Spec.Taints = append(n.Spec.Taints, taint)
		_, err = s.d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		return err
	})
	if err != nil {
		return fmt.Errorf("tainting node %s: %w", real, err)
	}
	l.taints = append(l.taints, taint)
	return nil
}

// watchNode follows the leased node for the scenario's timeline, as the
// simulator records a node: its Kubernetes Events (EvictionThresholdMet,
// NodeHasInsufficientMemory, Starting…) and its conditions' changes, under
// "node/<the scenario's name for it>".
func (s *observers) watchNode(l *lease) {
	node := l.node
	ctx, stop := context.WithCancel(s.ctx)
	l.unwatch = stop
	byName := func(field string) informers.SharedInformerOption {
		return informers.WithTweakListOptions(func(o *metav1.ListOptions) {
			o.FieldSelector = fields.OneTermEqualSelector(field, node).String()
		})
	}
	evs := informers.NewSharedInformerFactoryWithOptions(s.d.cs, 0, informers.WithNamespace(metav1.NamespaceDefault), byName("involvedObject.name"))
	nodes := informers.NewSharedInformerFactoryWithOptions(s.d.cs, 0, byName("metadata.name"))
	_, _ = evs.Core().V1().Events().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o any) { s.onNodeEvent(o) },
		UpdateFunc: func(_, o any) { s.onNodeEvent(o) },
	})
	conds := map[corev1.NodeConditionType]corev1.ConditionStatus{}
	taints := map[corev1.Taint]bool{}
	// A kubelet that saw pressure, or went NotReady, starts afresh
	// before the node serves again.
	seen := func(o any) {
		if n, ok := o.(*corev1.Node); ok && (underPressure(n) || !nodeReady(n)) {
			l.dirty.Store(true)
		}
	}
	_, _ = nodes.Core().V1().Nodes().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(o any) { s.onNode(o, conds, taints); seen(o) },
		UpdateFunc: func(_, o any) { s.onNode(o, conds, taints); seen(o) },
	})
	evs.Start(ctx.Done())
	nodes.Start(ctx.Done())
	s.wg.Add(1)
	go func() { defer s.wg.Done(); <-ctx.Done(); evs.Shutdown(); nodes.Shutdown() }()
}

// nodeName is the scenario's name for a node of the cluster.
func (s *nodePool) nodeName(real string) string {
	for alias, r := range s.nodeAlias {
		if r == real {
			return alias
		}
	}
	return real
}

// lastSeen is when an Event last occurred, by whichever of its time
// stamps its recorder filled (the whole seconds of lastTimestamp, or
// eventTime and a series' last observation).
func lastSeen(e *corev1.Event) time.Time {
	t := e.LastTimestamp.Time
	if e.Series != nil && e.Series.LastObservedTime.Time.After(t) {
		t = e.Series.LastObservedTime.Time
	}
	if e.EventTime.Time.After(t) {
		t = e.EventTime.Time
	}
	return t
}

func (s *observers) onNodeEvent(o any) {
	e, ok := o.(*corev1.Event)
	if !ok || e.InvolvedObject.Kind != "Node" {
		return
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if now.Before(s.start) || s.start.IsZero() {
		return // the lease's own kubelet restart, before the scenario
	}
	if l := s.pool.leaseOn(e.InvolvedObject.Name); l != nil && lastSeen(e).Before(l.since) {
		// The node's history before the lease (earlier scenarios' kubelet
		// restarts and pressure), listed when the watch started.
		s.occurrences(e)
		return
	}
	prev, count := s.occurrences(e)
	if count <= prev {
		return
	}
	for i := prev; i < count; i++ {
		s.record(timeline.Event{At: s.at(now), Pod: "node/" + s.pool.nodeName(e.InvolvedObject.Name), Kind: timeline.KubeEvent, Reason: e.Reason, Message: e.Message, Status: e.Type})
	}
	s.notify()
}

func (s *observers) onNode(o any, last map[corev1.NodeConditionType]corev1.ConditionStatus, taints map[corev1.Taint]bool) {
	n, ok := o.(*corev1.Node)
	if !ok {
		return
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	who := "node/" + s.pool.nodeName(n.Name)
	for _, c := range n.Status.Conditions {
		if last[c.Type] == c.Status {
			continue
		}
		last[c.Type] = c.Status
		if s.start.IsZero() {
			continue
		}
		s.record(timeline.Event{At: s.at(now), Pod: who, Kind: timeline.Condition, Reason: string(c.Type), Status: string(c.Status), Message: c.Reason})
	}
	// Taints by key and effect (the node controllers stamp NoExecute ones
	// with the time added); the pool's own is not the scenario's.
	current := map[corev1.Taint]bool{}
	for _, t := range n.Spec.Taints {
		if t.Key != cluster.PoolTaint {
			current[corev1.Taint{Key: t.Key, Effect: t.Effect}] = true
		}
	}
	for _, t := range sortedTaints(current) {
		if !taints[t] && !s.start.IsZero() {
			s.record(timeline.Event{At: s.at(now), Pod: who, Kind: timeline.Taint, Reason: t.Key, Status: string(corev1.ConditionTrue), Message: string(t.Effect)})
		}
	}
	for _, t := range sortedTaints(taints) {
		if !current[t] && !s.start.IsZero() {
			s.record(timeline.Event{At: s.at(now), Pod: who, Kind: timeline.Taint, Reason: t.Key, Status: string(corev1.ConditionFalse), Message: string(t.Effect)})
		}
	}
	clear(taints)
	for t := range current {
		taints[t] = true
	}
	s.notify()
}

// sortedTaints lists a set of taints in a stable order.
func sortedTaints(set map[corev1.Taint]bool) []corev1.Taint {
	out := make([]corev1.Taint, 0, len(set))
	for t := range set {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Key != out[j].Key {
			return out[i].Key < out[j].Key
		}
		return out[i].Effect < out[j].Effect
	})
	return out
}
