package sim

import (
	"errors"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
)

func resources(req, lim map[corev1.ResourceName]string) corev1.ResourceRequirements {
	list := func(m map[corev1.ResourceName]string) corev1.ResourceList {
		if m == nil {
			return nil
		}
		out := corev1.ResourceList{}
		for n, v := range m {
			out[n] = resource.MustParse(v)
		}
		return out
	}
	return corev1.ResourceRequirements{Requests: list(req), Limits: list(lim)}
}

// TestResizeValidation: the resize subresource's rejections, worded as
// the API server words them (ValidatePodResize, v1.36.3), leave the pod
// as it was; an API server before 1.33 has no resize the simulator
// models.
func TestResizeValidation(t *testing.T) {
	cpu, mem := corev1.ResourceCPU, corev1.ResourceMemory
	guaranteed := resources(map[corev1.ResourceName]string{cpu: "200m", mem: "256Mi"}, map[corev1.ResourceName]string{cpu: "200m", mem: "256Mi"})
	for _, c := range []struct {
		name  string
		patch corev1.ResourceRequirements
		want  string
	}{
		{"the QoS class would change", resources(nil, map[corev1.ResourceName]string{mem: "512Mi"}),
			`Pod "web" is invalid: spec: Invalid value: "Guaranteed": Pod QOS Class may not change as a result of resizing`},
		{"a request above its limit", resources(map[corev1.ResourceName]string{cpu: "300m"}, nil),
			`spec.containers[0].resources.requests[cpu]: Invalid value: "300m": must be less than or equal to cpu limit of 200m`},
		{"another resource than cpu and memory", resources(map[corev1.ResourceName]string{corev1.ResourceEphemeralStorage: "1Gi"}, map[corev1.ResourceName]string{corev1.ResourceEphemeralStorage: "1Gi"}),
			`spec: Forbidden: only cpu and memory resources are mutable`},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSim(t, "")
			if err := s.CreatePod(podOf("web", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: guaranteed})); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(5*time.Second, nil)
			gen := s.Pod("web").Generation
			err := s.ResizePod("web", map[string]corev1.ResourceRequirements{"app": c.patch})
			if !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("resize: %v, want an Invalid saying %q", err, c.want)
			}
			if p := s.Pod("web"); p.Generation != gen || p.Spec.Containers[0].Resources.Limits.Memory().String() != "256Mi" {
				t.Errorf("the rejected resize changed the pod: generation %d (was %d), memory limit %s", p.Generation, gen, p.Spec.Containers[0].Resources.Limits.Memory())
			}
		})
	}
	// A 1.32 kubelet under a 1.35 API server: its containers' statuses
	// have no resources, and the API server refuses the resize.
	skew := newSim(t, "1.32")
	// (1.32 to 1.35: three minor versions, the skew policy's widest)
	if err := skew.SetVersions("1.32", "1.35"); err != nil {
		t.Fatal(err)
	}
	if err := skew.CreatePod(podOf("web", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: guaranteed})); err != nil {
		t.Fatal(err)
	}
	skew.RunUntil(5*time.Second, nil)
	if err := skew.ResizePod("web", map[string]corev1.ResourceRequirements{"app": guaranteed}); !apierrors.IsInvalid(err) || !strings.Contains(err.Error(), "Pod running on node without support for resize") {
		t.Errorf("a resize of a pod on a 1.32 kubelet: %v, want the API server's refusal", err)
	}
	s := newSim(t, "1.32")
	if err := s.CreatePod(podOf("web", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: guaranteed})); err != nil {
		t.Fatal(err)
	}
	err := s.ResizePod("web", map[string]corev1.ResourceRequirements{"app": guaranteed})
	if !errors.Is(err, ErrResizeNotModelled) {
		t.Errorf("a resize on 1.32: %v, want ErrResizeNotModelled", err)
	}
}

// TestResizeAllocationFollowsAdmission: once allocated, a resize counts
// in the kubelet's admission: a pod that fitted beside the pod's old
// request is rejected beside its new one (canAdmitPod over the allocated
// pods).
func TestResizeAllocationFollowsAdmission(t *testing.T) {
	cpu := corev1.ResourceCPU
	s := newSim(t, "")
	small := resources(map[corev1.ResourceName]string{cpu: "1"}, map[corev1.ResourceName]string{cpu: "1"})
	if err := s.CreatePod(podOf("web", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: small})); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(5*time.Second, nil)
	big := resources(map[corev1.ResourceName]string{cpu: "3500m"}, map[corev1.ResourceName]string{cpu: "3500m"})
	if err := s.ResizePod("web", map[string]corev1.ResourceRequirements{"app": big}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	st := s.Pod("web").Status
	if got := st.ContainerStatuses[0].Resources; got == nil || got.Limits.Cpu().String() != "3500m" {
		t.Fatalf("web's status resources after the resize: %v, want a cpu limit of 3500m", got)
	}
	if err := s.CreatePod(podOf("late", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: small})); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(20*time.Second, nil)
	if p := s.Pod("late"); p != nil && p.Status.Phase == corev1.PodRunning {
		t.Errorf("a pod of 1 cpu ran beside a pod resized to 3.5 of the node's 4: phase %s", p.Status.Phase)
	}
}

// TestResizeCheckpointAfterReboot: a kubelet that comes back from a
// reboot admits its pod with the allocation it checkpointed, not a
// pending resize beyond the node (AddPod's UpdatePodFromAllocation):
// the pod runs again with its allocated cpu, its resize still Deferred.
func TestResizeCheckpointAfterReboot(t *testing.T) {
	cpu := corev1.ResourceCPU
	s := newSim(t, "")
	one := resources(map[corev1.ResourceName]string{cpu: "1"}, map[corev1.ResourceName]string{cpu: "1"})
	two := resources(map[corev1.ResourceName]string{cpu: "2"}, map[corev1.ResourceName]string{cpu: "2"})
	if err := s.CreatePod(podOf("web", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: one})); err != nil {
		t.Fatal(err)
	}
	// Another pod's 2 cpu: a resize to 3 fits the node's 4 (the API
	// server's PodResizeValidator lets it through, 1.36) but not beside
	// it, so the kubelet defers it.
	if err := s.CreatePod(podOf("other", 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: two})); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(5*time.Second, nil)
	three := resources(map[corev1.ResourceName]string{cpu: "3"}, map[corev1.ResourceName]string{cpu: "3"})
	if err := s.ResizePod("web", map[string]corev1.ResourceRequirements{"app": three}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	off := s.Now()
	if err := s.RebootNode("worker-1", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(off+2*time.Minute, nil)
	p := s.Pod("web")
	if p.Status.Phase != corev1.PodRunning {
		t.Fatalf("after the reboot: phase %s (%s), want Running with its allocated cpu", p.Status.Phase, p.Status.Message)
	}
	if got := p.Status.ContainerStatuses[0].Resources; got == nil || got.Limits.Cpu().String() != "1" {
		t.Errorf("after the reboot: status resources %v, want the allocated cpu limit 1", got)
	}
	deferred := false
	for _, c := range p.Status.Conditions {
		deferred = deferred || (c.Type == corev1.PodResizePending && c.Reason == corev1.PodReasonDeferred)
	}
	if !deferred {
		t.Errorf("after the reboot: conditions %v, want PodResizePending Deferred", p.Status.Conditions)
	}
}

// TestResizeShrinkFirst: a pod's resize down and another's pending resize
// up are retried together, the shrink first (sortPendingResizes): the
// pending one fits at once, not at the allocation manager's next tick.
func TestResizeShrinkFirst(t *testing.T) {
	cpu := corev1.ResourceCPU
	res := func(v string) corev1.ResourceRequirements {
		return resources(map[corev1.ResourceName]string{cpu: v}, map[corev1.ResourceName]string{cpu: v})
	}
	s := newSim(t, "")
	for name, v := range map[string]string{"a": "2", "b": "1"} {
		if err := s.CreatePod(podOf(name, 30, nil, corev1.Container{Name: "app", Image: "busybox:1.36", Command: []string{"sleep", "3600"}, Resources: res(v)})); err != nil {
			t.Fatal(err)
		}
	}
	s.RunUntil(5*time.Second, nil)
	if err := s.ResizePod("b", map[string]corev1.ResourceRequirements{"app": res("2500m")}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(6*time.Second, nil)
	if got := s.Pod("b").Status.ContainerStatuses[0].Resources.Limits.Cpu().String(); got != "1" {
		t.Fatalf("b resized to 2.5 beside a's 2 of 4: cpu limit %s, want 1 (Deferred)", got)
	}
	if err := s.ResizePod("a", map[string]corev1.ResourceRequirements{"app": res("1")}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	if got := s.Pod("b").Status.ContainerStatuses[0].Resources.Limits.Cpu().String(); got != "2500m" {
		t.Errorf("after a's resize down to 1: b's cpu limit %s, want 2500m", got)
	}
}
