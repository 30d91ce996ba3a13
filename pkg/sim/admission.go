package sim

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	resourcehelper "k8s.io/component-helpers/resource"

	"github.com/podlife/podlife/pkg/timeline"
)

// Kubelet admission (HandlePodAdditions → canAdmitPod in
// pkg/kubelet/allocation/allocation_manager.go): the admit handlers in
// the order NewMainKubelet registers them, the first rejection winning.
// Of them the simulator models the eviction manager's (eviction.go admit),
// the predicates (pkg/kubelet/lifecycle/predicate.go, generalFilter
// running the scheduler's AdmissionCheck) and, last, the node shutdown
// manager's (nodeshutdown.go admitShutdown). A rejected pod is never handed
// to a pod worker (rejectPod).

// The predicate reasons (lifecycle/predicate.go).
const (
	reasonOutOfCPU       = "OutOfcpu"
	reasonOutOfMemory    = "OutOfmemory"
	reasonOutOfEphemeral = "OutOfephemeral-storage"
	reasonOutOfPods      = "OutOfpods"
)

// admissionFailure is one failed predicate: an InsufficientResourceError
// or a PredicateFailureError.
type admissionFailure struct {
	reason, message string
	insufficient    bool
	// For an insufficient resource: what, in the predicate's units.
	resource                  corev1.ResourceName
	requested, used, capacity int64
}

// canAdmitPod runs the admit handlers and rejects the pod on the first
// failure. It reports whether the pod was admitted.
func (k *kubelet) canAdmitPod(p *corev1.Pod) bool {
	if ok, reason, msg := k.eviction.admit(p); !ok {
		k.rejectPod(p, reason, msg)
		return false
	}
	if reason, msg := rejectByOS(p); reason != "" {
		k.rejectPod(p, reason, msg)
		return false
	}
	f := k.generalFilter(p)
	if k.preempted[p.UID] {
		// Admitted after preemption: HandleAdmissionFailure returned no
		// reason, and the kubelet does not check again.
		delete(k.preempted, p.UID)
		f = nil
	}
	if len(f) > 0 {
		var preempting bool
		if f, preempting = k.handleAdmissionFailure(p, f); preempting {
			return false // admitted once the victims are killed
		}
		k.rejectPod(p, f[0].reason, f[0].message)
		return false
	}
	if reason, msg := k.admitShutdown(); reason != "" {
		k.rejectPod(p, reason, msg)
		return false
	}
	return true
}

// rejectByOS is the predicate handler's first checks, which preemption
// cannot help (predicate.go Admit, rejectPodAdmissionBasedOnOSSelector and
// rejectPodAdmissionBasedOnOSField): a pod labelled kubernetes.io/os with
// another OS than the node's, or whose spec.os names another OS. Every
// node here is linux (runtime.GOOS of its kubelet).
func rejectByOS(p *corev1.Pod) (reason, message string) {
	if os, ok := p.Labels[corev1.LabelOSStable]; ok && os != "linux" {
		return "PodOSSelectorNodeLabelDoesNotMatch", "Failed to admit pod as the `kubernetes.io/os` label doesn't match node label"
	}
	if p.Spec.OS != nil && p.Spec.OS.Name != corev1.Linux {
		return "PodOSNotSupported", "Failed to admit pod as the OS field doesn't match node OS"
	}
	return "", ""
}

// generalFilter is predicate.go generalFilter: AdmissionCheck (node
// resources, then required node affinity and nodeSelector, then host
// ports; its NodeName check cannot fail here, the kubelet being handed
// only its node's pods), then, for pods that are not static, an
// untolerated NoExecute taint. Each failure that is not a resource's is
// a PredicateFailureError: reason the plugin's name, message "Predicate
// <name> failed: <reason>" (PredicateFailureError.Error).
func (k *kubelet) generalFilter(p *corev1.Pod) []admissionFailure {
	var out []admissionFailure
	out = append(out, k.fitsResources(p)...)
	if !matchesNodeSelector(p, k.node) {
		out = append(out, admissionFailure{reason: "NodeAffinity",
			message: "Predicate NodeAffinity failed: node(s) didn't match Pod's node affinity/selector"})
	}
	// AdmissionCheck's nodeports.Fits (eventhandlers.go, v1.36.3): a pod
	// bound by spec.nodeName, or a static pod, whose host port a pod the
	// kubelet runs takes is rejected with NodePorts (hostports.go).
	if k.portsTaken(p) {
		out = append(out, admissionFailure{reason: pluginNodePorts,
			message: "Predicate " + pluginNodePorts + " failed: " + reasonNodePorts})
	}
	if !isStaticPod(p) {
		for i := range k.node.Spec.Taints {
			t := &k.node.Spec.Taints[i]
			if t.Effect == corev1.TaintEffectNoExecute && !tolerates(p.Spec.Tolerations, t) {
				out = append(out, admissionFailure{reason: "TaintToleration",
					message: "Predicate TaintToleration failed: node(s) had taints that the pod didn't tolerate"})
				break
			}
		}
	}
	return out
}

// fitsResources is noderesources.Fits against the pods the kubelet runs:
// the pod count first, then cpu (millicores), memory and ephemeral storage
// (bytes), each only when the pod requests it.
func (k *kubelet) fitsResources(p *corev1.Pod) []admissionFailure {
	var out []admissionFailure
	others, used := k.active.pods, k.active.requests
	if w := k.workers[p.UID]; w != nil && w.state != stateTerminated {
		others--
		used = used.DeepCopy()
		subList(used, w.requests)
	}
	alloc := k.node.Status.Allocatable
	if maxPods, ok := alloc[corev1.ResourcePods]; ok && int64(others+1) > maxPods.Value() {
		out = append(out, insufficient(reasonOutOfPods, corev1.ResourcePods, 1, int64(others), maxPods.Value()))
	}
	req := k.podRequests(p)
	for _, r := range []struct {
		name   corev1.ResourceName
		reason string
		milli  bool
	}{{corev1.ResourceCPU, reasonOutOfCPU, true}, {corev1.ResourceMemory, reasonOutOfMemory, false}, {corev1.ResourceEphemeralStorage, reasonOutOfEphemeral, false}} {
		value := func(l corev1.ResourceList) int64 {
			q := quantityOf(l, r.name)
			if r.milli {
				return q.MilliValue()
			}
			return q.Value()
		}
		want, have, u := value(req), value(alloc), value(used)
		if want > 0 && want > have-u {
			out = append(out, insufficient(r.reason, r.name, want, u, have))
		}
	}
	return out
}

// podRequests is the package's podRequests as this kubelet's own
// PodLevelResources gate reads a pod (computePodResourceRequest's
// EnablePodLevelResources, PodInfo.CalculateResource's
// SkipPodLevelResources, v1.36.3): a kubelet before 1.34 skips
// spec.resources, which a newer API server keeps (version skew).
func (k *kubelet) podRequests(p *corev1.Pod) corev1.ResourceList {
	return resourcehelper.PodRequests(p, resourcehelper.PodResourcesOptions{SkipPodLevelResources: !k.profile.PodLevelResources})
}

// insufficient is an InsufficientResourceError.
func insufficient(reason string, name corev1.ResourceName, requested, used, capacity int64) admissionFailure {
	return admissionFailure{reason: reason, insufficient: true, resource: name, requested: requested, used: used, capacity: capacity,
		message: fmt.Sprintf("Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d", name, requested, used, capacity)}
}

// rejectPod is Kubelet.rejectPod: a Warning event with the reason, and the
// status phase Failed, the reason, "Pod was rejected: " and the message,
// the QoS class kept — nothing else: no conditions, no container
// statuses.
func (k *kubelet) rejectPod(p *corev1.Pod, reason, message string) {
	k.api.recordEvent(p, nil, false, corev1.EventTypeWarning, reason, message, "kubelet")
	k.env.record(timeline.Event{Pod: p.Name, Kind: timeline.Rejected, Reason: reason, Message: message})
	st := corev1.PodStatus{
		QOSClass: p.Status.QOSClass,
		Phase:    corev1.PodFailed,
		Reason:   reason,
		Message:  "Pod was rejected: " + message,
	}
	if st.QOSClass == "" {
		st.QOSClass = computePodQOS(p)
	}
	k.api.updatePodStatus(p.Name, p.UID, st)
}

// activeRequests are the number of the kubelet's active pods (admitted and
// not yet terminated: filterOutInactivePods) and the sum of their
// requests, which admission fits a new pod against. The kubelet sums them
// at every admission; they are kept here as pods come and go, which gives
// the same sums without going over every pod of the node for each new one.
type activeRequests struct {
	pods     int
	requests corev1.ResourceList
}

// admitted counts a pod worker in; terminated counts it out.
func (a *activeRequests) admitted(w *podWorker) {
	a.pods++
	if a.requests == nil {
		a.requests = corev1.ResourceList{}
	}
	addList(a.requests, w.requests)
}

func (a *activeRequests) terminated(w *podWorker) {
	a.pods--
	subList(a.requests, w.requests)
}

// portsTaken is the kubelet's NodePorts check at admission
// (predicate.go generalFilter → AdmissionCheck → nodeports.Fits): the
// NodeInfo it builds from the pods it runs (NewNodeInfo(OtherPods...),
// every active pod but this one) has a port the pod asks for.
func (k *kubelet) portsTaken(p *corev1.Pod) bool {
	wants := podHostPorts(p)
	if len(wants) == 0 {
		return false
	}
	used := hostPortSet{}
	for _, w := range k.workers {
		if w.state != stateTerminated && w.pod.UID != p.UID {
			used.add(podHostPorts(w.pod))
		}
	}
	return !used.fits(wants)
}
