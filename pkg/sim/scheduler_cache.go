package sim

import (
	"container/heap"

	corev1 "k8s.io/api/core/v1"
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
	if pa, pb := podPriority(a.pod), podPriority(b.pod); pa != pb {
		return pa > pb
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
// by pkg/scheduler/backend/cache/cache.go): the pods assigned to the node
// that hold resources (holdsResources), their number and what they
// request, summed as they come and go. Filtering and scoring a node reads
// the sums instead of going over the cluster's pods.
type nodeCache map[string]*nodeInfo

type nodeInfo struct {
	pods int
	// requested sums podRequests, which NodeResourcesFit filters on.
	requested corev1.ResourceList
	// nonZeroCPU (millicores) and nonZeroMem (bytes) sum
	// nonZeroRequests, which the scores read.
	nonZeroCPU, nonZeroMem int64
}

// info is the node's NodeInfo; a node without pods has zero sums.
func (c nodeCache) info(node string) *nodeInfo {
	ni := c[node]
	if ni == nil {
		ni = &nodeInfo{requested: corev1.ResourceList{}}
		c[node] = ni
	}
	return ni
}

func (c nodeCache) add(p *corev1.Pod) {
	ni := c.info(p.Spec.NodeName)
	ni.pods++
	addList(ni.requested, podRequests(p))
	cpu, mem := nonZeroRequests(p)
	ni.nonZeroCPU += cpu
	ni.nonZeroMem += mem
}

func (c nodeCache) remove(p *corev1.Pod) {
	ni := c.info(p.Spec.NodeName)
	ni.pods--
	subList(ni.requested, podRequests(p))
	cpu, mem := nonZeroRequests(p)
	ni.nonZeroCPU -= cpu
	ni.nonZeroMem -= mem
}
