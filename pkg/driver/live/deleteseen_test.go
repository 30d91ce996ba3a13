package live

import (
	"context"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
)

// TestDeleteReturnsOnceItsWatchShowsIt: an accepted delete returns once
// the scenario's own view shows the pod's deletionTimestamp, so the step
// after it reads the pod deleted (quota.feature:80 on a loaded machine,
// 2026-11-29: a `within` count read 45 ms after an accepted eviction,
// before the watch delivered it, counted the evicted pod Ready and not
// deleted). The watch's update comes 150 ms after the request here.
func TestDeleteReturnsOnceItsWatchShowsIt(t *testing.T) {
	s := testSession(t)
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns, UID: "u1", ResourceVersion: "1"},
		Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "app", Image: behavior.Image}}}}
	if _, err := s.d.cs.CoreV1().Pods(s.ns).Create(context.Background(), pod, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	tr := s.obs.track("web", pod)
	s.mu.Lock()
	s.obs.observe(tr, pod, time.Now(), false)
	s.mu.Unlock()

	const lag = 150 * time.Millisecond
	go func() {
		time.Sleep(lag)
		deleting := pod.DeepCopy()
		deleting.ResourceVersion = "2"
		deleting.DeletionTimestamp = &metav1.Time{Time: time.Now()}
		s.mu.Lock()
		s.obs.observe(tr, deleting, time.Now(), false)
		s.mu.Unlock()
	}()
	began := time.Now()
	if err := s.Delete(context.Background(), "web", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	took := time.Since(began)
	p := s.View().Pod("web")
	if p == nil || p.DeletionTimestamp == nil {
		t.Errorf("the delete returned after %s with the view not showing it: %+v", took, p)
	}
	if took > deletionWait {
		t.Errorf("the delete took %s, past its bound %s", took, deletionWait)
	}
}
