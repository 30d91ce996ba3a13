package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/evictionapi"
)

// The cases below replay, as facts, the kubelet's own tests of the
// eviction manager's helpers (pkg/kubelet/eviction/helpers_test.go and
// eviction_manager_test.go, v1.36.3): each names the upstream test it
// comes from. The pods, requests, usages and expected orders are the
// upstream ones; the code under test is the simulator's.

// Priorities of the upstream tests (lowPriority, defaultPriority,
// highPriority).
const (
	lowPriority     = -1
	defaultPriority = 0
	highPriority    = 1
)

// rankPod is one pod of a ranking case: its priority, its memory and
// ephemeral-storage requests, and what it uses.
type rankPod struct {
	name        string
	priority    int32
	memRequest  string
	diskRequest string
	memory      string // working set
	disk        string // rootfs + logs + local volumes
	processes   int64
}

func (r rankPod) candidate() rankCandidate {
	prio := r.priority
	req := corev1.ResourceList{}
	if r.memRequest != "" {
		req[corev1.ResourceMemory] = resource.MustParse(r.memRequest)
	}
	if r.diskRequest != "" {
		req[corev1.ResourceEphemeralStorage] = resource.MustParse(r.diskRequest)
	}
	p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: r.name}, Spec: corev1.PodSpec{
		Priority:   &prio,
		Containers: []corev1.Container{{Name: r.name, Resources: corev1.ResourceRequirements{Requests: req}}},
	}}
	ps := &podStats{processes: r.processes}
	if r.memory != "" {
		ps.memory = qty(r.memory).Value()
	}
	if r.disk != "" {
		ps.localDisk = qty(r.disk).Value()
	}
	return newRankCandidate(p, ps, requestQuantities(p, true))
}

func names(cs []rankCandidate) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.pod.Name)
	}
	return out
}

// TestRanking pins the ranking functions on the upstream cases.
func TestRanking(t *testing.T) {
	cases := []struct {
		name string
		rank func([]rankCandidate)
		pods []rankPod // in the order given to the sort
		want []string
	}{
		{
			name: "TestOrderedByExceedsRequestMemory: a pod 1 Mi above its request goes before one 1 Mi below, whatever the priority",
			rank: func(c []rankCandidate) { orderedBy(c, cmpExceedMemoryRequests) },
			pods: []rankPod{
				{name: "below-requests", priority: -1, memRequest: "200Mi", memory: "199Mi"},
				{name: "exceeds-requests", priority: 1, memRequest: "100Mi", memory: "101Mi"},
			},
			want: []string{"exceeds-requests", "below-requests"},
		},
		{
			name: "TestOrderedByPriority: lower priority first (-134, 1, 12534)",
			rank: func(c []rankCandidate) { orderedBy(c, cmpPriority) },
			pods: []rankPod{
				{name: "high-priority", priority: 12534, memRequest: "200Mi"},
				{name: "medium-priority", priority: 1, memRequest: "100Mi"},
				{name: "low-priority", priority: -134},
			},
			want: []string{"low-priority", "medium-priority", "high-priority"},
		},
		{
			name: "TestOrderedByMemory: the greediest consumer relative to its request first",
			rank: func(c []rankCandidate) { orderedBy(c, cmpMemory) },
			pods: []rankPod{
				{name: "best-effort-high", memory: "500Mi"},
				{name: "best-effort-low", memory: "300Mi"},
				{name: "burstable-high", memRequest: "100Mi", memory: "800Mi"},
				{name: "burstable-low", memRequest: "100Mi", memory: "300Mi"},
				{name: "guaranteed-high", memRequest: "1Gi", memory: "800Mi"},
				{name: "guaranteed-low", memRequest: "1Gi", memory: "200Mi"},
			},
			want: []string{"burstable-high", "best-effort-high", "best-effort-low", "burstable-low", "guaranteed-high", "guaranteed-low"},
		},
		{
			name: "TestOrderedByPriorityMemory: exceeds requests, then priority, then usage above request",
			rank: rankMemoryPressure,
			pods: []rankPod{
				{name: "below-requests-high-priority-low-usage", priority: highPriority, memRequest: "1Gi", memory: "200Mi"},
				{name: "below-requests-high-priority-high-usage", priority: highPriority, memRequest: "1Gi", memory: "800Mi"},
				{name: "below-requests-low-priority-low-usage", priority: lowPriority, memRequest: "1Gi", memory: "200Mi"},
				{name: "below-requests-low-priority-high-usage", priority: lowPriority, memRequest: "1Gi", memory: "800Mi"},
				{name: "above-requests-high-priority-low-usage", priority: highPriority, memRequest: "100Mi", memory: "150Mi"},
				{name: "above-requests-high-priority-high-usage", priority: highPriority, memRequest: "100Mi", memory: "600Mi"},
				{name: "above-requests-low-priority-low-usage", priority: lowPriority, memory: "50Mi"},
				{name: "above-requests-low-priority-high-usage", priority: lowPriority, memory: "500Mi"},
			},
			want: []string{
				"above-requests-low-priority-high-usage", "above-requests-low-priority-low-usage",
				"above-requests-high-priority-high-usage", "above-requests-high-priority-low-usage",
				"below-requests-low-priority-high-usage", "below-requests-low-priority-low-usage",
				"below-requests-high-priority-high-usage", "below-requests-high-priority-low-usage",
			},
		},
		{
			name: "TestMemoryPressure: the low-priority BestEffort pod goes first, not the high-priority one nor the Guaranteed one using most",
			rank: rankMemoryPressure,
			pods: []rankPod{
				{name: "guaranteed-low-priority-high-usage", priority: lowPriority, memRequest: "1Gi", memory: "900Mi"},
				{name: "burstable-below-requests", priority: defaultPriority, memRequest: "100Mi", memory: "50Mi"},
				{name: "burstable-above-requests", priority: defaultPriority, memRequest: "100Mi", memory: "400Mi"},
				{name: "best-effort-high-priority-high-usage", priority: highPriority, memory: "400Mi"},
				{name: "best-effort-low-priority-low-usage", priority: lowPriority, memory: "100Mi"},
			},
			want: []string{
				"best-effort-low-priority-low-usage", "burstable-above-requests", "best-effort-high-priority-high-usage",
				"guaranteed-low-priority-high-usage", "burstable-below-requests",
			},
		},
		{
			name: "TestOrderedByExceedsRequestDisk: 101Mi against a 100Mi request before 199Mi against 200Mi",
			rank: func(c []rankCandidate) { orderedBy(c, cmpExceedDiskRequests) },
			pods: []rankPod{
				{name: "below-requests", priority: -1, diskRequest: "200Mi", disk: "199Mi"},
				{name: "exceeds-requests", priority: 1, diskRequest: "100Mi", disk: "101Mi"},
			},
			want: []string{"exceeds-requests", "below-requests"},
		},
		{
			name: "TestOrderedbyDisk: the largest disk usage above the ephemeral-storage request first",
			rank: func(c []rankCandidate) { orderedBy(c, cmpDisk) },
			pods: []rankPod{
				{name: "best-effort-high", disk: "300Mi"},
				{name: "best-effort-low", disk: "100Mi"},
				{name: "burstable-high", diskRequest: "100Mi", disk: "350Mi"},
				{name: "burstable-low", diskRequest: "100Mi", disk: "110Mi"},
				{name: "guaranteed-high", diskRequest: "400Mi", disk: "375Mi"},
				{name: "guaranteed-low", diskRequest: "400Mi", disk: "120Mi"},
			},
			want: []string{"best-effort-high", "burstable-high", "best-effort-low", "burstable-low", "guaranteed-high", "guaranteed-low"},
		},
		{
			name: "TestOrderedByPriorityDisk: exceeds the ephemeral-storage request, then priority, then usage",
			rank: rankDiskPressure,
			pods: []rankPod{
				{name: "below-requests-high-priority-low-usage", priority: highPriority, diskRequest: "1Gi", disk: "200Mi"},
				{name: "below-requests-high-priority-high-usage", priority: highPriority, diskRequest: "1Gi", disk: "800Mi"},
				{name: "below-requests-low-priority-low-usage", priority: lowPriority, diskRequest: "1Gi", disk: "200Mi"},
				{name: "below-requests-low-priority-high-usage", priority: lowPriority, diskRequest: "1Gi", disk: "800Mi"},
				{name: "above-requests-high-priority-low-usage", priority: highPriority, diskRequest: "100Mi", disk: "150Mi"},
				{name: "above-requests-high-priority-high-usage", priority: highPriority, diskRequest: "100Mi", disk: "600Mi"},
				{name: "above-requests-low-priority-low-usage", priority: lowPriority, disk: "50Mi"},
				{name: "above-requests-low-priority-high-usage", priority: lowPriority, disk: "500Mi"},
			},
			want: []string{
				"above-requests-low-priority-high-usage", "above-requests-low-priority-low-usage",
				"above-requests-high-priority-high-usage", "above-requests-high-priority-low-usage",
				"below-requests-low-priority-high-usage", "below-requests-low-priority-low-usage",
				"below-requests-high-priority-high-usage", "below-requests-high-priority-low-usage",
			},
		},
		{
			name: "TestOrderedByPriorityProcess: priority, then the most processes",
			rank: rankPIDPressure,
			pods: []rankPod{
				{name: "high-priority-low-usage", priority: highPriority, processes: 5},
				{name: "high-priority-high-usage", priority: highPriority, processes: 20},
				{name: "low-priority-low-usage", priority: lowPriority, processes: 6},
				{name: "low-priority-high-usage", priority: lowPriority, processes: 20},
			},
			want: []string{"low-priority-high-usage", "low-priority-low-usage", "high-priority-high-usage", "high-priority-low-usage"},
		},
		{
			name: "pods the summary has no stats for go first (exceedMemoryRequests, memory: cmpBool(!p1Found, !p2Found))",
			rank: rankMemoryPressure,
			pods: []rankPod{{name: "with-stats", memory: "1Gi"}, {name: "no-stats"}},
			want: []string{"no-stats", "with-stats"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var cands []rankCandidate
			for _, p := range tc.pods {
				c := p.candidate()
				if p.name == "no-stats" {
					c.stats = nil
				}
				cands = append(cands, c)
			}
			tc.rank(cands)
			if got := names(cands); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("order\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}

// TestSortByEvictionPriority: memory signals first, signals without a
// resource last (helpers_test.go TestSortByEvictionPriority).
func TestSortByEvictionPriority(t *testing.T) {
	cases := []struct {
		name string
		in   []signal
		want []signal
	}{
		{"empty threshold list", nil, nil},
		{"memory first", []signal{sigNodeFsAvailable, sigPIDAvailable, sigMemoryAvailable}, []signal{sigMemoryAvailable, sigNodeFsAvailable, sigPIDAvailable}},
		{"allocatable memory first", []signal{sigNodeFsAvailable, sigPIDAvailable, sigAllocatableMemoryAvailable}, []signal{sigAllocatableMemoryAvailable, sigNodeFsAvailable, sigPIDAvailable}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var ts []threshold
			for _, s := range tc.in {
				ts = append(ts, threshold{signal: s})
			}
			byEvictionPriority(ts)
			for i := range tc.want {
				if ts[i].signal != tc.want[i] {
					t.Errorf("at %d: %s, want %s", i, ts[i].signal, tc.want[i])
				}
			}
		})
	}
}

func qty(s string) *resource.Quantity {
	q := resource.MustParse(s)
	return &q
}

// TestThresholdsMet pins thresholdsMet with and without the minimum
// reclaim (helpers_test.go TestThresholdsMet and
// TestPercentageThresholdsMet).
func TestThresholdsMet(t *testing.T) {
	hard := threshold{signal: sigMemoryAvailable, value: evictionapi.Value{Quantity: qty("1Gi")}, minReclaim: &evictionapi.Value{Quantity: qty("500Mi")}}
	pctMem := threshold{signal: sigMemoryAvailable, value: evictionapi.Value{Percentage: 0.2}, minReclaim: &evictionapi.Value{Percentage: 0.05}}
	pctFs := threshold{signal: sigNodeFsAvailable, value: evictionapi.Value{Percentage: 0.3}}
	obs := func(avail, capacity string) observation {
		o := observation{available: resource.MustParse(avail)}
		if capacity != "" {
			o.capacity = qty(capacity).Value()
		}
		return o
	}
	cases := []struct {
		name       string
		enforce    bool
		thresholds []threshold
		obs        observations
		want       []signal
	}{
		{"TestThresholdsMet empty", false, nil, observations{}, nil},
		{"TestThresholdsMet threshold-met-memory", false, []threshold{hard}, observations{sigMemoryAvailable: obs("500Mi", "")}, []signal{sigMemoryAvailable}},
		{"TestThresholdsMet threshold-not-met", false, []threshold{hard}, observations{sigMemoryAvailable: obs("2Gi", "")}, nil},
		{"TestThresholdsMet threshold-met-with-min-reclaim", true, []threshold{hard}, observations{sigMemoryAvailable: obs("1.05Gi", "")}, []signal{sigMemoryAvailable}},
		{"TestThresholdsMet threshold-not-met-with-min-reclaim", true, []threshold{hard}, observations{sigMemoryAvailable: obs("2Gi", "")}, nil},
		{"TestPercentageThresholdsMet BothMet", false, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("100Mi", "1000Mi"), sigNodeFsAvailable: obs("100Gi", "1000Gi")}, []signal{sigMemoryAvailable, sigNodeFsAvailable}},
		{"TestPercentageThresholdsMet NoneMet", false, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("300Mi", "1000Mi"), sigNodeFsAvailable: obs("400Gi", "1000Gi")}, nil},
		{"TestPercentageThresholdsMet DiskMet", false, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("300Mi", "1000Mi"), sigNodeFsAvailable: obs("100Gi", "1000Gi")}, []signal{sigNodeFsAvailable}},
		{"TestPercentageThresholdsMet MemoryMet", false, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("100Mi", "1000Mi"), sigNodeFsAvailable: obs("400Gi", "1000Gi")}, []signal{sigMemoryAvailable}},
		{"TestPercentageThresholdsMet MemoryMetWithMinReclaim", true, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("225Mi", "1000Mi")}, []signal{sigMemoryAvailable}},
		{"TestPercentageThresholdsMet MemoryNotMetWithMinReclaim", true, []threshold{pctMem, pctFs},
			observations{sigMemoryAvailable: obs("300Mi", "1000Mi")}, nil},
		{"no observation for the signal: not met (inodes are not observed here)", false,
			[]threshold{{signal: sigNodeFsInodesFree, value: evictionapi.Value{Percentage: 0.05}}}, observations{}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := thresholdsMet(tc.thresholds, tc.obs, tc.enforce)
			var sigs []signal
			for _, g := range got {
				sigs = append(sigs, g.signal)
			}
			if len(sigs) != len(tc.want) {
				t.Fatalf("met %v, want %v", sigs, tc.want)
			}
			for i := range sigs {
				if sigs[i] != tc.want[i] {
					t.Fatalf("met %v, want %v", sigs, tc.want)
				}
			}
		})
	}
}

// TestGracePeriodsAndConditions pins thresholdsFirstObservedAt,
// thresholdsMetGracePeriod and nodeConditionsObservedSince
// (helpers_test.go TestThresholdsFirstObservedAt,
// TestThresholdsMetGracePeriod, TestNodeConditionsObservedSince).
func TestGracePeriodsAndConditions(t *testing.T) {
	hard := threshold{signal: sigMemoryAvailable, value: evictionapi.Value{Quantity: qty("1Gi")}}
	soft := threshold{signal: sigMemoryAvailable, value: evictionapi.Value{Quantity: qty("2Gi")}, gracePeriod: time.Minute}
	now := 10 * time.Minute
	t.Run("TestThresholdsFirstObservedAt no-previous-observation: now", func(t *testing.T) {
		got := thresholdsFirstObservedAt([]threshold{hard}, nil, now)
		if got[hard.key()] != now {
			t.Errorf("first observed %v", got)
		}
	})
	t.Run("TestThresholdsFirstObservedAt previous-observation: kept", func(t *testing.T) {
		got := thresholdsFirstObservedAt([]threshold{hard}, map[string]time.Duration{hard.key(): now - time.Minute}, now)
		if got[hard.key()] != now-time.Minute {
			t.Errorf("first observed %v", got)
		}
	})
	t.Run("a threshold no longer met is forgotten", func(t *testing.T) {
		got := thresholdsFirstObservedAt(nil, map[string]time.Duration{hard.key(): now - time.Minute}, now)
		if len(got) != 0 {
			t.Errorf("first observed %v", got)
		}
	})
	grace := []struct {
		name  string
		t     threshold
		first time.Duration
		met   bool
	}{
		{"TestThresholdsMetGracePeriod hard-threshold-met", hard, now, true},
		{"TestThresholdsMetGracePeriod soft-threshold-not-met", soft, now, false},
		{"TestThresholdsMetGracePeriod soft-threshold-met (observed 2m ago, grace 1m)", soft, now - 2*time.Minute, true},
		{"a soft threshold met exactly for its grace period evicts", soft, now - time.Minute, true},
	}
	for _, tc := range grace {
		t.Run(tc.name, func(t *testing.T) {
			got := thresholdsMetGracePeriod([]threshold{tc.t}, map[string]time.Duration{tc.t.key(): tc.first}, now)
			if (len(got) == 1) != tc.met {
				t.Errorf("met %v, want %v", got, tc.met)
			}
		})
	}
	since := []struct {
		name   string
		period time.Duration
		want   bool
	}{
		{"TestNodeConditionsObservedSince in-period (observed 1m ago, period 2m)", 2 * time.Minute, true},
		{"TestNodeConditionsObservedSince out-of-period (observed 1m ago, period 30s)", 30 * time.Second, false},
		{"observed exactly one period ago: no longer held", time.Minute, false},
	}
	for _, tc := range since {
		t.Run(tc.name, func(t *testing.T) {
			got := nodeConditionsObservedSince(map[corev1.NodeConditionType]time.Duration{corev1.NodeMemoryPressure: now - time.Minute}, tc.period, now)
			if (len(got) == 1) != tc.want {
				t.Errorf("conditions %v, want held %v", got, tc.want)
			}
		})
	}
}

// hardEviction is an eviction configuration with the hard thresholds of
// a flag, "memory.available<500Mi".
func hardEviction(tb testing.TB, flag string) evictionapi.Config {
	tb.Helper()
	ts, err := evictionapi.ParseThresholds(flag)
	if err != nil {
		tb.Fatal(err)
	}
	return evictionapi.Config{Hard: ts}
}

// TestThresholdsOf pins the eviction manager's thresholds for a parsed
// configuration: the configuration's, then the allocatable copy of each
// hard memory.available threshold (helpers.go addAllocatableThresholds,
// helpers_test.go TestParseThresholdConfig with
// NodeAllocatableEnforcementKey). The parsing itself is pkg/evictionapi's
// (TestParseStatement, TestConfigThresholds).
func TestThresholdsOf(t *testing.T) {
	soft := func(flag string, grace time.Duration) []evictionapi.Threshold {
		ts := hardEviction(t, flag).Hard
		for i := range ts {
			ts[i].GracePeriod = grace
		}
		return ts
	}
	cases := []struct {
		name    string
		cfg     evictionapi.Config
		want    []string // signal<value/grace
		wantErr string
	}{
		{name: "no configuration: the Linux defaults and the allocatable copy of memory.available",
			want: []string{"imagefs.available<15%/0s", "imagefs.inodesFree<5%/0s", "memory.available<100Mi/0s", "nodefs.available<10%/0s", "nodefs.inodesFree<5%/0s", "allocatableMemory.available<100Mi/0s"}},
		{name: "all memory eviction values: a hard and a soft memory threshold, only the hard one copied",
			cfg:  evictionapi.Config{Hard: hardEviction(t, "memory.available<150Mi").Hard, Soft: soft("memory.available<300Mi", 30*time.Second)},
			want: []string{"memory.available<150Mi/0s", "memory.available<300Mi/30s", "allocatableMemory.available<150Mi/0s"}},
		{name: "a configured evictionHard replaces the defaults: no memory.available, no copy",
			cfg:  hardEviction(t, "nodefs.available<10.5%"),
			want: []string{"nodefs.available<10.5%/0s"}},
		{name: "0% is ignored",
			cfg:  hardEviction(t, "nodefs.available<0%,memory.available<1Gi"),
			want: []string{"memory.available<1Gi/0s", "allocatableMemory.available<1Gi/0s"}},
		{name: "an invalid configuration is the kubelet's error (soft-negative-grace-period)",
			cfg:     evictionapi.Config{Soft: soft("memory.available<150Mi", -30*time.Second)},
			wantErr: "must be a positive value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ts, err := thresholdsOf(tc.cfg)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, x := range ts {
				got = append(got, x.key())
			}
			if strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("thresholds\n got %v\nwant %v", got, tc.want)
			}
		})
	}
}

// TestEvictionOverride pins the grace override of pressure evictions by
// kubelet version (eviction_manager.go synchronize; lifecycle-facts §9.4)
// and TestMemoryPressure's soft eviction with MaxPodGracePeriodSeconds 5.
func TestEvictionOverride(t *testing.T) {
	hard := threshold{signal: sigMemoryAvailable}
	soft := threshold{signal: sigMemoryAvailable, gracePeriod: 2 * time.Minute}
	podWith := func(grace *int64) *corev1.Pod {
		return &corev1.Pod{Spec: corev1.PodSpec{TerminationGracePeriodSeconds: grace}}
	}
	p36, _ := ProfileFor("1.36")
	cases := []struct {
		name    string
		profile Profile
		t       threshold
		max     int64
		pod     *corev1.Pod
		want    int64
	}{
		{"hard, 1.31+: immediateEvictionGracePeriodSeconds = 1", p36, hard, 5, podWith(ptr(int64(30))), 1},
		{"hard, up to 1.30: 0 (which the pod worker of that time took as unset)", Profile{Minor: 30}, hard, 5, podWith(ptr(int64(30))), 0},
		{"TestMemoryPressure: soft with MaxPodGracePeriodSeconds 5 and no spec grace: 5", p36, soft, 5, podWith(nil), 5},
		{"soft, 1.32+: capped by the pod's own grace", p36, soft, 20, podWith(ptr(int64(5))), 5},
		{"soft, 1.32+: the default max of 0 wins (then clamped to 1 by the pod worker)", p36, soft, 0, podWith(ptr(int64(30))), 0},
		{"soft, up to 1.31: evictionMaxPodGracePeriod alone", Profile{Minor: 31}, soft, 20, podWith(ptr(int64(5))), 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := evictionOverride(tc.profile, tc.t, tc.max, tc.pod); got != tc.want {
				t.Errorf("override %d, want %d", got, tc.want)
			}
		})
	}
}

// TestAdmitUnderNodeConditions replays eviction_manager_test.go
// TestAdmitUnderNodeConditions (and the admission checks of
// TestMemoryPressure), with the critical and toleration cases of Admit and
// the 1.10 rule of seed 002.
func TestAdmitUnderNodeConditions(t *testing.T) {
	res := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("100m"), corev1.ResourceMemory: resource.MustParse("1Gi")}
	mk := func(name string, qos corev1.PodQOSClass, muts ...func(*corev1.Pod)) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "default"}, Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c"}}}}
		switch qos {
		case corev1.PodQOSGuaranteed:
			p.Spec.Containers[0].Resources = corev1.ResourceRequirements{Requests: res, Limits: res}
		case corev1.PodQOSBurstable:
			p.Spec.Containers[0].Resources = corev1.ResourceRequirements{Requests: res}
		}
		for _, m := range muts {
			m(p)
		}
		p.Status.QOSClass = computePodQOS(p)
		return p
	}
	critical := func(p *corev1.Pod) { v := int32(SystemCriticalPriority); p.Spec.Priority = &v }
	tolerant := func(p *corev1.Pod) {
		p.Spec.Tolerations = []corev1.Toleration{{Key: corev1.TaintNodeMemoryPressure, Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule}}
	}
	annotated := func(p *corev1.Pod) {
		p.Namespace = "kube-system"
		p.Annotations = map[string]string{criticalPodAnnotationKey: ""}
	}
	mem := []corev1.NodeConditionType{corev1.NodeMemoryPressure}
	memDisk := []corev1.NodeConditionType{corev1.NodeMemoryPressure, corev1.NodeDiskPressure}
	disk := []corev1.NodeConditionType{corev1.NodeDiskPressure}
	cases := []struct {
		name    string
		version string
		conds   []corev1.NodeConditionType
		pod     *corev1.Pod
		admit   bool
		message string
	}{
		{"no condition: guaranteed admitted", "", nil, mk("guaranteed-pod", corev1.PodQOSGuaranteed), true, ""},
		{"no condition: best-effort admitted", "", nil, mk("best-effort-pod", corev1.PodQOSBestEffort), true, ""},
		{"MemoryPressure: guaranteed admitted", "", mem, mk("guaranteed-pod", corev1.PodQOSGuaranteed), true, ""},
		{"MemoryPressure: burstable admitted", "", mem, mk("burstable-pod", corev1.PodQOSBurstable), true, ""},
		{"MemoryPressure: best-effort rejected", "", mem, mk("best-effort-pod", corev1.PodQOSBestEffort), false, "The node had condition: [MemoryPressure]. "},
		{"MemoryPressure and DiskPressure: guaranteed rejected", "", memDisk, mk("guaranteed-pod", corev1.PodQOSGuaranteed), false, ""},
		{"MemoryPressure and DiskPressure: burstable rejected", "", memDisk, mk("burstable-pod", corev1.PodQOSBurstable), false, ""},
		{"MemoryPressure: a best-effort pod tolerating the memory-pressure taint is admitted", "", mem, mk("tolerant", corev1.PodQOSBestEffort, tolerant), true, ""},
		{"DiskPressure: a critical pod is admitted", "", disk, mk("critical", corev1.PodQOSBestEffort, critical), true, ""},
		{"DiskPressure: the rejection message lists the condition", "", disk, mk("burstable-pod", corev1.PodQOSBurstable), false, "The node had condition: [DiskPressure]. "},
		{"1.10: MemoryPressure among others still admits a burstable pod", "1.10", memDisk, mk("burstable-pod", corev1.PodQOSBurstable), true, ""},
		{"1.10: no toleration exception for a best-effort pod", "1.10", mem, mk("tolerant", corev1.PodQOSBestEffort, tolerant), false, ""},
		{"1.10: an annotated kube-system pod is admitted under DiskPressure", "1.10", disk, mk("addon", corev1.PodQOSBestEffort, annotated), true, ""},
		{"1.10: priority does not make a pod critical", "1.10", disk, mk("critical", corev1.PodQOSBestEffort, critical), false, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{KubeletVersion: tc.version})
			if err != nil {
				t.Fatal(err)
			}
			m := &evictionManager{k: &kubelet{profile: &s.profile}, env: s.env, nodeConditions: tc.conds}
			ok, reason, msg := m.admit(tc.pod)
			if ok != tc.admit {
				t.Fatalf("admit %v (%s %q), want %v", ok, reason, msg, tc.admit)
			}
			if !ok && reason != "Evicted" {
				t.Errorf("reason %q, want Evicted", reason)
			}
			if tc.message != "" && msg != tc.message {
				t.Errorf("message %q, want %q", msg, tc.message)
			}
		})
	}
}

// TestEvictionMessage pins helpers.go evictionMessage's format.
func TestEvictionMessage(t *testing.T) {
	p := rankPod{name: "hog", memRequest: "100Mi"}.candidate().pod
	p.Spec.Containers = []corev1.Container{
		{Name: "app", Resources: corev1.ResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("100Mi")}}},
		{Name: "side"},
	}
	ps := &podStats{memory: 7800 << 20, containers: []containerStats{{name: "app", memory: 7700 << 20}, {name: "side"}}}
	met := []threshold{{signal: sigMemoryAvailable, value: evictionapi.Value{Quantity: qty("500Mi")}}}
	obs := observations{sigMemoryAvailable: {available: *resource.NewQuantity(392<<20, resource.BinarySI), capacity: 8 << 30}}
	want := "The node was low on resource: memory. Threshold quantity: 500Mi, available: 392Mi. " +
		"Container app was using 7700Mi, request is 100Mi, has larger consumption of memory. "
	if got := evictionMessage(corev1.ResourceMemory, p, ps, met, obs); got != want {
		t.Errorf("message\n got %q\nwant %q", got, want)
	}
}
