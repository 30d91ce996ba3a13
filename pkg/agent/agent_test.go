package agent

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// bin is the agent built once for the tests, with the multi-call links.
var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// TestMain removes the agent built for the tests: nothing is left in the
// temporary folder.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		_ = os.RemoveAll(binDir)
	}
	os.Exit(code)
}

func agentBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		binDir, binErr = os.MkdirTemp("", "podlife-agent-test")
		if binErr != nil {
			return
		}
		out, err := exec.Command("go", "build", "-o", filepath.Join(binDir, Name), "../../cmd/podlife-agent").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		for _, l := range []string{"sh", "sleep", "true", "false"} {
			if err := os.Symlink(Name, filepath.Join(binDir, l)); err != nil {
				binErr = err
				return
			}
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binDir
}

// run is an agent main process under test, its log lines collected.
type run struct {
	cmd   *exec.Cmd
	mu    sync.Mutex
	lines []Line
	raw   []string // every line of its standard output, the agent's or not
	done  chan struct{}
	code  int
}

func startAgent(t *testing.T, env []string, args ...string) *run {
	t.Helper()
	dir := agentBin(t)
	r := &run{cmd: exec.Command(filepath.Join(dir, Name), args...), done: make(chan struct{})}
	r.cmd.Env = append(os.Environ(), "PODLIFE_AGENT_TEST_START_FILE="+filepath.Join(t.TempDir(), "start"))
	r.cmd.Env = append(r.cmd.Env, env...)
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			r.mu.Lock()
			r.raw = append(r.raw, sc.Text())
			if l, ok := Parse(sc.Bytes()); ok {
				r.lines = append(r.lines, l)
			}
			r.mu.Unlock()
		}
		err := r.cmd.Wait()
		r.code = r.cmd.ProcessState.ExitCode()
		if ee, ok := err.(*exec.ExitError); ok && ee.ProcessState.Sys().(syscall.WaitStatus).Signaled() {
			r.code = 128 + int(ee.ProcessState.Sys().(syscall.WaitStatus).Signal())
		}
		close(r.done)
	}()
	t.Cleanup(func() { _ = r.cmd.Process.Kill(); <-r.done })
	r.waitFor(t, EvStart)
	return r
}

func (r *run) events() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, l := range r.lines {
		e := l.Ev
		if l.Sig != "" {
			e += ":" + l.Sig
		}
		if l.Code != nil {
			e += ":" + strconv.Itoa(*l.Code)
		}
		if l.Kind != "" {
			e += fmt.Sprintf(":%s=%v", l.Kind, *l.OK)
		}
		if l.Phase != "" {
			e += ":" + l.Phase
		}
		if e != EvAlive && e != EvError {
			out = append(out, e)
		}
	}
	return out
}

func (r *run) has(ev string) bool {
	for _, e := range r.events() {
		if e == ev || strings.HasPrefix(e, ev+":") {
			return true
		}
	}
	return false
}

func (r *run) waitFor(t *testing.T, ev string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !r.has(ev) {
		if time.Now().After(deadline) {
			t.Fatalf("no %s line; lines: %v", ev, r.events())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func (r *run) wait(t *testing.T, d time.Duration) bool {
	t.Helper()
	select {
	case <-r.done:
		return true
	case <-time.After(d):
		return false
	}
}

func TestSIGTERMExits143ByDefault(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil)
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	if !r.wait(t, 5*time.Second) {
		t.Fatal("still running after SIGTERM")
	}
	if r.code != 143 {
		t.Errorf("exit code %d, want 143", r.code)
	}
	if got := strings.Join(r.events(), " "); got != "start signal:SIGTERM exit:143" {
		t.Errorf("lines: %s", got)
	}
}

func TestIgnoredSIGTERMKeepsRunningWithHeartbeats(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil, "--on-sigterm=ignore")
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	if r.wait(t, 300*time.Millisecond) {
		t.Fatalf("exited (%d) although it ignores SIGTERM", r.code)
	}
	r.mu.Lock()
	alive := 0
	for _, l := range r.lines {
		if l.Ev == EvAlive {
			alive++
		}
	}
	r.mu.Unlock()
	if alive < 3 {
		t.Errorf("%d heartbeats in 300ms, want several", alive)
	}
	_ = r.cmd.Process.Kill()
	r.wait(t, 5*time.Second)
	if r.code != 137 {
		t.Errorf("exit code %d after SIGKILL, want 137", r.code)
	}
}

func TestSIGTERMDelayAndCode(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil, "--sigterm-delay=300ms", "--sigterm-exit-code=0")
	sent := time.Now()
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	if !r.wait(t, 5*time.Second) {
		t.Fatal("still running")
	}
	if d := time.Since(sent); d < 300*time.Millisecond {
		t.Errorf("exited after %s, want at least 300ms", d)
	}
	if r.code != 0 {
		t.Errorf("exit code %d, want 0", r.code)
	}
}

func TestExitAfter(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil, "--exit-code=3", "--exit-after=100ms")
	if !r.wait(t, 5*time.Second) {
		t.Fatal("still running")
	}
	if r.code != 3 || !r.has("exit:3") {
		t.Errorf("exit code %d, lines %v", r.code, r.events())
	}
}

// TestExitOnAttempt: the agent counts its starts in the attempts
// directory, which outlives each process as the volume outlives the
// container's restarts: the first start exits as the first attempt says,
// the second as the second, the third as the behaviour's own exit.
func TestExitOnAttempt(t *testing.T) {
	t.Parallel()
	env := []string{"PODLIFE_AGENT_TEST_ATTEMPTS_DIR=" + t.TempDir()}
	args := []string{"--exit-code=7", "--exit-after=50ms", "--exit-on-attempt=1:1@50ms", "--exit-on-attempt=2:0@50ms"}
	for i, want := range []int{1, 0, 7} {
		r := startAgent(t, env, args...)
		if !r.wait(t, 5*time.Second) {
			t.Fatalf("start %d: still running", i+1)
		}
		if r.code != want {
			t.Errorf("start %d: exit code %d, want %d (%v)", i+1, r.code, want, r.events())
		}
	}
}

func TestExecProbeAnswersFromTheMainProcess(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil, "--ready-after=700ms", "--fail-liveness-after=0s")
	env := append(os.Environ(), "PODLIFE_AGENT_TEST_MAIN_PID="+strconv.Itoa(r.cmd.Process.Pid))
	for _, arg := range r.cmd.Env {
		if strings.HasPrefix(arg, "PODLIFE_AGENT_TEST_START_FILE=") {
			env = append(env, arg)
		}
	}
	probe := func(kind string) int {
		c := exec.Command(filepath.Join(agentBin(t), Name), "probe", kind)
		c.Env = env
		_ = c.Run()
		return c.ProcessState.ExitCode()
	}
	if got := probe("readiness"); got != 1 {
		t.Errorf("readiness before 700ms: exit %d, want 1", got)
	}
	if got := probe("liveness"); got != 1 {
		t.Errorf("liveness failing from 0s: exit %d, want 1", got)
	}
	time.Sleep(800 * time.Millisecond)
	if got := probe("readiness"); got != 0 {
		t.Errorf("readiness after 700ms: exit %d, want 0", got)
	}
	r.waitFor(t, "probe:readiness=true")
	if !r.has("probe:readiness=false") || !r.has("probe:liveness=false") {
		t.Errorf("probe answers not in the main log: %v", r.events())
	}
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestHTTPProbeOnDeclaredPort(t *testing.T) {
	t.Parallel()
	port := freePort(t)
	r := startAgent(t, []string{PortsEnv + "=" + strconv.Itoa(port)}, "--fail-readiness-after=0s")
	get := func(path string) int {
		for i := 0; i < 100; i++ {
			resp, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d%s", port, path))
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				return resp.StatusCode
			}
			time.Sleep(20 * time.Millisecond)
		}
		t.Fatalf("nothing answers on port %d", port)
		return 0
	}
	if got := get("/podlife/readiness"); got != 500 {
		t.Errorf("readiness: %d, want 500", got)
	}
	if got := get("/podlife/liveness"); got != 200 {
		t.Errorf("liveness: %d, want 200", got)
	}
	if got := get("/healthz"); got != 200 {
		t.Errorf("other path: %d, want 200", got)
	}
	r.waitFor(t, "probe:liveness=true")
}

func TestMultiCallCommands(t *testing.T) {
	t.Parallel()
	r := startAgent(t, nil)
	dir := agentBin(t)
	env := append(os.Environ(), "PODLIFE_AGENT_TEST_MAIN_PID="+strconv.Itoa(r.cmd.Process.Pid))
	cases := []struct {
		argv []string
		code int
		min  time.Duration
	}{
		{[]string{"sleep", "0.2"}, 0, 200 * time.Millisecond},
		{[]string{"sh", "-c", "sleep 0.1"}, 0, 100 * time.Millisecond},
		{[]string{"sh", "-c", "exit 3"}, 3, 0},
		{[]string{"true"}, 0, 0},
		{[]string{"false"}, 1, 0},
		{[]string{"sh", "-c", "echo hi"}, 127, 0},
	}
	for _, c := range cases {
		cmd := exec.Command(filepath.Join(dir, c.argv[0]), c.argv[1:]...)
		cmd.Args[0] = c.argv[0]
		cmd.Env = env
		start := time.Now()
		_ = cmd.Run()
		if got := cmd.ProcessState.ExitCode(); got != c.code {
			t.Errorf("%v: exit %d, want %d", c.argv, got, c.code)
		}
		if d := time.Since(start); d < c.min {
			t.Errorf("%v: took %s, want at least %s", c.argv, d, c.min)
		}
	}
	r.waitFor(t, "exec:0:end")
	if !r.has("exec:start") {
		t.Errorf("hooks not logged: %v", r.events())
	}
}

// TestMemoryPacedToItsTime: memory with a ramp is faulted in over the
// ramp and in use in full at its time, not before: the memory line comes
// at --memory-after, while part of the memory was in use before it.
func TestMemoryPacedToItsTime(t *testing.T) {
	r := startAgent(t, nil, "--memory=96Mi", "--memory-after=1500ms", "--memory-ramp=1s")
	start := r.lines[0].T
	time.Sleep(1200 * time.Millisecond)
	rss := vmRSS(t, r.cmd.Process.Pid)
	r.waitFor(t, EvMemory)
	var at time.Time
	r.mu.Lock()
	for _, l := range r.lines {
		if l.Ev == EvMemory {
			at = l.T
		}
	}
	r.mu.Unlock()
	// The start line is written a moment after the agent takes its start
	// time, from which the memory is due.
	if d := at.Sub(start); d < 1450*time.Millisecond || d > 2500*time.Millisecond {
		t.Errorf("the memory was all in use %s after the start; want 1.5s (not before, and no more than a second late)", d)
	}
	if rss < 24<<20 || rss > 90<<20 {
		t.Errorf("0.3s before its time the agent used %dMi; want part of the 96Mi, faulted in over the ramp", rss>>20)
	}
}

// TestMemoryFollowsItsPoints: usage given as points is a step function:
// the agent holds each point's level from its time to the next point's,
// a rise and a fall alike, and logs a memory line once each is in use
// (measured at those lines: a loaded machine fills late, never early).
func TestMemoryFollowsItsPoints(t *testing.T) {
	r := startAgent(t, nil, "--memory=32Mi", "--memory-after=200ms", "--memory-then=160Mi@900ms", "--memory-then=16Mi@3000ms")
	lines := func(n int) time.Time {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			r.mu.Lock()
			var seen []time.Time
			for _, l := range r.lines {
				if l.Ev == EvMemory {
					seen = append(seen, l.T)
				}
			}
			r.mu.Unlock()
			if len(seen) >= n {
				return seen[n-1]
			}
			if time.Now().After(deadline) {
				t.Fatalf("%d memory lines, want %d", len(seen), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	start := r.lines[0].T
	if at := lines(1); at.Sub(start) < 200*time.Millisecond {
		t.Errorf("the first point in use %s after the start, before its time", at.Sub(start))
	}
	if at := lines(2); at.Sub(start) < 900*time.Millisecond {
		t.Errorf("the second point in use %s after the start, before its time", at.Sub(start))
	}
	// The third point comes 2.1 s after the second, so that the read
	// below is of the second even on a loaded machine (at 0.7 s apart it
	// once read 153Mi under load, most likely the third point already under
	// way, 2026-12-02).
	if m := vmRSS(t, r.cmd.Process.Pid) >> 20; m < 160 {
		t.Errorf("with the second point in use the agent used %dMi; want 160Mi and its own", m)
	}
	if at := lines(3); at.Sub(start) < 3000*time.Millisecond {
		t.Errorf("the third point in use %s after the start, before its time", at.Sub(start))
	}
	if m := vmRSS(t, r.cmd.Process.Pid) >> 20; m > 100 {
		t.Errorf("after the third point the agent used %dMi; want 16Mi and its own", m)
	}
}

// vmRSS is a process's resident memory, from /proc.
func vmRSS(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, err := strconv.ParseInt(f[1], 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no VmRSS for %d", pid)
	return 0
}

// TestStartLineCarriesTheTimersOrigin: the start line says where the
// agent's timers count from, no later than the line itself (a fill paced
// to end at start+After is measured against it, not against the line).
func TestStartLineCarriesTheTimersOrigin(t *testing.T) {
	r := startAgent(t, nil)
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.lines {
		if l.Ev != EvStart {
			continue
		}
		// T is rounded to the millisecond.
		if l.Start == nil || l.Start.After(l.T.Add(time.Millisecond)) {
			t.Fatalf("start line %+v: want the timers' origin at or before its time", l)
		}
		return
	}
	t.Fatal("no start line")
}

// TestWritesToItsWritableLayer: a write to the writable layer is a file of
// that size in the container's own filesystem (LayerDir), logged when it
// is synced.
func TestWritesToItsWritableLayer(t *testing.T) {
	dir := t.TempDir()
	r := startAgent(t, []string{"PODLIFE_AGENT_TEST_LAYER_DIR=" + dir}, "--write-layer=3Mi@100ms")
	r.waitFor(t, EvWrite)
	fi, err := os.Stat(filepath.Join(dir, "podlife-layer-0"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() != 3<<20 {
		t.Errorf("the layer's file holds %d bytes, want 3Mi", fi.Size())
	}
}

// TestPrintsItsLinesAndWritesItsTerminationMessage: the lines to print
// are on its standard output as they are, in order, right after the start
// line (whose arguments do not repeat them); the termination message is
// the file's whole content, as written (no newline added), by the time
// the process exits.
func TestPrintsItsLinesAndWritesItsTerminationMessage(t *testing.T) {
	msg := filepath.Join(t.TempDir(), "termination-log")
	if err := os.WriteFile(msg, nil, 0o666); err != nil { // the kubelet's empty file
		t.Fatal(err)
	}
	r := startAgent(t, nil, "--exit-code=1", "--exit-after=200ms", "--print=connection refused: db:5432", "--print=retrying",
		"--termination-message-path="+msg, "--termination-message=schema version mismatch")
	if !r.wait(t, 10*time.Second) {
		t.Fatal("no exit")
	}
	if r.code != 1 {
		t.Errorf("exit code %d, want 1", r.code)
	}
	b, err := os.ReadFile(msg)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != "schema version mismatch" {
		t.Errorf("the termination log holds %q, want %q", b, "schema version mismatch")
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.raw) < 3 || !strings.Contains(r.raw[0], `"ev":"start"`) || r.raw[1] != "connection refused: db:5432" || r.raw[2] != "retrying" {
		t.Fatalf("standard output %q: want the start line, then the two lines printed", r.raw)
	}
	if strings.Contains(r.raw[0], "connection refused") || strings.Contains(r.raw[0], "schema version") {
		t.Errorf("the start line repeats the texts: %s", r.raw[0])
	}
}

// TestTerminationMessageToAFileItCannotWrite: the failure is logged, and
// the process goes on as its behaviour says.
func TestTerminationMessageToAFileItCannotWrite(t *testing.T) {
	r := startAgent(t, nil, "--exit-code=3", "--exit-after=100ms", "--termination-message-path="+filepath.Join(t.TempDir(), "no", "such", "dir"), "--termination-message=x")
	if !r.wait(t, 10*time.Second) || r.code != 3 {
		t.Fatalf("exit %d, want 3", r.code)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.lines {
		if l.Ev == EvError && strings.Contains(l.Msg, "termination message") {
			return
		}
	}
	t.Errorf("no error line: %q", r.raw)
}
