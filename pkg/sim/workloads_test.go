package sim

import (
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestRolloutArithmetic pins the Deployment controller's arithmetic
// (pkg/controller/deployment/util, v1.36.3): ResolveFenceposts rounds a
// percentage of maxSurge up and of maxUnavailable down, and makes
// maxUnavailable 1 when both come to 0; NewRSNewReplicas grows the new
// ReplicaSet by what replicas + maxSurge leaves over every ReplicaSet's
// replicas, never past the replicas.
func TestRolloutArithmetic(t *testing.T) {
	t.Parallel()
	v := func(s string) *intstr.IntOrString { x := intstr.Parse(s); return &x }
	for _, tc := range []struct {
		name                 string
		surge, unavailable   string
		replicas             int32
		wantSurge, wantUnavl int32
	}{
		{"the defaults for 3 replicas: 0.75 up and 0.75 down", "25%", "25%", 3, 1, 0},
		{"the defaults for 4 replicas", "25%", "25%", 4, 1, 1},
		{"half of 3: 1.5 up and 1.5 down", "50%", "50%", 3, 2, 1},
		{"absolute numbers stand", "1", "0", 3, 1, 0},
		{"both 0 after rounding: unavailable 1", "0", "10%", 3, 0, 1},
		{"1% of 2 rounds down to 0, surge 0%: unavailable 1", "0%", "1%", 2, 0, 1},
		{"a surge of 1% of 2 rounds up to 1", "1%", "0%", 2, 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, u, err := ResolveFenceposts(v(tc.surge), v(tc.unavailable), tc.replicas)
			if err != nil || s != tc.wantSurge || u != tc.wantUnavl {
				t.Errorf("ResolveFenceposts(%s, %s, %d) = %d, %d, %v; want %d, %d", tc.surge, tc.unavailable, tc.replicas, s, u, err, tc.wantSurge, tc.wantUnavl)
			}
		})
	}
	rs := func(n int32) *appsv1.ReplicaSet { return &appsv1.ReplicaSet{Spec: appsv1.ReplicaSetSpec{Replicas: &n}} }
	for _, tc := range []struct {
		name             string
		replicas         int32
		surge            string
		old, newReplicas int32
		want             int32
	}{
		{"a rollout's first step: the surge's room", 3, "1", 3, 0, 1},
		{"no room left: stays", 3, "1", 3, 1, 1},
		{"old scaled down: grows by the room", 3, "1", 1, 2, 3},
		{"never past the replicas", 3, "2", 0, 2, 3},
		{"a percentage rounds up", 3, "50%", 3, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &appsv1.Deployment{Spec: appsv1.DeploymentSpec{Replicas: &tc.replicas, Strategy: appsv1.DeploymentStrategy{
				Type: appsv1.RollingUpdateDeploymentStrategyType, RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: v(tc.surge)}}}}
			newRS := rs(tc.newReplicas)
			got, err := NewRSNewReplicas(d, []*appsv1.ReplicaSet{rs(tc.old), newRS}, newRS)
			if err != nil || got != tc.want {
				t.Errorf("NewRSNewReplicas = %d, %v; want %d", got, err, tc.want)
			}
		})
	}
}

// TestLessValuablePodsGoFirst pins the ReplicaSet controller's choice of
// the pods to delete (ActivePodsWithRanks.Less): unassigned before
// assigned, Pending before Running, not Ready before Ready, a lower
// deletion cost first, the more doubled up first, then the newer.
func TestLessValuablePodsGoFirst(t *testing.T) {
	t.Parallel()
	now := Epoch.Add(time.Hour)
	pod := func(node string, phase corev1.PodPhase, ready bool, created time.Duration) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{CreationTimestamp: metav1.NewTime(Epoch.Add(created))},
			Spec: corev1.PodSpec{NodeName: node}, Status: corev1.PodStatus{Phase: phase}}
		if ready {
			p.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue, LastTransitionTime: metav1.NewTime(Epoch.Add(created))}}
		}
		return p
	}
	cost := func(p *corev1.Pod, c string) *corev1.Pod {
		p.Annotations = map[string]string{"controller.kubernetes.io/pod-deletion-cost": c}
		return p
	}
	for _, tc := range []struct {
		name         string
		a, b         *corev1.Pod
		rankA, rankB int
	}{
		{"unassigned before assigned", pod("", corev1.PodPending, false, 0), pod("n", corev1.PodPending, false, 0), 0, 0},
		{"Pending before Running", pod("n", corev1.PodPending, false, 0), pod("n", corev1.PodRunning, false, 0), 0, 0},
		{"not Ready before Ready", pod("n", corev1.PodRunning, false, 0), pod("n", corev1.PodRunning, true, 0), 0, 0},
		{"a lower deletion cost first", cost(pod("n", corev1.PodRunning, true, 0), "-1"), pod("n", corev1.PodRunning, true, 0), 0, 0},
		{"more pods on its node first", pod("n", corev1.PodRunning, true, 0), pod("m", corev1.PodRunning, true, 0), 2, 1},
		{"Ready for less time first (a power of two apart)", pod("n", corev1.PodRunning, true, 50*time.Minute), pod("n", corev1.PodRunning, true, 0), 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !lessValuable(tc.a, tc.b, tc.rankA, tc.rankB, now) {
				t.Error("the first pod is not the less valuable")
			}
			if lessValuable(tc.b, tc.a, tc.rankB, tc.rankA, now) {
				t.Error("the second pod is less valuable too")
			}
		})
	}
}

func quotaPod(name string, cpu string) *corev1.Pod {
	p := podOf(name, 5, nil, agent("app"))
	if cpu != "" {
		p.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse(cpu)}
	}
	return p
}

// TestQuotaAdmission pins the ResourceQuota admission and the quota
// controller: a quota's usage is unknown until the controller computes it;
// a pod past status.hard is refused with 403 and the message
// CheckRequest gives; a quota of a compute resource needs every
// container to state it; a pod being deleted stays charged until it is
// gone (QuotaV1Pod), then the controller gives the usage back.
func TestQuotaAdmission(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	q := &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Name: "q"}, Spec: corev1.ResourceQuotaSpec{Hard: corev1.ResourceList{
		corev1.ResourcePods: resource.MustParse("2"), corev1.ResourceRequestsCPU: resource.MustParse("1")}}}
	if err := s.AddResourceQuota(q); err != nil {
		t.Fatal(err)
	}
	err := s.CreatePod(quotaPod("early", "100m"))
	if !apierrors.IsForbidden(err) || !strings.Contains(err.Error(), "status unknown for quota: q, resources: pods,requests.cpu") {
		t.Errorf("a pod before the quota's status: %v", err)
	}
	s.RunUntil(0, nil)
	if err := s.CreatePod(quotaPod("a", "500m")); err != nil {
		t.Fatal(err)
	}
	err = s.CreatePod(quotaPod("no-cpu", ""))
	if want := `pods "no-cpu" is forbidden: failed quota: q: must specify requests.cpu for: app`; err == nil || err.Error() != want {
		t.Errorf("a pod without requests.cpu: %v, want %s", err, want)
	}
	err = s.CreatePod(quotaPod("big", "600m"))
	if want := `pods "big" is forbidden: exceeded quota: q, requested: requests.cpu=600m, used: requests.cpu=500m, limited: requests.cpu=1`; err == nil || err.Error() != want {
		t.Errorf("a pod past requests.cpu: %v, want %s", err, want)
	}
	if err := s.CreatePod(quotaPod("b", "100m")); err != nil {
		t.Fatal(err)
	}
	err = s.CreatePod(quotaPod("c", "100m"))
	if want := `pods "c" is forbidden: exceeded quota: q, requested: pods=1, used: pods=2, limited: pods=2`; err == nil || err.Error() != want {
		t.Errorf("a third pod: %v, want %s", err, want)
	}
	s.RunUntil(time.Second, nil)
	// b's delete: until its kubelet has stopped it and removed it, in a
	// later instant, b is still charged.
	if err := s.DeletePod("b", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if used := s.ResourceQuota("q").Status.Used[corev1.ResourcePods]; used.Value() != 2 {
		t.Errorf("a pod being deleted not charged: pods used %s", used.String())
	}
	if err := s.CreatePod(quotaPod("c", "100m")); !apierrors.IsForbidden(err) {
		t.Errorf("a pod while another terminates: %v", err)
	}
	s.RunUntil(s.Now()+10*time.Second, nil)
	if s.Pod("b") != nil {
		t.Fatal("b is not gone")
	}
	if used := s.ResourceQuota("q").Status.Used[corev1.ResourcePods]; used.Value() != 1 {
		t.Errorf("after b is gone: pods used %s, want 1", used.String())
	}
	if err := s.CreatePod(quotaPod("c", "100m")); err != nil {
		t.Errorf("a pod once the other is gone: %v", err)
	}
}

// TestQuotaV1Pod pins the pod evaluator's charge: not a terminal pod, nor
// one deleted longer ago than twice its grace (its deletionTimestamp is
// already the delete plus the grace).
func TestQuotaV1Pod(t *testing.T) {
	t.Parallel()
	grace := int64(10)
	del := metav1.NewTime(Epoch.Add(10 * time.Second)) // deleted at 0 s with grace 10
	deleting := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{DeletionTimestamp: &del, DeletionGracePeriodSeconds: &grace}}
	for _, tc := range []struct {
		name string
		p    *corev1.Pod
		at   time.Duration
		want bool
	}{
		{"running", &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodRunning}}, 0, true},
		{"failed", &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodFailed}}, 0, false},
		{"succeeded", &corev1.Pod{Status: corev1.PodStatus{Phase: corev1.PodSucceeded}}, 0, false},
		{"deleting, within its grace", deleting, 5 * time.Second, true},
		{"deleting, at twice its grace", deleting, 20 * time.Second, true},
		{"deleting, past twice its grace", deleting, 21 * time.Second, false},
	} {
		if got := quotaV1Pod(tc.p, Epoch.Add(tc.at)); got != tc.want {
			t.Errorf("%s: charged %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestJobBackoffRecord pins the Job controller's pod failure back-off
// (backoff_utils.go): 10 s after the last failure, doubling with each
// failure since the last success, at most 10 minutes; a success resets
// it.
func TestJobBackoffRecord(t *testing.T) {
	t.Parallel()
	last := Epoch.Add(100 * time.Second)
	for _, tc := range []struct {
		failures int32
		elapsed  time.Duration
		want     time.Duration
	}{
		{0, 0, 0},
		{1, 0, 10 * time.Second},
		{1, 4 * time.Second, 6 * time.Second},
		{1, 11 * time.Second, 0},
		{2, 0, 20 * time.Second},
		{3, 0, 40 * time.Second},
		{6, 0, 320 * time.Second},
		{7, 0, 10 * time.Minute},
		{20, 0, 10 * time.Minute},
	} {
		b := backoffRecord{failures: tc.failures, last: last}
		if got := b.remaining(last.Add(tc.elapsed)); got != tc.want {
			t.Errorf("%d failures, %s after the last: %s, want %s", tc.failures, tc.elapsed, got, tc.want)
		}
	}
	failedAt := func(d time.Duration) *corev1.Pod {
		return &corev1.Pod{Status: corev1.PodStatus{ContainerStatuses: []corev1.ContainerStatus{{State: corev1.ContainerState{
			Terminated: &corev1.ContainerStateTerminated{FinishedAt: metav1.NewTime(Epoch.Add(d))}}}}}}
	}
	b := backoffRecord{}.next(nil, []*corev1.Pod{failedAt(1500 * time.Millisecond)})
	if b.failures != 1 || !b.last.Equal(Epoch.Add(time.Second)) {
		t.Errorf("a failure at 1.5 s: %+v, want 1 failure at 1 s (finishedAt in whole seconds)", b)
	}
	if b = b.next([]*corev1.Pod{failedAt(5 * time.Second)}, nil); b.failures != 0 {
		t.Errorf("a success did not reset the back-off: %+v", b)
	}
}

// TestPodFailurePolicy pins matchPodFailurePolicy: the first matching
// rule decides; Ignore does not count the failure; FailJob gives the
// Job's message; a failure no rule matches counts.
func TestPodFailurePolicy(t *testing.T) {
	t.Parallel()
	policy := &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
		{Action: batchv1.PodFailurePolicyActionIgnore, OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}}},
		{Action: batchv1.PodFailurePolicyActionFailJob, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{Operator: batchv1.PodFailurePolicyOnExitCodesOpIn, Values: []int32{42}}},
		{Action: batchv1.PodFailurePolicyActionCount, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{Operator: batchv1.PodFailurePolicyOnExitCodesOpNotIn, Values: []int32{1}}},
	}}
	j := &batchv1.Job{Spec: batchv1.JobSpec{PodFailurePolicy: policy}}
	failed := func(code int32, conds ...corev1.PodConditionType) *corev1.Pod {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "batch-x", Namespace: "ns"}, Status: corev1.PodStatus{Phase: corev1.PodFailed,
			ContainerStatuses: []corev1.ContainerStatus{{Name: "app", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: code}}}}}}
		for _, c := range conds {
			p.Status.Conditions = append(p.Status.Conditions, corev1.PodCondition{Type: c, Status: corev1.ConditionTrue})
		}
		return p
	}
	for _, tc := range []struct {
		name   string
		p      *corev1.Pod
		count  bool
		action batchv1.PodFailurePolicyAction
		msg    string
	}{
		{"an eviction's DisruptionTarget is ignored", failed(143, corev1.DisruptionTarget), false, batchv1.PodFailurePolicyActionIgnore, ""},
		{"the first rule wins over a later exit code", failed(42, corev1.DisruptionTarget), false, batchv1.PodFailurePolicyActionIgnore, ""},
		{"exit code 42 fails the job", failed(42), true, batchv1.PodFailurePolicyActionFailJob,
			"Container app for pod ns/batch-x failed with exit code 42 matching FailJob rule at index 1"},
		{"NotIn 1 counts 3", failed(3), true, batchv1.PodFailurePolicyActionCount, ""},
		{"no rule matches exit code 1: counted", failed(1), true, "", ""},
	} {
		msg, count, action := matchPodFailurePolicy(j, tc.p)
		if count != tc.count || action != tc.action || msg != tc.msg {
			t.Errorf("%s: %q, %v, %q; want %q, %v, %q", tc.name, msg, count, action, tc.msg, tc.count, tc.action)
		}
	}
	if _, count, _ := matchPodFailurePolicy(&batchv1.Job{}, failed(42)); !count {
		t.Error("without a policy a failure is not counted")
	}
}

// TestFinalizerHoldsADeletedPod: a pod whose deletion is over stays in the
// API while a finalizer holds it, and goes when the last is removed (the
// generic store's graceful deletion with finalizers).
func TestFinalizerHoldsADeletedPod(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	p := podOf("web", 1, nil, agent("app"))
	p.Finalizers = []string{jobTrackingFinalizer}
	if err := s.CreatePod(p); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(time.Second, nil)
	if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	held := s.Pod("web")
	if held == nil {
		t.Fatal("the pod went with its finalizer")
	}
	if g := held.DeletionGracePeriodSeconds; g == nil || *g != 0 || held.Status.Phase != corev1.PodFailed {
		t.Errorf("the held pod: grace %v, phase %s; want 0, Failed", g, held.Status.Phase)
	}
	s.api.removeFinalizer(held, jobTrackingFinalizer)
	if s.Pod("web") != nil {
		t.Error("the pod stays once its last finalizer is removed")
	}
}

// TestDeploymentConditionRemovalRecorded pins what the timeline tells of
// a Deployment's conditions: syncRolloutStatus takes ReplicaFailure out
// of the status once no ReplicaSet reports a failure
// (RemoveDeploymentCondition, pkg/controller/deployment/progress.go,
// v1.36.3), and the timeline records it as a change with no status, so
// that the conditions replayed from it are the object's at every instant.
// A quota of 3 pods refuses the restart's surge pod while 3 old ones
// run; with maxUnavailable 1 an old one goes, and the retry creates it.
func TestDeploymentConditionRemovalRecorded(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	q := &corev1.ResourceQuota{ObjectMeta: metav1.ObjectMeta{Name: "q"}, Spec: corev1.ResourceQuotaSpec{Hard: corev1.ResourceList{
		corev1.ResourcePods: resource.MustParse("3")}}}
	if err := s.AddResourceQuota(q); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(0, nil)
	if err := s.AddDeployment(rollingByOne("web", 3), podOf("web", 30, nil, agent("app"))); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	restarted := podOf("web", 30, nil, agent("app"))
	restarted.Annotations = map[string]string{"kubectl.kubernetes.io/restartedAt": "now"}
	if err := s.UpdateDeployment("web", restarted); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+5*time.Minute, nil)
	var got []string
	for _, e := range s.Timeline() {
		if e.Pod == "deployment/web" && e.Kind == timeline.Condition && e.Reason == "ReplicaFailure" {
			got = append(got, e.Label()+" "+e.Message[:min(len(e.Message), 12)])
		}
	}
	if want := "Condition(ReplicaFailure=True) FailedCreate|Condition(ReplicaFailure=) removed"; strings.Join(got, "|") != want {
		t.Errorf("ReplicaFailure on the timeline: %q, want %q", got, want)
	}
	for _, c := range s.Deployment("web").Status.Conditions {
		if c.Type == appsv1.DeploymentReplicaFailure {
			t.Errorf("the Deployment still has %s=%s", c.Type, c.Status)
		}
	}
}

// rollingByOne is a Deployment of replicas pods that rolls one pod at a
// time each way (maxSurge 1, maxUnavailable 1).
func rollingByOne(name string, replicas int32) *appsv1.Deployment {
	one := intstr.FromInt32(1)
	return &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: name}, Spec: appsv1.DeploymentSpec{Replicas: ptr(replicas),
		Strategy: appsv1.DeploymentStrategy{Type: appsv1.RollingUpdateDeploymentStrategyType, RollingUpdate: &appsv1.RollingUpdateDeployment{MaxSurge: &one, MaxUnavailable: &one}}}}
}
