package live

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

func agentTemplate() *corev1.Pod {
	return &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
}

// TestWorkloadsCarryPodlifesLabels: a Deployment, a Job and a quota carry
// the run's and the scenario's labels (cleanup finds them by them), and so
// do their pod templates, which are placed as Apply places a pod; a
// Deployment selects the template's labels, podlife's among them.
func TestWorkloadsCarryPodlifesLabels(t *testing.T) {
	s := testSession(t)
	s.sc.ID = "deployments-12"
	s.leases = []*lease{{node: "pool-1"}}
	ctx := context.Background()
	if err := s.CreateDeployment(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, agentTemplate()); err != nil {
		t.Fatal(err)
	}
	tpl := agentTemplate()
	tpl.Spec.RestartPolicy = corev1.RestartPolicyNever
	if err := s.CreateJob(ctx, &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "batch"}}, tpl); err != nil {
		t.Fatal(err)
	}
	d, err := s.d.cs.AppsV1().Deployments(s.ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	j, err := s.d.cs.BatchV1().Jobs(s.ns).Get(ctx, "batch", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for what, l := range map[string]map[string]string{
		"deployment": d.Labels, "deployment template": d.Spec.Template.Labels, "deployment selector": d.Spec.Selector.MatchLabels,
		"job": j.Labels, "job template": j.Spec.Template.Labels,
	} {
		if l[LabelRun] != "r1" || l[LabelScenario] != "deployments-12" {
			t.Errorf("%s labels %v", what, l)
		}
	}
	if d.Spec.Selector.MatchLabels["app"] != "web" || d.Spec.Template.Labels["app"] != "web" {
		t.Errorf("the deployment does not select app=web: %v", d.Spec.Selector.MatchLabels)
	}
	if _, ok := j.Spec.Template.Labels["app"]; ok {
		t.Errorf("a job's template got an app label: %v (its selector is the API server's)", j.Spec.Template.Labels)
	}
	for what, spec := range map[string]corev1.PodSpec{"deployment": d.Spec.Template.Spec, "job": j.Spec.Template.Spec} {
		if got := keptOn(spec); !slices.Equal(got, []string{"pool-1"}) {
			t.Errorf("%s template kept on %v, not the leased node", what, got)
		}
	}
	if err := s.CreateDeployment(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, agentTemplate()); err == nil {
		t.Error("a second deployment of the same name was accepted")
	}
}

func ownedPod(name, ownerKind, owner string, uid types.UID, labels map[string]string) *corev1.Pod {
	ctrl := true
	p := rsPod(name, owner, uid, "1")
	p.OwnerReferences = []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: ownerKind, Name: owner, UID: uid, Controller: &ctrl}}
	p.Labels = labels
	return p
}

// TestWorkloadPodsAreTheScenariosFromTheirFirstSighting: a Deployment's
// pods are those of its ReplicaSets "<name>-<pod-template-hash>" (the
// pod's label), across rollouts, in the order the watch delivered them;
// a Job's are its own; another controller's are not the scenario's.
func TestWorkloadPodsAreTheScenariosFromTheirFirstSighting(t *testing.T) {
	s := testSession(t)
	s.wl.deployments = []*ownedPods{{name: "web"}}
	s.wl.jobs = []*ownedPods{{name: "batch", uid: "u-batch"}}
	hash := func(h string) map[string]string { return map[string]string{appsv1.DefaultDeploymentUniqueLabelKey: h} }
	s.obs.onPod(ownedPod("web-aaa-1", "ReplicaSet", "web-aaa", "u-1", hash("aaa")), false)
	s.obs.onPod(ownedPod("web-bbb-1", "ReplicaSet", "web-bbb", "u-2", hash("bbb")), false)
	s.obs.onPod(ownedPod("web-aaa-2", "ReplicaSet", "web-aaa", "u-1", hash("aaa")), false)
	s.obs.onPod(ownedPod("web-ccc-1", "ReplicaSet", "web-ccc", "u-3", hash("other")), false)
	s.obs.onPod(ownedPod("batch-1", "Job", "batch", "u-batch", nil), false)
	s.obs.onPod(ownedPod("batch-x", "Job", "batch", "u-an-earlier-batch", nil), false)
	_, created, ok := s.DeploymentPods("web")
	if !ok || strings.Join(created, ",") != "web-aaa-1,web-bbb-1,web-aaa-2" {
		t.Errorf("deployment pods %v, %v", created, ok)
	}
	if rs := strings.Join(s.DeploymentReplicaSets("web"), ","); rs != "web-aaa,web-bbb" {
		t.Errorf("replica sets %s", rs)
	}
	// A ReplicaSet whose every create a quota refused is known by its
	// events (quota.feature:19 on kind, 2026-11-29); another
	// deployment's ("web-api-…") is not this one's.
	s.record(timeline.Event{Pod: timeline.ObjectName("ReplicaSet", "web-ddd"), Kind: timeline.KubeEvent, Reason: "FailedCreate"})
	s.record(timeline.Event{Pod: timeline.ObjectName("ReplicaSet", "web-api-eee"), Kind: timeline.KubeEvent, Reason: "FailedCreate"})
	if rs := strings.Join(s.DeploymentReplicaSets("web"), ","); rs != "web-aaa,web-bbb,web-ddd" {
		t.Errorf("replica sets with one known by its events only: %s", rs)
	}
	if _, created, _ := s.JobPods("batch"); strings.Join(created, ",") != "batch-1" {
		t.Errorf("job pods %v", created)
	}
	if s.View().Pod("web-ccc-1") != nil {
		t.Error("a pod of another replica set is the scenario's")
	}
	if n := timeline.Count(s.View().Timeline(), timeline.Selector{Kind: timeline.PodCreated}); n != 4 {
		t.Errorf("%d PodCreated events, want 4", n)
	}
}

// TestDeploymentIsNeverOlderThanPodlifesWrite: until the informer has
// delivered the update, the Deployment read is the one the update
// returned (a new generation the controller has not observed: no rollout
// reads as done before it started).
func TestDeploymentIsNeverOlderThanPodlifesWrite(t *testing.T) {
	s := testSession(t)
	ctx := context.Background()
	if err := s.CreateDeployment(ctx, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}}, agentTemplate()); err != nil {
		t.Fatal(err)
	}
	// The informer's store holds generation 1, observed; the update
	// answered generation 2.
	old := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, Generation: 1},
		Status: appsv1.DeploymentStatus{ObservedGeneration: 1}}
	s.mu.Lock()
	_ = s.wl.stores["deployments"].Update(old)
	s.wl.wrote["web"], s.wl.written["web"] = 2, &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web", Generation: 2}, Status: old.Status}
	s.mu.Unlock()
	if d := s.Deployment("web"); d.Generation != 2 {
		t.Errorf("read generation %d before the informer caught up, want the written 2", d.Generation)
	}
	caught := old.DeepCopy()
	caught.Generation, caught.Status.ObservedGeneration = 2, 2
	s.mu.Lock()
	_ = s.wl.stores["deployments"].Update(caught)
	s.mu.Unlock()
	if d := s.Deployment("web"); d.Status.ObservedGeneration != 2 {
		t.Errorf("the informer's newer version is not read: %+v", d.Status)
	}
}

// TestQuotaCreateWaitsForItsStatus: pods created before the quota
// controller has computed the quota's usage are refused ("status unknown
// for quota"); the create returns once it has, the quota labelled.
func TestQuotaCreateWaitsForItsStatus(t *testing.T) {
	s := testSession(t)
	cs := s.d.cs.(*fake.Clientset)
	gets := 0
	cs.PrependReactor("get", "resourcequotas", func(a k8stesting.Action) (bool, runtime.Object, error) {
		gets++
		obj, err := cs.Tracker().Get(corev1.SchemeGroupVersion.WithResource("resourcequotas"), a.GetNamespace(), a.(k8stesting.GetAction).GetName())
		if err != nil || gets < 3 {
			return true, obj, err
		}
		q := obj.(*corev1.ResourceQuota).DeepCopy()
		q.Status = corev1.ResourceQuotaStatus{Hard: q.Spec.Hard, Used: corev1.ResourceList{corev1.ResourcePods: resource.MustParse("0")}}
		return true, q, nil
	})
	q := &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Name: "q"}, Spec: corev1.ResourceQuotaSpec{Hard: corev1.ResourceList{corev1.ResourcePods: resource.MustParse("3")}}}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.CreateResourceQuota(ctx, q); err != nil {
		t.Fatal(err)
	}
	if gets < 3 {
		t.Errorf("returned after %d reads, before the status was computed", gets)
	}
	got, err := cs.Tracker().Get(corev1.SchemeGroupVersion.WithResource("resourcequotas"), s.ns, "q")
	if err != nil {
		t.Fatal(err)
	}
	if l := got.(*corev1.ResourceQuota).Labels; l[LabelRun] != "r1" {
		t.Errorf("quota labels %v", l)
	}
}

// TestWorkloadConditionsAreRecorded: a change of a Deployment's or a
// Job's condition (type, status or reason) goes on the timeline under
// its object name, as the simulator records it; an unchanged one does
// not.
func TestWorkloadConditionsAreRecorded(t *testing.T) {
	s := testSession(t)
	d := func(reason string) *appsv1.Deployment {
		return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Status: appsv1.DeploymentStatus{Conditions: []appsv1.DeploymentCondition{
			{Type: appsv1.DeploymentProgressing, Status: corev1.ConditionTrue, Reason: reason}}}}
	}
	j := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "batch"}, Status: batchv1.JobStatus{Conditions: []batchv1.JobCondition{
		{Type: batchv1.JobFailed, Status: corev1.ConditionTrue, Reason: "BackoffLimitExceeded"}}}}
	s.mu.Lock()
	s.work.recordConditions(nil, d("NewReplicaSetCreated"), time.Now())
	s.work.recordConditions(d("NewReplicaSetCreated"), d("NewReplicaSetCreated"), time.Now())
	s.work.recordConditions(d("NewReplicaSetCreated"), d("NewReplicaSetAvailable"), time.Now())
	s.work.recordConditions(&batchv1.Job{}, j, time.Now())
	s.mu.Unlock()
	tl := s.rec.snapshot(-1)
	if n := timeline.Count(tl, timeline.Selector{Pod: "deployment/web", Kind: timeline.Condition, Reason: "Progressing"}); n != 2 {
		t.Errorf("Progressing recorded %d times, want 2", n)
	}
	if n := timeline.Count(tl, timeline.Selector{Pod: "job/batch", Kind: timeline.Condition, Reason: "Failed"}); n != 1 {
		t.Errorf("the job's Failed recorded %d times, want 1", n)
	}
}

// TestWorkloadConditionRemovalIsRecorded: a condition the controller
// takes out of a Deployment's status (ReplicaFailure once its ReplicaSet
// creates again) goes on the timeline as a change with no status, as the
// simulator records it, so that the conditions replayed from the
// timeline are the object's at every instant.
func TestWorkloadConditionRemovalIsRecorded(t *testing.T) {
	s := testSession(t)
	progressing := appsv1.DeploymentCondition{Type: appsv1.DeploymentProgressing, Status: corev1.ConditionTrue, Reason: "ReplicaSetUpdated"}
	failing := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Status: appsv1.DeploymentStatus{Conditions: []appsv1.DeploymentCondition{
		progressing, {Type: appsv1.DeploymentReplicaFailure, Status: corev1.ConditionTrue, Reason: "FailedCreate"}}}}
	cleared := failing.DeepCopy()
	cleared.Status.Conditions = cleared.Status.Conditions[:1]
	s.mu.Lock()
	s.work.recordConditions(nil, failing, time.Now())
	s.work.recordConditions(failing, cleared, time.Now())
	s.mu.Unlock()
	var got []string
	for _, e := range s.rec.snapshot(-1) {
		if e.Pod == "deployment/web" && e.Kind == timeline.Condition {
			got = append(got, e.Reason+"="+e.Status)
		}
	}
	if want := "Progressing=True ReplicaFailure=True ReplicaFailure="; strings.Join(got, " ") != want {
		t.Errorf("recorded %q, want %q", got, want)
	}
}
