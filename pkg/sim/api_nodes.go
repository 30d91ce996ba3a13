package sim

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// The API server's side of nodes: node events, node updates reaching the
// controllers and the scheduler, and what pod changes mean to them.

// nodeUpdated is a MODIFIED event for a node: the node-lifecycle and
// taint-eviction controllers and the scheduler react in this instant.
func (a *apiServer) nodeUpdated(n *corev1.Node) {
	n.ResourceVersion = a.nextRV()
	a.s.soon(func() { a.s.lifecycle.nodeChanged(n) })
}

// podRemoved tells the scheduler and the controllers that a pod left the
// API.
func (a *apiServer) podRemoved(p *corev1.Pod) {
	a.s.lifecycle.podGone(p.UID)
	if p.Spec.NodeName != "" {
		a.s.sched.podRemoved()
	}
}

// statusWritten reacts to a pod status write: a pod reaching a terminal
// phase frees its node's resources for the scheduler; a pod the eviction
// manager evicted is recorded as evicted when the API first shows it
// Failed with reason Evicted (dsl.md: the time of an eviction).
func (a *apiServer) statusWritten(p *corev1.Pod, old *corev1.PodStatus) {
	terminal := func(ph corev1.PodPhase) bool { return ph == corev1.PodSucceeded || ph == corev1.PodFailed }
	if !terminal(old.Phase) && terminal(p.Status.Phase) && p.Spec.NodeName != "" {
		a.s.sched.podRemoved()
		if a.s.evicted[p.UID] && p.Status.Reason == evictedReason && !isStaticPod(p) && !isMirrorPod(p) {
			a.s.record(timeline.Event{Pod: p.Name, Kind: timeline.Evicted, Message: p.Status.Message})
		}
	}
}
