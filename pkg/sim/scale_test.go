package sim

import (
	"errors"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/podlife/podlife/pkg/behavior"
	"github.com/podlife/podlife/pkg/timeline"
)

// TestScaleDeployment: a Deployment's scale is a scaling event of its one
// active ReplicaSet (sync.go scale, v1.36.3): the ReplicaSet's
// spec.replicas follows, with a ScalingReplicaSet event, and the surplus
// pods go; a negative count is refused as the API refuses it.
func TestScaleDeployment(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: "web"}, Spec: appsv1.DeploymentSpec{Replicas: ptr(int32(3))}}
	if err := s.AddDeployment(d, podOf("web", 30, nil, agent("app"))); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	if err := s.ScaleDeployment("web", -1); err == nil {
		t.Error("a scale to -1 was accepted")
	}
	if err := s.ScaleDeployment("web", 1); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+time.Minute, nil)
	sets := s.deployments.deps["web"].sets
	if len(sets) != 1 || *sets[0].rs.Spec.Replicas != 1 {
		t.Fatalf("the Deployment's ReplicaSets after its scale to 1: %d, the first with %d replicas", len(sets), *sets[0].rs.Spec.Replicas)
	}
	pods, _, _ := s.DeploymentPods("web")
	if len(pods) != 1 {
		t.Errorf("%d pods after the scale to 1, want 1", len(pods))
	}
	var scaled []string
	for _, e := range s.Timeline() {
		if e.Pod == "deployment/web" && e.Kind == timeline.KubeEvent && e.Reason == "ScalingReplicaSet" {
			scaled = append(scaled, e.Message)
		}
	}
	if len(scaled) != 2 || !strings.HasSuffix(scaled[1], "from 3 to 1") {
		t.Errorf("ScalingReplicaSet events %q, want the scale-up to 3 and a scale down from 3 to 1", scaled)
	}
}

// TestScaleDeploymentMidRolloutIsNotModelled: with two ReplicaSets
// active (a rollout under way) a real Deployment controller scales them
// proportionally (sync.go scale, v1.36.3), which the simulator does not
// model: the scale is refused as ErrNotModelled, which the sim driver
// reports as a skip, never a guess. The new pods answer their readiness
// probe 5 s after they start, so the rollout takes its time.
func TestScaleDeploymentMidRolloutIsNotModelled(t *testing.T) {
	t.Parallel()
	s := newSim(t, "")
	if err := s.AddDeployment(rollingByOne("web", 3), podOf("web", 30, nil, agent("app"))); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(10*time.Second, nil)
	slow := agent("app", func(b *behavior.Behavior) { d := 5 * time.Second; b.ReadyAfter = &d })
	slow.ReadinessProbe = &corev1.Probe{ProbeHandler: corev1.ProbeHandler{Exec: &corev1.ExecAction{Command: behavior.ProbeCommand("readiness")}}, PeriodSeconds: 1}
	if err := s.UpdateDeployment("web", podOf("web", 30, nil, slow)); err != nil {
		t.Fatal(err)
	}
	s.RunUntil(s.Now()+time.Second, nil)
	if s.deployments.activeOrLatest(s.deployments.deps["web"]) != nil {
		t.Fatal("a second into the rollout, one ReplicaSet only is active")
	}
	if err := s.ScaleDeployment("web", 5); !errors.Is(err, ErrNotModelled) {
		t.Errorf("a scale mid-rollout: %v, want ErrNotModelled", err)
	}
	s.RunUntil(s.Now()+time.Minute, nil)
	if err := s.ScaleDeployment("web", 5); err != nil {
		t.Errorf("a scale once the rollout is done: %v", err)
	}
}
