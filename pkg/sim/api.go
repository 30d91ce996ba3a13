package sim

import (
	"fmt"
	"slices"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"

	"github.com/podlife/podlife/pkg/kubelet/conditions"
	"github.com/podlife/podlife/pkg/printer"
	"github.com/podlife/podlife/pkg/timeline"
)

var podResource = schema.GroupResource{Resource: "pods"}

// apiServer holds the objects of the simulated cluster and applies the API
// server's rules to writes: defaulting, validation, admission plugins,
// graceful deletion. Watchers (scheduler, controllers, kubelets) are told
// of changes later in the same instant, as a watch would (api_notify.go).
type apiServer struct {
	env *env
	// namespace is the scenario's; cp the control plane's profile.
	namespace       string
	cp              *Profile
	pods            map[string]*storedPod
	nodes           map[string]*corev1.Node
	priorityClasses map[string]*schedulingv1.PriorityClass
	configMaps      map[string]*corev1.ConfigMap
	secrets         map[string]*corev1.Secret
	events          eventStore // events.go
	// bound indexes the pods bound to each node by name (api_notify.go).
	bound map[string]map[string]*corev1.Pod
	// nodeOrder is the nodes' names in the order they were created.
	nodeOrder []string
	// leases are the nodes' Leases (api_notify.go).
	leases map[string]*lease
	rv     int64
	// graceMessages are the timeline's delete messages by grace.
	graceMessages map[int64]string
	// tolerations are the default ones every pod without its own shares
	// (defaults.go admitDefaultTolerationSeconds).
	tolerations []corev1.Toleration
	// quota is the ResourceQuota admission plugin's view of the
	// namespace's quotas (quota.go), nil in a store without one.
	quota *quotaController

	// shown, while RunUntilShown runs, is asked after each status write
	// (sim.go).
	shown func()

	// The watches open on the store (api_notify.go).
	podWatchers  []podWatcher
	nodeWatchers []nodeWatcher
	kubeletWatch map[string]nodePodWatcher
	// deliveries are the pod events not yet delivered, and deliver the
	// function that delivers the next one (api_notify.go).
	deliveries fifo[podDelivery]
	deliver    func()
}

func newAPIServer(e *env, namespace string, cp *Profile) *apiServer {
	a := &apiServer{
		env: e, namespace: namespace, cp: cp,
		leases:          map[string]*lease{},
		kubeletWatch:    map[string]nodePodWatcher{},
		pods:            map[string]*storedPod{},
		nodes:           map[string]*corev1.Node{},
		priorityClasses: map[string]*schedulingv1.PriorityClass{},
		configMaps:      map[string]*corev1.ConfigMap{},
		secrets:         map[string]*corev1.Secret{},
		bound:           map[string]map[string]*corev1.Pod{},
		tolerations:     defaultTolerations(),
	}
	a.deliver = a.deliverPodEvent
	for _, pc := range builtinPriorityClasses() {
		a.priorityClasses[pc.Name] = pc
	}
	return a
}

func (a *apiServer) nextRV() string {
	a.rv++
	return strconv.FormatInt(a.rv, 10)
}

func (a *apiServer) createNode(in *corev1.Node) (*corev1.Node, error) {
	n := in.DeepCopy()
	if n.Name == "" {
		return nil, fmt.Errorf("a node needs a name")
	}
	n.UID = types.UID(a.env.newUID())
	n.CreationTimestamp = a.env.wall(a.env.now)
	n.ResourceVersion = a.nextRV()
	if n.Status.Allocatable == nil {
		n.Status.Allocatable = n.Status.Capacity.DeepCopy()
	}
	if len(n.Status.Conditions) == 0 {
		now := a.env.wall(a.env.now)
		n.Status.Conditions = []corev1.NodeCondition{{
			Type: corev1.NodeReady, Status: corev1.ConditionTrue, Reason: "KubeletReady",
			Message: "kubelet is posting ready status", LastHeartbeatTime: now, LastTransitionTime: now,
		}}
	}
	a.nodes[n.Name] = n
	a.nodeOrder = append(a.nodeOrder, n.Name)
	a.nodeChanged(n, watchAdded)
	return n, nil
}

// createPriorityClass validates as pkg/apis/scheduling/validation
// (ValidatePriorityClass) does: user classes may not exceed
// HighestUserDefinablePriority (1000000000) and the system- prefix is
// reserved.
func (a *apiServer) createPriorityClass(in *schedulingv1.PriorityClass) error {
	if in.Name == "" {
		return fmt.Errorf("a priority class needs a name")
	}
	if _, dup := a.priorityClasses[in.Name]; dup {
		return apierrors.NewAlreadyExists(schema.GroupResource{Group: "scheduling.k8s.io", Resource: "priorityclasses"}, in.Name)
	}
	if len(in.Name) >= len("system-") && in.Name[:len("system-")] == "system-" {
		return fmt.Errorf("priority class %q: the prefix system- is reserved for system classes", in.Name)
	}
	if in.Value > HighestUserDefinablePriority {
		return fmt.Errorf("priority class %q: value %d must not be greater than %d", in.Name, in.Value, HighestUserDefinablePriority)
	}
	pc := in.DeepCopy()
	a.priorityClasses[pc.Name] = pc
	return nil
}

// applySchedulingGatedCondition: a pod created with scheduling gates
// shows PodScheduled=False, reason SchedulingGated, from its creation
// (pkg/registry/core/pod/strategy.go, PrepareForCreate and
// applySchedulingGatedCondition).
func applySchedulingGatedCondition(p *corev1.Pod) {
	if len(p.Spec.SchedulingGates) == 0 || podConditionOf(&p.Status, corev1.PodScheduled) != nil {
		return
	}
	setPodCondition(&p.Status, corev1.PodCondition{Type: corev1.PodScheduled, Status: corev1.ConditionFalse,
		Reason: corev1.PodReasonSchedulingGated, Message: "Scheduling is blocked due to non-empty scheduling gates"})
}

// createPod is the pod REST create: admission plugins (Priority,
// DefaultTolerationSeconds), defaulting (SetDefaults_Pod), validation
// (ValidatePodCreate), then the strategy's PrepareForCreate, which sets the
// phase Pending and the QoS class once (pkg/registry/core/pod/strategy.go).
// p is the caller's copy, decoded from the request: the API server keeps
// it.
func (a *apiServer) createPod(p *corev1.Pod) error {
	if p.Namespace != "kube-system" { // kept for the critical pods of the 1.10 profile
		p.Namespace = a.namespace
	}
	if _, dup := a.pods[p.Name]; dup {
		return apierrors.NewAlreadyExists(podResource, p.Name)
	}
	if err := a.admitPriority(p); err != nil {
		return err
	}
	admitDefaultTolerationSeconds(p, a.tolerations)
	if !a.cp.ContainerRestartRules {
		dropContainerRestartRules(&p.Spec)
	}
	if !a.cp.Sidecars {
		dropSidecarRestartPolicy(&p.Spec)
	}
	if !a.cp.PodLevelResources {
		// dropDisabledPodLevelResources (pkg/api/pod/util.go; before 1.32
		// the field is unknown and dropped as the pod is decoded).
		p.Spec.Resources = nil
	}
	setDefaultsPod(p)
	if errs := validatePod(p); len(errs) > 0 {
		return apierrors.NewInvalid(schema.GroupKind{Kind: "Pod"}, p.Name, errs)
	}
	// The validating admission plugins run after the strategy's
	// validation (the store's Create: BeforeCreate, then
	// createValidation): ResourceQuota charges the pod (quota.go).
	if a.quota != nil {
		if err := a.quota.admit(p); err != nil {
			return err
		}
	}
	if p.UID == "" || !isMirrorPod(p) { // a mirror pod keeps its static pod's UID (static.go)
		p.UID = types.UID(a.env.newUID())
	}
	p.CreationTimestamp = a.env.wall(a.env.now)
	p.ResourceVersion = a.nextRV()
	p.Generation = 1
	p.Status = corev1.PodStatus{Phase: corev1.PodPending, QOSClass: computePodQOS(p)}
	applySchedulingGatedCondition(p)
	a.pods[p.Name] = &storedPod{pod: p}
	a.env.record(timeline.Event{Pod: p.Name, Kind: timeline.PodCreated})
	if len(p.Status.Conditions) > 0 {
		// The gated condition is new; the phase Pending is the one every
		// pod is created with, not a change.
		a.recordStatusDiff(p.Name, &corev1.PodStatus{Phase: p.Status.Phase}, &p.Status)
	}
	a.recordColumns(p, "")
	if p.Spec.NodeName != "" {
		a.podAssigned(p) // api_notify.go
	}
	a.podChanged(podEvent{typ: watchAdded, pod: p, node: p.Spec.NodeName, bound: p.Spec.NodeName != "", holds: holdsResources(p)})
	return nil
}

// admitPriority is the Priority admission plugin
// (plugin/pkg/admission/priority/admission.go, Admit): it resolves
// priorityClassName into spec.priority and spec.preemptionPolicy, and
// refuses a pod that sets either to another value than its class's.
func (a *apiServer) admitPriority(p *corev1.Pod) error {
	name := p.Spec.PriorityClassName
	var value int32
	var policy *corev1.PreemptionPolicy
	if name == "" {
		// With no default class: priority 0 and PreemptLowerPriority
		// (getDefaultPriority).
		lower := corev1.PreemptLowerPriority
		policy = &lower
		if pc := a.globalDefaultPriorityClass(); pc != nil {
			name, value, policy = pc.Name, pc.Value, pc.PreemptionPolicy
		}
	} else {
		pc, ok := a.priorityClasses[name]
		if !ok {
			return apierrors.NewForbidden(podResource, p.Name, fmt.Errorf("no PriorityClass with name %s was found", name))
		}
		value, policy = pc.Value, pc.PreemptionPolicy
	}
	if p.Spec.Priority != nil && *p.Spec.Priority != value {
		return apierrors.NewForbidden(podResource, p.Name, fmt.Errorf("the integer value of priority (%d) must not be provided in pod spec; priority admission controller computed %d from the given PriorityClass name", *p.Spec.Priority, value))
	}
	p.Spec.Priority = &value
	if policy == nil {
		// A PriorityClass's preemptionPolicy defaults to
		// PreemptLowerPriority (SetDefaults_PriorityClass).
		lower := corev1.PreemptLowerPriority
		policy = &lower
	}
	if p.Spec.PreemptionPolicy != nil && *p.Spec.PreemptionPolicy != *policy {
		return apierrors.NewForbidden(podResource, p.Name, fmt.Errorf("the string value of PreemptionPolicy (%s) must not be provided in pod spec; priority admission controller computed %s from the given PriorityClass name", *p.Spec.PreemptionPolicy, *policy))
	}
	pp := *policy
	p.Spec.PreemptionPolicy = &pp
	if name != "" && p.Spec.PriorityClassName == "" {
		p.Spec.PriorityClassName = name
	}
	return nil
}

// globalDefaultPriorityClass is the class marked globalDefault (the first
// by name should there be several), or nil.
func (a *apiServer) globalDefaultPriorityClass() *schedulingv1.PriorityClass {
	var def *schedulingv1.PriorityClass
	for _, pc := range a.priorityClasses {
		if pc.GlobalDefault && (def == nil || pc.Name < def.Name) {
			def = pc
		}
	}
	return def
}

// deletePod is the generic registry's Delete for pods: rest.BeforeDelete
// (staging/src/k8s.io/apiserver/pkg/registry/rest/delete.go), the pod
// strategy's CheckGracefulDelete (pkg/registry/core/pod/strategy.go) and
// updateForGracefulDeletionAndFinalizers in
// staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go.
// uid, when set, is a UID precondition (the kubelet's final delete).
func (a *apiServer) deletePod(name string, opts metav1.DeleteOptions, uid types.UID) error {
	e, ok := a.pods[name]
	if !ok {
		return apierrors.NewNotFound(podResource, name)
	}
	p := e.pod
	if uid != "" && p.UID != uid {
		return apierrors.NewConflict(podResource, name, fmt.Errorf("the UID in the precondition (%s) does not match the UID in record (%s)", uid, p.UID))
	}
	var requested *int64
	if opts.GracePeriodSeconds != nil {
		g := *opts.GracePeriodSeconds
		// BeforeDelete: negative values are treated as 1 on the delete path.
		if g < 0 {
			g = 1
		}
		requested = &g
	}
	now := a.env.now
	if p.DeletionTimestamp != nil {
		// Already being deleted: the grace period may only shrink.
		current := p.DeletionGracePeriodSeconds
		if current == nil || *current == 0 {
			a.removeUnlessFinalized(p)
			return nil
		}
		if requested == nil || *requested >= *current {
			return nil // graceful deletion pending: nothing changes
		}
		ts := p.DeletionTimestamp.Time.Add(-time.Duration(*current) * time.Second).Add(time.Duration(*requested) * time.Second)
		g := *requested
		// 1.33+ (PR #122646): the new deadline is never in the past; when
		// it had to be clamped, a non-zero request is stored as 1.
		if nowWall := a.env.wall(now).Time; ts.Before(nowWall) && a.cp.ClampDeletionDeadline {
			ts = nowWall
			if g != 0 {
				g = 1
			}
		}
		mt := metav1.NewTime(ts)
		a.markDeleting(p, &mt, g)
		if g == 0 {
			a.removeUnlessFinalized(p)
		}
		return nil
	}
	// First delete: CheckGracefulDelete picks the period.
	var period int64
	switch {
	case requested != nil:
		period = *requested
	case p.Spec.TerminationGracePeriodSeconds != nil:
		period = *p.Spec.TerminationGracePeriodSeconds
	}
	if p.Spec.NodeName == "" {
		period = 0 // an unscheduled pod is deleted at once
	}
	if p.Status.Phase == corev1.PodSucceeded || p.Status.Phase == corev1.PodFailed {
		period = 0 // a terminated pod is deleted at once
	}
	if period < 0 {
		period = 1
	}
	ts := a.env.wall(now + time.Duration(period)*time.Second)
	a.markDeleting(p, &ts, period)
	if period == 0 && len(p.Finalizers) == 0 {
		a.removePod(p)
	}
	return nil
}

// markDeleting persists deletionTimestamp and deletionGracePeriodSeconds;
// watchers see a MODIFIED event.
func (a *apiServer) markDeleting(p *corev1.Pod, ts *metav1.Time, grace int64) {
	first := p.DeletionTimestamp == nil
	before := a.statusColumn(p)
	defer a.recordColumns(p, before)
	g := grace
	p.DeletionTimestamp = ts
	p.DeletionGracePeriodSeconds = &g
	if first && p.Generation > 0 {
		p.Generation++
	}
	p.ResourceVersion = a.nextRV()
	a.env.record(timeline.Event{Pod: p.Name, Kind: timeline.DeleteRequested, Code: int(grace),
		Message: a.graceMessage(grace)})
	h := holdsResources(p)
	a.podChanged(podEvent{typ: watchModified, pod: p, node: p.Spec.NodeName, held: h, holds: h})
}

// graceMessage is the timeline's message of a delete with that grace,
// made once for each grace: a cluster's pods are deleted with a few.
func (a *apiServer) graceMessage(grace int64) string {
	if m, ok := a.graceMessages[grace]; ok {
		return m
	}
	if a.graceMessages == nil {
		a.graceMessages = map[int64]string{}
	}
	m := "deletionGracePeriodSeconds=" + strconv.FormatInt(grace, 10)
	a.graceMessages[grace] = m
	return m
}

// removeUnlessFinalized removes a pod whose graceful deletion is over,
// unless a finalizer holds it: the store then keeps it, with its
// deletionTimestamp, until the last finalizer is removed
// (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go,
// updateForGracefulDeletionAndFinalizers and deletionFinalizersForGarbageCollection;
// a Job's pods carry batch.kubernetes.io/job-tracking).
func (a *apiServer) removeUnlessFinalized(p *corev1.Pod) {
	if len(p.Finalizers) == 0 {
		a.removePod(p)
	}
}

// removeFinalizer is a controller's patch of a pod's metadata that drops
// one finalizer. A pod whose deletion is over (deletionGracePeriodSeconds
// 0) and has no finalizer left is removed by the update (the store's
// Update, ShouldDeleteDuringUpdate); else watchers see a MODIFIED event.
// It reports whether the pod had the finalizer.
func (a *apiServer) removeFinalizer(p *corev1.Pod, finalizer string) bool {
	i := slices.Index(p.Finalizers, finalizer)
	if i < 0 || a.pods[p.Name] == nil || a.pods[p.Name].pod != p {
		return false
	}
	p.Finalizers = slices.Delete(slices.Clone(p.Finalizers), i, i+1)
	if len(p.Finalizers) == 0 {
		p.Finalizers = nil
	}
	p.ResourceVersion = a.nextRV()
	if p.DeletionTimestamp != nil && p.DeletionGracePeriodSeconds != nil && *p.DeletionGracePeriodSeconds == 0 && len(p.Finalizers) == 0 {
		a.removePod(p)
		return true
	}
	h := holdsResources(p)
	a.podChanged(podEvent{typ: watchModified, pod: p, node: p.Spec.NodeName, held: h, holds: h})
	return true
}

func (a *apiServer) removePod(p *corev1.Pod) {
	if e := a.pods[p.Name]; e != nil {
		e.gone = true
	}
	delete(a.pods, p.Name)
	a.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Deleted})
	a.podRemoved(p) // api_notify.go
	a.podChanged(podEvent{typ: watchDeleted, pod: p, node: p.Spec.NodeName, held: holdsResources(p)})
}

// bind is the binding subresource (pkg/registry/core/pod/storage,
// setPodNodeAndMetadata): it sets spec.nodeName and PodScheduled=True.
func (a *apiServer) bind(p *corev1.Pod, node string) {
	p.Spec.NodeName = node
	a.podAssigned(p)
	st := *p.Status.DeepCopy()
	setPodCondition(&st, corev1.PodCondition{Type: corev1.PodScheduled, Status: corev1.ConditionTrue, LastTransitionTime: a.env.wall(a.env.now)})
	// 1.35+ (ClearingNominatedNodeNameAfterBinding): binding clears the
	// nominated node (pkg/registry/core/pod/storage/storage.go).
	st.NominatedNodeName = ""
	a.writeStatus(p, st)
	// One write: a MODIFIED event for the watchers of every pod, ADDED for
	// the node's kubelet, whose field selector the pod now matches.
	a.podChanged(podEvent{typ: watchModified, pod: p, node: node, bound: true, holds: holdsResources(p)})
}

// updatePodStatus writes a status for the pod with that UID and records
// what changed in the timeline: phase, conditions and container readiness.
func (a *apiServer) updatePodStatus(name string, uid types.UID, st corev1.PodStatus) bool {
	e, ok := a.pods[name]
	if !ok || e.pod.UID != uid {
		return false
	}
	a.updateStoredStatus(e, st)
	return true
}

// updateStoredStatus is updatePodStatus for a pod whose record the
// writer holds (storedPod), still stored.
func (a *apiServer) updateStoredStatus(e *storedPod, st corev1.PodStatus) {
	p := e.pod
	held := holdsResources(p)
	a.writeStatus(p, st)
	a.podChanged(podEvent{typ: watchModified, pod: p, node: p.Spec.NodeName, status: true, held: held, holds: holdsResources(p)})
}

// writeStatus stores a pod's new status and records what changed.
func (a *apiServer) writeStatus(p *corev1.Pod, st corev1.PodStatus) {
	old := p.Status
	before := a.statusColumn(p)
	p.Status = st
	p.ResourceVersion = a.nextRV()
	a.recordStatusDiff(p.Name, &old, &p.Status)
	a.recordColumns(p, before)
	a.statusWritten(p, &old) // api_notify.go
	if a.shown != nil {
		a.shown()
	}
}

// statusColumn is the STATUS column `kubectl get pods` shows for p, by
// this API server's printer (server-side printing).
func (a *apiServer) statusColumn(p *corev1.Pod) string {
	return printer.Status(p, printer.Options{
		TerminatingOnlyIfNotTerminal: a.cp.TerminatingOnlyIfNotTerminal,
		CompletedShowsError:          a.cp.CompletedShowsError,
	})
}

// recordColumns notes a change of the STATUS column in the timeline.
func (a *apiServer) recordColumns(p *corev1.Pod, before string) {
	if after := a.statusColumn(p); after != before {
		a.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Status, Reason: after})
	}
}

// recordStatusDiff records what a status write changed in causal order
// (docs/language.md, Time: order, "of two events at one instant the
// cause comes first"): the pod's conditions in the order each follows
// from the one before (conditions.Rank), each container's readiness
// before the conditions that follow from it (conditions.Stage: the init
// containers' before Initialized, the others' before ContainersReady),
// then the phase. The API's list order (Ready
// before ContainersReady, generateAPIPodStatus) is not an order of
// events: held-out set 41's `Condition(ContainersReady=True)` row before
// `Condition(Ready=True)` failed on the simulator only.
func (a *apiServer) recordStatusDiff(pod string, old, cur *corev1.PodStatus) {
	changed := make([]*corev1.PodCondition, 0, len(cur.Conditions))
	for i := range cur.Conditions {
		c := &cur.Conditions[i]
		var prev *corev1.PodCondition
		for i := range old.Conditions {
			if old.Conditions[i].Type == c.Type {
				prev = &old.Conditions[i]
			}
		}
		if prev == nil || prev.Status != c.Status {
			changed = append(changed, c)
		}
	}
	slices.SortStableFunc(changed, func(x, y *corev1.PodCondition) int { return conditions.Rank(x.Type) - conditions.Rank(y.Type) })
	record := func(stage int) {
		for _, c := range changed {
			if conditions.Stage(c.Type) != stage {
				continue
			}
			msg := c.Reason
			if c.Message != "" {
				msg = a.env.joined.join(c.Reason, c.Message)
			}
			a.env.record(timeline.Event{Pod: pod, Kind: timeline.Condition, Reason: string(c.Type), Status: string(c.Status), Message: msg})
		}
	}
	diffReady := func(olds, curs []corev1.ContainerStatus) {
		for i := range curs {
			c := &curs[i]
			was := false
			for j := range olds {
				if olds[j].Name == c.Name {
					was = olds[j].Ready
				}
			}
			if c.Ready != was {
				k := timeline.Ready
				if !c.Ready {
					k = timeline.NotReady
				}
				a.env.record(timeline.Event{Pod: pod, Container: c.Name, Kind: k})
			}
		}
	}
	record(conditions.Before)
	diffReady(old.InitContainerStatuses, cur.InitContainerStatuses)
	record(conditions.AfterInit)
	diffReady(old.ContainerStatuses, cur.ContainerStatuses)
	record(conditions.AfterAll)
	if old.Phase != cur.Phase {
		a.env.record(timeline.Event{Pod: pod, Kind: timeline.Phase, Reason: string(cur.Phase), Message: cur.Reason})
	}
}

// Reads of the store, as the other components' GETs and LISTs. The
// objects are the store's own, not copies: a reader must not change them,
// and a write goes through the API server's methods (internal/designrules
// checks that no other file reaches the store's maps).

func (a *apiServer) pod(name string) *corev1.Pod {
	if e := a.pods[name]; e != nil {
		return e.pod
	}
	return nil
}

// storedPod is the store's record of a pod, from its create to its
// removal: a component that holds a pod for its life (a pod worker) keeps
// the record, which tells whether the pod is still stored without a
// lookup by name (with 100,000 pods, a cache miss in a large map each
// time; issue 19).
type storedPod struct {
	pod  *corev1.Pod
	gone bool // removed from the store
}

// stored is the record of the pod stored under name, or nil.
func (a *apiServer) stored(name string) *storedPod { return a.pods[name] }

func (a *apiServer) node(name string) *corev1.Node           { return a.nodes[name] }
func (a *apiServer) configMap(name string) *corev1.ConfigMap { return a.configMaps[name] }
func (a *apiServer) secret(name string) *corev1.Secret       { return a.secrets[name] }

// podNames lists the pods' names in the order a LIST returns them (etcd's
// key order).
func (a *apiServer) podNames() []string { return sortedKeys(a.pods) }

// boundTo is the pods bound to a node by name, for sums whose order does
// not matter (podsOn lists them in order).
func (a *apiServer) boundTo(node string) map[string]*corev1.Pod { return a.bound[node] }

func (a *apiServer) createConfigMap(in *corev1.ConfigMap) error {
	if _, dup := a.configMaps[in.Name]; dup {
		return fmt.Errorf("config map %q already exists", in.Name)
	}
	a.configMaps[in.Name] = in.DeepCopy()
	return nil
}

func (a *apiServer) createSecret(in *corev1.Secret) error {
	if _, dup := a.secrets[in.Name]; dup {
		return fmt.Errorf("secret %q already exists", in.Name)
	}
	a.secrets[in.Name] = in.DeepCopy()
	return nil
}

// eventList is a LIST of the Kubernetes Events.
func (a *apiServer) eventList() []*corev1.Event { return a.events.events() }

// deleteNode removes a node and its Lease, with a DELETED event.
func (a *apiServer) deleteNode(name string) {
	n := a.nodes[name]
	delete(a.nodes, name)
	delete(a.leases, name)
	a.nodeOrder = slices.DeleteFunc(slices.Clone(a.nodeOrder), func(s string) bool { return s == name })
	a.nodeChanged(n, watchDeleted)
}

// The components' event recorder (k8s.io/client-go/tools/record
// event.go, v0.36.3): each Event goes to the API server's store
// (eventStore, events.go, which aggregates identical ones as the
// recorder's correlator does) and to the timeline.

// recordEvent is a Kubernetes Event about a pod (and one of its containers
// when c is set). Identical events are aggregated into a count.
func (a *apiServer) recordEvent(p *corev1.Pod, c *corev1.Container, init bool, eventType, reason, message, source string) {
	e := event{reason: reason, message: timeline.NamedText{Head: message}, eventType: eventType, source: source}
	if c != nil {
		e.container, e.init = c.Name, init
	}
	host := ""
	if source == "kubelet" && p.Spec.NodeName != "" {
		host = p.Spec.NodeName
	}
	a.events.add(a.env.now, eventObject{namespace: p.Namespace, name: p.Name, uid: p.UID}, e, host)
	a.env.record(timeline.Event{Pod: p.Name, Container: e.container, Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}

// recordBudgetEvent is a Kubernetes Event about a PodDisruptionBudget. The
// timeline shows it under "pdb/<name>" (no pod name has a slash).
func (a *apiServer) recordBudgetEvent(pdb *policyv1.PodDisruptionBudget, eventType, reason, message, source string) {
	e := event{reason: reason, message: timeline.NamedText{Head: message}, eventType: eventType, source: source}
	a.events.add(a.env.now, eventObject{kind: "PodDisruptionBudget", namespace: pdb.Namespace, name: pdb.Name, uid: pdb.UID}, e, "")
	a.env.record(timeline.Event{Pod: budgetTimelineName(pdb.Name), Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}

// recordNodeEvent is a Kubernetes Event about a node. The timeline shows it
// under "node/<name>".
func (a *apiServer) recordNodeEvent(n *corev1.Node, eventType, reason, message, source string) {
	e := event{reason: reason, message: timeline.NamedText{Head: message}, eventType: eventType, source: source}
	host := ""
	if source == "kubelet" {
		host = n.Name
	}
	a.events.add(a.env.now, eventObject{kind: "Node", name: n.Name, uid: n.UID}, e, host)
	a.env.record(timeline.Event{Pod: nodeTimelineName(n.Name), Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}

// recordObjectEvent is a Kubernetes Event about a workload (a controller
// recorded it: its source is the controller's name), under its timeline
// name.
func (a *apiServer) recordObjectEvent(kind string, meta *metav1.ObjectMeta, eventType, reason, message, source string) {
	e := event{reason: reason, message: timeline.NamedText{Head: message}, eventType: eventType, source: source}
	a.events.add(a.env.now, eventObject{kind: kind, namespace: meta.Namespace, name: meta.Name, uid: meta.UID}, e, "")
	a.env.record(timeline.Event{Pod: ObjectTimelineName(kind, meta.Name), Kind: timeline.KubeEvent, Reason: reason, Message: message, Status: eventType})
}

// recordObjectCondition notes a change of a workload's condition in the
// timeline, under its timeline name, as a pod's condition changes are
// (api.go recordStatusDiff).
func (a *apiServer) recordObjectCondition(kind, name, condType, status, reason, message string) {
	msg := reason
	if message != "" {
		msg = reason + ": " + message
	}
	a.env.record(timeline.Event{Pod: ObjectTimelineName(kind, name), Kind: timeline.Condition, Reason: condType, Status: status, Message: msg})
}

// recordObjectConditionRemoved notes that a workload's condition was
// taken out of its status: a change with no status, so that the
// timeline tells the conditions at every instant (the steps judge a
// timed condition check on it).
func (a *apiServer) recordObjectConditionRemoved(kind, name, condType string) {
	a.env.record(timeline.Event{Pod: ObjectTimelineName(kind, name), Kind: timeline.Condition, Reason: condType, Message: "removed"})
}
