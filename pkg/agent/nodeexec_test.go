package agent

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// buildStatic builds a package statically (the fake node root has no
// libc) into dir.
func buildStatic(t *testing.T, pkg, out string) {
	t.Helper()
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", pkg, err, b)
	}
}

// fakeNode is a directory standing for what a pod in the host's PID
// namespace sees of PID 1: root/ its root filesystem (with nodecmd on the
// node's PATH, /usr/bin) and ns/cgroup its cgroup namespace (the test's
// own: joining it changes nothing).
func fakeNode(t *testing.T, nodecmd string, cgroupV2 bool) (root string) {
	t.Helper()
	dir := t.TempDir()
	root = filepath.Join(dir, "proc1", "root")
	for _, d := range []string{"usr/bin", "sys/fs/cgroup"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(nodecmd, filepath.Join(root, "usr/bin/nodecmd")); err != nil {
		t.Fatal(err)
	}
	if cgroupV2 {
		if err := os.WriteFile(filepath.Join(root, "sys/fs/cgroup/cgroup.controllers"), []byte("cpu memory pids\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "sys/fs/cgroup/cgroup.procs"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "proc1", "ns"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/proc/self/ns/cgroup", filepath.Join(dir, "proc1", "ns", "cgroup")); err != nil {
		t.Fatal(err)
	}
	return root
}

// TestNodeExec runs `podlife-agent node-exec` on a fake node root: what
// the live driver's agent route relies on, as `docker exec` into a kind
// node's container gave it (the command in the node's root, its streams
// and exit code passed through, in the node's root cgroup).
func TestNodeExec(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("node-exec chroots into the node's root: the test needs root (CAP_SYS_CHROOT), and runs as uid", os.Geteuid())
	}
	bin := t.TempDir()
	agent, nodecmd := filepath.Join(bin, Name), filepath.Join(bin, "nodecmd")
	buildStatic(t, "../../cmd/podlife-agent", agent)
	buildStatic(t, "./testdata/nodecmd", nodecmd)
	for _, tc := range []struct {
		name     string
		v2       bool
		args     []string // after node-exec; ROOT stands for the fake root
		stdin    string
		code     int
		out      []string // in the output
		procsPID bool     // the fake root's cgroup.procs holds the command's pid
	}{
		{name: "the command's exit code is node-exec's", args: []string{"--root=ROOT", "--", "nodecmd", "3"}, code: 3, out: []string{"cwd=/ "}},
		{name: "standard input reaches the command", args: []string{"--root=ROOT", "--", "nodecmd"}, stdin: "kubelet config", out: []string{"in=KUBELET CONFIG"}},
		{name: "the command is looked up on the node's PATH, not the image's", args: []string{"--root=ROOT", "--", "nodecmd", "0"}, out: []string{"path=" + nodePath}},
		{name: "a command the node lacks is 127", args: []string{"--root=ROOT", "--", "no-such-command"}, code: ExitNotFound, out: []string{"not found on the node"}},
		{name: "--cgroup-root moves into the node's root cgroup (v2)", v2: true, args: []string{"--cgroup-root", "--root=ROOT", "--", "nodecmd", "0"}, procsPID: true},
		{name: "--cgroup-root on a node of neither v2 nor a v1 memory hierarchy refuses rather than charge the pod", args: []string{"--cgroup-root", "--root=ROOT", "--", "nodecmd", "0"}, code: ExitAgentFailed, out: []string{"neither cgroup v2 nor a cgroup v1 memory hierarchy"}},
		{name: "no -- is a usage error", args: []string{"--root=ROOT", "nodecmd"}, code: ExitAgentFailed, out: []string{"unknown argument \"nodecmd\""}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := fakeNode(t, nodecmd, tc.v2)
			args := []string{NodeExec}
			for _, a := range tc.args {
				args = append(args, strings.ReplaceAll(a, "ROOT", root))
			}
			cmd := exec.Command(agent, args...)
			cmd.Stdin = strings.NewReader(tc.stdin)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tc.code {
				t.Fatalf("exit code %d, want %d; output:\n%s", code, tc.code, out.String())
			}
			for _, want := range tc.out {
				if !strings.Contains(out.String(), want) {
					t.Errorf("output lacks %q:\n%s", want, out.String())
				}
			}
			if tc.procsPID {
				procs, err := os.ReadFile(filepath.Join(root, "sys/fs/cgroup/cgroup.procs"))
				if err != nil {
					t.Fatal(err)
				}
				if want := fmt.Sprintf("pid=%s ", procs); len(procs) == 0 || !strings.Contains(out.String(), want) {
					t.Errorf("cgroup.procs holds %q, not the command's pid:\n%s", procs, out.String())
				}
			}
		})
	}
}
