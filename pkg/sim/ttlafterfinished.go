package sim

import (
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// The TTL-after-finished controller
// (pkg/controller/ttlafterfinished/ttlafterfinished_controller.go,
// v1.36.3) and the part of the garbage collector
// (pkg/controller/garbagecollector, v1.36.3) that the foreground
// deletion it asks for sets going.
//
// A Job with spec.ttlSecondsAfterFinished that finished (its Complete or
// Failed condition True: needsCleanup, jobutil.IsJobFinished) is
// deleted ttl seconds after it finished: the finish time is that
// condition's lastTransitionTime (jobFinishTime), which the API keeps in
// whole seconds, so a Job that completed at 2.4 s with a ttl of 10 s is
// deleted at 12 s (getFinishAndExpireTime, timeLeft). The controller
// learns of the finish from its Job informer (updateJob: enqueue),
// computes the time left and queues the Job again for then
// (processTTL: queue.AddAfter); at the expiry processJob reads the Job
// afresh and deletes it with propagationPolicy Foreground and a UID
// precondition.
//
// The API server keeps a Job deleted in the foreground, with its
// deletionTimestamp and the foregroundDeletion finalizer
// (staging/src/k8s.io/apiserver/pkg/registry/generic/registry/store.go
// Delete, deletionFinalizersForGarbageCollection,
// updateForGracefulDeletionAndFinalizers), until the garbage collector
// has deleted its dependents: its graph builder sees the Job wait for
// them (graph_builder.go processTransitions,
// startsWaitingForDependentsDeleted) and queues each dependent and the
// Job; each pod with no other owner is deleted with propagation
// Background and its UID as precondition (garbagecollector.go
// attemptToDeleteItem, operations.go deleteObject), so with its own
// grace period as any delete (a terminal pod, as every pod of a
// finished Job is, at once: pod strategy CheckGracefulDelete); a pod
// already being deleted is left to its deletion. The Job itself goes
// once no dependent that blocks it (ownerReferences blockOwnerDeletion,
// which the Job controller's controllerRef sets) is left in the API:
// processDeletingDependentsItem removes the finalizer, the object is
// removed; each dependent's removal queues the Job again
// (processGraphChanges). All of it later in the instant the delete is
// made: the watches' and the workers' own latencies are not modelled.
//
// The timeline records the Job's deletion under its timeline name
// ("job/<name>"): DeleteRequested (no grace: Code -1) when the TTL
// controller's delete is accepted, Deleted when the object is gone.

// ttlJob is what the TTL controller and the garbage collector keep of a
// Job: whether it is being deleted (deletionTimestamp and the
// foregroundDeletion finalizer set), and whether it is gone from the API.
type ttlJob struct {
	expiry   *timer
	deleting bool
	gone     bool
}

// jobFinished is the TTL controller's updateJob for a Job whose status
// now has its Complete or Failed condition: a Job with a TTL is
// processed later in the instant, as the informer delivers it
// (ttlafterfinished_controller.go updateJob, enqueue).
func (c *jobController) jobFinished(jb *job) {
	if jb.j.Spec.TTLSecondsAfterFinished == nil || jb.ttl.deleting || jb.ttl.gone {
		return
	}
	c.env.soon(func() { c.processTTLJob(jb) })
}

// processTTLJob is processJob and processTTL: a finished Job whose TTL
// has expired is deleted in the foreground; one whose TTL has not is
// queued again for the expiry (queue.AddAfter of timeLeft).
func (c *jobController) processTTLJob(jb *job) {
	if jb.ttl.gone || jb.ttl.deleting || jb.j.Spec.TTLSecondsAfterFinished == nil {
		return
	}
	finish, ok := jobFinishTime(jb.j)
	if !ok {
		return // needsCleanup: not finished
	}
	expire := finish.Add(time.Duration(*jb.j.Spec.TTLSecondsAfterFinished) * time.Second)
	left := expire.Sub(c.env.wall(c.env.now).Time)
	if left > 0 {
		c.env.cancel(jb.ttl.expiry)
		jb.ttl.expiry = c.env.after(left, func() { c.processTTLJob(jb) })
		return
	}
	c.deleteJobForeground(jb)
}

// jobFinishTime is jobFinishTime: the lastTransitionTime of the Job's
// first Complete or Failed condition that is True.
func jobFinishTime(j *batchv1.Job) (time.Time, bool) {
	for _, cond := range j.Status.Conditions {
		if (cond.Type == batchv1.JobComplete || cond.Type == batchv1.JobFailed) && cond.Status == corev1.ConditionTrue {
			if cond.LastTransitionTime.IsZero() {
				return time.Time{}, false
			}
			return cond.LastTransitionTime.Time, true
		}
	}
	return time.Time{}, false
}

// deleteJobForeground is the API server's Delete of the Job with
// propagationPolicy Foreground (store.go Delete: the foregroundDeletion
// finalizer added, deletionTimestamp set, the object kept), and the
// garbage collector's reaction to it, later in the instant (graph
// builder processTransitions: each dependent queued, then the owner).
func (c *jobController) deleteJobForeground(jb *job) {
	j := jb.j
	now := c.env.wall(c.env.now)
	zero := int64(0)
	j.DeletionTimestamp, j.DeletionGracePeriodSeconds = &now, &zero
	j.Finalizers = append(j.Finalizers, metav1.FinalizerDeleteDependents)
	jb.ttl.deleting = true
	c.env.record(timeline.Event{Pod: ObjectTimelineName("Job", j.Name), Kind: timeline.DeleteRequested, Code: -1,
		Message: "propagationPolicy=Foreground"})
	c.env.soon(func() {
		for _, p := range c.dependents(jb) {
			c.gcDeleteDependent(p)
		}
		c.env.soon(func() { c.gcDeletingDependents(jb) })
	})
}

// dependents are the pods in the API whose ownerReferences name the Job
// (the garbage collector's graph: node.dependents), in creation order.
func (c *jobController) dependents(jb *job) []*corev1.Pod {
	var out []*corev1.Pod
	for _, n := range jb.created {
		p := c.api.pod(n)
		if p == nil {
			continue
		}
		for _, ref := range p.OwnerReferences {
			if ref.UID == jb.j.UID {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// gcDeleteDependent is attemptToDeleteItem for a Job's pod whose only
// owner waits for its dependents' deletion: a pod being deleted is
// left to it; another is deleted with propagation Background and its
// UID as precondition (deleteObject), its grace period its own.
func (c *jobController) gcDeleteDependent(p *corev1.Pod) {
	if p.DeletionTimestamp != nil {
		return // isBeingDeleted && !isDeletingDependents
	}
	bg := metav1.DeletePropagationBackground
	uid := p.UID
	_ = c.api.deletePod(p.Name, metav1.DeleteOptions{PropagationPolicy: &bg, Preconditions: &metav1.Preconditions{UID: &uid}}, p.UID)
}

// gcDeletingDependents is processDeletingDependentsItem for the Job:
// while a dependent that blocks its deletion (blockOwnerDeletion) is in
// the API, it is queued for deletion again; once none is, the
// foregroundDeletion finalizer is removed and the Job is gone.
func (c *jobController) gcDeletingDependents(jb *job) {
	if jb.ttl.gone || !jb.ttl.deleting {
		return
	}
	blocking := false
	for _, p := range c.dependents(jb) {
		for _, ref := range p.OwnerReferences {
			if ref.UID == jb.j.UID && ref.BlockOwnerDeletion != nil && *ref.BlockOwnerDeletion {
				blocking = true
				c.gcDeleteDependent(p)
			}
		}
	}
	if blocking {
		return // each dependent's removal queues the Job again (gcPodGone)
	}
	j := jb.j
	j.Finalizers = nil
	jb.ttl.gone = true
	c.env.cancel(jb.ttl.expiry)
	c.env.record(timeline.Event{Pod: ObjectTimelineName("Job", j.Name), Kind: timeline.Deleted})
}

// gcPodGone is processGraphChanges for a pod's removal: an owner that
// waits for its dependents' deletion is queued again.
func (c *jobController) gcPodGone(p *corev1.Pod) {
	ref := metav1.GetControllerOf(p)
	if ref == nil || ref.Kind != "Job" {
		return
	}
	for _, jb := range c.order {
		if jb.j.UID == ref.UID && jb.ttl.deleting && !jb.ttl.gone {
			c.env.soon(func() { c.gcDeletingDependents(jb) })
		}
	}
}
