package sim

import (
	"fmt"
	"math/rand"
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/evictionapi"
)

// The eviction manager's helpers: signals, thresholds, observations,
// ranking and messages (pkg/kubelet/eviction/helpers.go and
// pkg/kubelet/eviction/api/types.go, v1.36.3).

// signal is an eviction signal (evictionapi.Signal).
type signal = evictionapi.Signal

// The signals the simulator observes. containerfs.* thresholds are
// accepted and ignored: with one filesystem they mirror nodefs
// (UpdateContainerFsThresholds).
const (
	sigMemoryAvailable            = evictionapi.SignalMemoryAvailable
	sigAllocatableMemoryAvailable = evictionapi.SignalAllocatableMemoryAvailable
	sigNodeFsAvailable            = evictionapi.SignalNodeFsAvailable
	sigNodeFsInodesFree           = evictionapi.SignalNodeFsInodesFree
	sigImageFsAvailable           = evictionapi.SignalImageFsAvailable
	sigImageFsInodesFree          = evictionapi.SignalImageFsInodesFree
	sigContainerFsAvailable       = evictionapi.SignalContainerFsAvailable
	sigContainerFsInodesFree      = evictionapi.SignalContainerFsInodesFree
	sigPIDAvailable               = evictionapi.SignalPIDAvailable
)

// resourceInodes and resourcePids are the eviction manager's internal
// resource names for inodes and processes (helpers.go).
const (
	resourceInodes corev1.ResourceName = "inodes"
	resourcePids   corev1.ResourceName = "pids"
)

// signalToResource and signalToNodeCondition are the maps of helpers.go
// init().
var signalToResource = map[signal]corev1.ResourceName{
	sigMemoryAvailable:            corev1.ResourceMemory,
	sigAllocatableMemoryAvailable: corev1.ResourceMemory,
	sigNodeFsAvailable:            corev1.ResourceEphemeralStorage,
	sigNodeFsInodesFree:           resourceInodes,
	sigImageFsAvailable:           corev1.ResourceEphemeralStorage,
	sigImageFsInodesFree:          resourceInodes,
	sigContainerFsAvailable:       corev1.ResourceEphemeralStorage,
	sigContainerFsInodesFree:      resourceInodes,
	sigPIDAvailable:               resourcePids,
}

var signalToNodeCondition = map[signal]corev1.NodeConditionType{
	sigMemoryAvailable:            corev1.NodeMemoryPressure,
	sigAllocatableMemoryAvailable: corev1.NodeMemoryPressure,
	sigNodeFsAvailable:            corev1.NodeDiskPressure,
	sigNodeFsInodesFree:           corev1.NodeDiskPressure,
	sigImageFsAvailable:           corev1.NodeDiskPressure,
	sigImageFsInodesFree:          corev1.NodeDiskPressure,
	sigContainerFsAvailable:       corev1.NodeDiskPressure,
	sigContainerFsInodesFree:      corev1.NodeDiskPressure,
	sigPIDAvailable:               corev1.NodePIDPressure,
}

// threshold is evictionapi.Threshold as the eviction manager keeps it
// (operator LessThan for every signal).
type threshold struct {
	signal      signal
	value       evictionapi.Value
	gracePeriod time.Duration
	minReclaim  *evictionapi.Value
}

// key identifies a threshold in the first-observed bookkeeping (the
// kubelet keys a map by the Threshold struct).
func (t threshold) key() string {
	return fmt.Sprintf("%s<%s/%s", t.signal, t.value, t.gracePeriod)
}

// isHard is isHardEvictionThreshold: a threshold without grace period.
func (t threshold) isHard() bool { return t.gracePeriod == 0 }

// thresholdsOf is the eviction manager's thresholds for a configuration,
// parsed once where it was written: the configuration's (hard, the
// Linux defaults when it sets none, then soft, each group by signal name;
// evictionapi.Config.Thresholds), then the allocatable copy of each hard
// memory.available threshold, for the default enforceNodeAllocatable
// ["pods"] (helpers.go, ParseThresholdConfig and
// addAllocatableThresholds).
func thresholdsOf(cfg evictionapi.Config) ([]threshold, error) {
	ts, err := cfg.Thresholds()
	if err != nil {
		return nil, err
	}
	var out, alloc []threshold
	for _, t := range ts {
		x := threshold{signal: t.Signal, value: t.Value, gracePeriod: t.GracePeriod, minReclaim: t.MinReclaim}
		out = append(out, x)
		if x.signal == sigMemoryAvailable && x.isHard() {
			x.signal = sigAllocatableMemoryAvailable
			alloc = append(alloc, x)
		}
	}
	return append(out, alloc...), nil
}

// observation is signalObservation: what is available of what capacity.
type observation struct {
	available resource.Quantity
	capacity  int64
}

type observations map[signal]observation

// thresholdsMet returns the thresholds whose signal is below the threshold
// (plus its minimum reclaim when enforceMinReclaim), ignoring grace
// periods (helpers.go thresholdsMet).
func thresholdsMet(ts []threshold, obs observations, enforceMinReclaim bool) []threshold {
	var out []threshold
	for _, t := range ts {
		o, ok := obs[t.signal]
		if !ok {
			continue
		}
		q := t.value.QuantityFor(o.capacity)
		if enforceMinReclaim && t.minReclaim != nil {
			q.Add(t.minReclaim.QuantityFor(o.capacity))
		}
		if q.Cmp(o.available) > 0 {
			out = append(out, t)
		}
	}
	return out
}

// mergeThresholds adds b's thresholds missing from a (mergeThresholds).
func mergeThresholds(a, b []threshold) []threshold {
	out := append([]threshold(nil), a...)
	for _, t := range b {
		found := false
		for _, x := range out {
			if x.key() == t.key() {
				found = true
			}
		}
		if !found {
			out = append(out, t)
		}
	}
	return out
}

// thresholdsFirstObservedAt keeps, for each met threshold, when it was
// first met: the previous time when it was already met, now otherwise.
// Thresholds no longer met are dropped.
func thresholdsFirstObservedAt(met []threshold, last map[string]time.Duration, now time.Duration) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, t := range met {
		at, ok := last[t.key()]
		if !ok {
			at = now
		}
		out[t.key()] = at
	}
	return out
}

// thresholdsMetGracePeriod keeps the met thresholds whose grace period
// has passed since they were first met (a hard threshold at once).
func thresholdsMetGracePeriod(met []threshold, first map[string]time.Duration, now time.Duration) []threshold {
	var out []threshold
	for _, t := range met {
		if now-first[t.key()] >= t.gracePeriod {
			out = append(out, t)
		}
	}
	return out
}

// nodeConditionsObservedSince keeps the conditions observed less than
// period ago, in the node status setters' order.
func nodeConditionsObservedSince(lastObservedAt map[corev1.NodeConditionType]time.Duration, period, now time.Duration) []corev1.NodeConditionType {
	var out []corev1.NodeConditionType
	for _, pc := range pressureConditions {
		if at, ok := lastObservedAt[pc.typ]; ok && now-at < period {
			out = append(out, pc.typ)
		}
	}
	return out
}

// nodeConditionsOf is nodeConditions: the conditions the thresholds set,
// each once, in the thresholds' order.
func nodeConditionsOf(ts []threshold) []corev1.NodeConditionType {
	var out []corev1.NodeConditionType
	for _, t := range ts {
		c, ok := signalToNodeCondition[t.signal]
		if !ok {
			continue
		}
		dup := false
		for _, x := range out {
			if x == c {
				dup = true
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

// byEvictionPriority orders the met thresholds: memory signals first,
// signals without a resource to reclaim last (helpers.go
// byEvictionPriority.Less), keeping the given order otherwise. The kubelet
// meets them in map order, which the caller reproduces by shuffling with
// the scenario's random source first.
func byEvictionPriority(ts []threshold) {
	rank := func(t threshold) int {
		switch {
		case t.signal == sigMemoryAvailable || t.signal == sigAllocatableMemoryAvailable:
			return 0
		case signalToResource[t.signal] == "":
			return 2
		}
		return 1
	}
	sort.SliceStable(ts, func(i, j int) bool { return rank(ts[i]) < rank(ts[j]) })
}

// shuffleThresholds reproduces the kubelet's map iteration order over met
// thresholds (thresholdsMetGracePeriod ranges over a map).
func shuffleThresholds(rng *rand.Rand, ts []threshold) {
	if len(ts) > 1 {
		rng.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	}
}

// rankCandidate is a pod as the ranking functions see it: the pod and its
// stats (nil when the summary had none for it).
type rankCandidate struct {
	pod   *corev1.Pod
	stats *podStats
	// memoryRequest and storageRequest are the pod's requests for memory
	// and ephemeral storage as v1resource.GetResourceRequestQuantity reads
	// them (requestQuantities: a pod with pod-level resources has only
	// those, so no ephemeral storage request), read once rather than at
	// every comparison of the sort.
	memoryRequest, storageRequest resource.Quantity
}

// newRankCandidate is a pod to rank, with its stats and its requests
// (requestQuantities).
func newRankCandidate(p *corev1.Pod, stats *podStats, requests corev1.ResourceList) rankCandidate {
	return rankCandidate{pod: p, stats: stats,
		memoryRequest: quantityOf(requests, corev1.ResourceMemory), storageRequest: quantityOf(requests, corev1.ResourceEphemeralStorage)}
}

// cmpFunc compares two candidates: negative when a is evicted first.
type cmpFunc func(a, b rankCandidate) int

// orderedBy sorts with the comparators in turn, the last one deciding
// (helpers.go multiSorter). The kubelet uses an unstable sort over pods
// in map order; the caller shuffles first, and the sort is stable so that
// the shuffle alone decides ties.
func orderedBy(cands []rankCandidate, cmps ...cmpFunc) {
	sort.SliceStable(cands, func(i, j int) bool {
		for _, c := range cmps[:len(cmps)-1] {
			if r := c(cands[i], cands[j]); r != 0 {
				return r < 0
			}
		}
		return cmps[len(cmps)-1](cands[i], cands[j]) < 0
	})
}

// cmpBool places true before false.
func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}

// cmpPriority: lower priority first.
func cmpPriority(a, b rankCandidate) int {
	pa, pb := podPriority(a.pod), podPriority(b.pod)
	switch {
	case pa == pb:
		return 0
	case pa < pb:
		return -1
	}
	return 1
}

// cmpExceedMemoryRequests: pods without stats first, then pods whose
// working set exceeds their memory request.
func cmpExceedMemoryRequests(a, b rankCandidate) int {
	if a.stats == nil || b.stats == nil {
		return cmpBool(a.stats == nil, b.stats == nil)
	}
	req := func(c rankCandidate) bool {
		return resource.NewQuantity(c.stats.memory, resource.BinarySI).Cmp(c.memoryRequest) > 0
	}
	return cmpBool(req(a), req(b))
}

// cmpMemory: larger working set above the request first.
func cmpMemory(a, b rankCandidate) int {
	if a.stats == nil || b.stats == nil {
		return cmpBool(a.stats == nil, b.stats == nil)
	}
	above := func(c rankCandidate) resource.Quantity {
		q := *resource.NewQuantity(c.stats.memory, resource.BinarySI)
		q.Sub(c.memoryRequest)
		return q
	}
	qa, qb := above(a), above(b)
	return qb.Cmp(qa)
}

// cmpExceedDiskRequests: pods without stats first, then pods whose disk
// usage exceeds their ephemeral-storage request.
func cmpExceedDiskRequests(a, b rankCandidate) int {
	if a.stats == nil || b.stats == nil {
		return cmpBool(a.stats == nil, b.stats == nil)
	}
	ex := func(c rankCandidate) bool {
		return resource.NewQuantity(c.stats.localDisk, resource.BinarySI).Cmp(c.storageRequest) > 0
	}
	return cmpBool(ex(a), ex(b))
}

// cmpDisk: larger disk usage above the ephemeral-storage request first.
func cmpDisk(a, b rankCandidate) int {
	if a.stats == nil || b.stats == nil {
		return cmpBool(a.stats == nil, b.stats == nil)
	}
	above := func(c rankCandidate) resource.Quantity {
		q := *resource.NewQuantity(c.stats.localDisk, resource.BinarySI)
		q.Sub(c.storageRequest)
		return q
	}
	qa, qb := above(a), above(b)
	return qb.Cmp(qa)
}

// cmpProcess: more processes first.
func cmpProcess(a, b rankCandidate) int {
	if a.stats == nil || b.stats == nil {
		return cmpBool(a.stats == nil, b.stats == nil)
	}
	switch {
	case a.stats.processes == b.stats.processes:
		return 0
	case a.stats.processes > b.stats.processes:
		return -1
	}
	return 1
}

// rankMemoryPressure: exceeds requests, then priority, then usage above
// request. QoS class is not a key.
func rankMemoryPressure(c []rankCandidate) {
	orderedBy(c, cmpExceedMemoryRequests, cmpPriority, cmpMemory)
}

// rankDiskPressure is rankDiskPressureFunc without an imagefs: every fs
// stat counts (images and rootfs are 0 here).
func rankDiskPressure(c []rankCandidate) {
	orderedBy(c, cmpExceedDiskRequests, cmpPriority, cmpDisk)
}

// rankPIDPressure: priority, then more processes.
func rankPIDPressure(c []rankCandidate) {
	orderedBy(c, cmpPriority, cmpProcess)
}

// rankFor is buildSignalToRankFunc for a node without a dedicated imagefs.
func rankFor(s signal) func([]rankCandidate) {
	switch signalToResource[s] {
	case corev1.ResourceMemory:
		return rankMemoryPressure
	case resourcePids:
		return rankPIDPressure
	}
	return rankDiskPressure
}

// The message formats of helpers.go.
const (
	nodeLowMessageFmt                   = "The node was low on resource: %v. "
	nodeLowMessageFmt110                = "The node was low on resource: %v."
	thresholdMetMessageFmt              = "Threshold quantity: %v, available: %v. "
	containerMessageFmt                 = "Container %s was using %s, request is %s, has larger consumption of %v. "
	podMessageFmt                       = "Pod %s was using %s, request is %s, has larger consumption of %v. "
	nodeConditionMessageFmt             = "The node had condition: %v. "
	emptyDirMessageFmt                  = "Usage of EmptyDir volume %q exceeds the limit %q. "
	podEphemeralStorageMessageFmt       = "Pod ephemeral local storage usage exceeds the total limit of containers %s. "
	containerEphemeralStorageMessageFmt = "Container %s exceeded its local ephemeral storage limit %q. "
	evictedReason                       = "Evicted"
)

// evictionMessage is helpers.go evictionMessage: the starved resource, the
// threshold and what is available, and one fragment per container using
// more than it requests (memory: working set; ephemeral storage: rootfs and
// logs). Pod-level requests add a fragment for the pod (1.34+).
func evictionMessage(res corev1.ResourceName, p *corev1.Pod, ps *podStats, met []threshold, obs observations) string {
	msg := fmt.Sprintf(nodeLowMessageFmt, res)
	for _, t := range met {
		if signalToResource[t.signal] != res {
			continue
		}
		if o, ok := obs[t.signal]; ok {
			q := t.value.QuantityFor(o.capacity)
			msg += fmt.Sprintf(thresholdMetMessageFmt, q.String(), o.available.String())
			break
		}
	}
	if ps == nil {
		return msg
	}
	if res == corev1.ResourceMemory && p.Spec.Resources != nil {
		if req, ok := p.Spec.Resources.Requests[res]; ok {
			msg += fmt.Sprintf(podMessageFmt, p.Name, resource.NewQuantity(ps.memory, resource.BinarySI).String(), req.String(), res)
		}
	}
	all := append(append([]corev1.Container{}, p.Spec.Containers...), p.Spec.InitContainers...)
	for _, cs := range ps.containers {
		for _, c := range all {
			if c.Name != cs.name {
				continue
			}
			req := c.Resources.Requests[res]
			var usage *resource.Quantity
			switch res {
			case corev1.ResourceMemory:
				usage = resource.NewQuantity(cs.memory, resource.BinarySI)
			case corev1.ResourceEphemeralStorage:
				usage = resource.NewQuantity(cs.rootfs, resource.BinarySI) // rootfs and logs (0)
			}
			if usage != nil && usage.Cmp(req) > 0 {
				msg += fmt.Sprintf(containerMessageFmt, c.Name, usage.String(), req.String(), res)
			}
			break
		}
	}
	return msg
}

// pressureCondition describes one of the setters.
type pressureCondition struct {
	typ                       corev1.NodeConditionType
	trueReason, trueMessage   string
	falseReason, falseMessage string
	trueEvent, falseEvent     string
	taint                     string
}

var pressureConditions = []pressureCondition{
	{corev1.NodeMemoryPressure, "KubeletHasInsufficientMemory", "kubelet has insufficient memory available",
		"KubeletHasSufficientMemory", "kubelet has sufficient memory available", "NodeHasInsufficientMemory", "NodeHasSufficientMemory",
		corev1.TaintNodeMemoryPressure},
	{corev1.NodeDiskPressure, "KubeletHasDiskPressure", "kubelet has disk pressure",
		"KubeletHasNoDiskPressure", "kubelet has no disk pressure", "NodeHasDiskPressure", "NodeHasNoDiskPressure",
		corev1.TaintNodeDiskPressure},
	{corev1.NodePIDPressure, "KubeletHasInsufficientPID", "kubelet has insufficient PID available",
		"KubeletHasSufficientPID", "kubelet has sufficient PID available", "NodeHasInsufficientPID", "NodeHasSufficientPID",
		corev1.TaintNodePIDPressure},
}
