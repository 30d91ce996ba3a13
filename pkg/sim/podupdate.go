package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"

	"github.com/podlife/podlife/pkg/behavior"
)

// SetImage is an update of a pod's spec that changes one container's
// image, as `kubectl set image pod/…` sends it: the API server validates
// it (pkg/apis/core/validation ValidatePodUpdate, v1.36.3: a container's
// image may change, and must not be empty), stores the new spec and
// publishes a MODIFIED event; the pod's kubelet takes the new spec
// (HandlePodUpdates) and syncs the pod, where a running container whose
// hash changed is killed with the pod's grace period and its preStop
// hook and started again with the new image (kuberuntime_manager.go
// computePodActions, containerChanged: "Container app definition
// changed, will be restarted"), its restart count one more.
//
// podlife's agent image carries a container's behaviour in its
// arguments: it is refused as the old or the new image (a rule of
// podlife, not of Kubernetes).
func (s *Simulator) SetImage(name, container, image string) error {
	p := s.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	if isMirrorPod(p) {
		return fmt.Errorf("pod %q is a mirror pod: its spec is its static pod's manifest", name)
	}
	if image == "" {
		return fmt.Errorf("spec.containers[%s].image: Required value", container)
	}
	return s.api.updateImage(p, container, image)
}

// updateImage stores p's spec with container's image changed. The stored
// container lists may be shared with other pods (podcopy.go), and the
// kubelet holds the containers of the spec it saw: the list is replaced,
// never written to.
func (a *apiServer) updateImage(p *corev1.Pod, container, image string) error {
	for _, list := range []*[]corev1.Container{&p.Spec.InitContainers, &p.Spec.Containers} {
		for i := range *list {
			c := &(*list)[i]
			if c.Name != container {
				continue
			}
			if c.Image == image {
				return nil // nothing changes: the API server writes nothing
			}
			if c.Image == behavior.Image || image == behavior.Image {
				return fmt.Errorf("container %q: podlife's agent image carries its behaviour, and is not swapped in or out", container)
			}
			next := make([]corev1.Container, len(*list))
			for j := range *list {
				next[j] = *(*list)[j].DeepCopy()
			}
			next[i].Image = image
			*list = next
			if p.Generation > 0 {
				p.Generation++ // a spec update (PodObservedGenerationTracking)
			}
			p.ResourceVersion = a.nextRV()
			h := holdsResources(p)
			a.podChanged(podEvent{typ: watchModified, pod: p, node: p.Spec.NodeName, held: h, holds: h})
			return nil
		}
	}
	return fmt.Errorf("pod %q has no container %q", p.Name, container)
}

// specUpdated takes a pod's new spec (HandlePodUpdates → UpdatePod: the
// pod worker syncs the pod as the API server has it now): each container
// reads its spec from it, a new image with its own reference, which the
// next sync's containerChanged compares with the hash kept since the
// running instance was created.
func (p *runtimePod) specUpdated(pod *corev1.Pod) {
	for _, c := range p.ctrs {
		list := pod.Spec.Containers
		if c.init {
			list = pod.Spec.InitContainers
		}
		for i := range list {
			if list[i].Name == c.name && &list[i] != c.spec {
				if list[i].Image != c.spec.Image {
					c.imageID = p.k.parsed.image(list[i].Image).id
				}
				c.spec = &list[i]
			}
		}
	}
}
