package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// deadlineRun is what a Job with activeDeadlineSeconds did: when (on
// the scenario clock) its conditions came, its pod was signalled and
// exited, its events were recorded; and its status at the end.
type deadlineRun struct {
	conds  map[string]time.Duration // "FailureTarget DeadlineExceeded" → first time
	term   time.Duration            // the pod's first SIGTERM, -1 if none
	exited time.Duration            // the pod's container's exit, -1 if none
	events map[string]time.Duration // reason → first time
	job    *batchv1.Job
	// deleted: the first delete request of the pod and what it said.
	deleted    time.Duration
	deleteSaid string
}

// runDeadlineJob creates at 500ms a Job "forever" with the deadline and
// one pod of grace 30 whose container behaves as muts say, and runs 2
// minutes.
func runDeadlineJob(t *testing.T, deadline int64, muts ...func(*behavior.Behavior)) deadlineRun {
	t.Helper()
	s := newSim(t, "")
	s.RunUntil(500*time.Millisecond, nil)
	tpl := podOf("forever", 30, nil, agent("app", muts...))
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	j := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "forever"}, Spec: batchv1.JobSpec{ActiveDeadlineSeconds: ptr(deadline), BackoffLimit: ptr(int32(0))}}
	if err := s.AddJob(j, tpl); err != nil {
		t.Fatal(err)
	}
	run := deadlineRun{conds: map[string]time.Duration{}, events: map[string]time.Duration{}, term: -1, exited: -1, deleted: -1}
	s.RunUntil(2*time.Minute, nil)
	for _, e := range s.Timeline() {
		switch {
		case e.Pod == ObjectTimelineName("Job", "forever") && e.Kind == timeline.Condition:
			k := e.Reason + " " + strings.SplitN(e.Message, ":", 2)[0]
			if _, ok := run.conds[k]; !ok {
				run.conds[k] = e.At
			}
		case e.Pod == ObjectTimelineName("Job", "forever") && e.Kind == timeline.KubeEvent:
			if _, ok := run.events[e.Reason]; !ok {
				run.events[e.Reason] = e.At
			}
		case strings.HasPrefix(e.Pod, "forever-") && e.Kind == timeline.DeleteRequested && run.deleted < 0:
			run.deleted, run.deleteSaid = e.At, e.Message
		case strings.HasPrefix(e.Pod, "forever-") && e.Kind == timeline.SIGTERM && run.term < 0:
			run.term = e.At
		case strings.HasPrefix(e.Pod, "forever-") && e.Kind == timeline.Exited && run.exited < 0:
			run.exited = e.At
		}
	}
	run.job = s.Job("forever").DeepCopy()
	return run
}

// TestJobActiveDeadline pins the Job controller's activeDeadlineSeconds
// (job_controller.go syncJob, pastActiveDeadline, deleteActivePods,
// enactJobFinished, recordJobFinished; v1.36.3): the deadline counts
// from status.startTime as the API keeps it (whole seconds: a Job
// started at 0.5s fails at 20s with a 20s deadline, the sync queued
// again for it); past it the Job gets FailureTarget DeadlineExceeded,
// its active pods are deleted with their own grace (SIGTERM at the
// deadline, no SIGKILL before the grace), status.active goes to 0, and
// Failed DeadlineExceeded with its Warning event only once the pods have
// terminated. A Job that succeeds before its deadline is Complete and
// never failed.
func TestJobActiveDeadline(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		deadline int64
		muts     []func(*behavior.Behavior)
		check    func(r deadlineRun) error
	}{
		{"a pod running past the deadline is deleted gracefully at it and the Job fails with DeadlineExceeded", 20, nil, func(r deadlineRun) error {
			if at, ok := r.conds["FailureTarget DeadlineExceeded"]; !ok || at != 20*time.Second {
				return fmt.Errorf("FailureTarget DeadlineExceeded at %v (%v), want 20s (startTime 0s, the whole second of 0.5s)", at, ok)
			}
			if r.deleted != 20*time.Second || r.deleteSaid != "deletionGracePeriodSeconds=30" {
				return fmt.Errorf("the pod's delete request at %v (%q), want at 20s with its grace 30", r.deleted, r.deleteSaid)
			}
			if r.term < 20*time.Second || r.term > 21*time.Second {
				return fmt.Errorf("SIGTERM at %v, want at the deadline (20s, within the kubelet's reaction)", r.term)
			}
			if at, ok := r.conds["Failed DeadlineExceeded"]; !ok || at < r.exited {
				return fmt.Errorf("Failed DeadlineExceeded at %v (%v), want after the pod's exit at %v", at, ok, r.exited)
			}
			if at, ok := r.events["DeadlineExceeded"]; !ok || at != r.conds["Failed DeadlineExceeded"] {
				return fmt.Errorf("the DeadlineExceeded event at %v (%v), want with the Failed condition at %v", at, ok, r.conds["Failed DeadlineExceeded"])
			}
			if c := jobCondition(&r.job.Status, batchv1.JobFailed); c == nil || c.Message != "Job was active longer than specified deadline" {
				return fmt.Errorf("the Failed condition %+v, want the message \"Job was active longer than specified deadline\"", c)
			}
			if r.job.Status.Active != 0 || r.job.Status.Failed != 1 {
				return fmt.Errorf("status active %d failed %d, want 0 and 1", r.job.Status.Active, r.job.Status.Failed)
			}
			return nil
		}},
		{"the Failed condition and the event wait for the pod to terminate", 20, []func(*behavior.Behavior){termDelay(10 * time.Second)}, func(r deadlineRun) error {
			ft, fail := r.conds["FailureTarget DeadlineExceeded"], r.conds["Failed DeadlineExceeded"]
			if ft != 20*time.Second || r.exited < 30*time.Second || fail < r.exited || fail > r.exited+3*time.Second {
				return fmt.Errorf("FailureTarget at %v, exit at %v, Failed at %v: want 20s, 10s after the SIGTERM, the sync after the exit", ft, r.exited, fail)
			}
			if at := r.events["DeadlineExceeded"]; at != fail {
				return fmt.Errorf("the DeadlineExceeded event at %v, want with Failed at %v", at, fail)
			}
			return nil
		}},
		{"a Job whose pod succeeds before the deadline completes and is never failed", 20, []func(*behavior.Behavior){exitAfter(0, 5*time.Second)}, func(r deadlineRun) error {
			if _, ok := r.conds["Complete CompletionsReached"]; !ok {
				return fmt.Errorf("no Complete condition: %v", r.conds)
			}
			for k := range r.conds {
				if strings.Contains(k, "DeadlineExceeded") {
					return fmt.Errorf("condition %s on a Job done before its deadline", k)
				}
			}
			if _, ok := r.events["DeadlineExceeded"]; ok || r.term >= 0 {
				return fmt.Errorf("a DeadlineExceeded event (%v) or a SIGTERM (%v) on a Job done before its deadline", ok, r.term)
			}
			return nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if err := tc.check(runDeadlineJob(t, tc.deadline, tc.muts...)); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestJobActiveDeadlineValidated: a deadline below 1 is refused as the
// API refuses it (ValidateJobSpec), and the fields still not modelled are
// refused by name.
func TestJobActiveDeadlineValidated(t *testing.T) {
	t.Parallel()
	tpl := podOf("b", 30, nil, agent("app"))
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	for _, tc := range []struct {
		spec batchv1.JobSpec
		want string
	}{
		{batchv1.JobSpec{ActiveDeadlineSeconds: ptr(int64(0))}, "spec.activeDeadlineSeconds"},
		{batchv1.JobSpec{ActiveDeadlineSeconds: ptr(int64(20))}, ""},
		// Modelled since held-out set 40 (ttlafterfinished.go); suspend
		// is not.
		{batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(5))}, ""},
		{batchv1.JobSpec{Suspend: ptr(true)}, "suspend"},
	} {
		s := newSim(t, "")
		err := s.AddJob(&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "b"}, Spec: tc.spec}, tpl)
		if (err == nil) != (tc.want == "") || err != nil && (!strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "activeDeadlineSeconds, ")) {
			t.Errorf("%+v: %v, want an error naming %q", tc.spec, err, tc.want)
		}
	}
}

// TestPodFailurePolicyPatternDefaultsToTrue pins
// SetDefaults_PodFailurePolicyOnPodConditionsPattern: a rule's condition
// pattern written without a status matches the condition True, so an
// Ignore rule on DisruptionTarget covers an evicted pod (held-out set 40
// wrote it so; the Job failed at its first eviction before).
func TestPodFailurePolicyPatternDefaultsToTrue(t *testing.T) {
	j := &batchv1.Job{Spec: batchv1.JobSpec{PodFailurePolicy: &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
		{Action: batchv1.PodFailurePolicyActionIgnore, OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{{Type: corev1.DisruptionTarget}}},
	}}}}
	setDefaultsJob(j)
	evicted := &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodFailed, Conditions: []corev1.PodCondition{{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}}}}
	if _, count, action := matchPodFailurePolicy(j, evicted); count || action != batchv1.PodFailurePolicyActionIgnore {
		t.Errorf("an evicted pod under an Ignore rule on DisruptionTarget: counted %v, action %q; want not counted, Ignore", count, action)
	}
}
