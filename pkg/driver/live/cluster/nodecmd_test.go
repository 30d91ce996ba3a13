package cluster

import (
	"context"
	"strings"
	"testing"

	"sigs.k8s.io/kind/pkg/exec"
)

// TestNodeCommandNeedsNoList pins the node command: kind's own
// (`docker exec --privileged [-i] <node> cmd args`), for a node of the
// cluster only, made without listing the cluster's nodes (which costs a
// docker ps and a docker inspect of each node per command).
func TestNodeCommandNeedsNoList(t *testing.T) {
	for _, c := range []struct {
		name, cluster, node string
		stdin               bool
		want, err           string
	}{
		{"a command with input", "podlife-1", "podlife-1-worker2", true, "docker exec --privileged -i podlife-1-worker2 sh -c true", ""},
		{"a command without", "podlife-1", "podlife-1-control-plane", false, "docker exec --privileged podlife-1-control-plane sh -c true", ""},
		{"another cluster's node", "podlife-1", "podlife-2-worker", false, "", `cluster "podlife-1" has no node "podlife-2-worker"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd, err := nodeCommand(context.Background(), c.cluster, c.node, c.stdin, "sh", "-c", "true")
			if c.err != "" {
				if err == nil || err.Error() != c.err {
					t.Fatalf("error %v, want %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := strings.Join(commandLine(cmd), " ")
			if got != c.want {
				t.Errorf("command %q, want %q", got, c.want)
			}
		})
	}
}

// commandLine is the command's program and arguments, as kind's local
// command (an os/exec.Cmd) holds them.
func commandLine(c exec.Cmd) []string {
	if lc, ok := c.(*exec.LocalCmd); ok {
		return lc.Args
	}
	return nil
}
