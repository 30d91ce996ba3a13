package live

import (
	"context"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestJobKeepsItsTTL: the Job is created with its
// ttlSecondsAfterFinished (the cluster's TTL-after-finished controller
// acts on it; nothing strips it), and podlife's labels.
func TestJobKeepsItsTTL(t *testing.T) {
	s := testSession(t)
	ctx := context.Background()
	tpl := agentTemplate()
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	ttl := int32(10)
	if err := s.CreateJob(ctx, &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "report"}, Spec: batchv1.JobSpec{TTLSecondsAfterFinished: &ttl}}, tpl); err != nil {
		t.Fatal(err)
	}
	j, err := s.d.cs.BatchV1().Jobs(s.ns).Get(ctx, "report", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if j.Spec.TTLSecondsAfterFinished == nil || *j.Spec.TTLSecondsAfterFinished != 10 {
		t.Errorf("the Job's ttlSecondsAfterFinished is %v, want 10", j.Spec.TTLSecondsAfterFinished)
	}
	if j.Labels[LabelRun] != "r1" {
		t.Errorf("the Job's labels %v: cleanup would not find it", j.Labels)
	}
}

// TestJobDeletionIsRecorded: the Job informer's update that first shows
// a deletionTimestamp is the Job's DeleteRequested (with the propagation
// its finalizer tells: the TTL-after-finished controller's Foreground),
// its delete (a tombstone's object too) its Deleted, as the simulator
// records them under the Job's timeline name; the Job's pods stay
// named by their order after it is gone.
func TestJobDeletionIsRecorded(t *testing.T) {
	s := testSession(t)
	s.wl.jobs = []*ownedPods{{name: "report", uid: "u-report"}}
	s.obs.onPod(ownedPod("report-abcde", "Job", "report", "u-report", nil), false)
	finished := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "report", UID: "u-report"}}
	deleting := finished.DeepCopy()
	now := metav1.Now()
	deleting.DeletionTimestamp = &now
	deleting.Finalizers = []string{metav1.FinalizerDeleteDependents}
	s.mu.Lock()
	s.work.recordJobDeletion(nil, finished, time.Now())
	s.work.recordJobDeletion(finished, finished, time.Now())
	s.work.recordJobDeletion(finished, deleting, time.Now())
	s.work.recordJobDeletion(deleting, deleting, time.Now())
	s.work.recordJobGone(cache.DeletedFinalStateUnknown{Key: "ns/report", Obj: deleting}, time.Now())
	s.mu.Unlock()
	var got []string
	for _, e := range s.rec.snapshot(-1) {
		if e.Pod == "job/report" {
			got = append(got, e.Label()+" "+e.Message)
		}
	}
	if want := "DeleteRequested propagationPolicy=Foreground|Deleted "; strings.Join(got, "|") != want {
		t.Errorf("recorded %q, want %q", strings.Join(got, "|"), want)
	}
	if _, created, ok := s.JobPods("report"); !ok || strings.Join(created, ",") != "report-abcde" {
		t.Errorf("the gone Job's pods: %v, %v", created, ok)
	}
	// A Job removed with no deletionTimestamp seen first (a delete with
	// no finalizer to wait for): both, at its removal.
	s.mu.Lock()
	s.work.recordJobGone(&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "quick"}}, time.Now())
	s.mu.Unlock()
	if n := timeline.Count(s.rec.snapshot(-1), timeline.Selector{Pod: "job/quick", Kind: timeline.DeleteRequested}); n != 1 {
		t.Errorf("a Job gone at once: %d DeleteRequested, want 1", n)
	}
}
