package live

import (
	"context"
	"errors"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// TestLostImageOf pins which Events make a scenario an infrastructure
// error: its node lacks the sandbox image or an image the run loaded,
// which no registry here gives back; a pull of any other image is the
// scenario's own (features/images).
func TestLostImageOf(t *testing.T) {
	loaded := []string{"busybox:1.36"}
	ev := func(reason, msg string) *corev1.Event {
		return &corev1.Event{Reason: reason, Message: msg, Source: corev1.EventSource{Host: "podlife-x-control-plane"}}
	}
	for _, c := range []struct {
		name string
		e    *corev1.Event
		lost bool
	}{
		{"the sandbox image deleted (the run of 2026-11-30 12:33)", ev("FailedCreatePodSandBox", `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.10": failed to pull image "registry.k8s.io/pause:3.10": failed to resolve reference`), true},
		{"the run's busybox deleted, named in full by containerd", ev("Failed", `Failed to pull image "docker.io/library/busybox:1.36": failed to resolve reference`), true},
		{"the agent image deleted", ev("Failed", `Failed to pull image "podlife.local/agent:v1": failed to do request`), true},
		{"an image the scenario names that no one loaded", ev("Failed", `Failed to pull image "nginx:does-not-exist": failed to resolve reference`), false},
		{"a sandbox that failed for another reason", ev("FailedCreatePodSandBox", `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network`), false},
		{"a back-off, not a pull", ev("BackOff", `Back-off pulling image "busybox:1.36"`), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, ok := lostImageOf(c.e, loaded)
			if ok != c.lost {
				t.Fatalf("lost %v, want %v", ok, c.lost)
			}
			if ok && l.node != "podlife-x-control-plane" {
				t.Fatalf("node %q", l.node)
			}
		})
	}
}

// TestLostImageFaultIsInfrastructure: a scene whose Events showed a lost
// image ends in an infrastructure error naming the node, which the
// runner reports as an error, not a verdict; one that saw none, nil.
func TestLostImageFaultIsInfrastructure(t *testing.T) {
	sc := &scene{d: &Driver{}}
	if err := sc.lostImageFault(context.Background()); err != nil {
		t.Fatalf("no lost image: %v", err)
	}
	o := &observers{sc}
	o.noteLostImage(&corev1.Event{Reason: "FailedCreatePodSandBox", Message: `failed to get sandbox image "registry.k8s.io/pause:3.10"`, Source: corev1.EventSource{Host: "n1"}})
	err := sc.lostImageFault(context.Background())
	if !errors.Is(err, driver.ErrInfrastructure) || !strings.Contains(err.Error(), "node n1 lacks an image") {
		t.Fatalf("got %v", err)
	}
}
