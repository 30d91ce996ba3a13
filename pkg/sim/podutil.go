package sim

// The pod and resource helpers every component uses, below them all: what
// Kubernetes keeps in pkg/api/v1/pod (podutil), pkg/apis/core/v1/helper
// (qos, tolerations), k8s.io/component-helpers/resource and
// pkg/kubelet/types. They read pods and lists and hold no state; a
// component's own rules stay in its file.

import (
	"slices"
	"sort"

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
