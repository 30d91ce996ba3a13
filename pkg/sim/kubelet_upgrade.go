package sim

import (
	"fmt"
)

// A kubelet upgraded in place (seed 001's "kubelet upgrade" rows): the
// node's kubelet restarts as another release, and the containers it finds
// running are kept unless the hash it computes of their spec differs from
// the one the runtime kept since their creation.

// definitionChanged is containerChanged (kuberuntime_manager.go, v1.36.3)
// for the running instance: the hash the kubelet computes now, by its own
// release's rule, against the hash kept since the instance was created.
// The message is the Killing event's: computePodActions words a regular
// container's ("Container app definition changed", to which it adds ",
// will be restarted"), computeInitContainerActions a running sidecar's
// ("Init container proxy definition changed", kuberuntime_container.go).
func (c *ctr) definitionChanged() (string, bool) {
	if !c.running() || c.inst.hash == hashContainer(c.p.k.profile, c.spec) {
		return "", false
	}
	if c.sidecar {
		return fmt.Sprintf("Init container %s definition changed", c.name), true
	}
	return fmt.Sprintf("Container %s definition changed", c.name), true
}
