package sim

import (
	"fmt"
	"sort"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestBackoffDuration pins the scheduling queue's backoff (backoff_queue.go
// calculateBackoffDuration, getBackoffTime): 1 s doubled per unschedulable
// attempt, capped at 10 s, the expiry truncated to a 1 s window.
func TestBackoffDuration(t *testing.T) {
	cases := []struct {
		name  string
		count int
		want  time.Duration
	}{
		{"no attempt, no backoff", 0, 0},
		{"first failure: podInitialBackoffSeconds = 1", 1, time.Second},
		{"second: doubled", 2, 2 * time.Second},
		{"third", 3, 4 * time.Second},
		{"fourth", 4, 8 * time.Second},
		{"fifth: capped at podMaxBackoffSeconds = 10", 5, 10 * time.Second},
		{"many: still 10", 40, 10 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := backoffDuration(tc.count); got != tc.want {
				t.Errorf("backoff %s, want %s", got, tc.want)
			}
		})
	}
	q := &queuedPod{timestamp: 2500 * time.Millisecond, unschedulableCount: 1}
	if got := q.backoffExpiry(); got != 3*time.Second {
		t.Errorf("expiry of a failure at 2.5s with 1s backoff: %s, want 3s (truncated to the window)", got)
	}
}

// TestMinTolerationTime pins the taint-eviction controller's
// getMinTolerationTime.
func TestMinTolerationTime(t *testing.T) {
	secs := func(n int64) *int64 { return &n }
	cases := []struct {
		name string
		tols []corev1.Toleration
		want time.Duration
	}{
		{"no toleration used: at once", nil, 0},
		{"no tolerationSeconds: for ever (-1)", []corev1.Toleration{{}}, -1},
		{"the smallest wins", []corev1.Toleration{{TolerationSeconds: secs(300)}, {TolerationSeconds: secs(60)}}, time.Minute},
		{"zero or negative: at once", []corev1.Toleration{{TolerationSeconds: secs(-5)}, {TolerationSeconds: secs(60)}}, 0},
		{"a finite one beside an unbounded one", []corev1.Toleration{{}, {TolerationSeconds: secs(30)}}, 30 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := minTolerationTime(tc.tols); got != tc.want {
				t.Errorf("min toleration %s, want %s", got, tc.want)
			}
		})
	}
}

// TestNodeMonitor pins when the node-lifecycle controller marks a node cut
// off: lease renewals every 10 s from the node's start, a look every 5 s,
// a lease older than 50 s.
func TestNodeMonitor(t *testing.T) {
	cases := []struct {
		name   string
		downAt time.Duration
		want   time.Duration
	}{
		{"cut off right after the renewal at 0s: marked at 55s (50s is not older than 50s)", 0, 55 * time.Second},
		{"cut off at 9s: the last renewal was at 0s", 9 * time.Second, 55 * time.Second},
		{"cut off at 12s: the last renewal was at 10s", 12 * time.Second, 65 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			s.RunUntil(tc.downAt, nil)
			if err := s.NodeNotReady("worker-1"); err != nil {
				t.Fatal(err)
			}
			at, ok := s.RunUntil(5*time.Minute, func() bool {
				return nodeCondition(s.Node("worker-1"), corev1.NodeReady).Status == corev1.ConditionUnknown
			})
			if !ok || at != tc.want {
				t.Errorf("marked at %s (%v), want %s", at, ok, tc.want)
			}
		})
	}
}

// TestTaintsOnTheTimeline: a node's taints are on its timeline as they
// come and go, whoever sets them (kubectl taint; the node lifecycle
// controller's NoExecute taints once the node stops posting,
// doNoExecuteTaintingPass), so that a report can draw them. A second,
// Ready node keeps the zone out of full disruption (handleDisruption).
func TestTaintsOnTheTimeline(t *testing.T) {
	s := newSim(t, "")
	addNodeNamed(t, s, "worker-2", nil)
	taint := corev1.Taint{Key: "dedicated", Value: "infra", Effect: corev1.TaintEffectNoSchedule}
	if err := s.TaintNode("worker-1", taint, false); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(time.Second, nil)
	if err := s.TaintNode("worker-1", taint, true); err != nil {
		t.Fatal(err)
	}
	if err := s.NodeNotReady("worker-1"); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(2*time.Minute, nil)
	var got []string
	for _, e := range s.Timeline() {
		if e.Kind == timeline.Taint {
			got = append(got, fmt.Sprintf("%s %s %s", timeline.FormatOffset(e.At), e.Pod, e.Label()))
		}
	}
	// The two taints of the node going unreachable come in one instant,
	// in an order this test does not pin.
	want := []string{
		"0s node/worker-1 Taint(dedicated:NoSchedule)",
		"1s node/worker-1 Untaint(dedicated:NoSchedule)",
		"55s node/worker-1 Taint(node.kubernetes.io/unreachable:NoExecute)",
		"55s node/worker-1 Taint(node.kubernetes.io/unreachable:NoSchedule)",
	}
	if len(got) > 2 {
		sort.Strings(got[2:])
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("taints on the timeline:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestAdmissionPredicates pins the kubelet's resource predicate messages
// (lifecycle/predicate.go InsufficientResourceError) and the rejection
// status (kubelet.go rejectPod).
func TestAdmissionPredicates(t *testing.T) {
	req := func(cpu, mem string) corev1.ResourceList {
		l := corev1.ResourceList{}
		if cpu != "" {
			l[corev1.ResourceCPU] = resource.MustParse(cpu)
		}
		if mem != "" {
			l[corev1.ResourceMemory] = resource.MustParse(mem)
		}
		return l
	}
	cases := []struct {
		name    string
		first   corev1.ResourceList
		second  corev1.ResourceList
		reason  string
		message string
		mutate  func(*corev1.Pod)
	}{
		{"cpu in millicores", req("500m", ""), req("4", ""), "OutOfcpu", "Node didn't have enough resource: cpu, requested: 4000, used: 500, capacity: 4000", nil},
		{"memory in bytes", req("", "7Gi"), req("", "2Gi"), "OutOfmemory", "Node didn't have enough resource: memory, requested: 2147483648, used: 7516192768, capacity: 8589934592", nil},
		{"both short: the pod count first, then cpu before memory", req("3", "7Gi"), req("2", "2Gi"), "OutOfcpu", "Node didn't have enough resource: cpu, requested: 2000, used: 3000, capacity: 4000", nil},
		// predicate.go Admit checks the OS before the resources, which
		// preemption could help.
		{"spec.os names another OS: PodOSNotSupported, before the resources", req("3", ""), req("2", ""), "PodOSNotSupported", "Failed to admit pod as the OS field doesn't match node OS",
			func(p *corev1.Pod) { p.Spec.OS = &corev1.PodOS{Name: corev1.Windows} }},
		{"a kubernetes.io/os label of another OS", req("", ""), req("1", ""), "PodOSSelectorNodeLabelDoesNotMatch", "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label",
			func(p *corev1.Pod) { p.Labels = map[string]string{corev1.LabelOSStable: "windows"} }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newSim(t, "")
			first := podOf("first", 30, nil, agent("app"))
			first.Spec.NodeName = "worker-1"
			first.Spec.Containers[0].Resources.Requests = tc.first
			start(t, s, first)
			second := podOf("second", 30, nil, agent("app"))
			second.Spec.NodeName = "worker-1"
			second.Spec.Containers[0].Resources.Requests = tc.second
			if tc.mutate != nil {
				tc.mutate(second)
			}
			if err := s.CreatePod(second); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Minute)
			st := s.Pod("second").Status
			if st.Phase != corev1.PodFailed || st.Reason != tc.reason || st.Message != "Pod was rejected: "+tc.message ||
				len(st.ContainerStatuses) != 0 || len(st.Conditions) != 0 || st.QOSClass != corev1.PodQOSBurstable {
				t.Errorf("status %+v", st)
			}
		})
	}
}

// TestStaticPodMirror pins the static pod's name, annotations and
// tolerations (config/common.go applyDefaults) and the mirror pod's
// (mirror_client.go).
func TestStaticPodMirror(t *testing.T) {
	s := newSim(t, "")
	p := podOf("etcd", 30, nil, agent("app"))
	name, err := s.AddStaticPod("worker-1", p)
	if err != nil {
		t.Fatal(err)
	}
	if name != "etcd-worker-1" {
		t.Fatalf("API name %q, want etcd-worker-1", name)
	}
	s.Settle(time.Minute)
	m := s.Pod(name)
	if m == nil {
		t.Fatal("no mirror pod")
	}
	if m.Annotations[corev1.MirrorPodAnnotationKey] == "" || m.Annotations[configSourceAnnotation] != "file" || m.Spec.NodeName != "worker-1" {
		t.Errorf("mirror metadata %v, node %q", m.Annotations, m.Spec.NodeName)
	}
	if len(m.OwnerReferences) != 1 || m.OwnerReferences[0].Kind != "Node" {
		t.Errorf("owner references %v", m.OwnerReferences)
	}
	tolerated := false
	for _, tol := range m.Spec.Tolerations {
		if tol.Operator == corev1.TolerationOpExists && tol.Key == "" && tol.Effect == corev1.TaintEffectNoExecute {
			tolerated = true
		}
	}
	if !tolerated || m.Status.Phase != corev1.PodRunning {
		t.Errorf("tolerations %v, phase %s", m.Spec.Tolerations, m.Status.Phase)
	}
	for _, e := range s.Timeline() {
		if e.Pod != "" && e.Pod != "etcd" && !strings.HasPrefix(e.Pod, "node/") {
			t.Errorf("timeline names the static pod %q, not by its manifest name", e.Pod)
		}
	}
}

// TestEvictionLoopTiming pins the loop of managerImpl.Start: a pass every
// 10 s; after an eviction, the kill awaited, then a poll every second for
// the pod to be cleaned up, then a pass at once.
func TestEvictionLoopTiming(t *testing.T) {
	s, _ := New(Config{Seed: 1})
	if err := s.SetEvictionConfig(hardEviction(t, "memory.available<500Mi")); err != nil {
		t.Fatal(err)
	}
	node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: corev1.ResourceList{
		corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"), corev1.ResourcePods: resource.MustParse("110")}}}
	if err := s.AddNode(node); err != nil {
		t.Fatal(err)
	}
	start(t, s, podOf("a", 30, nil, agent("app", uses("300Mi", 0), ignoreTerm)))
	start(t, s, podOf("b", 30, nil, agent("app", uses("200Mi", 0))))
	start(t, s, podOf("c", 30, nil, agent("app", uses("100Mi", 0))))
	// The pods run 25 s first: the ranking reads their pod cgroups'
	// samples, which show their usage from the second, 10-20 s in
	// (housekeeping.go); before, all three rank alike.
	s.RunUntil(25*time.Second, nil)
	if err := s.NodePressure("worker-1", MemoryPressure); err != nil {
		t.Fatal(err)
	}
	s.Settle(10 * time.Minute)
	var got []string
	for _, e := range s.Timeline() {
		if e.Kind == timeline.Evicted {
			got = append(got, fmt.Sprintf("%s %s", timeline.FormatOffset(e.At), e.Pod))
		}
	}
	// a: evicted at the pass at 30s, SIGKILLed at 32s (the 2 s floor):
	// shown Failed then; the poll at 33s finds it cleaned up and evicts b,
	// which exits at once; the poll at 34s, c.
	diffLines(t, got, []string{"32s a", "33s b", "34s c"})
}

// TestPodsToPreempt replays the kubelet's preemption_test.go
// TestGetPodsToPreempt: which running pods a critical pod's admission
// preempts for what it lacks (cpu in millicores, memory in Mi, pods).
func TestPodsToPreempt(t *testing.T) {
	mk := func(name string, cpu, mem string, guaranteed bool) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, UID: types.UID(name)}, Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "c"}}}}
		if cpu != "" {
			r := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse(cpu), corev1.ResourceMemory: resource.MustParse(mem)}
			p.Spec.Containers[0].Resources.Requests = r
			if guaranteed {
				p.Spec.Containers[0].Resources.Limits = r.DeepCopy()
			}
		}
		return p
	}
	prio := int32(SystemCriticalPriority)
	critical := mk("cluster-critical", "100m", "100Mi", false)
	critical.Namespace, critical.Spec.Priority = "kube-system", &prio
	all := map[string]*corev1.Pod{
		"bestEffort":              mk("bestEffort", "", "", false),
		"burstable":               mk("burstable", "100m", "100Mi", false),
		"guaranteed":              mk("guaranteed", "100m", "100Mi", true),
		"high-request-burstable":  mk("high-request-burstable", "300m", "300Mi", false),
		"high-request-guaranteed": mk("high-request-guaranteed", "300m", "300Mi", true),
	}
	req := func(cpu, memMi, pods int64) admissionRequirements {
		var r admissionRequirements
		if cpu > 0 {
			r = append(r, admissionRequirement{corev1.ResourceCPU, cpu})
		}
		if memMi > 0 {
			r = append(r, admissionRequirement{corev1.ResourceMemory, memMi << 20})
		}
		if pods > 0 {
			r = append(r, admissionRequirement{corev1.ResourcePods, pods})
		}
		return r
	}
	cases := []struct {
		name  string
		input []string
		req   admissionRequirements
		want  []string // nil: an error
	}{
		{"no requirements", nil, req(0, 0, 0), []string{}},
		{"no pods", nil, req(0, 0, 1), nil},
		{"equal pods and resources requirements", []string{"burstable"}, req(100, 100, 1), []string{"burstable"}},
		{"higher requirements than pod requests", []string{"burstable"}, req(200, 200, 2), nil},
		{"choose between bestEffort and burstable", []string{"burstable", "bestEffort"}, req(0, 0, 1), []string{"bestEffort"}},
		{"choose between burstable and guaranteed", []string{"burstable", "guaranteed"}, req(0, 0, 1), []string{"burstable"}},
		{"choose lower request burstable if it meets requirements", []string{"bestEffort", "high-request-burstable", "burstable"}, req(100, 100, 0), []string{"burstable"}},
		{"choose higher request burstable if lower does not meet requirements", []string{"bestEffort", "burstable", "high-request-burstable"}, req(150, 150, 0), []string{"high-request-burstable"}},
		{"multiple pods required", []string{"bestEffort", "burstable", "high-request-burstable", "guaranteed", "high-request-guaranteed"}, req(350, 350, 0), []string{"burstable", "high-request-burstable"}},
		{"evict guaranteed when we have to, and dont evict the extra burstable", []string{"bestEffort", "burstable", "high-request-burstable", "guaranteed", "high-request-guaranteed"}, req(0, 550, 0), []string{"high-request-burstable", "high-request-guaranteed"}},
	}
	s, _ := New(Config{})
	k := &kubelet{profile: &s.profile}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var in []*corev1.Pod
			for _, n := range tc.input {
				in = append(in, all[n])
			}
			got, err := k.podsToPreempt(critical, in, tc.req)
			if tc.want == nil {
				if err == nil {
					t.Fatalf("no error, chose %v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range got {
				names = append(names, p.Name)
			}
			sort.Strings(names)
			want := append([]string{}, tc.want...)
			sort.Strings(want)
			if strings.Join(names, " ") != strings.Join(want, " ") {
				t.Errorf("preempts %v, want %v", names, want)
			}
		})
	}
}
