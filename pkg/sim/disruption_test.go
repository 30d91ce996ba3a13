package sim

import (
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// budget is a PDB over app=web.
func budget(name string, minAvailable, maxUnavailable string, policy policyv1.UnhealthyPodEvictionPolicyType) *policyv1.PodDisruptionBudget {
	pdb := &policyv1.PodDisruptionBudget{ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: policyv1.PodDisruptionBudgetSpec{Selector: &metav1.LabelSelector{MatchLabels: map[string]string{"app": "web"}}}}
	if minAvailable != "" {
		v := intstr.Parse(minAvailable)
		pdb.Spec.MinAvailable = &v
	}
	if maxUnavailable != "" {
		v := intstr.Parse(maxUnavailable)
		pdb.Spec.MaxUnavailable = &v
	}
	if policy != "" {
		pdb.Spec.UnhealthyPodEvictionPolicy = &policy
	}
	return pdb
}

// webPod is a bare pod labelled app=web; unready pods fail their
// readiness probe.
func webPod(name string, unready bool) *corev1.Pod {
	p := podOf(name, 30, nil, agent("app"))
	p.Labels = map[string]string{"app": "web"}
	if unready {
		p.Spec.Containers[0].ReadinessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: []string{"false"}}}, PeriodSeconds: 1}
	}
	return p
}

// TestPodDisruptionBudgetStatus pins the disruption controller's status:
// expectedPods, desiredHealthy, currentHealthy and disruptionsAllowed.
func TestPodDisruptionBudgetStatus(t *testing.T) {
	for _, tc := range []struct {
		behavior string
		// bare pods (Ready, and unready ones) or a replica set of rs pods.
		bare, unready, rs                   int
		minAvailable, maxUnavailable        string
		expected, desired, healthy, allowed int32
	}{
		{behavior: "pdb-min-available-absolute", bare: 3, minAvailable: "2", expected: 3, desired: 2, healthy: 3, allowed: 1},
		{behavior: "pdb-min-available-absolute", bare: 2, minAvailable: "2", expected: 2, desired: 2, healthy: 2, allowed: 0},
		{behavior: "pdb-min-available-absolute", bare: 2, minAvailable: "5", expected: 2, desired: 5, healthy: 2, allowed: 0},
		{behavior: "pdb-min-available-absolute", bare: 2, unready: 1, minAvailable: "1", expected: 3, desired: 1, healthy: 2, allowed: 1},
		{behavior: "pdb-percentage-rounds-up", rs: 10, minAvailable: "90%", expected: 10, desired: 9, healthy: 10, allowed: 1},
		{behavior: "pdb-percentage-rounds-up", rs: 3, minAvailable: "50%", expected: 3, desired: 2, healthy: 3, allowed: 1},
		{behavior: "pdb-percentage-rounds-up", rs: 3, minAvailable: "34%", expected: 3, desired: 2, healthy: 3, allowed: 1},
		{behavior: "pdb-max-unavailable", rs: 10, maxUnavailable: "10%", expected: 10, desired: 9, healthy: 10, allowed: 1},
		{behavior: "pdb-max-unavailable", rs: 3, maxUnavailable: "1", expected: 3, desired: 2, healthy: 3, allowed: 1},
		{behavior: "pdb-max-unavailable", rs: 3, maxUnavailable: "50%", expected: 3, desired: 1, healthy: 3, allowed: 2},
		{behavior: "pdb-max-unavailable", rs: 2, maxUnavailable: "5", expected: 2, desired: 0, healthy: 2, allowed: 2},
		{behavior: "pdb-unmanaged-pods", bare: 2, minAvailable: "50%", expected: 0, desired: 0, healthy: 2, allowed: 0},
		{behavior: "pdb-unmanaged-pods", bare: 2, maxUnavailable: "1", expected: 0, desired: 0, healthy: 2, allowed: 0},
	} {
		t.Run(tc.behavior, func(t *testing.T) {
			s := newSim(t, "")
			for i := range tc.bare + tc.unready {
				start(t, s, webPod("web-"+string(rune('a'+i)), i >= tc.bare))
			}
			if tc.rs > 0 {
				if err := s.AddReplicaSet("web", int32(tc.rs), webPod("web", false)); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.AddPodDisruptionBudget(budget("web", tc.minAvailable, tc.maxUnavailable, "")); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(s.Now()+5*time.Second, nil)
			st := s.PodDisruptionBudget("web").Status
			if st.ExpectedPods != tc.expected || st.DesiredHealthy != tc.desired || st.CurrentHealthy != tc.healthy || st.DisruptionsAllowed != tc.allowed {
				t.Errorf("%+v: status expected %d desired %d healthy %d allowed %d, want %d %d %d %d", tc,
					st.ExpectedPods, st.DesiredHealthy, st.CurrentHealthy, st.DisruptionsAllowed, tc.expected, tc.desired, tc.healthy, tc.allowed)
			}
			if st.ObservedGeneration != 1 {
				t.Errorf("observedGeneration %d, want 1", st.ObservedGeneration)
			}
		})
	}
}

// TestEvictionSubresource pins EvictionREST.Create's answers.
func TestEvictionSubresource(t *testing.T) {
	for _, tc := range []struct {
		behavior string
		pods     []*corev1.Pod
		budgets  []*policyv1.PodDisruptionBudget
		evict    string
		code     int32
		msg      string
	}{
		{behavior: "eviction-without-budget", pods: []*corev1.Pod{webPod("a", false)}, evict: "a", code: 201},
		{behavior: "pdb-min-available-absolute", pods: []*corev1.Pod{webPod("a", false), webPod("b", false)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "2", "", "")}, evict: "a", code: 429,
			msg: "Cannot evict pod as it would violate the pod's disruption budget. The disruption budget web needs 2 healthy pods and has 2 currently"},
		{behavior: "pdb-min-available-absolute", pods: []*corev1.Pod{webPod("a", false), webPod("b", false)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "1", "", "")}, evict: "a", code: 201},
		{behavior: "unhealthy-pod-if-healthy-budget", pods: []*corev1.Pod{webPod("a", false), webPod("b", false), webPod("c", true)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "2", "", "")}, evict: "c", code: 201},
		{behavior: "unhealthy-pod-if-healthy-budget", pods: []*corev1.Pod{webPod("a", false), webPod("b", false), webPod("c", true)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "3", "", policyv1.IfHealthyBudget)}, evict: "c", code: 429},
		{behavior: "unhealthy-pod-always-allow", pods: []*corev1.Pod{webPod("a", false), webPod("b", false), webPod("c", true)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "3", "", policyv1.AlwaysAllow)}, evict: "c", code: 201},
		{behavior: "unhealthy-pod-always-allow", pods: []*corev1.Pod{webPod("a", false), webPod("b", false), webPod("c", true)},
			budgets: []*policyv1.PodDisruptionBudget{budget("web", "3", "", policyv1.AlwaysAllow)}, evict: "a", code: 429},
		{behavior: "eviction-two-budgets", pods: []*corev1.Pod{webPod("a", false)},
			budgets: []*policyv1.PodDisruptionBudget{budget("one", "0", "", ""), budget("two", "", "5", "")}, evict: "a", code: 500,
			msg: "This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."},
		{behavior: "eviction-without-budget", pods: []*corev1.Pod{webPod("a", false)}, evict: "nope", code: 404},
	} {
		t.Run(tc.behavior, func(t *testing.T) {
			s := newSim(t, "")
			for _, p := range tc.pods {
				start(t, s, p)
			}
			for _, b := range tc.budgets {
				if err := s.AddPodDisruptionBudget(b); err != nil {
					t.Fatal(err)
				}
			}
			s.RunUntil(s.Now()+5*time.Second, nil)
			err := s.EvictPod(tc.evict, metav1.DeleteOptions{})
			e := s.Evictions()[len(s.Evictions())-1]
			if e.Code != tc.code || (tc.code == 201) != (err == nil) {
				t.Fatalf("evicting %s: %d (%v), want %d", tc.evict, e.Code, err, tc.code)
			}
			if tc.msg != "" && err.Error() != tc.msg {
				t.Errorf("message %q, want %q", err.Error(), tc.msg)
			}
			p := s.Pod(tc.evict)
			if tc.code == 201 {
				c := podConditionOf(&p.Status, corev1.DisruptionTarget)
				if p.DeletionTimestamp == nil || c == nil || c.Reason != "EvictionByEvictionAPI" || c.Message != "Eviction API: evicting" {
					t.Errorf("accepted eviction: deletionTimestamp %v, DisruptionTarget %+v", p.DeletionTimestamp, c)
				}
			} else if p != nil && p.DeletionTimestamp != nil {
				t.Errorf("refused eviction deleted the pod")
			}
		})
	}
}

// TestEvictionBeforeFirstSync: a budget its controller has not synced
// (observedGeneration behind) refuses with 429 and says so.
func TestEvictionBeforeFirstSync(t *testing.T) {
	s := newSim(t, "")
	start(t, s, webPod("a", false))
	if err := s.AddPodDisruptionBudget(budget("web", "", "5", "")); err != nil {
		t.Fatal(err)
	}
	err := s.EvictPod("a", metav1.DeleteOptions{})
	if err == nil || !strings.Contains(err.Error(), "The disruption budget web is still being processed by the server.") {
		t.Fatalf("eviction before the first sync: %v", err)
	}
}

// TestBudgetUpdateAndDelete: a changed spec is stored with its generation
// one more and the status kept (strategy.go PrepareForUpdate), so an
// eviction before the controller's next sync is refused as still being
// processed, and accepted after it when the new spec allows; an update
// that changes nothing leaves the generation; a deleted budget guards
// nothing.
func TestBudgetUpdateAndDelete(t *testing.T) {
	s := newSim(t, "")
	start(t, s, webPod("a", false))
	start(t, s, webPod("b", false))
	if err := s.AddPodDisruptionBudget(budget("web", "2", "", "")); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+time.Second, nil)
	if err := s.EvictPod("a", metav1.DeleteOptions{}); err == nil {
		t.Fatal("minAvailable 2 of 2: an eviction accepted")
	}
	if err := s.UpdatePodDisruptionBudget(budget("web", "2", "", "")); err != nil || s.PodDisruptionBudget("web").Generation != 1 {
		t.Fatalf("an update that changes nothing: %v, generation %d", err, s.PodDisruptionBudget("web").Generation)
	}
	if err := s.UpdatePodDisruptionBudget(budget("web", "1", "", "")); err != nil {
		t.Fatal(err)
	}
	pdb := s.PodDisruptionBudget("web")
	if pdb.Generation != 2 || pdb.Status.ObservedGeneration != 1 || pdb.Status.DesiredHealthy != 2 {
		t.Fatalf("after the update: generation %d, status %+v", pdb.Generation, pdb.Status)
	}
	if err := s.EvictPod("a", metav1.DeleteOptions{}); err == nil || !strings.Contains(err.Error(), "still being processed") {
		t.Fatalf("an eviction before the sync: %v", err)
	}
	s.RunUntil(s.Now(), nil)
	if st := s.PodDisruptionBudget("web").Status; st.ObservedGeneration != 2 || st.DesiredHealthy != 1 || st.DisruptionsAllowed != 1 {
		t.Fatalf("after the sync: %+v", st)
	}
	if err := s.UpdatePodDisruptionBudget(budget("web", "1", "1", "")); err == nil {
		t.Error("an update with minAvailable and maxUnavailable accepted")
	}
	if err := s.EvictPod("a", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("minAvailable 1 of 2: %v", err)
	}
	if err := s.EvictPod("b", metav1.DeleteOptions{}); err == nil {
		t.Fatal("the second eviction accepted")
	}
	if err := s.DeletePodDisruptionBudget("web"); err != nil || s.PodDisruptionBudget("web") != nil {
		t.Fatalf("delete: %v", err)
	}
	if err := s.EvictPod("b", metav1.DeleteOptions{}); err != nil {
		t.Fatalf("with the budget deleted: %v", err)
	}
	if err := s.DeletePodDisruptionBudget("web"); !apierrors.IsNotFound(err) {
		t.Errorf("a second delete: %v", err)
	}
}

// TestEvictionIgnoresBudgetForPending: canIgnorePDB.
func TestEvictionIgnoresBudgetForPending(t *testing.T) {
	s := newSim(t, "")
	start(t, s, webPod("a", false))
	big := webPod("big", false)
	big.Spec.Containers[0].Resources.Requests = corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("64")}
	if err := s.CreatePod(big); err != nil {
		t.Fatal(err)
	}
	if err := s.AddPodDisruptionBudget(budget("web", "5", "", "")); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+5*time.Second, nil)
	if err := s.EvictPod("a", metav1.DeleteOptions{}); err == nil {
		t.Errorf("a Running pod was evicted past a budget needing 5")
	}
	if err := s.EvictPod("big", metav1.DeleteOptions{}); err != nil {
		t.Errorf("behavior eviction-ignores-budget-for-pending: a Pending pod was refused: %v", err)
	}
}

// TestReplicaSetReplaces: behaviour replicaset-replaces-evicted-pod.
func TestReplicaSetReplaces(t *testing.T) {
	s := newSim(t, "")
	tpl := webPod("web", false)
	tpl.Spec.Containers[0] = withPreStop(tpl.Spec.Containers[0], execHook("sh", "-c", "sleep 10"))
	if err := s.AddReplicaSet("web", 3, tpl); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+time.Second, nil)
	pods, created, _ := s.ReplicaSetPods("web")
	if len(pods) != 3 || len(created) != 3 {
		t.Fatalf("%d pods, %d created, want 3 and 3", len(pods), len(created))
	}
	for _, n := range created {
		if !strings.HasPrefix(n, "web-") || len(n) != len("web-")+5 {
			t.Errorf("pod name %q is not web- and five characters", n)
		}
	}
	if err := s.EvictPod(created[0], metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now(), nil)
	pods, created, _ = s.ReplicaSetPods("web")
	if len(created) != 4 || len(pods) != 4 {
		t.Errorf("after an eviction: %d pods, %d created; want the terminating pod and its replacement: 4 and 4", len(pods), len(created))
	}
}

// TestDrain pins kubectl drain: filters, retries every 5 s, the poll
// every second.
func TestDrain(t *testing.T) {
	for _, tc := range []struct {
		behavior string
		opts     DrainOptions
		bare     bool
		budget   string
		errText  string
		at       time.Duration
	}{
		{behavior: "drain-without-budget", at: time.Second},
		{behavior: "drain-refuses-bare-pods", bare: true, errText: "Pods that declare no controller (use --force to override)"},
		{behavior: "drain-refuses-bare-pods", bare: true, opts: DrainOptions{Force: true}, at: time.Second},
		{behavior: "drain-timeout", budget: "2", opts: DrainOptions{Timeout: 12 * time.Second}, errText: "global timeout reached", at: 15 * time.Second},
	} {
		t.Run(tc.behavior, func(t *testing.T) {
			s := newSim(t, "")
			if tc.bare {
				start(t, s, webPod("bare", false))
			}
			if err := s.AddReplicaSet("web", 2, webPod("web", false)); err != nil {
				t.Fatal(err)
			}
			if tc.budget != "" {
				if err := s.AddPodDisruptionBudget(budget("web", tc.budget, "", "")); err != nil {
					t.Fatal(err)
				}
			}
			s.RunUntil(s.Now()+time.Second, nil)
			t0 := s.Now()
			tc.opts.GracePeriodSeconds = -1
			if err := s.DrainNode("worker-1", tc.opts); err != nil {
				t.Fatal(err)
			}
			s.RunUntil(t0+time.Minute, func() bool { d, _ := s.Drain("worker-1"); return d.Done })
			d, _ := s.Drain("worker-1")
			if !d.Done || !strings.Contains(d.Err, tc.errText) || (tc.errText == "") != (d.Err == "") || d.At-t0 != tc.at {
				t.Errorf("drain: %+v (at %s), want error %q at %s", d, d.At-t0, tc.errText, tc.at)
			}
			if !s.Node("worker-1").Spec.Unschedulable {
				t.Errorf("behavior cordon: the drained node is not unschedulable")
			}
		})
	}
}
