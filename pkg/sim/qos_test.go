package sim

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

func res(kv ...string) corev1.ResourceList {
	l := corev1.ResourceList{}
	for i := 0; i+1 < len(kv); i += 2 {
		l[corev1.ResourceName(kv[i])] = resource.MustParse(kv[i+1])
	}
	return l
}

// TestComputePodQOS pins ComputePodQOS (pkg/apis/core/v1/helper/qos),
// after SetDefaults_Pod copied limits into missing requests.
func TestComputePodQOS(t *testing.T) {
	c := func(req, lim corev1.ResourceList) corev1.Container {
		return corev1.Container{Name: "c", Resources: corev1.ResourceRequirements{Requests: req, Limits: lim}}
	}
	cases := []struct {
		name string
		init []corev1.Container
		cs   []corev1.Container
		pod  *corev1.ResourceRequirements
		want corev1.PodQOSClass
	}{
		{"no requests or limits anywhere: BestEffort", nil, []corev1.Container{c(nil, nil)}, nil, corev1.PodQOSBestEffort},
		{"only cpu and memory count: ephemeral storage alone is BestEffort", nil, []corev1.Container{c(res("ephemeral-storage", "1Gi"), nil)}, nil, corev1.PodQOSBestEffort},
		{"a request without limits: Burstable", nil, []corev1.Container{c(res("cpu", "100m"), nil)}, nil, corev1.PodQOSBurstable},
		{"limits only become requests: Guaranteed", nil, []corev1.Container{c(nil, res("cpu", "1", "memory", "1Gi"))}, nil, corev1.PodQOSGuaranteed},
		{"requests equal to limits on cpu and memory: Guaranteed", nil, []corev1.Container{c(res("cpu", "1", "memory", "1Gi"), res("cpu", "1", "memory", "1Gi"))}, nil, corev1.PodQOSGuaranteed},
		{"a memory limit alone is not enough for Guaranteed", nil, []corev1.Container{c(nil, res("memory", "1Gi"))}, nil, corev1.PodQOSBurstable},
		{"requests below limits: Burstable", nil, []corev1.Container{c(res("cpu", "500m", "memory", "1Gi"), res("cpu", "1", "memory", "1Gi"))}, nil, corev1.PodQOSBurstable},
		{"one container without limits makes the pod Burstable", nil, []corev1.Container{c(nil, res("cpu", "1", "memory", "1Gi")), c(nil, nil)}, nil, corev1.PodQOSBurstable},
		{"an init container without limits counts too", []corev1.Container{c(nil, nil)}, []corev1.Container{c(nil, res("cpu", "1", "memory", "1Gi"))}, nil, corev1.PodQOSBurstable},
		{"pod-level resources decide alone", nil, []corev1.Container{c(nil, nil)},
			&corev1.ResourceRequirements{Requests: res("cpu", "1", "memory", "1Gi"), Limits: res("cpu", "1", "memory", "1Gi")}, corev1.PodQOSGuaranteed},
		// defaultPodRequests (v1.36.3): missing pod-level requests default
		// to the pod-level limits.
		{"pod-level limits alone become the pod's requests: Guaranteed", nil, []corev1.Container{c(nil, nil)},
			&corev1.ResourceRequirements{Limits: res("cpu", "1", "memory", "1Gi")}, corev1.PodQOSGuaranteed},
		// ... unless the containers request: their aggregate is the default.
		{"pod-level limits with container requests below them: Burstable", nil, []corev1.Container{c(res("cpu", "100m", "memory", "128Mi"), nil)},
			&corev1.ResourceRequirements{Limits: res("cpu", "1", "memory", "1Gi")}, corev1.PodQOSBurstable},
		{"pod-level requests without limits: Burstable", nil, []corev1.Container{c(nil, nil)},
			&corev1.ResourceRequirements{Requests: res("cpu", "500m", "memory", "512Mi")}, corev1.PodQOSBurstable},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := podOf("web", 30, tc.init, tc.cs...)
			p.Spec.Resources = tc.pod
			setDefaultsPod(p)
			if got := computePodQOS(p); got != tc.want {
				t.Errorf("QoS %s, want %s", got, tc.want)
			}
		})
	}
}
