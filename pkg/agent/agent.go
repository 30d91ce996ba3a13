package agent

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/podlife/podlife/pkg/behavior"
)

// Name is the binary's name; as the main process it is the agent proper.
const Name = "podlife-agent"

// PortsEnv lists the container's declared ports (comma-separated), on
// which the agent listens besides behavior.AgentPort. The live driver
// sets it from the container's spec.
const PortsEnv = "PODLIFE_PORTS"

// Main runs the program as its name and arguments say, and returns the
// exit code.
func Main(argv []string) int {
	base := filepath.Base(argv[0])
	switch {
	case base == Name && len(argv) > 1 && argv[1] == "probe":
		return probe(argv[1:])
	case base == Name && len(argv) > 1 && argv[1] == NodeExec:
		return nodeExec(argv[2:])
	case base == Name && len(argv) > 1 && argv[1] == NodeServe:
		return nodeServe(argv[2:])
	case base == Name:
		return runAgent(argv[1:])
	default:
		return command(base, argv)
	}
}

// agent is the main process's state.
type agent struct {
	beh   behavior.Behavior
	start time.Time
	log   *logger
	mu    sync.Mutex
	// hold keeps the memory the behaviour asks for, in blocks of at most
	// fillChunk, so that a fall of the usage frees whole blocks.
	hold [][]byte
}

func runAgent(args []string) int {
	a := &agent{start: time.Now(), log: &logger{f: os.Stdout}}
	// Listen first: a postStart httpGet hook comes as soon as the runtime
	// has started the process, and the kernel queues its connection once
	// the socket listens, before the agent serves it.
	listeners := listen()
	b, err := behavior.Parse(args)
	if err != nil {
		a.log.write(Line{Ev: EvError, Msg: "bad arguments: " + err.Error()})
		fmt.Fprintf(os.Stderr, "%s: %v\n", Name, err)
		return 2
	}
	a.beh = b
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGTERM)
	// SIGINT and SIGHUP: a process without a handler for them, as PID 1,
	// would not notice; the agent neither.
	signal.Ignore(syscall.SIGINT, syscall.SIGHUP)
	// The start time, for exec probes (a read-only root leaves them /proc).
	_ = os.WriteFile(startFile(), []byte(a.start.UTC().Format(time.RFC3339Nano)+"\n"), 0o644)
	started := a.start.UTC()
	a.log.write(Line{Ev: EvStart, PID: os.Getpid(), Argv: redacted(args), Start: &started})
	a.printAndTell(b)

	exit := make(chan int, 1)
	own := b.Exit
	if len(b.Attempts) > 0 {
		n, err := countAttempt(attemptsDir())
		if err != nil {
			a.log.write(Line{Ev: EvError, Msg: "counting its starts: " + err.Error()})
			return 2
		}
		own = b.ExitOn(n)
	}
	if own != nil {
		e := *own
		time.AfterFunc(e.After, func() {
			a.log.write(Line{Ev: EvExit, Code: intp(e.Code), Msg: "exit after " + e.After.String()})
			exit <- e.Code
		})
	}
	if len(b.Memory) > 0 {
		go a.followMemory(b.Memory)
	}
	for i, w := range b.Writes {
		time.AfterFunc(w.After, func() { a.write(i, w) })
	}
	for i, w := range b.LayerWrites {
		time.AfterFunc(w.After, func() { a.writeLayer(i, w) })
	}
	a.serve(listeners)

	termed := false
	for {
		select {
		case code := <-exit:
			return code
		case s := <-sigs:
			a.onTerm(s, termed, exit)
			termed = true
		}
	}
}

// printAndTell prints the behaviour's log lines to standard output, as
// they are (not the agent's JSON lines), and then writes its termination
// message to its file: both at the start, before anything else the
// process does on its own (behavior.Behavior.Logs, TerminationLog). The
// kubelet reads the file, or the log's tail, once the container has
// exited.
func (a *agent) printAndTell(b behavior.Behavior) {
	if len(b.Logs) > 0 {
		var out []byte
		for _, l := range b.Logs {
			out = append(append(out, l...), '\n')
		}
		a.log.mu.Lock()
		_, _ = a.log.f.Write(out)
		a.log.mu.Unlock()
	}
	if t := b.TerminationLog; t != nil {
		if err := os.WriteFile(t.Path, []byte(t.Text), 0o666); err != nil {
			a.log.write(Line{Ev: EvError, Msg: "writing the termination message: " + err.Error()})
			return
		}
		a.log.write(Line{Ev: EvWrite, Path: t.Path, Bytes: int64(len(t.Text))})
	}
}

// redacted are the arguments as the start line shows them: the text of
// the lines to print and of the termination message left out (their
// length said), so that the log's tail holds what was printed only where
// it was printed, not again in the start line.
func redacted(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		for _, flag := range []string{"--print=", "--termination-message="} {
			if v, ok := strings.CutPrefix(a, flag); ok {
				out[i] = fmt.Sprintf("%s<%d bytes>", flag, len(v))
			}
		}
	}
	return out
}

// onTerm handles a SIGTERM: exit at once or after the delay with the
// behaviour's code, or ignore it. From the first SIGTERM on, a heartbeat
// line shows the process is alive, until it exits or is killed.
func (a *agent) onTerm(s os.Signal, again bool, exit chan<- int) {
	t := a.beh.Term
	switch {
	case t.Ignore:
		a.log.write(Line{Ev: EvSignal, Sig: "SIGTERM", Msg: "ignored"})
	case t.Delay > 0:
		a.log.write(Line{Ev: EvSignal, Sig: "SIGTERM", Msg: "exit in " + t.Delay.String()})
		if !again {
			time.AfterFunc(t.Delay, func() {
				a.log.write(Line{Ev: EvExit, Code: intp(t.Code), Msg: "exit after SIGTERM"})
				exit <- t.Code
			})
		}
	default:
		a.log.write(Line{Ev: EvSignal, Sig: "SIGTERM", Msg: "exit"})
		a.log.write(Line{Ev: EvExit, Code: intp(t.Code), Msg: "exit on SIGTERM"})
		exit <- t.Code
		return
	}
	if !again {
		go func() {
			for range time.Tick(HeartbeatPeriod) {
				a.log.write(Line{Ev: EvAlive})
			}
		}()
	}
}

// fillChunk is how much memory allocate faults in between looks at the
// clock: a few tenths of a second at these machines' 70-200 MB/s.
const fillChunk = 16 << 20

// followMemory takes the behaviour's memory point by point, in their
// order: each from its Ramp before its time (never before the point
// before it is reached: a slow fill delays the next), to its level.
func (a *agent) followMemory(points []behavior.Usage) {
	for _, u := range points {
		if wait := time.Until(a.start.Add(u.After - u.Ramp)); wait > 0 {
			time.Sleep(wait)
		}
		a.memoryTo(u.Quantity.Value(), a.start.Add(u.After))
	}
}

// memoryTo brings the memory held to n bytes: more is allocated (paced to
// be all in use by by), less freed at once, whole blocks first and the
// last one cut (its rest copied), and returned to the system.
func (a *agent) memoryTo(n int64, by time.Time) {
	a.mu.Lock()
	held := heldBytes(a.hold)
	a.mu.Unlock()
	if n >= held {
		a.allocate(n-held, by)
		a.log.write(Line{Ev: EvMemory, Bytes: n})
		return
	}
	if wait := time.Until(by); wait > 0 {
		time.Sleep(wait)
	}
	a.mu.Lock()
	for len(a.hold) > 0 && held-int64(len(a.hold[len(a.hold)-1])) >= n {
		held -= int64(len(a.hold[len(a.hold)-1]))
		a.hold[len(a.hold)-1] = nil // not kept alive by the array
		a.hold = a.hold[:len(a.hold)-1]
	}
	if held > n {
		last := int64(len(a.hold[len(a.hold)-1]))
		cut := make([]byte, n-(held-last))
		for i := 0; i < len(cut); i += 4096 {
			cut[i] = 1
		}
		a.hold[len(a.hold)-1] = cut
	}
	a.mu.Unlock()
	debug.FreeOSMemory()
	a.log.write(Line{Ev: EvMemory, Bytes: n})
}

func heldBytes(hold [][]byte) int64 {
	var n int64
	for _, b := range hold {
		n += int64(len(b))
	}
	return n
}

// allocate takes n more bytes of memory and touches every page, so that
// they count as used, paced so that the last page is touched no earlier
// than by: a chunk's worth is in use no earlier than its share of the
// time left. Started early enough (behavior.Usage.Ramp), the whole is in
// use at by; a slower machine finishes late, never early.
func (a *agent) allocate(n int64, by time.Time) {
	from := time.Now()
	span := by.Sub(from)
	for off := int64(0); off < n; off += fillChunk {
		b := make([]byte, min(fillChunk, n-off))
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		a.mu.Lock()
		a.hold = append(a.hold, b)
		a.mu.Unlock()
		if span > 0 {
			due := from.Add(time.Duration(float64(span) * float64(off+int64(len(b))) / float64(n)))
			if wait := time.Until(due); wait > 0 {
				time.Sleep(wait)
			}
		}
	}
}

// write writes the bytes of w into a file on the volume's mount.
func (a *agent) write(i int, w behavior.Write) {
	dir, err := volumeMount(w.Volume)
	if err != nil {
		a.log.write(Line{Ev: EvError, Msg: err.Error()})
		return
	}
	a.writeFile(filepath.Join(dir, fmt.Sprintf("podlife-write-%d", i)), w.Bytes.Value())
}

// writeLayer writes the bytes of w into a file of the container's own
// filesystem, which its writable layer holds (LayerDir, unless the test's
// environment names another folder).
func (a *agent) writeLayer(i int, w behavior.LayerWrite) {
	dir := behavior.LayerDir
	if d := os.Getenv("PODLIFE_AGENT_TEST_LAYER_DIR"); d != "" {
		dir = d
	}
	a.writeFile(filepath.Join(dir, fmt.Sprintf("podlife-layer-%d", i)), w.Bytes.Value())
}

// writeFile writes n bytes into a new file at path, synced, and logs it.
func (a *agent) writeFile(path string, n int64) {
	f, err := os.Create(path)
	if err != nil {
		a.log.write(Line{Ev: EvError, Msg: err.Error()})
		return
	}
	defer f.Close()
	chunk := make([]byte, 1<<20)
	left := n
	for left > 0 {
		k := min(left, int64(len(chunk)))
		if _, err := f.Write(chunk[:k]); err != nil {
			a.log.write(Line{Ev: EvError, Msg: err.Error()})
			return
		}
		left -= k
	}
	_ = f.Sync()
	a.log.write(Line{Ev: EvWrite, Path: path, Bytes: n})
}

// volumeMount finds where the pod volume named vol is mounted in this
// container: from PODLIFE_VOLUME_<NAME> if set, else from mountinfo,
// where the kubelet's source folder ends with the volume's name.
func volumeMount(vol string) (string, error) {
	env := "PODLIFE_VOLUME_" + strings.ToUpper(strings.NewReplacer("-", "_", ".", "_").Replace(vol))
	if p := os.Getenv(env); p != "" {
		return p, nil
	}
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) < 5 {
			continue
		}
		root, mnt := f[3], f[4]
		if strings.Contains(root, "/volumes/") && filepath.Base(root) == vol {
			return mnt, nil
		}
	}
	return "", fmt.Errorf("volume %q is not mounted in this container", vol)
}

// listen opens the agent's port and the declared ports.
func listen() []net.Listener {
	ports := []int{behavior.AgentPort}
	for _, p := range strings.Split(os.Getenv(PortsEnv), ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(p)); err == nil && n > 0 && n != behavior.AgentPort {
			ports = append(ports, n)
		}
	}
	var out []net.Listener
	for _, p := range ports {
		l, err := net.Listen("tcp", fmt.Sprintf(":%d", p))
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", Name, err)
			continue
		}
		out = append(out, l)
	}
	return out
}

// serve answers HTTP (and so TCP) on the listeners.
func (a *agent) serve(listeners []net.Listener) {
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if kind, ok := strings.CutPrefix(r.URL.Path, "/podlife/"); ok && (kind == "liveness" || kind == "readiness" || kind == "startup") {
			ok := a.beh.Answer(kind, time.Since(a.start))
			a.log.write(Line{Ev: EvProbe, Kind: kind, OK: boolp(ok), Via: "http"})
			if !ok {
				w.WriteHeader(http.StatusInternalServerError)
			}
			fmt.Fprintf(w, "%s %v\n", kind, ok)
			return
		}
		a.log.write(Line{Ev: EvHTTP, Path: r.URL.Path})
		fmt.Fprintln(w, "ok")
	})
	for _, l := range listeners {
		go func() { _ = http.Serve(l, mux) }()
	}
}

// probe answers `podlife-agent probe KIND` from the main process's
// behaviour and start.
func probe(args []string) int {
	log := mainLog()
	if len(args) != 2 {
		fmt.Fprintf(os.Stderr, "usage: %s probe liveness|readiness|startup\n", Name)
		return 2
	}
	kind := args[1]
	margs, err := mainArgs()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s probe: %v\n", Name, err)
		return 1
	}
	b, err := behavior.Parse(margs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s probe: %v\n", Name, err)
		return 1
	}
	start, err := mainStart()
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s probe: %v\n", Name, err)
		return 1
	}
	ok := b.Answer(kind, time.Since(start))
	log.write(Line{Ev: EvProbe, Kind: kind, OK: boolp(ok), Via: "exec"})
	fmt.Printf("%s %v\n", kind, ok)
	if !ok {
		return 1
	}
	return 0
}
