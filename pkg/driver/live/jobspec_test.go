package live

import (
	"context"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestJobKeepsItsSpecFields: the Job a declaration's step gives fields of
// (`a job "cruncher" with backoffLimit 2 and completions 3 and
// parallelism 2 and activeDeadlineSeconds 30 and restartPolicy
// OnFailure`, steps/specfields.go) is created with them: the plan's
// batchv1.Job and template, which the simulator runs too, reach the API
// as they are.
func TestJobKeepsItsSpecFields(t *testing.T) {
	s := testSession(t)
	ctx := context.Background()
	tpl := agentTemplate()
	tpl.Spec.RestartPolicy = corev1.RestartPolicyOnFailure
	i32 := func(n int32) *int32 { return &n }
	deadline := int64(30)
	spec := batchv1.JobSpec{BackoffLimit: i32(2), Completions: i32(3), Parallelism: i32(2), ActiveDeadlineSeconds: &deadline}
	if err := s.CreateJob(ctx, &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "cruncher"}, Spec: spec}, tpl); err != nil {
		t.Fatal(err)
	}
	j, err := s.d.cs.BatchV1().Jobs(s.ns).Get(ctx, "cruncher", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := j.Spec
	if *got.BackoffLimit != 2 || *got.Completions != 3 || *got.Parallelism != 2 || *got.ActiveDeadlineSeconds != 30 {
		t.Errorf("the Job's spec %+v, want backoffLimit 2, completions 3, parallelism 2, activeDeadlineSeconds 30", got)
	}
	if rp := got.Template.Spec.RestartPolicy; rp != corev1.RestartPolicyOnFailure {
		t.Errorf("the Job's template restartPolicy %q, want OnFailure", rp)
	}
}
