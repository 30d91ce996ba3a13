package sim

import (
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The deletion of a Node object and the pod garbage collector's orphan
// pass (pkg/controller/podgc/gc_controller.go, v1.36.3): the controller
// runs gc every gcCheckPeriod; gcOrphaned puts the node of a pod bound to
// no existing node in a queue with quarantineTime's delay, and a later
// pass that finds the node still missing (discoverDeletedNodes) marks each
// of its pods Failed with the DisruptionTarget condition DeletionByPodGC
// and deletes it with grace 0 (markFailedAndDeletePodWithCondition).

const (
	gcCheckPeriod  = 20 * time.Second
	quarantineTime = 40 * time.Second
)

// podGC is the controller's state: its loop's phase (it runs since
// kube-controller-manager started, so the scenario cannot know it: drawn
// once) and the nodes waiting out their quarantine, with when they are
// due.
type podGC struct {
	env    *env
	api    *apiServer
	phase  time.Duration
	phased bool
	pass   *timer
	// quarantined is the node queue: node → when it may be checked;
	// deleted is when each deleted node went.
	quarantined map[string]time.Duration
	deleted     map[string]time.Duration
}

// nodeDeleted arms the controller's next pass, which finds the orphans.
func (g *podGC) nodeDeleted(node string) {
	g.deleted[node] = g.env.now
	if !g.phased {
		g.phase = time.Duration(g.env.rng.Int63n(int64(gcCheckPeriod)))
		g.phased = true
	}
	if g.pass == nil {
		g.armPass()
	}
}

// armPass schedules the loop's next pass after now, on its phase. Only
// passes with work to do are run: the others find nothing.
func (g *podGC) armPass() {
	now := g.env.now
	n := (now-g.phase)/gcCheckPeriod + 1
	if now < g.phase {
		n = 0
	}
	at := g.phase + n*gcCheckPeriod
	g.pass = g.env.after(at-now, g.gc)
}

// gc is one pass of gcOrphaned.
func (g *podGC) gc() {
	g.pass = nil
	now := g.env.now
	var orphans []*corev1.Pod
	for _, name := range g.api.podNames() {
		p := g.api.pod(name)
		if p.Spec.NodeName == "" || g.api.node(p.Spec.NodeName) != nil {
			continue
		}
		if _, queued := g.quarantined[p.Spec.NodeName]; !queued {
			// AddAfter, at the first pass that sees the node missing.
			g.quarantined[p.Spec.NodeName] = now + quarantineTime
		}
		orphans = append(orphans, p)
	}
	var left bool
	for _, p := range orphans {
		due := g.quarantined[p.Spec.NodeName]
		if due > now {
			left = true
			continue
		}
		g.deleteOrphan(p)
	}
	if left {
		g.armPass()
	}
}

// deleteOrphan is markFailedAndDeletePodWithCondition: Failed with
// DisruptionTarget (DeletionByPodGC) unless terminal, then a delete with
// grace 0.
//
// When the first pass after the node's deletion came was drawn (the
// loop's phase): the pods go a quarantine after it, so anywhere from the
// deletion plus the quarantine to a whole period later.
func (g *podGC) deleteOrphan(p *corev1.Pod) {
	t := g.deleted[p.Spec.NodeName] + quarantineTime
	defer g.env.recordIn(g.env.recordIn(span{t, t + gcCheckPeriod}))
	if !isTerminal(p.Status.Phase) {
		st := *p.Status.DeepCopy()
		st.Phase = corev1.PodFailed
		setPodCondition(&st, corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue,
			Reason: "DeletionByPodGC", Message: "PodGC: node no longer exists", LastTransitionTime: g.env.wall(g.env.now)})
		g.api.updatePodStatus(p.Name, p.UID, st)
	}
	zero := int64(0)
	_ = g.api.deletePod(p.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero}, "")
}
