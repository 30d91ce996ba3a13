package sim

import (
	"fmt"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	apimeta "k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestDisruptionControllerEvents pins the events of the disruption
// controller (pkg/controller/disruption/disruption.go, v1.36.3): trySync
// records NoPods ("No matching pods found") at each sync of a budget that
// selects no pod, CalculateExpectedPodCountFailed when the expected count
// cannot be computed (then failSafe: SyncFailed), UnmanagedPods when a
// percentage or maxUnavailable meets pods without a controller (never
// with an integer minAvailable, which counts the pods themselves);
// getPdbForPod warns MultiplePodDisruptionBudgets on a pod two budgets
// select, at each of its events, and syncs only the first budget. A sync
// that writes the status is followed by one more (the budget's update
// comes back through the controller's informer), which writes nothing:
// a budget created over no pod records NoPods twice.
func TestDisruptionControllerEvents(t *testing.T) {
	unmanagedMsg := "Pods selected by this PodDisruptionBudget (selector: &LabelSelector{MatchLabels:map[string]string{app: web,},MatchExpressions:[]LabelSelectorRequirement{},}) were found " +
		"to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. " +
		"To account for these pods please set \".spec.minAvailable\" field of the PDB to an integer value."
	cases := []struct {
		behavior, name string
		// bare pods, replica set pods, static pods labelled app=web.
		bare, rs, static int
		// budgets over app=web: name → minAvailable or maxUnavailable
		// ("max:1").
		budgets map[string]string
		// events wanted on the budgets and pods: "pdb/web Normal NoPods
		// 2 No matching pods found"; every event of the controller is
		// listed.
		events []string
		// failed: the budget "web" has SyncFailed.
		failed bool
		// budgetsFirst creates the budgets before the pods (else after).
		budgetsFirst bool
	}{
		{behavior: "pdb-no-pods", name: "a budget over no pod: NoPods at its sync and at the one after its status write",
			budgets: map[string]string{"web": "1"}, budgetsFirst: true,
			events: []string{"pdb/web Normal NoPods x2: No matching pods found"}},
		{behavior: "pdb-no-pods", name: "a budget over pods: no NoPods",
			bare: 2, budgets: map[string]string{"web": "1"}},
		{behavior: "pdb-unmanaged-pods", name: "a percentage minAvailable over bare pods: UnmanagedPods",
			bare: 1, budgets: map[string]string{"web": "50%"},
			events: []string{"pdb/web Warning UnmanagedPods: " + unmanagedMsg}},
		{behavior: "pdb-unmanaged-pods", name: "maxUnavailable over bare pods: UnmanagedPods",
			bare: 1, budgets: map[string]string{"web": "max:1"},
			events: []string{"pdb/web Warning UnmanagedPods: " + unmanagedMsg}},
		{behavior: "pdb-unmanaged-pods", name: "an integer minAvailable over bare pods: no UnmanagedPods",
			bare: 2, budgets: map[string]string{"web": "1"}},
		{behavior: "pdb-unmanaged-pods", name: "a percentage over a replica set's pods: no UnmanagedPods",
			rs: 2, budgets: map[string]string{"web": "50%"}},
		{behavior: "pdb-expected-count-failed", name: "maxUnavailable over a mirror pod: its Node has no scale subresource",
			static: 1, budgets: map[string]string{"web": "max:1"}, failed: true,
			events: []string{"pdb/web Warning CalculateExpectedPodCountFailed: Failed to calculate the number of expected pods: nodes does not implement the scale subresource"}},
		{behavior: "pdb-expected-count-failed", name: "an integer minAvailable over a mirror pod: no controller looked up",
			static: 1, budgets: map[string]string{"web": "1"}},
		{behavior: "pdb-multiple-budgets", name: "a pod two budgets select: the warning on the pod, the first budget chosen",
			bare: 1, budgets: map[string]string{"one": "1", "two": "1"}, budgetsFirst: true,
			events: []string{
				"pdb/one Normal NoPods x2: No matching pods found",
				"pdb/two Normal NoPods x2: No matching pods found",
				`web-0 Warning MultiplePodDisruptionBudgets: Pod "default"/"web-0" matches multiple PodDisruptionBudgets.  Chose "one" arbitrarily.`,
			}},
	}
	for _, tc := range cases {
		t.Run(tc.behavior+"/"+tc.name, func(t *testing.T) {
			s := newSim(t, "")
			addBudgets := func() {
				for _, name := range sortedKeys(tc.budgets) {
					v := tc.budgets[name]
					var b *policyv1.PodDisruptionBudget
					if m, ok := strings.CutPrefix(v, "max:"); ok {
						b = budget(name, "", m, "")
					} else {
						b = budget(name, v, "", "")
					}
					if err := s.AddPodDisruptionBudget(b); err != nil {
						t.Fatal(err)
					}
				}
				s.RunUntil(s.Now()+time.Second, nil)
			}
			if tc.budgetsFirst {
				addBudgets()
			}
			for i := range tc.bare {
				start(t, s, webPod(fmt.Sprintf("web-%d", i), false))
			}
			if tc.rs > 0 {
				if err := s.AddReplicaSet("web", int32(tc.rs), webPod("web", false)); err != nil {
					t.Fatal(err)
				}
			}
			for i := range tc.static {
				if _, err := s.AddStaticPod("worker-1", webPod(fmt.Sprintf("etcd-%d", i), false)); err != nil {
					t.Fatal(err)
				}
			}
			s.RunUntil(s.Now()+10*time.Second, nil)
			if !tc.budgetsFirst {
				addBudgets()
			}
			s.RunUntil(s.Now()+10*time.Second, nil)
			var got []string
			for _, e := range s.Events() {
				if e.Source.Component != disruptionSource {
					continue
				}
				who := e.InvolvedObject.Name
				if e.InvolvedObject.Kind == "PodDisruptionBudget" {
					who = "pdb/" + who
				}
				count := ""
				if e.Count > 1 {
					count = fmt.Sprintf(" x%d", e.Count)
				}
				line := fmt.Sprintf("%s %s %s%s: %s", who, e.Type, e.Reason, count, e.Message)
				if e.Reason == "MultiplePodDisruptionBudgets" || e.Reason == "UnmanagedPods" || e.Reason == "CalculateExpectedPodCountFailed" {
					// Counted at every pod event or sync: how many is not
					// pinned here.
					line = fmt.Sprintf("%s %s %s: %s", who, e.Type, e.Reason, e.Message)
				}
				got = append(got, line)
			}
			if strings.Join(got, "\n") != strings.Join(tc.events, "\n") {
				t.Errorf("events:\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(tc.events, "\n  "))
			}
			c := apimeta.FindStatusCondition(s.PodDisruptionBudget(sortedKeys(tc.budgets)[0]).Status.Conditions, policyv1.DisruptionAllowedCondition)
			if failed := c != nil && c.Reason == policyv1.SyncFailedReason; failed != tc.failed {
				t.Errorf("condition %+v, want SyncFailed %v", c, tc.failed)
			}
			if len(tc.budgets) > 1 {
				// Only the first budget was synced at the pod's events:
				// the second still counts no pod.
				if one, two := s.PodDisruptionBudget("one").Status.ExpectedPods, s.PodDisruptionBudget("two").Status.ExpectedPods; one != 1 || two != 0 {
					t.Errorf("expectedPods one %d two %d, want 1 and 0 (one budget synced per pod event)", one, two)
				}
			}
		})
	}
}

// TestScaleLookupError pins the error getScaleController gives for a
// controller reference the finders did not resolve.
func TestScaleLookupError(t *testing.T) {
	for _, tc := range []struct {
		ref  metav1.OwnerReference
		want string
	}{
		{metav1.OwnerReference{APIVersion: "apps/v1", Kind: "ReplicaSet"}, ""},
		{metav1.OwnerReference{APIVersion: "apps/v1", Kind: "StatefulSet"}, ""},
		{metav1.OwnerReference{APIVersion: "v1", Kind: "Node"}, "nodes does not implement the scale subresource"},
		{metav1.OwnerReference{APIVersion: "batch/v1", Kind: "Job"}, "jobs.batch does not implement the scale subresource"},
		{metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Foo"}, `no matches for kind "Foo" in version "example.com/v1"`},
	} {
		t.Run(tc.ref.Kind, func(t *testing.T) {
			p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", OwnerReferences: []metav1.OwnerReference{tc.ref}}}
			p.OwnerReferences[0].Controller = ptr(true)
			dc := &disruptionController{replicaSets: &replicaSetController{}}
			_, _, err := dc.expectedScale([]*corev1.Pod{p})
			want := tc.want
			if want == "" {
				want = `found no controllers for pod "p"`
			}
			if err == nil || err.Error() != want {
				t.Errorf("error %v, want %s", err, want)
			}
		})
	}
}
