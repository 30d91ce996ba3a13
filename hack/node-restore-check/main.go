// Command node-restore-check checks, on a live cluster it is given, that
// podlife gives its nodes back as it found them, after runs interrupted
// while a node's memory is held (issue 39, acceptance 1):
//
//	go run ./hack/node-restore-check [-kubeconfig K] [-no-docker] [-scenario FILE:LINE] [-save F] [-against F]
//
// It reads every pool node's state through a node agent of its own (the
// kubelet's configuration file and drop-ins, the static manifests, the
// kubelet's binary as hashes; what podlife holds there: fill processes,
// pressure and fill files, records; pkg/driver/live, noderecord.go), runs
// a small node-pressure scenario with `podlife run --driver live
// --node-route agent` (retries off), and as soon as the run's memory
// hold shows on a node interrupts it with SIGINT; then a second run, killed
// with SIGKILL at the same point (nothing of it cleans up). After each, it
// runs `podlife cleanup --run ID --node-route agent`, and at the end
// reads every node again: a node that differs from its first reading is
// named with each difference, and the command exits 1. 2: the check
// itself could not run (a run ended before its fill, a cleanup failed, the
// cluster unreachable).
//
// -save F keeps the first readings in F; -against F takes them from F
// instead of reading the nodes first; -scenario "" runs nothing: with
// both, a reading before anything else (make test-live, a hand's change)
// and a comparison after.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	livedriver "github.com/podlife/podlife/pkg/driver/live"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

type config struct {
	kubeconfig, podlife, scenario, save, against string
	noDocker                                     bool
	fillWait, stopWait                           time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("node-restore-check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c config
	fs.StringVar(&c.kubeconfig, "kubeconfig", os.Getenv("KUBECONFIG"), "the cluster's kubeconfig")
	fs.StringVar(&c.podlife, "podlife", "", "the podlife binary (default: built from ./cmd/podlife)")
	fs.StringVar(&c.scenario, "scenario", "features/eviction/memory.feature:213", `the node-pressure scenario each interrupted run runs ("": no runs)`)
	fs.StringVar(&c.save, "save", "", "write the first readings to this file")
	fs.StringVar(&c.against, "against", "", "take the first readings from this file (written by -save) instead of reading the nodes first")
	fs.BoolVar(&c.noDocker, "no-docker", os.Getenv("PODLIFE_NO_DOCKER") == "1", "the runs and cleanups use no docker (--no-docker --allow-any-cluster)")
	fs.DurationVar(&c.fillWait, "fill-wait", 6*time.Minute, "how long to wait for a run's memory hold on a node")
	fs.DurationVar(&c.stopWait, "stop-wait", 5*time.Minute, "how long an interrupted run and a cleanup may take")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "node-restore-check: no arguments (got %q)\n", fs.Args())
		return 2
	}
	diffs, err := check(context.Background(), c, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "node-restore-check: %v\n", err)
		return 2
	}
	if len(diffs) > 0 {
		fmt.Fprintf(stdout, "node-restore-check: FAIL: %d node(s) not as they were\n", len(diffs))
		return 1
	}
	fmt.Fprintln(stdout, "node-restore-check: every pool node as it was")
	return 0
}

// check reads the nodes, runs and interrupts, cleans up, reads them
// again, and returns, by node, what differs.
func check(ctx context.Context, c config, out io.Writer) (map[string][]string, error) {
	say := func(format string, a ...any) {
		fmt.Fprintf(out, "%s node-restore-check: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, a...))
	}
	own := livedriver.NewRunID()
	d := livedriver.New(livedriver.Options{Kubeconfig: c.kubeconfig, AllowAnyCluster: true, NoDocker: c.noDocker,
		NodeRoute: livedriver.RouteAgent, RunID: own, Tolerance: time.Second})
	defer func() {
		// The check's own node agent (its namespace, labelled with its
		// run id) goes.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 3*time.Minute)
		defer cancel()
		if err := d.SweepRun(sctx); err != nil {
			say("removing the check's node agent (run %s): %v", own, err)
		}
	}()
	var before map[string]string
	if c.against != "" {
		b, err := os.ReadFile(c.against)
		if err != nil {
			return nil, err
		}
		if err := json.Unmarshal(b, &before); err != nil {
			return nil, fmt.Errorf("%s: %w", c.against, err)
		}
		say("first readings of %d nodes from %s", len(before), c.against)
	} else {
		var err error
		if before, err = livedriver.NodeStates(ctx, d); err != nil {
			return nil, err
		}
		say("read %d pool nodes through the check's node agent (run %s): %s", len(before), own, strings.Join(slices.Sorted(maps.Keys(before)), ", "))
	}
	if c.save != "" {
		b, _ := json.MarshalIndent(before, "", "  ")
		if err := os.WriteFile(c.save, b, 0o644); err != nil {
			return nil, err
		}
	}
	if c.scenario != "" {
		bin := c.podlife
		dir, err := os.MkdirTemp("", "node-restore-check-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		if bin == "" {
			bin = filepath.Join(dir, "podlife")
			say("building podlife")
			if b, err := exec.Command("go", "build", "-o", bin, "./cmd/podlife").CombinedOutput(); err != nil {
				return nil, fmt.Errorf("building podlife: %v: %s", err, b)
			}
		}
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGKILL} {
			if err := interrupted(ctx, c, d, bin, dir, sig, say); err != nil {
				return nil, err
			}
		}
	}
	now, err := livedriver.NodeStates(ctx, d)
	if err != nil {
		return nil, err
	}
	diffs := compare(before, now)
	for _, n := range slices.Sorted(maps.Keys(before)) {
		if len(diffs[n]) == 0 {
			say("node %s: as it was", n)
			continue
		}
		say("node %s differs: %s", n, strings.Join(diffs[n], "; "))
	}
	return diffs, nil
}

// compare says, by node, what differs between two readings: a node read
// first and not after (or after and not first) differs too.
func compare(before, now map[string]string) map[string][]string {
	diffs := map[string][]string{}
	for n, b := range before {
		s, ok := now[n]
		if !ok {
			diffs[n] = []string{"not read after the runs (no longer a pool node?)"}
			continue
		}
		if d := livedriver.DiffNodeStates(b, s); len(d) > 0 {
			diffs[n] = d
		}
	}
	for n := range now {
		if _, ok := before[n]; !ok {
			diffs[n] = []string{"a pool node now, not read first"}
		}
	}
	return diffs
}

// interrupted runs the scenario, signals the run once its memory hold
// shows on a node, waits for it to end, and cleans up after it with
// `podlife cleanup`.
func interrupted(ctx context.Context, c config, d *livedriver.Driver, bin, dir string, sig syscall.Signal, say func(string, ...any)) error {
	id := livedriver.NewRunID()
	args := []string{"run", "--driver", "live", "--node-route", "agent", "--run-id", id, "-parallel", "1"}
	if c.noDocker {
		args = append(args, "--no-docker", "--allow-any-cluster")
	} else {
		args = append(args, "--allow-any-cluster")
	}
	args = append(args, c.scenario)
	logf := filepath.Join(dir, id+".log")
	lf, err := os.Create(logf)
	if err != nil {
		return err
	}
	defer lf.Close()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "PODLIFE_RETRIES=0")
	if c.kubeconfig != "" {
		cmd.Env = append(cmd.Env, "KUBECONFIG="+c.kubeconfig)
	}
	cmd.Stdout, cmd.Stderr = lf, lf
	say("run %s: podlife %s", id, strings.Join(args, " "))
	if err := cmd.Start(); err != nil {
		return err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	node, file, err := waitFill(ctx, d, id, c.fillWait, exited)
	if err != nil {
		_ = cmd.Process.Kill()
		return fmt.Errorf("run %s: %w (its output: %s)", id, err, tail(logf))
	}
	say("run %s holds memory on node %s (%s): %s", id, node, file, sig)
	if err := cmd.Process.Signal(sig); err != nil {
		return err
	}
	select {
	case err := <-exited:
		say("run %s ended: %v", id, exitOf(err))
	case <-time.After(c.stopWait):
		_ = cmd.Process.Kill()
		return fmt.Errorf("run %s still running %s after %s (its output: %s)", id, c.stopWait, sig, tail(logf))
	}
	cargs := []string{"cleanup", "--run", id, "--node-route", "agent", "--allow-any-cluster"}
	if c.noDocker {
		cargs = append(cargs, "--no-docker")
	}
	cctx, cancel := context.WithTimeout(ctx, c.stopWait)
	defer cancel()
	cl := exec.CommandContext(cctx, bin, cargs...)
	cl.Env = cmd.Env
	t0 := time.Now()
	b, err := cl.CombinedOutput()
	say("podlife %s: %s in %s: %s", strings.Join(cargs, " "), exitOf(err), time.Since(t0).Round(100*time.Millisecond), strings.TrimSpace(lastLines(string(b), 6)))
	if err != nil {
		return fmt.Errorf("podlife cleanup --run %s failed: %v", id, err)
	}
	return nil
}

// waitFill waits until a pool node shows the run's memory (or process
// id) hold: a file of pressure named after the run.
func waitFill(ctx context.Context, d *livedriver.Driver, id string, limit time.Duration, exited <-chan error) (string, string, error) {
	deadline := time.Now().Add(limit)
	for {
		held, err := livedriver.NodeHolds(ctx, d)
		if err == nil {
			if node, file, ok := holdOf(held, id); ok {
				return node, file, nil
			}
		}
		select {
		case err := <-exited:
			return "", "", fmt.Errorf("ended (%s) before its fill was seen on a node", exitOf(err))
		case <-time.After(time.Second):
		}
		if time.Now().After(deadline) {
			return "", "", fmt.Errorf("no fill of the run on any pool node within %s (last read: %v)", limit, err)
		}
	}
}

// holdOf finds, in NodeHolds' lists, the run's hold: a file of
// /run/podlife-pressure named after it (the hold's process group).
func holdOf(held map[string][]string, id string) (string, string, bool) {
	for _, n := range slices.Sorted(maps.Keys(held)) {
		for _, f := range held[n] {
			if strings.HasPrefix(f, "/run/podlife-pressure/"+id+"-") && !strings.HasSuffix(f, ".filled") {
				return n, f, true
			}
		}
	}
	return "", "", false
}

func exitOf(err error) string {
	var ee *exec.ExitError
	switch {
	case err == nil:
		return "exit 0"
	case errors.As(err, &ee):
		return ee.ProcessState.String()
	}
	return err.Error()
}

func tail(file string) string {
	b, _ := os.ReadFile(file)
	return lastLines(string(b), 15)
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
