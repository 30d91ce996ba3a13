package sim

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// replicaSetController is pkg/controller/replicaset/replica_set.go
// (v1.36.3): a ReplicaSet keeps spec.replicas active pods, creating pods
// from its template when there are too few (pods deleted, evicted or
// finished, or a larger spec.replicas) and deleting the least valuable
// when there are too many. A change of one of its pods, or of its spec,
// queues a sync later in the same instant (the work queue, with no
// latency modelled). Pod creations are synchronous here, so the
// expectations the real controller keeps between a burst of creates and
// their watch events are always met at the next sync.
//
// A ReplicaSet is the scenario's own (AddReplicaSet) or a Deployment's
// (deployment.go), whose controller changes spec.replicas and reads the
// status this controller writes.
type replicaSetController struct {
	env  *env
	api  *apiServer
	sets map[string]*replicaSet
	// order lists the ReplicaSets by creation.
	order []*replicaSet
	// ownerChanged tells a ReplicaSet's owner that it was created or
	// changed, its spec or its status (the Deployment controller's
	// addReplicaSet and updateReplicaSet handlers).
	ownerChanged func(r *replicaSet)
}

type replicaSet struct {
	rs *appsv1.ReplicaSet
	// template is the pod as the scenario declared it (agent arguments
	// included); created lists the names of the pods made from it, in
	// order: "pod 2 of replica set web" is created[1].
	template *corev1.Pod
	created  []string
	key      workKey
	// owner is the Deployment that controls the ReplicaSet, nil for the
	// scenario's own.
	owner *deployment
	// failures are the work queue's rate limiter for the ReplicaSet's
	// key (client-go util/workqueue, DefaultTypedControllerRateLimiter:
	// ItemExponentialFailureRateLimiter 5 ms doubling up to 1000 s, its
	// token bucket of 10 qps and burst 100 never the larger here): a sync
	// that failed is retried after the back-off its failures give, and a
	// sync that succeeds forgets them.
	failures int
}

func newReplicaSetController(e *env, api *apiServer) *replicaSetController {
	return &replicaSetController{env: e, api: api, sets: map[string]*replicaSet{}}
}

func (c *replicaSetController) byUID(uid string) *replicaSet {
	for _, r := range c.order {
		if string(r.rs.UID) == uid {
			return r
		}
	}
	return nil
}

// add stores a ReplicaSet of replicas pods from tpl (its labels are the
// selector), controlled by owner when set, and queues its first sync.
func (c *replicaSetController) add(name string, replicas, minReady int32, tpl *corev1.Pod, owner *deployment) (*replicaSet, error) {
	if _, dup := c.sets[name]; dup {
		return nil, fmt.Errorf("replica set %q already exists", name)
	}
	rs := &appsv1.ReplicaSet{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: c.api.namespace, UID: types.UID(c.env.newUID()), Generation: 1,
			CreationTimestamp: c.env.wall(c.env.now), Labels: tpl.Labels},
		Spec: appsv1.ReplicaSetSpec{
			Replicas:        &replicas,
			MinReadySeconds: minReady,
			Selector:        &metav1.LabelSelector{MatchLabels: tpl.Labels},
			Template:        corev1.PodTemplateSpec{ObjectMeta: metav1.ObjectMeta{Labels: tpl.Labels}},
		},
	}
	if owner != nil {
		rs.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(owner.d, appsv1.SchemeGroupVersion.WithKind("Deployment"))}
	}
	r := &replicaSet{rs: rs, template: tpl, owner: owner}
	c.sets[name] = r
	c.order = append(c.order, r)
	c.enqueue(r)
	c.changed(r)
	return r, nil
}

// changed tells the ReplicaSet's owner of a write to it.
func (c *replicaSetController) changed(r *replicaSet) {
	if r.owner != nil && c.ownerChanged != nil {
		c.ownerChanged(r)
	}
}

// scale is a controller's update of spec.replicas (the Deployment
// controller's scaleReplicaSet): a new generation, which the
// ReplicaSet's own controller syncs (updateRS).
func (c *replicaSetController) scale(r *replicaSet, replicas int32) {
	if *r.rs.Spec.Replicas == replicas {
		return
	}
	n := replicas
	r.rs.Spec.Replicas = &n
	r.rs.Generation++
	c.enqueue(r)
	c.changed(r)
}

// split is FilterActivePods and FilterTerminatingPods over the
// ReplicaSet's pods: the active ones (not terminal, not being deleted),
// and how many are being deleted and not terminal yet.
func (r *replicaSet) split(api *apiServer) (active []*corev1.Pod, terminating int) {
	for _, p := range r.pods(api) {
		switch {
		case isPodActive(p):
			active = append(active, p)
		case p.DeletionTimestamp != nil && !isTerminal(p.Status.Phase):
			terminating++
		}
	}
	return active, terminating
}

// pods are the ReplicaSet's pods still in the API, by creation.
func (r *replicaSet) pods(api *apiServer) []*corev1.Pod {
	var out []*corev1.Pod
	for _, n := range r.created {
		if p := api.pod(n); p != nil && isControlledBy(p, r.rs) {
			out = append(out, p)
		}
	}
	return out
}

func isControlledBy(p *corev1.Pod, rs *appsv1.ReplicaSet) bool { return isControlledByUID(p, rs.UID) }

func (c *replicaSetController) enqueue(r *replicaSet) { r.key.add(c.env, func() { c.sync(r) }) }

func (c *replicaSetController) enqueueAfter(r *replicaSet, d time.Duration) {
	r.key.addAfter(c.env, d, func() { c.sync(r) })
}

// workKey is an object's key in a controller's work queue: queued to
// sync later in this instant at most once (the queue's dirty set), and
// due after a delay at the earliest of its AddAfters
// (k8s.io/client-go/util/workqueue/delaying_queue.go keeps the earlier
// readyAt of a key waiting).
type workKey struct {
	queued bool
	due    timer
}

func (k *workKey) add(e *env, sync func()) {
	if k.queued {
		return
	}
	k.queued = true
	e.soon(func() {
		k.queued = false
		sync()
	})
}

func (k *workKey) addAfter(e *env, d time.Duration, sync func()) {
	if k.due.pending() && k.due.at <= e.now+d {
		return
	}
	e.rearm(&k.due, d, func() { k.add(e, sync) }, false)
}

// podWatch is the controller's pod informer (with no ReplicaSet, nothing
// to do): addPod, updatePod and deletePod queue the pod's controlling
// ReplicaSet. (updatePod also queues a ReplicaSet with minReadySeconds
// again that long after one of its pods became Ready; the sync's own
// next availability check, never later, makes that one redundant here.)
func (c *replicaSetController) wants(podEvent) bool { return len(c.order) > 0 }

func (c *replicaSetController) podWatch(ev podEvent) {
	ref := metav1.GetControllerOf(ev.pod)
	if ref == nil || ref.Kind != "ReplicaSet" {
		return
	}
	if r := c.byUID(string(ref.UID)); r != nil {
		c.enqueue(r)
	}
}

// apiSeconds is t as an API client reads it: metav1.Time is serialized
// in RFC 3339 with whole seconds (MarshalJSON), so a controller reading
// a timestamp from the API sees it truncated to the second.
func apiSeconds(t metav1.Time) time.Time { return t.Time.Truncate(time.Second) }

// sync is syncReplicaSet: the active pods (controller.FilterActivePods:
// not Succeeded, not Failed, not being deleted) are counted; manageReplicas
// creates the missing ones or deletes the surplus; the status is written
// (calculateStatus); a failed create is retried with the rate limiter's
// back-off; and a ReplicaSet with minReadySeconds whose Ready pods are
// not all available yet is synced again when the next one becomes so.
func (c *replicaSetController) sync(r *replicaSet) {
	active, _ := r.split(c.api)
	err := c.manageReplicas(r, active)
	// The pods as they are after manageReplicas: the real controller
	// computes the status from the list it synced with, but its own
	// creates and deletes come back as watch events that sync it again.
	active, terminating := r.split(c.api)
	c.updateStatus(r, active, terminating, err)
	if err != nil {
		// handleErr: queue.AddRateLimited.
		d := rateLimit(r.failures)
		r.failures++
		c.enqueueAfter(r, d)
		return
	}
	r.failures = 0 // queue.Forget
	if next, ok := nextAvailabilityCheck(active, r.rs.Spec.MinReadySeconds, c.env.now); ok && r.rs.Status.ReadyReplicas != r.rs.Status.AvailableReplicas {
		c.enqueueAfter(r, next)
	}
}

// rateLimit is ItemExponentialFailureRateLimiter.When after failures
// failures: 5 ms times 2^failures, at most 1000 s.
func rateLimit(failures int) time.Duration {
	const base, maxDelay = 5 * time.Millisecond, 1000 * time.Second
	if failures > 30 {
		return maxDelay
	}
	return min(base*time.Duration(1<<failures), maxDelay)
}

// manageReplicas creates the missing pods in slow-start batches of 1, 2,
// 4, … (slowStartBatch, controller.SlowStartInitialBatchSize 1): every
// create of a batch is tried, and a batch with a failure ends the sync,
// each failure recorded as a FailedCreate event ("Error creating: …",
// controller_utils.go createPods). It deletes the surplus pods, the least
// valuable first (getPodsToDelete), each with a SuccessfulDelete event.
// At most burstReplicas (500) each way per sync.
func (c *replicaSetController) manageReplicas(r *replicaSet, active []*corev1.Pod) error {
	const burstReplicas = 500
	diff := len(active) - int(*r.rs.Spec.Replicas)
	switch {
	case diff < 0:
		remaining := min(-diff, burstReplicas)
		for batch := min(remaining, 1); batch > 0; batch = min(2*batch, remaining) {
			var first error
			for range batch {
				if err := c.create(r); err != nil && first == nil {
					first = err
				}
			}
			if first != nil {
				return first
			}
			remaining -= batch
		}
	case diff > 0:
		for _, p := range c.podsToDelete(r, active, min(diff, burstReplicas)) {
			if err := c.api.deletePod(p.Name, metav1.DeleteOptions{}, ""); err == nil {
				c.api.recordObjectEvent("ReplicaSet", &r.rs.ObjectMeta, corev1.EventTypeNormal, "SuccessfulDelete", "Deleted pod: "+p.Name, "replicaset-controller")
			}
		}
	}
	return nil
}

// isPodActive is controller.IsPodActive.
func isPodActive(p *corev1.Pod) bool {
	return !isTerminal(p.Status.Phase) && p.DeletionTimestamp == nil
}

// create is GetPodFromTemplate and CreatePodsWithGenerateName: the
// template's labels and spec, the ReplicaSet as controller, and a name
// generateName "<rs>-" completes with five random characters
// (names.SimpleNameGenerator, utilrand.String). The create's answer is
// the API server's: a refusal (a quota's) is a FailedCreate event.
func (c *replicaSetController) create(r *replicaSet) error {
	p := r.template.DeepCopy()
	p.OwnerReferences = []metav1.OwnerReference{*metav1.NewControllerRef(r.rs, appsv1.SchemeGroupVersion.WithKind("ReplicaSet"))}
	p.GenerateName = r.rs.Name + "-"
	p.Name = generateName(c.env, c.api, p.GenerateName)
	if err := c.api.createPod(p); err != nil { // p is the controller's own copy
		c.api.recordObjectEvent("ReplicaSet", &r.rs.ObjectMeta, corev1.EventTypeWarning, "FailedCreate", "Error creating: "+err.Error(), "replicaset-controller")
		return err
	}
	r.created = append(r.created, p.Name)
	if r.owner != nil {
		r.owner.created = append(r.owner.created, p.Name)
	}
	c.api.recordObjectEvent("ReplicaSet", &r.rs.ObjectMeta, corev1.EventTypeNormal, "SuccessfulCreate", "Created pod: "+p.Name, "replicaset-controller")
	return nil
}

// generateName is the API server's name generation for generateName
// (names.SimpleNameGenerator: the prefix and utilrand.String(5), an
// alphabet without vowels and look-alikes), a name no pod has.
func generateName(e *env, api *apiServer, prefix string) string {
	const alphanums = "bcdfghjklmnpqrstvwxz2456789"
	for {
		b := make([]byte, 5)
		for i := range b {
			b[i] = alphanums[e.rng.Intn(len(alphanums))]
		}
		if name := prefix + string(b); api.pod(name) == nil {
			return name
		}
	}
}

// podsToDelete is getPodsToDelete: when some survive, the active pods
// ranked by controller.ActivePodsWithRanks (Less), the first n deleted.
// The rank of a pod is the number of active pods of the ReplicaSets of
// the same controller on its node (getPodsRankedByRelatedPodsOnSameNode);
// the sort is stable over creation order, where the real one's order of
// equals is the sort's.
func (c *replicaSetController) podsToDelete(r *replicaSet, active []*corev1.Pod, n int) []*corev1.Pod {
	if n >= len(active) {
		return active
	}
	onNode := map[string]int{}
	for _, other := range c.order {
		if other != r && (r.owner == nil || other.owner != r.owner) {
			continue
		}
		for _, p := range other.pods(c.api) {
			if isPodActive(p) {
				onNode[p.Spec.NodeName]++
			}
		}
	}
	ranked := append([]*corev1.Pod(nil), active...)
	now := c.env.wall(c.env.now).Time
	sort.SliceStable(ranked, func(i, j int) bool {
		return lessValuable(ranked[i], ranked[j], onNode[ranked[i].Spec.NodeName], onNode[ranked[j].Spec.NodeName], now)
	})
	return ranked[:n]
}

// lessValuable is ActivePodsWithRanks.Less (pkg/controller/controller_utils.go)
// with LogarithmicScaleDown (GA): unassigned before assigned; Pending,
// Unknown, Running; not Ready before Ready; a lower
// controller.kubernetes.io/pod-deletion-cost first; more pods of the
// same controller on the node first; of two Ready pods, the one Ready for
// a shorter time, compared in powers of two of the time since, then by
// UID; more container restarts first; the newer first, compared likewise.
func lessValuable(a, b *corev1.Pod, rankA, rankB int, now time.Time) bool {
	if a.Spec.NodeName != b.Spec.NodeName && (a.Spec.NodeName == "" || b.Spec.NodeName == "") {
		return a.Spec.NodeName == ""
	}
	phase := map[corev1.PodPhase]int{corev1.PodPending: 0, corev1.PodUnknown: 1, corev1.PodRunning: 2}
	if phase[a.Status.Phase] != phase[b.Status.Phase] {
		return phase[a.Status.Phase] < phase[b.Status.Phase]
	}
	if podIsReady(a) != podIsReady(b) {
		return !podIsReady(a)
	}
	if ca, cb := deletionCost(a), deletionCost(b); ca != cb {
		return ca < cb
	}
	if rankA != rankB {
		return rankA > rankB
	}
	if podIsReady(a) && podIsReady(b) {
		ra, rb := readySince(a), readySince(b)
		if !ra.Equal(rb) {
			if ra.IsZero() || rb.IsZero() {
				return ra.IsZero()
			}
			if d := log2Age(now, ra) - log2Age(now, rb); d != 0 {
				return d < 0
			}
			return a.UID < b.UID
		}
	}
	if ra, rb := maxRestarts(a), maxRestarts(b); ra != rb {
		return ra > rb
	}
	ta, tb := apiSeconds(a.CreationTimestamp), apiSeconds(b.CreationTimestamp)
	if !ta.Equal(tb) {
		if d := log2Age(now, ta) - log2Age(now, tb); d != 0 {
			return d < 0
		}
		return a.UID < b.UID
	}
	return false
}

// deletionCost is the pod-deletion-cost annotation (0 when absent or
// not a number: helper.GetDeletionCostFromPodAnnotations).
func deletionCost(p *corev1.Pod) int32 {
	v, ok := p.Annotations["controller.kubernetes.io/pod-deletion-cost"]
	if !ok {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 32)
	if err != nil {
		return 0
	}
	return int32(n)
}

// readySince is podReadyTime as a client reads it (whole seconds).
func readySince(p *corev1.Pod) time.Time {
	if c := podConditionOf(&p.Status, corev1.PodReady); c != nil && c.Status == corev1.ConditionTrue {
		return apiSeconds(c.LastTransitionTime)
	}
	return time.Time{}
}

// log2Age is logarithmicRankDiff's rank: the integer part of log2 of the
// time since t in nanoseconds, -1 for none.
func log2Age(now, t time.Time) int64 {
	if d := now.Sub(t); d > 0 {
		return int64(math.Log2(float64(d)))
	}
	return -1
}

// maxRestarts is maxContainerRestarts' regular containers' part.
func maxRestarts(p *corev1.Pod) int32 {
	var n int32
	for _, c := range p.Status.ContainerStatuses {
		n = max(n, c.RestartCount)
	}
	return n
}

// updateStatus is calculateStatus and updateReplicaSetStatus: replicas
// (the active pods), readyReplicas, availableReplicas (Ready for
// minReadySeconds: podutil.IsPodAvailable, read from the API's whole
// seconds), terminatingReplicas (DeploymentReplicaSetTerminatingReplicas,
// beta and on in 1.36), and the ReplicaFailure condition while a create
// or delete fails. A change is written, and the owner told.
func (c *replicaSetController) updateStatus(r *replicaSet, active []*corev1.Pod, terminating int, manageErr error) {
	st := *r.rs.Status.DeepCopy()
	var ready, available int32
	now := c.env.wall(c.env.now).Time
	for _, p := range active {
		if podIsReady(p) {
			ready++
			if podAvailable(p, r.rs.Spec.MinReadySeconds, now) {
				available++
			}
		}
	}
	failure := replicaSetCondition(&st, appsv1.ReplicaSetReplicaFailure)
	switch {
	case manageErr != nil && failure == nil:
		reason := "FailedCreate"
		if len(active) > int(*r.rs.Spec.Replicas) {
			reason = "FailedDelete"
		}
		st.Conditions = append(st.Conditions, appsv1.ReplicaSetCondition{Type: appsv1.ReplicaSetReplicaFailure, Status: corev1.ConditionTrue,
			LastTransitionTime: c.env.wall(c.env.now), Reason: reason, Message: manageErr.Error()})
	case manageErr == nil && failure != nil:
		var kept []appsv1.ReplicaSetCondition
		for _, cond := range st.Conditions {
			if cond.Type != appsv1.ReplicaSetReplicaFailure {
				kept = append(kept, cond)
			}
		}
		st.Conditions = kept
	}
	term := int32(terminating)
	st.Replicas, st.FullyLabeledReplicas, st.ReadyReplicas, st.AvailableReplicas, st.TerminatingReplicas = int32(len(active)), int32(len(active)), ready, available, &term
	st.ObservedGeneration = r.rs.Generation
	old := r.rs.Status
	if old.Replicas == st.Replicas && old.ReadyReplicas == st.ReadyReplicas && old.AvailableReplicas == st.AvailableReplicas &&
		old.TerminatingReplicas != nil && *old.TerminatingReplicas == term && old.ObservedGeneration == st.ObservedGeneration &&
		len(old.Conditions) == len(st.Conditions) {
		return
	}
	r.rs.Status = st
	c.recordConditions(r, old.Conditions, st.Conditions)
	c.changed(r)
}

// recordConditions notes the ReplicaSet's condition changes in the
// timeline, under its timeline name.
func (c *replicaSetController) recordConditions(r *replicaSet, old, cur []appsv1.ReplicaSetCondition) {
	for _, cond := range cur {
		was := corev1.ConditionStatus("")
		for _, o := range old {
			if o.Type == cond.Type {
				was = o.Status
			}
		}
		if was != cond.Status {
			c.api.recordObjectCondition("ReplicaSet", r.rs.Name, string(cond.Type), string(cond.Status), cond.Reason, cond.Message)
		}
	}
}

func replicaSetCondition(st *appsv1.ReplicaSetStatus, t appsv1.ReplicaSetConditionType) *appsv1.ReplicaSetCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
}

// podAvailable is podutil.IsPodAvailable: Ready, and with minReadySeconds,
// Ready since at least that long (the condition's lastTransitionTime as
// the API gives it, in whole seconds).
func podAvailable(p *corev1.Pod, minReady int32, now time.Time) bool {
	c := podConditionOf(&p.Status, corev1.PodReady)
	if c == nil || c.Status != corev1.ConditionTrue {
		return false
	}
	if minReady == 0 {
		return true
	}
	t := apiSeconds(c.LastTransitionTime)
	return !c.LastTransitionTime.IsZero() && !t.Add(time.Duration(minReady)*time.Second).After(now)
}

// nextAvailabilityCheck is controller.FindMinNextPodAvailabilityCheck:
// the time until the next Ready pod becomes available.
func nextAvailabilityCheck(active []*corev1.Pod, minReady int32, now time.Duration) (time.Duration, bool) {
	if minReady <= 0 {
		return 0, false
	}
	wall := Epoch.Add(now)
	var next time.Duration
	found := false
	for _, p := range active {
		c := podConditionOf(&p.Status, corev1.PodReady)
		if c == nil || c.Status != corev1.ConditionTrue || c.LastTransitionTime.IsZero() {
			continue
		}
		at := apiSeconds(c.LastTransitionTime).Add(time.Duration(minReady) * time.Second)
		if !at.After(wall) {
			continue
		}
		if d := at.Sub(wall); !found || d < next {
			next, found = d, true
		}
	}
	return next, found
}
