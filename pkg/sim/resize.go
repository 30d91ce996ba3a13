package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/util/validation/field"
	resourcehelper "k8s.io/component-helpers/resource"
)

// ErrResizeNotModelled is wrapped by ResizePod's errors for what the
// simulator does not model of a resize (an init container's, a pod's
// with pod-level resources, an API server without the subresource).
var ErrResizeNotModelled = errors.New("not modelled by the simulator")

// resizeState is what the kubelet's status manager caches of a pod's
// resize (pkg/kubelet/status/status_manager.go podResizeConditions,
// v1.36.3): the PodResizePending and PodResizeInProgress conditions, nil
// when not set. Both are kubelet-owned conditions of the pod's status.
type resizeState struct {
	pending, inProgress *corev1.PodCondition
}

// ResizePod is a patch of the pod's resize subresource
// (pkg/registry/core/pod/storage/storage.go ResizeREST, v1.36.3): for each
// container named, the requests and limits given replace the container's
// own, the others kept (a strategic merge patch of
// spec.containers[].resources). The API server validates the new pod
// against the old (pkg/apis/core/validation ValidatePodResize, v1.36.3):
// the new spec as a pod's (requests at most their limits), a static pod
// cannot be resized, the QoS class may not change, a pod on a kubelet
// without in-place resize cannot be resized, only cpu and memory may; the resize strategy bumps the generation
// (pkg/registry/core/pod/strategy.go podResizeStrategy.PrepareForUpdate,
// updatePodGeneration). A rejection is the API's Invalid error, its
// message as the API server words it.
func (s *Simulator) ResizePod(name string, patch map[string]corev1.ResourceRequirements) error {
	p := s.api.pod(name)
	if p == nil {
		return apierrors.NewNotFound(podResource, name)
	}
	return s.api.resize(p, patch)
}

func (a *apiServer) resize(p *corev1.Pod, patch map[string]corev1.ResourceRequirements) error {
	if !a.cp.InPlacePodVerticalScaling {
		return fmt.Errorf("%w: an API server of %s has no resize subresource that the simulator models (1.33+)", ErrResizeNotModelled, a.cp.Version)
	}
	invalid := func(errs field.ErrorList) error {
		return apierrors.NewInvalid(schema.GroupKind{Kind: "Pod"}, p.Name, errs)
	}
	if isMirrorPod(p) {
		return invalid(field.ErrorList{field.Forbidden(field.NewPath(""), "static pods cannot be resized")})
	}
	if r := p.Spec.Resources; r != nil && len(r.Requests)+len(r.Limits) > 0 {
		return fmt.Errorf("%w: the resize of a pod with pod-level resources (InPlacePodLevelResourcesVerticalScaling)", ErrResizeNotModelled)
	}
	for _, c := range p.Spec.InitContainers {
		if _, ok := patch[c.Name]; ok {
			return fmt.Errorf("%w: the resize of init container %q", ErrResizeNotModelled, c.Name)
		}
	}
	next := make([]corev1.Container, len(p.Spec.Containers))
	changed, others := false, false
	for i := range p.Spec.Containers {
		next[i] = *p.Spec.Containers[i].DeepCopy()
		r, ok := patch[next[i].Name]
		if !ok {
			continue
		}
		merge := func(into *corev1.ResourceList, from corev1.ResourceList) {
			for n, q := range from {
				if n != corev1.ResourceCPU && n != corev1.ResourceMemory {
					others = true
				}
				if old, ok := (*into)[n]; ok && old.Cmp(q) == 0 {
					continue
				}
				if *into == nil {
					*into = corev1.ResourceList{}
				}
				(*into)[n] = q.DeepCopy()
				changed = true
			}
		}
		merge(&next[i].Resources.Requests, r.Requests)
		merge(&next[i].Resources.Limits, r.Limits)
	}
	for n := range patch {
		if !hasContainer(p.Spec.Containers, n) {
			return fmt.Errorf("pod %q has no container %q", p.Name, n)
		}
	}
	resized := *p
	resized.Spec.Containers = next
	// validatePodMetadataAndSpec of the new pod: the checks of a pod's
	// creation (a request above its limit among them).
	errs := validatePod(&resized)
	if old, now := podQOSOf(p), computePodQOS(&resized); old != now {
		errs = append(errs, field.Invalid(field.NewPath("spec"), p.Status.QOSClass, "Pod QOS Class may not change as a result of resizing"))
	}
	if !isPodResizeRequestSupported(p) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "Pod running on node without support for resize"))
	}
	if others {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "only cpu and memory resources are mutable"))
	}
	if len(errs) > 0 {
		return invalid(errs)
	}
	if !changed {
		return nil // the same resources: the API server writes nothing
	}
	if err := a.resizeAdmitted(p, &resized); err != nil {
		return err
	}
	p.Spec.Containers = next
	if p.Generation > 0 {
		p.Generation++
	}
	p.ResourceVersion = a.nextRV()
	h := holdsResources(p)
	a.podChanged(podEvent{typ: watchModified, pod: p, node: p.Spec.NodeName, held: h, holds: h})
	return nil
}

// resizeAdmitted is the PodResizeValidator admission plugin
// (plugin/pkg/admission/podresize/admission.go Validate,
// validateNodeAllocatable, validateRequestsWithinAllocatable, v1.36.3),
// after validation and only for a change of the spec (the generation
// moves): a bound pod whose requests would exceed its node's allocatable
// cpu or memory is refused, Forbidden, with the plugin's message. A
// resize that fits the node but not beside its other pods passes here
// and is the kubelet's to defer (kind v1.36.3, 2026-11-30: a resize to 8
// CPU on a 2-CPU node was refused by the API server, where the simulator
// had it Deferred by the kubelet).
func (a *apiServer) resizeAdmitted(old, resized *corev1.Pod) error {
	if !a.cp.ResizeAdmission || old.Spec.NodeName == "" {
		return nil
	}
	n := a.node(old.Spec.NodeName)
	if n == nil {
		return apierrors.NewForbidden(podResource, old.Name, fmt.Errorf("node %q not found", old.Spec.NodeName))
	}
	req := resourcehelper.PodRequests(resized, resourcehelper.PodResourcesOptions{})
	alloc := n.Status.Allocatable
	var msg []string
	if c, have := req[corev1.ResourceCPU], alloc.Cpu(); c.Cmp(*have) > 0 {
		msg = append(msg, fmt.Sprintf("cpu, requested: %d, allocatable: %d", c.MilliValue(), have.MilliValue()))
	}
	if m, have := req[corev1.ResourceMemory], alloc.Memory(); m.Cmp(*have) > 0 {
		msg = append(msg, fmt.Sprintf("memory, requested: %d, allocatable: %d", m.Value(), have.Value()))
	}
	if len(msg) > 0 {
		return apierrors.NewForbidden(podResource, old.Name, fmt.Errorf("node didn't have enough allocatable resources: %s", strings.Join(msg, "; ")))
	}
	return nil
}

// isPodResizeRequestSupported (pkg/apis/core/validation, v1.36.3): the
// version skew's guard, a pod whose first running container's status has
// no resources runs on a kubelet without in-place resize (before 1.33 on
// the simulator); a pod with no running container is assumed to.
func isPodResizeRequestSupported(p *corev1.Pod) bool {
	for _, c := range p.Status.ContainerStatuses {
		if c.State.Running != nil {
			return c.Resources != nil
		}
	}
	return true
}

// podQOSOf is GetPodQOS (pkg/apis/core/helper/qos): the status's class
// when set, else computed.
func podQOSOf(p *corev1.Pod) corev1.PodQOSClass {
	if p.Status.QOSClass != "" {
		return p.Status.QOSClass
	}
	return computePodQOS(p)
}

func hasContainer(list []corev1.Container, name string) bool {
	for i := range list {
		if list[i].Name == name {
			return true
		}
	}
	return false
}

// sameResources compares two resource requirements by their quantities.
func sameResources(a, b *corev1.ResourceRequirements) bool {
	same := func(x, y corev1.ResourceList) bool {
		if len(x) != len(y) {
			return false
		}
		for n, q := range x {
			if o, ok := y[n]; !ok || o.Cmp(q) != 0 {
				return false
			}
		}
		return true
	}
	return same(a.Requests, b.Requests) && same(a.Limits, b.Limits)
}

// allocatedResources is the allocated resources of a regular container
// (the allocation manager's GetContainerResourceAllocation), nil for an
// init container.
func (p *runtimePod) allocatedResources(c *ctr) *corev1.ResourceRequirements {
	if c.init {
		return nil
	}
	for i := range p.allocated {
		if p.allocated[i].Name == c.name {
			return &p.allocated[i].Resources
		}
	}
	return nil
}

// resizeRequested is HandlePodUpdates' resize handling (pkg/kubelet/
// kubelet.go, v1.36.3): a pod whose spec's resources differ from its
// allocation is pushed as a pending resize and retried at once
// (allocation_manager.go PushPendingResize, RetryPendingResizes →
// handlePodResourcesResize); one that equals it again (a pending resize
// reverted) clears PodResizePending (ClearPodResizePendingCondition).
func (w *podWorker) resizeRequested() {
	rt := w.rt
	if !w.k.profile.InPlacePodVerticalScaling || w.deleting || w.removed {
		return
	}
	if sameContainerList(w.pod.Spec.Containers, rt.allocated) {
		return
	}
	if sameContainerResources(w.pod.Spec.Containers, rt.allocated) {
		// The spec's list was replaced (an image changed) or a pending
		// resize reverted: the allocation is the spec's, whose list the
		// next update compares at once.
		rt.allocated = w.pod.Spec.Containers
		if rt.resize != nil && rt.resize.pending != nil {
			rt.resize.pending = nil
		}
		return
	}
	w.k.pendingResize(w)
	w.k.retryPendingResizes()
}

func sameContainerResources(a, b []corev1.Container) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameResources(&a[i].Resources, &b[i].Resources) {
			return false
		}
	}
	return true
}

// handlePodResourcesResize (pkg/kubelet/allocation/allocation_manager.go,
// v1.36.3): the resize is admitted as a pod is (canAdmitPod with
// ResizeOperation) against the other pods' allocated resources
// (getAllocatedPods). On a Linux node the resize handler admits it
// (handlers.go podResizesAdmitHandler.Admit: Infeasible only with swap,
// a static CPU or memory manager policy, or pod-level resources, none of
// which the simulator runs); the predicate handler's resource fit decides
// (lifecycle/predicate.go Admit, generalFilter). It fits: the allocation
// is the new spec's (SetAllocatedResources), PodResizePending cleared,
// PodResizeInProgress set with the pod's generation, a ResizeStarted
// event, and the pod syncs. It does not: PodResizePending with reason
// Deferred, whatever the fit's reason (status_manager.go
// SetPodResizePendingCondition: every reason but Infeasible is Deferred),
// the fit's message ("Node didn't have enough resource: cpu, requested:
// …"), and a ResizeDeferred warning worded with the fit's reason ("Pod
// resize OutOfcpu: {…}", events/resize.go PodResizePendingMsg) when the
// condition changed. A deferred resize is retried when another pod
// reaches a terminal phase (kubelet.go HandlePodReconcile,
// TriggerReasonPodTerminated), when a pod is removed (HandlePodRemoves)
// and every 3 minutes (allocation_manager.go retryDelay; the first 30 s
// after the kubelet's start): the simulator retries when a pod of the
// node terminates (retryPendingResizes), not periodically.
func (w *podWorker) handlePodResourcesResize() bool {
	rt, k := w.rt, w.k
	if rt.resize == nil {
		rt.resize = &resizeState{}
	}
	gen := w.pod.Generation
	if fails := k.fitsResources(w.pod); len(fails) > 0 {
		f := fails[0]
		prev := rt.resize.pending
		cond := &corev1.PodCondition{Type: corev1.PodResizePending, Status: corev1.ConditionTrue, Reason: corev1.PodReasonDeferred, Message: f.message, ObservedGeneration: gen}
		rt.resize.pending = cond
		if prev == nil || prev.Reason != cond.Reason || prev.ObservedGeneration != gen {
			rt.event(nil, corev1.EventTypeWarning, "ResizeDeferred", resizeMessage("Pod resize "+f.reason, w.pod.Spec.Containers, gen, f.message))
		}
		k.pendingResize(w)
		return false
	}
	// SetAllocatedResources: the admission's sums follow the allocation
	// (a worker counts in them until it terminated).
	counted := w.state != stateTerminated
	if counted {
		subList(k.active.requests, w.requests)
	}
	w.requests = k.podRequests(w.pod)
	if counted {
		addList(k.active.requests, w.requests)
	}
	rt.allocated = w.pod.Spec.Containers
	rt.resize.pending = nil
	rt.resize.inProgress = &corev1.PodCondition{Type: corev1.PodResizeInProgress, Status: corev1.ConditionTrue, ObservedGeneration: gen}
	rt.event(nil, corev1.EventTypeNormal, "ResizeStarted", resizeMessage("Pod resize started", rt.allocated, gen, ""))
	return true
}

// pendingResize is PushPendingResize: the pod is retried later. The
// allocation manager's ticker retries it (armResizeRetry).
func (k *kubelet) pendingResize(w *podWorker) {
	for _, p := range k.resizes {
		if p == w {
			return
		}
	}
	k.resizes = append(k.resizes, w)
	k.sortPendingResizes()
	if k.resizeTick == nil {
		k.armResizeRetry()
	}
}

// sortPendingResizes is the allocation manager's order of its pending
// resizes (allocation_manager.go sortPendingResizes, v1.36.3): those that
// increase no request first (they always fit), then by priority, then
// Guaranteed before the rest; otherwise in the order they came
// (the longest pending first).
func (k *kubelet) sortPendingResizes() {
	key := func(w *podWorker) (increasing bool, priority int32, guaranteed bool) {
		if p := w.pod.Spec.Priority; p != nil {
			priority = *p
		}
		old, now := k.podRequests(w.allocatedPod()), k.podRequests(w.pod)
		increasing = now.Memory().Cmp(*old.Memory()) > 0 || now.Cpu().Cmp(*old.Cpu()) > 0
		return increasing, priority, podQOSOf(w.pod) == corev1.PodQOSGuaranteed
	}
	slices.SortStableFunc(k.resizes, func(a, b *podWorker) int {
		ai, ap, ag := key(a)
		bi, bp, bg := key(b)
		switch {
		case ai != bi:
			if !ai {
				return -1
			}
			return 1
		case ap != bp:
			if ap > bp {
				return -1
			}
			return 1
		case ag != bg:
			if ag {
				return -1
			}
			return 1
		}
		return 0
	})
}

// The allocation manager's retry ticker (allocation_manager.go,
// v1.36.3): 30 s after the kubelet starts, then 3 minutes after each
// retry, whatever triggered it (retryPendingResizes resets the ticker).
const (
	resizeInitialRetryDelay = 30 * time.Second // initialRetryDelay
	resizeRetryDelay        = 3 * time.Minute  // retryDelay
)

// armResizeRetry arms the ticker's next tick while a resize is pending:
// it is the only tick that can do anything (a retry of no pod does
// nothing but reset the ticker, which resizeTickFrom keeps). Periodic:
// a scenario's activity does not wait for it.
func (k *kubelet) armResizeRetry() {
	k.env.cancel(k.resizeTick)
	k.resizeTick = nil
	if len(k.resizes) == 0 {
		return
	}
	at := k.resizeTickFrom
	if now := k.env.now; at < now {
		at += (now - at + resizeRetryDelay - 1) / resizeRetryDelay * resizeRetryDelay
	}
	k.resizeTick = k.env.periodic(at-k.env.now, func() {
		k.resizeTick = nil
		k.retryPendingResizes()
	})
}

// retryPendingResizes is RetryPendingResizes (allocation_manager.go
// retryPendingResizes, v1.36.3): on a resize (kubelet.go
// HandlePodUpdates, TriggerReasonPodUpdated), after a pod of the node
// terminated (HandlePodReconcile, TriggerReasonPodTerminated;
// HandlePodRemoves, TriggerReasonPodsRemoved) and at the ticker's tick.
// Each pending resize is handled again in turn; a resize that fits now
// is allocated, the others stay pending; a pod whose resize was
// allocated or whose conditions changed syncs (triggerPodSync). The
// ticker starts over.
func (k *kubelet) retryPendingResizes() {
	k.resizeTickFrom = k.env.now + resizeRetryDelay
	list := k.resizes
	k.resizes = nil
	for _, w := range list {
		if w.state != stateSyncing || w.deleting || w.removed || sameContainerResources(w.pod.Spec.Containers, w.rt.allocated) {
			continue
		}
		var prev *corev1.PodCondition
		if w.rt.resize != nil {
			prev = w.rt.resize.pending
		}
		if w.handlePodResourcesResize() || prev == nil || *prev != *w.rt.resize.pending {
			w.queueSync()
		}
	}
	k.armResizeRetry()
}

// resizeMessage is podResizeMessage (pkg/kubelet/events/resize.go,
// v1.36.3): the prefix, then the containers' resources, the generation
// and the error as JSON (makeResourceSummaryFromSpec).
func resizeMessage(prefix string, ctrs []corev1.Container, gen int64, errMsg string) string {
	type alloc struct {
		Name      string                      `json:"name"`
		Resources corev1.ResourceRequirements `json:"resources,omitempty"`
	}
	summary := struct {
		Containers []alloc `json:"containers,omitempty"`
		Generation int64   `json:"generation"`
		Error      string  `json:"error,omitempty"`
	}{Generation: gen, Error: errMsg}
	for _, c := range ctrs {
		summary.Containers = append(summary.Containers, alloc{Name: c.Name, Resources: c.Resources})
	}
	b, err := json.Marshal(summary)
	if err != nil {
		return prefix
	}
	return prefix + ": " + string(b)
}

// resizeToActuate is computePodResizeAction (pkg/kubelet/kuberuntime/
// kuberuntime_manager.go, v1.36.3) for a running regular container: the
// resources the runtime applied against the allocation. None differ:
// nothing to do. One that differs under a RestartContainer resize policy
// for its resource: the container is killed ("Container db resize
// requires restart") and started again, with the allocation (restart
// true). Otherwise (NotRequired, the policy's default) the runtime
// updates the container's resources in place (UpdateContainerResources,
// doPodResizeAction), the process kept.
func (c *ctr) resizeToActuate() (resize, restart bool) {
	want := c.p.allocatedResources(c)
	have := c.inst.resources
	if want == nil || have == nil || sameResources(want, have) {
		return false, false
	}
	differs := func(n corev1.ResourceName) bool {
		q1, ok1 := want.Requests[n]
		q2, ok2 := have.Requests[n]
		l1, lok1 := want.Limits[n]
		l2, lok2 := have.Limits[n]
		return ok1 != ok2 || q1.Cmp(q2) != 0 || lok1 != lok2 || l1.Cmp(l2) != 0
	}
	for _, n := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
		if !differs(n) {
			continue
		}
		for _, pol := range c.spec.ResizePolicy {
			if pol.ResourceName == n && pol.RestartPolicy == corev1.RestartContainer {
				return true, true
			}
		}
	}
	return true, false
}

// resizeInProgress is IsPodResizeInProgress (kuberuntime_manager.go): a
// running regular container's applied resources differ from its
// allocation.
func (p *runtimePod) resizeInProgress() bool {
	for _, c := range p.ctrs {
		if c.init || !c.running() {
			continue
		}
		if want := p.allocatedResources(c); want != nil && c.inst.resources != nil && !sameResources(want, c.inst.resources) {
			return true
		}
	}
	return false
}

// syncResize is SyncPod's resize step before the status is generated
// (kubelet.go SyncPod, v1.36.3): a resize still to apply keeps
// PodResizeInProgress (SetPodResizeInProgressCondition); none, and the
// condition was set, clears it with a ResizeCompleted event (Allocated ==
// Actual).
func (w *podWorker) syncResize() {
	rt := w.rt
	if rt.resize == nil || rt.resize.inProgress == nil {
		return
	}
	if rt.resizeInProgress() {
		return
	}
	gen := rt.resize.inProgress.ObservedGeneration
	rt.resize.inProgress = nil
	rt.event(nil, corev1.EventTypeNormal, "ResizeCompleted", resizeMessage("Pod resize completed", rt.allocated, gen, ""))
}

// resizeConditions are the pod's resize conditions for its status
// (generateAPIPodStatus: determinePodResizeStatus, then
// UpdatePodCondition of each), PodResizePending first.
func (rt *runtimePod) resizeConditions(out []corev1.PodCondition) []corev1.PodCondition {
	if rt.resize == nil {
		return out
	}
	for _, c := range []*corev1.PodCondition{rt.resize.pending, rt.resize.inProgress} {
		if c != nil {
			out = append(out, *c)
		}
	}
	return out
}

// applyResizes is doPodResizeAction's UpdateContainerResources
// (kuberuntime_manager.go updatePodContainerResources): each container's
// applied resources become its allocation, the process running on. The
// sync then asks for a relist (kubelet.go SyncPod's postSync,
// RequestPodRelist), whose sync finds the resize done.
func (w *podWorker) applyResizes(list []*ctr) {
	if len(list) == 0 {
		return
	}
	for _, c := range list {
		if c.running() {
			c.inst.resources = w.rt.allocatedResources(c)
		}
	}
	w.queueSync()
}

// sameContainerList: the same list (a spec's lists are replaced, never written to,
// so the same list has the same resources).
func sameContainerList(a, b []corev1.Container) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// allocatedPod is the pod as the allocation manager has it
// (UpdatePodFromAllocation, allocation_manager.go, v1.36.3): its spec's
// containers with their allocated resources, which the eviction manager
// reads (kubelet.go getAllocatedPods). The pod itself while its spec is
// the allocation's.
func (w *podWorker) allocatedPod() *corev1.Pod {
	if sameContainerList(w.pod.Spec.Containers, w.rt.allocated) {
		return w.pod
	}
	p := *w.pod
	p.Spec.Containers = w.rt.allocated
	return &p
}

// statusResources are a regular container's resources in its status
// (kubelet_pods.go convertToAPIContainerStatuses,
// convertContainerStatusResources, v1.36.3): a running container's as
// the runtime applied them, any other's its allocation; and the
// allocated requests (allocatedResources). Both are shared with the
// allocation and the instance, never copied: statuses are not modified in
// place. Init containers, whose resize is not modelled, report none.
func (k *kubelet) statusResources(rt *runtimePod, c *ctr, cs *corev1.ContainerStatus) {
	if !k.profile.InPlacePodVerticalScaling {
		return
	}
	a := rt.allocatedResources(c)
	if a == nil {
		return
	}
	cs.Resources, cs.AllocatedResources = a, a.Requests
	if c.running() && c.inst.resources != nil {
		cs.Resources = c.inst.resources
	}
}

// checkpointed is the pod a restarted kubelet admits (allocation_manager.go
// AddPod, v1.36.3: "To handle kubelet restarts, test pod admissibility
// using AllocatedResources values … from checkpoint store"): with the
// containers' resources of the allocation the runtime's record of before
// kept (runtimeLeft, the checkpoint on the node's disk), when they differ
// from the spec's (a resize still pending). The pod worker then takes the
// resize up again (HandlePodAdditions → RetryPendingResizes).
func (k *kubelet) checkpointed(p *corev1.Pod, old *runtimePod) *corev1.Pod {
	if old == nil || !k.profile.InPlacePodVerticalScaling || old.allocated == nil || sameContainerList(p.Spec.Containers, old.allocated) {
		return p
	}
	cp := *p
	cp.Spec.Containers = old.allocated
	return &cp
}
