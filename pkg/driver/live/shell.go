package live

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/podlife/podlife/pkg/driver/live/cluster"
)

// nodeShell runs commands as root in a node's own root filesystem: the
// pool's kubelet configuration, restarts and memory holds, the static pod
// manifests, the kubelet's journal and the runtime's events all go through
// it. Exec returns the command's standard output and error together, as
// one stream, and an error when it exits non-zero; Stream sends its
// standard output to out until ctx ends.
//
// Two routes implement it: kindShell, `docker exec` into a kind node's
// container (the default), and agentShell (nodeagent.go), an exec through
// the API server into the node agent's pod on the node, which works on a
// cluster of any kind. Power cuts (power.go: KillNode, StartNode,
// NodeState) stay on the kind route whatever the route: they stop and
// start the node's container from outside, which nothing inside a node
// can do; a reboot through the agent is a later step.
type nodeShell interface {
	Exec(ctx context.Context, node string, in io.Reader, cmd string, args ...string) ([]byte, error)
	Stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error
}

// kindShell is the kind route: kind's exec into the node's container, on
// a kind cluster of this machine.
type kindShell struct{ cluster string }

func (k kindShell) Exec(_ context.Context, node string, in io.Reader, cmd string, args ...string) ([]byte, error) {
	return cluster.NodeExec(k.cluster, node, in, cmd, args...)
}

func (k kindShell) Stream(ctx context.Context, node string, out io.Writer, cmd string, args ...string) error {
	return cluster.NodeStream(ctx, k.cluster, node, out, cmd, args...)
}

// The routes to a node (Options.NodeRoute, PODLIFE_NODE_ROUTE).
const (
	// RouteDocker: `docker exec` into a kind node's container (the
	// default).
	RouteDocker = "docker"
	// RouteAgent: the node agent's pod (nodeagent.go).
	RouteAgent = "agent"
)

// ParseNodeRoute checks a route's name ("" for the default, docker).
func ParseNodeRoute(v string) (string, error) {
	switch strings.TrimSpace(v) {
	case "", RouteDocker:
		return RouteDocker, nil
	case RouteAgent:
		return RouteAgent, nil
	}
	return "", fmt.Errorf("node route %q: want %s or %s", v, RouteAgent, RouteDocker)
}

// shellOf is the driver's way onto its nodes: the one connect chose, else
// the kind route (nothing is run before connect; the tests set one).
func shellOf(d *Driver) nodeShell {
	if d.shell != nil {
		return d.shell
	}
	return kindShell{d.info.Kind}
}

// reachesNodes says whether the driver reaches its nodes' root: on the
// agent route (the node agent runs on them: connect waited for it), or
// on the docker route of a kind cluster of this machine.
func reachesNodes(d *Driver) bool {
	if _, agent := shellOf(d).(*agentShell); agent {
		return true
	}
	return d.info.Kind != ""
}

// followShell is the shell the runtime's events and the kubelet's journal
// are followed through: nil (nothing followed) on the kind route of a
// cluster that is not a kind cluster of this machine.
func followShell(d *Driver) nodeShell {
	if _, kind := shellOf(d).(kindShell); kind && d.info.Kind == "" {
		return nil
	}
	return shellOf(d)
}
