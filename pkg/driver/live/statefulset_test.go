package live

import (
	"context"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"

	"github.com/podlife/podlife/pkg/timeline"
)

// TestStatefulSetIsTheRuns: a scenario's StatefulSet is created in its
// namespace with the run's and the scenario's labels (cleanup finds it by
// them), selecting its template's labels, podlife's among them, its
// template placed as a ReplicaSet's; its spec carries the declared
// replicas and policy, and a serviceName, whose Service podlife does not
// create; a scale goes through its scale subresource.
func TestStatefulSetIsTheRuns(t *testing.T) {
	s := testSession(t)
	s.sc.ID = "statefulsets-13"
	s.leases = []*lease{{node: "pool-1"}}
	ctx := context.Background()
	three := int32(3)
	set := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: "quorum"},
		Spec: appsv1.StatefulSetSpec{Replicas: &three, PodManagementPolicy: appsv1.ParallelPodManagement, ServiceName: "quorum"}}
	if err := s.CreateStatefulSet(ctx, set, agentTemplate()); err != nil {
		t.Fatal(err)
	}
	got, err := s.d.cs.AppsV1().StatefulSets(s.ns).Get(ctx, "quorum", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for what, l := range map[string]map[string]string{"stateful set": got.Labels, "template": got.Spec.Template.Labels, "selector": got.Spec.Selector.MatchLabels} {
		if l[LabelRun] != "r1" || l[LabelScenario] != "statefulsets-13" {
			t.Errorf("%s labels %v", what, l)
		}
	}
	if got.Spec.Selector.MatchLabels["app"] != "quorum" || got.Spec.Template.Labels["app"] != "quorum" {
		t.Errorf("selector %v, template labels %v", got.Spec.Selector.MatchLabels, got.Spec.Template.Labels)
	}
	if *got.Spec.Replicas != 3 || got.Spec.PodManagementPolicy != appsv1.ParallelPodManagement || got.Spec.ServiceName != "quorum" {
		t.Errorf("spec: replicas %d, policy %q, serviceName %q", *got.Spec.Replicas, got.Spec.PodManagementPolicy, got.Spec.ServiceName)
	}
	if kept := keptOn(got.Spec.Template.Spec); !slices.Equal(kept, []string{"pool-1"}) {
		t.Errorf("template kept on %v, not the leased node", kept)
	}
	if svcs, _ := s.d.cs.CoreV1().Services(s.ns).List(ctx, metav1.ListOptions{}); len(svcs.Items) != 0 {
		t.Errorf("services created: %v", svcs.Items)
	}
	if err := s.CreateStatefulSet(ctx, set, agentTemplate()); err == nil {
		t.Error("a second stateful set of the same name was accepted")
	}
	// The fake clientset has no scale subresource of StatefulSets: a
	// reactor answers it, and the update sent is the proof.
	cs := s.d.cs.(*fake.Clientset)
	cs.PrependReactor("*", "statefulsets", func(a k8stesting.Action) (bool, runtime.Object, error) {
		if a.GetSubresource() != "scale" {
			return false, nil, nil
		}
		return true, &autoscalingv1.Scale{ObjectMeta: metav1.ObjectMeta{Name: "quorum", Namespace: s.ns}, Spec: autoscalingv1.ScaleSpec{Replicas: 3}}, nil
	})
	if err := s.Scale(ctx, "stateful set", "quorum", 1); err != nil {
		t.Fatal(err)
	}
	scaled := false
	for _, a := range cs.Actions() {
		if u, ok := a.(k8stesting.UpdateAction); ok && a.GetResource().Resource == "statefulsets" && a.GetSubresource() == "scale" {
			sc, _ := u.GetObject().(*autoscalingv1.Scale)
			scaled = sc != nil && sc.Spec.Replicas == 1
		}
	}
	if !scaled {
		t.Error("no update of the stateful set's scale subresource to 1 replica")
	}
}

// TestStatefulSetPodCreatedAgainIsFollowed: a StatefulSet's pod is the
// scenario's from its first sighting under its API name; one created
// again under that name once the old is gone is followed again (a new
// PodCreated, the name in created twice); a pod of a StatefulSet of
// another UID is not the scenario's.
func TestStatefulSetPodCreatedAgainIsFollowed(t *testing.T) {
	s := testSession(t)
	uid := types.UID("u-quorum")
	s.wl.statefulSets = []*ownedPods{{name: "quorum", uid: uid}}
	first := ownedPod("quorum-0", "StatefulSet", "quorum", uid, nil)
	s.obs.onPod(first, false)
	s.obs.onPod(ownedPod("quorum-1", "StatefulSet", "quorum", "u-an-earlier-quorum", nil), false)
	s.obs.onPod(first, true)
	again := ownedPod("quorum-0", "StatefulSet", "quorum", uid, nil)
	again.UID, again.ResourceVersion = "u-quorum-0-again", "9"
	s.obs.onPod(again, false)
	pods, created, _ := s.StatefulSetPods("quorum")
	if strings.Join(created, ",") != "quorum-0,quorum-0" {
		t.Errorf("created %v, want quorum-0 twice", created)
	}
	if len(pods) != 1 {
		t.Errorf("%d pods in the API, want quorum-0 once", len(pods))
	}
	if p := s.View().Pod("quorum-0"); p == nil || p.UID != "u-quorum-0-again" {
		t.Errorf("quorum-0 is %v, want the pod created again", p)
	}
	if n := timeline.Count(s.View().Timeline(), timeline.Selector{Pod: "quorum-0", Kind: timeline.PodCreated}); n != 2 {
		t.Errorf("%d PodCreated of quorum-0, want 2", n)
	}
	if s.View().Pod("quorum-1") != nil {
		t.Error("a pod of another stateful set is the scenario's")
	}
}
