package sim

import (
	"fmt"
	"sort"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/klog/v2"

	"github.com/podlife/podlife/pkg/timeline"
)

// scheduler binds unbound pods to nodes. It checks the fit filters of the
// default profile that the lifecycle depends on (resources, node name,
// nodeSelector, untolerated taints) and takes the first node that fits, in
// the order nodes were added.
type scheduler struct {
	s       *Simulator
	pending []*corev1.Pod // unschedulable pods, waiting for a cluster change
}

func newScheduler(s *Simulator) *scheduler { return &scheduler{s: s} }

func (sc *scheduler) enqueue(p *corev1.Pod) {
	sc.s.soon(func() { sc.scheduleOne(p) })
}

func (sc *scheduler) forget(p *corev1.Pod) {
	for i, q := range sc.pending {
		if q == p {
			sc.pending = append(sc.pending[:i], sc.pending[i+1:]...)
			return
		}
	}
}

// nodeAdded and podRemoved are the cluster events on which unschedulable
// pods are tried again (the queueing hints of the NodeResourcesFit and
// TaintToleration plugins).
func (sc *scheduler) nodeAdded()  { sc.retry() }
func (sc *scheduler) podRemoved() { sc.retry() }

func (sc *scheduler) retry() {
	pods := sc.pending
	sc.pending = nil
	for _, p := range pods {
		sc.enqueue(p)
	}
}

// scheduleOne is pkg/scheduler/schedule_one.go in short: filter, pick, bind
// and the Scheduled event; on failure the PodScheduled=False condition and
// the FailedScheduling event (handleSchedulingFailure).
func (sc *scheduler) scheduleOne(p *corev1.Pod) {
	if sc.s.api.pods[p.Name] != p || p.Spec.NodeName != "" || p.DeletionTimestamp != nil {
		return
	}
	var reasons []string
	for _, k := range sc.s.nodes {
		if why := sc.fits(p, k.node); why != "" {
			reasons = append(reasons, why)
			continue
		}
		sc.s.api.bind(p, k.node.Name)
		sc.s.record(timeline.Event{Pod: p.Name, Kind: timeline.Scheduled, Message: k.node.Name})
		sc.s.api.recordEvent(p, nil, false, corev1.EventTypeNormal, "Scheduled",
			fmt.Sprintf("Successfully assigned %s/%s to %s", p.Namespace, p.Name, k.node.Name), corev1.DefaultSchedulerName)
		return
	}
	msg := fmt.Sprintf("0/%d nodes are available: %s.", len(sc.s.nodes), summarise(reasons))
	cond := corev1.PodCondition{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: corev1.PodReasonUnschedulable, Message: msg, LastTransitionTime: sc.s.wall(sc.s.now)}
	st := *p.Status.DeepCopy()
	setPodCondition(&st, cond)
	sc.s.api.updatePodStatus(p.Name, p.UID, st)
	sc.s.api.recordEvent(p, nil, false, corev1.EventTypeWarning, "FailedScheduling", msg, corev1.DefaultSchedulerName)
	sc.pending = append(sc.pending, p)
}

// summarise counts identical reasons as the scheduler's FitError does:
// "3 Insufficient cpu, 1 node(s) had untolerated taint ...".
func summarise(reasons []string) string {
	if len(reasons) == 0 {
		return "no nodes available to schedule pods"
	}
	counts := map[string]int{}
	for _, r := range reasons {
		counts[r]++
	}
	var keys []string
	for r := range counts {
		keys = append(keys, r)
	}
	sort.Strings(keys)
	var parts []string
	for _, r := range keys {
		parts = append(parts, fmt.Sprintf("%d %s", counts[r], r))
	}
	return strings.Join(parts, ", ")
}

// fits returns why p does not fit on n, or "".
func (sc *scheduler) fits(p *corev1.Pod, n *corev1.Node) string {
	for k, v := range p.Spec.NodeSelector {
		if n.Labels[k] != v {
			return "node(s) didn't match Pod's node affinity/selector"
		}
	}
	for i := range n.Spec.Taints {
		t := &n.Spec.Taints[i]
		if t.Effect == corev1.TaintEffectPreferNoSchedule {
			continue
		}
		if !tolerates(p.Spec.Tolerations, t) {
			return fmt.Sprintf("node(s) had untolerated taint {%s: %s}", t.Key, t.Value)
		}
	}
	req := podRequests(p)
	used, count := sc.s.nodeUsage(n.Name, p)
	if maxPods, ok := n.Status.Allocatable[corev1.ResourcePods]; ok && int64(count+1) > maxPods.Value() {
		return "Too many pods"
	}
	for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory, corev1.ResourceEphemeralStorage} {
		want := quantityOf(req, r)
		if want.IsZero() {
			continue
		}
		have := quantityOf(n.Status.Allocatable, r)
		u := quantityOf(used, r)
		u.Add(want)
		if u.Cmp(have) > 0 {
			return "Insufficient " + string(r)
		}
	}
	return ""
}

// toleratesTaint is Toleration.ToleratesTaint (k8s.io/api/core/v1) without
// the alpha comparison operators.
func toleratesTaint(tol *corev1.Toleration, t *corev1.Taint) bool {
	return tol.ToleratesTaint(klog.Background(), t, false)
}

func tolerates(tols []corev1.Toleration, t *corev1.Taint) bool {
	for i := range tols {
		if toleratesTaint(&tols[i], t) {
			return true
		}
	}
	return false
}

// nodeUsage sums the requests of the non-terminal pods bound to node, other
// than except.
func (s *Simulator) nodeUsage(node string, except *corev1.Pod) (corev1.ResourceList, int) {
	used := corev1.ResourceList{}
	n := 0
	for _, name := range sortedKeys(s.api.pods) {
		q := s.api.pods[name]
		if q == except || q.Spec.NodeName != node || q.Status.Phase == corev1.PodSucceeded || q.Status.Phase == corev1.PodFailed {
			continue
		}
		n++
		addList(used, podRequests(q))
	}
	return used, n
}

// podRequests is the effective request of a pod (lifecycle-facts §2.4,
// resourcehelper.PodRequests): the larger of the sum over sidecars and
// containers and, for every init container, itself plus the sidecars
// started before it. Pod-level requests win when set.
func podRequests(p *corev1.Pod) corev1.ResourceList {
	if r := p.Spec.Resources; r != nil && len(r.Requests) > 0 {
		return r.Requests.DeepCopy()
	}
	total := corev1.ResourceList{}
	for _, c := range p.Spec.Containers {
		addList(total, c.Resources.Requests)
	}
	sidecars := corev1.ResourceList{}
	for _, c := range p.Spec.InitContainers {
		if isSidecar(&c) {
			addList(sidecars, c.Resources.Requests)
			addList(total, c.Resources.Requests)
			continue
		}
		peak := sidecars.DeepCopy()
		addList(peak, c.Resources.Requests)
		maxList(total, peak)
	}
	return total
}

func addList(dst, src corev1.ResourceList) {
	for n, q := range src {
		cur := dst[n]
		cur.Add(q)
		dst[n] = cur
	}
}

func maxList(dst, src corev1.ResourceList) {
	for n, q := range src {
		if cur, ok := dst[n]; !ok || q.Cmp(cur) > 0 {
			dst[n] = q.DeepCopy()
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
