package sim

import (
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/evictionapi"
	"github.com/podlife/podlife/pkg/kubelet/periods"
	"github.com/podlife/podlife/pkg/timeline"
)

// The kubelet's eviction manager (pkg/kubelet/eviction/eviction_manager.go,
// v1.36.3): its loop, synchronize, the local-storage limit checks,
// evictPod, and the admission handler (admission.go calls admit).

const (
	// evictionMonitoringPeriod is the loop's period (pkg/kubelet/kubelet.go),
	// declared with the kubelet's other periods.
	evictionMonitoringPeriod = periods.EvictionMonitoring
	// podCleanupTimeout and podCleanupPollFreq bound the wait for evicted
	// pods to be cleaned up (eviction_manager.go).
	podCleanupTimeout  = 30 * time.Second
	podCleanupPollFreq = time.Second
	// killPodNowMinTimeout is the least killPodNow waits for a kill
	// (pod_workers.go killPodNow: max(10 s, 1.5 × grace)).
	killPodNowMinTimeout = 10
)

// evictionManager is managerImpl for one kubelet.
type evictionManager struct {
	k           *kubelet
	env         *env
	thresholds  []threshold
	maxPodGrace int64
	transition  time.Duration

	// nodeConditions are the conditions held, in the order observed.
	nodeConditions []corev1.NodeConditionType
	// conditionsLastObservedAt is nodeConditionsLastObservedAt.
	conditionsLastObservedAt map[corev1.NodeConditionType]time.Duration
	// firstObservedAt is thresholdsFirstObservedAt, by threshold key.
	firstObservedAt map[string]time.Duration
	// thresholdsMet are the thresholds met with their grace periods, not
	// yet resolved (used for the minimum reclaim).
	thresholdsMet []threshold

	timer    *timer
	busy     bool // evicting or waiting for cleanup: no tick until done
	dirty    bool // usage changed since the last synchronize
	pending  bool // the last synchronize left work that may evict
	stopped  bool
	evicting int // evictions in flight (for the benchmark and tests)
}

func newEvictionManager(k *kubelet) *evictionManager {
	m := &evictionManager{
		k: k, env: k.env,
		conditionsLastObservedAt: map[corev1.NodeConditionType]time.Duration{},
		firstObservedAt:          map[string]time.Duration{},
	}
	cfg := k.evictionCfg
	m.thresholds = k.thresholds
	m.maxPodGrace = cfg.MaxPodGracePeriod
	m.transition = cfg.PressureTransitionPeriod
	if m.transition == 0 {
		m.transition = evictionapi.DefaultPressureTransitionPeriod
	}
	return m
}

// start begins the loop (managerImpl.Start): a synchronize now, then
// every evictionMonitoringPeriod, or right after the evicted pods are
// cleaned up.
func (m *evictionManager) start() {
	m.schedule(0)
}

// stop ends the loop: the kubelet is gone (restart, node lost).
func (m *evictionManager) stop() {
	m.stopped = true
	m.env.cancel(m.timer)
	m.timer = nil
}

// schedule arms the next synchronize after d. It is periodic work, which
// does not keep a scenario active, unless the next synchronize may evict:
// usage changed, or a threshold is met with pods left to evict.
func (m *evictionManager) schedule(d time.Duration) {
	m.env.cancel(m.timer)
	if m.stopped {
		return
	}
	if m.dirty || m.pending {
		m.timer = m.env.after(d, m.tick)
	} else {
		m.timer = m.env.periodic(d, m.tick)
	}
}

// usageChanged is told that a container's usage moved: the next
// synchronize observes something new, which is activity.
func (m *evictionManager) usageChanged() {
	if m.dirty || m.busy || m.stopped || m.timer == nil {
		m.dirty = true
		return
	}
	m.dirty = true
	m.schedule(m.timer.at - m.env.now)
}

func (m *evictionManager) tick() {
	m.timer = nil
	m.dirty = false
	m.synchronize()
}

// evictionPlan is what a synchronize decided: the pods to evict, one
// after the other, each with its override, message and condition.
type evictionPlan struct {
	w         *podWorker
	override  int64
	message   string
	condition *corev1.PodCondition
}

// synchronize is managerImpl.synchronize: observe, update the thresholds
// and node conditions, then evict for local-storage limits (several pods
// may go) or else for the most pressing starved resource (at most one
// pod). Evictions are carried out in turn, each waiting for its kill
// (killPodNow), then the loop waits for the evicted pods to be cleaned up
// before synchronizing again.
func (m *evictionManager) synchronize() {
	k := m.k
	now := m.env.now
	if k.down {
		return
	}
	active := k.activePods()
	// The pods' stats are cAdvisor's cached samples, the node's signals
	// fresh (housekeeping.go).
	stats := map[*podWorker]*podStats{}
	for _, w := range active {
		stats[w] = w.rt.summaryStats()
	}
	obs := m.observe()

	// A threshold met at the last pass stays met until its signal is
	// above the threshold plus its minimum reclaim (evictionMinimumReclaim):
	// eviction_manager.go synchronize, thresholdsNotYetResolved, with
	// helpers.go thresholdsMet(enforceMinReclaim) (v1.36.3).
	met := thresholdsMet(m.thresholds, obs, false)
	if len(m.thresholdsMet) > 0 {
		met = mergeThresholds(met, thresholdsMet(m.thresholdsMet, obs, true))
	}
	first := thresholdsFirstObservedAt(met, m.firstObservedAt, now)
	for _, c := range nodeConditionsOf(met) {
		m.conditionsLastObservedAt[c] = now
	}
	conds := nodeConditionsObservedSince(m.conditionsLastObservedAt, m.transition, now)
	graced := thresholdsMetGracePeriod(met, first, now)
	shuffleThresholds(m.env.rng, graced)
	// The kubelet holds its conditions in map order.
	if len(conds) > 1 {
		m.env.rng.Shuffle(len(conds), func(i, j int) { conds[i], conds[j] = conds[j], conds[i] })
	}
	m.nodeConditions = conds
	m.firstObservedAt = first
	m.thresholdsMet = graced
	k.setPressureConditions(conds)

	// Something may be evicted at a later synchronize: a threshold met
	// (with or without its grace period) with an evictable pod left.
	m.pending = len(met) > 0 && m.anyEvictable(active)

	if plan := m.localStorageEviction(active, stats); len(plan) > 0 {
		m.run(plan)
		return
	}
	if len(graced) == 0 {
		m.schedule(evictionMonitoringPeriod)
		return
	}
	byEvictionPriority(graced)
	toReclaim := graced[0]
	res, ok := signalToResource[toReclaim.signal]
	if !ok {
		m.schedule(evictionMonitoringPeriod)
		return
	}
	k.api.recordNodeEvent(k.node, corev1.EventTypeWarning, "EvictionThresholdMet", fmt.Sprintf("Attempting to reclaim %s", res), "kubelet")
	// reclaimNodeLevelResources: image and container GC for disk signals.
	// Every image is in use and dead containers take no room here, so it
	// frees nothing and pods must go.
	if len(active) == 0 {
		m.schedule(evictionMonitoringPeriod)
		return
	}
	cands := make([]rankCandidate, len(active))
	for i, w := range active {
		// The eviction manager reads the allocated pods
		// (kubelet.go getAllocatedPods, v1.36.3; resize.go).
		cands[i] = newRankCandidate(w.pod, stats[w], requestQuantities(w.allocatedPod(), k.profile.PodLevelResources))
	}
	// The kubelet ranks pods in the order its pod manager's map yields.
	m.env.rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	rankFor(toReclaim.signal)(cands)
	byPod := map[*corev1.Pod]*podWorker{}
	for _, w := range active {
		byPod[w.pod] = w
	}
	for _, c := range cands {
		w := byPod[c.pod]
		if !m.canEvict(w) {
			continue
		}
		override := evictionOverride(*m.k.profile, toReclaim, m.maxPodGrace, w.pod)
		var msg string
		if m.k.profile.detailedEvictionMessage() {
			msg = evictionMessage(res, w.allocatedPod(), c.stats, graced, obs)
		} else {
			msg = fmt.Sprintf(nodeLowMessageFmt110, res)
		}
		var cond *corev1.PodCondition
		if m.k.profile.disruptionConditions() {
			cond = &corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
				Reason: corev1.PodReasonTerminationByKubelet, Message: msg}
		}
		m.run([]evictionPlan{{w: w, override: override, message: msg, condition: cond}})
		return
	}
	// "unable to evict any pods from the node"
	m.schedule(evictionMonitoringPeriod)
}

// evictionOverride is the grace override of a pressure eviction
// (synchronize): immediateEvictionGracePeriodSeconds for a hard threshold;
// for a soft one evictionMaxPodGracePeriod, capped by the pod's own grace
// period from 1.32 on.
func evictionOverride(p Profile, t threshold, maxPodGrace int64, pod *corev1.Pod) int64 {
	if t.isHard() {
		return p.hardEvictionOverride()
	}
	if p.softEvictionCapsToSpec() && pod.Spec.TerminationGracePeriodSeconds != nil {
		return min(maxPodGrace, *pod.Spec.TerminationGracePeriodSeconds)
	}
	return maxPodGrace
}

// anyEvictable tells whether an active pod could still be evicted.
func (m *evictionManager) anyEvictable(active []*podWorker) bool {
	for _, w := range active {
		if m.canEvict(w) {
			return true
		}
	}
	return false
}

// canEvict is evictPod's guard: every critical pod is refused ("cannot
// evict a critical pod"); under the 1.10 profile only pods that are
// critical and static.
func (m *evictionManager) canEvict(w *podWorker) bool {
	if m.k.profile.criticalPodAnnotationGate() {
		return !(criticalPod110(w.pod) && isStaticPod(w.pod))
	}
	return !isCriticalPod(m.k.profile, w.pod)
}

// observe is makeSignalObservations over the node's current usage.
func (m *evictionManager) observe() observations {
	k := m.k
	obs := observations{}
	capMem := quantityValue(k.node.Status.Capacity, corev1.ResourceMemory)
	allocMem := quantityValue(k.node.Status.Allocatable, corev1.ResourceMemory)
	podsMem := k.podsMemory()
	obs[sigMemoryAvailable] = observation{available: *resource.NewQuantity(max(capMem-podsMem-k.usage.memory, 0), resource.BinarySI), capacity: capMem}
	obs[sigAllocatableMemoryAvailable] = observation{available: *resource.NewQuantity(max(allocMem-podsMem, 0), resource.BinarySI), capacity: allocMem}
	capDisk := quantityValue(k.node.Status.Capacity, corev1.ResourceEphemeralStorage)
	if capDisk > 0 {
		fs := observation{available: *resource.NewQuantity(max(capDisk-k.diskUsed(), 0), resource.BinarySI), capacity: capDisk}
		// One filesystem: the runtime's imagefs is nodefs.
		obs[sigNodeFsAvailable] = fs
		obs[sigImageFsAvailable] = fs
	}
	// pid.available is the node's rlimit.MaxPID (the smaller of
	// kernel.pid_max and kernel.threads-max) less its running processes
	// (pkg/kubelet/stats/pidlimit/pidlimit_linux.go Stats; helpers.go
	// makeSignalObservations, v1.36.3).
	maxPID := k.maxPID()
	obs[sigPIDAvailable] = observation{available: *resource.NewQuantity(maxPID-k.processes(), resource.DecimalSI), capacity: maxPID}
	return obs
}

// quantityValue is a list entry's value (0 when missing).
func quantityValue(l corev1.ResourceList, n corev1.ResourceName) int64 {
	q := quantityOf(l, n)
	return q.Value()
}

// localStorageEviction is the local-storage limit check of every active
// pod with stats: an emptyDir over its sizeLimit, then the pod's ephemeral
// storage over the sum of its containers' limits, then a container's
// rootfs and logs over its own limit (eviction_manager.go
// localStorageEviction, v1.36.3; logs are 0 here). Critical pods are
// refused by evictPod and stay.
func (m *evictionManager) localStorageEviction(active []*podWorker, stats map[*podWorker]*podStats) []evictionPlan {
	var plan []evictionPlan
	for _, w := range active {
		ps := stats[w]
		if ps == nil {
			continue // no stats: not checked (localStorageEviction)
		}
		if msg := emptyDirOverLimit(w.pod, ps); msg != "" {
			if m.canEvict(w) {
				plan = append(plan, evictionPlan{w: w, override: 1, message: msg})
			}
			continue
		}
		if msg := podEphemeralOverLimit(w.pod, ps); msg != "" {
			if m.canEvict(w) {
				plan = append(plan, evictionPlan{w: w, override: 1, message: msg})
			}
			continue
		}
		if msg := containerEphemeralOverLimit(w.pod, ps); msg != "" && m.canEvict(w) {
			plan = append(plan, evictionPlan{w: w, override: 1, message: msg})
		}
	}
	return plan
}

// containerEphemeralOverLimit is containerEphemeralStorageLimitEviction's
// test: the first container (in the stats' order) of the pod's regular
// containers with an ephemeral-storage limit whose logs and rootfs (no
// dedicated imagefs) exceed it (eviction_manager.go, v1.36.3).
func containerEphemeralOverLimit(p *corev1.Pod, ps *podStats) string {
	limits := map[string]resource.Quantity{}
	for _, c := range p.Spec.Containers {
		if l, ok := c.Resources.Limits[corev1.ResourceEphemeralStorage]; ok && l.Value() != 0 {
			limits[c.Name] = l
		}
	}
	for _, cs := range ps.containers {
		if l, ok := limits[cs.name]; ok && l.Cmp(*resource.NewQuantity(cs.rootfs, resource.BinarySI)) < 0 {
			return fmt.Sprintf(containerEphemeralStorageMessageFmt, cs.name, l.String())
		}
	}
	return ""
}

// emptyDirOverLimit is emptyDirLimitEviction's test: the first emptyDir
// whose usage exceeds a positive sizeLimit. Every emptyDir, whatever its
// medium (v1.36.3 reads no medium here): a memory-backed one is never over,
// its tmpfs being no larger than its sizeLimit (tmpfs.go).
func emptyDirOverLimit(p *corev1.Pod, ps *podStats) string {
	for _, v := range p.Spec.Volumes {
		if v.EmptyDir == nil || v.EmptyDir.SizeLimit == nil || v.EmptyDir.SizeLimit.Sign() <= 0 {
			continue
		}
		used, ok := ps.volumes[v.Name]
		if ok && resource.NewQuantity(used, resource.BinarySI).Cmp(*v.EmptyDir.SizeLimit) > 0 {
			return fmt.Sprintf(emptyDirMessageFmt, v.Name, v.EmptyDir.SizeLimit.String())
		}
	}
	return ""
}

// podEphemeralOverLimit is podEphemeralStorageLimitEviction's test: the
// pod's ephemeral storage over resourcehelper.PodLimits.
func podEphemeralOverLimit(p *corev1.Pod, ps *podStats) string {
	limit, ok := podLimits(p)[corev1.ResourceEphemeralStorage]
	if !ok {
		return ""
	}
	if resource.NewQuantity(ps.ephemeral, resource.BinarySI).Cmp(limit) > 0 {
		return fmt.Sprintf(podEphemeralStorageMessageFmt, limit.String())
	}
	return ""
}

// podLimits is resourcehelper.PodLimits: the sum of the containers'
// limits, raised by any init container's (sidecars added like
// containers); pod-level limits win when set.
func podLimits(p *corev1.Pod) corev1.ResourceList {
	if r := p.Spec.Resources; r != nil && len(r.Limits) > 0 {
		return r.Limits.DeepCopy()
	}
	return aggregateContainers(&p.Spec, func(r *corev1.ResourceRequirements) corev1.ResourceList { return r.Limits })
}

// run carries out a plan: each evictPod blocks until the pod's kill has
// completed or killPodNow's timeout passed; then waitForPodsCleanup.
func (m *evictionManager) run(plan []evictionPlan) {
	m.busy = true
	var evicted []*podWorker
	var step func(i int)
	step = func(i int) {
		if m.stopped {
			return
		}
		if i == len(plan) {
			m.waitForCleanup(evicted)
			return
		}
		p := plan[i]
		evicted = append(evicted, p.w)
		m.evictPod(p, func() { step(i + 1) })
	}
	step(0)
}

// evictPod records the Evicted event and kills the pod through the pod
// worker with the override and a status function (killPodNow), calling
// done when the kill has completed or timed out.
func (m *evictionManager) evictPod(p evictionPlan, done func()) {
	w := p.w
	m.evicting++
	m.k.api.recordEvent(w.pod, nil, false, corev1.EventTypeWarning, evictedReason, p.message, "kubelet")
	if isStaticPod(w.pod) {
		// docs/language.md: a static pod's eviction is the event's.
		m.env.record(timeline.Event{Pod: w.pod.Name, Kind: timeline.Evicted, Message: p.message})
	}
	m.env.evicted[w.uid] = true
	// An override of 0 (hard eviction before 1.31) reaches the pod worker
	// as is; whether it counts is the worker's rule (effectiveGrace,
	// Profile.ZeroOverrideCounts). killPodNow's timeout is computed from
	// the override alone (pkg/kubelet/pod_workers.go killPodNow, since
	// renamed TerminatePodAbnormallyAndWait).
	override := p.override
	ov := &override
	grace := override
	timeout := max(grace+grace/2, killPodNowMinTimeout)
	finished := false
	var to *timer
	finish := func() {
		if finished {
			return
		}
		finished = true
		m.env.cancel(to)
		m.evicting--
		done()
	}
	to = m.env.after(time.Duration(timeout)*time.Second, func() {
		if finished {
			return
		}
		m.k.api.recordEvent(w.pod, nil, false, corev1.EventTypeWarning, "ExceededGracePeriod",
			"Container runtime did not kill the pod within specified grace period.", "kubelet")
		finish()
	})
	w.killPodNow(ov, &killStatus{reason: evictedReason, message: p.message, condition: p.condition, at: m.env.now})
	m.k.whenTerminated(w, func() { m.env.soon(finish) })
}

// waitForCleanup is waitForPodsCleanup: poll every second until every
// evicted pod is finished (PodIsFinished), for at most 30 s, then
// synchronize at once.
func (m *evictionManager) waitForCleanup(pods []*podWorker) {
	start := m.env.now
	var poll func()
	poll = func() {
		if m.stopped {
			return
		}
		done := true
		for _, w := range pods {
			if w.state != stateTerminated && m.k.workers[w.uid] == w {
				done = false
			}
		}
		if done || m.env.now-start >= podCleanupTimeout {
			m.busy = false
			m.tick()
			return
		}
		m.timer = m.env.after(podCleanupPollFreq, poll)
	}
	m.timer = m.env.after(podCleanupPollFreq, poll)
}

// admit is managerImpl.Admit: with no pressure condition, admit; a critical
// pod is admitted whatever the conditions; with MemoryPressure the only
// condition, a pod that is not BestEffort, or a BestEffort pod tolerating
// the memory-pressure taint; any other condition rejects. The 1.10 rule
// is kept under its profile (admitOnlyMemoryPressure).
func (m *evictionManager) admit(p *corev1.Pod) (bool, string, string) {
	if len(m.nodeConditions) == 0 {
		return true, "", ""
	}
	if isCriticalPod(m.k.profile, p) {
		return true, "", ""
	}
	memOnly := len(m.nodeConditions) == 1 && m.nodeConditions[0] == corev1.NodeMemoryPressure
	if !m.k.profile.admitOnlyMemoryPressure() {
		memOnly = false
		for _, c := range m.nodeConditions {
			if c == corev1.NodeMemoryPressure {
				memOnly = true
			}
		}
	}
	if memOnly {
		if p.Status.QOSClass != corev1.PodQOSBestEffort && computePodQOS(p) != corev1.PodQOSBestEffort {
			return true, "", ""
		}
		if m.k.profile.admitOnlyMemoryPressure() &&
			tolerates(p.Spec.Tolerations, &corev1.Taint{Key: corev1.TaintNodeMemoryPressure, Effect: corev1.TaintEffectNoSchedule}) {
			return true, "", ""
		}
	}
	return false, evictedReason, fmt.Sprintf(nodeConditionMessageFmt, conditionList(m.nodeConditions))
}

// conditionList renders conditions as fmt prints a slice: [A B].
func conditionList(cs []corev1.NodeConditionType) string {
	s := "["
	for i, c := range cs {
		if i > 0 {
			s += " "
		}
		s += string(c)
	}
	return s + "]"
}

// maxPID is the node's process-id limit.
func (k *kubelet) maxPID() int64 {
	if k.pidLimit > 0 {
		return k.pidLimit
	}
	return nodeMaxPID
}
