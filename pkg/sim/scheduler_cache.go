package sim

import (
	"container/heap"
	"slices"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

// The scheduler's state that makes a cycle cost the same in a cluster of
// 10,000 nodes and 100,000 pods as in a scenario's: the active queue as a
// heap, and the scheduler cache's per-node sums.

// activeQueue is activeQ (pkg/scheduler/backend/queue/active_queue.go), a
// heap ordered by the PrioritySort plugin's Less: higher priority first,
// then the earlier timestamp; pods equal on both come out in the order they
// were added.
type activeQueue struct {
	items []*queuedPod
	seq   uint64
}

func (q *activeQueue) Len() int { return len(q.items) }

func (q *activeQueue) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if a.priority != b.priority {
		return a.priority > b.priority
	}
	if a.timestamp != b.timestamp {
		return a.timestamp < b.timestamp
	}
	return a.seq < b.seq
}

func (q *activeQueue) Swap(i, j int) {
	q.items[i], q.items[j] = q.items[j], q.items[i]
	q.items[i].index = i
	q.items[j].index = j
}

// Push and Pop are for container/heap; add and remove are the queue's own.
func (q *activeQueue) Push(x any) {
	qp := x.(*queuedPod)
	qp.index = len(q.items)
	q.items = append(q.items, qp)
}

func (q *activeQueue) Pop() any {
	n := len(q.items) - 1
	qp := q.items[n]
	q.items[n] = nil
	q.items = q.items[:n]
	qp.index = -1
	return qp
}

func (q *activeQueue) add(qp *queuedPod) {
	q.seq++
	qp.seq = q.seq
	qp.priority = podPriority(qp.pod)
	heap.Push(q, qp)
}

// remove drops the pod if it is queued.
func (q *activeQueue) remove(p *corev1.Pod) {
	for _, qp := range q.items {
		if qp.pod.UID == p.UID {
			heap.Remove(q, qp.index)
			return
		}
	}
}

// nodeCache is the scheduler cache's NodeInfo of each node
// (pkg/scheduler/framework/types.go, NodeInfo.AddPod and RemovePod, driven
// by pkg/scheduler/backend/cache/cache.go): the node's allocatable
// resources, and the pods assigned to it that hold resources
// (holdsResources), their number and what they request, summed as they
// come and go, and the host ports they take (UsedPorts). Filtering and scoring a node reads these instead of going
// over the cluster's pods and the node's resource lists.
type nodeCache struct {
	byName map[string]*nodeInfo
	list   []*nodeInfo // in the order the nodes were added (s.nodes)
	// slab is where new NodeInfos are made, several at a time, so that a
	// cycle's walk over hundreds of nodes reads memory in order rather
	// than an object here and there in the heap. A NodeInfo never moves.
	slab []nodeInfo
}

// fitResources are the resources NodeResourcesFit checks, in its order;
// nodeInfo and podFit keep theirs in that order too.
var fitResources = [...]corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory, corev1.ResourceEphemeralStorage}

type nodeInfo struct {
	node *corev1.Node
	// allocatable is the node's, of each fitResources; maxPods its pods
	// when it says (hasMaxPods); allocMilliCPU and allocMemory what the
	// scores divide by.
	allocatable                [len(fitResources)]int64
	maxPods                    int64
	hasMaxPods                 bool
	allocMilliCPU, allocMemory int64

	pods int
	// requested sums the pods' podRequests of each fitResources, in the
	// scheduler's units (fitAmount).
	requested [len(fitResources)]int64
	// nonZeroCPU (millicores) and nonZeroMem (bytes) sum
	// nonZeroRequests, which the scores read.
	nonZeroCPU, nonZeroMem int64
	// scored is the node's last score (scheduler.go score).
	scored scoreMemo
	// usedPorts is NodeInfo.UsedPorts (hostports.go), nil until a pod
	// with host ports comes.
	usedPorts hostPortSet
}

// addNode starts the NodeInfo of a new node (a node's allocatable
// resources do not change here).
func (c *nodeCache) addNode(n *corev1.Node) {
	alloc := n.Status.Allocatable
	if len(c.slab) == cap(c.slab) {
		c.slab = make([]nodeInfo, 0, 64)
	}
	c.slab = append(c.slab, nodeInfo{node: n})
	ni := &c.slab[len(c.slab)-1]
	for i, r := range fitResources {
		ni.allocatable[i] = fitAmount(i, alloc[r])
	}
	ni.allocMilliCPU, ni.allocMemory = ni.allocatable[0], ni.allocatable[1] // fitResources' first two
	if q, ok := alloc[corev1.ResourcePods]; ok {
		ni.maxPods, ni.hasMaxPods = q.Value(), true
	}
	if c.byName == nil {
		c.byName = map[string]*nodeInfo{}
	}
	c.byName[n.Name] = ni
	c.list = append(c.list, ni)
}

// fitAmount is a quantity of fitResources[i] as the scheduler's
// framework.Resource keeps it (pkg/scheduler/framework/types.go Add):
// millicores for cpu, else the value, each rounded up.
func fitAmount(i int, q resource.Quantity) int64 {
	if i == 0 {
		return q.MilliValue()
	}
	return q.Value()
}

// removeNode drops a deleted node's NodeInfo (cache.go RemoveNode).
func (c *nodeCache) removeNode(name string) {
	delete(c.byName, name)
	c.list = slices.DeleteFunc(slices.Clone(c.list), func(ni *nodeInfo) bool { return ni.node.Name == name })
}

func (c *nodeCache) add(p *corev1.Pod) { c.account(p, 1) }

func (c *nodeCache) remove(p *corev1.Pod) { c.account(p, -1) }

func (c *nodeCache) account(p *corev1.Pod, sign int) {
	ni := c.byName[p.Spec.NodeName]
	if ni == nil {
		return // bound to a node that does not exist: no NodeInfo counts it
	}
	req := podRequests(p)
	for i, r := range fitResources {
		ni.requested[i] += int64(sign) * fitAmount(i, req[r])
	}
	cpu, mem := nonZeroRequests(p)
	ni.pods += sign
	ni.nonZeroCPU += int64(sign) * cpu
	ni.nonZeroMem += int64(sign) * mem
	// NodeInfo.update → updateUsedPorts: a set, so a removal takes the
	// pod's ports out whoever else took them.
	if hasHostPorts(p) {
		if sign > 0 {
			ni.addPorts(p)
		} else {
			ni.usedPorts.remove(podHostPorts(p))
		}
	}
}

// addPorts puts the pod's host ports back in its node's set: what
// UpdatePod's remove and add leave changed.
func (c *nodeCache) addPorts(p *corev1.Pod) {
	if ni := c.byName[p.Spec.NodeName]; ni != nil {
		ni.addPorts(p)
	}
}

func (ni *nodeInfo) addPorts(p *corev1.Pod) {
	if ni.usedPorts == nil {
		ni.usedPorts = hostPortSet{}
	}
	ni.usedPorts.add(podHostPorts(p))
}

// queuedPod is framework.QueuedPodInfo.
type queuedPod struct {
	pod *corev1.Pod
	// timestamp is when the pod last entered the queue (after a failure,
	// the failure's time); backoff counts from it.
	timestamp          time.Duration
	initial            time.Duration
	unschedulableCount int
	// plugins are the filters that rejected the pod on some node, which
	// decide the cluster events that may make it schedulable.
	plugins map[string]bool
	// seq and index place the pod in activeQ: seq orders pods of equal
	// priority and timestamp by arrival.
	seq   uint64
	index int
	// priority is the pod's (immutable in its spec), kept here so that
	// ordering ten thousand queued pods reads the queue, not each pod.
	priority int32
}

// scoreMemo is a node's last score and the sums it was computed from.
type scoreMemo struct {
	cpu, mem, score int64
	ok              bool
}

// nonZeroRequests is the pod's cpu (millicores) and memory request with the
// scheduler's defaults for containers requesting none.
func nonZeroRequests(p *corev1.Pod) (int64, int64) {
	var cpu, mem int64
	for _, c := range p.Spec.Containers {
		if q, ok := c.Resources.Requests[corev1.ResourceCPU]; ok {
			cpu += q.MilliValue()
		} else {
			cpu += schedulerDefaultMilliCPURequest
		}
		if q, ok := c.Resources.Requests[corev1.ResourceMemory]; ok {
			mem += q.Value()
		} else {
			mem += schedulerDefaultMemoryRequest
		}
	}
	return cpu, mem
}

// The requests nonZeroRequests counts for a container that sets none
// (pkg/scheduler/util/pod_resources.go, v1.36.3).
const (
	schedulerDefaultMilliCPURequest = 100
	schedulerDefaultMemoryRequest   = 200 * 1024 * 1024
)
