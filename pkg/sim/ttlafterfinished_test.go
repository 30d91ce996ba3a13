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

// ttlRun is what happened to a Job "report" and its pods: the first
// time of each (the Job's finish condition, its delete accepted, its
// removal; its first pod's removal and SIGTERM), -1 if never, and the
// sequence numbers of the two removals.
type ttlRun struct {
	finished, deleteRequested, jobGone, podGone, sigterm time.Duration
	jobGoneSeq, podGoneSeq                               uint64
	deleteSaid                                           string
	sim                                                  *Simulator
}

// runTTLJob creates at 500ms a Job "report" with spec (its template one
// pod of grace 30 whose container behaves as muts say) and runs 2
// minutes.
func runTTLJob(t *testing.T, spec batchv1.JobSpec, muts ...func(*behavior.Behavior)) ttlRun {
	t.Helper()
	s := newSim(t, "")
	s.RunUntil(500*time.Millisecond, nil)
	tpl := podOf("report", 30, nil, agent("app", muts...))
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	if err := s.AddJob(&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "report"}, Spec: spec}, tpl); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(2*time.Minute, nil)
	r := ttlRun{finished: -1, deleteRequested: -1, jobGone: -1, podGone: -1, sigterm: -1, sim: s}
	job := ObjectTimelineName("Job", "report")
	first := func(at *time.Duration, e timeline.Event) {
		if *at < 0 {
			*at = e.At
		}
	}
	for _, e := range s.Timeline() {
		switch {
		case e.Pod == job && e.Kind == timeline.Condition && (e.Reason == "Complete" || e.Reason == "Failed"):
			first(&r.finished, e)
		case e.Pod == job && e.Kind == timeline.DeleteRequested:
			first(&r.deleteRequested, e)
			r.deleteSaid = e.Message
		case e.Pod == job && e.Kind == timeline.Deleted:
			first(&r.jobGone, e)
			r.jobGoneSeq = e.Seq
		case strings.HasPrefix(e.Pod, "report-") && e.Kind == timeline.Deleted && r.podGone < 0:
			first(&r.podGone, e)
			r.podGoneSeq = e.Seq
		case strings.HasPrefix(e.Pod, "report-") && e.Kind == timeline.SIGTERM:
			first(&r.sigterm, e)
		}
	}
	return r
}

// TestJobTTLAfterFinished pins the TTL-after-finished controller
// (ttlafterfinished_controller.go processJob, processTTL, timeLeft,
// jobFinishTime; v1.36.3) and the garbage collector's foreground
// deletion (garbagecollector.go attemptToDeleteItem,
// processDeletingDependentsItem): a finished Job with a TTL is deleted
// that long after its finish condition's lastTransitionTime (whole
// seconds), its pods first (terminal: removed at once, never
// signalled), then the Job; the simulator's Job is gone (nil) but its
// pods' names stay known; a Job without a TTL is never deleted.
func TestJobTTLAfterFinished(t *testing.T) {
	t.Parallel()
	// The finish condition's time as the API keeps it, on the scenario
	// clock: the whole second of Epoch+at.
	whole := func(at time.Duration) time.Duration { return at.Truncate(time.Second) }
	for _, tc := range []struct {
		name  string
		spec  batchv1.JobSpec
		muts  []func(*behavior.Behavior)
		check func(r ttlRun) error
	}{
		{"a Job that completed goes ttl seconds after its Complete condition, its pod first", batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(10))},
			[]func(*behavior.Behavior){exitAfter(0, 2*time.Second)}, func(r ttlRun) error {
				if r.finished < 0 {
					return fmt.Errorf("the Job never finished")
				}
				if want := whole(r.finished) + 10*time.Second; r.deleteRequested != want || r.deleteSaid != "propagationPolicy=Foreground" {
					return fmt.Errorf("the Job's delete at %v (%q), want at %v (Complete at %v, whole seconds, + 10s) in the foreground", r.deleteRequested, r.deleteSaid, want, r.finished)
				}
				if r.podGone != r.deleteRequested || r.jobGone != r.deleteRequested || r.podGoneSeq > r.jobGoneSeq {
					return fmt.Errorf("pod gone at %v (seq %d), Job gone at %v (seq %d): want both at the delete (%v), the pod first", r.podGone, r.podGoneSeq, r.jobGone, r.jobGoneSeq, r.deleteRequested)
				}
				if r.sigterm >= 0 {
					return fmt.Errorf("a SIGTERM at %v to the pod of a finished Job: a terminal pod is deleted at once", r.sigterm)
				}
				if j := r.sim.Job("report"); j != nil {
					return fmt.Errorf("Job(report) = %v after its removal, want nil", j.Name)
				}
				if pods, created, ok := r.sim.JobPods("report"); !ok || len(created) != 1 || len(pods) != 0 {
					return fmt.Errorf("JobPods(report) = %d pods, created %v, %v: want its one pod's name kept, none in the API", len(pods), created, ok)
				}
				return nil
			}},
		{"a Job that failed goes as one that completed", batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(5)), BackoffLimit: ptr(int32(0))},
			[]func(*behavior.Behavior){exitAfter(1, time.Second)}, func(r ttlRun) error {
				if want := whole(r.finished) + 5*time.Second; r.finished < 0 || r.deleteRequested != want || r.jobGone != want || r.podGone != want {
					return fmt.Errorf("finished at %v, delete at %v, Job gone at %v, pod gone at %v: want all at %v", r.finished, r.deleteRequested, r.jobGone, r.podGone, want)
				}
				return nil
			}},
		{"a ttl of 0 deletes the Job at its finish's whole second", batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(0))},
			[]func(*behavior.Behavior){exitAfter(0, 2*time.Second)}, func(r ttlRun) error {
				if r.finished < 0 || r.jobGone != r.finished {
					return fmt.Errorf("finished at %v, gone at %v: want gone at once (its finish time is already past)", r.finished, r.jobGone)
				}
				return nil
			}},
		{"a Job past its activeDeadlineSeconds goes ttl seconds after it failed, its pod stopped gracefully before", batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(30)), ActiveDeadlineSeconds: ptr(int64(15))},
			nil, func(r ttlRun) error {
				if r.sigterm < 15*time.Second || r.sigterm > 16*time.Second {
					return fmt.Errorf("SIGTERM at %v, want at the deadline (15s)", r.sigterm)
				}
				if want := whole(r.finished) + 30*time.Second; r.finished < 0 || r.jobGone != want {
					return fmt.Errorf("Failed at %v, Job gone at %v: want %v", r.finished, r.jobGone, want)
				}
				if r.podGone < 0 || r.podGone > r.finished {
					return fmt.Errorf("the pod gone at %v, want before the Job failed (%v): the Job controller removed it", r.podGone, r.finished)
				}
				return nil
			}},
		{"a Job without ttlSecondsAfterFinished stays", batchv1.JobSpec{},
			[]func(*behavior.Behavior){exitAfter(0, 2*time.Second)}, func(r ttlRun) error {
				if r.finished < 0 || r.deleteRequested >= 0 || r.jobGone >= 0 || r.podGone >= 0 || r.sim.Job("report") == nil {
					return fmt.Errorf("finished at %v, delete at %v, gone at %v, pod gone at %v: want the Job and its pod kept", r.finished, r.deleteRequested, r.jobGone, r.podGone)
				}
				return nil
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if err := tc.check(runTTLJob(t, tc.spec, tc.muts...)); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestJobTTLValidated: a negative ttlSecondsAfterFinished is refused as
// ValidateJobSpec refuses it.
func TestJobTTLValidated(t *testing.T) {
	s := newSim(t, "")
	tpl := podOf("report", 30, nil, agent("app"))
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	err := s.AddJob(&batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "report"}, Spec: batchv1.JobSpec{TTLSecondsAfterFinished: ptr(int32(-1))}}, tpl)
	if err == nil || !strings.Contains(err.Error(), "spec.ttlSecondsAfterFinished: must be greater than or equal to 0") {
		t.Fatalf("AddJob with ttl -1: %v", err)
	}
}
