package sim

import (
	"time"

	"k8s.io/apimachinery/pkg/types"
)

// volumeStatsAggPeriod is the kubelet's default volumeStatsAggPeriod
// (pkg/kubelet/apis/config/v1beta1/defaults.go, 1 m).
const volumeStatsAggPeriod = time.Minute

// volumeStats is the kubelet's fsResourceAnalyzer
// (pkg/kubelet/server/stats/fs_resource_analyzer.go, v1.36.3): the
// summary provider reports a pod's volume usage from its cache, not from
// the disk. Every volumeStatsAggPeriod (wait.Forever, no jitter) the
// analyzer gives each pod of the pod manager without one a
// volumeStatCalculator, which measures the pod's volumes at once (du) and
// then again every period with up to as much again of jitter
// (volume_stat_calculator.go StartOnce: wait.JitterUntil(…, period, 1.0,
// true)); the pods that left the pod manager lose theirs. So what a
// container writes to an emptyDir reaches the eviction manager's
// local-storage checks and its disk ranking up to about 2 min later.
//
// Only pods whose containers write to volumes are given calculators here:
// the others would always measure nothing. The analyzer has run since the
// kubelet started, long before the scenario; its phase is drawn when the
// first pod that writes is admitted, which gives the same uniform phase
// without spending random draws in scenarios that write nothing.
type volumeStats struct {
	started bool
	tick    *timer
	calcs   map[types.UID]*volumeCalc
}

// volumeCalc is one pod's volumeStatCalculator.
type volumeCalc struct {
	w *podWorker
	// latest is the last measurement by volume name; nil before the first
	// (GetLatest then reports no stats).
	latest map[string]int64
	next   *timer
}

// podWrites reports whether any container of the pod writes to a volume.
func (p *runtimePod) podWrites() bool {
	for _, c := range p.ctrs {
		if c.agent && len(c.beh.Writes) > 0 {
			return true
		}
	}
	return false
}

// trackVolumes starts the analyzer for a pod that writes to its volumes.
func (k *kubelet) trackVolumes(w *podWorker) {
	if !w.rt.podWrites() {
		return
	}
	v := &k.volStats
	if v.started {
		return
	}
	v.started = true
	v.calcs = map[types.UID]*volumeCalc{}
	phase := time.Duration(k.env.rng.Float64() * float64(volumeStatsAggPeriod))
	k.armAnalyzer(phase)
}

// armAnalyzer sets the analyzer's next tick. It is periodic work, unless
// a pod without a calculator has written something not measured yet.
func (k *kubelet) armAnalyzer(d time.Duration) {
	v := &k.volStats
	if v.tick != nil {
		d = v.tick.at - k.env.now
		k.env.cancel(v.tick)
	}
	if k.analyzerAwaited() {
		v.tick = k.env.after(d, k.analyze)
	} else {
		v.tick = k.env.periodic(d, k.analyze)
	}
}

func (k *kubelet) analyzerAwaited() bool {
	for uid, w := range k.workers {
		if _, ok := k.volStats.calcs[uid]; !ok && len(k.usage.volumes[uid]) > 0 && w.state != stateTerminated {
			return true
		}
	}
	return false
}

// analyze is updateCachedPodVolumeStats.
func (k *kubelet) analyze() {
	v := &k.volStats
	v.tick = nil
	for uid, c := range v.calcs {
		if k.workers[uid] != c.w {
			if c.next != nil {
				k.env.cancel(c.next)
			}
			delete(v.calcs, uid)
		}
	}
	for _, w := range k.activePods() {
		if _, ok := v.calcs[w.uid]; ok || !w.rt.podWrites() {
			continue
		}
		c := &volumeCalc{w: w}
		v.calcs[w.uid] = c
		k.measure(c)
	}
	k.armAnalyzer(volumeStatsAggPeriod)
}

// measure is calcAndStoreStats, then the calculator's next run.
func (k *kubelet) measure(c *volumeCalc) {
	c.next = nil
	if k.volStats.calcs[c.w.uid] != c {
		return
	}
	used := k.usage.volumes[c.w.uid]
	c.latest = make(map[string]int64, len(used))
	for name, b := range used {
		c.latest[name] = b
	}
	if k.eviction != nil && len(used) > 0 {
		k.eviction.usageChanged()
	}
	k.armMeasure(c, k.env.jitter(volumeStatsAggPeriod, 1.0))
}

// armMeasure sets a calculator's next run: activity while the volumes hold
// what it has not measured yet, periodic work otherwise.
func (k *kubelet) armMeasure(c *volumeCalc, d time.Duration) {
	if c.next != nil {
		d = c.next.at - k.env.now
		k.env.cancel(c.next)
	}
	fn := func() { k.measure(c) }
	if k.unmeasured(c) {
		c.next = k.env.after(d, fn)
	} else {
		c.next = k.env.periodic(d, fn)
	}
}

func (k *kubelet) unmeasured(c *volumeCalc) bool {
	used := k.usage.volumes[c.w.uid]
	if len(used) != len(c.latest) {
		return true
	}
	for name, b := range used {
		if c.latest[name] != b {
			return true
		}
	}
	return false
}

// volumeWritten re-arms whatever will measure the pod's volumes next as
// activity: the scenario goes on until the write is seen.
func (k *kubelet) volumeWritten(w *podWorker) {
	v := &k.volStats
	if !v.started {
		return
	}
	if c, ok := v.calcs[w.uid]; ok {
		if c.next != nil {
			k.armMeasure(c, 0)
		}
		return
	}
	if v.tick != nil {
		k.armAnalyzer(0)
	}
}

// measuredVolumes is GetPodVolumeStats: the pod's last measured volume
// usage, nil before its first measurement.
func (k *kubelet) measuredVolumes(uid types.UID) map[string]int64 {
	if c, ok := k.volStats.calcs[uid]; ok {
		return c.latest
	}
	return nil
}
