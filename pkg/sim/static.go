package sim

import (
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Static pods and their mirror pods (pkg/kubelet/config/common.go
// applyDefaults, pkg/kubelet/pod/mirror_client.go, kubelet.go SyncPod's
// mirror pod handling, v1.36.3).
//
// A static pod comes from a manifest on the node: the kubelet names it
// <name>-<node>, presets spec.nodeName (no scheduling), tolerates every
// NoExecute taint, admits and runs it without the API server, and keeps a
// mirror pod in the API that carries its status. A deleted mirror pod is
// recreated; the containers are not touched.
//
// Simplification: the mirror pod is given the static pod's UID, so that
// the status the pod worker writes reaches it; a real mirror pod gets a
// new UID from the API server each time it is created.

const (
	configSourceAnnotation = "kubernetes.io/config.source"
	configHashAnnotation   = "kubernetes.io/config.hash"
	configSeenAnnotation   = "kubernetes.io/config.seen"
)

// staticPod is one manifest of the node's staticPodPath.
type staticPod struct {
	k   *kubelet
	pod *corev1.Pod // the kubelet's own object (source "file")
	// manifestName is the manifest's metadata.name, the scenario's name.
	manifestName string
	// resyncPending is set while the pod's next periodic sync, which
	// recreates a removed mirror pod, is scheduled.
	resyncPending bool
}

// createMirrorPod is mirrorClient.CreateMirrorPod: a copy of the static
// pod with the config.mirror annotation and an owner reference to the
// node, created through the API server (admission plugins included).
func (k *kubelet) createMirrorPod(sp *staticPod) {
	m := &corev1.Pod{ObjectMeta: *sp.pod.ObjectMeta.DeepCopy(), Spec: *sp.pod.Spec.DeepCopy()}
	m.ResourceVersion = ""
	m.Annotations[corev1.MirrorPodAnnotationKey] = sp.pod.Annotations[configHashAnnotation]
	t := true
	m.OwnerReferences = []metav1.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: k.node.Name, UID: k.node.UID, Controller: &t}}
	if err := k.api.createPod(m); err != nil {
		return // the kubelet retries at its next sync; nothing else to model
	}
	if w := k.workers[sp.pod.UID]; w != nil {
		// The status manager writes its cached status to the new mirror
		// pod at its next batch (statussync.go).
		k.status.mirrorRecreated(w)
	}
}

// mirrorPodChanged is the kubelet seeing its mirror pod change in the API
// (HandlePodUpdates/HandlePodRemoves → handleMirrorPod → SyncPod): a
// mirror pod being deleted gracefully is deleted at once by the kubelet
// (grace 0, UID precondition) and created again in the same sync. One
// removed by someone else (a force delete) is not: SyncPod gets the
// removed mirror pod, DeleteMirrorPod finds nothing and answers false
// (pod/mirror_client.go), so nothing is created ("The mirror pod will get
// recreated later"). That sync is the removal's own: HandlePodRemoves
// (kubelet.go) gives a removed mirror pod's static pod to its worker
// (UpdatePod, SyncPodUpdate). The next sync of the pod creates it, which
// for a running pod is its periodic resync, a resync interval after that
// sync, stretched by up to 50 % (pod_workers.go completeWork,
// workerResyncIntervalJitterFactor), taken at the sync loop's next
// one-second tick (kubelet.nextResync; seen live: no new mirror pod
// within 3.4 s of a force delete).
func (k *kubelet) mirrorPodChanged(p *corev1.Pod, t watchType) {
	sp := k.staticFor(p)
	if sp == nil {
		return
	}
	cur := k.api.pod(p.Name)
	switch {
	case t == watchDeleted:
		if cur == nil && !sp.resyncPending {
			sp.resyncPending = true
			// The resync's draw decides when the mirror pod comes back:
			// what its creation records carries the draw's range.
			at, drawn := k.nextResync()
			k.env.after(at-k.env.now, func() {
				sp.resyncPending = false
				if k.api.pod(p.Name) == nil && k.staticFor(p) == sp {
					defer k.env.recordIn(k.env.recordIn(drawn))
					k.createMirrorPod(sp)
				}
			})
		}
	case cur != p:
		// A stale event about a mirror pod replaced since.
	case p.DeletionTimestamp != nil:
		zero := int64(0)
		if k.api.deletePod(p.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, p.UID) == nil {
			if k.api.pod(p.Name) == nil {
				k.createMirrorPod(sp)
			}
		}
	}
}

func (k *kubelet) staticFor(p *corev1.Pod) *staticPod {
	for _, sp := range k.static {
		if sp.pod.Name == p.Name {
			return sp
		}
	}
	return nil
}
