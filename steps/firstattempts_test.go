package steps

import (
	"reflect"
	"testing"

	corev1 "k8s.io/api/core/v1"
)

// TestFirstStartsAreTheirNthTimes: `exits with code 1 after 2s on its
// first 2 runs` (`the first 2 times`, `on its first 2 starts`) builds the
// very pod that `the first time` and `the second time` build: the same
// agent arguments (one --exit-on-attempt a start) and the same
// podlife-attempts volume where the agent counts its starts, so a cluster
// runs it as it runs those.
func TestFirstStartsAreTheirNthTimes(t *testing.T) {
	build := func(texts ...string) *podDeclBuilt {
		pl := NewPlan(nil, ".", nil)
		for _, text := range append([]string{`a pod "web"`}, texts...) {
			if err := declareText(pl, text); err != nil {
				t.Fatalf("%s: %v", text, err)
			}
		}
		p, err := pl.mustPod("web")
		if err != nil {
			t.Fatal(err)
		}
		pod := p.build()
		return &podDeclBuilt{pod.Spec.Containers[0].Args, len(pod.Spec.Volumes), pod.Spec.Containers[0].VolumeMounts}
	}
	want := build(`container "app" exits with code 1 after 2s the first time`,
		`container "app" exits with code 1 after 2s the second time`,
		`container "app" exits with code 0 after 2s`)
	if !reflect.DeepEqual(want.args[len(want.args)-2:], []string{"--exit-on-attempt=1:1@2s", "--exit-on-attempt=2:1@2s"}) || want.volumes != 1 {
		t.Fatalf("the Nth-time steps build %+v", want)
	}
	for _, first := range []string{
		`container "app" exits with code 1 after 2s on its first 2 runs`,
		`container "app" exits with code 1 after 2s on its first 2 starts`,
		`container "app" exits with code 1 after 2s the first 2 times`,
	} {
		if got := build(first, `container "app" exits with code 0 after 2s`); !reflect.DeepEqual(got, want) {
			t.Errorf("%s builds %+v, want %+v", first, got, want)
		}
	}
}

// podDeclBuilt is what a pod's behaviour puts in its spec: the agent's
// arguments, the pod's volumes and the container's mounts.
type podDeclBuilt struct {
	args    []string
	volumes int
	mounts  []corev1.VolumeMount
}
