package live

import (
	"context"
	"errors"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/driver"
)

// TestSetImageUpdatesThePod: the container's image is changed in the
// pod's spec, the other container's kept; an image an offline cluster
// does not have, and podlife's agent swapped in or out, are unsupported
// (the scenario skipped), before any update.
func TestSetImageUpdatesThePod(t *testing.T) {
	t.Parallel()
	s := testSession(t)
	s.d.opt.Images = []string{"busybox:1.36"}
	ctx := context.Background()
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "web", Namespace: s.ns},
		Spec: corev1.PodSpec{Containers: []corev1.Container{
			{Name: "app", Image: "busybox:1.36"}, {Name: "agent", Image: behavior.Image}}}}
	if _, err := s.d.cs.CoreV1().Pods(s.ns).Create(ctx, pod, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	s.pods["web"] = &podTrack{name: "web", api: "web", obj: pod}
	if err := s.SetImage(ctx, "web", "app", "docker.io/library/busybox:1.36"); err != nil {
		t.Fatal(err)
	}
	got, err := s.d.cs.CoreV1().Pods(s.ns).Get(ctx, "web", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if img := got.Spec.Containers[0].Image; img != "docker.io/library/busybox:1.36" {
		t.Errorf("app's image %q after the update", img)
	}
	if img := got.Spec.Containers[1].Image; img != behavior.Image {
		t.Errorf("agent's image %q after the update", img)
	}
	for _, c := range []struct{ ctr, image string }{{"app", "nginx:1.27"}, {"app", behavior.Image}, {"agent", "busybox:1.36"}} {
		if err := s.SetImage(ctx, "web", c.ctr, c.image); !errors.Is(err, driver.ErrUnsupported) {
			t.Errorf("%s to %s: %v, want unsupported", c.ctr, c.image, err)
		}
	}
	if err := s.SetImage(ctx, "nope", "app", "busybox:1.36"); err == nil {
		t.Error("a pod never created is updated")
	}
}
