package sim

import (
	"sort"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// rl is a resource list from name=quantity pairs: rl("cpu=1", "memory=2Gi").
func rl(pairs ...string) corev1.ResourceList {
	l := corev1.ResourceList{}
	for _, p := range pairs {
		n, q, _ := strings.Cut(p, "=")
		l[corev1.ResourceName(n)] = resource.MustParse(q)
	}
	return l
}

// listString renders a list as sorted name=quantity pairs, so that cases
// compare lists as they write them.
func listString(l corev1.ResourceList) string {
	var out []string
	for n, q := range l {
		out = append(out, string(n)+"="+q.String())
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// reqPod is a pod with pod-level requests and limits (nil: none), init
// containers (of two or more, the first is a sidecar) and containers,
// each given by its requests.
func reqPod(podReq, podLim corev1.ResourceList, init []corev1.ResourceList, ctrs ...corev1.ResourceList) *corev1.Pod {
	p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p"}}
	if podReq != nil || podLim != nil {
		p.Spec.Resources = &corev1.ResourceRequirements{Requests: podReq, Limits: podLim}
	}
	for i, r := range init {
		c := corev1.Container{Name: "init", Resources: corev1.ResourceRequirements{Requests: r}}
		if i == 0 && len(init) > 1 {
			c.Name, c.RestartPolicy = "sidecar", ptr(corev1.ContainerRestartPolicyAlways)
		}
		p.Spec.InitContainers = append(p.Spec.InitContainers, c)
	}
	for _, r := range ctrs {
		c := agent("app")
		c.Resources.Requests = r
		p.Spec.Containers = append(p.Spec.Containers, c)
	}
	return p
}

// TestPodRequests pins what the scheduler's NodeResourcesFit and the
// kubelet's admission count a pod as requesting and the pods it runs as
// using (resourcehelper.PodRequests, v1.36.3, PodLevelResources on).
func TestPodRequests(t *testing.T) {
	withOverhead := func(p *corev1.Pod, o corev1.ResourceList) *corev1.Pod { p.Spec.Overhead = o; return p }
	cases := []struct {
		name string
		pod  *corev1.Pod
		want string
	}{
		{"containers only: their requests summed",
			reqPod(nil, nil, nil, rl("cpu=500m", "memory=1Gi"), rl("cpu=250m")),
			"cpu=750m memory=1Gi"},
		{"an init container with the sidecars started before it, when larger than the containers with the sidecars, sets the request (KEP-753)",
			reqPod(nil, nil, []corev1.ResourceList{rl("cpu=500m"), rl("cpu=2")}, rl("cpu=1")),
			"cpu=2500m"},
		{"pod-level memory replaces the containers' memory; cpu requested only in a container still counts as used",
			reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m", "memory=1Gi")),
			"cpu=1500m memory=6Gi"},
		{"ephemeral storage cannot be set at pod level: the containers' request stays beside pod-level cpu and memory",
			reqPod(rl("cpu=1", "memory=1Gi"), nil, nil, rl("cpu=500m", "ephemeral-storage=2Gi")),
			"cpu=1 ephemeral-storage=2Gi memory=1Gi"},
		{"the RuntimeClass overhead is added (PodRequests without ExcludeOverhead)",
			withOverhead(reqPod(nil, nil, nil, rl("cpu=1")), rl("cpu=250m")),
			"cpu=1250m"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := listString(podRequests(tc.pod)); got != tc.want {
				t.Errorf("requests %q, want %q", got, tc.want)
			}
		})
	}
}

// TestVictimFrees pins what a pod counts as freeing when the kubelet's
// critical pod admission preempts it (preemption.go subtract and distance
// through GetResourceRequest and GetResourceRequestQuantity, v1.36.3):
// with pod-level resources set, only the pod-level requests. A kubelet
// before 1.34 (PodLevelResources off) reads the containers alone.
func TestVictimFrees(t *testing.T) {
	withOverhead := func(p *corev1.Pod, o corev1.ResourceList) *corev1.Pod { p.Spec.Overhead = o; return p }
	cases := []struct {
		name          string
		version       string
		pod           *corev1.Pod
		cpuMilli, mem int64
	}{
		{"no pod-level resources: the containers' sum by the sidecar formula",
			"", reqPod(nil, nil, []corev1.ResourceList{rl("cpu=500m"), rl("cpu=2", "memory=1Gi")}, rl("cpu=1", "memory=2Gi")),
			2500, 2 << 30},
		{"pod-level memory set: cpu requested only in a container frees nothing (PR #132277, 1.34)",
			"", reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m", "memory=1Gi")),
			0, 6 << 30},
		{"pod-level limits alone make pod-level resources set (IsPodLevelResourcesSet): the containers are skipped",
			"", reqPod(nil, rl("memory=1Gi"), nil, rl("cpu=500m")),
			0, 0},
		{"overhead is added to a non-zero request only",
			"", withOverhead(reqPod(nil, nil, nil, rl("cpu=1")), rl("cpu=250m", "memory=64Mi")),
			1250, 0},
		{"1.33: pod-level requests are not read, the containers' are freed",
			"1.33", reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m", "memory=1Gi")),
			1500, 1 << 30},
		{"1.33: a sidecar is an init container like the others, the total only when larger alone",
			"1.33", reqPod(nil, nil, []corev1.ResourceList{rl("cpu=500m"), rl("cpu=2", "memory=1Gi")}, rl("cpu=1", "memory=2Gi")),
			2000, 2 << 30},
		{"1.33: overhead is added to a non-zero request only",
			"1.33", withOverhead(reqPod(nil, nil, nil, rl("cpu=1")), rl("cpu=250m", "memory=64Mi")),
			1250, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			prof, err := ProfileFor(tc.version)
			if err != nil {
				t.Fatal(err)
			}
			podLevel := prof.PodLevelResources
			if got := resourceRequest(tc.pod, corev1.ResourceCPU, podLevel); got != tc.cpuMilli {
				t.Errorf("frees cpu %dm, want %dm", got, tc.cpuMilli)
			}
			if got := resourceRequest(tc.pod, corev1.ResourceMemory, podLevel); got != tc.mem {
				t.Errorf("frees memory %d, want %d", got, tc.mem)
			}
			if got := resourceRequest(tc.pod, corev1.ResourcePods, podLevel); got != 1 {
				t.Errorf("frees %d pods, want 1", got)
			}
		})
	}
}

// TestCriticalAdmissionPodLevelVictim pins the two rules together on a
// node of 2 cpu and 8Gi: a running pod "low", then a system-node-critical
// pod requesting 1 cpu and 4Gi. The kubelet preempts "low" when what it
// frees covers what is missing (HandleAdmissionFailure), and rejects the
// critical pod with UnexpectedAdmissionError when no set of pods does
// (getPodsToPreempt). A kubelet before 1.34 does not read pod-level
// requests, and an API server before 1.34 drops them.
func TestCriticalAdmissionPodLevelVictim(t *testing.T) {
	cases := []struct {
		name                  string
		kubelet, controlPlane string
		low                   *corev1.Pod
		// rejected is the critical pod's rejection message, "" when
		// "low" is preempted and the critical pod admitted.
		rejected string
	}{
		{"pod-level memory, container cpu: the cpu counts as used but frees nothing, so nothing is preempted",
			"", "", reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m")),
			"no set of running pods found to reclaim resources: [(res: cpu, q: 500), ]"},
		{"container cpu and memory: both freed, low preempted",
			"", "", reqPod(nil, nil, nil, rl("cpu=1500m", "memory=6Gi")),
			""},
		{"pod-level cpu and memory: both freed, low preempted",
			"", "", reqPod(rl("cpu=1500m", "memory=6Gi"), nil, nil, nil),
			""},
		{"1.33 cluster: the API server drops spec.resources; low uses and frees its container cpu: preempted",
			"1.33", "", reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m")),
			""},
		{"1.33 kubelet under a 1.36 API server: the kubelet skips the pod-level memory it kept; low's container cpu is freed: preempted",
			"1.33", "1.36", reqPod(rl("memory=6Gi"), nil, nil, rl("cpu=1500m")),
			""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, err := New(Config{Seed: 1, KubeletVersion: tc.kubelet, ControlPlaneVersion: tc.controlPlane})
			if err != nil {
				t.Fatal(err)
			}
			node := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "worker-1"}, Status: corev1.NodeStatus{Capacity: rl("cpu=2", "memory=8Gi", "pods=110")}}
			if err := s.AddNode(node); err != nil {
				t.Fatal(err)
			}
			low := tc.low
			low.Name, low.Spec.NodeName, low.Spec.TerminationGracePeriodSeconds = "low", "worker-1", ptr(int64(1))
			start(t, s, low)
			critical := reqPod(nil, nil, nil, rl("cpu=1", "memory=4Gi"))
			critical.Name, critical.Spec.NodeName, critical.Spec.PriorityClassName = "critical", "worker-1", "system-node-critical"
			if err := s.CreatePod(critical); err != nil {
				t.Fatal(err)
			}
			s.Settle(time.Minute)
			c, l := s.Pod("critical").Status, s.Pod("low").Status
			if tc.rejected != "" {
				if c.Reason != "UnexpectedAdmissionError" || !strings.Contains(c.Message, tc.rejected) {
					t.Errorf("critical: %s %q, want rejected UnexpectedAdmissionError with %q", c.Reason, c.Message, tc.rejected)
				}
				if l.Phase != corev1.PodRunning {
					t.Errorf("low: %s %s, want Running", l.Phase, l.Reason)
				}
				return
			}
			if l.Phase != corev1.PodFailed || l.Reason != preemptingReason {
				t.Errorf("low: %s %s, want Failed %s", l.Phase, l.Reason, preemptingReason)
			}
			if c.Phase != corev1.PodRunning {
				t.Errorf("critical: %s %s %q, want Running", c.Phase, c.Reason, c.Message)
			}
		})
	}
}
