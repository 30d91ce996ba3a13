package sim

import (
	"math/rand"
	"time"
)

// cAdvisor's housekeeping of the pods' cgroups, as the kubelet's eviction
// manager reads it (v1.36.3, with github.com/google/cadvisor v0.56.2).
//
// synchronize (pkg/kubelet/eviction/eviction_manager.go) asks the summary
// provider for fresh stats (summaryProvider.Get(ctx, true)), but only the
// node's cgroups are refreshed: GetCgroupStats("/", true) and the pods'
// root cgroup (pkg/kubelet/server/stats/summary.go Get,
// summary_sys_containers.go GetSystemContainersStats) ask cAdvisor with
// MaxAge 0 (pkg/kubelet/stats/helper.go getCgroupInfo), which makes it
// take a sample now (manager/manager.go getRequestedContainers,
// container.go OnDemandHousekeeping). memory.available and
// allocatableMemory.available are therefore fresh. The pods' stats come
// from ListPodStatsAndUpdateCPUNanoCoreUsage; on containerd (the CRI stats
// provider, pkg/kubelet/stats/cri_stats_provider.go
// listPodStatsPartiallyFromCRI) it reads cAdvisor with
// getCadvisorContainerInfo (cadvisor_stats_provider.go: ContainerInfoV2
// without MaxAge, two samples), that is what each cgroup's last
// housekeeping took:
//
//   - a pod is in the summary only with a running container
//     (getPodAndContainerMaps, removeTerminatedContainers keeps the
//     containers in CONTAINER_RUNNING); a pod without one has no stats
//     (cachedStatsFunc finds none) and the ranking puts it first
//     (helpers.go exceedMemoryRequests, memory);
//   - the pod's memory, which ranks it (exceedMemoryRequests, memory), is
//     its pod cgroup's latest sample (addPodCPUMemoryStats,
//     getCadvisorPodInfoFromPodUID, cadvisorInfoToCPUandMemoryStats,
//     latestContainerStats);
//   - a container's memory, which the eviction message names
//     (helpers.go evictionMessage), is its cgroup's latest sample once
//     that cgroup has two: with one, cAdvisor has no instantaneous CPU for
//     it (info/v2/conversion.go ContainerStatsFromV1, InstCpuStats),
//     filterTerminatedContainerInfoAndAssembleByPodCgroupKey takes it for
//     a terminated container's leftover (isContainerTerminated) and the
//     container keeps what the runtime's ListContainerStats reported, read
//     at the call (makeContainerStats; addCadvisorContainerStats only for
//     a container cAdvisor has).
//
// Each cgroup is sampled by its own housekeeping (manager/container.go):
// cAdvisor starts it when it sees the cgroup created (manager.go
// createContainer → containerData.Start → housekeeping, whose timer starts
// at 0: a first sample at once), then after each sample waits
// nextHousekeepingInterval: jitter(interval, 1.0), the interval plus a
// uniform draw of up to as much again, where the interval is the
// kubelet's housekeeping_interval, 10 s (pkg/kubelet/cadvisor/
// cadvisor_linux.go defaultHousekeepingInterval), doubled up to 15 s
// (maxHousekeepingInterval, allowDynamicHousekeeping) after two samples
// that are equal (ContainerStats.StatsEq) and set back to 10 s after two
// that differ. So a sample is 10 to 20 s after the one before while the
// usage moves, 15 to 30 s after it while it does not.
//
// The simulator's samples compare their working set only: the real
// StatsEq compares the CPU, I/O and process counters too, which the
// simulator does not have, and a container whose working set stands still
// but whose CPU counters move keeps the 10 s interval. Any sample after
// the first could therefore have come 10 to 30 s after the one before,
// whichever interval the simulator drew.
//
// The pod cgroup is made at the pod's first SyncPod, before its sandbox
// (pkg/kubelet/kubelet.go SyncPod, pcm.EnsureExists), a container's cgroup
// when the runtime creates the container, before its process runs: their
// first samples read 0 here (the pause container and a process before its
// behaviour use nothing in the simulator).
//
// Each cgroup's phase comes from draws the simulator makes for it alone
// (env.housekeepingDraw), so that modelling them leaves every other draw,
// and every timeline without a memory ranking in it, as it was.

const (
	// housekeepingInterval is the kubelet's housekeeping_interval
	// (cadvisor_linux.go defaultHousekeepingInterval, set over cAdvisor's
	// flag default of 1 s in its init).
	housekeepingInterval = 10 * time.Second
	// maxHousekeepingInterval is how far dynamic housekeeping raises it
	// (cadvisor_linux.go maxHousekeepingInterval, passed to manager.New as
	// HousekeepingConfig.Interval).
	maxHousekeepingInterval = 15 * time.Second
)

// cgroupSamples is what cAdvisor's memory cache holds of one cgroup's
// working set, as the kubelet reads it: the latest sample and when the
// next comes (manager/container.go containerData: housekeepingInterval,
// the samples in memoryCache). The zero value is a cgroup not made yet.
type cgroupSamples struct {
	n        int           // samples taken
	at       time.Duration // when the latest was taken
	value    int64         // the working set it read
	prev     int64         // the one the sample before read (n ≥ 2)
	interval time.Duration // containerData.housekeepingInterval
	next     time.Duration // when the next sample is due
}

// made tells whether the cgroup exists, that is has its first sample.
func (s *cgroupSamples) made() bool { return s.n > 0 }

// create is the cgroup's creation at now: cAdvisor's housekeeping starts on
// a timer of 0 and takes its first sample, of value, at once; u is the
// draw of the next.
func (s *cgroupSamples) create(now time.Duration, value int64, u float64) {
	*s = cgroupSamples{n: 1, at: now, value: value, interval: housekeepingInterval}
	s.schedule(u)
}

// schedule sets when the next sample comes, after the latest:
// nextHousekeepingInterval with allowDynamicHousekeeping (the interval
// doubled, up to maxHousekeepingInterval, after two equal samples, back
// to housekeepingInterval after two that differ; nothing to compare
// before the second), then jitter(interval, 1.0) with u its draw in
// [0, 1).
func (s *cgroupSamples) schedule(u float64) {
	if s.n >= 2 {
		switch {
		case s.value == s.prev && s.interval < maxHousekeepingInterval:
			s.interval = min(2*s.interval, maxHousekeepingInterval)
		case s.value != s.prev:
			s.interval = housekeepingInterval
		}
	}
	s.next = s.at + s.interval + time.Duration(u*float64(s.interval))
}

// due tells whether a sample is due by now.
func (s *cgroupSamples) due(now time.Duration) bool { return s.made() && s.next <= now }

// take takes the sample due, of value (what the cgroup used at its time,
// s.next), and draws the next: housekeepingTick → updateStats, then the
// timer's Reset.
func (s *cgroupSamples) take(value int64, u float64) {
	s.prev, s.value = s.value, value
	s.at = s.next
	s.n++
	s.schedule(u)
}

// housekeepingDraw is a draw in [0, 1) for a cgroup's housekeeping, from
// a source of the scenario's seed that serves the housekeeping alone.
func (e *env) housekeepingDraw() float64 {
	if e.hkRng == nil {
		e.hkRng = rand.New(rand.NewSource(e.seed ^ housekeepingSeed))
	}
	return e.hkRng.Float64()
}

// housekeepingSeed sets the housekeeping's source apart from the main one
// of the same seed.
const housekeepingSeed = 0x63616476697372 // "cadvisr"

// instanceMemoryAt is what the container instance's cgroup held at t (at
// or before now): nothing before its process ran (its cgroup's first
// sample, at its creation, included) or after it exited; its behaviour's
// memory at t (the level of its last point due by then), and what its writes left in
// memory-backed emptyDirs. Those are the writes done by now: the
// samples before a write are taken before it (housekeep).
func (c *ctr) instanceMemoryAt(inst *instance, t time.Duration) int64 {
	if inst == nil || !c.agent || t <= inst.startedAt || (inst.state != instRunning && t >= inst.finishedAt) {
		return 0
	}
	m := c.beh.MemoryAt(t - inst.startedAt)
	for _, b := range inst.tmpfs {
		m += b
	}
	return m
}

// podMemoryAt is what the pod cgroup held at t: its containers' current
// and previous instances (an older one had exited before the previous
// started, and its samples were taken then: housekeep).
func (p *runtimePod) podMemoryAt(t time.Duration) int64 {
	var m int64
	for _, c := range p.ctrs {
		m += c.instanceMemoryAt(c.inst, t) + c.instanceMemoryAt(c.last, t)
	}
	return m
}

// makePodCgroup is pcm.EnsureExists at the pod's first SyncPod: the pod
// cgroup and its first sample, of nothing.
func (p *runtimePod) makePodCgroup() {
	if !p.cgroup.made() {
		p.cgroup.create(p.env.now, 0, p.env.housekeepingDraw())
	}
}

// housekeep takes the samples due by now of the pod cgroup and of inst's
// cgroup (nil: none), before something changes what they would read: a
// container starting (the instance it replaces as the previous one is
// forgotten) or a write into a memory-backed emptyDir.
func (p *runtimePod) housekeep(c *ctr, inst *instance) {
	for p.cgroup.due(p.env.now) {
		p.cgroup.take(p.podMemoryAt(p.cgroup.next), p.env.housekeepingDraw())
	}
	if inst != nil {
		c.sampled(inst)
	}
}

// sampled is the instance's cgroup with the samples due by now taken; it
// is made with the instance (its first sample, at the start, of nothing).
func (c *ctr) sampled(inst *instance) *cgroupSamples {
	s := &inst.cgroup
	if !s.made() {
		s.create(inst.startedAt, 0, c.p.env.housekeepingDraw())
	}
	for s.due(c.p.env.now) {
		s.take(c.instanceMemoryAt(inst, s.next), c.p.env.housekeepingDraw())
	}
	return s
}

// summaryStats is the pod's entry in the summary the eviction manager
// ranks by (see above): nil without a running container; the pod's
// memory its pod cgroup's latest sample; each running container's memory
// its cgroup's latest sample once it has two, what it uses now before.
// What is not memory (volumes, processes) is as stats reports it.
func (p *runtimePod) summaryStats() *podStats {
	ps := p.stats()
	if len(ps.containers) == 0 {
		return nil
	}
	j := 0
	for _, c := range p.ctrs {
		if !c.running() {
			continue
		}
		if s := c.sampled(c.inst); s.n >= 2 {
			ps.containers[j].memory = s.value
		}
		j++
	}
	if p.cgroup.made() {
		p.housekeep(nil, nil)
		ps.memory = p.cgroup.value
	}
	return &ps
}
