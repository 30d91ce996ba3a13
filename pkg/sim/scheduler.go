package sim

import (
	"container/heap"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/timeline"
)

// scheduler is the default scheduler (pkg/scheduler, v1.36.3) reduced to
// what the lifecycle depends on: a scheduling queue with backoff and
// queueing hints, the filters of the default profile that decide fit
// (NodeUnschedulable, TaintToleration, NodeAffinity, NodePorts,
// NodeResourcesFit, in that order: default_plugins.go), a
// score (LeastAllocated and BalancedAllocation) with ties broken by the
// seeded random source, and DefaultPreemption.
type scheduler struct {
	env *env
	api *apiServer
	// profile and cp: the kubelets' and the control plane's (the
	// scheduler's own is cp; DynamicResources and the like).
	profile, cp *Profile
	// activeQ holds pods ready to be tried, highest priority first;
	// backoffQ pods backing off after a failure; unschedulable pods wait
	// for a cluster event (scheduling_queue.go).
	activeQ       activeQueue
	backoffQ      []*queuedPod
	unschedulable map[types.UID]*queuedPod
	cycle         *timer
	flush         *timer
	// cache is what the pods assigned to each node request.
	cache nodeCache
	// assumed are the pods this scheduler bound, counted in its cache
	// before the watch confirms the binding (the cache's AssumePod).
	assumed map[types.UID]bool
	// feasible is findNodesThatPassFilters' buffer.
	feasible []*nodeInfo
	// nextStartNodeIndex is where the next cycle starts looking for
	// feasible nodes (findNodesThatPassFilters): each cycle goes on from
	// where the last one stopped.
	nextStartNodeIndex int
}

// Queue constants (pkg/scheduler/apis/config/v1/defaults.go,
// scheduling_queue.go).
const (
	podInitialBackoff                  = time.Second
	podMaxBackoff                      = 10 * time.Second
	podMaxInUnschedulablePodsDuration  = 5 * time.Minute
	unschedulablePodsFlushPeriod       = 30 * time.Second
	backoffQOrderingWindow             = time.Second
	pluginTaintToleration              = "TaintToleration"
	pluginNodeUnschedulable            = "NodeUnschedulable"
	reasonNodeUnschedulable            = "node(s) were unschedulable"
	pluginNodeAffinity                 = "NodeAffinity"
	pluginNodeResourcesFit             = "NodeResourcesFit"
	reasonUntoleratedTaint             = "node(s) had untolerated taint(s)"
	reasonNodeAffinity                 = "node(s) didn't match Pod's node affinity/selector"
	reasonTooManyPods                  = "Too many pods"
	reasonNoPreemptionVictims          = "No preemption victims found for incoming pod"
	reasonPreemptionNotHelpful         = "Preemption is not helpful for scheduling"
	preemptionNotEligibleNeverMessage  = "preemption: not eligible due to preemptionPolicy=Never."
	maxNodeScore                       = 100
	weightNodeResourcesFit             = 1
	weightNodeResourcesBalancedAllocat = 1
)

func newScheduler(e *env, api *apiServer, profile, cp *Profile) *scheduler {
	return &scheduler{env: e, api: api, profile: profile, cp: cp, unschedulable: map[types.UID]*queuedPod{}, cache: nodeCache{}, assumed: map[types.UID]bool{}}
}

// podWatch is the scheduler's two pod informers (pkg/scheduler/
// eventhandlers.go addAllEventHandlers): unassigned pods go to and leave
// the scheduling queue; assigned pods that are not terminal are the
// cache's, and one that leaves it (deleted, or terminal) may make room
// (the AssignedPodDelete event).
func (sc *scheduler) podWatch(ev podEvent) {
	switch {
	case ev.node == "":
		switch ev.typ {
		case watchAdded:
			sc.enqueue(ev.pod)
		case watchDeleted:
			sc.forget(ev.pod)
		}
	case ev.bound:
		if sc.assumed[ev.pod.UID] {
			delete(sc.assumed, ev.pod.UID) // the binding confirmed
		} else if ev.holds {
			sc.cache.add(ev.pod)
		}
	case ev.held && !ev.holds:
		sc.cache.remove(ev.pod)
		sc.podRemoved(ev.pod)
	case ev.typ == watchDeleted:
		sc.podRemoved(ev.pod)
	case ev.held && ev.holds:
		// Any other update of an assigned pod is the cache's UpdatePod:
		// the old pod removed, the new one added (backend/cache/cache.go
		// updatePod). Of what the cache keeps only the used ports, a set,
		// can differ afterwards: the pod's ports are back in it if another
		// pod's removal took them out.
		sc.cache.addPorts(ev.pod)
	}
}

// wants: what podWatch does something with.
func (sc *scheduler) wants(ev podEvent) bool {
	if ev.node == "" {
		return ev.typ != watchModified
	}
	return ev.bound || ev.held != ev.holds || ev.typ == watchDeleted || (ev.held && hasHostPorts(ev.pod))
}

// nodeWatch is the scheduler's node informer.
func (sc *scheduler) nodeWatch(ev nodeEvent) {
	switch ev.typ {
	case watchAdded:
		sc.nodeAdded(ev.node)
	case watchModified:
		if ev.labels != nil {
			sc.nodeLabelled(ev.node, ev.labels)
		} else {
			sc.nodeUpdated()
		}
	case watchDeleted:
		sc.cache.removeNode(ev.node.Name)
	}
}

// enqueue adds a new pod to activeQ. A pod with scheduling gates never
// gets there: the SchedulingGates plugin's PreEnqueue refuses it
// (pkg/scheduler/framework/plugins/schedulinggates, PreEnqueue), and
// nothing in a scenario removes a gate, so it is never attempted.
func (sc *scheduler) enqueue(p *corev1.Pod) {
	if len(p.Spec.SchedulingGates) > 0 {
		return
	}
	sc.activeQ.add(&queuedPod{pod: p, timestamp: sc.env.now, initial: sc.env.now})
	sc.kick()
	if sc.flush == nil {
		sc.flush = sc.env.periodic(unschedulablePodsFlushPeriod, sc.flushUnschedulable)
	}
}

// forget drops a pod deleted before it was scheduled.
func (sc *scheduler) forget(p *corev1.Pod) {
	delete(sc.unschedulable, p.UID)
	sc.activeQ.remove(p)
	sc.backoffQ = removeQueued(sc.backoffQ, p)
}

func removeQueued(q []*queuedPod, p *corev1.Pod) []*queuedPod {
	for i, x := range q {
		if x.pod.UID == p.UID {
			return append(q[:i], q[i+1:]...)
		}
	}
	return q
}

// Cluster events and the queueing hints of the plugins that registered
// them: a new node may suit anyone; a node update helps pods rejected for
// taints or labels (and resources, for allocatable; NodePorts registers
// only Node/Add with queueing hints on, GA since 1.34); a pod leaving a
// node frees resources, and the host ports it took.
func (sc *scheduler) nodeAdded(n *corev1.Node) {
	sc.cache.addNode(n)
	for _, p := range sc.api.podsOn(n.Name) { // bound before the node existed
		if holdsResources(p) {
			sc.cache.add(p)
		}
	}
	sc.moveAll(func(*queuedPod) bool { return true })
}
func (sc *scheduler) nodeUpdated() {
	sc.moveAll(func(q *queuedPod) bool {
		return q.plugins[pluginNodeUnschedulable] || q.plugins[pluginTaintToleration] || q.plugins[pluginNodeAffinity] || q.plugins[pluginNodeResourcesFit]
	})
}

// nodeLabelled: a write of a node's labels alone is one cluster event,
// Node/UpdateNodeLabel (pkg/scheduler/eventhandlers.go updateNodeInCache;
// framework/events.go NodeSchedulingPropertiesChange,
// extractNodeLabelsChange; v1.36.3). With queueing hints (GA and locked
// on since 1.34), of the filters modelled only NodeAffinity registers it
// (the EventsToRegister of nodeaffinity, tainttoleration,
// nodeunschedulable, noderesources and nodeports), and its hint
// (node_affinity.go isSchedulableAfterNodeChange) queues a pod it
// rejected when the node's new labels match the pod's required affinity
// (nodeSelector included) and its old ones did not: QueueSkip otherwise,
// the pod staying unschedulable. A queued pod goes to activeQ, or to
// backoffQ while its backoff runs (scheduling_queue.go
// requeuePodWithQueueingStrategy), which pop takes from when activeQ is
// empty.
func (sc *scheduler) nodeLabelled(n *corev1.Node, c *labelChange) {
	before := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: n.Name, Labels: c.old}}
	after := &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: n.Name, Labels: c.new}}
	sc.moveAll(func(q *queuedPod) bool {
		return q.plugins[pluginNodeAffinity] && matchesNodeSelector(q.pod, after) && !matchesNodeSelector(q.pod, before)
	})
}

func (sc *scheduler) podRemoved(gone *corev1.Pod) {
	sc.moveAll(func(q *queuedPod) bool {
		return q.plugins[pluginNodeResourcesFit] || (q.plugins[pluginNodePorts] && portsFreedBy(q.pod, gone))
	})
}

// moveAll is movePodsToActiveOrBackoffQueue for the unschedulable pods the
// event may help, in the order they became unschedulable.
func (sc *scheduler) moveAll(hint func(*queuedPod) bool) {
	var moved []*queuedPod
	for _, q := range sc.unschedulable {
		if hint(q) {
			moved = append(moved, q)
		}
	}
	sort.Slice(moved, func(i, j int) bool {
		if moved[i].timestamp != moved[j].timestamp {
			return moved[i].timestamp < moved[j].timestamp
		}
		return moved[i].pod.Name < moved[j].pod.Name
	})
	for _, q := range moved {
		delete(sc.unschedulable, q.pod.UID)
		if sc.backingOff(q) {
			sc.backoffQ = append(sc.backoffQ, q)
		} else {
			sc.activeQ.add(q)
		}
	}
	if len(moved) > 0 {
		sc.kick()
	}
}

// flushUnschedulable moves pods unschedulable for longer than 5 minutes
// (flushUnschedulablePodsLeftover, every 30 s).
func (sc *scheduler) flushUnschedulable() {
	sc.flush = sc.env.periodic(unschedulablePodsFlushPeriod, sc.flushUnschedulable)
	sc.moveAll(func(q *queuedPod) bool { return sc.env.now-q.timestamp > podMaxInUnschedulablePodsDuration })
}

// backoffDuration is calculateBackoffDuration: 1 s doubled with each
// unschedulable attempt, at most 10 s.
func backoffDuration(count int) time.Duration {
	if count == 0 {
		return 0
	}
	shift := count - 1
	if shift >= 31 || podInitialBackoff > podMaxBackoff>>uint(shift) {
		return podMaxBackoff
	}
	return podInitialBackoff << uint(shift)
}

// backoffExpiry is getBackoffTime: the failure's time plus the backoff,
// truncated to the 1 s ordering window.
func (q *queuedPod) backoffExpiry() time.Duration {
	return (q.timestamp + backoffDuration(q.unschedulableCount)).Truncate(backoffQOrderingWindow)
}

// backingOff is isPodBackingoff: the expiry is not before the current
// window.
func (sc *scheduler) backingOff(q *queuedPod) bool {
	if q.unschedulableCount == 0 {
		return false
	}
	return q.backoffExpiry() >= sc.env.now.Truncate(backoffQOrderingWindow)
}

// kick makes the scheduler pop the next pod later in this instant.
func (sc *scheduler) kick() {
	if sc.cycle == nil && (sc.activeQ.Len() > 0 || len(sc.backoffQ) > 0) {
		sc.cycle = sc.env.after(0, sc.scheduleNext) // soon, but cancellable
	}
}

// pop is activeQ's pop (PrioritySort: higher priority, then earlier
// timestamp); with SchedulerPopFromBackoffQ (beta and on since 1.33) an
// empty activeQ yields the backoffQ's head at once, backoff or not.
func (sc *scheduler) pop() *queuedPod {
	if sc.activeQ.Len() > 0 {
		return heap.Pop(&sc.activeQ).(*queuedPod)
	}
	if len(sc.backoffQ) > 0 {
		best := 0
		for i, q := range sc.backoffQ {
			b := sc.backoffQ[best]
			if q.backoffExpiry() < b.backoffExpiry() || (q.backoffExpiry() == b.backoffExpiry() && podPriority(q.pod) > podPriority(b.pod)) {
				best = i
			}
		}
		q := sc.backoffQ[best]
		sc.backoffQ = append(sc.backoffQ[:best], sc.backoffQ[best+1:]...)
		return q
	}
	return nil
}

func (sc *scheduler) scheduleNext() {
	sc.cycle = nil
	if q := sc.pop(); q != nil {
		sc.scheduleOne(q)
	}
	sc.kick()
}

// nodeFilter is one node's verdict: the first failing filter's plugin and
// reasons (RunFilterPlugins stops at the first failure), and whether
// preemption could help (Unschedulable, not UnschedulableAndUnresolvable).
type nodeFilter struct {
	node       *corev1.Node
	plugin     string
	reasons    []string
	resolvable bool
}

// scheduleOne is pkg/scheduler/schedule_one.go in short: filter the nodes
// until enough feasible ones are found, score those and bind to the best
// with the Scheduled event; on failure try preemption (PostFilter), then
// handleSchedulingFailure: PodScheduled=False with reason Unschedulable,
// the FailedScheduling event, the pod unschedulable until an event helps.
func (sc *scheduler) scheduleOne(q *queuedPod) {
	p := q.pod
	if sc.api.pod(p.Name) != p || p.Spec.NodeName != "" || p.DeletionTimestamp != nil {
		return
	}
	fit := newPodFit(p)
	feasible, failed := sc.findNodesThatPassFilters(fit)
	if len(feasible) > 0 {
		n := sc.selectHost(fit, feasible).node
		sc.api.bind(p, n.Name)
		sc.cache.add(p) // assumed: the cache counts it before the watch says
		sc.assumed[p.UID] = true
		sc.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Scheduled, Message: n.Name})
		sc.api.recordEvent(p, nil, false, corev1.EventTypeNormal, "Scheduled",
			"Successfully assigned "+p.Namespace+"/"+p.Name+" to "+n.Name, corev1.DefaultSchedulerName)
		return
	}
	msg := fitErrorMessage(len(sc.cache.list), failed)
	nominated, postMsg := sc.preempt(fit, failed)
	if postMsg != "" {
		// The PostFilter plugins' reasons, joined in their order
		// (RunPostFilterPlugins): DynamicResources' first, then
		// DefaultPreemption's.
		if sc.cp.DynamicResources {
			postMsg = "no new claims to deallocate, " + postMsg
		}
		msg += " " + postMsg
	}
	cond := corev1.PodCondition{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: corev1.PodReasonUnschedulable, Message: msg, LastTransitionTime: sc.env.wall(sc.env.now)}
	st := *p.Status.DeepCopy()
	if old := podConditionOf(&st, corev1.PodScheduled); old != nil && old.Status == cond.Status {
		cond.LastTransitionTime = old.LastTransitionTime
	}
	setPodCondition(&st, cond)
	st.NominatedNodeName = nominated
	sc.api.updatePodStatus(p.Name, p.UID, st)
	sc.api.recordEvent(p, nil, false, corev1.EventTypeWarning, "FailedScheduling", msg, corev1.DefaultSchedulerName)
	q.unschedulableCount++
	q.timestamp = sc.env.now
	q.plugins = map[string]bool{}
	for _, f := range failed {
		q.plugins[f.plugin] = true
	}
	sc.unschedulable[p.UID] = q
}

// findNodesThatPassFilters (schedule_one.go) filters the nodes in turn,
// starting where the last cycle stopped, until numFeasibleNodesToFind of
// them fit; it returns those and the verdicts of the nodes that did not.
func (sc *scheduler) findNodesThatPassFilters(fit *podFit) ([]*nodeInfo, []nodeFilter) {
	nodes := sc.cache.list
	want := numFeasibleNodesToFind(len(nodes))
	// The feasible list lives until the cycle's bind: one buffer serves
	// every cycle.
	feasible := sc.feasible[:0]
	var failed []nodeFilter
	for i, at := 0, sc.nextStartNodeIndex; i < len(nodes) && len(feasible) < want; i++ {
		ni := nodes[at]
		if at++; at == len(nodes) {
			at = 0
		}
		if sc.fits(fit, ni) {
			feasible = append(feasible, ni)
			continue
		}
		failed = append(failed, sc.filter(fit, ni, nil))
	}
	if len(nodes) > 0 {
		sc.nextStartNodeIndex = (sc.nextStartNodeIndex + len(feasible) + len(failed)) % len(nodes)
	}
	sc.feasible = feasible
	return feasible, failed
}

// numFeasibleNodesToFind (schedule_one.go) with the default
// percentageOfNodesToScore (0, adaptive): every node of a cluster under
// 100 nodes; otherwise 50 % less a point per 125 nodes, at least 5 %, and
// at least 100 nodes.
func numFeasibleNodesToFind(numAllNodes int) int {
	const minFeasibleNodesToFind, minFeasibleNodesPercentageToFind, basePercentageOfNodesToScore = 100, 5, 50
	if numAllNodes < minFeasibleNodesToFind {
		return numAllNodes
	}
	percentage := max(basePercentageOfNodesToScore-numAllNodes/125, minFeasibleNodesPercentageToFind)
	return max(numAllNodes*percentage/100, minFeasibleNodesToFind)
}

// podFit is the pod of a scheduling cycle with what the filters and
// scores read of it, computed once a cycle (as PreFilter and PreScore keep
// it in the cycle state) rather than once a node.
type podFit struct {
	pod *corev1.Pod
	// requests is podRequests of each fitResources (fitAmount).
	requests [len(fitResources)]int64
	// nonZeroCPU and nonZeroMem are nonZeroRequests, for the scores.
	nonZeroCPU, nonZeroMem int64
	// selects says the pod has a node selector or required node
	// affinity: without, NodeAffinity passes every node.
	selects bool
	// ports are the host ports it asks for (NodePorts' PreFilter state):
	// without, NodePorts passes every node (PreFilter's Skip).
	ports []hostPort
}

func newPodFit(p *corev1.Pod) *podFit {
	f := &podFit{pod: p}
	req := podRequests(p)
	for i, r := range fitResources {
		f.requests[i] = fitAmount(i, req[r])
	}
	f.nonZeroCPU, f.nonZeroMem = nonZeroRequests(p)
	a := p.Spec.Affinity
	f.selects = len(p.Spec.NodeSelector) > 0 ||
		(a != nil && a.NodeAffinity != nil && a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution != nil)
	f.ports = podHostPorts(p)
	return f
}

// fitErrorMessage is FitError.Error: "0/N nodes are available:" and the
// histogram of reasons, each "count reason", sorted as strings.
func fitErrorMessage(numNodes int, failed []nodeFilter) string {
	counts := map[string]int{}
	for _, f := range failed {
		for _, r := range f.reasons {
			counts[r]++
		}
	}
	msg := fmt.Sprintf("0/%d nodes are available:", numNodes)
	if len(counts) > 0 {
		msg += " " + histogram(counts) + "."
	}
	return msg
}

func histogram(counts map[string]int) string {
	var parts []string
	for r, n := range counts {
		parts = append(parts, fmt.Sprintf("%d %s", n, r))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// summarise renders reasons as FitError's histogram (kept for callers
// that list reasons one per node).
func summarise(reasons []string) string {
	if len(reasons) == 0 {
		return "no nodes available to schedule pods"
	}
	counts := map[string]int{}
	for _, r := range reasons {
		counts[r]++
	}
	return histogram(counts)
}

// filter runs the filters in the default profile's order on one node:
// NodeUnschedulable, TaintToleration (NoSchedule and NoExecute taints),
// NodeAffinity (nodeSelector and required node affinity), NodePorts,
// NodeResourcesFit. without lists pods to leave out of the node's usage
// (preemption's what-if).
func (sc *scheduler) filter(fit *podFit, ni *nodeInfo, without map[types.UID]bool) nodeFilter {
	p, n := fit.pod, ni.node
	// NodeUnschedulable (pkg/scheduler/framework/plugins/nodeunschedulable,
	// Filter): a cordoned node takes only pods that tolerate its
	// unschedulable taint; UnschedulableAndUnresolvable.
	if n.Spec.Unschedulable && !tolerates(p.Spec.Tolerations, &corev1.Taint{Key: corev1.TaintNodeUnschedulable, Effect: corev1.TaintEffectNoSchedule}) {
		return nodeFilter{node: n, plugin: pluginNodeUnschedulable, reasons: []string{reasonNodeUnschedulable}}
	}
	for i := range n.Spec.Taints {
		t := &n.Spec.Taints[i]
		if t.Effect == corev1.TaintEffectPreferNoSchedule {
			continue
		}
		if !tolerates(p.Spec.Tolerations, t) {
			return nodeFilter{node: n, plugin: pluginTaintToleration, reasons: []string{reasonUntoleratedTaint}}
		}
	}
	if fit.selects && !matchesNodeSelector(p, n) {
		return nodeFilter{node: n, plugin: pluginNodeAffinity, reasons: []string{reasonNodeAffinity}}
	}
	// NodePorts (nodeports/node_ports.go Filter): a port the pod asks
	// for conflicts with one taken on the node; Unschedulable, so
	// preemption may free it.
	if len(fit.ports) > 0 && !sc.portsFit(fit, ni, without) {
		return nodeFilter{node: n, plugin: pluginNodePorts, reasons: []string{reasonNodePorts}, resolvable: true}
	}
	if r := sc.insufficient(fit, ni, without); len(r) > 0 {
		return nodeFilter{node: n, plugin: pluginNodeResourcesFit, reasons: r, resolvable: !sc.overAllocatable(fit, ni)}
	}
	return nodeFilter{node: n}
}

// overAllocatable says whether the pod requests more of a resource than
// the node's whole allocatable, which no preemption can free (from 1.34:
// Profile.UnresolvableOverAllocatable; noderesources/fit.go fitsRequest).
func (sc *scheduler) overAllocatable(fit *podFit, ni *nodeInfo) bool {
	if !sc.cp.UnresolvableOverAllocatable {
		return false
	}
	for i := range fitResources {
		if want := fit.requests[i]; want > 0 && want > ni.allocatable[i] {
			return true
		}
	}
	return false
}

// fits is filter(fit, ni, nil) passing, answered without building a
// verdict for the common node: schedulable, untainted, and a pod that
// selects no labels and asks for no host port, where only
// NodeResourcesFit can fail. The pod of a cycle is not bound: its node's
// usage is the cache's.
func (sc *scheduler) fits(fit *podFit, ni *nodeInfo) bool {
	if n := ni.node; n.Spec.Unschedulable || len(n.Spec.Taints) > 0 || fit.selects || len(fit.ports) > 0 {
		return sc.filter(fit, ni, nil).plugin == ""
	}
	if ni.tooMany(ni.pods) {
		return false
	}
	for i := range fitResources {
		if ni.short(fit, &ni.requested, i) {
			return false
		}
	}
	return true
}

// tooMany and short are NodeResourcesFit's checks of a node whose pods
// are count and request used: one pod more than its pods allow, or less
// of fitResources[i] left than the pod requests.
func (ni *nodeInfo) tooMany(count int) bool { return ni.hasMaxPods && int64(count+1) > ni.maxPods }

func (ni *nodeInfo) short(fit *podFit, used *[len(fitResources)]int64, i int) bool {
	want := fit.requests[i]
	return want > 0 && want > ni.allocatable[i]-used[i]
}

// insufficient is noderesources.Fits: "Too many pods", then every
// requested resource the node lacks ("Insufficient cpu", ...).
func (sc *scheduler) insufficient(fit *podFit, ni *nodeInfo, without map[types.UID]bool) []string {
	var out []string
	used, count := sc.nodeUsage(ni, fit.pod, without)
	if ni.tooMany(count) {
		out = append(out, reasonTooManyPods)
	}
	for i, r := range fitResources {
		if ni.short(fit, &used, i) {
			out = append(out, "Insufficient "+string(r))
		}
	}
	return out
}

// selectHost scores the feasible nodes and picks the highest score; ties
// are broken as selectHost does, by reservoir sampling with the random
// source.
func (sc *scheduler) selectHost(fit *podFit, feasible []*nodeInfo) *nodeInfo {
	if len(feasible) == 1 {
		return feasible[0]
	}
	var best *nodeInfo
	bestScore, ties := int64(-1), 0
	for _, ni := range feasible {
		score := sc.score(fit, ni)
		switch {
		case score > bestScore:
			best, bestScore, ties = ni, score, 1
		case score == bestScore:
			ties++
			if sc.env.rng.Intn(ties) == 0 {
				best = ni
			}
		}
	}
	return best
}

// score is NodeResourcesFit's LeastAllocated plus
// NodeResourcesBalancedAllocation over cpu and memory, with the
// scheduler's non-zero defaults for pods that request nothing (100m, 200Mi;
// pkg/scheduler/util/pod_resources.go).
func (sc *scheduler) score(fit *podFit, ni *nodeInfo) int64 {
	cpu, mem := fit.nonZeroCPU+ni.nonZeroCPU, fit.nonZeroMem+ni.nonZeroMem
	// The score is a function of these two sums (the node's allocatable
	// does not change): a node the last cycles did not change, for a pod
	// like the last one, scores what it scored.
	if c := &ni.scored; c.ok && c.cpu == cpu && c.mem == mem {
		return c.score
	}
	score := resourceScore(cpu, mem, ni.allocMilliCPU, ni.allocMemory)
	ni.scored = scoreMemo{cpu: cpu, mem: mem, score: score, ok: true}
	return score
}

// resourceScore is score's arithmetic: the pods' cpu and memory
// requests on the node with the one being scheduled, against its
// allocatable.
func resourceScore(cpu, mem, allocCPU, allocMem int64) int64 {
	least := func(req, capacity int64) int64 {
		if capacity == 0 || req > capacity {
			return 0
		}
		return (capacity - req) * maxNodeScore / capacity
	}
	leastAllocated := (least(cpu, allocCPU) + least(mem, allocMem)) / 2
	frac := func(req, capacity int64) float64 {
		if capacity == 0 {
			return 1
		}
		return math.Min(float64(req)/float64(capacity), 1)
	}
	fc, fm := frac(cpu, allocCPU), frac(mem, allocMem)
	std := math.Abs(fc-fm) / 2
	balanced := int64((1 - std) * maxNodeScore)
	return weightNodeResourcesFit*leastAllocated + weightNodeResourcesBalancedAllocat*balanced
}

// nodeUsage is what the pods holding resources on a node request, of
// each fitResources, and their number, leaving out except and the pods in
// without (preemption's what-if): the scheduler cache's sums, or the
// node's pods summed again when some are left out.
func (sc *scheduler) nodeUsage(ni *nodeInfo, except *corev1.Pod, without map[types.UID]bool) ([len(fitResources)]int64, int) {
	// A pod not yet bound is on no node: the node's name (another cache
	// line of its object, for each of hundreds of nodes a cycle) is not
	// read.
	if len(without) == 0 && (except.Spec.NodeName == "" || except.Spec.NodeName != ni.node.Name || !holdsResources(except)) {
		return ni.requested, ni.pods
	}
	node := ni.node.Name
	var used [len(fitResources)]int64
	n := 0
	for _, q := range sc.api.boundTo(node) { // sums: the order does not matter
		if q == except || without[q.UID] || !holdsResources(q) {
			continue
		}
		n++
		req := podRequests(q)
		for i, r := range fitResources {
			used[i] += fitAmount(i, req[r])
		}
	}
	return used, n
}

// portsFit is the NodePorts filter on one node (Filter, fitsPorts against
// NodeInfo.UsedPorts). without are preemption's what-if victims: their
// ports are removed from a copy of the node's set, as SelectVictimsOnNode
// removes them from its clone of the NodeInfo (RemovePod).
func (sc *scheduler) portsFit(fit *podFit, ni *nodeInfo, without map[types.UID]bool) bool {
	used := ni.usedPorts
	if len(without) > 0 && len(used) > 0 {
		used = make(hostPortSet, len(ni.usedPorts))
		for hp := range ni.usedPorts {
			used[hp] = struct{}{}
		}
		for _, q := range sc.api.boundTo(ni.node.Name) {
			if without[q.UID] && holdsResources(q) {
				used.remove(podHostPorts(q))
			}
		}
	}
	return used.fits(fit.ports)
}
