package live

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// runtimeExits follows the container runtime's task exit events on the
// scenarios' nodes (`ctr -n k8s.io events`, through the kind node's
// container): when a container's process ended, with the runtime's own
// nanosecond time stamp. The API's finishedAt has whole seconds, and a
// process that cannot log (killed, OOM-killed, a sleep as PID 1) says
// nothing itself; the runtime's event is then the precise observer. It
// also follows the containers' creation: the kubelet's CreateContainer
// call, made as it decides to start one, before the runtime spends its
// own time starting the process.
type runtimeExits struct {
	mu    sync.Mutex
	exits map[string]runtimeExit // by container id, without the runtime's prefix
	// creates: when the runtime created each container (the kubelet's
	// CreateContainer call returning), by container id.
	creates map[string]time.Time
	// starts: when the runtime started each container's process (its
	// task), by container id: an image container's start, which the API
	// stamps to the whole second only.
	starts map[string]time.Time
	// live is set while the first node's event stream has run without
	// a break: an exit in a break is not seen, even once it runs again.
	live bool
	// subs are told of each exit as it arrives (subscribe).
	subs   map[int]func(id string, ex runtimeExit)
	nextID int
}

// subscribe calls fn with each container exit the runtime reports from
// now until ctx ends, outside the tracker's lock.
func (r *runtimeExits) subscribe(ctx context.Context, fn func(id string, ex runtimeExit)) {
	if r == nil {
		return
	}
	r.mu.Lock()
	if r.subs == nil {
		r.subs = map[int]func(string, runtimeExit){}
	}
	id := r.nextID
	r.nextID++
	r.subs[id] = fn
	r.mu.Unlock()
	go func() {
		<-ctx.Done()
		r.mu.Lock()
		delete(r.subs, id)
		r.mu.Unlock()
	}()
}

// runtimeExit is a container's main process ending.
type runtimeExit struct {
	At     time.Time
	Status int
}

// watchRuntimeExits starts following the nodes' task exit events until
// ctx ends (container ids are unique across nodes); it returns nil when
// the nodes are not kind nodes of this machine.
func watchRuntimeExits(ctx context.Context, sh nodeShell, nodes []string, logf func(string, ...any)) *runtimeExits {
	if sh == nil || len(nodes) == 0 || nodes[0] == "" {
		return nil
	}
	r := &runtimeExits{exits: map[string]runtimeExit{}, creates: map[string]time.Time{}, starts: map[string]time.Time{}, live: true}
	for i, node := range nodes {
		r.follow(ctx, sh, node, i == 0, logf)
	}
	return r
}

func (r *runtimeExits) follow(ctx context.Context, sh nodeShell, node string, first bool, logf func(string, ...any)) {
	onEnd := func(err error, failed int) {
		if first {
			r.setLive(false)
		}
		if failed == 0 {
			logf("the container runtime's exit events on %s ended (%v): exits fall back to the agents' lines and the API until they are followed again", node, err)
		}
	}
	// Several filters: an event matching any of them.
	onAgain := func() { logf("the container runtime's exit events on %s are followed again", node) }
	followNode(ctx, sh, node, followAgain(), onEnd, onAgain, r.onLine, "ctr", "-n", "k8s.io", "events", `topic=="/tasks/exit"`, `topic=="/containers/create"`, `topic=="/tasks/start"`)
}

// onLine reads one line of `ctr events`.
func (r *runtimeExits) onLine(line string) {
	if id, at, ok := parseContainerCreate(line); ok {
		r.mu.Lock()
		r.creates[id] = at
		r.mu.Unlock()
		return
	}
	if id, at, ok := parseTaskStart(line); ok {
		r.mu.Lock()
		r.starts[id] = at
		r.mu.Unlock()
		return
	}
	id, ex, ok := parseTaskExit(line)
	if !ok {
		return
	}
	r.mu.Lock()
	r.exits[id] = ex
	subs := make([]func(string, runtimeExit), 0, len(r.subs))
	for _, fn := range r.subs {
		subs = append(subs, fn)
	}
	r.mu.Unlock()
	for _, fn := range subs {
		fn(id, ex)
	}
}

// followNode runs a command on a node until ctx ends, giving each line
// of its output to onLine (one at a time) and each end of the command
// before ctx's to onEnd, with the number of starts before it that failed
// at once (0: it had run), and the first line after such an end to
// onAgain. A command that ends so (the node's container
// stopped: a power cut, a killed node, which the run gives back to the
// pool) is started again after a back-off, so that the node, once it
// answers, is followed again for the rest of the run; a power cut had
// left a pool node unobserved for the 18 min after it (2026-11-30 03:46,
// reboot.feature:170). Starts that keep failing are given up once the
// back-off's steps are spent.
func followNode(ctx context.Context, sh nodeShell, node string, again wait.Backoff, onEnd func(err error, failed int), onAgain func(), onLine func(string), cmd string, args ...string) {
	go func() {
		b := again
		lines := onLine
		for failed := 0; ; failed++ {
			t0 := time.Now()
			err := streamLines(ctx, sh, node, lines, cmd, args...)
			if ctx.Err() != nil {
				return
			}
			if time.Since(t0) > b.Cap {
				b, failed = again, 0 // it ran: a new failure starts the back-off afresh
			}
			onEnd(err, failed)
			if failed == 0 {
				// The first line of a later start says the node is followed again.
				var once sync.Once
				lines = func(l string) {
					once.Do(onAgain)
					onLine(l)
				}
			}
			if b.Steps < 1 {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(b.Step()):
			}
		}
	}()
}

// followAgain is the back-off between two starts of a follow that
// ended: from 1 s up to 30 s, given up after about 10 minutes of starts
// that fail at once (a node deleted, or never back).
func followAgain() wait.Backoff {
	return wait.Backoff{Duration: time.Second, Factor: 2, Cap: 30 * time.Second, Steps: 25}
}

// streamLines runs the command once and returns when it has ended and
// its last line has been read.
func streamLines(ctx context.Context, sh nodeShell, node string, onLine func(string), cmd string, args ...string) error {
	pr, pw := io.Pipe()
	read := make(chan struct{})
	go func() {
		defer close(read)
		sc := bufio.NewScanner(pr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			onLine(sc.Text())
		}
		// A line too long ends the scan: what follows is drained so
		// that the command is not blocked on a full pipe.
		_, _ = io.Copy(io.Discard, pr)
	}()
	err := sh.Stream(ctx, node, pw, cmd, args...)
	_ = pw.CloseWithError(err)
	<-read
	return err
}

func (r *runtimeExits) setLive(v bool) {
	r.mu.Lock()
	r.live = v
	r.mu.Unlock()
}

// Live reports whether the event stream runs.
func (r *runtimeExits) Live() bool {
	if r == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.live
}

// Exit is the end of a container's main process, by its status's
// container ID ("containerd://<id>").
func (r *runtimeExits) Exit(containerID string) (runtimeExit, bool) {
	if r == nil {
		return runtimeExit{}, false
	}
	containerID = bareID(containerID)
	r.mu.Lock()
	defer r.mu.Unlock()
	ex, ok := r.exits[containerID]
	return ex, ok
}

// Created is when the runtime created a container, by its status's
// container ID.
func (r *runtimeExits) Created(containerID string) (time.Time, bool) {
	if r == nil {
		return time.Time{}, false
	}
	containerID = bareID(containerID)
	r.mu.Lock()
	defer r.mu.Unlock()
	at, ok := r.creates[containerID]
	return at, ok
}

// Started is when the runtime started a container's process, by its
// status's container ID.
func (r *runtimeExits) Started(containerID string) (time.Time, bool) {
	if r == nil {
		return time.Time{}, false
	}
	containerID = bareID(containerID)
	r.mu.Lock()
	defer r.mu.Unlock()
	at, ok := r.starts[containerID]
	return at, ok
}

// bareID is a container ID without its runtime's prefix ("containerd://").
func bareID(containerID string) string {
	if i := strings.Index(containerID, "://"); i >= 0 {
		return containerID[i+3:]
	}
	return containerID
}

// parseContainerCreate reads a /containers/create line of `ctr events`:
// "<time> <namespace> /containers/create {json}", the time the event's
// own (Go's time.Time String form).
func parseContainerCreate(line string) (string, time.Time, bool) {
	at, body, ok := eventOf(line, "/containers/create")
	if !ok {
		return "", time.Time{}, false
	}
	var ev struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(body), &ev); err != nil || ev.ID == "" {
		return "", time.Time{}, false
	}
	return ev.ID, at, true
}

// parseTaskStart reads a /tasks/start line: a container's own process
// started (an exec'd process's start is another topic), at the event's
// time.
func parseTaskStart(line string) (string, time.Time, bool) {
	at, body, ok := eventOf(line, "/tasks/start")
	if !ok {
		return "", time.Time{}, false
	}
	var ev struct {
		ContainerID string `json:"container_id"`
	}
	if err := json.Unmarshal([]byte(body), &ev); err != nil || ev.ContainerID == "" {
		return "", time.Time{}, false
	}
	return ev.ContainerID, at, true
}

// eventOf splits a `ctr events` line of the topic into its time and its
// JSON body.
func eventOf(line, topic string) (time.Time, string, bool) {
	i := strings.IndexByte(line, '{')
	if i < 0 || !strings.Contains(line[:i], topic) {
		return time.Time{}, "", false
	}
	f := strings.Fields(line[:i])
	if len(f) < 6 {
		return time.Time{}, "", false
	}
	at, err := time.Parse("2006-01-02 15:04:05.999999999 -0700 MST", strings.Join(f[:4], " "))
	if err != nil {
		return time.Time{}, "", false
	}
	return at, line[i:], true
}

// parseTaskExit reads one line of `ctr events`: "<time> <namespace>
// /tasks/exit {json}". Exec'd processes (probes, hooks) end with task exit
// events too, whose id is the exec's: only the container's own process
// (id = container_id) counts. exited_at is a protobuf Timestamp, which
// JSON renders as {"seconds","nanos"} (or an RFC 3339 string in older
// ctr builds).
func parseTaskExit(line string) (string, runtimeExit, bool) {
	i := strings.IndexByte(line, '{')
	if i < 0 || !strings.Contains(line[:i], "/tasks/exit") {
		return "", runtimeExit{}, false
	}
	var ev struct {
		ContainerID string          `json:"container_id"`
		ID          string          `json:"id"`
		ExitStatus  int             `json:"exit_status"`
		ExitedAt    json.RawMessage `json:"exited_at"`
	}
	if err := json.Unmarshal([]byte(line[i:]), &ev); err != nil || ev.ContainerID == "" || ev.ID != ev.ContainerID {
		return "", runtimeExit{}, false
	}
	var at time.Time
	if len(ev.ExitedAt) > 0 && ev.ExitedAt[0] == '"' {
		if err := json.Unmarshal(ev.ExitedAt, &at); err != nil {
			return "", runtimeExit{}, false
		}
	} else {
		var ts struct {
			Seconds int64 `json:"seconds"`
			Nanos   int64 `json:"nanos"`
		}
		if err := json.Unmarshal(ev.ExitedAt, &ts); err != nil || ts.Seconds == 0 {
			return "", runtimeExit{}, false
		}
		at = time.Unix(ts.Seconds, ts.Nanos)
	}
	return ev.ContainerID, runtimeExit{At: at, Status: ev.ExitStatus}, true
}
