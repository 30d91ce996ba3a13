package sim

import (
	"strings"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestRemovePodFinalizer: a client's removal of a pod's finalizers. A
// deleted pod whose deletion is over stays, Terminating and Failed, until
// the last finalizer goes, and goes with it; one removed during the grace
// period leaves the pod to the kubelet's final delete; one removed from a
// pod not being deleted only drops it. A finalizer the pod does not carry
// is an error, a pod gone NotFound.
func TestRemovePodFinalizer(t *testing.T) {
	t.Parallel()
	t.Run("held after its deletion is over", func(t *testing.T) {
		s := newSim(t, "")
		p := podOf("web", 10, nil, agent("app"))
		p.Finalizers = []string{"example.com/cleanup", "example.com/audit"}
		start(t, s, p)
		if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+60*time.Second, nil)
		held := s.Pod("web")
		if held == nil {
			t.Fatal("the pod went with its finalizers")
		}
		if g := held.DeletionGracePeriodSeconds; held.DeletionTimestamp == nil || g == nil || *g != 0 || held.Status.Phase != corev1.PodFailed {
			t.Fatalf("the held pod: deletionTimestamp %v, grace %v, phase %s; want set, 0, Failed", held.DeletionTimestamp, g, held.Status.Phase)
		}
		if err := s.RemovePodFinalizer("web", "example.com/cleanup"); err != nil {
			t.Fatal(err)
		}
		if p := s.Pod("web"); p == nil || strings.Join(p.Finalizers, ",") != "example.com/audit" {
			t.Fatalf("with one finalizer left: %v", p)
		}
		err := s.RemovePodFinalizer("web", "example.com/cleanup")
		if err == nil || !strings.Contains(err.Error(), `does not carry the finalizer "example.com/cleanup"`) || !strings.Contains(err.Error(), "example.com/audit") {
			t.Errorf("a finalizer removed twice: %v", err)
		}
		if err := s.RemovePodFinalizer("web", "example.com/audit"); err != nil {
			t.Fatal(err)
		}
		if s.Pod("web") != nil {
			t.Fatal("the pod stays once its last finalizer is removed")
		}
		if err := s.RemovePodFinalizer("web", "example.com/audit"); !apierrors.IsNotFound(err) {
			t.Errorf("a pod gone: %v, want NotFound", err)
		}
	})
	t.Run("removed during the grace period", func(t *testing.T) {
		s := newSim(t, "")
		p := podOf("web", 5, nil, agent("app", ignoreTerm))
		p.Finalizers = []string{"example.com/cleanup"}
		start(t, s, p)
		t0 := s.Now()
		if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(t0+time.Second, nil)
		if err := s.RemovePodFinalizer("web", "example.com/cleanup"); err != nil {
			t.Fatal(err)
		}
		if s.Pod("web") == nil {
			t.Fatal("the pod went in its grace period")
		}
		at, gone := s.RunUntil(t0+30*time.Second, func() bool { return s.Pod("web") == nil })
		if !gone || at < t0+5*time.Second {
			t.Errorf("gone %v at %s; want gone at the kubelet's final delete, after the 5 s kill", gone, at-t0)
		}
	})
	t.Run("not being deleted", func(t *testing.T) {
		s := newSim(t, "")
		p := podOf("web", 10, nil, agent("app"))
		p.Finalizers = []string{"example.com/cleanup"}
		start(t, s, p)
		if err := s.RemovePodFinalizer("web", "example.com/cleanup"); err != nil {
			t.Fatal(err)
		}
		s.RunUntil(s.Now()+10*time.Second, nil)
		got := s.Pod("web")
		if got == nil || got.Finalizers != nil || got.DeletionTimestamp != nil || got.Status.Phase != corev1.PodRunning {
			t.Fatalf("after the removal: %v", got)
		}
		err := s.RemovePodFinalizer("web", "example.com/cleanup")
		if err == nil || !strings.Contains(err.Error(), "carries no finalizer") {
			t.Errorf("a pod with no finalizer: %v", err)
		}
		t0 := s.Now()
		if err := s.DeletePod("web", metav1.DeleteOptions{}); err != nil {
			t.Fatal(err)
		}
		if at, gone := s.RunUntil(t0+5*time.Second, func() bool { return s.Pod("web") == nil }); !gone {
			t.Errorf("its delete held: not gone by %s", at-t0)
		}
	})
}

// TestFinalizerNamesValidated: the API server refuses a pod whose
// finalizer has no prefix and is not a standard one
// (validateKubeFinalizerName), or is no qualified name.
func TestFinalizerNamesValidated(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		finalizers []string
		refused    string
	}{
		{[]string{"example.com/cleanup"}, ""},
		{[]string{"kubernetes", "orphan"}, ""},
		{[]string{"cleanup"}, "neither a standard finalizer name nor is it fully qualified"},
		{[]string{"example.com/clean up"}, "metadata.finalizers"},
		{[]string{"orphan", "foregroundDeletion"}, "cannot be both set"},
	} {
		p := podOf("web", 10, nil, agent("app"))
		p.Finalizers = c.finalizers
		err := newSim(t, "").CreatePod(p)
		switch {
		case c.refused == "" && err != nil:
			t.Errorf("%v: refused: %v", c.finalizers, err)
		case c.refused != "" && (err == nil || !strings.Contains(err.Error(), c.refused)):
			t.Errorf("%v: %v, want a refusal saying %q", c.finalizers, err, c.refused)
		}
	}
}
