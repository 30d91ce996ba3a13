package sim

import (
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

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
