package live

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// TestResizePatch: the body sent to the resize subresource is a
// strategic merge patch of spec.containers[], each container by name
// with only the requests and limits the step gives, in name order.
func TestResizePatch(t *testing.T) {
	got, err := resizePatch(map[string]corev1.ResourceRequirements{
		"worker": {Limits: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1")}},
		"db": {
			Requests: corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("512Mi")},
			Limits:   corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("512Mi")},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"spec":{"containers":[{"name":"db","resources":{"limits":{"memory":"512Mi"},"requests":{"memory":"512Mi"}}},{"name":"worker","resources":{"limits":{"cpu":"1"}}}]}}`
	if string(got) != want {
		t.Errorf("patch\n%s\nwant\n%s", got, want)
	}
}
