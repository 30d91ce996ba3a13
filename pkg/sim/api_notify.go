package sim

import (
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// What the API server's writes tell the other components: node updates
// reaching the node-lifecycle controller, pods bound, removed or turned
// terminal reaching the scheduler's cache and the controllers, and the
// index of pods by node they list with.

// nodeUpdated is a MODIFIED event for a node: the node-lifecycle and
// taint-eviction controllers and the scheduler react in this instant.
func (a *apiServer) nodeUpdated(n *corev1.Node) {
	n.ResourceVersion = a.nextRV()
	a.s.soon(func() { a.s.lifecycle.nodeChanged(n) })
}

// podAssigned indexes a pod newly bound to its node, and the scheduler's
// cache counts what it requests there.
func (a *apiServer) podAssigned(p *corev1.Pod) {
	on := a.bound[p.Spec.NodeName]
	if on == nil {
		on = map[string]*corev1.Pod{}
		a.bound[p.Spec.NodeName] = on
	}
	on[p.Name] = p
	if holdsResources(p) {
		a.s.sched.cache.add(p)
	}
}

// podsOn lists the pods bound to a node (the spec.nodeName field selector
// the controllers list with), by name.
func (a *apiServer) podsOn(node string) []*corev1.Pod {
	on := a.bound[node]
	out := make([]*corev1.Pod, 0, len(on))
	for _, name := range sortedKeys(on) {
		out = append(out, on[name])
	}
	return out
}

// holdsResources: bound to a node and not terminal, which is what the
// scheduler's pod informer sees of a pod (newPodInformer in
// pkg/scheduler/scheduler.go lists with the field selector
// status.phase!=Succeeded,status.phase!=Failed).
func holdsResources(p *corev1.Pod) bool {
	return p.Spec.NodeName != "" && !isTerminal(p.Status.Phase)
}

func isTerminal(ph corev1.PodPhase) bool { return ph == corev1.PodSucceeded || ph == corev1.PodFailed }

// podRemoved tells the scheduler and the controllers that a pod left the
// API.
func (a *apiServer) podRemoved(p *corev1.Pod) {
	a.s.lifecycle.podGone(p.UID)
	if p.Spec.NodeName != "" {
		delete(a.bound[p.Spec.NodeName], p.Name)
		if holdsResources(p) {
			a.s.sched.cache.remove(p)
		}
		a.s.sched.podRemoved()
	}
}

// statusWritten reacts to a pod status write: a pod reaching a terminal
// phase frees its node's resources for the scheduler; a pod the eviction
// manager evicted is recorded as evicted when the API first shows it
// Failed with reason Evicted (docs/language.md: the time of an eviction).
func (a *apiServer) statusWritten(p *corev1.Pod, old *corev1.PodStatus) {
	if !isTerminal(old.Phase) && isTerminal(p.Status.Phase) && p.Spec.NodeName != "" {
		a.s.sched.cache.remove(p)
		a.s.sched.podRemoved()
		if a.s.evicted[p.UID] && p.Status.Reason == evictedReason && !isStaticPod(p) && !isMirrorPod(p) {
			a.s.record(timeline.Event{Pod: p.Name, Kind: timeline.Evicted, Message: p.Status.Message})
		}
	}
}
