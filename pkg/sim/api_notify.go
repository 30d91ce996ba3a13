package sim

import (
	"maps"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// Watches: what the API server's writes tell the other components. A
// component registers a watch (the informer it would start) and is told
// of each change later in the same instant, through the event queue, in
// the order of the writes: the API server knows no component by name.
// Each event carries what the write changed, since the object itself may
// change again before the watcher runs (a watch event carries the
// object's version; here the store's object is shared).

type watchType int

const (
	watchAdded watchType = iota
	watchModified
	watchDeleted
)

// podEvent is a pod's watch event.
type podEvent struct {
	typ watchType
	pod *corev1.Pod
	// node is the pod's spec.nodeName at the write; bound says the write
	// set it (a create with spec.nodeName, or the binding).
	node  string
	bound bool
	// status: the write was the status subresource's.
	status bool
	// held and holds: whether the pod held resources on its node before
	// and after the write (holdsResources: the scheduler's informer sees
	// only those).
	held, holds bool
}

// podWatcher is a component's watch on every pod of the cluster (the
// scheduler, the controllers). wants is its informer's filter, asked at
// the delivery, and at the write, where an event no watcher wants queues
// nothing (most status writes: what a component would do with them is
// nothing).
type podWatcher interface {
	wants(podEvent) bool
	podWatch(podEvent)
}

// nodePodWatcher is a kubelet's watch on its node's pods (the
// spec.nodeName field selector of its pod config source).
type nodePodWatcher interface {
	podWatch(p *corev1.Pod, t watchType)
}

// nodeEvent is a node's watch event; noExecute are the node's NoExecute
// taints at the write, which the taint-eviction controller compares with
// the last it saw.
type nodeEvent struct {
	typ       watchType
	node      *corev1.Node
	noExecute []corev1.Taint
	// labels is set on a write of the node's labels alone (relabelNode).
	labels *labelChange
}

// labelChange is what a write of a node's labels changed: the labels
// before and after it, which the scheduler's queueing hint compares
// (the informer's old and new objects).
type labelChange struct{ old, new map[string]string }

// nodeWatcher is a component's watch on nodes.
type nodeWatcher interface{ nodeWatch(nodeEvent) }

// watchPods registers a watch on every pod.
func (a *apiServer) watchPods(w podWatcher) { a.podWatchers = append(a.podWatchers, w) }

// watchNodes registers a watch on every node.
func (a *apiServer) watchNodes(w nodeWatcher) { a.nodeWatchers = append(a.nodeWatchers, w) }

// watchNodePods opens (w non-nil) or closes a kubelet's watch on its
// node's pods: a kubelet cut off from the API has none.
func (a *apiServer) watchNodePods(node string, w nodePodWatcher) {
	if w == nil {
		delete(a.kubeletWatch, node)
		return
	}
	a.kubeletWatch[node] = w
}

// podChanged publishes a pod's change: one delivery later in this instant
// gives it to the node's kubelet, then to every pod watcher.
func (a *apiServer) podChanged(ev podEvent) {
	// A kubelet's config source drops a change of the status alone
	// (pkg/kubelet/config/config.go checkAndUpdatePod: no update for the
	// pod workers).
	var k nodePodWatcher
	if !ev.status {
		k = a.kubeletWatch[ev.node]
	}
	t := ev.typ
	if ev.bound {
		t = watchAdded
	}
	if k == nil && !a.wanted(ev) {
		return
	}
	a.deliveries.push(podDelivery{ev: ev, kubelet: k, typ: t})
	a.env.soon(a.deliver)
}

// podDelivery is a pod's watch event on its way: to the node's kubelet
// (as typ) and to every pod watcher that wants it.
type podDelivery struct {
	ev      podEvent
	kubelet nodePodWatcher
	typ     watchType
}

// deliverPodEvent delivers the oldest pending pod event. Each podChanged
// queues one call of it with the event queue's soon, which runs them in
// the order they were queued and cancels none: the calls and the pending
// events pair up in order. (A closure per event had made an object per
// watch event for the collector.)
func (a *apiServer) deliverPodEvent() {
	d := a.deliveries.pop()
	if d.kubelet != nil {
		d.kubelet.podWatch(d.ev.pod, d.typ)
	}
	for _, w := range a.podWatchers {
		if w.wants(d.ev) {
			w.podWatch(d.ev)
		}
	}
}

func (a *apiServer) wanted(ev podEvent) bool {
	for _, w := range a.podWatchers {
		if w.wants(ev) {
			return true
		}
	}
	return false
}

// patchNode is a component's write to a node (a PATCH of its spec, an
// update of its status): patch changes the stored object and reports
// whether it changed anything that counts; a change gets a new resource
// version and a MODIFIED event. It reports whether there was one.
func (a *apiServer) patchNode(name string, patch func(n *corev1.Node) bool) bool {
	n := a.nodes[name]
	if n == nil || !patch(n) {
		return false
	}
	a.nodeUpdated(n)
	return true
}

// nodeUpdated is a MODIFIED event for a node.
func (a *apiServer) nodeUpdated(n *corev1.Node) {
	n.ResourceVersion = a.nextRV()
	a.nodeChanged(n, watchModified)
}

func (a *apiServer) nodeChanged(n *corev1.Node, t watchType) {
	a.notifyNode(nodeEvent{typ: t, node: n, noExecute: noExecuteTaints(n)})
}

// relabelNode is a write of a node's labels (`kubectl label node`, a
// PATCH of metadata.labels): key set to value, or removed. A write that
// changes nothing is no update, and says so.
func (a *apiServer) relabelNode(name, key, value string, remove bool) bool {
	n := a.nodes[name]
	if n == nil {
		return false
	}
	old, had := n.Labels[key]
	if remove && !had || !remove && had && old == value {
		return false
	}
	before := maps.Clone(n.Labels)
	if remove {
		delete(n.Labels, key)
	} else {
		if n.Labels == nil {
			n.Labels = map[string]string{}
		}
		n.Labels[key] = value
	}
	n.ResourceVersion = a.nextRV()
	a.notifyNode(nodeEvent{typ: watchModified, node: n, noExecute: noExecuteTaints(n), labels: &labelChange{old: before, new: maps.Clone(n.Labels)}})
	return true
}

func (a *apiServer) notifyNode(ev nodeEvent) {
	a.env.soon(func() {
		for _, w := range a.nodeWatchers {
			w.nodeWatch(ev)
		}
	})
}

// podAssigned indexes a pod newly bound to its node.
func (a *apiServer) podAssigned(p *corev1.Pod) {
	on := a.bound[p.Spec.NodeName]
	if on == nil {
		on = map[string]*corev1.Pod{}
		a.bound[p.Spec.NodeName] = on
	}
	on[p.Name] = p
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

// podRemoved drops a pod that left the API from the index by node.
func (a *apiServer) podRemoved(p *corev1.Pod) {
	if p.Spec.NodeName != "" {
		delete(a.bound[p.Spec.NodeName], p.Name)
	}
}

// statusWritten records the eviction of a pod the eviction manager
// evicted when the API first shows it Failed with reason Evicted
// (docs/language.md: the time of an eviction).
func (a *apiServer) statusWritten(p *corev1.Pod, old *corev1.PodStatus) {
	if !isTerminal(old.Phase) && isTerminal(p.Status.Phase) && p.Spec.NodeName != "" {
		if a.env.evicted[p.UID] && p.Status.Reason == evictedReason && !isStaticPod(p) && !isMirrorPod(p) {
			a.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Evicted, Message: p.Status.Message})
		}
	}
}

// lease is a node's Lease in kube-node-lease: its kubelet renews it every
// nodeLeaseRenewInterval from its start (pkg/kubelet/nodelease), computed
// when read rather than written every 10 s, until the kubelet stops.
type lease struct {
	from    time.Duration
	stopped bool
	last    time.Duration
}

// startLease is a kubelet's first renewal of its node's Lease.
func (a *apiServer) startLease(node string) { a.leases[node] = &lease{from: a.env.now} }

// stopLease: the kubelet renews its Lease no more.
func (a *apiServer) stopLease(node string) {
	if l := a.leases[node]; l != nil && !l.stopped {
		l.last, l.stopped = a.leaseRenewTime(node), true
	}
}

// leaseRenewTime is the node's Lease's spec.renewTime.
func (a *apiServer) leaseRenewTime(node string) time.Duration {
	l := a.leases[node]
	if l == nil {
		return 0
	}
	if l.stopped {
		return l.last
	}
	return l.from + (a.env.now-l.from)/nodeLeaseRenewInterval*nodeLeaseRenewInterval
}

// nodeNames lists the nodes in the order they were created.
func (a *apiServer) nodeNames() []string { return a.nodeOrder }

// nodeLeaseRenewInterval is 25 % of nodeLeaseDurationSeconds (40 s):
// the kubelet's heartbeat (pkg/kubelet/nodelease).
const nodeLeaseRenewInterval = 10 * time.Second
