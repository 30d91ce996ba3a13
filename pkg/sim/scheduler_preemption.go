package sim

import (
	"fmt"
	"sort"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
)

// DefaultPreemption (pkg/scheduler/framework/plugins/defaultpreemption and
// pkg/scheduler/framework/preemption, v1.36.3): when no node fits, find
// nodes where evicting lower-priority pods would make room, pick one,
// nominate it for the preemptor and delete the victims, each with the
// DisruptionTarget condition and a Preempted event. PodDisruptionBudgets
// and extenders are not modelled.

// preemptionCandidate is a node with its victims.
type preemptionCandidate struct {
	node    *corev1.Node
	victims []*corev1.Pod
}

// preempt is PostFilter: it returns the nominated node and the PostFilter
// message for the FitError ("" when preemption went ahead).
func (sc *scheduler) preempt(fit *podFit, failed []nodeFilter) (string, string) {
	p := fit.pod
	if p.Spec.PreemptionPolicy != nil && *p.Spec.PreemptionPolicy == corev1.PreemptNever {
		return "", preemptionNotEligibleNeverMessage
	}
	// PodEligibleToPreemptOthers: victims of an earlier preemption still
	// terminating on the nominated node; the nomination stands.
	if nom := p.Status.NominatedNodeName; nom != "" {
		for _, q := range sc.api.boundTo(nom) {
			if podPriority(q) < podPriority(p) && terminatingByPreemption(q) {
				return nom, "preemption: not eligible due to a terminating pod on the nominated node."
			}
		}
	}
	var cands []preemptionCandidate
	notHelpful := 0
	counts := map[string]int{}
	for _, f := range failed {
		if !f.resolvable {
			notHelpful++
			continue
		}
		if c, ok := sc.selectVictimsOnNode(fit, f.node); ok {
			cands = append(cands, c)
		} else {
			counts[reasonNoPreemptionVictims]++
		}
	}
	if len(cands) == 0 {
		if notHelpful > 0 {
			counts[reasonPreemptionNotHelpful] += notHelpful
		}
		return "", fmt.Sprintf("preemption: 0/%d nodes are available: %s.", len(sc.cache.list), histogram(counts))
	}
	best := pickOneNodeForPreemption(cands)
	sc.actuate(p, best)
	return best.node.Name, ""
}

// terminatingByPreemption is podTerminatingByPreemption: being deleted
// with the scheduler's DisruptionTarget condition.
func terminatingByPreemption(p *corev1.Pod) bool {
	if p.DeletionTimestamp == nil {
		return false
	}
	c := podConditionOf(&p.Status, corev1.DisruptionTarget)
	return c != nil && c.Status == corev1.ConditionTrue && c.Reason == corev1.PodReasonPreemptionByScheduler
}

// selectVictimsOnNode removes every lower-priority pod, checks the
// preemptor fits, then reprieves the victims from the most important down
// while it still fits (MoreImportantPod: higher priority, then earlier
// start).
func (sc *scheduler) selectVictimsOnNode(fit *podFit, n *corev1.Node) (preemptionCandidate, bool) {
	p := fit.pod
	var potential []*corev1.Pod
	for _, q := range sc.api.podsOn(n.Name) {
		if !holdsResources(q) || q.DeletionTimestamp != nil {
			continue
		}
		if podPriority(q) < podPriority(p) {
			potential = append(potential, q)
		}
	}
	if len(potential) == 0 {
		return preemptionCandidate{}, false
	}
	without := map[types.UID]bool{}
	for _, v := range potential {
		without[v.UID] = true
	}
	ni := sc.cache.byName[n.Name]
	if f := sc.filter(fit, ni, without); f.plugin != "" {
		return preemptionCandidate{}, false
	}
	sort.SliceStable(potential, func(i, j int) bool { return moreImportantPod(potential[i], potential[j]) })
	var victims []*corev1.Pod
	for _, v := range potential {
		delete(without, v.UID)
		if f := sc.filter(fit, ni, without); f.plugin != "" {
			without[v.UID] = true
			victims = append(victims, v)
		}
	}
	return preemptionCandidate{node: n, victims: victims}, true
}

// moreImportantPod is util.MoreImportantPod.
func moreImportantPod(a, b *corev1.Pod) bool {
	if pa, pb := podPriority(a), podPriority(b); pa != pb {
		return pa > pb
	}
	ta, tb := podStartTime(a), podStartTime(b)
	return ta.Before(&tb)
}

func podStartTime(p *corev1.Pod) metav1.Time {
	if p.Status.StartTime != nil {
		return *p.Status.StartTime
	}
	return p.CreationTimestamp
}

// pickOneNodeForPreemption keeps, in turn, the candidates with the lowest
// highest-victim priority, the lowest sum of victim priorities, the fewest
// victims, then the first (PDB violations are not modelled).
func pickOneNodeForPreemption(cands []preemptionCandidate) preemptionCandidate {
	highest := func(c preemptionCandidate) int64 {
		h := int64(-1 << 62)
		for _, v := range c.victims {
			h = max(h, int64(podPriority(v)))
		}
		return h
	}
	sum := func(c preemptionCandidate) int64 {
		var s int64
		for _, v := range c.victims {
			// Shifted as the scheduler does so that negative priorities count.
			s += int64(podPriority(v)) + 1<<31 + 1
		}
		return s
	}
	filters := []func(preemptionCandidate) int64{highest, sum, func(c preemptionCandidate) int64 { return int64(len(c.victims)) }}
	for _, f := range filters {
		least := f(cands[0])
		for _, c := range cands[1:] {
			least = min(least, f(c))
		}
		var keep []preemptionCandidate
		for _, c := range cands {
			if f(c) == least {
				keep = append(keep, c)
			}
		}
		cands = keep
		if len(cands) == 1 {
			break
		}
	}
	return cands[0]
}

// actuate is the executor's PreemptPod for each victim: the
// DisruptionTarget condition (PreemptionByScheduler) patched in, a normal
// delete with the victim's own grace period, and the Preempted event.
func (sc *scheduler) actuate(p *corev1.Pod, c preemptionCandidate) {
	for _, v := range c.victims {
		if sc.profile.disruptionConditions() {
			st := *v.Status.DeepCopy()
			setPodCondition(&st, corev1.PodCondition{
				Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue, Reason: corev1.PodReasonPreemptionByScheduler,
				Message:            fmt.Sprintf("%s: preempting to accommodate a higher priority pod", corev1.DefaultSchedulerName),
				LastTransitionTime: sc.env.wall(sc.env.now),
			})
			sc.api.updatePodStatus(v.Name, v.UID, st)
		}
		_ = sc.api.deletePod(v.Name, metav1.DeleteOptions{}, "")
		sc.api.recordEvent(v, nil, false, corev1.EventTypeNormal, "Preempted",
			fmt.Sprintf("Preempted by pod %s on node %s", p.UID, c.node.Name), corev1.DefaultSchedulerName)
	}
}
