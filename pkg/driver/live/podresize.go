package live

import (
	"context"
	"encoding/json"
	"errors"
	"sort"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/driver"
)

// ResizePod is `kubectl patch pod --subresource resize`: a strategic merge
// patch of spec.containers[].resources sent to the pod's resize
// subresource, each container's requests and limits given replacing its
// own, the others kept. The API server's rejection (an Invalid: the QoS
// class would change, a request above its limit) is returned as it is;
// the kubelet's answer (PodResizePending, PodResizeInProgress, the
// container statuses' resources, a restart) is read from the pod's watch
// as every status is.
func (s *podUpdates) ResizePod(ctx context.Context, pod string, resources map[string]corev1.ResourceRequirements) error {
	t, err := s.updatable(pod, "the API server does not resize a mirror pod")
	if err != nil {
		return err
	}
	data, err := resizePatch(resources)
	if err != nil {
		return err
	}
	_, err = s.d.cs.CoreV1().Pods(s.ns).Patch(ctx, t.api, types.StrategicMergePatchType, data, metav1.PatchOptions{}, "resize")
	if apierrors.IsNotFound(err) && noSubresource(err) {
		// An API server before 1.33 has no resize subresource.
		return driver.Unsupported("the cluster's API server has no resize subresource (in-place resize is 1.33+): %v", err)
	}
	return err
}

// noSubresource: a 404 for the path itself, not for the pod (whose
// NotFound names it).
func noSubresource(err error) bool {
	var st apierrors.APIStatus
	if !errors.As(err, &st) {
		return false
	}
	d := st.Status().Details
	return d == nil || d.Name == ""
}

// resizePatch is the patch's body: {"spec":{"containers":[{"name":…,
// "resources":{…}}]}}, the containers in name order.
func resizePatch(resources map[string]corev1.ResourceRequirements) ([]byte, error) {
	type ctr struct {
		Name      string                      `json:"name"`
		Resources corev1.ResourceRequirements `json:"resources"`
	}
	var body struct {
		Spec struct {
			Containers []ctr `json:"containers"`
		} `json:"spec"`
	}
	names := make([]string, 0, len(resources))
	for n := range resources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		body.Spec.Containers = append(body.Spec.Containers, ctr{Name: n, Resources: resources[n]})
	}
	return json.Marshal(body)
}
