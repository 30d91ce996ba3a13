package steps

import (
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/timeline"
)

// fakeWorkloads answers a Deployment and its pods as the API has them.
type fakeWorkloads struct {
	driver.Workloads
	d    *appsv1.Deployment
	pods []*corev1.Pod
}

func (f fakeWorkloads) Deployment(string) *appsv1.Deployment { return f.d }
func (f fakeWorkloads) DeploymentPods(string) ([]*corev1.Pod, []string, bool) {
	return f.pods, nil, true
}

// apiView is the scenario's own view of its pods.
type apiView struct {
	driver.View
	pods map[string]*corev1.Pod
}

func (v apiView) Pod(name string) *corev1.Pod { return v.pods[name] }
func (apiView) Timeline() []timeline.Event    { return nil }

func podReadyAs(name string, ready bool) *corev1.Pod {
	st := corev1.ConditionFalse
	if ready {
		st = corev1.ConditionTrue
	}
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name}, Status: corev1.PodStatus{Phase: corev1.PodRunning,
		Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: st}}}}
}

// TestFirstRolloutWaitsForTheViewToo: a Deployment whose status says its
// rollout is done has started only once the scenario's own view shows its
// pods Ready too (a live run read 1 Ready of 3 at t=0 though the
// controller had counted 3 available, deployments.feature:88,
// 2026-11-29).
func TestFirstRolloutWaitsForTheViewToo(t *testing.T) {
	three := int32(3)
	d := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Replicas: &three}}
	d.Name, d.Generation = "web", 1
	d.Status = appsv1.DeploymentStatus{ObservedGeneration: 1, Replicas: 3, UpdatedReplicas: 3, AvailableReplicas: 3, ReadyReplicas: 3}
	if done, why := rolloutDone(d); !done {
		t.Fatalf("the fake's rollout is not done: %s", why)
	}
	api := []*corev1.Pod{podReadyAs("a", true), podReadyAs("b", true), podReadyAs("c", true)}
	w := &workloadDecls{deployments: []*deploymentDecl{{d: d}}}
	for _, tc := range []struct {
		name string
		view []*corev1.Pod
		want bool
	}{
		{"the view shows them Ready", api, true},
		{"the view has not seen two Ready yet", []*corev1.Pod{podReadyAs("a", true), podReadyAs("b", false), podReadyAs("c", false)}, false},
	} {
		v := apiView{pods: map[string]*corev1.Pod{}}
		for _, p := range tc.view {
			v.pods[p.Name] = p
		}
		if got := w.started(fakeWorkloads{d: d, pods: api}, v); got != tc.want {
			t.Errorf("%s: started %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPodsDoneCountsControllersPods: an untimed wait on a cluster ends
// early when every pod is gone or terminal, but a controller's pods are
// not the plan's: with a Job (or a replica set, a Deployment) declared the
// plan's pods alone never say the scenario is done (a Job scenario's
// untimed SIGTERM was judged missing 5.7 s in, ninth-drafts.feature:31
// live, 2026-11-29); a scenario of plain pods is done once they are.
func TestPodsDoneCountsControllersPods(t *testing.T) {
	done := &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodSucceeded}}
	v := apiView{pods: map[string]*corev1.Pod{"web": done}}
	plain := NewPlan(nil, ".", nil)
	plain.pods = []*podDecl{{name: "web", created: true}}
	if !plain.podsDone(v) {
		t.Error("a scenario whose one pod Succeeded is not done")
	}
	withJob := NewPlan(nil, ".", nil)
	withJob.work.jobs = []*jobDecl{{created: true}}
	if withJob.podsDone(v) {
		t.Error("a scenario with a Job and no pod of its own is done by its plan's pods alone")
	}
	// A stateful set's and a daemon set's pods likewise (kind,
	// 2026-11-30: `the pod "quorum-1" is Ready before the pod "quorum-2"`
	// was judged before quorum-1 existed).
	withSet := NewPlan(nil, ".", nil)
	withSet.work.statefulSets = []*statefulSetDecl{{name: "quorum"}}
	if withSet.podsDone(v) {
		t.Error("a scenario with a stateful set and no pod of its own is done by its plan's pods alone")
	}
	withDaemons := NewPlan(nil, ".", nil)
	withDaemons.work.daemonSets = []*daemonSetDecl{{}}
	if withDaemons.podsDone(v) {
		t.Error("a scenario with a daemon set and no pod of its own is done by its plan's pods alone")
	}
}

// timelineView is a view of the API's pods and a timeline.
type timelineView struct {
	apiView
	tl []timeline.Event
}

func (v timelineView) Timeline() []timeline.Event { return v.tl }

// TestPodsDoneWaitsForAForceDeletedPodsContainers: a pod gone from the
// API whose container started and has not exited still runs on the node
// (a force delete removes the object at once); the untimed wait goes on
// until its exit (twenty-first-drafts.feature:8 on kind, 2026-11-30: the
// wait ended at the delete, before the SIGTERM, and the step said "no
// SIGTERM in the whole scenario").
func TestPodsDoneWaitsForAForceDeletedPodsContainers(t *testing.T) {
	pl := NewPlan(nil, ".", nil)
	pl.pods = []*podDecl{{name: "stubborn", created: true}}
	gone := apiView{pods: map[string]*corev1.Pod{}}
	started := timeline.Event{At: 0, Pod: "stubborn", Container: "app", Kind: timeline.Started}
	exited := timeline.Event{At: 2 * time.Second, Pod: "stubborn", Container: "app", Kind: timeline.Exited, Code: 137}
	if pl.podsDone(timelineView{gone, []timeline.Event{started}}) {
		t.Error("a force-deleted pod whose container still runs is done")
	}
	if !pl.podsDone(timelineView{gone, []timeline.Event{started, exited}}) {
		t.Error("a force-deleted pod whose container exited is not done")
	}
	if !pl.podsDone(timelineView{gone, nil}) {
		t.Error("a pod gone that never started a container is not done")
	}
	// The agent's start line still on its way when the pod went (kind,
	// 2026-11-30 15:28, 6 at a time: the same scenario failed again, the
	// wait over at the delete): the API had said the container Ready.
	ready := timeline.Event{At: 0, Pod: "stubborn", Container: "app", Kind: timeline.Ready}
	if pl.podsDone(timelineView{gone, []timeline.Event{ready}}) {
		t.Error("a force-deleted pod whose container the API said Ready, its start not yet read, is done")
	}
}
