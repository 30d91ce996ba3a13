package sim

import (
	"fmt"
	"slices"
	"sort"
	"time"

	corev1 "k8s.io/api/core/v1"
	apiequality "k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	nodetopology "k8s.io/component-helpers/node/topology"

	"github.com/podlife/podlife/pkg/timeline"
)

// The node-lifecycle controller and the taint-eviction controller of
// kube-controller-manager (pkg/controller/nodelifecycle/
// node_lifecycle_controller.go, pkg/controller/tainteviction/
// taint_eviction.go, v1.36.3), and the kubelet's node lease.

const (
	// nodeMonitorPeriod and nodeMonitorGracePeriod are the controller's
	// defaults (pkg/controller/nodelifecycle/config/v1alpha1/defaults.go;
	// the grace period is 50 s since 1.32, 40 s before). The 60 s
	// node-startup grace period does not apply: the scenario's nodes have
	// been up long before it starts.
	nodeMonitorPeriod      = 5 * time.Second
	nodeMonitorGracePeriod = 50 * time.Second
	// The eviction rates and the zone thresholds are kube-controller-
	// manager's flag defaults (cmd/kube-controller-manager/app/options/
	// nodelifecyclecontroller.go): --node-eviction-rate 0.1,
	// --secondary-node-eviction-rate 0.01, --large-cluster-size-threshold
	// 50, --unhealthy-zone-threshold 0.55.
	evictionLimiterQPS          = 0.1
	secondaryEvictionLimiterQPS = 0.01
	largeClusterThreshold       = 50
	unhealthyZoneThreshold      = 0.55
)

// zoneState is the node-lifecycle controller's view of a zone
// (node_lifecycle_controller.go ZoneState).
type zoneState string

const (
	stateInitial           zoneState = "Initial"
	stateNormal            zoneState = "Normal"
	stateFullDisruption    zoneState = "FullDisruption"
	statePartialDisruption zoneState = "PartialDisruption"
)

// nodeConditionToTaintKey is nodeConditionToTaintKeyStatusMap: the
// NoSchedule taints doNoScheduleTaintingPass keeps in step with the node's
// conditions.
var nodeConditionToTaintKey = []struct {
	cond   corev1.NodeConditionType
	status corev1.ConditionStatus
	key    string
}{
	{corev1.NodeReady, corev1.ConditionFalse, corev1.TaintNodeNotReady},
	{corev1.NodeReady, corev1.ConditionUnknown, corev1.TaintNodeUnreachable},
	{corev1.NodeMemoryPressure, corev1.ConditionTrue, corev1.TaintNodeMemoryPressure},
	{corev1.NodeDiskPressure, corev1.ConditionTrue, corev1.TaintNodeDiskPressure},
	{corev1.NodeNetworkUnavailable, corev1.ConditionTrue, corev1.TaintNodeNetworkUnavailable},
	{corev1.NodePIDPressure, corev1.ConditionTrue, corev1.TaintNodePIDPressure},
}

// nodeLifecycle is the two controllers' state.
type nodeLifecycle struct {
	env     *env
	api     *apiServer
	profile *Profile // the control plane's
	monitor *timer
	// seen are the NoExecute taints of each node in the last event the
	// taint-eviction controller's informer delivered (its old object).
	seen map[string][]corev1.Taint
	// evictions are the taint-eviction controller's scheduled deletions,
	// by pod UID.
	evictions map[types.UID]*taintEviction
	// zoneStates and zoneQPS are the node-lifecycle controller's zones
	// (nodetopology.GetZoneKey: "" for nodes without zone labels, so the
	// scenario's nodes are one zone) and the rate of each zone's NoExecute
	// taint queue (zoneNoExecuteTainter's limiter); 0 stops the queue.
	zoneStates map[string]zoneState
	zoneQPS    map[string]float32
	// probeFloor is when the controller last left the master disruption
	// mode: it then set every node's probe timestamp to that time.
	probeFloor time.Duration
	// controlPlane is the cluster's control-plane node beside the
	// scenario's: Ready, without zone label or
	// node.kubernetes.io/exclude-disruption (kubeadm's and kind's, seen on
	// kind v1.36.3), so it counts in the zone of the scenario's unlabelled
	// nodes. Off when the scenario declares its nodes the whole cluster.
	controlPlane bool
}

type taintEviction struct {
	pod       string
	createdAt time.Duration
	timer     *timer
}

func newNodeLifecycle(e *env, api *apiServer, profile *Profile) *nodeLifecycle {
	return &nodeLifecycle{env: e, api: api, profile: profile, evictions: map[types.UID]*taintEviction{}, seen: map[string][]corev1.Taint{},
		zoneStates: map[string]zoneState{}, zoneQPS: map[string]float32{}, controlPlane: true}
}

// nodeWatch is the controllers' node informer: a new node starts the
// health monitor and gets its condition taints; a node update the
// NoSchedule condition taints, then the taint-eviction controller's pass
// over the node's pods.
func (nl *nodeLifecycle) nodeWatch(ev nodeEvent) {
	n := ev.node
	switch ev.typ {
	case watchAdded:
		if nl.monitor == nil {
			nl.monitor = nl.env.periodic(nodeMonitorPeriod, nl.monitorNodeHealth)
		}
		// A change of the taints is a write of its own, whose event comes
		// back here.
		nl.api.patchNode(n.Name, nl.doNoScheduleTaintingPass)
		// A new node has no pods yet: the pods bound to it are processed
		// at their own events.
		nl.seen[n.Name] = ev.noExecute
	case watchModified:
		nl.api.patchNode(n.Name, nl.doNoScheduleTaintingPass)
		// The taint-eviction controller passes over the node's pods only
		// when its NoExecute taints changed (taint_eviction.go
		// NodeUpdated).
		if apiequality.Semantic.DeepEqual(nl.seen[n.Name], ev.noExecute) {
			return
		}
		nl.seen[n.Name] = ev.noExecute
		nl.processNode(n)
	}
}

// podWatch is the taint-eviction controller's pod informer: a pod bound to
// a node with NoExecute taints is processed against them, a deleted pod's
// scheduled deletion is forgotten.
func (nl *nodeLifecycle) wants(ev podEvent) bool { return ev.bound || ev.typ == watchDeleted }

func (nl *nodeLifecycle) podWatch(ev podEvent) {
	if ev.bound {
		nl.podBound(ev.pod)
	}
	if ev.typ == watchDeleted {
		nl.podGone(ev.pod.UID)
	}
}

// monitorNodeHealth runs every nodeMonitorPeriod: a node whose lease is
// older than nodeMonitorGracePeriod gets its conditions set to Unknown
// ("Kubelet stopped posting node status."), its pods marked not ready
// (MarkPodsNotReady), and the unreachable NoExecute taint when its zone's
// taint queue may run (processTaintBaseEviction, doNoExecuteTaintingPass):
// handleDisruption decides that from every node's Ready condition after
// the pass.
func (nl *nodeLifecycle) monitorNodeHealth() {
	nl.monitor = nl.env.periodic(nodeMonitorPeriod, nl.monitorNodeHealth)
	names := nl.api.nodeNames()
	// tryUpdateNodeHealth: the nodes whose lease is too old are Unknown
	// from this pass on. The others keep the Ready condition they have.
	var lost []string
	zones := map[string][]corev1.ConditionStatus{}
	for _, name := range names {
		n := nl.api.node(name)
		zone := nodetopology.GetZoneKey(n)
		nl.addZone(zone)
		status := corev1.ConditionUnknown
		if ready := nodeCondition(n, corev1.NodeReady); ready != nil {
			status = ready.Status
		}
		if status != corev1.ConditionUnknown && nl.env.now-max(nl.api.leaseRenewTime(name), nl.probeFloor) > nodeMonitorGracePeriod {
			lost = append(lost, name)
			status = corev1.ConditionUnknown
		}
		if !isNodeExcludedFromDisruptionChecks(n) {
			zones[zone] = append(zones[zone], status)
		}
	}
	if nl.controlPlane {
		// Losing the scenario's only node is then, as on any cluster with
		// a control-plane node, a Normal zone with one node not Ready,
		// not a full disruption.
		zones[""] = append(zones[""], corev1.ConditionTrue)
	}
	entering, exiting := nl.handleDisruption(zones)
	now := nl.env.wall(nl.env.now)
	for _, name := range lost {
		nl.api.patchNode(name, func(n *corev1.Node) bool {
			for i := range n.Status.Conditions {
				c := &n.Status.Conditions[i]
				switch c.Type {
				case corev1.NodeReady, corev1.NodeMemoryPressure, corev1.NodeDiskPressure, corev1.NodePIDPressure:
				default:
					continue
				}
				c.Status, c.Reason, c.Message, c.LastTransitionTime = corev1.ConditionUnknown, "NodeStatusUnknown", "Kubelet stopped posting node status.", now
				nl.env.recordNodeCondition(n.Name, *c)
			}
			nl.api.recordNodeEvent(n, corev1.EventTypeNormal, "NodeNotReady", fmt.Sprintf("Node %s status is now: NodeNotReady", n.Name), "node-controller")
			// doNoExecuteTaintingPass, at once (it runs every 100 ms;
			// the token bucket lets the first node of a zone through):
			// unless handleDisruption stopped the zone's queue.
			if nl.taintingAllowed(nodetopology.GetZoneKey(n)) {
				nl.taintUnreachable(n, now)
			}
			return true
		})
		nl.markPodsNotReady(name)
	}
	switch {
	case entering:
		// handleDisruption entering the master disruption mode:
		// markNodeAsReachable on every node lifts its not-ready and
		// unreachable NoExecute taints.
		for _, name := range names {
			nl.api.patchNode(name, nl.markNodeAsReachable)
		}
	default:
		// processTaintBaseEviction for the nodes seen before: a Ready
		// node loses the taints (markNodeAsReachable); one still not
		// Ready and untainted (its zone's queue was stopped until now)
		// is tainted when the queue runs again.
		for _, name := range names {
			if slices.Contains(lost, name) {
				continue
			}
			n := nl.api.node(name)
			ready := nodeCondition(n, corev1.NodeReady)
			switch {
			case ready != nil && ready.Status == corev1.ConditionTrue:
				nl.api.patchNode(name, nl.markNodeAsReachable)
			case ready != nil && ready.Status == corev1.ConditionUnknown && nl.taintingAllowed(nodetopology.GetZoneKey(n)):
				nl.api.patchNode(name, func(n *corev1.Node) bool { return nl.taintUnreachable(n, now) })
			}
		}
	}
	if exiting {
		// Leaving the master disruption mode sets every node's probe
		// timestamp to now: a node cut off within its grace period gets
		// a whole one again.
		nl.probeFloor = nl.env.now
	}
}

// addZone is addPodEvictorForNewZone: a zone seen for the first time
// starts Initial, its taint queue at the normal rate.
func (nl *nodeLifecycle) addZone(zone string) {
	if _, ok := nl.zoneStates[zone]; !ok {
		nl.zoneStates[zone] = stateInitial
		nl.zoneQPS[zone] = evictionLimiterQPS
	}
}

// taintingAllowed: the zone's taint queue runs (its limiter's rate is
// above 0; the rate itself is not modelled).
func (nl *nodeLifecycle) taintingAllowed(zone string) bool { return nl.zoneQPS[zone] > 0 }

// computeZoneState is ComputeZoneState: no Ready node left is a full
// disruption; more than two not Ready and at least
// unhealthyZoneThreshold of the zone a partial one; else Normal.
func computeZoneState(ready []corev1.ConditionStatus) zoneState {
	readyNodes, notReady := 0, 0
	for _, s := range ready {
		if s == corev1.ConditionTrue {
			readyNodes++
		} else {
			notReady++
		}
	}
	switch {
	case readyNodes == 0 && notReady > 0:
		return stateFullDisruption
	case notReady > 2 && float32(notReady)/float32(notReady+readyNodes) >= unhealthyZoneThreshold:
		return statePartialDisruption
	default:
		return stateNormal
	}
}

// zoneQPSFor is setLimiterInZone: Normal taints at the normal rate; a
// partial disruption at the secondary rate in a zone of more than
// largeClusterThreshold nodes, not at all in a smaller one
// (ReducedQPSFunc); a full disruption of a zone while another is not
// fully disrupted at the normal rate (HealthyQPSFunc).
func zoneQPSFor(state zoneState, size int) float32 {
	switch state {
	case statePartialDisruption:
		if size > largeClusterThreshold {
			return secondaryEvictionLimiterQPS
		}
		return 0
	default:
		return evictionLimiterQPS
	}
}

// handleDisruption is node_lifecycle_controller.go handleDisruption, run
// at the end of each monitorNodeHealth pass with the Ready condition of
// every node (by zone) after the pass. When every zone is fully disrupted
// (no Ready node left: in a cluster of one zone, no Ready node at all) the
// controller enters the master disruption mode: every zone's taint queue
// stops and the caller lifts the NoExecute taints of every node
// (entering); when some node is Ready again it leaves it, each zone's
// queue at the rate of its state and every node's probe timestamp reset
// (exiting). Otherwise a zone whose state changed gets the rate of its
// new state.
func (nl *nodeLifecycle) handleDisruption(zones map[string][]corev1.ConditionStatus) (entering, exiting bool) {
	newStates := map[string]zoneState{}
	allAreFullyDisrupted := true
	for _, z := range sortedKeys(zones) {
		s := computeZoneState(zones[z])
		if s != stateFullDisruption {
			allAreFullyDisrupted = false
		}
		newStates[z] = s
		nl.addZone(z)
	}
	allWasFullyDisrupted := true
	known := make([]string, 0, len(nl.zoneStates))
	for z := range nl.zoneStates {
		known = append(known, z)
	}
	sort.Strings(known)
	for _, z := range known {
		if _, have := zones[z]; !have {
			delete(nl.zoneStates, z)
			delete(nl.zoneQPS, z)
			continue
		}
		if nl.zoneStates[z] != stateFullDisruption {
			allWasFullyDisrupted = false
			break
		}
	}
	if allAreFullyDisrupted && allWasFullyDisrupted {
		return false, false // still fully disrupted: nothing changes
	}
	if allAreFullyDisrupted {
		for z := range nl.zoneStates {
			nl.zoneQPS[z] = 0
			nl.zoneStates[z] = stateFullDisruption
		}
		return true, false
	}
	if allWasFullyDisrupted {
		for z := range nl.zoneStates {
			nl.zoneQPS[z] = zoneQPSFor(newStates[z], len(zones[z]))
			nl.zoneStates[z] = newStates[z]
		}
		return false, true
	}
	for z, old := range nl.zoneStates {
		if s := newStates[z]; s != old {
			nl.zoneQPS[z] = zoneQPSFor(s, len(zones[z]))
			nl.zoneStates[z] = s
		}
	}
	return false, false
}

// taintUnreachable is the tainting pass's swap for a node whose Ready is
// Unknown: the unreachable NoExecute taint added, the not-ready one
// removed (SwapNodeControllerTaint).
func (nl *nodeLifecycle) taintUnreachable(n *corev1.Node, now metav1.Time) bool {
	added := nl.setTaint(n, corev1.Taint{Key: corev1.TaintNodeUnreachable, Effect: corev1.TaintEffectNoExecute, TimeAdded: &now}, true)
	removed := nl.setTaint(n, corev1.Taint{Key: corev1.TaintNodeNotReady, Effect: corev1.TaintEffectNoExecute}, false)
	return added || removed
}

// markNodeAsReachable removes the unreachable and not-ready NoExecute
// taints of a node (node_lifecycle_controller.go markNodeAsReachable).
func (nl *nodeLifecycle) markNodeAsReachable(n *corev1.Node) bool {
	a := nl.setTaint(n, corev1.Taint{Key: corev1.TaintNodeUnreachable, Effect: corev1.TaintEffectNoExecute}, false)
	b := nl.setTaint(n, corev1.Taint{Key: corev1.TaintNodeNotReady, Effect: corev1.TaintEffectNoExecute}, false)
	return a || b
}

// isNodeExcludedFromDisruptionChecks: a node labelled
// node.kubernetes.io/exclude-disruption counts in no zone's state.
func isNodeExcludedFromDisruptionChecks(n *corev1.Node) bool {
	_, ok := n.Labels["node.kubernetes.io/exclude-disruption"]
	return ok
}

// markPodsNotReady is MarkPodsNotReady: each pod on the node gets Ready
// False and a NodeNotReady event.
func (nl *nodeLifecycle) markPodsNotReady(node string) {
	for _, p := range nl.api.podsOn(node) {
		c := podConditionOf(&p.Status, corev1.PodReady)
		if c == nil || c.Status == corev1.ConditionFalse {
			continue
		}
		st := *p.Status.DeepCopy()
		setPodCondition(&st, corev1.PodCondition{Type: corev1.PodReady, Status: corev1.ConditionFalse, LastTransitionTime: nl.env.wall(nl.env.now)})
		nl.api.updatePodStatus(p.Name, p.UID, st)
		nl.api.recordEvent(p, nil, false, corev1.EventTypeWarning, "NodeNotReady", "Node is not ready", "node-controller")
	}
}

// setTaint adds (or removes) a taint by key and effect, and records the
// change on the node's timeline (what `kubectl get node -w` would show;
// the page draws it in the node's lane).
func (nl *nodeLifecycle) setTaint(n *corev1.Node, t corev1.Taint, present bool) bool {
	for i, x := range n.Spec.Taints {
		if x.Key == t.Key && x.Effect == t.Effect {
			if present {
				return false
			}
			n.Spec.Taints = append(n.Spec.Taints[:i], n.Spec.Taints[i+1:]...)
			nl.recordTaint(n.Name, t, false)
			return true
		}
	}
	if !present {
		return false
	}
	n.Spec.Taints = append(n.Spec.Taints, t)
	nl.recordTaint(n.Name, t, true)
	return true
}

func (nl *nodeLifecycle) recordTaint(node string, t corev1.Taint, present bool) {
	status := corev1.ConditionTrue
	if !present {
		status = corev1.ConditionFalse
	}
	nl.env.record(timeline.Event{Pod: nodeTimelineName(node), Kind: timeline.Taint, Reason: t.Key, Status: string(status), Message: string(t.Effect)})
}

// doNoScheduleTaintingPass keeps the condition taints of a node in step
// with its conditions.
func (nl *nodeLifecycle) doNoScheduleTaintingPass(n *corev1.Node) bool {
	changed := false
	for _, m := range nodeConditionToTaintKey {
		c := nodeCondition(n, m.cond)
		want := c != nil && c.Status == m.status
		if nl.setTaint(n, corev1.Taint{Key: m.key, Effect: corev1.TaintEffectNoSchedule}, want) {
			changed = true
		}
	}
	// A cordoned node (spec.unschedulable) carries the unschedulable
	// taint too (doNoScheduleTaintingPass appends UnschedulableTaint when
	// node.Spec.Unschedulable).
	if nl.setTaint(n, corev1.Taint{Key: corev1.TaintNodeUnschedulable, Effect: corev1.TaintEffectNoSchedule}, n.Spec.Unschedulable) {
		changed = true
	}
	return changed
}

// processNode is the taint-eviction controller's handleNodeUpdate: every
// pod on the node is processed against its NoExecute taints.
func (nl *nodeLifecycle) processNode(n *corev1.Node) {
	taints := noExecuteTaints(n)
	for _, p := range nl.api.podsOn(n.Name) {
		nl.processPodOnNode(p, taints)
	}
}

// processPodOnNode: without taints any scheduled deletion is cancelled; a
// pod not tolerating every taint is deleted now; otherwise its deletion is
// scheduled after the smallest tolerationSeconds of the tolerations used
// (none set: tolerated for ever), keeping an earlier schedule.
func (nl *nodeLifecycle) processPodOnNode(p *corev1.Pod, taints []corev1.Taint) {
	if len(taints) == 0 {
		nl.cancel(p)
		return
	}
	var used []corev1.Toleration
	for i := range taints {
		found := false
		for j := range p.Spec.Tolerations {
			if toleratesTaint(&p.Spec.Tolerations[j], &taints[i]) {
				used = append(used, p.Spec.Tolerations[j])
				found = true
				break
			}
		}
		if !found {
			nl.cancel(p)
			nl.schedule(p, 0)
			return
		}
	}
	min := minTolerationTime(used)
	if min < 0 {
		nl.cancel(p)
		return
	}
	// A deletion already scheduled is kept: the real controller cancels
	// it only when its CreatedAt plus the toleration is not before now
	// plus it (processPodOnNode), which needs a schedule made at this very
	// moment; one made earlier in this instant was made a little earlier
	// on a real clock.
	if nl.evictions[p.UID] != nil {
		return
	}
	nl.schedule(p, min)
}

// minTolerationTime is getMinTolerationTime: the smallest
// tolerationSeconds (≤ 0 counts as 0), -1 when none is set.
func minTolerationTime(tols []corev1.Toleration) time.Duration {
	if len(tols) == 0 {
		return 0
	}
	least := int64(-1)
	for _, t := range tols {
		if t.TolerationSeconds == nil {
			continue
		}
		if *t.TolerationSeconds <= 0 {
			return 0
		}
		if least < 0 || *t.TolerationSeconds < least {
			least = *t.TolerationSeconds
		}
	}
	if least < 0 {
		return -1
	}
	return time.Duration(least) * time.Second
}

func (nl *nodeLifecycle) schedule(p *corev1.Pod, after time.Duration) {
	e := &taintEviction{pod: p.Name, createdAt: nl.env.now}
	uid := p.UID
	e.timer = nl.env.after(max(after, 0), func() {
		delete(nl.evictions, uid)
		nl.deletePod(uid, e.pod)
	})
	nl.evictions[uid] = e
}

// cancel drops a scheduled deletion with the "Cancelling deletion" event.
func (nl *nodeLifecycle) cancel(p *corev1.Pod) {
	e := nl.evictions[p.UID]
	if e == nil {
		return
	}
	nl.env.cancel(e.timer)
	delete(nl.evictions, p.UID)
	nl.api.recordEvent(p, nil, false, corev1.EventTypeNormal, "TaintManagerEviction",
		fmt.Sprintf("Cancelling deletion of Pod %s/%s", p.Namespace, p.Name), "taint-eviction-controller")
}

// deletePod is deletePodHandler: the "Marking for deletion" event, the
// DisruptionTarget condition (DeletionByTaintManager), then a normal
// graceful delete.
func (nl *nodeLifecycle) deletePod(uid types.UID, name string) {
	p := nl.api.pod(name)
	if p == nil || p.UID != uid {
		return
	}
	nl.api.recordEvent(p, nil, false, corev1.EventTypeNormal, "TaintManagerEviction",
		fmt.Sprintf("Marking for deletion Pod %s/%s", p.Namespace, p.Name), "taint-eviction-controller")
	if nl.profile.disruptionConditions() {
		st := *p.Status.DeepCopy()
		setPodCondition(&st, corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
			Reason: "DeletionByTaintManager", Message: "Taint manager: deleting due to NoExecute taint", LastTransitionTime: nl.env.wall(nl.env.now)})
		nl.api.updatePodStatus(p.Name, p.UID, st)
	}
	_ = nl.api.deletePod(p.Name, metav1.DeleteOptions{}, "")
}

// podBound is the taint-eviction controller seeing a pod on a node.
func (nl *nodeLifecycle) podBound(p *corev1.Pod) {
	n := nl.api.node(p.Spec.NodeName)
	if n == nil {
		return
	}
	if taints := noExecuteTaints(n); len(taints) > 0 {
		nl.processPodOnNode(p, taints)
	}
}

// podGone forgets a pod's scheduled deletion.
func (nl *nodeLifecycle) podGone(uid types.UID) {
	if e := nl.evictions[uid]; e != nil {
		nl.env.cancel(e.timer)
		delete(nl.evictions, uid)
	}
}
