package sim

import (
	"fmt"
	"math/rand"
	"sort"
	"strconv"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// The eviction manager's helpers: signals, thresholds, observations,
// ranking and messages (pkg/kubelet/eviction/helpers.go and
// pkg/kubelet/eviction/api/types.go, v1.36.3).

// signal is an eviction signal (evictionapi.Signal).
type signal string

// The signals the simulator observes. containerfs.* thresholds are
// accepted and ignored: with one filesystem they mirror nodefs
// (UpdateContainerFsThresholds).
const (
	sigMemoryAvailable            signal = "memory.available"
	sigAllocatableMemoryAvailable signal = "allocatableMemory.available"
	sigNodeFsAvailable            signal = "nodefs.available"
	sigNodeFsInodesFree           signal = "nodefs.inodesFree"
	sigImageFsAvailable           signal = "imagefs.available"
	sigImageFsInodesFree          signal = "imagefs.inodesFree"
	sigContainerFsAvailable       signal = "containerfs.available"
	sigContainerFsInodesFree      signal = "containerfs.inodesFree"
	sigPIDAvailable               signal = "pid.available"
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

// DefaultEvictionHard is the kubelet's evictionHard on Linux when the
// configuration sets none (pkg/kubelet/eviction/defaults_linux.go). When
// evictionHard is set, it replaces these entirely
// (MergeDefaultEvictionSettings defaults to false;
// cmd/kubelet/app/server.go loadConfigFile).
var DefaultEvictionHard = map[string]string{
	"memory.available":   "100Mi",
	"nodefs.available":   "10%",
	"nodefs.inodesFree":  "5%",
	"imagefs.available":  "15%",
	"imagefs.inodesFree": "5%",
}

// DefaultPressureTransitionPeriod is evictionPressureTransitionPeriod's
// default (pkg/kubelet/apis/config/v1beta1/defaults.go).
const DefaultPressureTransitionPeriod = 5 * time.Minute

// EvictionConfig is the eviction part of the kubelet configuration, under
// the KubeletConfiguration field names.
type EvictionConfig struct {
	// Hard is evictionHard: signal → quantity ("500Mi") or percentage
	// ("10%"); nil means DefaultEvictionHard.
	Hard map[string]string
	// Soft is evictionSoft; each needs a SoftGracePeriod.
	Soft            map[string]string
	SoftGracePeriod map[string]time.Duration
	// MinimumReclaim is evictionMinimumReclaim.
	MinimumReclaim map[string]string
	// MaxPodGracePeriod is evictionMaxPodGracePeriod (default 0).
	MaxPodGracePeriod int64
	// PressureTransitionPeriod is evictionPressureTransitionPeriod (0: 5m).
	PressureTransitionPeriod time.Duration
}

// thresholdValue is evictionapi.ThresholdValue: a quantity or a fraction of
// the capacity.
type thresholdValue struct {
	quantity   *resource.Quantity
	percentage float32
	text       string // as configured, for keys and messages
}

// threshold is evictionapi.Threshold (operator LessThan for every signal).
type threshold struct {
	signal      signal
	value       thresholdValue
	gracePeriod time.Duration
	minReclaim  *thresholdValue
}

// key identifies a threshold in the first-observed bookkeeping (the
// kubelet keys a map by the Threshold struct).
func (t threshold) key() string {
	return fmt.Sprintf("%s<%s/%s", t.signal, t.value, t.gracePeriod)
}

func (v thresholdValue) String() string {
	if v.text != "" {
		return v.text
	}
	if v.quantity != nil {
		return v.quantity.String()
	}
	return strconv.FormatFloat(float64(v.percentage*100), 'f', -1, 32) + "%"
}

// isHard is isHardEvictionThreshold: a threshold without grace period.
func (t threshold) isHard() bool { return t.gracePeriod == 0 }

// ParseEvictionConfig parses and validates the configuration as the
// kubelet does at start (ParseThresholdConfig with
// parseThresholdStatement, parseGracePeriods, parseMinimumReclaims, and
// addAllocatableThresholds for the default enforceNodeAllocatable
// ["pods"]). The thresholds come in a fixed order: hard then soft, each by
// signal name.
func ParseEvictionConfig(cfg EvictionConfig) ([]threshold, error) {
	hard := cfg.Hard
	if hard == nil {
		hard = DefaultEvictionHard
	}
	var out []threshold
	hardTs, err := parseStatements(hard)
	if err != nil {
		return nil, err
	}
	out = append(out, hardTs...)
	softTs, err := parseStatements(cfg.Soft)
	if err != nil {
		return nil, err
	}
	for s, g := range cfg.SoftGracePeriod {
		if _, ok := signalToResource[signal(s)]; !ok {
			return nil, fmt.Errorf("unsupported eviction signal %v", s)
		}
		if g < 0 {
			return nil, fmt.Errorf("invalid eviction grace period specified: %v, must be a positive value", g)
		}
	}
	for i := range softTs {
		g, ok := cfg.SoftGracePeriod[string(softTs[i].signal)]
		if !ok {
			return nil, fmt.Errorf("grace period must be specified for the soft eviction threshold %v", softTs[i].signal)
		}
		softTs[i].gracePeriod = g
	}
	out = append(out, softTs...)
	for s, v := range cfg.MinimumReclaim {
		if _, ok := signalToResource[signal(s)]; !ok {
			return nil, fmt.Errorf("unsupported eviction signal %v", s)
		}
		mr, err := parseMinReclaim(s, v)
		if err != nil {
			return nil, err
		}
		for i := range out {
			if out[i].signal == signal(s) {
				m := mr
				out[i].minReclaim = &m
			}
		}
	}
	var alloc []threshold
	for _, t := range out {
		if t.signal == sigMemoryAvailable && t.isHard() {
			a := t
			a.signal = sigAllocatableMemoryAvailable
			alloc = append(alloc, a)
		}
	}
	return append(out, alloc...), nil
}

func parseStatements(m map[string]string) ([]threshold, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []threshold
	for _, k := range keys {
		t, err := parseThresholdStatement(signal(k), m[k])
		if err != nil {
			return nil, err
		}
		if t != nil {
			out = append(out, *t)
		}
	}
	return out, nil
}

// parseThresholdStatement: 0% and 100% are ignored; a percentage lies in
// [0%, 100%]; a quantity must be positive.
func parseThresholdStatement(s signal, val string) (*threshold, error) {
	if _, ok := signalToResource[s]; !ok {
		return nil, fmt.Errorf("unsupported eviction signal %v", s)
	}
	if strings.HasSuffix(val, "%") {
		if val == "0%" || val == "100%" {
			return nil, nil
		}
		p, err := parsePercentage(val)
		if err != nil {
			return nil, err
		}
		if p < 0 {
			return nil, fmt.Errorf("eviction percentage threshold %v must be >= 0%%: %s", s, val)
		}
		if p > 1 {
			return nil, fmt.Errorf("eviction percentage threshold %v must be <= 100%%: %s", s, val)
		}
		return &threshold{signal: s, value: thresholdValue{percentage: p, text: val}}, nil
	}
	q, err := resource.ParseQuantity(val)
	if err != nil {
		return nil, fmt.Errorf("eviction threshold %v: %q is not a quantity or a percentage", s, val)
	}
	if q.Sign() <= 0 {
		return nil, fmt.Errorf("eviction threshold %v must be positive: %s", s, q.String())
	}
	return &threshold{signal: s, value: thresholdValue{quantity: &q}}, nil
}

func parsePercentage(v string) (float32, error) {
	f, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 32)
	if err != nil {
		return 0, fmt.Errorf("%q is not a percentage", v)
	}
	return float32(f) / 100, nil
}

func parseMinReclaim(s, v string) (thresholdValue, error) {
	if strings.HasSuffix(v, "%") {
		p, err := parsePercentage(v)
		if err != nil {
			return thresholdValue{}, err
		}
		if p <= 0 {
			return thresholdValue{}, fmt.Errorf("eviction percentage minimum reclaim %v must be positive: %s", s, v)
		}
		return thresholdValue{percentage: p}, nil
	}
	q, err := resource.ParseQuantity(v)
	if err != nil {
		return thresholdValue{}, err
	}
	if q.Sign() < 0 {
		return thresholdValue{}, fmt.Errorf("negative eviction minimum reclaim specified for %v", s)
	}
	return thresholdValue{quantity: &q}, nil
}

// quantityFor is evictionapi.GetThresholdQuantity: the quantity, or the
// percentage of the capacity truncated to whole units (as float32
// arithmetic rounds it).
func (v thresholdValue) quantityFor(capacity int64) resource.Quantity {
	if v.quantity != nil {
		return v.quantity.DeepCopy()
	}
	return *resource.NewQuantity(int64(float64(capacity)*float64(v.percentage)), resource.BinarySI)
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
		q := t.value.quantityFor(o.capacity)
		if enforceMinReclaim && t.minReclaim != nil {
			q.Add(t.minReclaim.quantityFor(o.capacity))
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
	// memoryRequest and storageRequest are the pod's effective requests
	// for memory and ephemeral storage (v1resource.GetResourceRequestQuantity:
	// init containers and sidecars included, pod-level requests when set),
	// read once rather than at every comparison of the sort.
	memoryRequest, storageRequest resource.Quantity
}

// newRankCandidate is a pod to rank, with its stats and its requests
// (podRequests).
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

// podPriority is corev1helpers.PodPriority: nil counts as 0.
func podPriority(p *corev1.Pod) int32 {
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	return 0
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
			q := t.value.quantityFor(o.capacity)
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
				usage = resource.NewQuantity(0, resource.BinarySI) // rootfs and logs are not modelled
			}
			if usage != nil && usage.Cmp(req) > 0 {
				msg += fmt.Sprintf(containerMessageFmt, c.Name, usage.String(), req.String(), res)
			}
			break
		}
	}
	return msg
}
