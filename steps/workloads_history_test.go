package steps

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/timeline"
)

// deploymentFake is a cluster with the Deployment "web", whose recorded
// condition changes are its timeline and which, read now, shows its last
// condition: as the live driver's observer records it (pkg/driver/live
// workloads.go recordConditions) and its informer's store answers.
type deploymentFake struct {
	liveFake
}

func (f *deploymentFake) Deployment(name string) *appsv1.Deployment {
	if name != "web" {
		return nil
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name}}
	now := conditionsAt(f.View().Timeline(), "deployment/web", f.now)
	for t, v := range now {
		d.Status.Conditions = append(d.Status.Conditions, appsv1.DeploymentCondition{
			Type: appsv1.DeploymentConditionType(t), Status: corev1.ConditionStatus(v[0]), Reason: v[1]})
	}
	return d
}

// progressing is the Deployment's Progressing condition changing at at.
func progressing(at time.Duration, seq uint64, status, reason string) timeline.Event {
	return timeline.Event{At: at, Seq: seq, Pod: "deployment/web", Kind: timeline.Condition, Reason: "Progressing", Status: status, Message: reason + ": a message"}
}

// TestWorkloadConditionWithinReadsTheHistory pins a Deployment's timed
// condition on a cluster to its recorded condition changes, not the
// object as it stands when the step runs: quota.feature:19 on kind
// (2026-11-29) failed a true `within 10s` at 121 s, after an earlier
// step had run the scenario to the end of its activity and the
// condition had changed since. The untimed form reads the object now.
func TestWorkloadConditionWithinReadsTheHistory(t *testing.T) {
	s := time.Second
	created := progressing(0, 1, "True", "NewReplicaSetCreated")
	for _, tc := range []struct {
		name, step string
		history    []timeline.Event
		fail       []string
	}{
		{name: "true at 5 s, changed at 100 s, judged at 121 s: held within 10s",
			step:    `the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" within 10s`,
			history: []timeline.Event{created, progressing(5*s, 2, "False", "ProgressDeadlineExceeded"), progressing(100*s, 3, "True", "NewReplicaSetAvailable")}},
		{name: "true only from 30 s: not within 10s, the window said",
			step:    `the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded" within 10s`,
			history: []timeline.Event{created, progressing(30*s, 2, "False", "ProgressDeadlineExceeded")},
			fail:    []string{"within 10s (window 0s to ", "not from 0s to ", "Progressing=True (NewReplicaSetCreated)", "it held from 30s"}},
		{name: "the state at t=0 counts",
			step:    `the deployment "web" has condition "Progressing" "True" within 10s`,
			history: []timeline.Event{created, progressing(100*s, 3, "False", "ProgressDeadlineExceeded")}},
		{name: "a reason the condition never had fails",
			step:    `the deployment "web" has condition "Progressing" "True" with reason "NewReplicaSetAvailable" within 10s`,
			history: []timeline.Event{created, progressing(5*s, 2, "False", "ProgressDeadlineExceeded")},
			fail:    []string{"Progressing=False (ProgressDeadlineExceeded)"}},
		{name: "a condition taken out of the status before t=0 is not there",
			step: `the deployment "web" has condition "ReplicaFailure" "True" within 10s`,
			history: []timeline.Event{created,
				{At: -5 * s, Seq: 2, Pod: "deployment/web", Kind: timeline.Condition, Reason: "ReplicaFailure", Status: "True", Message: "FailedCreate: refused"},
				{At: -2 * s, Seq: 3, Pod: "deployment/web", Kind: timeline.Condition, Reason: "ReplicaFailure", Message: "removed"}},
			fail: []string{"not from 0s to "}},
		{name: "a job's condition from its history",
			step: `the job "batch" has condition "Failed" "True" with reason "BackoffLimitExceeded" within 1m`,
			history: []timeline.Event{created,
				{At: 40 * s, Seq: 2, Pod: "job/batch", Kind: timeline.Condition, Reason: "Failed", Status: "True", Message: "BackoffLimitExceeded: Job has reached the specified backoff limit"}}},
		{name: "a job's condition after its window fails",
			step: `the job "batch" has condition "Failed" "True" within 30s`,
			history: []timeline.Event{created,
				{At: 40 * s, Seq: 2, Pod: "job/batch", Kind: timeline.Condition, Reason: "Failed", Status: "True", Message: "BackoffLimitExceeded: Job has reached the specified backoff limit"}},
			fail: []string{"not from 0s to ", "it held from 40s"}},
		{name: "untimed, the condition now: the last change",
			step:    `the deployment "web" has condition "Progressing" "True" with reason "NewReplicaSetAvailable"`,
			history: []timeline.Event{created, progressing(5*s, 2, "False", "ProgressDeadlineExceeded"), progressing(100*s, 3, "True", "NewReplicaSetAvailable")}},
		{name: "untimed, a condition it no longer has fails",
			step:    `the deployment "web" has condition "Progressing" "False" with reason "ProgressDeadlineExceeded"`,
			history: []timeline.Event{created, progressing(5*s, 2, "False", "ProgressDeadlineExceeded"), progressing(100*s, 3, "True", "NewReplicaSetAvailable")},
			fail:    []string{"Progressing=True (NewReplicaSetAvailable)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			history := append([]timeline.Event(nil), tc.history...)
			sort.SliceStable(history, func(i, j int) bool { return history[i].At < history[j].At })
			f := &deploymentFake{liveFake{now: 0, events: history}}
			st := &State{Driver: f, Session: f, Plan: &Plan{}}
			st.Plan.work.deployments = []*deploymentDecl{{d: &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}},
				initial: &podDecl{name: "web"}, tpl: &podDecl{name: "web"}, created: true}}
			st.Plan.work.jobs = []*jobDecl{{j: &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "batch"}}, tpl: &podDecl{name: "batch"}, created: true}}
			st.Plan.configured = true
			st.stepType = Action
			st.clk().moveT0(st.clk().actionMark())
			// An earlier step ran the scenario to the end of its
			// activity.
			f.now = 121 * s
			st.stepType = Outcome
			err := runPhrase(WithState(context.Background(), st), tc.step)
			switch {
			case tc.fail == nil && err != nil:
				t.Fatalf("want it to hold, got %v", err)
			case tc.fail != nil && err == nil:
				t.Fatalf("want a failure naming %q, got none", tc.fail)
			}
			if err != nil {
				t.Log(err)
			}
			for _, want := range tc.fail {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("the failure %q does not name %q", err, want)
				}
			}
		})
	}
}
