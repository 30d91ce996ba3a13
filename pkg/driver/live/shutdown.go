package live

import (
	"context"

	"github.com/podlife/podlife/pkg/driver"
)

// A graceful node shutdown is not driven on kind: the kubelet of a node
// configured with a shutdownGracePeriod takes a delay inhibitor lock from
// systemd-logind and waits, over the system D-Bus, for logind's
// PrepareForShutdown(true) signal (k8s.io/kubernetes
// pkg/kubelet/nodeshutdown/nodeshutdown_manager_linux.go and its systemd
// package, v1.36.3); podlife neither writes that configuration into a
// kind node's kubelet nor makes logind in the node's container send the
// signal. The capability is not claimed (Driver.Capabilities), so a
// scenario that needs it is skipped with nodeShutdownWhyNot; the session
// still answers, with that reason, should a step ask.

// nodeShutdownWhyNot is the reason a scenario needing node-shutdown is
// skipped on a cluster.
const nodeShutdownWhyNot = "graceful node shutdown is not driven on a kind node: a kind node's kubelet configured with shutdownGracePeriod takes systemd-logind's delay inhibitor lock and listens for logind's PrepareForShutdown signal over D-Bus (pkg/kubelet/nodeshutdown), and podlife does not yet configure that kubelet nor make logind in the node's container send the signal"

// nodeShutdown is the session's part that answers ShutdownNode; it is
// embedded in the session, as staticPods is.
type nodeShutdown struct{ *scene }

// ShutdownNode is unsupported on a cluster, with nodeShutdownWhyNot.
func (nodeShutdown) ShutdownNode(context.Context, string) error {
	return driver.Unsupported("%s", nodeShutdownWhyNot)
}
