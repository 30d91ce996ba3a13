package live

import (
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"

	"github.com/podlife/podlife/pkg/evictionapi"
)

func declaredNode(mutate func(n *corev1.Node)) *corev1.Node {
	c := corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("4"), corev1.ResourceMemory: resource.MustParse("8Gi"),
		corev1.ResourcePods: resource.MustParse("110"), corev1.ResourceEphemeralStorage: resource.MustParse("100Gi")}
	n := &corev1.Node{Status: corev1.NodeStatus{Capacity: c, Allocatable: c.DeepCopy()}}
	if mutate != nil {
		mutate(n)
	}
	return n
}

// TestDeclaredNodeShape: a node that reserves resources for the system or
// has another disk is not the default node's shape (it gets a pool node
// of its own, configured for it).
func TestDeclaredNodeShape(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    *corev1.Node
		want bool
	}{
		{"the default node", declaredNode(nil), true},
		{"memory reserved for the system", declaredNode(func(n *corev1.Node) { n.Status.Allocatable[corev1.ResourceMemory] = resource.MustParse("7Gi") }), false},
		{"CPU reserved for the system", declaredNode(func(n *corev1.Node) { n.Status.Allocatable[corev1.ResourceCPU] = resource.MustParse("3500m") }), false},
		{"a 20Gi disk", declaredNode(func(n *corev1.Node) {
			n.Status.Capacity[corev1.ResourceEphemeralStorage] = resource.MustParse("20Gi")
		}), false},
	} {
		if got := isDefaultShape(tc.n); got != tc.want {
			t.Errorf("%s: default shape %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestPIDThresholdOfTheDeclaredLimit: a pid threshold is translated from
// the declared node's PID limit when it declares one: 10% of 1000 is 100,
// so the real node's threshold is 900 processes below what it has.
func TestPIDThresholdOfTheDeclaredLimit(t *testing.T) {
	l := &lease{node: "pool-1", host: hostUse{maxPID: 100000, procs: 1000}}
	pct, err := evictionapi.ParseStatement(evictionapi.SignalPIDAvailable, "10%")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		declared int64
		want     string
	}{{1000, "98100"}, {0, "96k"}} {
		l.declaredPID = tc.declared
		v, err := l.translateHost(evictionapi.SignalPIDAvailable, pct.Value)
		if err != nil {
			t.Fatal(err)
		}
		if v.String() != tc.want {
			t.Errorf("declared limit %d: threshold %s, want %s", tc.declared, v, tc.want)
		}
	}
}

// TestDiskThresholdKeepsTheHostsFloor: a disk threshold is translated
// while the fill it needs leaves the host 10 GiB; below that the
// scenario is refused (skipped with the reason), where a fill would take
// the host's etcd and every node down with it.
func TestDiskThresholdKeepsTheHostsFloor(t *testing.T) {
	v, err := evictionapi.ParseStatement(evictionapi.SignalNodeFsAvailable, "10%")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		free int64
		ok   bool
	}{{25 << 30, true}, {19 << 30, true}, {18 << 30, false}, {287 << 20, false}} {
		l := &lease{node: "pool-1", declaredDisk: defaultNodeDisk, host: hostUse{fsAvailable: tc.free, imageFsAvailable: tc.free}}
		_, err := l.translateHost(evictionapi.SignalNodeFsAvailable, v.Value)
		if (err == nil) != tc.ok {
			t.Errorf("%d MiB free: error %v, want ok %v", tc.free>>20, err, tc.ok)
		}
	}
}
