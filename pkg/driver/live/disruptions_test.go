package live

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
	"k8s.io/client-go/tools/cache"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
	"github.com/podlife/podlife/pkg/driver/live/cluster"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestReplicaSetTemplateIsPreparedAsApplyPreparesAPod: the template
// carries podlife's labels and the lease's placement, and the selector
// the scenario's labels and podlife's.
func TestReplicaSetTemplateIsPreparedAsApplyPreparesAPod(t *testing.T) {
	s := testSession(t)
	s.sc.ID = "drain-12"
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	tpl := &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	if err := s.CreateReplicaSet(context.Background(), "web", 3, tpl); err != nil {
		t.Fatal(err)
	}
	rs, err := s.d.cs.AppsV1().ReplicaSets(s.ns).Get(context.Background(), "web", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rs.Labels[LabelRun] != "r1" || rs.Labels[LabelScenario] != "drain-12" {
		t.Errorf("replica set labels %v", rs.Labels)
	}
	want := map[string]string{"app": "web", LabelRun: "r1", LabelScenario: "drain-12"}
	for k, v := range want {
		if rs.Spec.Selector.MatchLabels[k] != v || rs.Spec.Template.Labels[k] != v {
			t.Errorf("label %s: selector %v, template %v", k, rs.Spec.Selector.MatchLabels, rs.Spec.Template.Labels)
		}
	}
	if got := keptOn(rs.Spec.Template.Spec); !slices.Equal(got, []string{"pool-1"}) {
		t.Errorf("template kept on %v, want the leased node", got)
	}
	tolerates := false
	for _, tol := range rs.Spec.Template.Spec.Tolerations {
		tolerates = tolerates || tol.Key == cluster.PoolTaint
	}
	if !tolerates {
		t.Error("the template does not tolerate the pool's taint")
	}
	if err := s.CreateReplicaSet(context.Background(), "web", 1, tpl); err == nil {
		t.Error("a second replica set of the same name was accepted")
	}
}

func rsPod(name, rs string, uid types.UID, rv string) *corev1.Pod {
	ctrl := true
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "podlife-t", UID: types.UID("u-" + name), ResourceVersion: rv,
		OwnerReferences: []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: rs, UID: uid, Controller: &ctrl}}},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
}

// TestReplicaSetPodsAreTheScenariosFromTheirFirstSighting: pods the
// scenario's ReplicaSet created are tracked under their API names, in the
// order the watch delivered them; another controller's pods are not.
func TestReplicaSetPodsAreTheScenariosFromTheirFirstSighting(t *testing.T) {
	s := testSession(t)
	if err := s.CreateReplicaSet(context.Background(), "web", 2, &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}); err != nil {
		t.Fatal(err)
	}
	// The fake gives no UID; the API server would.
	uid := types.UID("u-web")
	s.disr.sets[0].uid = uid
	s.obs.onPod(rsPod("web-zz9", "web", uid, "5"), false)
	s.obs.onPod(rsPod("web-aa2", "web", uid, "6"), false)
	s.obs.onPod(rsPod("other-x", "other", "u-other", "7"), false)
	s.obs.onPod(rsPod("web-old", "web", "u-an-earlier-web", "8"), false)
	pods, created, ok := s.ReplicaSetPods("web")
	if !ok || strings.Join(created, ",") != "web-zz9,web-aa2" || len(pods) != 2 || pods[0].Name != "web-zz9" {
		t.Fatalf("created %v, pods %d, ok %v", created, len(pods), ok)
	}
	if v := s.View(); v.Pod("web-aa2") == nil || v.Pod("other-x") != nil {
		t.Error("the view does not hold the replica set's pods alone")
	}
	n := 0
	for _, e := range s.View().Timeline() {
		if e.Kind == timeline.PodCreated {
			n++
		}
	}
	if n != 2 {
		t.Errorf("%d PodCreated events, want 2", n)
	}
	gone := rsPod("web-zz9", "web", uid, "9")
	s.obs.onPod(gone, true)
	pods, created, _ = s.ReplicaSetPods("web")
	if len(pods) != 1 || len(created) != 2 {
		t.Errorf("after a delete: %d pods, created %v", len(pods), created)
	}
	if _, _, ok := s.ReplicaSetPods("nope"); ok {
		t.Error("an unknown replica set is known")
	}
}

// budgetRefusal is the API's answer when a budget allows no disruption
// (pkg/registry/core/pod/storage/eviction.go, checkAndDecrement).
func budgetRefusal() error {
	err := apierrors.NewTooManyRequests("Cannot evict pod as it would violate the pod's disruption budget.", 0)
	err.ErrStatus.Details.Causes = append(err.ErrStatus.Details.Causes, metav1.StatusCause{Type: policyv1.DisruptionBudgetCause,
		Message: "The disruption budget web needs 2 healthy pods and has 2 currently"})
	return err
}

// evictionReactor answers evictions: refused while refuse says so, else
// the pod is deleted.
func evictionReactor(cs *fake.Clientset, refuse func(pod string) bool) {
	cs.PrependReactor("create", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() != "eviction" {
			return false, nil, nil
		}
		ev := a.(k8stesting.CreateAction).GetObject().(*policyv1.Eviction)
		if refuse(ev.Name) {
			return true, nil, budgetRefusal()
		}
		return true, nil, cs.Tracker().Delete(corev1.SchemeGroupVersion.WithResource("pods"), a.GetNamespace(), ev.Name)
	})
}

// TestEvictionsAreRecordedWithTheirAnswer: each request's code and the
// refusal's message with the budget's cause, on the session's clock.
func TestEvictionsAreRecordedWithTheirAnswer(t *testing.T) {
	s := testSession(t)
	cs := fake.NewClientset(&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns}})
	s.d.cs = cs
	refuse := true
	evictionReactor(cs, func(string) bool { return refuse })
	grace := int64(5)
	if err := s.Evict(context.Background(), "web", metav1.DeleteOptions{GracePeriodSeconds: &grace}); !apierrors.IsTooManyRequests(err) {
		t.Fatalf("refused eviction: %v", err)
	}
	refuse = false
	if err := s.Evict(context.Background(), "web", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Evict(context.Background(), "web", metav1.DeleteOptions{}); err == nil {
		t.Fatal("a pod gone was evicted")
	}
	es := s.Evictions()
	if len(es) != 3 {
		t.Fatalf("%d requests recorded", len(es))
	}
	if e := es[0]; e.Code != 429 || e.By != "api" || e.Pod != "web" ||
		e.Message != "Cannot evict pod as it would violate the pod's disruption budget. The disruption budget web needs 2 healthy pods and has 2 currently" ||
		e.StatusMessage != "Cannot evict pod as it would violate the pod's disruption budget." {
		t.Errorf("refusal recorded as %+v", e)
	}
	if es[1].Code != 201 || es[1].Message != "" || es[2].Code != 404 {
		t.Errorf("recorded %+v", es[1:])
	}
	if es[0].At < 0 || es[0].At > es[1].At || es[1].At > s.Now() {
		t.Errorf("times %v, %v", es[0].At, es[1].At)
	}
	for _, a := range cs.Actions() {
		if a.GetSubresource() == "eviction" {
			ev := a.(k8stesting.CreateAction).GetObject().(*policyv1.Eviction)
			if ev.Namespace != s.ns {
				t.Errorf("eviction in namespace %q", ev.Namespace)
			}
			if g := ev.DeleteOptions.GracePeriodSeconds; g != nil && *g != 5 {
				t.Errorf("grace %d", *g)
			}
		}
	}
}

// drainCluster is a fake cluster with a leased pool node and the
// eviction subresource in its discovery (kubectl drain looks for it).
func drainCluster(t *testing.T, objs ...runtime.Object) (*session, *fake.Clientset) {
	t.Helper()
	s := testSession(t)
	s.sc.ID = "drain-1"
	objs = append(objs, &corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1"}})
	cs := fake.NewClientset(objs...)
	cs.Resources = []*metav1.APIResourceList{{GroupVersion: "v1", APIResources: []metav1.APIResource{
		{Name: "pods/eviction", Kind: "Eviction", Group: "policy", Version: "v1"}}}}
	s.d.cs = cs
	s.leases = []*lease{{node: "pool-1"}}
	s.nodeAlias["worker-1"] = "pool-1"
	return s, cs
}

func (s *session) awaitDrain(t *testing.T, node string) driver.DrainStatus {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if st, ok := s.DrainStatus(node); ok && st.Done {
			return st
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the drain did not end")
	return driver.DrainStatus{}
}

func scenarioPod(name string, labels map[string]string, owned bool) *corev1.Pod {
	p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: "podlife-t", Labels: labels, UID: types.UID("u-" + name)},
		Spec: corev1.PodSpec{NodeName: "pool-1"}, Status: corev1.PodStatus{Phase: corev1.PodRunning}}
	if owned {
		ctrl := true
		p.OwnerReferences = []metav1.OwnerReference{{APIVersion: "apps/v1", Kind: "ReplicaSet", Name: "web", UID: "u-web", Controller: &ctrl}}
	}
	return p
}

// TestDrainStopsAtABarePodWithTheNodeCordoned: kubectl's
// unreplicatedFilter refuses the drain before any eviction; the cordon
// stays. A pod without podlife's labels on the node is never listed.
func TestDrainStopsAtABarePodWithTheNodeCordoned(t *testing.T) {
	own := map[string]string{LabelRun: "r1", LabelScenario: "drain-1"}
	s, cs := drainCluster(t, scenarioPod("bare", own, false), scenarioPod("kindnet", nil, false))
	evictionReactor(cs, func(string) bool { return false })
	if err := s.Drain(context.Background(), "worker-1", driver.DrainOptions{GracePeriodSeconds: -1}); err != nil {
		t.Fatal(err)
	}
	st := s.awaitDrain(t, "worker-1")
	if !strings.Contains(st.Err, "Pods that declare no controller (use --force to override)") || !strings.Contains(st.Err, "bare") || strings.Contains(st.Err, "kindnet") {
		t.Errorf("drain error %q", st.Err)
	}
	if n, _ := cs.CoreV1().Nodes().Get(context.Background(), "pool-1", metav1.GetOptions{}); !n.Spec.Unschedulable {
		t.Error("the node is not cordoned")
	}
	if len(s.Evictions()) != 0 {
		t.Errorf("evictions %v", s.Evictions())
	}
}

// TestDrainRetriesARefusedEvictionAfterFiveSeconds: kubectl's 5 s
// EvictErrorRetryDelay between a 429 and the next request, each recorded
// as the drain's.
func TestDrainRetriesARefusedEvictionAfterFiveSeconds(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out kubectl's 5 s retry delay")
	}
	own := map[string]string{LabelRun: "r1", LabelScenario: "drain-1"}
	s, cs := drainCluster(t, scenarioPod("web-1", own, true))
	tries := 0
	evictionReactor(cs, func(string) bool { tries++; return tries == 1 })
	if err := s.Drain(context.Background(), "worker-1", driver.DrainOptions{GracePeriodSeconds: -1}); err != nil {
		t.Fatal(err)
	}
	st := s.awaitDrain(t, "worker-1")
	es := s.Evictions()
	if st.Err != "" || len(es) != 2 || es[0].Code != 429 || es[1].Code != 201 || es[0].By != "drain/worker-1" {
		t.Fatalf("drain %+v, evictions %+v", st, es)
	}
	if gap := es[1].At - es[0].At; gap < 5*time.Second || gap > 6*time.Second {
		t.Errorf("retried %v after the refusal", gap)
	}
	if st.At < es[1].At {
		t.Errorf("the drain ended at %v, before its last eviction at %v", st.At, es[1].At)
	}
}

// TestCordonNeedsALeasedNode: a node other scenarios share is never
// cordoned; the skip says which tag leases one.
func TestCordonNeedsALeasedNode(t *testing.T) {
	s := testSession(t)
	err := s.Cordon(context.Background(), "worker-1", true)
	if !strings.Contains(err.Error(), "@needs:node-lifecycle") || !errorsIsUnsupported(err) {
		t.Errorf("cordon of a shared node: %v", err)
	}
}

func errorsIsUnsupported(err error) bool {
	return err != nil && strings.Contains(err.Error(), driver.ErrUnsupported.Error())
}

// TestUncordonRestoresAPoolNode: the release makes a cordoned node
// schedulable, and leaves one that is not alone.
func TestUncordonRestoresAPoolNode(t *testing.T) {
	d := New(Options{RunID: "r1"})
	cs := fake.NewClientset(&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-1"}, Spec: corev1.NodeSpec{Unschedulable: true}},
		&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "pool-2"}})
	d.cs = cs
	ctx := context.Background()
	for _, n := range []string{"pool-1", "pool-2"} {
		if err := d.uncordon(ctx, n); err != nil {
			t.Fatal(err)
		}
		if got, _ := cs.CoreV1().Nodes().Get(ctx, n, metav1.GetOptions{}); got.Spec.Unschedulable {
			t.Errorf("%s still cordoned", n)
		}
	}
	patches := 0
	for _, a := range cs.Actions() {
		if a.GetVerb() == "patch" {
			patches++
		}
	}
	if patches != 1 {
		t.Errorf("%d patches, want 1 (the cordoned node only)", patches)
	}
}

// TestSweepDeletesTheRunsReplicaSetsFirst: a ReplicaSet would replace the
// pods cleanup deletes, and a Deployment the ReplicaSets, a Job, a
// StatefulSet or a DaemonSet (the node agent's) its pods:
// the controllers go first, Deployments before ReplicaSets; only the
// run's are deleted.
func TestSweepDeletesTheRunsReplicaSetsFirst(t *testing.T) {
	run := map[string]string{LabelRun: "r1"}
	cs := fake.NewClientset(&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-a", Labels: run}},
		&appsv1.ReplicaSet{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: "podlife-a", Labels: run}})
	want := []string{"podlife-a/deployments", "podlife-a/daemonsets", "podlife-a/statefulsets", "podlife-a/jobs", "podlife-a/replicasets", "podlife-a/pods"}
	if err := SweepWait(context.Background(), cs, "r1", time.Second); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, a := range cs.Actions() {
		if a.GetVerb() != "delete-collection" {
			continue
		}
		dc := a.(k8stesting.DeleteCollectionAction)
		if sel := dc.GetListRestrictions().Labels.String(); sel != LabelRun+"=r1" {
			t.Errorf("%s deleted by %q", a.GetResource().Resource, sel)
		}
		order = append(order, a.GetNamespace()+"/"+a.GetResource().Resource)
	}
	if len(order) < len(want) || strings.Join(order[:len(want)], " ") != strings.Join(want, " ") {
		t.Errorf("delete-collection order %v, want %v first", order, want)
	}
}

// TestAReplicaSetsPodSeenBeforeItsCreateReturnedIsAdopted: the
// controller may create pods before the ReplicaSet's create has
// answered; until its UID is known a pod is matched by its controller's
// name.
func TestAReplicaSetsPodSeenBeforeItsCreateReturnedIsAdopted(t *testing.T) {
	s := testSession(t)
	s.disr.sets = []*replicaSet{{name: "web"}}
	s.obs.onPod(rsPod("web-early", "web", "u-web", "3"), false)
	if _, created, _ := s.ReplicaSetPods("web"); strings.Join(created, ",") != "web-early" {
		t.Errorf("created %v", created)
	}
}

// TestBudgetChangedAndDeleted: a change replaces the budget's spec in the
// API (the other field cleared, its labels kept); a delete removes it.
func TestBudgetChangedAndDeleted(t *testing.T) {
	s := testSession(t)
	ctx := context.Background()
	two, one := intstr.FromInt32(2), intstr.FromString("50%")
	pdb := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: "web"},
		Spec: policyv1.PodDisruptionBudgetSpec{MinAvailable: &two, Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "web"}}}}
	if err := s.CreatePodDisruptionBudget(ctx, pdb); err != nil {
		t.Fatal(err)
	}
	changed := pdb.DeepCopy()
	changed.Spec.MinAvailable, changed.Spec.MaxUnavailable = nil, &one
	if err := s.UpdatePodDisruptionBudget(ctx, changed); err != nil {
		t.Fatal(err)
	}
	got, err := s.d.cs.PolicyV1().PodDisruptionBudgets(s.ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Spec.MinAvailable != nil || got.Spec.MaxUnavailable == nil || got.Spec.MaxUnavailable.String() != "50%" || len(got.Labels) == 0 {
		t.Errorf("after the change: %+v, labels %v", got.Spec, got.Labels)
	}
	if err := s.DeletePodDisruptionBudget(ctx, "web"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.d.cs.PolicyV1().PodDisruptionBudgets(s.ns).Get(ctx, "web", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("after the delete: %v", err)
	}
	if err := s.UpdatePodDisruptionBudget(ctx, changed); err == nil {
		t.Error("a deleted budget changed")
	}
}

// TestReplicaSetPodsInCreationOrder: the pods a replica set created are
// ordered as they were created: by first sighting (the watch's order), but
// a pod first seen after one created in a later second (a re-list, by
// name) takes its place by its creationTimestamp; pods of one second
// keep the order they were seen in.
func TestReplicaSetPodsInCreationOrder(t *testing.T) {
	s := testSession(t)
	if err := s.CreateReplicaSet(context.Background(), "web", 3, &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app"}}}}); err != nil {
		t.Fatal(err)
	}
	uid := types.UID("u-web")
	s.disr.sets[0].uid = uid
	at := func(name string, sec int64, rv string) *corev1.Pod {
		p := rsPod(name, "web", uid, rv)
		p.CreationTimestamp = metav1.Unix(1000+sec, 0)
		return p
	}
	s.obs.onPod(at("web-b", 0, "5"), false)
	s.obs.onPod(at("web-a", 0, "6"), false)   // the same second: seen after
	s.obs.onPod(at("web-z", 30, "9"), false)  // a replacement
	s.obs.onPod(at("web-c", 10, "12"), false) // created before web-z, seen after it (a re-list)
	_, created, _ := s.ReplicaSetPods("web")
	if got := strings.Join(created, ","); got != "web-b,web-a,web-c,web-z" {
		t.Errorf("created %s, want web-b,web-a,web-c,web-z", got)
	}
}

// TestBudgetsCountedBeforeAnEviction pins awaitBudgets' condition: an
// eviction waits for each budget to count the pods as last seen (its
// generation observed, currentHealthy the pods Ready and not being
// deleted that it selects). On kind an eviction sent 1.9 s after its pods'
// creation met a budget that had counted 1 of 2 Ready pods, and the
// API's refusal said "has 1 currently" (eviction-api.feature:267,
// 2026-11-30).
func TestBudgetsCountedBeforeAnEviction(t *testing.T) {
	s := testSession(t)
	ready := func(name string, labels map[string]string, deleting bool) *podTrack {
		p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Labels: labels},
			Status: corev1.PodStatus{Conditions: []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue}}}}
		if deleting {
			now := metav1.Now()
			p.DeletionTimestamp = &now
		}
		return &podTrack{obj: p}
	}
	web := map[string]string{"app": "web"}
	two := intstr.FromInt32(2)
	pdb := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, Generation: 1},
		Spec: policyv1.PodDisruptionBudgetSpec{MinAvailable: &two, Selector: &metav1.LabelSelector{MatchLabels: web}}}
	for _, tc := range []struct {
		name     string
		observed int64
		healthy  int32
		pods     []*podTrack
		want     bool
	}{
		{"no budget yet", 0, 0, nil, true},
		{"two Ready pods counted", 1, 2, []*podTrack{ready("web-1", web, false), ready("web-2", web, false)}, true},
		{"two Ready pods, one counted (kind at 1.9 s)", 1, 1, []*podTrack{ready("web-1", web, false), ready("web-2", web, false)}, false},
		{"the budget's generation not yet observed", 0, 2, []*podTrack{ready("web-1", web, false), ready("web-2", web, false)}, false},
		{"a pod being deleted and one of another app are not counted", 1, 1, []*podTrack{ready("web-1", web, false), ready("web-2", web, true), ready("db", map[string]string{"app": "db"}, false)}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s.disr.pdbs = nil
			if tc.name != "no budget yet" {
				store := cache.NewStore(cache.MetaNamespaceKeyFunc)
				b := pdb.DeepCopy()
				b.Status.ObservedGeneration, b.Status.CurrentHealthy = tc.observed, tc.healthy
				if err := store.Add(b); err != nil {
					t.Fatal(err)
				}
				s.disr.pdbs = store
			}
			s.pods = map[string]*podTrack{}
			for _, p := range tc.pods {
				s.pods[p.obj.Name] = p
			}
			if got := s.disrupt.budgetsCounted(); got != tc.want {
				t.Errorf("budgets counted: %v, want %v", got, tc.want)
			}
		})
	}
}
