package live

import (
	"context"

	"github.com/podlife/podlife/pkg/driver"
)

// What a real cluster cannot be asked to do, or has nothing to say about.

// KillSandbox: not built yet: killing a pod's pause container on a kind
// node (through its runtime, beside the kubelet) is left to do.
func (s *session) KillSandbox(context.Context, string) error {
	return driver.Unsupported("the live driver cannot kill a pod's sandbox")
}
