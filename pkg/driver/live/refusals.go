package live

import (
	"context"

	corev1 "k8s.io/api/core/v1"

	"github.com/podlife/podlife/pkg/driver"
)

// What a real cluster cannot be asked to do, or has nothing to say about.

// KillSandbox: not built yet: killing a pod's pause container on a kind
// node (through its runtime, beside the kubelet) is left to do.
func (s *session) KillSandbox(context.Context, string) error {
	return driver.Unsupported("the live driver cannot kill a pod's sandbox")
}

// LintPod: a real kubelet runs any pod the API server admits; the API
// server's own answer is the check.
func (d *Driver) LintPod(*corev1.Pod) error { return nil }

// Assumptions: a real kubelet runs a pod as written.
func (d *Driver) Assumptions(*corev1.Pod) []string { return nil }
