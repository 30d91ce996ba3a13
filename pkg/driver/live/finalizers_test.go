package live

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes/fake"
	k8stesting "k8s.io/client-go/testing"
)

// TestSweepLiftsTheFinalizersOfItsPods: a pod of the run's that a
// finalizer holds would keep its namespace Terminating for ever, so
// cleanup removes the finalizers of the pods it deletes, and only of
// those: a pod in the run's namespace without the run's labels, another
// run's and a foreign one keep theirs. The fake API server keeps a pod
// with finalizers that a delete-collection reaches, as the real one does
// (deletionTimestamp set).
func TestSweepLiftsTheFinalizersOfItsPods(t *testing.T) {
	t.Parallel()
	run := map[string]string{LabelRun: "r1"}
	other := map[string]string{LabelRun: "r2"}
	held := []string{"example.com/cleanup", "example.com/audit"}
	pod := func(ns, name string, lbl map[string]string) *corev1.Pod {
		return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: ns, Labels: lbl, Finalizers: slices.Clone(held)}}
	}
	cs := fake.NewClientset([]runtime.Object{
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-a", Labels: run}},
		pod("podlife-a", "keeper", run),
		&corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "plain", Namespace: "podlife-a", Labels: run}},
		pod("podlife-a", "intruder", nil),
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "podlife-b", Labels: other}},
		pod("podlife-b", "keeper", other),
		&corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "foreign"}},
		pod("foreign", "db", run),
	}...)
	cs.PrependReactor("delete-collection", "pods", func(a k8stesting.Action) (bool, runtime.Object, error) {
		dc := a.(k8stesting.DeleteCollectionAction)
		list, err := cs.Tracker().List(corev1.SchemeGroupVersion.WithResource("pods"), corev1.SchemeGroupVersion.WithKind("Pod"), a.GetNamespace())
		if err != nil {
			return true, nil, err
		}
		now := metav1.Now()
		zero := int64(0)
		for _, p := range list.(*corev1.PodList).Items {
			if dc.GetListRestrictions().Labels.Matches(labels.Set(p.Labels)) {
				p.DeletionTimestamp, p.DeletionGracePeriodSeconds = &now, &zero
				if err := cs.Tracker().Update(corev1.SchemeGroupVersion.WithResource("pods"), &p, p.Namespace); err != nil {
					return true, nil, err
				}
			}
		}
		return true, nil, nil
	})
	if err := SweepWait(context.Background(), cs, "r1", time.Second); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	finalizersOf := func(ns, name string) []string {
		t.Helper()
		p, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
		if err != nil {
			t.Fatalf("pod %s/%s: %v", ns, name, err)
		}
		return p.Finalizers
	}
	if f := finalizersOf("podlife-a", "keeper"); len(f) != 0 {
		t.Errorf("the run's pod keeps its finalizers %v", f)
	}
	for _, p := range [][2]string{{"podlife-a", "intruder"}, {"podlife-b", "keeper"}, {"foreign", "db"}} {
		if f := finalizersOf(p[0], p[1]); !slices.Equal(f, held) {
			t.Errorf("pod %s/%s: finalizers %v, want %v kept", p[0], p[1], f, held)
		}
	}
	var patched []string
	for _, a := range cs.Actions() {
		if pa, ok := a.(k8stesting.PatchAction); ok && a.GetResource().Resource == "pods" {
			patched = append(patched, a.GetNamespace()+"/"+pa.GetName())
			if pa.GetPatchType() != types.MergePatchType || string(pa.GetPatch()) != `{"metadata":{"finalizers":null}}` {
				t.Errorf("patch %s %s", pa.GetPatchType(), pa.GetPatch())
			}
		}
	}
	if strings.Join(patched, " ") != "podlife-a/keeper" {
		t.Errorf("patched %v, want the run's pod with finalizers only", patched)
	}
}

// TestRemoveFinalizerPatchesTheList: the removal is a merge patch of the
// list without the finalizer, conditioned on the resourceVersion read; a
// finalizer the pod does not carry is an error that names the pod's.
func TestRemoveFinalizerPatchesTheList(t *testing.T) {
	s := testSession(t)
	ctx := context.Background()
	p := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "keeper", Namespace: s.ns, ResourceVersion: "7",
		Finalizers: []string{"example.com/cleanup", "example.com/audit"}}}
	if _, err := s.d.cs.CoreV1().Pods(s.ns).Create(ctx, p, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	s.pods["keeper"] = &podTrack{name: "keeper", api: "keeper"}
	if err := s.RemoveFinalizer(ctx, "keeper", "example.com/cleanup"); err != nil {
		t.Fatal(err)
	}
	got, err := s.d.cs.CoreV1().Pods(s.ns).Get(ctx, "keeper", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Finalizers, []string{"example.com/audit"}) {
		t.Errorf("finalizers %v, want example.com/audit left", got.Finalizers)
	}
	err = s.RemoveFinalizer(ctx, "keeper", "example.com/cleanup")
	if err == nil || !strings.Contains(err.Error(), `does not carry the finalizer "example.com/cleanup"`) || !strings.Contains(err.Error(), "example.com/audit") {
		t.Errorf("removed twice: %v", err)
	}
	if err := s.RemoveFinalizer(ctx, "nobody", "example.com/cleanup"); err == nil {
		t.Error("a pod the scenario did not create: no error")
	}
	if b, _ := finalizersPatch([]string{"example.com/audit"}, "7"); string(b) != `{"metadata":{"finalizers":["example.com/audit"],"resourceVersion":"7"}}` {
		t.Errorf("patch %s", b)
	}
}
