package sim

import (
	"fmt"
	"math"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
)

// The kubelet's critical pod admission handler
// (pkg/kubelet/preemption/preemption.go, v1.36.3): a critical pod that
// fails admission only for lack of resources makes room by killing
// preemptable pods — BestEffort first, then Burstable, then Guaranteed, by
// the smallest "distance" to what is missing — each with its own grace
// period and the status Failed, reason Preempting. The admission waits for
// each kill (killPodNow) and then admits the pod without checking again.

const (
	preemptingReason  = "Preempting" // events.PreemptContainer
	preemptingMessage = "Preempted in order to admit critical pod"
)

// admissionRequirement is what is missing of one resource, in the
// predicate's units (millicores, bytes, pods).
type admissionRequirement struct {
	resource corev1.ResourceName
	quantity int64
}

type admissionRequirements []admissionRequirement

// resourceRequest is GetResourceRequest (pkg/api/v1/resource/helpers.go,
// v1.36.3), what subtract, distance and smallerResourceRequest count a
// victim as freeing: 1 of "pods", its cpu in millicores, other resources
// in units, of requestQuantities, not of the podRequests admission
// counted it as using. podLevel is the kubelet's PodLevelResources.
func resourceRequest(p *corev1.Pod, r corev1.ResourceName, podLevel bool) int64 {
	if r == corev1.ResourcePods {
		return 1
	}
	q := quantityOf(requestQuantities(p, podLevel), r)
	if r == corev1.ResourceCPU {
		return q.MilliValue()
	}
	return q.Value()
}

// distance is admissionRequirementList.distance.
func (a admissionRequirements) distance(p *corev1.Pod, podLevel bool) float64 {
	d := 0.0
	for _, r := range a {
		if remaining := float64(r.quantity - resourceRequest(p, r.resource, podLevel)); remaining > 0 {
			d += math.Pow(remaining/float64(r.quantity), 2)
		}
	}
	return d
}

// subtract is admissionRequirementList.subtract.
func (a admissionRequirements) subtract(podLevel bool, pods ...*corev1.Pod) admissionRequirements {
	var out admissionRequirements
	for _, r := range a {
		q := r.quantity
		for _, p := range pods {
			q -= resourceRequest(p, r.resource, podLevel)
			if q <= 0 {
				break
			}
		}
		if q > 0 {
			out = append(out, admissionRequirement{r.resource, q})
		}
	}
	return out
}

func (a admissionRequirements) String() string {
	s := "["
	for _, r := range a {
		s += fmt.Sprintf("(res: %v, q: %d), ", r.resource, r.quantity)
	}
	return s + "]"
}

// preemptable is kubetypes.Preemptable.
func (k *kubelet) preemptable(preemptor, preemptee *corev1.Pod) bool {
	if isCriticalPod(k.profile, preemptor) && !isCriticalPod(k.profile, preemptee) {
		return true
	}
	if preemptor.Spec.Priority != nil && preemptee.Spec.Priority != nil {
		return *preemptor.Spec.Priority > *preemptee.Spec.Priority
	}
	return false
}

// podsToPreempt is getPodsToPreempt over the pods the kubelet runs: the
// Guaranteed pods needed even with every BestEffort and Burstable pod
// gone, then the Burstable ones, then the BestEffort ones.
func (k *kubelet) podsToPreempt(p *corev1.Pod, pods []*corev1.Pod, req admissionRequirements) ([]*corev1.Pod, error) {
	var be, bu, gu []*corev1.Pod
	for _, q := range pods {
		if q.UID == p.UID || !k.preemptable(p, q) {
			continue
		}
		switch computePodQOS(q) {
		case corev1.PodQOSBestEffort:
			be = append(be, q)
		case corev1.PodQOSBurstable:
			bu = append(bu, q)
		default:
			gu = append(gu, q)
		}
	}
	cat := func(lists ...[]*corev1.Pod) []*corev1.Pod {
		var out []*corev1.Pod
		for _, l := range lists {
			out = append(out, l...)
		}
		return out
	}
	podLevel := k.profile.PodLevelResources
	if left := req.subtract(podLevel, cat(be, bu, gu)...); len(left) > 0 {
		return nil, fmt.Errorf("no set of running pods found to reclaim resources: %v", left)
	}
	guEvict, err := byDistance(gu, req.subtract(podLevel, cat(be, bu)...), podLevel)
	if err != nil {
		return nil, err
	}
	buEvict, err := byDistance(bu, req.subtract(podLevel, cat(be, guEvict)...), podLevel)
	if err != nil {
		return nil, err
	}
	beEvict, err := byDistance(be, req.subtract(podLevel, cat(buEvict, guEvict)...), podLevel)
	if err != nil {
		return nil, err
	}
	return cat(beEvict, buEvict, guEvict), nil
}

// byDistance is getPodsToPreemptByDistance: repeatedly the pod closest to
// what is missing, ties to the smaller request (memory, then cpu).
func byDistance(pods []*corev1.Pod, req admissionRequirements, podLevel bool) ([]*corev1.Pod, error) {
	pods = append([]*corev1.Pod(nil), pods...)
	var out []*corev1.Pod
	for len(req) > 0 {
		if len(pods) == 0 {
			return nil, fmt.Errorf("no set of running pods found to reclaim resources: %v", req)
		}
		best, bestD := 0, float64(len(req)+1)
		for i, q := range pods {
			d := req.distance(q, podLevel)
			if d < bestD || (d == bestD && smallerResourceRequest(q, pods[best], podLevel)) {
				best, bestD = i, d
			}
		}
		req = req.subtract(podLevel, pods[best])
		out = append(out, pods[best])
		pods[best] = pods[len(pods)-1]
		pods = pods[:len(pods)-1]
	}
	return out, nil
}

// smallerResourceRequest compares memory, then cpu requests.
func smallerResourceRequest(a, b *corev1.Pod, podLevel bool) bool {
	for _, r := range []corev1.ResourceName{corev1.ResourceMemory, corev1.ResourceCPU} {
		x, y := resourceRequest(a, r, podLevel), resourceRequest(b, r, podLevel)
		if x != y {
			return x < y
		}
	}
	return true
}

// handleAdmissionFailure is HandleAdmissionFailure for a pod whose
// predicates failed: it reports whether the kubelet preempts (the pod is
// admitted once the victims are killed), or the failures that stand, or an
// UnexpectedAdmissionError.
func (k *kubelet) handleAdmissionFailure(p *corev1.Pod, failures []admissionFailure) ([]admissionFailure, bool) {
	if !isCriticalPod(k.profile, p) {
		return failures, false
	}
	var req admissionRequirements
	for _, f := range failures {
		if !f.insufficient {
			return []admissionFailure{f}, false
		}
		req = append(req, admissionRequirement{f.resource, f.requested - (f.capacity - f.used)})
	}
	active := k.activePods()
	var pods []*corev1.Pod
	byPod := map[*corev1.Pod]*podWorker{}
	for _, w := range active {
		pods = append(pods, w.pod)
		byPod[w.pod] = w
	}
	chosen, err := k.podsToPreempt(p, pods, req)
	var victims []*podWorker
	for _, v := range chosen {
		victims = append(victims, byPod[v])
	}
	if err != nil {
		return []admissionFailure{{reason: "UnexpectedAdmissionError",
			message: fmt.Sprintf("Unexpected error while attempting to recover from admission failure: preemption: error finding a set of pods to preempt: %v", err)}}, false
	}
	k.preemptThenAdmit(p, victims)
	return nil, true
}

// preemptThenAdmit kills the victims one after the other, each awaited up
// to killPodNow's timeout, then admits the critical pod.
func (k *kubelet) preemptThenAdmit(p *corev1.Pod, victims []*podWorker) {
	if k.preempted == nil {
		k.preempted = map[types.UID]bool{}
	}
	var step func(i int)
	step = func(i int) {
		if i == len(victims) {
			if cur := k.api.pod(p.Name); cur == p || isStaticPod(p) {
				k.preempted[p.UID] = true
				k.handlePodAddition(p)
			}
			return
		}
		w := victims[i]
		k.api.recordEvent(w.pod, nil, false, corev1.EventTypeWarning, preemptingReason, preemptingMessage, "kubelet")
		var cond *corev1.PodCondition
		if k.profile.disruptionConditions() {
			cond = &corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
				Reason: corev1.PodReasonTerminationByKubelet, Message: "Pod was preempted by Kubelet to accommodate a critical pod."}
		}
		grace := int64(0)
		if g := w.pod.Spec.TerminationGracePeriodSeconds; g != nil {
			grace = *g
		}
		finished := false
		var to *timer
		next := func() {
			if finished {
				return
			}
			finished = true
			k.env.cancel(to)
			step(i + 1)
		}
		to = k.env.after(time.Duration(max(grace+grace/2, killPodNowMinTimeout))*time.Second, func() {
			k.api.recordEvent(w.pod, nil, false, corev1.EventTypeWarning, "ExceededGracePeriod",
				"Container runtime did not kill the pod within specified grace period.", "kubelet")
			next()
		})
		w.killPodNow(nil, &killStatus{reason: preemptingReason, message: preemptingMessage, condition: cond, at: k.env.now})
		k.whenTerminated(w, func() { k.env.soon(next) })
	}
	step(0)
}
