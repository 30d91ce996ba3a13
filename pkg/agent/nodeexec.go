package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// NodeExec is the subcommand that runs a command on the node itself:
// `podlife-agent node-exec [--cgroup-root] -- CMD ARGS...`. The live
// driver's agent route (pkg/driver/live, nodeagent.go) execs it, through
// the API server, in the node agent's pod: privileged, in the host's PID
// namespace, so that PID 1 is the node's init and /proc/1/root the node's
// root filesystem.
const NodeExec = "node-exec"

// NodeRoot is where the node's root filesystem is seen from a pod in the
// host's PID namespace: PID 1's root.
const NodeRoot = "/proc/1/root"

// Exit codes of node-exec's own failures, before CMD runs (as docker and
// podman exec give them): CMD's own code is passed through otherwise.
const (
	// ExitAgentFailed: node-exec could not set itself up (bad arguments,
	// chroot, cgroup).
	ExitAgentFailed = 125
	// ExitNotExecutable: CMD was found and could not be run.
	ExitNotExecutable = 126
	// ExitNotFound: CMD is not on the node's PATH.
	ExitNotFound = 127
)

// nodePath is the PATH CMD is looked up on and runs with: a node's
// standard directories, not the agent image's (which has none but /bin).
const nodePath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

// nodeExecArgs are node-exec's parsed arguments.
type nodeExecArgs struct {
	// root is the node's root filesystem (NodeRoot; a test gives a
	// directory of its own).
	root string
	// cgroupRoot: move into the node's root cgroup first.
	cgroupRoot bool
	cmd        []string
}

func parseNodeExec(args []string) (nodeExecArgs, error) {
	a := nodeExecArgs{root: NodeRoot}
	for i := 0; i < len(args); i++ {
		switch arg := args[i]; {
		case arg == "--":
			a.cmd = args[i+1:]
			if len(a.cmd) == 0 {
				return a, errors.New("no command after --")
			}
			return a, nil
		case arg == "--cgroup-root":
			a.cgroupRoot = true
		case strings.HasPrefix(arg, "--root="):
			a.root = strings.TrimPrefix(arg, "--root=")
		default:
			return a, fmt.Errorf("unknown argument %q (usage: %s %s [--cgroup-root] -- CMD ARGS...)", arg, Name, NodeExec)
		}
	}
	return a, fmt.Errorf("no -- before the command (usage: %s %s [--cgroup-root] -- CMD ARGS...)", Name, NodeExec)
}

// nodeExec enters the node and replaces itself with the command: its
// standard streams are the command's, and so is its exit code. It returns
// only when it could not.
func nodeExec(args []string) int {
	a, err := parseNodeExec(args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n", Name, NodeExec, err)
		return ExitAgentFailed
	}
	// The cgroup namespace is the calling thread's, and execve keeps the
	// calling thread: both on the one locked thread.
	runtime.LockOSThread()
	if a.cgroupRoot {
		if err := enterRootCgroup(a.root); err != nil {
			fmt.Fprintf(os.Stderr, "%s %s: %v\n", Name, NodeExec, err)
			return ExitAgentFailed
		}
	}
	if err := syscall.Chroot(a.root); err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: entering the node's root %s: %v\n", Name, NodeExec, a.root, err)
		return ExitAgentFailed
	}
	if err := os.Chdir("/"); err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n", Name, NodeExec, err)
		return ExitAgentFailed
	}
	env := append(withoutPath(os.Environ()), "PATH="+nodePath)
	_ = os.Setenv("PATH", nodePath)
	path, err := exec.LookPath(a.cmd[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %s: not found on the node (PATH %s)\n", Name, NodeExec, a.cmd[0], nodePath)
		return ExitNotFound
	}
	err = syscall.Exec(path, a.cmd, env)
	fmt.Fprintf(os.Stderr, "%s %s: running %s on the node: %v\n", Name, NodeExec, path, err)
	return ExitNotExecutable
}

func withoutPath(env []string) []string {
	out := env[:0:0]
	for _, e := range env {
		if !strings.HasPrefix(e, "PATH=") {
			out = append(out, e)
		}
	}
	return out
}

// enterRootCgroup moves the process into the node's root cgroup, so that
// what it and its children hold counts as the node's own use, outside any
// pod: as a process `docker exec` starts in a kind node's container, whose
// cgroup is that node's root. On cgroup v1 (no cgroup.controllers at the
// hierarchy's root: this machine's kind nodes, 2026-11-29) it moves into
// the root of each controller's hierarchy, and fails, rather than charge
// the memory to the agent's pod, when the memory controller's refuses.
//
// A container's cgroup namespace (containerd's default on cgroup v2) has
// its root at the container's own cgroup, and the kernel refuses a move
// to a cgroup outside the mover's namespace (cgroup_procs_write_permission,
// ENOENT): the thread first joins the cgroup namespace of the node's init,
// found beside its root (/proc/1/ns/cgroup for /proc/1/root).
func enterRootCgroup(root string) error {
	ns := filepath.Join(filepath.Dir(root), "ns", "cgroup")
	f, err := os.Open(ns)
	if err != nil {
		return fmt.Errorf("opening the node's cgroup namespace: %w", err)
	}
	err = unix.Setns(int(f.Fd()), unix.CLONE_NEWCGROUP)
	f.Close()
	if err != nil {
		return fmt.Errorf("joining the node's cgroup namespace %s: %w", ns, err)
	}
	hier := filepath.Join(root, "sys", "fs", "cgroup")
	if _, err := os.Stat(filepath.Join(hier, "cgroup.controllers")); errors.Is(err, fs.ErrNotExist) {
		return enterRootCgroupsV1(hier)
	}
	procs := filepath.Join(hier, "cgroup.procs")
	if err := os.WriteFile(procs, []byte(strconv.Itoa(os.Getpid())), 0); err != nil {
		return fmt.Errorf("moving into the node's root cgroup (%s): %w", procs, err)
	}
	return nil
}

// enterRootCgroupsV1 moves the process into the root of every cgroup v1
// hierarchy mounted under hier (memory, cpu, pids, …); the memory
// controller's must take it, the others are best effort (a named or
// read-only hierarchy).
func enterRootCgroupsV1(hier string) error {
	entries, err := os.ReadDir(hier)
	if err != nil {
		return fmt.Errorf("--cgroup-root: reading the node's cgroup v1 hierarchies in %s: %w", hier, err)
	}
	pid := []byte(strconv.Itoa(os.Getpid()))
	memory := false
	for _, e := range entries {
		procs := filepath.Join(hier, e.Name(), "cgroup.procs")
		if _, err := os.Stat(procs); err != nil {
			continue
		}
		err := os.WriteFile(procs, pid, 0)
		if e.Name() == "memory" {
			if err != nil {
				return fmt.Errorf("moving into the node's root memory cgroup (%s): %w", procs, err)
			}
			memory = true
		}
	}
	if !memory {
		return fmt.Errorf("--cgroup-root: the node's %s has neither cgroup v2 nor a cgroup v1 memory hierarchy", hier)
	}
	return nil
}
