package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// NodeServe is the node agent pod's main process: `podlife-agent
// node-serve [--listen ADDR]`. It serves two fixed requests about the
// node's kubelet, and nothing else, for the live driver to reach through
// the API server's pod proxy (/api/v1/namespaces/NS/pods/NAME:PORT/proxy/…),
// which connects to the pod's IP and not through the node's kubelet: so
// they answer while the kubelet is stopped, when an exec (which the
// kubelet serves) cannot.
//
//   - GET /kubelet: the kubelet unit's main PID and start
//     (`systemctl show --timestamp=unix`) and the run, if any, whose
//     stop is recorded on the node (KubeletStoppedFile).
//   - POST /kubelet/start?run=ID: starts the kubelet if, and only if,
//     run ID's stop of it is recorded on the node; the record goes once
//     the kubelet started. Without that record it does nothing and says
//     "none".
//
// Stopping the kubelet is not served: the driver does it through an
// exec, which the API server authorizes (pods/exec), and records it there
// first. Whoever reaches the pod's port can at most start again a kubelet
// a run stopped, which the run's release, its sweep or `podlife cleanup`
// does anyway.
const NodeServe = "node-serve"

// NodeServePort is the port node-serve listens on by default.
const NodeServePort = 8790

// KubeletStoppedFile, on the node, records the run that stopped the
// kubelet: its id, one line. The driver writes it before it stops the
// kubelet; node-serve's start removes it.
const KubeletStoppedFile = "/run/podlife/kubelet-stopped"

// kubeletShowArgs reads the kubelet unit's main process: MainPID=N and
// ExecMainStartTimestamp=@SECONDS (systemd 251 and later).
var kubeletShowArgs = []string{"systemctl", "show", "--timestamp=unix", "--property=MainPID", "--property=ExecMainStartTimestamp", "kubelet"}

// kubeletServer answers node-serve's requests. root is the node's root
// filesystem as the agent sees it (NodeRoot); run runs a command on the
// node (nodeCommand; a test's fake).
type kubeletServer struct {
	root string
	run  func(ctx context.Context, argv ...string) ([]byte, error)
	mu   sync.Mutex // one request at a time acts on the kubelet
}

func (k *kubeletServer) stoppedBy() (string, error) {
	b, err := os.ReadFile(filepath.Join(k.root, KubeletStoppedFile))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	return strings.TrimSpace(string(b)), err
}

func (k *kubeletServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	k.mu.Lock()
	defer k.mu.Unlock()
	ctx, cancel := context.WithTimeout(r.Context(), 90*time.Second)
	defer cancel()
	fail := func(code int, format string, args ...any) {
		http.Error(w, fmt.Sprintf(format, args...), code)
	}
	show := func(head string) {
		out, err := k.run(ctx, kubeletShowArgs...)
		if err != nil {
			fail(http.StatusInternalServerError, "%s: %v: %s", strings.Join(kubeletShowArgs, " "), err, bytes.TrimSpace(out))
			return
		}
		by, err := k.stoppedBy()
		if err != nil {
			fail(http.StatusInternalServerError, "reading %s: %v", KubeletStoppedFile, err)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintf(w, "%s\n%s\nStoppedBy=%s\n", head, bytes.TrimSpace(out), by)
	}
	switch {
	case r.URL.Path == "/kubelet" && r.Method == http.MethodGet:
		show("state")
	case r.URL.Path == "/kubelet/start" && r.Method == http.MethodPost:
		run := r.URL.Query().Get("run")
		if run == "" {
			fail(http.StatusBadRequest, "no run: POST /kubelet/start?run=ID")
			return
		}
		by, err := k.stoppedBy()
		if err != nil {
			fail(http.StatusInternalServerError, "reading %s: %v", KubeletStoppedFile, err)
			return
		}
		if by != run {
			// Not this run's stop: nothing to undo.
			show("none")
			return
		}
		if out, err := k.run(ctx, "systemctl", "start", "kubelet"); err != nil {
			fail(http.StatusInternalServerError, "systemctl start kubelet: %v: %s", err, bytes.TrimSpace(out))
			return
		}
		if err := os.Remove(filepath.Join(k.root, KubeletStoppedFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			fail(http.StatusInternalServerError, "the kubelet started; removing %s: %v", KubeletStoppedFile, err)
			return
		}
		show("started")
	default:
		fail(http.StatusNotFound, "%s %s: node-serve answers GET /kubelet and POST /kubelet/start?run=ID only", r.Method, r.URL.Path)
	}
}

// nodeCommand runs argv on the node through this binary's node-exec
// (chroot into the node's root; not its root cgroup: a systemctl holds
// nothing), standard output and error together.
func nodeCommand(ctx context.Context, argv ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "/proc/self/exe")
	cmd.Args = append([]string{Name, NodeExec, "--"}, argv...)
	return cmd.CombinedOutput()
}

// nodeServe runs the server until SIGTERM.
func nodeServe(args []string) int {
	addr := fmt.Sprintf(":%d", NodeServePort)
	switch {
	case len(args) == 2 && args[0] == "--listen":
		addr = args[1]
	case len(args) != 0:
		fmt.Fprintf(os.Stderr, "%s %s: usage: %s %s [--listen ADDR]\n", Name, NodeServe, Name, NodeServe)
		return 2
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n", Name, NodeServe, err)
		return 1
	}
	srv := &http.Server{Handler: &kubeletServer{root: NodeRoot, run: nodeCommand}, ReadHeaderTimeout: 10 * time.Second}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT)
	go func() { <-sigs; _ = srv.Close() }()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(os.Stderr, "%s %s: %v\n", Name, NodeServe, err)
		return 1
	}
	return 0
}
