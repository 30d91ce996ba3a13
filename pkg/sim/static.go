package sim

import (
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
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

// AddStaticPod writes a static pod manifest on a node; the kubelet picks
// it up at once (the file source is also watched with inotify). It returns
// the pod's name in the API, <name>-<node>.
func (s *Simulator) AddStaticPod(node string, in *corev1.Pod) (string, error) {
	k := s.byNode[node]
	if k == nil {
		return "", fmt.Errorf("node %q does not exist", node)
	}
	if err := CheckPod(in); err != nil {
		return "", err
	}
	p := in.DeepCopy()
	manifest := p.Name
	// applyDefaults: the name carries the node's; the namespace defaults
	// (to the scenario's here; kube-system is kept as written).
	p.Name = fmt.Sprintf("%s-%s", manifest, strings.ToLower(node))
	if p.Namespace != "kube-system" {
		p.Namespace = s.cfg.Namespace
	}
	if s.api.pod(p.Name) != nil {
		return "", fmt.Errorf("a pod %q exists already", p.Name)
	}
	for _, sp := range k.static {
		if sp.pod.Name == p.Name {
			return "", fmt.Errorf("static pod %q exists already", p.Name)
		}
	}
	p.UID = types.UID(s.newUID())
	if p.Annotations == nil {
		p.Annotations = map[string]string{}
	}
	p.Annotations[configHashAnnotation] = string(p.UID)
	p.Annotations[configSourceAnnotation] = "file"
	p.Annotations[configSeenAnnotation] = s.wall(s.now).UTC().Format("2006-01-02T15:04:05.000000000Z")
	p.Spec.NodeName = node
	// A static pod tolerates every NoExecute taint.
	p.Spec.Tolerations = append(p.Spec.Tolerations, corev1.Toleration{Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoExecute})
	setDefaultsPod(p)
	if errs := validatePod(p); len(errs) > 0 {
		return "", fmt.Errorf("the kubelet would reject the manifest: %w", errs.ToAggregate())
	}
	p.CreationTimestamp = s.wall(s.now)
	p.Status = corev1.PodStatus{Phase: corev1.PodPending, QOSClass: computePodQOS(p)}
	s.running = true
	if s.alias == nil {
		s.alias = map[string]string{}
	}
	s.alias[p.Name] = manifest
	sp := &staticPod{k: k, pod: p, manifestName: manifest}
	k.static = append(k.static, sp)
	// SyncPod creates the mirror pod before the containers start.
	k.createMirrorPod(sp)
	k.handlePodAddition(p)
	return p.Name, nil
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
