package live

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
)

var _ driver.PodSpecUpdater = (*session)(nil)

// podUpdates is the part that updates a running pod's spec: its image
// (SetImage) or its containers' resources (ResizePod, podresize.go).
type podUpdates struct{ *scene }

// SetImage is `kubectl set image pod/…`: the pod read, one container's
// image changed, the pod updated (a conflict with the kubelet's status
// write retried); the kubelet restarts the container with it. An image
// an offline cluster does not have is refused before the update, as a
// pod's image is at its creation (prepareContainers), and so is
// podlife's agent image, swapped in or out (its behaviour is in its
// arguments).
func (s *podUpdates) SetImage(ctx context.Context, pod, container, image string) error {
	t, err := s.updatable(pod, "its spec is its manifest, on the node")
	if err != nil {
		return err
	}
	if image == behavior.Image {
		return driver.Unsupported("podlife's agent image is not swapped in: a container's behaviour is in its arguments")
	}
	if imgs := s.d.opt.Images; len(imgs) > 0 && !behavior.Unpullable(image) {
		known := false
		for _, img := range imgs {
			known = known || normImage(img) == normImage(image)
		}
		if !known {
			return driver.Unsupported("container %q would run image %s, which this offline cluster does not have (podlife loads %s)",
				container, image, strings.Join(append([]string{behavior.Image}, imgs...), ", "))
		}
	}
	pods := s.d.cs.CoreV1().Pods(s.ns)
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		cur, err := pods.Get(ctx, t.api, metav1.GetOptions{})
		if err != nil {
			return err
		}
		var c *corev1.Container
		for _, list := range [][]corev1.Container{cur.Spec.InitContainers, cur.Spec.Containers} {
			for i := range list {
				if list[i].Name == container {
					c = &list[i]
				}
			}
		}
		switch {
		case c == nil:
			return fmt.Errorf("pod %q has no container %q", pod, container)
		case c.Image == behavior.Image:
			return driver.Unsupported("container %q runs podlife's agent, whose behaviour is in its arguments: its image is not swapped out", container)
		}
		c.Image = image
		_, err = pods.Update(ctx, cur, metav1.UpdateOptions{})
		return err
	})
}

// updatable is the track of a pod the scenario created whose spec an
// update may change: not a static pod's mirror (why says what stops it).
func (s *podUpdates) updatable(pod, why string) (*podTrack, error) {
	s.mu.Lock()
	t, known := s.pods[pod]
	s.mu.Unlock()
	if !known {
		return nil, fmt.Errorf("pod %q was not created", pod)
	}
	if t.static {
		return nil, driver.Unsupported("pod %q is a static pod: %s", pod, why)
	}
	return t, nil
}
