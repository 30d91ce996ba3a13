package sim

import (
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/kubelet/periods"
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

// removeStaticPod is the kubelet hearing from its file source that sp's
// manifest is gone (pkg/kubelet/config/file_linux.go produceWatchEvent:
// inotify's Remove is a podDelete, which consumeWatchEvent takes out of
// the source's store; without inotify, file.go's reread of the directory
// every fileCheckFrequency, 20 s, finds it gone; the simulator hears in
// the instant, as of a manifest written) and the REMOVE the config merge
// sends for a pod gone from its source (config.go podStorage.merge,
// syncLoopIteration): HandlePodRemoves (kubelet.go, v1.36.3) takes the pod out
// of the pod manager (podManager.RemovePod) and calls deletePod, which is
// podWorkers.UpdatePod with SyncPodKill and no KillPodOptions: the pod
// worker's kill with calculateEffectiveGracePeriod's answer, the spec's
// terminationGracePeriodSeconds (no deletionGracePeriodSeconds, no
// override; pod_workers.go), preStop hooks, SIGTERM and SIGKILL at the
// grace as for any kill. Nothing recreates the mirror pod any more
// (mirrorPodChanged finds no static pod for it): it is an orphan
// (pod/pod_manager.go GetPodsAndMirrorPods: a mirror pod whose full name
// no pod has), deleted at the kubelet's first housekeeping after the
// pod's worker has finished terminating (orphanMirrorCleanup).
func (k *kubelet) removeStaticPod(sp *staticPod) {
	k.static = slices.DeleteFunc(k.static, func(o *staticPod) bool { return o == sp })
	w := k.workers[sp.pod.UID]
	if w == nil {
		// No worker (never admitted, or finished and gone): nothing to
		// kill, the mirror pod is an orphan from now on.
		k.orphanMirrorCleanup(sp.pod.Name, k.env.now)
		return
	}
	w.terminate(nil)
	k.whenTerminated(w, func() { k.orphanMirrorCleanup(sp.pod.Name, k.env.now) })
}

// orphanMirrorCleanup deletes the orphaned mirror pod name at the first
// housekeeping at or after from, the instant its static pod's worker was
// found terminated: HandlePodCleanups (kubelet_pods.go, v1.36.3, run by
// syncLoopIteration at every tick of the housekeeping ticker, every
// housekeepingPeriod, 2 s, kubelet.go) deletes each orphaned mirror pod
// for which podWorkers.IsPodForMirrorPodTerminatingByFullName is false
// (pod_workers.go: the static pod's termination was requested and has
// not completed), through mirrorClient.DeleteMirrorPod
// (pod/mirror_client.go): gracePeriodSeconds 0, no UID precondition. The
// ticker's phase is the kubelet's own and unknown to the scenario: drawn
// once, the first time a cleanup needs it; the deletion carries the range
// the draw could have given (from, from+2s).
func (k *kubelet) orphanMirrorCleanup(name string, from time.Duration) {
	at := k.housekeepingTick(from)
	drawn := span{from, from + periods.Housekeeping}
	k.env.after(at-k.env.now, func() {
		m := k.api.pod(name)
		if m == nil || !isMirrorPod(m) || m.Spec.NodeName != k.node.Name || k.staticFor(m) != nil {
			return // gone already, or a static pod of that name again
		}
		defer k.env.recordIn(k.env.recordIn(drawn))
		zero := int64(0)
		_ = k.api.deletePod(name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, "")
	})
}

// housekeepingTick is the housekeeping ticker's first tick at or after t
// (kubelet.go syncLoop: housekeepingTicker, every housekeepingPeriod,
// started with the kubelet, its phase drawn once as the sync loop's is).
func (k *kubelet) housekeepingTick(t time.Duration) time.Duration {
	if !k.hkPhased {
		k.hkPhase = time.Duration(k.env.rng.Int63n(int64(periods.Housekeeping)))
		k.hkPhased = true
	}
	n := (t - k.hkPhase + periods.Housekeeping - 1) / periods.Housekeeping
	return k.hkPhase + n*periods.Housekeeping
}
