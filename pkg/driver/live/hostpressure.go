package live

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/retry"
	statsapi "k8s.io/kubelet/pkg/apis/stats/v1alpha1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/evictionapi"
)

// Disk and process ids on a kind node are the host's: every node of the
// cluster sees the same filesystem (its /var is a volume of the host's
// disk) and the same task count (the kubelet reads /proc/loadavg and the
// kernel's pid_max and threads-max: pkg/kubelet/stats/pidlimit,
// pidlimit_linux.go Stats). A threshold on such a signal is put a
// headroom below what the node has when it is configured: the scenario's
// own use (its pods' writes) counts against the headroom as it would on
// the declared node, and `comes under … pressure` takes the node below
// it by writing a file or holding processes. One scenario at a time may
// do so (the host's token): another's writes would count on both nodes.

const (
	// defaultNodeDisk is the ephemeral storage of the scenarios' default
	// node (steps: the default node's capacity).
	defaultNodeDisk = 100 << 30
	// declaredMaxPID is the declared node's task limit unless it declares
	// one: kernel.pid_max on a 64-bit Linux with more than 32 CPUs, which
	// the simulator takes.
	declaredMaxPID = 4194304
	// diskHeadroom caps what the scenario may write before its node's
	// disk threshold is crossed: tens of declared gigabytes cannot be
	// written on these machines' shared disk, and the catalogue's pods
	// write a few.
	diskHeadroom = 8 << 30
	// pidHeadroom caps the tasks the scenario may add before its node's
	// pid threshold is crossed: the host's own task count moves by
	// hundreds while other scenarios start containers.
	pidHeadroom = 3000
	// hostMargin is how far below a translated threshold a pressure
	// action takes the signal: the host's other activity moves it too.
	diskMargin = 1 << 30
	pidMargin  = 500
	// hostDiskFloor is the least free disk a disk threshold may leave the
	// host once the scenario's fill is written: etcd, the node containers'
	// logs and the machine's other work write there too, and a host that
	// runs out stops the whole cluster.
	hostDiskFloor = 10 << 30
)

// AnnotationHostPressure, on the pool's first node, names the scenario
// that holds the host's disk and process ids ("<run id>/<namespace>"):
// taken with the node's resourceVersion, as a lease.
const AnnotationHostPressure = "podlife.io/host-pressure"

// hostResource says which of the host's shared resources a signal reads:
// "disk", "pid", or "" for a signal of the node's own (memory).
func hostResource(sig evictionapi.Signal) string {
	switch sig {
	case evictionapi.SignalNodeFsAvailable, evictionapi.SignalImageFsAvailable, evictionapi.SignalContainerFsAvailable:
		return "disk"
	case evictionapi.SignalPIDAvailable:
		return "pid"
	}
	return ""
}

// drivable refuses a threshold podlife cannot bring a kind node to:
// inodes (the host's), and allocatable memory (the node's pods' own
// cgroup, not what a process outside them uses).
func drivable(ts []evictionapi.Threshold) error {
	for _, t := range ts {
		if t.Signal != evictionapi.SignalMemoryAvailable && hostResource(t.Signal) == "" {
			return driver.Unsupported("the scenario sets a threshold on %s; podlife brings a kind node to memory, disk and process-id thresholds only", t.Signal)
		}
	}
	return nil
}

// hostUse is what the kubelet's summary says of the host's shared
// resources, as its eviction manager observes them.
type hostUse struct {
	fsAvailable, imageFsAvailable int64
	maxPID, procs                 int64
}

// translateHost turns a declared disk or pid threshold into the leased
// node's: the declared node's headroom above its threshold (its capacity,
// empty, less the threshold), capped, below what the real node has now.
func (l *lease) translateHost(sig evictionapi.Signal, v evictionapi.Value) (evictionapi.Value, error) {
	var declared, avail, headroom int64
	var format resource.Format
	switch hostResource(sig) {
	case "disk":
		declared, avail, headroom, format = l.declaredDisk, l.host.fsAvailable, diskHeadroom, resource.BinarySI
		if sig == evictionapi.SignalImageFsAvailable {
			avail = l.host.imageFsAvailable
		}
	case "pid":
		declared, avail, headroom, format = l.declaredPID, l.host.maxPID-l.host.procs, pidHeadroom, resource.DecimalSI
		if declared == 0 {
			declared = declaredMaxPID
		}
	default:
		return evictionapi.Value{}, fmt.Errorf("%s is not a signal of the host's", sig)
	}
	q := v.QuantityFor(declared)
	real := avail - min(declared-q.Value(), headroom)
	if real <= 0 {
		return evictionapi.Value{}, fmt.Errorf("threshold %s on %s does not fit node %s (%d available)", v, sig, l.node, avail)
	}
	if hostResource(sig) == "disk" && real-diskMargin < hostDiskFloor {
		return evictionapi.Value{}, fmt.Errorf("threshold %s on %s: the host has %s of disk free, and bringing node %s under it would leave %s, less than the %s the cluster keeps",
			v, sig, gib(avail), l.node, gib(real-diskMargin), gib(hostDiskFloor))
	}
	if format == resource.BinarySI {
		real = real >> 10 << 10
	}
	return evictionapi.QuantityOf(*resource.NewQuantity(real, format)), nil
}

// takeHost takes the host's token for the session's lease, waiting while
// another scenario holds it.
func (s *nodeSide) takeHost(ctx context.Context, l *lease) error {
	if l.hostToken {
		return nil
	}
	holder := s.d.runID + "/" + s.ns
	err := claimAnnotation(ctx, s.d.cs, s.d.pool[0], AnnotationHostPressure, func(v string) (string, bool) {
		return holder, v == "" || v == holder
	})
	if err != nil {
		return fmt.Errorf("waiting for the host's disk and process ids, held by another scenario: %w", err)
	}
	l.hostToken = true
	return nil
}

// claimAnnotation waits until claim, given the value of one of podlife's
// annotations on a node (the pool's first, for what the host shares),
// says the session may have what it asks for, and writes the value claim
// gives it: with the node's resourceVersion, so that two sessions cannot
// both claim.
func claimAnnotation(ctx context.Context, cs kubernetes.Interface, first, key string, claim func(v string) (string, bool)) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, leaseWait, true, func(ctx context.Context) (bool, error) {
		n, err := cs.CoreV1().Nodes().Get(ctx, first, metav1.GetOptions{})
		if err != nil {
			return false, fmt.Errorf("reading pool node %s: %w", first, err)
		}
		v, ok := claim(n.Annotations[key])
		if !ok {
			return false, nil
		}
		if n.Annotations == nil {
			n.Annotations = map[string]string{}
		}
		n.Annotations[key] = v
		if _, err := cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{}); err != nil {
			if apierrors.IsConflict(err) {
				return false, nil
			}
			return false, err
		}
		return true, nil
	})
}

// dropHost gives the host's token back.
func (d *Driver) dropHost(ctx context.Context, holder string) error {
	if len(d.pool) == 0 {
		return nil
	}
	n, err := d.cs.CoreV1().Nodes().Get(ctx, d.pool[0], metav1.GetOptions{})
	if err != nil || !strings.HasPrefix(n.Annotations[AnnotationHostPressure], holder) {
		return err
	}
	return d.setAnnotation(ctx, d.pool[0], AnnotationHostPressure, "")
}

// diskFill is the file a disk pressure action writes on a node, in the
// kubelet's filesystem (nodefs, which is also the runtime's here).
func diskFill(prefix string) string { return "/var/lib/kubelet/podlife-fill-" + prefix }

// hostPressure takes a leased node below its translated disk or pid
// threshold: a file of the bytes missing, or processes held (a process
// group, recorded in pressureDir as memory hogs are, so that a cleanup
// finds it).
func (s *nodeSide) hostPressure(ctx context.Context, l *lease, kind driver.Pressure) error {
	t0 := time.Now()
	defer func() { l.fill = time.Since(t0) }()
	use, err := hostStats(ctx, s.d.cs, l.node)
	if err != nil {
		return err
	}
	prefix := s.d.runID + "-" + s.ns
	var script string
	switch kind {
	case driver.DiskPressure:
		if l.diskThreshold == 0 {
			return fmt.Errorf("the kubelet has no disk threshold: node %q cannot come under disk pressure", l.node)
		}
		if err := s.diskStatsCaughtUp(ctx, l.node); err != nil {
			return err
		}
		if use, err = hostStats(ctx, s.d.cs, l.node); err != nil {
			return err
		}
		bytes := use.fsAvailable - (l.diskThreshold - diskMargin)
		if bytes <= 0 {
			return nil
		}
		script = diskFillSh(s.d.runID, prefix, bytes)
	case driver.PIDPressure:
		if l.pidThreshold == 0 {
			return fmt.Errorf("the kubelet has no pid.available threshold: node %q cannot come under PID pressure", l.node)
		}
		n := (use.maxPID - use.procs) - (l.pidThreshold - pidMargin)
		if n <= 0 {
			return nil
		}
		file := pressureDir + "/" + prefix + "-pids"
		script = fmt.Sprintf("mkdir -p %[1]s; %[4]s; setsid sh -c 'i=0; while [ $i -lt %[3]d ]; do sleep infinity & i=$((i+1)); done; touch %[2]s.filled; wait' >/dev/null 2>&1 & echo $! > %[2]s; "+
			"i=0; while [ ! -f %[2]s.filled ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; test -f %[2]s.filled", pressureDir, file, n, recordSh(s.d.runID, recHold, file))
	}
	if b, err := shellOf(s.d).Exec(ctx, l.node, nil, "sh", "-c", script); err != nil {
		return fmt.Errorf("bringing %s pressure on node %s: %v: %s", kind, l.node, err, strings.TrimSpace(string(b)))
	}
	s.d.debugf("%s: %s pressure on %s (%s)", s.ns, kind, l.node, time.Since(t0).Round(10*time.Millisecond))
	return nil
}

// diskFillSh writes a disk fill of bytes, recorded for run first
// (noderecord.go).
func diskFillSh(run, prefix string, bytes int64) string {
	return fmt.Sprintf("%s && fallocate -l %d %s", recordSh(run, recFill, diskFill(prefix)), bytes, diskFill(prefix))
}

// hostStats reads the host's shared resources from a node's summary.
func hostStats(ctx context.Context, cs kubernetes.Interface, node string) (hostUse, error) {
	sum, err := summary(ctx, cs, node)
	if err != nil {
		return hostUse{}, err
	}
	var u hostUse
	n := sum.Node
	if n.Fs == nil || n.Fs.AvailableBytes == nil || n.Rlimit == nil || n.Rlimit.MaxPID == nil || n.Rlimit.NumOfRunningProcesses == nil {
		return hostUse{}, fmt.Errorf("the kubelet's summary of %s lacks the node's filesystem or process ids", node)
	}
	u.fsAvailable, u.imageFsAvailable = int64(*n.Fs.AvailableBytes), int64(*n.Fs.AvailableBytes)
	if n.Runtime != nil && n.Runtime.ImageFs != nil && n.Runtime.ImageFs.AvailableBytes != nil {
		u.imageFsAvailable = int64(*n.Runtime.ImageFs.AvailableBytes)
	}
	u.maxPID, u.procs = *n.Rlimit.MaxPID, int64(*n.Rlimit.NumOfRunningProcesses)
	return u, nil
}

// diskStatsCaughtUp waits until the kubelet's statistics show what the
// scenario's pods wrote: the eviction manager ranks pods under disk
// pressure by their ephemeral storage (pkg/kubelet/eviction/helpers.go,
// exceedDiskRequests and disk), whose volume part the kubelet refreshes
// every volumeStatsAggPeriod (1 m); the simulator's pass sees the writes
// of the instant. Best effort, bounded by that period and a margin.
func (s *nodeSide) diskStatsCaughtUp(ctx context.Context, node string) error {
	want := s.podWrites(node)
	if len(want) == 0 {
		return nil
	}
	return s.statsShow(ctx, node, want, 75*time.Second, "writes", func(p statsapi.PodStats) *uint64 {
		if p.EphemeralStorage == nil {
			return nil
		}
		return p.EphemeralStorage.UsedBytes
	})
}

// declaredDiskOf is a declared node's ephemeral storage (the default
// node's without one).
func declaredDiskOf(n *corev1.Node) int64 {
	if n != nil {
		if q, ok := n.Status.Capacity[corev1.ResourceEphemeralStorage]; ok && !q.IsZero() {
			return q.Value()
		}
	}
	return defaultNodeDisk
}

// podWrites is what each of the session's pods on a node has written by
// now, by its agents' behaviours (by pod name in the API).
func (s *nodeSide) podWrites(node string) map[string]int64 {
	want := map[string]int64{}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, t := range s.pods {
		if !t.on(node) {
			continue
		}
		for _, c := range t.ctrs {
			if !c.agent {
				continue
			}
			b, err := behavior.Parse(c.spec.Args)
			if err != nil {
				continue
			}
			for _, in := range c.insts {
				if !in.started || in.finished {
					continue
				}
				for _, w := range b.Writes {
					if time.Since(in.startedAt) >= w.After {
						want[t.api] += w.Bytes.Value()
					}
				}
				// The writable layer's writes are the pod's ephemeral
				// storage too (its containers' rootfs).
				for _, w := range b.LayerWrites {
					if time.Since(in.startedAt) >= w.After {
						want[t.api] += w.Bytes.Value()
					}
				}
			}
		}
	}
	return want
}

// AnnotationHostMemory, on the pool's first node, lists the host memory
// each scenario that fills a node's memory has taken ("<holder>=<bytes>"
// entries, ';'-separated): a kind node sees the whole host's memory, and
// two scenarios that each fill a node of 8Gi cannot run at once on a
// machine of 23Gi. A scenario waits, before its pods start, until its
// node fits beside the others.
const AnnotationHostMemory = "podlife.io/host-memory"

// hostMemoryReserve is what the host keeps beside the pool's fills: the
// cluster itself, the pod-level scenarios, the suite's processes.
const hostMemoryReserve = 5 << 30

// parseHostMemory reads AnnotationHostMemory.
func parseHostMemory(v string) map[string]int64 {
	out := map[string]int64{}
	for _, e := range strings.Split(v, ";") {
		h, b, ok := strings.Cut(e, "=")
		if n, err := strconv.ParseInt(b, 10, 64); ok && err == nil {
			out[h] = n
		}
	}
	return out
}

// formatHostMemory writes AnnotationHostMemory, sorted ("" for none).
func formatHostMemory(m map[string]int64) string {
	var es []string
	for h, n := range m {
		es = append(es, fmt.Sprintf("%s=%d", h, n))
	}
	sort.Strings(es)
	return strings.Join(es, ";")
}

// takeMemory waits until bytes of the host's memory fit beside what the
// other scenarios have taken, and takes them for the session.
func (s *nodeSide) takeMemory(ctx context.Context, l *lease, bytes int64) error {
	if l.memoryTaken > 0 {
		return nil
	}
	total, err := cluster.Meminfo("MemTotal")
	if err != nil || total == 0 {
		return nil // not this machine's cluster: nothing to share
	}
	budget := total - hostMemoryReserve
	if bytes > budget {
		return driver.Unsupported("the scenario fills a node of %dMi; this machine has %dMi, %dMi of it kept for the cluster", bytes>>20, total>>20, hostMemoryReserve>>20)
	}
	holder := s.d.runID + "/" + s.ns
	t0 := time.Now()
	err = claimAnnotation(ctx, s.d.cs, s.d.pool[0], AnnotationHostMemory, func(v string) (string, bool) {
		taken := parseHostMemory(v)
		var sum int64
		for h, b := range taken {
			if h != holder {
				sum += b
			}
		}
		taken[holder] = bytes
		return formatHostMemory(taken), sum+bytes <= budget
	})
	if err != nil {
		return fmt.Errorf("waiting for %dMi of the host's memory beside the other scenarios' fills: %w", bytes>>20, err)
	}
	l.memoryTaken = bytes
	s.d.logf("%s took %dMi of the host's memory after waiting %s", holder, bytes>>20, time.Since(t0).Round(100*time.Millisecond))
	return nil
}

// dropMemory gives back what holder (or, with a prefix, a run) took of
// the host's memory.
func (d *Driver) dropMemory(ctx context.Context, prefix string) error {
	if len(d.pool) == 0 {
		return nil
	}
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		n, err := d.cs.CoreV1().Nodes().Get(ctx, d.pool[0], metav1.GetOptions{})
		if err != nil {
			return err
		}
		taken := parseHostMemory(n.Annotations[AnnotationHostMemory])
		changed := false
		for h := range taken {
			if strings.HasPrefix(h, prefix) {
				delete(taken, h)
				changed = true
			}
		}
		if !changed {
			return nil
		}
		if v := formatHostMemory(taken); v != "" {
			n.Annotations[AnnotationHostMemory] = v
		} else {
			delete(n.Annotations, AnnotationHostMemory)
		}
		_, err = d.cs.CoreV1().Nodes().Update(ctx, n, metav1.UpdateOptions{})
		return err
	})
}

// gib writes bytes in GiB, one decimal.
func gib(b int64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) }
