package sim

// The pod and resource helpers every component uses, below them all: what
// Kubernetes keeps in pkg/api/v1/pod (podutil), pkg/apis/core/v1/helper
// (qos, tolerations), k8s.io/component-helpers/resource and
// pkg/kubelet/types. They read pods and lists and hold no state; a
// component's own rules stay in its file.

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	resourcehelper "k8s.io/component-helpers/resource"
	"k8s.io/klog/v2"
)

// holdsResources: bound to a node and not terminal, which is what the
// scheduler's pod informer sees of a pod (newPodInformer in
// pkg/scheduler/scheduler.go lists with the field selector
// status.phase!=Succeeded,status.phase!=Failed).
func holdsResources(p *corev1.Pod) bool {
	return p.Spec.NodeName != "" && !isTerminal(p.Status.Phase)
}

func isTerminal(ph corev1.PodPhase) bool { return ph == corev1.PodSucceeded || ph == corev1.PodFailed }

// computePodQOS is ComputePodQOS (pkg/apis/core/v1/helper/qos/qos.go): only
// cpu and memory count, over containers and init containers (sidecars
// included), or the pod-level resources when they are set.
func computePodQOS(p *corev1.Pod) corev1.PodQOSClass {
	requests, limits := corev1.ResourceList{}, corev1.ResourceList{}
	isGuaranteed := true
	supported := func(n corev1.ResourceName) bool { return n == corev1.ResourceCPU || n == corev1.ResourceMemory }
	add := func(dst corev1.ResourceList, src corev1.ResourceList) {
		for n, q := range src {
			if !supported(n) || q.Sign() <= 0 {
				continue
			}
			if cur, ok := dst[n]; ok {
				cur.Add(q)
				dst[n] = cur
			} else {
				dst[n] = q.DeepCopy()
			}
		}
	}
	if r := p.Spec.Resources; r != nil {
		add(requests, r.Requests)
		add(limits, r.Limits)
		if _, ok := limits[corev1.ResourceCPU]; !ok {
			isGuaranteed = false
		}
		if _, ok := limits[corev1.ResourceMemory]; !ok {
			isGuaranteed = false
		}
	} else {
		for _, c := range allContainers(&p.Spec) {
			add(requests, c.Resources.Requests)
			cl := corev1.ResourceList{}
			add(cl, c.Resources.Limits)
			add(limits, c.Resources.Limits)
			if _, ok := cl[corev1.ResourceCPU]; !ok {
				isGuaranteed = false
			}
			if _, ok := cl[corev1.ResourceMemory]; !ok {
				isGuaranteed = false
			}
		}
	}
	if len(requests) == 0 && len(limits) == 0 {
		return corev1.PodQOSBestEffort
	}
	if isGuaranteed {
		for n, req := range requests {
			if l, ok := limits[n]; !ok || l.Cmp(req) != 0 {
				isGuaranteed = false
			}
		}
	}
	if isGuaranteed && len(requests) == len(limits) {
		return corev1.PodQOSGuaranteed
	}
	return corev1.PodQOSBurstable
}

// quantityOf returns a copy of a list entry, zero when missing.
func quantityOf(l corev1.ResourceList, n corev1.ResourceName) resource.Quantity {
	if q, ok := l[n]; ok {
		return q.DeepCopy()
	}
	return resource.Quantity{}
}

// isMirrorPod is kubelettypes.IsMirrorPod: the config.mirror annotation.
func isMirrorPod(p *corev1.Pod) bool {
	_, ok := p.Annotations[corev1.MirrorPodAnnotationKey]
	return ok
}

// isSidecar is podutil.IsRestartableInitContainer.
func isSidecar(c *corev1.Container) bool {
	return c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways
}

func podConditionOf(st *corev1.PodStatus, t corev1.PodConditionType) *corev1.PodCondition {
	for i := range st.Conditions {
		if st.Conditions[i].Type == t {
			return &st.Conditions[i]
		}
	}
	return nil
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

// podRequests is what a pod requests of a node, to the scheduler's
// NodeResourcesFit (computePodResourceRequest in
// pkg/scheduler/framework/plugins/noderesources/fit.go) and to the
// kubelet's admission, for the new pod and for the pods it already runs
// (predicate.go generalFilter, AdmissionCheck; framework/types.go
// PodInfo.CalculateResource), v1.36.3 with PodLevelResources on. All of
// them call resourcehelper.PodRequests, so this does too rather than
// restating it: a pod-level request replaces the containers' sum for its
// own resource only (cpu, memory, huge pages), so a pod asking memory at
// pod level and cpu in a container uses both (lifecycle-facts §2.4). The
// scheduler needs no PodLevelResources switch: where the control plane
// has it off, its API server has dropped the field (createPod); a kubelet
// reads its own gate (kubelet.podRequests).
func podRequests(p *corev1.Pod) corev1.ResourceList {
	return resourcehelper.PodRequests(p, resourcehelper.PodResourcesOptions{})
}

// containerRequests is the containers' part of podRequests
// (AggregateContainerRequests), nil when nothing is requested.
func containerRequests(spec *corev1.PodSpec) corev1.ResourceList {
	if !requestsAnything(spec) {
		return nil
	}
	return aggregateContainers(spec, func(r *corev1.ResourceRequirements) corev1.ResourceList { return r.Requests })
}

// aggregateContainers is resourcehelper's aggregation of one list of the
// containers' resources (requests or limits): the containers' sum, the
// sidecars added like containers, raised by any regular init
// container's with the sidecars started before it.
func aggregateContainers(spec *corev1.PodSpec, list func(*corev1.ResourceRequirements) corev1.ResourceList) corev1.ResourceList {
	total := corev1.ResourceList{}
	for i := range spec.Containers {
		addList(total, list(&spec.Containers[i].Resources))
	}
	sidecars := corev1.ResourceList{}
	for i := range spec.InitContainers {
		c := &spec.InitContainers[i]
		if isSidecar(c) {
			addList(sidecars, list(&c.Resources))
			addList(total, list(&c.Resources))
			continue
		}
		peak := sidecars.DeepCopy()
		addList(peak, list(&c.Resources))
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

func subList(dst, src corev1.ResourceList) {
	for n, q := range src {
		cur := dst[n]
		cur.Sub(q)
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

// containerShouldRestart is podutil.ContainerShouldRestart
// (pkg/api/v1/pod/util.go): the container's restart rules, then its own
// restart policy, then the pod's. rules is the kubelet's
// ContainerRestartRules gate (on from 1.35): with it off, the kubelet's
// callers (ShouldContainerBeRestarted in pkg/kubelet/container/helpers.go,
// getPhase in kubelet_pods.go, v1.34.4) read the pod's policy alone, even
// where a newer API server kept a container's own; a sidecar's Always is
// the SidecarContainers feature's and holds either way.
func containerShouldRestart(c *corev1.Container, spec *corev1.PodSpec, exitCode int32, rules bool) bool {
	if c.RestartPolicy != nil && (rules || (*c.RestartPolicy == corev1.ContainerRestartPolicyAlways && isInitOf(c, spec))) {
		for _, r := range c.RestartPolicyRules {
			if r.ExitCodes == nil {
				continue
			}
			in := false
			for _, v := range r.ExitCodes.Values {
				if v == exitCode {
					in = true
				}
			}
			if (r.ExitCodes.Operator == corev1.ContainerRestartRuleOnExitCodesOpIn) == in {
				return r.Action == corev1.ContainerRestartRuleActionRestart
			}
		}
		switch *c.RestartPolicy {
		case corev1.ContainerRestartPolicyAlways:
			return true
		case corev1.ContainerRestartPolicyOnFailure:
			return exitCode != 0
		case corev1.ContainerRestartPolicyNever:
			return false
		}
	}
	switch spec.RestartPolicy {
	case corev1.RestartPolicyNever:
		return false
	case corev1.RestartPolicyOnFailure:
		return exitCode != 0
	}
	return true
}

// isInitOf says whether c is one of spec's init containers.
func isInitOf(c *corev1.Container, spec *corev1.PodSpec) bool {
	for i := range spec.InitContainers {
		if c == &spec.InitContainers[i] {
			return true
		}
	}
	return false
}

// isStaticPod is kubetypes.IsStaticPod: the pod came from a file or an
// HTTP source, which the config.source annotation records.
func isStaticPod(p *corev1.Pod) bool {
	src := p.Annotations["kubernetes.io/config.source"]
	return src != "" && src != "api"
}

// transitionTime keeps the previous lastTransitionTime while the status of
// a condition does not change (status manager, updateLastTransitionTime).
func transitionTime(old *corev1.PodStatus, c corev1.PodCondition, now metav1.Time) metav1.Time {
	for i := range old.Conditions {
		o := &old.Conditions[i] // not a copy: a condition is 120 bytes
		if o.Type == c.Type && o.Status == c.Status && !o.LastTransitionTime.IsZero() {
			return o.LastTransitionTime
		}
	}
	if !c.LastTransitionTime.IsZero() {
		return c.LastTransitionTime
	}
	return now
}

func kubeletOwned(t corev1.PodConditionType) bool {
	switch t {
	case corev1.PodScheduled, corev1.PodReady, corev1.PodInitialized, corev1.ContainersReady,
		corev1.PodReadyToStartContainers, "PodResizePending", "PodResizeInProgress", "AllContainersRestarting":
		return true
	}
	return false
}

func boolOf(b *bool) bool { return b != nil && *b }

// setPodCondition replaces or appends a condition, in a new list: the
// conditions may be the stored status's.
func setPodCondition(st *corev1.PodStatus, c corev1.PodCondition) {
	for i := range st.Conditions {
		if st.Conditions[i].Type == c.Type {
			st.Conditions = replaceCondition(st.Conditions, i, c)
			return
		}
	}
	st.Conditions = append(slices.Clip(st.Conditions), c)
}

// replaceCondition is a copy of conds with the i-th condition replaced.
func replaceCondition(conds []corev1.PodCondition, i int, c corev1.PodCondition) []corev1.PodCondition {
	out := slices.Clone(conds)
	out[i] = c
	return out
}

// podPriority is corev1helpers.PodPriority: nil counts as 0.
func podPriority(p *corev1.Pod) int32 {
	if p.Spec.Priority != nil {
		return *p.Spec.Priority
	}
	return 0
}

// allContainers lists the init containers, then the containers, without
// copying them.
func allContainers(spec *corev1.PodSpec) []*corev1.Container {
	out := make([]*corev1.Container, 0, len(spec.InitContainers)+len(spec.Containers))
	for i := range spec.InitContainers {
		out = append(out, &spec.InitContainers[i])
	}
	for i := range spec.Containers {
		out = append(out, &spec.Containers[i])
	}
	return out
}

// requestsAnything: some container requests a resource.
func requestsAnything(spec *corev1.PodSpec) bool {
	for _, list := range [][]corev1.Container{spec.InitContainers, spec.Containers} {
		for i := range list {
			if len(list[i].Resources.Requests) > 0 {
				return true
			}
		}
	}
	return false
}

// requestQuantities is GetResourceRequestQuantity
// (pkg/api/v1/resource/helpers.go, v1.36.3) for every resource, which
// preemption and the eviction manager's ranking read. Since 1.34 (PR
// #132277) a pod with pod-level resources counts only its pod-level
// requests, its containers' skipped: a resource that only its containers
// request counts 0, though admission counted it as used. So a critical
// pod short of that resource finds nothing to preempt. Overhead is added
// only to a non-zero total.
//
// Without podLevel (PodLevelResources, a kubelet before 1.34) it is the
// function PR #132277 replaced: the containers' requests summed, each
// init container, sidecars too, taking the total only when larger alone,
// pod-level requests never read.
func requestQuantities(p *corev1.Pod, podLevel bool) corev1.ResourceList {
	var reqs corev1.ResourceList
	if podLevel {
		skip := resourcehelper.IsPodLevelResourcesSet(p)
		reqs = resourcehelper.PodRequests(p, resourcehelper.PodResourcesOptions{SkipContainerLevelResources: skip, ExcludeOverhead: true})
	} else {
		reqs = corev1.ResourceList{}
		for i := range p.Spec.Containers {
			addList(reqs, p.Spec.Containers[i].Resources.Requests)
		}
		for i := range p.Spec.InitContainers {
			maxList(reqs, p.Spec.InitContainers[i].Resources.Requests)
		}
	}
	for r, o := range p.Spec.Overhead {
		if q, ok := reqs[r]; ok && !q.IsZero() {
			q.Add(o)
			reqs[r] = q
		}
	}
	return reqs
}

func imageID(image string) string {
	name, _, _ := strings.Cut(image, ":")
	return name + "@sha256:" + strings.Repeat("0", 64)
}

// noExecuteTaints are a node's NoExecute taints.
func noExecuteTaints(n *corev1.Node) []corev1.Taint {
	var out []corev1.Taint
	for _, t := range n.Spec.Taints {
		if t.Effect == corev1.TaintEffectNoExecute {
			out = append(out, t)
		}
	}
	return out
}

// podIsReady is podutil.IsPodReady: the Ready condition is True.
func podIsReady(p *corev1.Pod) bool {
	c := podConditionOf(&p.Status, corev1.PodReady)
	return c != nil && c.Status == corev1.ConditionTrue
}

func nodeTimelineName(node string) string { return "node/" + node }

// isCriticalPod is kubelettypes.IsCriticalPod (pkg/kubelet/types/
// pod_update.go): static, mirror, or priority ≥ SystemCriticalPriority.
// Under the 1.10 profile it is the gated annotation rule of that release
// (profile_eviction.go, criticalPodAnnotationGate).
func isCriticalPod(profile *Profile, p *corev1.Pod) bool {
	if profile.criticalPodAnnotationGate() {
		return criticalPod110(p)
	}
	if isStaticPod(p) || isMirrorPod(p) {
		return true
	}
	return p.Spec.Priority != nil && *p.Spec.Priority >= SystemCriticalPriority
}

// criticalPod110 is v1.10 IsCriticalPod with ExperimentalCriticalPodAnnotation
// on and PodPriority off (both alpha then): the annotation, with an empty
// value, in kube-system only.
func criticalPod110(p *corev1.Pod) bool {
	if p.Namespace != "kube-system" {
		return false
	}
	v, ok := p.Annotations[criticalPodAnnotationKey]
	return ok && v == ""
}

// matchesNodeSelector is the required part of node affinity
// (component-helpers nodeaffinity.GetRequiredNodeAffinity(pod).Match):
// every nodeSelector label, and one of the required terms, each term's
// expressions and fields all matching.
func matchesNodeSelector(p *corev1.Pod, n *corev1.Node) bool {
	for k, v := range p.Spec.NodeSelector {
		if n.Labels[k] != v {
			return false
		}
	}
	a := p.Spec.Affinity
	if a == nil || a.NodeAffinity == nil || a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution == nil {
		return true
	}
	for _, term := range a.NodeAffinity.RequiredDuringSchedulingIgnoredDuringExecution.NodeSelectorTerms {
		if len(term.MatchExpressions) == 0 && len(term.MatchFields) == 0 {
			continue // an empty term matches nothing
		}
		ok := true
		for _, e := range term.MatchExpressions {
			v, has := n.Labels[e.Key]
			if !matchRequirement(e, v, has) {
				ok = false
			}
		}
		for _, e := range term.MatchFields {
			if e.Key != "metadata.name" || !matchRequirement(e, n.Name, true) {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// Priority constants of pkg/apis/scheduling/types.go.
const (
	HighestUserDefinablePriority = 1000000000
	SystemCriticalPriority       = 2 * HighestUserDefinablePriority
)

// criticalPodAnnotationKey is kubelettypes.CriticalPodAnnotationKey of
// 1.10.
const criticalPodAnnotationKey = "scheduler.alpha.kubernetes.io/critical-pod"

// matchRequirement evaluates one node selector requirement against a
// label's value (has: the label exists).
func matchRequirement(e corev1.NodeSelectorRequirement, v string, has bool) bool {
	in := func() bool {
		for _, x := range e.Values {
			if x == v {
				return true
			}
		}
		return false
	}
	switch e.Operator {
	case corev1.NodeSelectorOpIn:
		return has && in()
	case corev1.NodeSelectorOpNotIn:
		return !has || !in()
	case corev1.NodeSelectorOpExists:
		return has
	case corev1.NodeSelectorOpDoesNotExist:
		return !has
	case corev1.NodeSelectorOpGt, corev1.NodeSelectorOpLt:
		if !has || len(e.Values) != 1 {
			return false
		}
		a, err1 := strconv.ParseInt(v, 10, 64)
		b, err2 := strconv.ParseInt(e.Values[0], 10, 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if e.Operator == corev1.NodeSelectorOpGt {
			return a > b
		}
		return a < b
	}
	return false
}

func nodeIP(n *corev1.Node) string {
	for _, a := range n.Status.Addresses {
		if a.Type == corev1.NodeInternalIP {
			return a.Address
		}
	}
	return "172.18.0.2"
}
