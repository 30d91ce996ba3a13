package steps

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// The creation of the declared workloads, and the wait for them to start
// before the scenario's first action.

// createWorkloadObjects creates the declared quotas (first: a pod is
// charged from its create on), then the Deployments and Jobs not created
// yet; ready calls it once the cluster is configured.
func createWorkloadObjects(ctx context.Context, st *State) error {
	w := &st.Plan.work
	d := st.Session
	for _, q := range w.quotas {
		if q.created {
			continue
		}
		q.created = true
		if err := d.CreateResourceQuota(ctx, q.q); err != nil {
			return st.unsupported(err)
		}
	}
	for _, dep := range w.deployments {
		if dep.created {
			continue
		}
		dep.created, dep.initial.created = true, true
		if err := d.CreateDeployment(ctx, dep.d, dep.initial.build()); err != nil {
			return st.unsupported(err)
		}
	}
	for _, j := range w.jobs {
		if j.created {
			continue
		}
		j.created, j.tpl.created = true, true
		if err := d.CreateJob(ctx, j.j, j.tpl.build()); err != nil {
			return st.unsupported(err)
		}
	}
	return createDaemonSets(ctx, st) // daemonsets.go
}

// waiting: some declared workload was not created yet, so
// ready waits for it to start.
func (w *workloadDecls) waiting() bool {
	for _, d := range w.deployments {
		if !d.created {
			return true
		}
	}
	for _, j := range w.jobs {
		if !j.created {
			return true
		}
	}
	for _, d := range w.daemonSets {
		if !d.created {
			return true
		}
	}
	return false
}

// started: every declared Deployment's first rollout is done
// (kubectl rollout status's), or stuck (its pods started or stuck and a
// ReplicaFailure or a past deadline reported), and every Job has its
// first pod started or stuck, or has finished.
func (w *workloadDecls) started(s driver.Workloads, v driver.View) bool {
	for _, dep := range w.deployments {
		d := s.Deployment(dep.d.Name)
		if d == nil {
			return false
		}
		pods, _, _ := s.DeploymentPods(dep.d.Name)
		if done, _ := rolloutDone(d); done {
			if !readyInView(pods, v) {
				// The controller saw its pods Ready before the scenario's
				// own watch did (a live run's Ready events stamped at t=0,
				// deployments.feature:88, 2026-11-29): what the steps read
				// is the view, so it must show them too.
				return false
			}
			continue
		}
		for _, p := range pods {
			if !startedOrStuck(v.Pod(p.Name)) {
				return false
			}
		}
		if !deploymentStuck(d) {
			return false
		}
	}
	for _, j := range w.jobs {
		job := s.Job(j.j.Name)
		if job == nil {
			return false
		}
		if jobFinished(job) {
			continue
		}
		pods, _, _ := s.JobPods(j.j.Name)
		if len(pods) == 0 {
			return false
		}
		for _, p := range pods {
			if !startedOrStuck(v.Pod(p.Name)) {
				return false
			}
		}
	}
	return true
}

// readyInView: every pod of pods the view shows, not being deleted, is
// Ready there.
func readyInView(pods []*corev1.Pod, v driver.View) bool {
	for _, p := range pods {
		if vp := v.Pod(p.Name); vp != nil && vp.DeletionTimestamp == nil && !conditionIs(vp, corev1.PodReady, corev1.ConditionTrue) {
			return false
		}
	}
	return true
}

// deploymentStuck: the Deployment reports a failure to create its pods or
// a rollout past its deadline.
func deploymentStuck(d *appsv1.Deployment) bool {
	for _, c := range d.Status.Conditions {
		if (c.Type == appsv1.DeploymentReplicaFailure && c.Status == corev1.ConditionTrue) ||
			(c.Type == appsv1.DeploymentProgressing && c.Status == corev1.ConditionFalse) {
			return true
		}
	}
	return false
}

func jobFinished(j *batchv1.Job) bool {
	for _, c := range j.Status.Conditions {
		if (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

// rolloutDone is kubectl rollout status's verdict on a Deployment
// (k8s.io/kubectl/pkg/polymorphichelpers/rollout_status.go,
// DeploymentStatusViewer.Status, v0.36.3): the controller has observed
// its generation, every replica is updated, no old one is left (among
// the active pods: terminating ones are not counted) and every updated
// one is available. What it is waiting for otherwise.
func rolloutDone(d *appsv1.Deployment) (bool, string) {
	st := d.Status
	if d.Generation > st.ObservedGeneration {
		return false, "waiting for the deployment's spec update to be observed"
	}
	for _, c := range st.Conditions {
		if c.Type == appsv1.DeploymentProgressing && c.Reason == "ProgressDeadlineExceeded" {
			return false, "it exceeded its progress deadline"
		}
	}
	if d.Spec.Replicas != nil && st.UpdatedReplicas < *d.Spec.Replicas {
		return false, fmt.Sprintf("%d out of %d new replicas have been updated", st.UpdatedReplicas, *d.Spec.Replicas)
	}
	if st.Replicas > st.UpdatedReplicas {
		return false, fmt.Sprintf("%d old replicas are pending termination", st.Replicas-st.UpdatedReplicas)
	}
	if st.AvailableReplicas < st.UpdatedReplicas {
		return false, fmt.Sprintf("%d of %d updated replicas are available", st.AvailableReplicas, st.UpdatedReplicas)
	}
	return true, "successfully rolled out"
}
